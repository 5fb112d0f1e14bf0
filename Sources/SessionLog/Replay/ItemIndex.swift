import ByteLevel
import TodoDomain

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where the first item with each id sits in the live state: what
/// `setItemDone` needs, kept up to date as items are appended and undone.
struct ItemIndex {
    private var positions: [Key: Int] = [:]

    /// An id as two words, which `Hasher` takes in two steps: about 1 %
    /// fewer instructions for a whole `validate` than keying by `UUID`
    /// itself (callgrind, 100,000 events).
    private struct Key: Hashable {
        let high: UInt64
        let low: UInt64

        init(_ id: UUID) {
            (high, low) = id.words
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(high)
            hasher.combine(low)
        }
    }

    init() {}

    /// The index of a whole state.
    init(_ state: TodoState) {
        positions.reserveCapacity(state.todoItems.count)
        for (position, item) in state.todoItems.enumerated() {
            didAppend(item.id, at: position)
        }
    }

    func position(of id: UUID) -> Int? { positions[Key(id)] }

    /// Call after `item` was appended at `position`; `false` when an
    /// earlier item has its id (which stays the one found). One lookup.
    @discardableResult
    mutating func didAppend(_ id: UUID, at position: Int) -> Bool {
        let count = positions.count
        // Reaching the entry through the `default:` subscript adds it when
        // it is missing and leaves it as it is otherwise.
        Self.keep(&positions[Key(id), default: position])
        return positions.count != count
    }

    /// Call after the item with `id` was removed from the end, leaving `count` items.
    mutating func didRemoveLast(_ id: UUID, count: Int) {
        let key = Key(id)
        if positions[key] == count { positions[key] = nil }
    }

    private static func keep(_ value: inout Int) {}
}
