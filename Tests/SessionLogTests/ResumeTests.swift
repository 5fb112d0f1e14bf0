import Foundation
import SessionLog
import Testing
import TimeTravel
import TodoDomain

/// A log is continued only by a store that replayed it: `Store(recordingTo:)`
/// and `Store(resumingFrom:)` rebuild the store from the log first, and a new
/// recorder refuses a log that holds anything.
@Suite("Resuming a log")
struct ResumeTests {
    static let clock: @Sendable () -> Timestamp = { Timestamp(millisecondsSince1970: 1_795_942_801_250) }

    /// A few events and a travel back, left with the cursor off the newest frame.
    static func firstLaunch(_ store: Store<TodoState>) {
        store.dispatch(.startCreatingItem)
        store.dispatch(.changePartialItemName("M"))
        store.dispatch(.changePartialItemName("Mi"))
        store.dispatch(.addItem(id: itemID(1)))
        store.dispatch(.setItemDone(id: itemID(1), isDone: true))
        store.currentStateIndex = 2
    }

    @Test("a relaunched store shows where the person left off, cursor and history included, and records on in the same log")
    func relaunch() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("s.jsonl")
        let first = try Store(recordingTo: url, header: SessionHeader(sessionId: "r"), clock: Self.clock)
        Self.firstLaunch(first)
        try first.sessionRecorder?.flush()
        first.sessionRecorder?.close()

