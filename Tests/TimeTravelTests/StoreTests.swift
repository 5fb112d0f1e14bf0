import Observation
import Synchronization
import Testing
import TimeTravel

/// A state machine small enough to see every state at a glance.
struct Tally: ReversibleStateMachine, Equatable {
    enum Event: Equatable { case add(Int) }
    var total = 0
    mutating func update(with event: Event) {
        _ = apply(event)
    }
    /// The patch is the amount added.
    mutating func apply(_ event: Event) -> Int {
        switch event {
        case .add(let amount):
            total += amount
            return amount
        }
    }
    mutating func undo(_ patch: Int) { total -= patch }
    mutating func redo(_ patch: Int) { total += patch }
}

@Suite("Store")
struct StoreTests {
    @Test("starts with only the initial state, at the cursor")
    func initialState() {
        let store = Store(initialState: Tally(total: 7))
        #expect(Array(store.allStates) == [Tally(total: 7)])
        #expect(store.stateCount == 1)
        #expect(store.currentStateIndex == 0)
        #expect(store.state == Tally(total: 7))
    }

    @Test("dispatch appends the next state and moves the cursor to it")
    func dispatchAppends() {
        let store = Store(initialState: Tally())
        store.dispatch(.add(2))
        store.dispatch(.add(3))
        #expect(store.allStates.map(\.total) == [0, 2, 5])
        #expect(store.currentStateIndex == 2)
        #expect(store.state.total == 5)
    }

    @Test("travel moves the cursor without changing history")
    func travel() {
        let store = Store(initialState: Tally())
        store.dispatch(.add(2))
        store.dispatch(.add(3))
        store.currentStateIndex = 1
        #expect(store.state.total == 2)
        #expect(store.allStates.map(\.total) == [0, 2, 5])
    }

    @Test("dispatch after travel applies to the state at the cursor and keeps all history")
    func branchAfterTravel() {
        let store = Store(initialState: Tally())
        store.dispatch(.add(2))
        store.dispatch(.add(3))
        store.currentStateIndex = 1
        store.dispatch(.add(10))
        #expect(store.allStates.map(\.total) == [0, 2, 5, 12])
        #expect(store.currentStateIndex == 3)
    }

    @Test("cursor values outside the history are clamped", arguments: [(-5, 0), (99, 2), (1, 1)])
    func clamping(requested: Int, expected: Int) {
        let store = Store(initialState: Tally())
        store.dispatch(.add(1))
        store.dispatch(.add(1))
        store.currentStateIndex = requested
        #expect(store.currentStateIndex == expected)
    }

    @Test("onChange reports dispatches and real cursor moves, in order")
    func onChange() {
        var changes: [StoreChange<Tally.Event>] = []
        let store = Store(initialState: Tally()) { changes.append($0) }
        store.dispatch(.add(1))
        store.currentStateIndex = 0
        store.currentStateIndex = 0  // not a move
        store.currentStateIndex = 1
        store.dispatch(.add(2))
        #expect(changes == [.dispatched(.add(1)), .traveled(to: 0), .traveled(to: 1), .dispatched(.add(2))])
    }

    @Test("a recorder is told of each change with the state it produced, before onChange")
    func recorderGetsStates() {
        let recorder = TallyRecorder()
        var order: [String] = []
        recorder.onRecord = { order.append("recorder") }
        let store = Store(initialState: Tally(total: 1), recorder: recorder) { _ in order.append("onChange") }
        store.dispatch(.add(2))
        store.dispatch(.add(3))
        store.currentStateIndex = 1
        #expect(recorder.changes == [.dispatched(.add(2)), .dispatched(.add(3)), .traveled(to: 1)])
        #expect(recorder.states.map(\.total) == [3, 6, 3])
        #expect(order == ["recorder", "onChange", "recorder", "onChange", "recorder", "onChange"])
        #expect(store.recorder === recorder)
    }

