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

    /// The app's reducer, exactly as the `todo-session/1` format (the
    /// `SessionLog` module's article on it) says each event changes the
    /// state; what it changes is described by ``apply(_:)``'s patch.
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
        // Each case makes its patch with the memberwise initialiser (in place),
        // and old strings are moved out of the state into it rather than copied.
        let name = event.kind.rawValue
        switch event {
        case .startCreatingItem:
            let creating = TodoPatch.Change(old: isCreatingItem, new: true)
            isCreatingItem = true
            return TodoPatch(
                stateName: .init(old: Self.take(&stateName, name), new: name), isCreatingItem: creating,
                partialItemName: .init(old: Self.take(&partialItemName, ""), new: ""), appendedItem: nil, itemFinished: nil)
        case .cancelCreatingItem:
            let creating = TodoPatch.Change(old: isCreatingItem, new: false)
            isCreatingItem = false
            return TodoPatch(
                stateName: .init(old: Self.take(&stateName, name), new: name), isCreatingItem: creating,
                partialItemName: nil, appendedItem: nil, itemFinished: nil)
        case .changePartialItemName(let newName):
            return TodoPatch(
                stateName: .init(old: Self.take(&stateName, name), new: name), isCreatingItem: nil,
                partialItemName: .init(old: Self.take(&partialItemName, newName), new: newName), appendedItem: nil,
                itemFinished: nil)
        case .addItem(let id):
            let item = TodoItem(id: id, title: Self.take(&partialItemName, ""))
            let creating = TodoPatch.Change(old: isCreatingItem, new: false)
            isCreatingItem = false
            todoItems.append(item)
            return TodoPatch(
                stateName: .init(old: Self.take(&stateName, name), new: name), isCreatingItem: creating,
                partialItemName: .init(old: item.title, new: ""), appendedItem: item, itemFinished: nil)
        case .setItemDone(_, let isDone):
            // An unknown id leaves the state exactly as it was, stateName included.
            guard let itemIndex else { return TodoPatch() }
            let finished = TodoPatch.ItemFinished(index: itemIndex, old: todoItems[itemIndex].isFinished, new: isDone)
            todoItems[itemIndex].isFinished = isDone
            return TodoPatch(
                stateName: .init(old: Self.take(&stateName, name), new: name), isCreatingItem: nil,
                partialItemName: nil, appendedItem: nil, itemFinished: finished)
        }
    }

    /// Sets `part` to `value` and returns what it held, moved out rather than copied.
    private static func take(_ part: inout String, _ value: String) -> String {
        var old = value
        swap(&old, &part)
        return old
    }
}
