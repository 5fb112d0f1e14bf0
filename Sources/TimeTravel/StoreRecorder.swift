/// Keeps a ``Store``'s changes as they happen, for example a session
/// recorder that writes them to a log.
///
/// The store calls ``record(_:state:)`` after each change, on the store's
/// own thread, with the state the change produced: what an event made
/// (which a recorder can hash, to prove later what the app showed), or the
/// state travelled to. A slider drag (``Store/isScrubbing``) is reported
/// once, where it comes to rest. Return quickly: the store waits.
public protocol StoreRecorder<State>: AnyObject {
    /// The state machine whose changes this recorder keeps.
    associatedtype State: StateMachine

    /// Called after each change the store makes, with the state at its
    /// cursor after it.
    func record(_ change: StoreChange<State.Event>, state: State)
}