    @Test("a slider drag shows every step but is reported as one travel, to where it comes to rest")
    func dragIsOneTravel() {
        let recorder = TallyRecorder()
        var changes: [StoreChange<Tally.Event>] = []
        let store = Store(initialState: Tally(), recorder: recorder) { changes.append($0) }
        for amount in 1...6 { store.dispatch(.add(amount)) }
        store.isScrubbing = true
        var seen: [Int] = []
        for step in [5, 4, 3, 2, 1, 2] {
            store.currentStateIndex = step
            seen.append(store.state.total)
        }
        #expect(seen == [15, 10, 6, 3, 1, 3])  // each step shows at once
        #expect(recorder.changes.count == 6)  // but none is reported yet
        store.isScrubbing = false
        #expect(recorder.changes.suffix(1) == [.traveled(to: 2)])
        #expect(changes.suffix(1) == [.traveled(to: 2)])
        #expect(recorder.states.last?.total == 3)
        // A drag that comes back to where it started reports nothing.
        store.isScrubbing = true
        store.currentStateIndex = 0
        store.currentStateIndex = 2
        store.isScrubbing = false
        #expect(recorder.changes.count == 7)
    }

    @Test("a store let go of during a drag reports the travel to where the cursor rests, then ends its recorder")
    func releasedDuringDrag() {
        let recorder = TallyRecorder()
        var store: Store<Tally>? = Store(initialState: Tally(), recorder: recorder)
        for amount in 1...3 { store?.dispatch(.add(amount)) }
        store?.isScrubbing = true
        store?.currentStateIndex = 1
        store = nil
        #expect(recorder.changes.suffix(1) == [.traveled(to: 1)], "the frame the person last saw")
        #expect(recorder.states.last?.total == 1)
        #expect(recorder.ended)
    }

    @Test("an event dispatched during a drag is reported after the travel to the state it applies to")
    func dispatchDuringDrag() {
        let recorder = TallyRecorder()
        let store = Store(initialState: Tally(), recorder: recorder)
        store.dispatch(.add(1))
        store.dispatch(.add(2))
        store.isScrubbing = true
        store.currentStateIndex = 0
        store.currentStateIndex = 1
        store.dispatch(.add(10))
        store.currentStateIndex = 0
        store.isScrubbing = false
        #expect(
            recorder.changes == [
                .dispatched(.add(1)), .dispatched(.add(2)), .traveled(to: 1), .dispatched(.add(10)), .traveled(to: 0),
            ])
        // Replaying the reported changes gives the store's own history.
        let replayed = Store(initialState: Tally())
        for change in recorder.changes {
            switch change {
            case .dispatched(let event): replayed.dispatch(event)
            case .traveled(let index): replayed.currentStateIndex = index
            }
        }
        #expect(replayed.allStates == store.allStates)
        #expect(replayed.currentStateIndex == store.currentStateIndex)
    }

    @Test("observers of the state are told about a dispatch")
    func observeDispatch() {
        let store = Store(initialState: Tally())
        let fired = Flag()
        withObservationTracking {
            _ = store.state
        } onChange: {
            fired.set()
        }
        #expect(!fired.value)
        store.dispatch(.add(1))
        #expect(fired.value)
    }

    @Test("observers of the cursor and the state are told about time travel")
    func observeTravel() {
        let store = Store(initialState: Tally())
        store.dispatch(.add(1))
        let cursorFired = Flag()
        let stateFired = Flag()
        withObservationTracking {
            _ = store.currentStateIndex
        } onChange: {
            cursorFired.set()
        }
        withObservationTracking {
            _ = store.state
        } onChange: {
            stateFired.set()
        }
        store.currentStateIndex = 0
        #expect(cursorFired.value)
        #expect(stateFired.value)
    }

    @Test("observers of isScrubbing are told when a drag starts and ends, and not by a travel")
    func observeScrubbing() {
        let store = Store(initialState: Tally())
        store.dispatch(.add(1))
        for value in [true, false] {
            let fired = Flag()
            withObservationTracking {
                _ = store.isScrubbing
            } onChange: {
                fired.set()
            }
            store.currentStateIndex = value ? 0 : 1
            #expect(!fired.value, "a travel is not a drag's start or end")
            store.isScrubbing = value
            #expect(fired.value)
            #expect(store.isScrubbing == value)
        }
    }

    @Test("isScrubbing set to the value it has tells no observer, and a travel made while observing does not observe it")
    func noSpuriousScrubbingObservation() {
        let store = Store(initialState: Tally())
        store.dispatch(.add(1))
        let fired = Flag()
        withObservationTracking {
            _ = store.isScrubbing
        } onChange: {
            fired.set()
        }
        store.isScrubbing = false
        #expect(!fired.value, "it was false already")
        // A view's action that travels, run where observation is tracked, reads no isScrubbing.
        let travelled = Flag()
        withObservationTracking {
            store.currentStateIndex = 0
        } onChange: {
            travelled.set()
        }
        store.isScrubbing = true
        #expect(!travelled.value, "the travel subscribed to isScrubbing")
        #expect(fired.value, "a drag that starts is told")
    }

    @Test("a cursor set to where it is tells no observer")
    func noSpuriousObservation() {
        let store = Store(initialState: Tally())
        store.dispatch(.add(1))
        let fired = Flag()
        withObservationTracking {
            _ = store.currentStateIndex
        } onChange: {
            fired.set()
        }
        store.currentStateIndex = 1
        #expect(!fired.value)
    }
}