        let second = try Store(recordingTo: url, header: SessionHeader(sessionId: "not written"), clock: Self.clock)
        #expect(first.sessionRecorder?.isResumed == false && first.sessionRecorder?.header?.sessionId == "r")
        #expect(
            second.sessionRecorder?.isResumed == true && second.sessionRecorder?.header?.sessionId == "r",
            "the header the log began with, not the one given, which is not written")
        #expect(Array(second.allStates) == Array(first.allStates))
        #expect(second.currentStateIndex == 2)
        #expect(second.state == first.state)
        second.dispatch(.changePartialItemName("Mil"))
        second.dispatch(.addItem(id: itemID(2)))
        try second.sessionRecorder?.flush()
        second.sessionRecorder?.close()

        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.components(separatedBy: "\"type\":\"session\"").count == 2)  // one header
        let result = try LogReplayer.collect(contentsOf: url)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.allStates == Array(second.allStates))
        #expect(result.frames.compactMap(\.stamp.seq) == [0, 1, 2, 3, 4, 6, 7])  // the travel had seq 5
        #expect(result.outcome?.digests.checked == 7)
        #expect(result.outcome?.digests.differed == 0)
    }

    @Test("a log is resumed with no temporary file: a missing temporary folder does not stop an app resuming a long line and many frames")
    func resumesWithoutATemporaryFolder() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("s.jsonl")
        // A 5 MB typed name, longer than a read buffer and than what a replay keeps in memory before it spills.
        let long = String(repeating: "long name ", count: 500_000)
        let first = try Store(recordingTo: url, header: SessionHeader(sessionId: "r"), clock: Self.clock)
        first.dispatch(.startCreatingItem)
        first.dispatch(.changePartialItemName(long))
        first.dispatch(.addItem(id: itemID(1)))
        try first.sessionRecorder?.flush()
        first.sessionRecorder?.close()
        // The environment is process-wide, so the resuming runs in a child process.
        await #expect(processExitsWith: .success) { [path = url.path as String, folder = folder.path as String] in
            setenv("TMPDIR", folder + "/no-such-folder", 1)
            let store = try Store(resumingFrom: URL(fileURLWithPath: path), clock: Self.clock)
            #expect(store.stateCount == 4 && store.allStates[2].partialItemName.utf8.count == 5_000_000)
            #expect(store.state.todoItems.map(\.title.utf8.count) == [5_000_000])
            store.dispatch(.startCreatingItem)
            try store.sessionRecorder?.flush()
        }
        #expect(try LogReplayer.collect(contentsOf: url).frames.count == 4)
    }

    @Test("onChange hears the changes made from now on, in a new log and in a resumed one, not those that rebuild the store")
    func onChangeBesideRecording() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("s.jsonl")
        var heard: [StoreChange<TodoEvent>] = []
        let first = try Store(recordingTo: url, header: SessionHeader(), clock: Self.clock, onChange: { heard.append($0) })
        first.dispatch(.startCreatingItem)
        first.currentStateIndex = 0
        #expect(heard == [.dispatched(.startCreatingItem), .traveled(to: 0)])
        first.sessionRecorder?.close()

        heard = []
        let second = try Store(resumingFrom: url, clock: Self.clock, onChange: { heard.append($0) })
        #expect(heard.isEmpty)
        second.dispatch(.startCreatingItem)
        #expect(heard == [.dispatched(.startCreatingItem)])
        try second.sessionRecorder?.flush()
        second.sessionRecorder?.close()
        #expect(try LogReplayer.collect(contentsOf: url).frames.count == 2)
    }

    @Test(
        "a file whose first line is not a record is not a session log: recordingTo refuses it and leaves it as it was",
        arguments: [
            "my notes\nline two\n", "{\"type\":\"note\"}\n{\"type\":\"event\",\"event\":\"startCreatingItem\"}\n",
            // One line with no line break: torn, as a crash leaves a record, but not as a record starts.
            "my notes", "{\"note\":1", "\u{1}\u{2}\u{3}", "\n\n{\"typo\"", "{\"type\":\"bogus\",\"x\":1", "{\"type\": \"notes\"",
        ])
    func notALog(text: String) throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("notes.txt")
        try Data(text.utf8).write(to: url)
        let failure = #expect(throws: RecorderError.self) { try Store(recordingTo: url, header: SessionHeader(sessionId: "r")) }
        guard case .notASessionLog(let path, let reason) = failure else {
            Issue.record("\(String(describing: failure))")
            return
        }
        #expect(
            path == url.path
                && (reason.hasPrefix("line 1, before any record, is not one (")
                    || reason == "its only line is not a record (truncated-line)"),
            "\(reason)")
        #expect(try String(contentsOf: url, encoding: .utf8) == text)
    }

    @Test(
        "a header torn by a crash on the first launch is cut off, and a file of blank lines kept: the relaunched store starts the log with its header",
        arguments: [
            #"{"type":"session","schema":"todo-ses"#, #"{"ty"#, "{", "\n\n" + #"{"type":"sess"#, "\n", "  \n\n", "   ",
            // As other writers put it: a byte order mark, white space after the punctuation.
            "\u{FEFF}" + #"{"type":"session","sch"#, #"{ "type" : "session", "schema": "todo"#, "\u{FEFF}",
        ])
    func tornHeader(text: String) throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("s.jsonl")
        try Data(text.utf8).write(to: url)
        let store = try Store(recordingTo: url, header: SessionHeader(sessionId: "second launch"), clock: Self.clock)
        store.dispatch(.startCreatingItem)
        try store.sessionRecorder?.flush()
        store.sessionRecorder?.close()
        let result = try LogReplayer.collect(contentsOf: url)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }
        #expect(lines.first?.hasPrefix(#"{"type":"session","schema":"todo-session/1","sessionId":"second launch""#) == true, "\(lines)")
        #expect(result.frames.map(\.event) == [.startCreatingItem])
    }

    @Test("a new recorder refuses a log that holds anything, by URL or descriptor, saying what to do, and leaves it as it was")
    func freshRecorderRefused() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("s.jsonl")
        let store = try Store(recordingTo: url, header: SessionHeader(sessionId: "r"))
        Self.firstLaunch(store)
        store.sessionRecorder?.close()
        let before = try Data(contentsOf: url)
        let failure = #expect(throws: RecorderError.self) { try SessionRecorder(url: url, header: SessionHeader()) }
        #expect(failure == .logNotEmpty(path: url.path, bytes: Int64(before.count)))
        #expect(
            failure?.localizedDescription
                == "\(url.path): cannot record a new session into this file: it already holds \(before.count) bytes; "
                + "resume its session with Store(resumingFrom:), or record into a new file")
        let descriptor = open(url.path, O_WRONLY | O_APPEND)
        defer { close(descriptor) }
        #expect(throws: RecorderError.logNotEmpty(path: "fd \(descriptor)", bytes: Int64(before.count))) {
            try SessionRecorder(fileDescriptor: descriptor, header: SessionHeader())
        }
        #expect(try Data(contentsOf: url) == before)
    }

    @Test("two recorders never write one log: the second is refused while the first has it")
    func inUse() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("s.jsonl")
        let first = try Store(recordingTo: url, header: SessionHeader())
        first.dispatch(.startCreatingItem)
        #expect(throws: RecorderError.logInUse(path: url.path)) { try Store(resumingFrom: url) }
        #expect(throws: RecorderError.logInUse(path: url.path)) { try SessionRecorder(url: url, header: SessionHeader()) }
        first.sessionRecorder?.close()
        let second = try Store(resumingFrom: url)
        #expect(second.stateCount == 2)
        second.sessionRecorder?.close()
    }

    @Test(
        "a store let go of without close() lets go of its log at once: a store made again on it resumes it, every record in it",
        arguments: [1, 2, 500])
    func releasedStoreFreesLog(changes: Int) throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("s.jsonl")
        var first: Store<TodoState>? = try Store(recordingTo: url, header: SessionHeader())
        weak let recorder = first?.sessionRecorder
        for index in 0..<changes { first?.dispatch(index.isMultiple(of: 2) ? .startCreatingItem : .cancelCreatingItem) }
        // A view model made again, say. Its recorder may be a write away from done: it finishes it as it goes.
        first = nil
        #expect(recorder == nil, "the recorder outlived its store")
        let second = try Store(resumingFrom: url)
        #expect(second.stateCount == changes + 1)
        second.sessionRecorder?.close()
    }

    @Test("a last line torn by a crash is cut off when the log is resumed, so the log stays clean")
    func tornLineCut() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("s.jsonl")
        try Data(
            #"""
            {"type":"session","schema":"todo-session/1"}
            {"type":"event","seq":4,"event":"startCreatingItem"}
            {"type":"event","seq":5,"event":"changePa
            """#.utf8
        ).write(to: url)
        let store = try Store(resumingFrom: url, digests: .never, clock: Self.clock)
        #expect(store.stateCount == 2)
        store.dispatch(.cancelCreatingItem)
        store.sessionRecorder?.close()
        let result = try LogReplayer.collect(contentsOf: url)
        #expect(result.found == [])
        #expect(result.frames.map(\.stamp.seq) == [4, 5])
        #expect(result.frames.last?.event == .cancelCreatingItem)
    }

    @Test("a log whose addItem records carry no id: the resumed store's digests write those ids as null, as readers hash them")
    func derivedIDs() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("s.jsonl")
        try Data(
            #"""
            {"type":"session","schema":"todo-session/1","sessionId":"old-recorder"}
            {"type":"event","event":"startCreatingItem"}
            {"type":"event","event":"changePartialItemName","name":"Milk"}
            {"type":"event","event":"addItem"}

            """#.utf8
        ).write(to: url)
        let store = try Store(resumingFrom: url, digests: .everyEvent)
        let derived = try #require(store.state.todoItems.first?.id)
        store.dispatch(.setItemDone(id: derived, isDone: true))
        store.dispatch(.startCreatingItem)
        store.sessionRecorder?.close()
        let result = try LogReplayer.collect(contentsOf: url)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.outcome?.digests.checked == 2)
        #expect(result.outcome?.digests.differed == 0)
        #expect(result.frames.last?.state?.todoItems.first?.isFinished == true)
        // Resumed again, its newest digest (the derived id hashed as null) is checked and holds.
        let again = try Store(resumingFrom: url)
        #expect(again.state.todoItems.first?.isFinished == true)
        again.sessionRecorder?.close()
    }

    @Test("a log whose digests say another app version wrote it is not resumed: the store would not show what the person saw")
    func otherAppVersion() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("s.jsonl")
        var state = TodoState()
        var log = RecordEncoder.line(for: SessionHeader())
        for (seq, event) in [TodoEvent.startCreatingItem, .changePartialItemName("Milk"), .cancelCreatingItem].enumerated() {
            state.update(with: event)
            if case .cancelCreatingItem = event { state.partialItemName = "" }  // that version's reducer
            log += RecordEncoder.line(
                for: .dispatched(event), seq: Int64(seq), timestamp: Self.clock(), digest: StateDigest.value(of: state))
        }
        try Data(log.utf8).write(to: url)
        #expect(throws: RecorderError.stateMismatch(path: url.path, line: 4)) { try Store(resumingFrom: url) }
        #expect(try String(contentsOf: url, encoding: .utf8) == log)
    }

    @Test("a header given another schema is written as todo-session/1, the records' format, so the log resumes")
    func headerSchema() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("s.jsonl")
        let store = try Store(recordingTo: url, header: SessionHeader(schema: "todo-session/2", sessionId: "s"))
        store.dispatch(.startCreatingItem)
        #expect(store.sessionRecorder?.header?.schema == SessionHeader.supportedSchema)
        store.sessionRecorder?.close()
        #expect(try String(contentsOf: url, encoding: .utf8).hasPrefix(#"{"type":"session","schema":"todo-session/1","#))
        let again = try Store(resumingFrom: url)
        #expect(again.stateCount == 2 && again.sessionRecorder?.header?.sessionId == "s")
        again.sessionRecorder?.close()
    }

    @Test(
        "only the newest digest is checked on resuming: it proves the state the person goes on from; an older one that differs does not stop it"
    )
    func newestDigestOnly() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("s.jsonl")
        var state = TodoState()
        var log = RecordEncoder.line(for: SessionHeader())
        let events: [TodoEvent] = [.startCreatingItem, .changePartialItemName("Milk"), .cancelCreatingItem, .startCreatingItem]
        for (seq, event) in events.enumerated() {
            state.update(with: event)
            // The second event's digest is wrong; the newest, the fourth's, is right.
            var digest = StateDigest.value(of: state)
            if seq == 1 { digest ^= 1 }
            log += RecordEncoder.line(for: .dispatched(event), seq: Int64(seq), timestamp: Self.clock(), digest: digest)
        }
        try Data(log.utf8).write(to: url)
        let store = try Store(resumingFrom: url)
        #expect(store.stateCount == 5 && store.state == state)
        store.sessionRecorder?.close()

        // The newest wrong: refused, naming its line.
        var wrong = log
        state.update(with: .changePartialItemName("Eggs"))
        wrong += RecordEncoder.line(
            for: .dispatched(.changePartialItemName("Eggs")), seq: 4, timestamp: Self.clock(), digest: StateDigest.value(of: state) ^ 1)
        try Data(wrong.utf8).write(to: url)
        #expect(throws: RecorderError.stateMismatch(path: url.path, line: 6)) { try Store(resumingFrom: url) }
    }

    @Test(
        "what cannot be resumed or recorded into: the error names the path (and errno), in localizedDescription too",
        arguments: ["missing", "folder", "other schema", "missing folder"])
    func cannot(kind: String) throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var url = folder.appendingPathComponent("s.jsonl")
        let expected: RecorderError
        switch kind {
        case "folder":
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
            expected = .cannotOpen(path: url.path, errno: EISDIR)
            #expect(throws: expected) { try SessionRecorder(url: url, header: SessionHeader()) }
            #expect(throws: expected) { try Store(recordingTo: url, header: SessionHeader()) }
        case "other schema":
            try Data(#"{"type":"session","schema":"todo-session/2"}"#.utf8 + [0x0A]).write(to: url)
            expected = .notASessionLog(path: url.path, reason: "its header names another schema than todo-session/1")
        case "missing folder":
            url = folder.appendingPathComponent("no/s.jsonl")
            expected = .cannotOpen(path: url.path, errno: ENOENT)
            #expect(throws: expected) { try SessionRecorder(url: url, header: SessionHeader()) }
        default:
            expected = .cannotOpen(path: url.path, errno: ENOENT)
        }
        let failure = #expect(throws: RecorderError.self) { try Store(resumingFrom: url) }
        #expect(failure == expected)
        #expect((failure as (any Error)?)?.localizedDescription == expected.description)
        #expect(expected.description.hasPrefix(url.path + ": cannot "))
        if let code = expected.errno { #expect(expected.description.hasSuffix(String(cString: strerror(code)))) }
    }
}
