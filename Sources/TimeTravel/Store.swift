public import Observation

/// Keeps the initial state and every state after it, with a cursor that can
/// move back to any of them: time travel.
///
/// ``dispatch(_:)`` applies an event to the state *at the cursor*, appends the
/// result at the end and moves the cursor there. History is never cut, so a
/// person who travels back and acts again starts a branch while every earlier
/// state stays reachable.
///
/// The store is `Observable` (the Observation framework): a SwiftUI view that reads ``state`` redraws when
/// it changes, and a `Slider` can bind to ``currentStateIndex``.
///
/// ```swift
/// let store = Store(initialState: TodoState())
/// store.dispatch(.startCreatingItem)
/// store.currentStateIndex = 0   // back to the start
/// ```
///
/// The history holds each event's patch (see ``ReversibleStateMachine``) and
/// the states its ``CheckpointPolicy`` keeps whole; travel undoes and redoes
/// patches with the same engine that replays a recorded session.
///
/// A store is not thread-safe: use it from one isolation domain, typically the
/// main actor.
public final class Store<State: ReversibleStateMachine>: Observable {
    /// The initial state followed by every state after it, oldest first.
    public var allStates: StateHistory<State> {
        registrar.access(self, keyPath: keys.allStates)
        return StateHistory(engine)
    }

    /// The state at the cursor: what the app shows.
    public var state: State {
        registrar.access(self, keyPath: keys.state)
        return engine.state
    }

    /// The index in ``allStates`` of the state the app shows. Setting it is
    /// time travel; values outside the history are clamped into it.
    public var currentStateIndex: Int {
        get {
            registrar.access(self, keyPath: keys.currentStateIndex)
            return engine.cursor
        }
        set { travel(to: newValue) }
    }

    private let onChange: ((StoreChange<State.Event>) -> Void)?
    private let registrar = ObservationRegistrar()
    /// Key paths made once: a generic class's key paths are costly to make on every access.
    private let keys = Keys()
    /// Time travel itself, with the history in memory.
    private var engine: TimeTravelEngine<InMemoryFrames<State>>

    private struct Keys {
        let allStates = \Store<State>.allStates
        let state = \Store<State>.state
        let currentStateIndex = \Store<State>.currentStateIndex
    }

    /// Creates a store whose history holds just `initialState`.
    ///
    /// - Parameters:
    ///   - initialState: Frame 0.
    ///   - checkpoints: Which states to keep whole (see ``CheckpointPolicy``);
    ///     the others are rebuilt when traveled to.
    ///   - onChange: Called after every dispatch and every cursor move, for
    ///     example to record the session.
    public init(
        initialState: State,
        checkpoints: CheckpointPolicy<State> = .every(16),
        onChange: ((StoreChange<State.Event>) -> Void)? = nil
    ) {
        self.engine = TimeTravelEngine(
            initialState: initialState, storage: InMemoryFrames(initialState: initialState, policy: checkpoints))
        self.onChange = onChange
    }

    /// How many states the history holds (at least 1).
    public var stateCount: Int {
        registrar.access(self, keyPath: keys.allStates)
        return engine.frameCount
    }

    /// Applies `event` to the state at the cursor, appends the result and
    /// moves the cursor to it.
    public func dispatch(_ event: State.Event) {
        registrar.withMutation(of: self, keyPath: keys.state) {
            registrar.withMutation(of: self, keyPath: keys.allStates) {
                registrar.withMutation(of: self, keyPath: keys.currentStateIndex) { _ = engine.dispatch(event) }
            }
        }
        onChange?(.dispatched(event))
    }

    private func travel(to index: Int) {
        let clamped = min(max(index, 0), engine.frameCount - 1)
        guard clamped != engine.cursor else { return }
        registrar.withMutation(of: self, keyPath: keys.state) {
            registrar.withMutation(of: self, keyPath: keys.currentStateIndex) { engine.travel(to: clamped) }
        }
        onChange?(.traveled(to: clamped))
    }
}
