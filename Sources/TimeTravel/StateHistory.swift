/// Every state of a ``Store``, oldest first, as a collection.
///
/// It holds the patch of each event with the index of the state it was
/// applied to, and the states its ``CheckpointPolicy`` keeps whole. Any other
/// state is rebuilt when asked for, by redoing the patches from the nearest
/// kept ancestor, so a history of a million events does not hold a million
/// copies of the state.
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

    /// The patch that produced the state at `index` (which must be ≥ 1).
    public func patch(producing index: Int) -> State.Patch { engine.storage.patch(of: index) }

    /// The index of the state the event of state `index` was applied to.
    public func parent(of index: Int) -> Int { engine.storage.parent(of: index) }
}

extension StateHistory: Equatable where State: Equatable {
    /// Two histories are equal when they hold equal states in the same order.
    public static func == (lhs: StateHistory, rhs: StateHistory) -> Bool {
        lhs.elementsEqual(rhs)
    }
}
