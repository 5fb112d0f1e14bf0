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

    /// A state; the defaults are the app's initial state.
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

    /// The app's reducer, exactly as `session-log.md` specifies it (what it
    /// changes is described by ``apply(_:)``'s patch).
    public mutating func update(with event: TodoEvent) {
        _ = apply(event)
    }

    /// The same reducer, for a caller that keeps its own index of item ids:
    /// `itemIndex` is where the item a `setItemDone` names is (the first with
    /// its id), or `nil` when no item has it. Other events ignore it.
    package mutating func update(with event: TodoEvent, itemIndex: Int?) {
        _ = apply(event, itemIndex: itemIndex)
    }

    /// The reducer itself, the one place that says what each event does: it
    /// applies `event` and returns the parts it set, old and new.
    package mutating func apply(_ event: TodoEvent, itemIndex: Int?) -> TodoPatch {
        var patch = TodoPatch()
        switch event {
        case .startCreatingItem:
            patch.isCreatingItem = .init(old: isCreatingItem, new: true)
            patch.partialItemName = .init(old: partialItemName, new: "")
            isCreatingItem = true
            partialItemName = ""
        case .cancelCreatingItem:
            patch.isCreatingItem = .init(old: isCreatingItem, new: false)
            isCreatingItem = false
        case .changePartialItemName(let name):
            patch.partialItemName = .init(old: partialItemName, new: name)
            partialItemName = name
        case .addItem(let id):
            let item = TodoItem(id: id, title: partialItemName)
            patch.appendedItem = item
            patch.partialItemName = .init(old: partialItemName, new: "")
            patch.isCreatingItem = .init(old: isCreatingItem, new: false)
            todoItems.append(item)
            partialItemName = ""
            isCreatingItem = false
        case .setItemDone(_, let isDone):
            // An unknown id leaves the state exactly as it was, stateName included.
            guard let itemIndex else { return patch }
            patch.itemFinished = .init(index: itemIndex, old: todoItems[itemIndex].isFinished, new: isDone)
            todoItems[itemIndex].isFinished = isDone
        }
        let name = event.kind.rawValue
        patch.stateName = .init(old: stateName, new: name)
        stateName = name
        return patch
    }
}
