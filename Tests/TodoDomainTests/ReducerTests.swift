import Foundation
import Testing
import TodoDomain

let idA = UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!
let idB = UUID(uuidString: "00000000-0000-0000-0000-00000000000B")!

@Suite("TodoState reducer")
struct ReducerTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var before: TodoState
        var event: TodoEvent
        var after: TodoState
        var testDescription: String { name }
    }

    static let creating = TodoState(isCreatingItem: true, partialItemName: "Milk", stateName: "changePartialItemName")
    static let twoItems = TodoState(
        todoItems: [TodoItem(id: idA, title: "Milk"), TodoItem(id: idB, title: "Eggs")], stateName: "addItem")

    static let cases: [Case] = [
        Case(
            name: "startCreatingItem opens the sheet with an empty name",
            before: TodoState(partialItemName: "old"), event: .startCreatingItem,
            after: TodoState(isCreatingItem: true, partialItemName: "", stateName: "startCreatingItem")),
        Case(
            name: "cancelCreatingItem closes the sheet and keeps the partial name",
            before: creating, event: .cancelCreatingItem,
            after: TodoState(isCreatingItem: false, partialItemName: "Milk", stateName: "cancelCreatingItem")),
        Case(
            name: "changePartialItemName sets the name",
            before: creating, event: .changePartialItemName("Milk 2%"),
            after: TodoState(isCreatingItem: true, partialItemName: "Milk 2%", stateName: "changePartialItemName")),
        Case(
            name: "addItem appends an unfinished item with the partial name and closes the sheet",
            before: creating, event: .addItem(id: idA),
            after: TodoState(todoItems: [TodoItem(id: idA, title: "Milk")], stateName: "addItem")),
        Case(
            name: "setItemDone finishes the named item",
            before: twoItems, event: .setItemDone(id: idB, isDone: true),
            after: TodoState(
                todoItems: [TodoItem(id: idA, title: "Milk"), TodoItem(id: idB, title: "Eggs", isFinished: true)],
                stateName: "setItemDone")),
        Case(
            name: "setItemDone with an unknown id leaves the state exactly as it was",
            before: twoItems, event: .setItemDone(id: UUID(uuidString: "00000000-0000-0000-0000-0000000000FF")!, isDone: true),
            after: twoItems),
        Case(
            name: "setItemDone with a shared id changes the first item only",
            before: TodoState(todoItems: [TodoItem(id: idA, title: "one"), TodoItem(id: idA, title: "two")]),
            event: .setItemDone(id: idA, isDone: true),
            after: TodoState(
                todoItems: [TodoItem(id: idA, title: "one", isFinished: true), TodoItem(id: idA, title: "two")],
                stateName: "setItemDone")),
    ]

    @Test("applies each event as the spec says", arguments: cases)
    func reducer(_ testCase: Case) {
        var state = testCase.before
        state.update(with: testCase.event)
        #expect(state == testCase.after)
    }

    @Test("the initial state is the spec's")
    func initialState() {
        #expect(TodoState() == TodoState(isCreatingItem: false, partialItemName: "", todoItems: [], stateName: "runStart"))
    }

    @Test("event kinds are named as in the log, in the spec's order")
    func kindNames() {
        #expect(
            TodoEvent.Kind.allCases.map(\.rawValue)
                == ["startCreatingItem", "cancelCreatingItem", "changePartialItemName", "addItem", "setItemDone"])
        #expect(TodoEvent.Kind.allCases.map(\.code) == Array(TodoEvent.Kind.allCases.indices), "a kind's code is its position")
        #expect(TodoEvent.setItemDone(id: idA, isDone: false).kind == .setItemDone)
        #expect(TodoEvent.changePartialItemName("x").kind == .changePartialItemName)
    }
}
