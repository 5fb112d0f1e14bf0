import Foundation
import Testing
import TimeTravel
import TodoDomain

@Suite("Checkpoints spaced by the list's size")
struct CheckpointSpacingTests {
    static func state(items: Int) -> TodoState {
        TodoState(todoItems: (0..<items).map { TodoItem(id: UUID(), title: "item \($0)") })
    }

    @Test(
        "a state is kept once as many events as the list has items have passed, and never sooner than 64",
        arguments: [
            (0, 63, false), (0, 64, true), (10, 63, false), (10, 64, true), (64, 64, true), (1_000, 999, false),
            (1_000, 1_000, true), (1_000, 5_000, true),
        ])
    func spacing(items: Int, eventsSinceCheckpoint: Int, kept: Bool) {
        #expect(CheckpointPolicy<TodoState>.spacedByListSize.shouldKeep(Self.state(items: items), eventsSinceCheckpoint) == kept)
    }

    /// The policy a generic store takes when told none.
    static func defaultPolicy<State: ReversibleStateMachine>(of _: State.Type) -> CheckpointPolicy<State> { State.defaultCheckpoints }

    @Test("a store of the Todo state keeps its states spaced by the list's size by default, not one in 16")
    func todoStateDefault() {
        let policy = Self.defaultPolicy(of: TodoState.self)
        #expect(!policy.shouldKeep(Self.state(items: 1_000), 16))
        #expect(!policy.shouldKeep(Self.state(items: 1_000), 999))
        #expect(policy.shouldKeep(Self.state(items: 1_000), 1_000))
        #expect(!policy.shouldKeep(Self.state(items: 0), 63) && policy.shouldKeep(Self.state(items: 0), 64))
    }

    @Test("a store on it travels to every earlier state exactly, across kept states and between them")
    func travels() {
        let store = Store(initialState: TodoState(), checkpoints: .spacedByListSize)
        var expected = [store.state]
        for index in 0..<300 {
            for event in [TodoEvent.startCreatingItem, .changePartialItemName("item \(index)"), .addItem(id: UUID())] {
                store.dispatch(event)
                expected.append(store.state)
            }
        }
        for index in stride(from: store.stateCount - 1, through: 0, by: -37) {
            store.currentStateIndex = index
            #expect(store.state == expected[index], "state \(index)")
        }
    }
}
