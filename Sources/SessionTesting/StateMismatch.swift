public import SessionComparison
import SessionLog
public import TodoDomain

/// The first frame of a recorded session whose state is not the one its
/// fixture pins: which session, frame, log line and event, and what differs,
/// expected against actual.
public struct StateMismatch: Error, Sendable, CustomStringConvertible {
    /// The session's name (its fixture's).
    public var session: String
    /// The frame whose state differs (0: the initial state).
    public var frame: Int
    /// The fixture log's line of the frame's event; `nil` for frame 0.
    public var line: Int?
    /// The event that made the frame; `nil` for frame 0.
    public var event: TodoEvent.Kind?
    /// The fields that differ from the pinned state (empty when only a digest was pinned).
    public var fields: [StateDifference.Field]
    /// The digest the fixture pins for the frame, if it pins one.
    public var expectedDigest: UInt64?
    /// The digest of the state the app's reducer gave.
    public var actualDigest: UInt64
    /// The state the app's reducer gave.
    public var actualState: TodoState

    /// Says where, what differs (one field a line: `partialItemName: expected "Milk", actual ""`),
    /// and, where only a digest was pinned, both digests and the state now.
    public var description: String {
        var text = "session \(session): frame \(frame)"
        if let line, let event { text += " (line \(line) of its fixture, \(event.rawValue))" }
        text += " is not the state its fixture pins; later frames were not checked."
        for field in fields { text += "\n  \(field.path): expected \(field.baseline), actual \(field.run)" }
        if let expectedDigest, expectedDigest != actualDigest {
            text += "\n  digest: expected \(StateDigest.text(of: expectedDigest)), actual \(StateDigest.text(of: actualDigest))"
        }
        if fields.isEmpty { text += "\n  the state now: \(StateDigest.canonicalJSON(of: actualState))" }
        return text
    }
}
