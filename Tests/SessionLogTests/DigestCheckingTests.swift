import Foundation
import SessionLog
import Testing
import TimeTravel
import TodoDomain

/// Digests as a recorder writes them and a replay checks them (spec: *State
/// digests*, `state-mismatch`, `wrong-type` for a bad `digest`).
@Suite("Checking state digests")
struct DigestCheckingTests {
    /// The states the digest tests are made of: control characters, quotes,
    /// backslashes, CJK, emoji, combining marks, U+2028/2029, DEL.
    static let names = [
        "Buy \"oat\" milk\\", "tab\tnew\nline\r\u{08}\u{0C}\u{01}\u{1F}\u{7F}", "牛乳 🥛 e\u{0301}", "line\u{2028}para\u{2029}",
        "<script>&amp;", "",
    ]

    static func sampleStates() -> [TodoState] {
        var states = [TodoState()]
        var state = TodoState()
        for (index, name) in names.enumerated() {
            state.update(with: .startCreatingItem)
            state.update(with: .changePartialItemName(name))
            states.append(state)
            state.update(with: .addItem(id: itemID(index + 1)))
            if index % 2 == 0 { state.update(with: .setItemDone(id: itemID(index + 1), isDone: true)) }
            states.append(state)
        }
        return states
    }

    @Test("the canonical JSON and digest are what Python's json.dumps(ensure_ascii=False, separators=(',', ':')) and hashlib give")
    func againstPython() throws {
        let states = Self.sampleStates()
        // Each string goes to Python as the hex of its UTF-8, so nothing of ours escapes it on the way.
        func hex(_ text: String) -> String { text.utf8.map { String(format: "%02x", $0) }.joined() }
        var input = ""
        for state in states {
            input += "state \(state.isCreatingItem) \(hex(state.partialItemName)) \(hex(state.stateName))\n"
            for item in state.todoItems { input += "item \(item.id.uuidString) \(hex(item.title)) \(item.isFinished)\n" }
            input += "end\n"
        }
        let script = """
            import sys, json, hashlib
            text = lambda h: bytes.fromhex(h).decode("utf-8")
            for line in sys.stdin.read().splitlines():
                parts = line.split(" ")
                if parts[0] == "state":
                    state = {"isCreatingItem": parts[1] == "true", "partialItemName": text(parts[2]), "todoItems": [], "stateName": text(parts[3])}
                elif parts[0] == "item":
                    state["todoItems"].append({"id": parts[1], "title": text(parts[2]), "isFinished": parts[3] == "true"})
                else:
                    canonical = json.dumps(state, ensure_ascii=False, separators=(",", ":"))
                    sys.stdout.write(canonical.encode("utf-8").hex() + " " + hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:16] + "\\n")
            """
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", "-c", script]
        // Not the process's folder: a command-line test run in-process works in a folder that goes when it ends.
        python.currentDirectoryURL = FileManager.default.temporaryDirectory
        let stdin = Pipe()
        let stdout = Pipe()
        python.standardInput = stdin
        python.standardOutput = stdout
        try python.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        python.waitUntilExit()
        #expect(python.terminationStatus == 0)
        let lines = output.split(separator: "\n")
        try #require(lines.count == states.count)
        for (state, line) in zip(states, lines) {
            let parts = line.split(separator: " ")
            let bytes = stride(from: 0, to: parts[0].count, by: 2).compactMap { offset -> UInt8? in
                let start = parts[0].index(parts[0].startIndex, offsetBy: offset)
                return UInt8(parts[0][start..<parts[0].index(start, offsetBy: 2)], radix: 16)
            }
            #expect(StateDigest.canonicalJSON(of: state) == String(decoding: bytes, as: UTF8.self))
            #expect(StateDigest.digest(of: state) == String(parts[1]))
            #expect(StateDigest.text(of: StateDigest.value(of: state)) == String(parts[1]))
        }
    }

