/// Every state of a ``Store``, oldest first, as a collection.
///
/// It holds the initial state, each event with the index of the state it was
/// applied to, and the states its ``CheckpointPolicy`` keeps whole. Any other
/// state is rebuilt when asked for, by applying the events from the nearest
/// kept ancestor, so a history of a million events does not hold a million
/// copies of the state.
public struct StateHistory<State: StateMachine>: RandomAccessCollection {
    private var events: [State.Event] = []
    /// For state `i + 1`, the index of the state its event was applied to.
    private var parents: [Int] = []
    private var checkpoints: [Int: State]
    private var eventsSinceCheckpoint: [Int] = [0]
    private let policy: CheckpointPolicy<State>

    init(initialState: State, policy: CheckpointPolicy<State>) {
        self.checkpoints = [0: initialState]
        self.policy = policy
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { events.count + 1 }

    /// The state at `index`, rebuilt from the nearest kept state if need be.
    public subscript(index: Int) -> State {
        var path: [Int] = []
        var cursor = index
        while checkpoints[cursor] == nil {
            path.append(cursor)
            cursor = parents[cursor - 1]
        }
        guard var state = checkpoints[cursor] else { preconditionFailure("state 0 is always kept") }
        for step in path.reversed() { state.update(with: events[step - 1]) }
        return state
    }

    /// The event that produced the state at `index` (which must be ≥ 1).
    public func event(producing index: Int) -> State.Event { events[index - 1] }

    /// The index of the state the event of state `index` was applied to.
    public func parent(of index: Int) -> Int { parents[index - 1] }

    /// Records that `event`, applied to the state at `parent`, gave `state`.
    mutating func append(_ event: State.Event, appliedTo parent: Int, giving state: State) {
        events.append(event)
        parents.append(parent)
        let since = eventsSinceCheckpoint[parent] + 1
        if policy.shouldKeep(state, since) {
            checkpoints[events.count] = state
            eventsSinceCheckpoint.append(0)
        } else {
            eventsSinceCheckpoint.append(since)
        }
    }
}

extension StateHistory: Equatable where State: Equatable {
    /// Two histories are equal when they hold equal states in the same order.
    public static func == (lhs: StateHistory, rhs: StateHistory) -> Bool {
        lhs.elementsEqual(rhs)
    }
}
