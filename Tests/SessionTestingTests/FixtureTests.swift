import Foundation
import SessionLog
import SessionTesting
import Testing
import TimeTravel
import TodoDomain

/// Fixtures as `make-test` writes them, and the check that replays them
/// through a `Store`, on small logs whose every state is worked out here.
@Suite("Fixtures of recorded sessions")
struct FixtureTests {
    static let header = #"{"type":"session","schema":"todo-session/1","sessionId":"fixture-test"}"#
    static let milk = "6F1D2A44-1D2B-4C2B-9A47-7E1E5F1C0A01"

    /// A session: + , "Milk", Add, travel back to the open sheet, cancel, toggle the item.
    static let log =
        [
            header,
            #"{"type":"event","seq":0,"event":"startCreatingItem"}"#,
            #"{"type":"event","seq":1,"event":"changePartialItemName","name":"Milk"}"#,
            #"{"type":"event","seq":2,"event":"addItem","id":"\#(milk)"}"#,
            #"{"type":"travel","seq":3,"to":2}"#,
            #"{"type":"event","seq":4,"event":"cancelCreatingItem"}"#,
            #"{"type":"event","seq":5,"event":"setItemDone","id":"\#(milk)","isDone":true}"#,
            "not a record, left out of the fixture",
        ].joined(separator: "\n") + "\n"

    static func fixture(_ text: String, _ expectations: SessionFixture.Expectations = .replay) throws -> (
        log: String, states: String?, frames: Int, pinnedEvents: Int
    ) {
        let fixture = SessionFixture(expectations: expectations)
        _ = try LogReplayer.replay(InMemoryByteSource(text)) { fixture.add($0) }
        return try fixture.finish()
    }

