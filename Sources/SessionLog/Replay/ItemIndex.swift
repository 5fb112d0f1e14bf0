import ByteLevel
import TodoDomain

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where the first item with each id sits in the live state: what
/// `setItemDone` needs, kept up to date as items are appended and undone.
///
/// An index can be stale (``stale``): then it holds nothing, changes are
/// not kept, and its owner makes it again from the state before it asks
/// it anything. A travel that loads a whole state makes a stale one, so
/// that only an event that names an item pays for hashing the list.
struct ItemIndex {
    private var positions: [Key: Int] = [:]
    /// Whether the index is out of step with the state: made again before use.
    private(set) var isStale = false

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

    /// An index that knows nothing yet, to be made from its state when first needed.
    static var stale: ItemIndex {
        var index = ItemIndex()
        index.isStale = true
        return index
    }

    /// Makes the index from `state` if it is stale.
    mutating func update(from state: TodoState) {
        if isStale { rebuild(from: state) }
    }

    /// Apart, so that the replay's every event does not carry the loop inlined.
    @inline(never)
    private mutating func rebuild(from state: TodoState) {
        self = ItemIndex(state)
    }

    /// Where the first item with `id` is; never asked of a stale index.
    func position(of id: UUID) -> Int? {
        assert(!isStale, "a stale item index was asked for a position")
        return positions[Key(id)]
    }

    /// Call after `item` was appended at `position`; `false` when an
    /// earlier item has its id (which stays the one found). One lookup.
    @discardableResult
    mutating func didAppend(_ id: UUID, at position: Int) -> Bool {
        guard !isStale else { return true }
        let count = positions.count
        // Reaching the entry through the `default:` subscript adds it when
        // it is missing and leaves it as it is otherwise.
        Self.keep(&positions[Key(id), default: position])
        return positions.count != count
    }

    /// Call after the item with `id` was removed from the end, leaving `count` items.
    mutating func didRemoveLast(_ id: UUID, count: Int) {
        guard !isStale else { return }
        let key = Key(id)
        if positions[key] == count { positions[key] = nil }
    }

    private static func keep(_ value: inout Int) {}
}
