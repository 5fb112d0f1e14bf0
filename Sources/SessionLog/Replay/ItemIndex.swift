import Foundation
import TodoDomain

/// Where the first item with each id sits in the live state: what
/// `setItemDone` needs, kept up to date as items are appended and undone.
struct ItemIndex {
    private var positions: [UUID: Int] = [:]

    init() {}

    /// The index of a whole state.
    init(_ state: TodoState) {
        positions.reserveCapacity(state.todoItems.count)
        for (position, item) in state.todoItems.enumerated() where positions[item.id] == nil {
            positions[item.id] = position
        }
    }

    func position(of id: UUID) -> Int? { positions[id] }

    /// Call after `item` was appended at `position`.
    mutating func didAppend(_ id: UUID, at position: Int) {
        if positions[id] == nil { positions[id] = position }
    }

    /// Call after the item with `id` was removed from the end, leaving `count` items.
    mutating func didRemoveLast(_ id: UUID, count: Int) {
        if positions[id] == count { positions[id] = nil }
    }
}
