/// Every state of a ``Store``, oldest first, as a collection.
///
/// It holds the patch of each event with the index of the state it was
/// applied to, and the states its ``CheckpointPolicy`` keeps whole. Any other
/// state is rebuilt when asked for, by redoing the patches from the nearest
/// kept ancestor, so a history of a million events does not hold a million
/// copies of the state.
///
/// Reading one state by index costs the way from the nearest kept state;
/// iterating (`for state in store.allStates`) walks from each state to the
/// next, so a whole pass costs one patch per state.
public struct StateHistory<State: ReversibleStateMachine>: RandomAccessCollection {
    private var engine: TimeTravelEngine<InMemoryFrames<State>>

    init(_ engine: TimeTravelEngine<InMemoryFrames<State>>) {
        self.engine = engine
    }

    /// The initial state's index, 0.
    public var startIndex: Int { 0 }
    /// One past the newest state.
    public var endIndex: Int { engine.frameCount }

    /// The state at `index`, rebuilt from the nearest kept state if need be.
    public subscript(index: Int) -> State {
        engine.keptState(of: index)
    }

    /// The patch that produced the state at `index`; `nil` for the initial state, which no event produced.
    public func patch(producing index: Int) -> State.Patch? {
        index == 0 ? nil : engine.storage.patch(of: index)
    }

    /// The index of the state the event of state `index` was applied to; `nil` for the initial state.
    public func parent(of index: Int) -> Int? {
        index == 0 ? nil : engine.storage.parent(of: index)
    }

    /// Walks the states in order, each made from the one before it.
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
