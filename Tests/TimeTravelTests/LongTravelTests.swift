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

/// A storage in memory that counts the parents read: how far a travel walked.
struct CountingFrames: FrameStorage {
    final class Count: @unchecked Sendable { var parents = 0 }
    var frames: InMemoryFrames<Trail>
    let count = Count()

    var frameCount: Int { frames.frameCount }
    mutating func append(_ patch: Int, parent: Int, giving state: Trail) { frames.append(patch, parent: parent, giving: state) }
    func parent(of frame: Int) -> Int {
        count.parents += 1
        return frames.parent(of: frame)
    }
    func patch(of frame: Int) -> Int { frames.patch(of: frame) }
    func undo(_ list: [Int], on state: inout Trail) { frames.undo(list, on: &state) }
    func redo(_ list: [Int], on state: inout Trail) { frames.redo(list, on: &state) }
    func checkpoint(onLineTo frame: Int, within limit: Int) -> (state: Trail, path: [Int])? {
        frames.checkpoint(onLineTo: frame, within: limit)
    }
}

@Suite("Travels between two long branches")
struct BranchSwitchingTests {
    @Test(
        "an app that travels back one frame and acts, over and over, grows two branches; a travel between their ends walks as far as a kept state, not to where they parted",
        arguments: [20_000])
    func twoGrowingBranches(frames: Int) {
        var engine = TimeTravelEngine(
            initialState: Trail(), storage: CountingFrames(frames: InMemoryFrames(initialState: Trail(), policy: .every(64))))
        for value in 1...10 { engine.dispatch(value) }
        // Newest N on one branch, N - 1 on the other: each round travels to the other branch's end and adds to it.
        var ends = [engine.frameCount - 1, engine.frameCount - 1]
        var lines: [[Int]] = [Array(1...10), Array(1...10)]
        var side = 0
        for value in 11...frames {
            engine.travel(to: ends[side])
            engine.dispatch(value)
            ends[side] = engine.frameCount - 1
            lines[side].append(value)
            side = 1 - side
        }
        let before = engine.storage.count.parents
        engine.travel(to: ends[side])
        let walked = engine.storage.count.parents - before
        #expect(engine.state.values == lines[side])
        #expect(engine.state.misorderedUndos == 0)
        // The branches parted `frames` frames ago; a kept state is at most 64 frames of its line away, and is
        // asked for once the way is 1,024 frames long.
        #expect(walked <= 2_048, "walked \(walked) parents for a travel between branches \(frames) frames long")
    }
}