/// Keeps what a store reports, for the tests to read.
final class TallyRecorder: StoreRecorder {
    var changes: [StoreChange<Tally.Event>] = []
    var states: [Tally] = []
    var onRecord: () -> Void = {}
    /// Whether the store said that no change comes after.
    var ended = false

    func end() { ended = true }

    func record(_ change: StoreChange<Tally.Event>, state: Tally) {
        changes.append(change)
        states.append(state)
        onRecord()
    }
}

/// A flag that observation callbacks (which are `@Sendable`) can set.
final class Flag: @unchecked Sendable {
    private(set) var value = false
    func set() { value = true }
}

@Suite("Store history and checkpoints")
struct StoreHistoryTests {
    static let policies: [(String, CheckpointPolicy<Tally>)] = [
        ("every state", .everyState), ("every 3", .every(3)), ("every 1000", .every(1000)),
        ("when the total is even", CheckpointPolicy { state, _ in state.total % 2 == 0 }),
    ]

    @Test("every policy rebuilds exactly the states a full copy would hold", arguments: 0..<policies.count)
    func rebuilt(policyIndex: Int) {
        let reference = Store(initialState: Tally(), checkpoints: .everyState)
        let store = Store(initialState: Tally(), checkpoints: Self.policies[policyIndex].1)
        var random = LinearCongruential(seed: UInt64(policyIndex) + 1)
        for step in 0..<400 {
            if step % 9 == 8 {
                let target = Int.random(in: 0..<store.stateCount, using: &random)
                reference.currentStateIndex = target
                store.currentStateIndex = target
                #expect(store.state == reference.state)
            } else {
                let amount = Int.random(in: 1...5, using: &random)
                reference.dispatch(.add(amount))
                store.dispatch(.add(amount))
            }
        }
        #expect(store.allStates == reference.allStates)
        #expect(store.allStates.count == store.stateCount)
        // A walk in order and reads by index, in order and at random, give the same states, branches included.
        let history = store.allStates
        let expected = Array(reference.allStates)
        #expect(Array(history) == expected)
        #expect(history.indices.map { history[$0] } == expected)
        for index in history.indices.shuffled(using: &random) {
            #expect(history[index] == expected[index], "state \(index)")
        }
        #expect(history.parent(of: 1) == 0)
    }

