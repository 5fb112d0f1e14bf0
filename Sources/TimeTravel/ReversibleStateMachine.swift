/// A ``StateMachine`` whose reducer reports the change it made, as a value
/// that can be undone and redone without running the reducer again.
///
/// A history of such changes is enough to move one live state to any frame:
/// undo the patches up to the common ancestor, redo them down to the target.
/// Anything that draws or stores states (a replay, a report page) then needs
/// to know only how to apply a patch, never what an event means.
///
/// The laws: for any state `s` and event `e`, with `p = s.apply(e)`,
/// `s.undo(p)` gives back the state before, exactly, and `s.redo(p)` on that
/// gives the state after; `apply(e)` changes the state as ``StateMachine/update(with:)`` does.
public protocol ReversibleStateMachine: StateMachine {
    /// The change one event made: the old and new value of each part it touched.
    associatedtype Patch

    /// Applies `event`, as ``StateMachine/update(with:)`` does, and returns what changed.
    mutating func apply(_ event: Event) -> Patch

    /// Puts back what `patch` changed; the state must be the one `patch` produced.
    mutating func undo(_ patch: Patch)

    /// Makes the change `patch` describes again; the state must be the one `patch` was made from.
    mutating func redo(_ patch: Patch)

    /// Which states a ``Store`` keeps whole when it is not told: one in 16
    /// (``CheckpointPolicy/every(_:)``) unless the type says otherwise. A state
    /// whose copies grow as it is used (a long list) spaces them by its size,
    /// so that a long session's memory grows with its events alone.
    static var defaultCheckpoints: CheckpointPolicy<Self> { get }
}

extension ReversibleStateMachine {
    /// One state in 16 kept whole.
    public static var defaultCheckpoints: CheckpointPolicy<Self> { .every(16) }
}