    @Test("the format article's second example: an item Milk added")
    func articleExample() throws {
        var state = TodoState()
        state.update(with: .startCreatingItem)
        state.update(with: .changePartialItemName("Milk"))
        state.update(with: .addItem(id: try #require(UUID(uuidString: "0F0E1D2C-3B4A-4596-8877-665544332211"))))
        #expect(StateDigest.text(of: StateDigest.value(of: state)) == "58f5edc5ad0a60b0")
    }

    /// Records a scripted session through the real `Store` and recorder, with a digest on every `digestEvery`-th event.
    static func recordedLog(digestEvery: Int = 1) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("digests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("log.jsonl").path
        let recorder = try SessionRecorder(
            url: URL(fileURLWithPath: path), header: SessionHeader(sessionId: "digests"), digests: .every(digestEvery))
        let store = Store(initialState: TodoState(), recorder: recorder)
        for (index, name) in names.filter({ !$0.isEmpty }).enumerated() {
            store.dispatch(.startCreatingItem)
            store.dispatch(.changePartialItemName(name))
            if index == 1 { store.dispatch(.cancelCreatingItem) } else { store.dispatch(.addItem(id: itemID(index))) }
        }
        store.currentStateIndex = 3
        store.dispatch(.setItemDone(id: itemID(0), isDone: true))
        try recorder.flush()
        recorder.close()
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test("a log recorded with correct digests on every event validates clean, every digest checked", arguments: [1, 4])
    func correctDigestsValidate(every: Int) throws {
        let log = try Self.recordedLog(digestEvery: every)
        let events = log.split(separator: "\n").filter { $0.contains("\"type\":\"event\"") }
        #expect(events.filter { $0.contains("\"digest\":\"") }.count == events.count / every)
        let result = try replay(log)
        #expect(result.diagnostics.isEmpty)
        #expect(
            result.outcome?.digests
                == {
                    var tally = DigestTally()
                    tally.checked = events.count / every
                    return tally
                }())
    }

    @Test("digests made by another reducer (cancelCreatingItem also clears the name): one state-mismatch, at the first parting event")
    func otherReducer() throws {
        // The other app's reducer, here in the test only: cancel also clears what was typed.
        func otherApply(_ state: inout TodoState, _ event: TodoEvent) {
            state.update(with: event)
            if case .cancelCreatingItem = event { state.partialItemName = "" }
        }
        let script: [TodoEvent] = [
            .startCreatingItem, .changePartialItemName("Buy milk"), .addItem(id: itemID(1)),
            .startCreatingItem, .cancelCreatingItem,  // nothing typed: both reducers agree
            .startCreatingItem, .changePartialItemName("Call Grandma"), .cancelCreatingItem,  // line 9, frame 8: they part
            .setItemDone(id: itemID(1), isDone: true),  // still parted: differs again, not reported again
            .startCreatingItem, .changePartialItemName("Pay rent"), .addItem(id: itemID(2)),  // together again
        ]
        var log = RecordEncoder.line(for: SessionHeader(sessionId: "other-reducer"))
        var state = TodoState()
        for (seq, event) in script.enumerated() {
            otherApply(&state, event)
            log += RecordEncoder.line(
                for: .dispatched(event), seq: Int64(seq), timestamp: Timestamp(millisecondsSince1970: Double(seq) * 1000),
                digest: StateDigest.value(of: state))
        }
        let result = try replay(log)
        #expect(result.found == [Found(9, nil, .stateMismatch)])
        #expect(result.frames.count == script.count)  // the frame is kept
        var expected = DigestTally()
        expected.checked = script.count
        expected.differed = 2
        expected.firstMismatchFrame = 8
        #expect(result.outcome?.digests.checked == expected.checked && result.outcome?.digests.differed == expected.differed)
        #expect(result.outcome?.digests.firstMismatchFrame == expected.firstMismatchFrame)
        // Frames 8 and 9 are not proven; frame 10's digest matches again, and proves it and those after.
        #expect(result.outcome?.digests.unverifiedFrames == [8..<10])
        #expect(result.outcome?.errorCount == 1)
    }

    @Test("a frame is as proven as the frame it was made from until its own digest: after a travel, from the frame travelled to")
    func unverifiedAlongBranches() throws {
        // Frames: 1 start (right digest), 2 "a" (wrong), 3 "ab" (none); travel to 1: 4 "x" (none);
        // travel to 3: 5 "abc" (none), 6 cancel (right).
        var states = [TodoState()]
        func state(after event: TodoEvent, from parent: Int) -> TodoState {
            var state = states[parent]
            state.update(with: event)
            states.append(state)
            return state
        }
        func line(_ event: TodoEvent, from parent: Int, digest: Bool = false, wrong: Bool = false) -> String {
            let made = state(after: event, from: parent)
            let value = StateDigest.value(of: made) ^ (wrong ? 1 : 0)
            return RecordEncoder.line(
                for: .dispatched(event), seq: Int64(states.count), timestamp: Timestamp(millisecondsSince1970: Double(states.count) * 1000),
                digest: digest ? value : nil)
        }
        var log = line(.startCreatingItem, from: 0, digest: true)
        log += line(.changePartialItemName("a"), from: 1, digest: true, wrong: true)
        log += line(.changePartialItemName("ab"), from: 2)
        log += #"{"type":"travel","to":1}"# + "\n" + line(.changePartialItemName("x"), from: 1)
        log += #"{"type":"travel","to":3}"# + "\n" + line(.changePartialItemName("abc"), from: 3)
        log += line(.cancelCreatingItem, from: 5, digest: true)
        let result = try replay(log)
        let digests = try #require(result.outcome?.digests)
        #expect(digests.checked == 3 && digests.differed == 1 && digests.firstMismatchFrame == 2)
        #expect(digests.unverifiedFrames == [2..<4, 5..<6], "\(digests.unverifiedFrames)")
        #expect((0...6).map(digests.isUnverified) == [false, false, true, true, false, true, false])
        #expect(digests.unverifiedCount == 3)
    }

    @Test(
        "a digest that is not 16 lower-case hex digits is wrong-type at its value, and the record is dropped",
        arguments: [
            #""digest":"4977B0AF95CA285C""#, #""digest":"4977b0af95ca285""#, #""digest":12"#, #""digest":null"#,
            #""digest":"4977b0af95ca285\u0063""#,
        ])
    func wrongType(member: String) throws {
        let line = #"{"type":"event","event":"startCreatingItem","# + member + "}"
        let column = try #require(line.range(of: "\"digest\":")).upperBound.utf16Offset(in: line) + 1
        let result = try replay(line + "\n")
        #expect(result.found == [Found(1, column, .wrongType)])
        #expect(result.frames.isEmpty)
    }

    @Test("a digest on a travel record is ignored, as any other field; a derived id counts as null")
    func travelAndDerivedIDs() throws {
        var state = TodoState()
        state.update(with: .startCreatingItem)
        state.update(with: .changePartialItemName("x"))
        state.update(with: .addItem(id: itemID(9)))
        let digest = StateDigest.text(of: StateDigest.value(of: state, hasLoggedID: { _ in false }))
        let log = """
            {"type":"event","event":"startCreatingItem"}
            {"type":"event","event":"changePartialItemName","name":"x"}
            {"type":"event","event":"addItem","digest":"\(digest)"}
            {"type":"travel","to":1,"digest":"bad"}

            """
        let result = try replay(log)
        #expect(result.diagnostics.isEmpty)
        #expect(result.outcome?.digests.checked == 1)
    }
}
