public import TimeTravel

/// The whole UI of the Todo app in one value.
public struct TodoState: StateMachine, Hashable, Sendable {
    /// The name of the initial state, before any event.
    public static let initialStateName = "runStart"

    /// Whether the add sheet is open.
    public var isCreatingItem: Bool
    /// The add sheet's text field.
    public var partialItemName: String
    /// The list, in the order items were added.
    public var todoItems: [TodoItem]
    /// The name of the last event that changed the state, or ``initialStateName``.
    public var stateName: String

    public init(
        isCreatingItem: Bool = false,
        partialItemName: String = "",
        todoItems: [TodoItem] = [],
        stateName: String = TodoState.initialStateName
    ) {
        self.isCreatingItem = isCreatingItem
        self.partialItemName = partialItemName
        self.todoItems = todoItems
        self.stateName = stateName
    }

    /// The app's reducer, exactly as `session-log.md` specifies it.
    public mutating func update(with event: TodoEvent) {
        if case .setItemDone(let id, _) = event {
            update(with: event, itemIndex: indexOfItem(id: id))
        } else {
            update(with: event, itemIndex: nil)
        }
    }

    /// The same reducer, for a caller that keeps its own index of item ids:
    /// `itemIndex` is where the item a `setItemDone` names is (the first with
    /// its id), or `nil` when no item has it. Other events ignore it.
    public mutating func update(with event: TodoEvent, itemIndex: Int?) {
        switch event {
        case .startCreatingItem:
            isCreatingItem = true
            partialItemName = ""
        case .cancelCreatingItem:
            isCreatingItem = false
        case .changePartialItemName(let name):
            partialItemName = name
        case .addItem(let id):
            todoItems.append(TodoItem(id: id, title: partialItemName))
            partialItemName = ""
            isCreatingItem = false
        case .setItemDone(_, let isDone):
            // An unknown id leaves the state exactly as it was, stateName included.
            guard let itemIndex else { return }
            todoItems[itemIndex].isFinished = isDone
        }
        stateName = event.kind.rawValue
    }
}
