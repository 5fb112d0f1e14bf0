public import TimeTravel

extension TodoState: ReversibleStateMachine {
    /// Applies `event` with the app's reducer and returns what it changed.
    public mutating func apply(_ event: TodoEvent) -> TodoPatch {
        if case .setItemDone(let id, _) = event {
            apply(event, itemIndex: indexOfItem(id: id))
        } else {
            apply(event, itemIndex: nil)
        }
    }

    /// Puts back every part `patch` changed: the state before the event.
    public mutating func undo(_ patch: TodoPatch) {
        if let change = patch.itemFinished { todoItems[change.index].isFinished = change.old }
        if patch.appendedItem != nil { todoItems.removeLast() }
        if let change = patch.isCreatingItem { isCreatingItem = change.old }
        if let change = patch.partialItemName { partialItemName = change.old }
        if let change = patch.stateName { stateName = change.old }
    }

    /// Sets every part `patch` changed to its new value: the state after the event.
    public mutating func redo(_ patch: TodoPatch) {
        if let change = patch.isCreatingItem { isCreatingItem = change.new }
        if let change = patch.partialItemName { partialItemName = change.new }
        if let item = patch.appendedItem { todoItems.append(item) }
        if let change = patch.itemFinished { todoItems[change.index].isFinished = change.new }
        if let change = patch.stateName { stateName = change.new }
    }
}
