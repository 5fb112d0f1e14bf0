/// The Swift Testing source that `todo-report make-test` writes beside its
/// `Fixtures/` folder: one parameterised test, a case per session, that
/// replays each fixture through the app's `Store` and checks every frame
/// (``RecordedSession/firstMismatch(initialState:todoState:)``), and with
/// `TODO_REPORT_RECORD=1` in the environment re-records the pins and fails,
/// so that an intended change is one command and one reviewed diff.
public enum RegressionTestSource {
    /// The source file's name.
    public static let fileName = "RecordedSessionTests.swift"
    /// The folder of fixtures beside it.
    public static let fixturesFolder = "Fixtures"
    /// The environment variable that turns on record mode.
    public static let recordVariable = "TODO_REPORT_RECORD"

    /// The source for the sessions `names` (their fixtures' names), in that order.
    public static func text(sessions names: [String]) -> String {
        let arguments = names.map { "\"\($0)\"" }
        let list =
            arguments.count <= 3 && arguments.joined(separator: ", ").count <= 60
            ? "[" + arguments.joined(separator: ", ") + "]"
            : "[\n" + arguments.map { "            \($0),\n" }.joined() + "        ]"
        return """
            // Regression tests made by `todo-report make-test` from recorded sessions. Each case replays
            // one session's fixture (\(fixturesFolder)/NAME.jsonl, every event pinned with a digest of the
            // state after it; \(fixturesFolder)/NAME.states.jsonl, each frame's state) through the app's
            // Store as the app ran it, and stops at the first frame whose state is not the pinned one.
            //
            // After an intended change of the reducer, re-record the pins and review their diff:
            //     \(recordVariable)=1 swift test --filter RecordedSessionTests
            // The run that re-records fails, so that the change is seen; the next run passes.

            import Foundation
            import SessionTesting
            import Testing
            import TodoDomain

            /// The app's state. An app with a state machine of its own names it here: it must
            /// replay `TodoEvent`s, and `pinnedForm(of:)` says how it reads as a `TodoState`.
            typealias RecordedState = TodoState

            /// The app's state as the `TodoState` the fixtures pin.
            private func pinnedForm(of state: RecordedState) -> TodoState { state }

            @Suite("Recorded sessions")
            struct RecordedSessionTests {
                /// The fixtures, beside this file.
                static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                    .appendingPathComponent("\(fixturesFolder)")

                @Test(
                    "replays to the state pinned after every event",
                    arguments: \(list))
                func replays(session name: String) throws {
                    let session = RecordedSession(named: name, in: Self.fixtures)
                    if ProcessInfo.processInfo.environment["\(recordVariable)"] == "1" {
                        try session.rerecord(initialState: RecordedState(), todoState: pinnedForm)
                        Issue.record("Re-recorded \\(name) from the reducer as it is now: review its fixture's diff, then run again.")
                    } else if let mismatch = try session.firstMismatch(initialState: RecordedState(), todoState: pinnedForm) {
                        Issue.record(Comment(rawValue: mismatch.description))
                    }
                }
            }

            """
    }
}
