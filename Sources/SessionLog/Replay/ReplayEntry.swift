public import TodoDomain

/// One step of a replay, in log order.
public enum ReplayEntry: Sendable {
    /// The session header, before any frame.
    case header(SessionHeader)
    /// An accepted event made a new frame.
    case frame(Frame)
    /// The cursor moved; the next frame's parent is `to`.
    case travel(Travel)
    case diagnostic(Diagnostic)
}

/// A state of the session: frame 0 is the initial state, each accepted event
/// appends one.
public struct Frame: Sendable {
    /// Its position in the history (≥ 1: frame 0 has no event).
    public var index: Int
    /// The frame the event was applied to: `index - 1`, or a travel's target.
    public var parent: Int
    /// The event, with the id it was given if the log had none.
    public var event: TodoEvent
    public var stamp: RecordStamp
    /// The log line it came from.
    public var line: Int
    /// The state after the event.
    public var state: TodoState
}

/// A travel record that was kept.
public struct Travel: Hashable, Sendable {
    /// The frame the cursor moved to.
    public var to: Int
    /// The newest frame when the person traveled.
    public var newestFrame: Int
    public var stamp: RecordStamp
    public var line: Int
}
