import Testing
import TimeTravel

/// A state machine whose undo order shows: every event is a value to
/// append, and an undo takes it off again, if it is the last one.
struct Trail: ReversibleStateMachine, Equatable {
    var values: [Int] = []
    /// Undos of a patch that was not the last value.
    var misorderedUndos = 0
    mutating func update(with value: Int) { values.append(value) }
    mutating func apply(_ value: Int) -> Int {
        values.append(value)
        return value
    }
    mutating func undo(_ patch: Int) {
        if values.last == patch { values.removeLast() } else { misorderedUndos += 1 }
    }
    mutating func redo(_ patch: Int) { values.append(patch) }
}

@Suite("Travels longer than a batch of undos")
struct LongTravelTests {
    /// Only frame 0 is kept whole, so a travel far from it undoes and redoes frame by frame.
    static let onlyTheFirstState = CheckpointPolicy<Trail> { _, _ in false }

    @Test(
        "a travel back along the line undoes every frame on the way, newest first",
        arguments: [(from: 20_000, to: 15_000), (from: 20_000, to: 11_808), (from: 20_000, to: 19_999), (from: 12_000, to: 3_904)])
    func backAlongTheLine(from: Int, to: Int) {
        let store = Store(initialState: Trail(), checkpoints: Self.onlyTheFirstState)
        for value in 1...from { store.dispatch(value) }
        store.currentStateIndex = to
        #expect(store.state.misorderedUndos == 0)
        #expect(store.state.values.count == to)
        let inOrder = store.state.values.elementsEqual(1...to)
        #expect(inOrder, "not the first \(to) values in order")
    }

    @Test("a travel across a branch undoes up to the common ancestor and redoes down the other line")
    func acrossABranch() {
        let store = Store(initialState: Trail(), checkpoints: Self.onlyTheFirstState)
        for value in 1...20_000 { store.dispatch(value) }
        store.currentStateIndex = 10_000
        for value in 1...9_000 { store.dispatch(-value) }
        let branchEnd = Array(1...10_000) + (1...9_000).map { -$0 }
        #expect(store.state.values.count == 19_000)
        // From the branch's end (9,000 frames past the ancestor) to the first line's end (10,000 past it).
        store.currentStateIndex = 20_000
        #expect(store.state.misorderedUndos == 0)
        #expect(store.state.values.count == 20_000)
        let firstLine = store.state.values.elementsEqual(1...20_000)
        #expect(firstLine, "not the first line's values in order")
        // And back, by the other way round.
        store.currentStateIndex = 29_000
        #expect(store.state.misorderedUndos == 0)
        #expect(store.state.values.count == 19_000)
        let branch = store.state.values.elementsEqual(branchEnd)
        #expect(branch, "not the branch's values in order")
    }
}