    /// Writes a fixture into a fresh folder as `NAME.jsonl` and `NAME.states.jsonl`.
    static func written(_ made: (log: String, states: String?, frames: Int, pinnedEvents: Int), name: String = "s") throws
        -> RecordedSession
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fixtures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let session = RecordedSession(named: name, in: folder)
        try Data(made.log.utf8).write(to: session.log)
        if let states = made.states { try Data(states.utf8).write(to: session.states) }
        return session
    }

    @Test("the fixture holds the kept records, each event pinned with the digest of the state after it, and every frame's state")
    func pinned() throws {
        let made = try Self.fixture(Self.log)
        let lines = made.log.split(separator: "\n")
        #expect(lines.count == 7, "the header, five events and the travel; the broken line is left out")
        #expect(made.frames == 6 && made.pinnedEvents == 5)
        // The states by hand: frame 4 is the cancel applied to frame 2 (the sheet with "Milk" typed).
        let item = TodoItem(id: try #require(UUID(uuidString: Self.milk)), title: "Milk")
        let expected = [
            TodoState(),
            TodoState(isCreatingItem: true, stateName: "startCreatingItem"),
            TodoState(isCreatingItem: true, partialItemName: "Milk", stateName: "changePartialItemName"),
            TodoState(todoItems: [item], stateName: "addItem"),
            TodoState(partialItemName: "Milk", stateName: "cancelCreatingItem"),
            TodoState(partialItemName: "Milk", stateName: "cancelCreatingItem"),
        ]
        let states = try #require(made.states).split(separator: "\n").map { try #require(ExpectedState(line: $0)) }
        #expect(states == expected.map { .whole($0) }, "the setItemDone names an item the branch does not have")
        let digests = lines.filter { $0.contains("\"type\":\"event\"") }.map { String($0.suffix(18).prefix(16)) }
        #expect(digests == expected.dropFirst().map { StateDigest.digest(of: $0) })
        #expect(try Self.written(made).firstMismatch() == nil)
    }

    @Test("past the whole-state limit each frame is pinned by its fields and its items' digest, and a field that differs is still named")
    func summaries() throws {
        var lines = [Self.header, #"{"type":"event","event":"startCreatingItem"}"#]
        for index in 0..<SessionFixture.wholeStateFrames {
            lines.append(#"{"type":"event","event":"changePartialItemName","name":"n\#(index)"}"#)
        }
        let made = try Self.fixture(lines.joined(separator: "\n") + "\n")
        let states = try #require(made.states).split(separator: "\n")
        #expect(states.count == SessionFixture.wholeStateFrames + 2)
        #expect(states.allSatisfy { !$0.contains("todoItems") && $0.contains("\"itemsDigest\":\"") })
        let pin = try #require(ExpectedState(line: states[5]))
        #expect(pin == .fields(.init(TodoState(isCreatingItem: true, partialItemName: "n3", stateName: "changePartialItemName"))))
        let differences = pin.differences(from: TodoState(isCreatingItem: true, partialItemName: "n4", stateName: "changePartialItemName"))
        #expect(differences.map(\.path) == ["partialItemName"])
        #expect(differences.first?.baseline == "\"n3\"" && differences.first?.run == "\"n4\"")
        let moreItems = pin.differences(
            from: TodoState(
                isCreatingItem: true, partialItemName: "n3", todoItems: [TodoItem(id: UUID(), title: "x")],
                stateName: "changePartialItemName"))
        #expect(moreItems.map(\.path) == ["todoItems.count"])
    }

    @Test("a short session with a long list is pinned by summaries once its states hold more items in all than the budget")
    func summariesForLongLists() throws {
        // 150 items, each added by + and Add: 300 frames, whose states hold 150 × 151 items in all.
        var lines = [Self.header]
        for index in 0..<150 {
            lines.append(#"{"type":"event","event":"startCreatingItem"}"#)
            lines.append(#"{"type":"event","event":"addItem","id":"00000000-0000-4000-8000-\#(String(format: "%012d", index))"}"#)
        }
        let made = try Self.fixture(lines.joined(separator: "\n") + "\n")
        let states = try #require(made.states).split(separator: "\n")
        #expect(states.count == 301 && 150 * 151 > SessionFixture.wholeStateItems)
        #expect(states.allSatisfy { !$0.contains("todoItems\":[") && $0.contains("\"itemsDigest\":\"") })
        #expect(try Self.written(made).firstMismatch() == nil)
        // Under the budget, every state stays whole.
        let short = try #require(try Self.fixture(lines.prefix(41).joined(separator: "\n") + "\n").states).split(separator: "\n")
        #expect(short.count == 41 && short.allSatisfy { $0.contains("todoItems") && !$0.contains("itemsDigest") })
    }

    @Test(
        "a state machine that decomposes what is typed (é as e and a combining accent) fails at the first keystroke, the field shown by its scalars, whole or summarised",
        arguments: [false, true])
    func decomposedText(summarised: Bool) throws {
        let typed = [
            Self.header, #"{"type":"event","event":"startCreatingItem"}"#,
            #"{"type":"event","event":"changePartialItemName","name":"café"}"#,
        ]
        var made = try Self.fixture(typed.joined(separator: "\n") + "\n")
        if summarised {
            let lines = try #require(made.states).split(separator: "\n").compactMap { ExpectedState(line: $0) }
            made.states = lines.map { state in
                guard case .whole(let whole) = state else { return state.line + "\n" }
                return ExpectedState(whole, whole: false).line + "\n"
            }.joined()
        }
        let mismatch = try #require(try Self.written(made).firstMismatch(initialState: DecomposingTodoState()) { $0.state })
        #expect(mismatch.frame == 2)
        #expect(mismatch.description.contains(#"partialItemName: expected "caf\u{E9}", actual "cafe\u{301}""#), "\(mismatch.description)")
    }

    @Test(
        "past the whole-state limit, an item added again on another branch, its title's bytes other (é as e and an accent), is pinned by its own bytes"
    )
    func summariesTellEquivalentTitlesApart() throws {
        let id = "5A1C0000-0000-4000-8000-000000000001"
        var lines = [
            Self.header, #"{"type":"event","event":"startCreatingItem"}"#,
            #"{"type":"event","event":"changePartialItemName","name":"Cafe\u0301"}"#, #"{"type":"event","event":"addItem","id":"\#(id)"}"#,
            #"{"type":"travel","to":1}"#, #"{"type":"event","event":"changePartialItemName","name":"Caf\u00e9"}"#,
            #"{"type":"event","event":"addItem","id":"\#(id)"}"#,
            // Back to the first branch's list: the frame before holds the same item, its title the other bytes.
            #"{"type":"travel","to":3}"#, #"{"type":"event","event":"startCreatingItem"}"#,
        ]
        // Past the frames kept whole, so that every frame is pinned by its summary.
        for index in 0..<SessionFixture.wholeStateFrames {
            lines.append(#"{"type":"event","event":"\#(index % 2 == 0 ? "startCreatingItem" : "cancelCreatingItem")"}"#)
        }
        let made = try Self.fixture(lines.joined(separator: "\n") + "\n")
        #expect(try #require(made.states).contains("itemsDigest"))
        #expect(try Self.written(made).firstMismatch() == nil)
    }

    @Test("a state machine that clears the typed name on cancel fails at the cancel, naming the field, and stops there")
    func mismatch() throws {
        let session = try Self.written(try Self.fixture(Self.log))
        let mismatch = try #require(try session.firstMismatch(initialState: ClearingTodoState()) { $0.state })
        #expect(mismatch.frame == 4 && mismatch.line == 6 && mismatch.event == .cancelCreatingItem)
        #expect(mismatch.fields.map(\.path) == ["partialItemName"])
        #expect(
            mismatch.description.hasPrefix(
                "session s: frame 4 (line 6 of its fixture, cancelCreatingItem) is not the state its fixture pins"))
        #expect(mismatch.description.contains("partialItemName: expected \"Milk\", actual \"\""))
    }

    @Test("record mode writes the pins of the state machine as it is now, after which it matches")
    func rerecord() throws {
        let session = try Self.written(try Self.fixture(Self.log))
        try session.rerecord(initialState: ClearingTodoState()) { $0.state }
        #expect(try session.firstMismatch(initialState: ClearingTodoState()) { $0.state } == nil)
        let mismatch = try #require(try session.firstMismatch())
        #expect(mismatch.frame == 4, "the package's own reducer now differs")
    }

    @Test("a fixture pinned from the app's digests is not re-recorded from the reducer, which would replace them")
    func noRerecordFromDigests() throws {
        var made = try Self.fixture(Self.log)
        made.states = nil
        let session = try Self.written(made)
        let before = try Data(contentsOf: session.log)
        let refusal = #expect(throws: RecordedSession.FixtureError.self) { try session.rerecord() }
        #expect(refusal?.description.hasPrefix("s pins the digests the app recorded (make-test --from-digests)") == true)
        #expect(try Data(contentsOf: session.log) == before && !FileManager.default.fileExists(atPath: session.states.path))
    }

    @Test("a folder's sessions are its NAME.jsonl files, not their states files, in byte order; one that cannot be listed is named")
    func namesInFolder() throws {
        let session = try Self.written(try Self.fixture(Self.log), name: "b")
        let folder = session.log.deletingLastPathComponent()
        for name in ["a.jsonl", "Z.jsonl", "a.states.jsonl", "notes.txt", "é.jsonl"] {
            try Data().write(to: folder.appendingPathComponent(name))
        }
        #expect(try RecordedSession.names(in: folder) == ["Z", "a", "b", "é"])
        let missing = folder.appendingPathComponent("missing")
        let failure = #expect(throws: RecordedSession.FixtureError.self) { try RecordedSession.names(in: missing) }
        #expect(failure?.description == "cannot list the fixtures in \(missing.path): No such file or directory")
    }

    @Test("with only a digest pinned, a failure gives both digests and the state now")
    func digestOnly() throws {
        var made = try Self.fixture(Self.log)
        made.states = nil
        let mismatch = try #require(try Self.written(made).firstMismatch(initialState: ClearingTodoState()) { $0.state })
        #expect(mismatch.fields.isEmpty && mismatch.frame == 4)
        #expect(
            mismatch.description.contains(
                "digest: expected \(StateDigest.digest(of: TodoState(partialItemName: "Milk", stateName: "cancelCreatingItem"))), actual"))
        #expect(
            mismatch.description.contains(
                #"the state now: {"isCreatingItem":false,"partialItemName":"","todoItems":[],"stateName":"cancelCreatingItem"}"#))
    }

    @Test("--from-digests pins the app's digests only where it logged one, and refuses a log without any")
    func loggedDigests() throws {
        let state = TodoState(isCreatingItem: true, stateName: "startCreatingItem")
        let logged =
            [
                Self.header,
                #"{"type":"event","event":"startCreatingItem","digest":"\#(StateDigest.digest(of: state))"}"#,
                #"{"type":"event","event":"changePartialItemName","name":"M"}"#,
            ].joined(separator: "\n") + "\n"
        let made = try Self.fixture(logged, .loggedDigests)
        #expect(made.pinnedEvents == 1 && made.states == nil)
        #expect(made.log.split(separator: "\n").filter { $0.contains("\"digest\"") }.count == 1)
        #expect(throws: SessionFixture.Failure.noDigests) { try Self.fixture(Self.log, .loggedDigests) }
        let withoutID = [
            Self.header, #"{"type":"event","event":"startCreatingItem","digest":"0000000000000000"}"#,
            #"{"type":"event","event":"addItem"}"#,
        ]
        #expect(throws: SessionFixture.Failure.itemWithoutID(line: 3)) {
            try Self.fixture(withoutID.joined(separator: "\n") + "\n", .loggedDigests)
        }
    }

    @Test("a states file that cannot be read, or a fixture that cannot be written, is named with the system's reason")
    func unreadableStates() throws {
        let session = try Self.written(try Self.fixture(Self.log))
        try FileManager.default.removeItem(at: session.states)
        try FileManager.default.createDirectory(at: session.states, withIntermediateDirectories: false)
        let readError = #expect(throws: RecordedSession.FixtureError.self) { try session.firstMismatch() }
        #expect(readError?.description == "cannot read \(session.states.path): Is a directory")
        let writeError = #expect(throws: RecordedSession.FixtureError.self) { try session.rerecord() }
        #expect(writeError?.description.hasSuffix(": Is a directory") == true, "\(writeError?.description ?? "")")
    }

    @Test("a fixture with an error other than its own digests' is refused, naming the line")
    func brokenFixture() throws {
        var made = try Self.fixture(Self.log)
        made.log += "{\"type\":\"travel\",\"to\":99}\n"
        var error = #expect(throws: RecordedSession.FixtureError.self) { try Self.written(made).firstMismatch() }
        let line = made.log.split(separator: "\n").count
        #expect(
            error?.description.hasPrefix("the fixture has an error, so it was not checked: s.jsonl:\(line): error: travel-out-of-range:")
                == true,
            "the line: \(error?.description ?? "")")
        // A field's error names its column too.
        made.log = try Self.fixture(Self.log).log + #"{"type":"event","event":"addItem","id":5}"# + "\n"
        error = #expect(throws: RecordedSession.FixtureError.self) { try Self.written(made).firstMismatch() }
        let prefix = "the fixture has an error, so it was not checked: s.jsonl:\(line):40: error: wrong-type:"
        #expect(error?.description.hasPrefix(prefix) == true, "the line and column: \(error?.description ?? "")")
    }

    @Test("a line of the states file that is not a pin is named by its line as an editor counts it, blank lines included")
    func brokenStates() throws {
        let made = try Self.fixture(Self.log)
        let session = try Self.written(made)
        let states = try #require(made.states)
        let lines = states.split(separator: "\n")
        try Data((lines[0] + "\n\n" + "{not a state}\n" + lines.dropFirst().joined(separator: "\n") + "\n").utf8).write(to: session.states)
        let error = #expect(throws: RecordedSession.FixtureError.self) { try session.firstMismatch() }
        #expect(error?.description.hasPrefix("s.states.jsonl:3: not a pinned state") == true, "\(error?.description ?? "")")
    }
}

/// An app's own state machine that replays `TodoEvent`s: the Todo reducer, except that a
/// cancel also clears the typed name.
/// The package's reducer, but what is typed is kept decomposed (NFD): equal to the
/// original as Swift compares text, unlike it in bytes and in its digest.
struct DecomposingTodoState: ReversibleStateMachine {
    var state = TodoState()

    mutating func update(with event: TodoEvent) { _ = apply(event) }

    mutating func apply(_ event: TodoEvent) -> ClearingTodoState.Patch {
        let before = state
        state.update(with: event)
        state.partialItemName = state.partialItemName.decomposedStringWithCanonicalMapping
        return ClearingTodoState.Patch(before: before, after: state)
    }

    mutating func undo(_ patch: ClearingTodoState.Patch) { state = patch.before }
    mutating func redo(_ patch: ClearingTodoState.Patch) { state = patch.after }
}

struct ClearingTodoState: ReversibleStateMachine {
    var state = TodoState()

    mutating func update(with event: TodoEvent) { _ = apply(event) }

    mutating func apply(_ event: TodoEvent) -> Patch {
        let before = state
        state.update(with: event)
        if case .cancelCreatingItem = event { state.partialItemName = "" }
        return Patch(before: before, after: state)
    }

    mutating func undo(_ patch: Patch) { state = patch.before }
    mutating func redo(_ patch: Patch) { state = patch.after }

    struct Patch: Sendable {
        var before: TodoState
        var after: TodoState
    }
}