    @Test("the initial state has no patch and no parent")
    func initialStateHasNoPatch() {
        let store = Store(initialState: Tally(total: 4))
        store.dispatch(.add(3))
        #expect(store.allStates.patch(producing: 0) == nil)
        #expect(store.allStates.parent(of: 0) == nil)
        #expect(store.allStates.patch(producing: 1) == 3)
        #expect(store.allStates.parent(of: 1) == 0)
    }

    @Test(
        "a walk through the history redoes one patch per state, however far apart the kept states: by for, map, Array or index",
        arguments: ["for", "map", "Array", "index"])
    func walkCostsOnePatchPerState(walk: String) {
        let redos = RedoCount()
        let store = Store(initialState: CountedTally(redos: redos), checkpoints: .every(1_000))
        for _ in 0..<3_000 { store.dispatch(.add(1)) }
        // A branch from the start: the walk travels to its first state once.
        store.currentStateIndex = 10
        for _ in 0..<100 { store.dispatch(.add(2)) }
        redos.count = 0
        let history = store.allStates
        var totals: [Int] = []
        switch walk {
        case "for": for state in history { totals.append(state.tally.total) }
        case "map": totals = history.map(\.tally.total)
        case "Array": totals = Array(history).map(\.tally.total)
        // Reads by index start from the store's state, the newest: state 0 is kept, so the first costs nothing.
        default: totals = history.indices.map { history[$0].tally.total }
        }
        #expect(totals == Array(0...3_000) + (1...100).map { 10 + 2 * $0 })
        // One per state of the first line but the three kept ones (1,000, 2,000, 3,000), taken as they
        // are; the branch's first state is 11 redone from state 0, then one each.
        #expect(redos.count == 2_997 + 11 + 99)
    }
}

/// How many patches a ``CountedTally`` redid.
final class RedoCount {
    var count = 0
}

/// A tally that counts its redos, to see what a walk costs.
struct CountedTally: ReversibleStateMachine {
    let redos: RedoCount
    var tally = Tally()
    mutating func update(with event: Tally.Event) { tally.update(with: event) }
    mutating func apply(_ event: Tally.Event) -> Int { tally.apply(event) }
    mutating func undo(_ patch: Int) { tally.undo(patch) }
    mutating func redo(_ patch: Int) {
        redos.count += 1
        tally.redo(patch)
    }
}

/// A state that names its own checkpoints, and counts how often a store asks them.
struct SelfSpacedTally: ReversibleStateMachine {
    static let asked = Mutex(0)
    static var defaultCheckpoints: CheckpointPolicy<SelfSpacedTally> {
        CheckpointPolicy { _, _ in
            asked.withLock { $0 += 1 }
            return false
        }
    }
    /// The reducer is a tally's.
    var tally = Tally()
    mutating func update(with event: Tally.Event) { tally.update(with: event) }
    mutating func apply(_ event: Tally.Event) -> Int { tally.apply(event) }
    mutating func undo(_ patch: Int) { tally.undo(patch) }
    mutating func redo(_ patch: Int) { tally.redo(patch) }
}

@Suite("Store: checkpoints by default")
struct StoreDefaultCheckpointTests {
    @Test("a store told no checkpoints keeps the state type's own")
    func stateTypesOwn() {
        let before = SelfSpacedTally.asked.withLock { $0 }
        let store = Store(initialState: SelfSpacedTally())
        for _ in 0..<5 { store.dispatch(.add(1)) }
        #expect(SelfSpacedTally.asked.withLock { $0 } - before == 5)
        #expect(store.state.tally.total == 5)
    }

    @Test("a state type that names none keeps one in 16")
    func oneIn16() {
        #expect(!Tally.defaultCheckpoints.shouldKeep(Tally(), 15))
        #expect(Tally.defaultCheckpoints.shouldKeep(Tally(), 16))
    }
}

/// A tiny seeded generator, so a failure replays the same way.
struct LinearCongruential: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state ^ (state >> 29)
    }
}
