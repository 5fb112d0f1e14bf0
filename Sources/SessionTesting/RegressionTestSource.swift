/// The Swift Testing source that `todo-report make-test` writes beside its
/// `Fixtures/` folder: one parameterised test, a case for each session whose
/// fixture the folder holds when the test runs (``RecordedSession/names(in:)``),
/// that replays each fixture through the app's `Store` and checks every frame
/// (``RecordedSession/firstMismatch(initialState:todoState:)``), and with
/// `TODO_REPORT_RECORD=1` in the environment re-records the pins and fails,
/// so that an intended change is one command and one reviewed diff.
///
/// The test names the app's state through a second file,
/// ``stateFileName``, which `make-test` writes only when it is missing: the
/// app's to edit, while the test itself is written anew by every run.
public enum RegressionTestSource {
    /// The test's file name.
    public static let fileName = "RecordedSessionTests.swift"
    /// The file that names the app's state for the test (`RecordedState`,
    /// `pinnedForm(of:)`), beside it.
    public static let stateFileName = "RecordedState.swift"
    /// The folder of fixtures beside them.
    public static let fixturesFolder = "Fixtures"
    /// The environment variable that turns on record mode.
    public static let recordVariable = "TODO_REPORT_RECORD"

    /// The test: the same for every folder, since it lists the fixtures when it runs.
    public static let text = """
        // Regression tests made by `todo-report make-test` from recorded sessions. Each case replays
        // one session's fixture (\(fixturesFolder)/NAME.jsonl, every event pinned with a digest of the
        // state after it; \(fixturesFolder)/NAME.states.jsonl, each frame's state) through the app's
        // Store as the app ran it, and stops at the first frame whose state is not the pinned one.
        // Every fixture in \(fixturesFolder)/ is a case: `make-test` adds them, and a fixture deleted is
        // a case gone. This file is written again by every `make-test`; \(stateFileName) is yours.
        //
        // After an intended change of the reducer, re-record the pins and review their diff:
        //     \(recordVariable)=1 swift test --filter RecordedSessionTests
        // The run that re-records fails, so that the change is seen; the next run passes.

        import Foundation
        import SessionTesting
        import Testing

        @Suite("Recorded sessions")
        struct RecordedSessionTests {
            /// The fixtures, beside this file.
            static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("\(fixturesFolder)")

            @Test(
                "replays to the state pinned after every event",
                arguments: try RecordedSession.names(in: RecordedSessionTests.fixtures))
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

    /// The file that names the app's state, as `make-test` first writes it.
    public static let stateText = """
        // The app's state for the tests of \(fileName), written once by `todo-report make-test`
        // and yours to change: later runs leave this file as it is.

        import TodoDomain

        /// The app's state. An app with a state machine of its own names it here: it must
        /// replay `TodoEvent`s, and `pinnedForm(of:)` says how it reads as a `TodoState`.
        typealias RecordedState = TodoState

        /// The app's state as the `TodoState` the fixtures pin.
        func pinnedForm(of state: RecordedState) -> TodoState { state }

        """
}
