import Foundation
import Testing
import TodoDomain

/// The reducer's patches: each undoes and redoes exactly what the event did.
@Suite("TodoState patches")
struct PatchTests {
    static let idC = UUID(uuidString: "00000000-0000-0000-0000-00000000000C")!

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var before: TodoState
        var event: TodoEvent
        var testDescription: String { name }
    }

    static let closed = TodoState(partialItemName: "typed", stateName: "cancelCreatingItem")
    static let open = TodoState(isCreatingItem: true, partialItemName: "Milk", stateName: "changePartialItemName")
    static let items = TodoState(
        isCreatingItem: true, partialItemName: "Bread",
        todoItems: [TodoItem(id: idA, title: "Milk"), TodoItem(id: idB, title: "Eggs", isFinished: true), TodoItem(id: idA, title: "dup")],
        stateName: "setItemDone")

    static let cases: [Case] = [TodoState(), closed, open, items].enumerated().flatMap { n, state in
        let events: [(String, TodoEvent)] = [
            ("start", .startCreatingItem),
            ("cancel", .cancelCreatingItem),
            ("change", .changePartialItemName("Milk 2%")),
            ("change to empty", .changePartialItemName("")),
            ("add", .addItem(id: idC)),
            ("add a duplicate id", .addItem(id: idA)),
            ("done", .setItemDone(id: idB, isDone: false)),
            ("done, shared id", .setItemDone(id: idA, isDone: true)),
            ("done, unknown id", .setItemDone(id: idC, isDone: true)),
        ]
        return events.map { Case(name: "state \(n): \($0.0)", before: state, event: $0.1) }
    }

    @Test("undo gives the state before exactly, redo the state after (what the reducer does is ReducerTests')", arguments: cases)
    func roundTrip(_ testCase: Case) {
        var state = testCase.before
        let patch = state.apply(testCase.event)
        let after = state
        state.undo(patch)
        #expect(state == testCase.before)
        state.redo(patch)
        #expect(state == after)
    }

    @Test("an unknown id makes an empty patch; adding to a closed sheet with no name still records every part")
    func edges() {
        var state = Self.items
        #expect(state.apply(.setItemDone(id: Self.idC, isDone: true)).isEmpty)
        var closed = TodoState()
        let patch = closed.apply(.addItem(id: Self.idC))
        #expect(
            patch
                == TodoPatch(
                    isCreatingItem: .init(old: false, new: false), partialItemName: .init(old: "", new: ""),
                    appendedItem: TodoItem(id: Self.idC, title: ""), stateName: .init(old: "runStart", new: "addItem")))
    }

    @Test("a long session undone patch by patch, newest first, passes back through every state")
    func undoAll() {
        var state = TodoState()
        var states = [state]
        var patches: [TodoPatch] = []
        let events: [TodoEvent] = [
            .startCreatingItem, .changePartialItemName("a"), .addItem(id: idA), .startCreatingItem,
            .changePartialItemName("b"), .cancelCreatingItem, .startCreatingItem, .addItem(id: idA),
            .setItemDone(id: idA, isDone: true), .setItemDone(id: idB, isDone: true), .setItemDone(id: idA, isDone: false),
        ]
        for event in events {
            patches.append(state.apply(event))
            states.append(state)
        }
        for (patch, expected) in zip(patches.reversed(), states.dropLast().reversed()) {
            state.undo(patch)
            #expect(state == expected)
        }
    }
}
