import SessionLog
public import TimeTravel
public import TodoDomain

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A session kept as a regression test's fixture: `NAME.jsonl` (the log, each
/// event pinned with a digest) and `NAME.states.jsonl` (the state of each
/// frame, whole or summarised) in one folder, as `todo-report make-test`
/// writes them.
///
/// ```swift
/// import Foundation
/// import SessionTesting
/// import Testing
///
/// func checkSample(in fixtures: URL) throws {
///     let session = RecordedSession(named: "sample", in: fixtures)
///     if let mismatch = try session.firstMismatch() {
///         Issue.record(Comment(rawValue: mismatch.description))
///     }
/// }
/// ```
public struct RecordedSession: Sendable {
    /// Why a fixture cannot be checked.
    public struct FixtureError: Error, Sendable, CustomStringConvertible, LocalizedError {
        /// What is wrong, naming the file.
        public var description: String
        /// The same text, for an alert or a test's output.
        public var errorDescription: String? { description }
    }

    /// The session's name: its fixture files' names without their endings.
    public var name: String
    /// The fixture log.
    public var log: URL
    /// The states file beside it (absent for a test made from the app's digests).
    public var states: URL

    /// The sessions whose fixtures the folder `folder` holds: the name of
    /// every `NAME.jsonl` in it (not the `NAME.states.jsonl` beside one), in
    /// byte order, so that a test made by `make-test` checks each fixture
    /// the folder holds when it runs.
    ///
    /// - Throws: ``FixtureError`` when the folder cannot be listed.
    public static func names(in folder: URL) throws(FixtureError) -> [String] {
        let files: [String]
        do {
            files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw FixtureError(description: "cannot list the fixtures in \(folder.path): \(sentence(for: error))")
        }
        return files.compactMap(sessionName(ofFixture:)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The session whose fixture log the file `name` is (`bug-4711` for
    /// `bug-4711.jsonl`), or `nil` for a states file or any other file.
    public static func sessionName(ofFixture name: String) -> String? {
        guard name.hasSuffix(".jsonl"), !name.hasSuffix(".states.jsonl") else { return nil }
        return String(name.dropLast(".jsonl".count))
    }

    /// The session `name` in the fixture folder `folder`.
    public init(named name: String, in folder: URL) {
        self.name = name
        log = folder.appendingPathComponent(name + ".jsonl")
        states = folder.appendingPathComponent(name + ".states.jsonl")
    }

    /// Replays the fixture through a new `Store` of the app's state machine exactly as the
    /// app ran it (events dispatched, travels as moves of `currentStateIndex`) and returns
    /// the first frame whose state is not the pinned one, or `nil` when every one is. Every
    /// record is consumed and every pinned frame compared, the last one too: the final state
    /// is checked where the fixture pins it (every frame, unless it pins only the app's
    /// digests, where the frames after the last event with a digest are not checked).
    ///
    /// - Parameters:
    ///   - initialState: The app's state at frame 0.
    ///   - todoState: The app's state as the `TodoState` the fixture pins.
    /// - Throws: ``FixtureError`` when the fixture cannot be read or is not one.
    public func firstMismatch<State: ReversibleStateMachine>(
        initialState: State, todoState: @escaping (State) -> TodoState
    ) throws(FixtureError) -> StateMismatch? where State.Event == TodoEvent {
        let expected = try expectedStates()
        let run = SessionRun(initialState: initialState, todoState: todoState)
        var digester = StateDigester()
        var mismatch = compare(
            run.initialState, frame: 0, frameEvent: nil, pinnedDigest: nil, expected: expected, digester: &digester)
        var broken: String?
        var frames = 1
        try replay { entry in
            guard mismatch == nil, broken == nil else { return }
            switch entry {
            case .frame(let frame):
                frames += 1
                let state = run.dispatch(frame)
                mismatch = compare(
                    state, frame: frame.index, frameEvent: frame, pinnedDigest: frame.stamp.digest, expected: expected,
                    digester: &digester)
            case .travel(let travel):
                run.travel(travel)
            case .diagnostic(let diagnostic) where diagnostic.severity == .error && diagnostic.code != .stateMismatch:
                // The fixture's own digests are checked here against the app's reducer, not the package's.
                broken = diagnostic.formatted(path: log.lastPathComponent)
            case .header, .diagnostic:
                break
            }
        }
        if let broken { throw FixtureError(description: "the fixture has an error, so it was not checked: \(broken)") }
        if mismatch == nil, let expected, expected.count != frames {
            throw FixtureError(description: "\(states.lastPathComponent) pins \(expected.count) states for \(frames) frames")
        }
        return mismatch
    }

    /// ``firstMismatch(initialState:todoState:)`` for the Todo app's own `TodoState`.
    public func firstMismatch() throws(FixtureError) -> StateMismatch? {
        try firstMismatch(initialState: TodoState()) { $0 }
    }

    /// Writes the fixture's pins again from what the app's state machine gives now: every
    /// event's digest and every frame's state (whole or summarised, as `make-test` does).
    /// For an intended change of the reducer: the test that re-records should then fail, so
    /// that the change to the fixture is reviewed.
    ///
    /// - Parameters: As for ``firstMismatch(initialState:todoState:)``.
    public func rerecord<State: ReversibleStateMachine>(
        initialState: State, todoState: @escaping (State) -> TodoState
    ) throws(FixtureError) where State.Event == TodoEvent {
        guard FileManager.default.fileExists(atPath: states.path) else {
            // Re-recorded, its pins would be the reducer's, no longer the app's: the test would lose its point.
            throw FixtureError(
                description:
                    "\(name) pins the digests the app recorded (make-test --from-digests), which the reducer cannot re-record: "
                    + "make its fixture again from a new recording of the app")
        }
        let fixture = SessionFixture(expectations: .replay, initialState: initialState, todoState: todoState)
        try replay { fixture.add($0) }
        do {
            let made = try fixture.finish()
            try Data(made.log.utf8).write(to: log, options: .atomic)
            try Data((made.states ?? "").utf8).write(to: states, options: .atomic)
        } catch {
            throw FixtureError(description: "cannot write the fixture \(name): \(Self.sentence(for: error))")
        }
    }

    /// ``rerecord(initialState:todoState:)`` for the Todo app's own `TodoState`.
    public func rerecord() throws(FixtureError) {
        try rerecord(initialState: TodoState()) { $0 }
    }

    private func replay(_ body: (ReplayEntry) -> Void) throws(FixtureError) {
        do {
            _ = try LogReplayer.replay(contentsOf: log, into: body)
        } catch {
            throw FixtureError(description: "cannot read the fixture \(log.path): \(Self.sentence(for: error))")
        }
    }

    /// What went wrong, for a failure's message: a `LocalizedError`'s
    /// description, the system's text for a file error (`No such file or
    /// directory`), else the error as Swift prints it.
    private static func sentence(for error: any Error) -> String {
        if let text = (error as? any LocalizedError)?.errorDescription { return text }
        if let posix = (error as? CocoaError)?.underlying as? POSIXError { return SystemCallError.reason(of: posix.code.rawValue) }
        return "\(error)"
    }

    /// The states file's pins, frame 0 first; `nil` when there is none.
    private func expectedStates() throws(FixtureError) -> [ExpectedState]? {
        guard FileManager.default.fileExists(atPath: states.path) else { return nil }
        let text: String
        do {
            text = try String(contentsOf: states, encoding: .utf8)
        } catch {
            throw FixtureError(description: "cannot read \(states.path): \(Self.sentence(for: error))")
        }
        var pins: [ExpectedState] = []
        // Numbered as an editor numbers them: a blank line counts, though it pins nothing.
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
            guard let pin = ExpectedState(line: line) else {
                throw FixtureError(
                    description:
                        "\(states.lastPathComponent):\(index + 1): not a pinned state, a JSON object as make-test writes it; write the file anew with make-test (or its record mode)"
                )
            }
            pins.append(pin)
        }
        return pins
    }

    private func compare(
        _ state: TodoState, frame: Int, frameEvent: Frame?, pinnedDigest: UInt64?, expected: [ExpectedState]?,
        digester: inout StateDigester
    ) -> StateMismatch? {
        let actualDigest = digester.value(of: state)
        let fields = expected.flatMap { frame < $0.count ? $0[frame].differences(from: state) : nil } ?? []
        guard !fields.isEmpty || (pinnedDigest.map { $0 != actualDigest } ?? false) else { return nil }
        return StateMismatch(
            session: name, frame: frame, line: frameEvent?.line, event: frameEvent?.event.kind, fields: fields,
            expectedDigest: pinnedDigest, actualDigest: actualDigest, actualState: state)
    }
}
