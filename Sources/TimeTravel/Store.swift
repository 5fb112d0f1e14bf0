public import Observation

/// Keeps the initial state and every state after it, with a cursor that can
/// move back to any of them: time travel.
///
/// ``dispatch(_:)`` applies an event to the state *at the cursor*, appends the
/// result at the end and moves the cursor there. History is never cut, so a
/// person who travels back and acts again starts a branch while every earlier
/// state stays reachable.
///
/// The store is `@Observable`: a SwiftUI view that reads ``state`` redraws when
/// it changes, and a `Slider` can bind to ``currentStateIndex``.
///
/// ```swift
/// let store = Store(initialState: TodoState())
/// store.dispatch(.startCreatingItem)
/// store.currentStateIndex = 0   // back to the start
/// ```
///
/// A store is not thread-safe: use it from one isolation domain, typically the
/// main actor.
@Observable
public final class Store<State: StateMachine> {
    /// The initial state followed by every state after it, oldest first.
    public private(set) var allStates: [State]

    /// The index in ``allStates`` of the state the app shows. Setting it is
    /// time travel; values outside the history are clamped into it.
    public var currentStateIndex: Int {
        get { cursor }
        set { travel(to: newValue) }
    }

    @ObservationIgnored
    private let onChange: ((StoreChange<State.Event>) -> Void)?

    private var cursor: Int

    /// Creates a store whose history holds just `initialState`.
    ///
    /// - Parameters:
    ///   - initialState: Frame 0.
    ///   - onChange: Called after every dispatch and every cursor move, for
    ///     example to record the session.
    public init(initialState: State, onChange: ((StoreChange<State.Event>) -> Void)? = nil) {
        self.allStates = [initialState]
        self.cursor = 0
        self.onChange = onChange
    }

    /// The state at the cursor: what the app shows.
    public var state: State { allStates[cursor] }

    /// How many states the history holds (at least 1).
    public var stateCount: Int { allStates.count }

    /// Applies `event` to the state at the cursor, appends the result and
    /// moves the cursor to it.
    public func dispatch(_ event: State.Event) {
        var next = allStates[cursor]
        next.update(with: event)
        allStates.append(next)
        cursor = allStates.count - 1
        onChange?(.dispatched(event))
    }

    private func travel(to index: Int) {
        let clamped = min(max(index, 0), allStates.count - 1)
        guard clamped != cursor else { return }
        cursor = clamped
        onChange?(.traveled(to: clamped))
    }
}
