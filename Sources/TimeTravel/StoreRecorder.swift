/// Keeps a ``Store``'s changes as they happen, for example a session
/// recorder that writes them to a log.
///
/// The store calls ``begin(from:)`` with its first state, then
/// ``record(_:state:)`` after each change, on the store's
/// own thread, with the state the change produced: what an event made
/// (which a recorder can hash, to prove later what the app showed), or the
/// state travelled to. A slider drag (``Store/isScrubbing``) is reported
/// once, where it comes to rest. Return quickly: the store waits.
public protocol StoreRecorder<State>: AnyObject {
    /// The state machine whose changes this recorder keeps.
    associatedtype State: StateMachine

    /// Called once by a store given this recorder, before any change, with
    /// the store's first state (frame 0), which every change it records
    /// follows from. A recorder whose format fixes that state refuses
    /// another here; by default this does nothing.
    func begin(from initialState: State)

    /// Called after each change the store makes, with the state at its
    /// cursor after it.
    func record(_ change: StoreChange<State.Event>, state: State)

    /// Called once when the store given this recorder goes (its `deinit`):
    /// no change of it comes after. A recorder that writes on a queue of
    /// its own finishes here, so that what it holds (a file and its lock)
    /// is let go of with the store, not a moment later; by default this
    /// does nothing.
    func end()
}

extension StoreRecorder {
    /// Does nothing: a recorder that keeps changes alone needs no first state.
    public func begin(from initialState: State) {}

    /// Does nothing: a recorder that holds nothing has nothing to let go of.
    public func end() {}
}
