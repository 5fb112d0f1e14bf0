/// Every state of a ``Store``, oldest first, as a collection.
///
/// It holds the patch of each event with the index of the state it was
/// applied to, and the states its ``CheckpointPolicy`` keeps whole. Any other
/// state is rebuilt when asked for, so a history of a million events does not
/// hold a million copies of the state.
///
/// A read starts from the state read last (at first, the store's current
/// one) and moves to the one asked for as a travel does: through their
/// common ancestor, or from the nearest kept state when that is shorter. So
/// reading in order (`for state in store.allStates`, `map`, `Array(_:)`, or
/// index after index) costs one patch per state, and a read far from the last
/// one no more than the way from the nearest kept state.
///
/// Not `Sendable`: it remembers the state read last, for the next read.
public struct StateHistory<State: ReversibleStateMachine>: RandomAccessCollection {
    private var engine: TimeTravelEngine<InMemoryFrames<State>>
    /// The state read last, which the next read starts from; shared by copies of this history, which
    /// hold the same states.
    private let lastRead: LastRead

    /// A state of the history and its index.
    private final class LastRead {
        var index: Int
        var state: State

        init(index: Int, state: State) {
            self.index = index
            self.state = state
        }
    }

    init(_ engine: TimeTravelEngine<InMemoryFrames<State>>) {
        self.engine = engine
        lastRead = LastRead(index: engine.cursor, state: engine.state)
    }

    /// The initial state's index, 0.
    public var startIndex: Int { 0 }
    /// One past the newest state.
    public var endIndex: Int { engine.frameCount }

    /// The state at `index`, made from the state read last.
    public subscript(index: Int) -> State {
        precondition(indices.contains(index), "index \(index) is outside the history's \(engine.frameCount) states")
        TimeTravelEngine.move(&lastRead.state, from: lastRead.index, to: index, in: engine.storage)
        lastRead.index = index
        return lastRead.state
    }

    /// The patch that produced the state at `index`; `nil` for the initial state, which no event produced.
    public func patch(producing index: Int) -> State.Patch? {
        index == 0 ? nil : engine.storage.patch(of: index)
    }

    /// The index of the state the event of state `index` was applied to; `nil` for the initial state.
    public func parent(of index: Int) -> Int? {
        index == 0 ? nil : engine.storage.parent(of: index)
    }

    /// Walks the states in order, each made from the one before it (on a
    /// state of its own: a walk and reads by index do not move each other's).
    public func makeIterator() -> Iterator {
        Iterator(storage: engine.storage, frameCount: engine.frameCount, initialState: engine.keptState(of: 0))
    }

    /// Walks a history's states oldest first. Each state is made from the
    /// one before it (a redo when it follows it, a travel when it starts a
    /// branch), not from the nearest kept state.
    public struct Iterator: IteratorProtocol {
        private let storage: InMemoryFrames<State>
        private let frameCount: Int
        /// The index of the state `next()` returns next.
        private var index = 0
        /// The state at `index - 1` (at first, the initial state).
        private var state: State

        init(storage: InMemoryFrames<State>, frameCount: Int, initialState: State) {
            self.storage = storage
            self.frameCount = frameCount
            self.state = initialState
        }

        /// The next state, or `nil` after the newest.
        public mutating func next() -> State? {
            guard index < frameCount else { return nil }
            if index > 0 { TimeTravelEngine.move(&state, from: index - 1, to: index, in: storage) }
            index += 1
            return state
        }
    }
}

extension StateHistory: Equatable where State: Equatable {
    /// Two histories are equal when they hold equal states in the same order.
    public static func == (lhs: StateHistory, rhs: StateHistory) -> Bool {
        lhs.elementsEqual(rhs)
    }
}
