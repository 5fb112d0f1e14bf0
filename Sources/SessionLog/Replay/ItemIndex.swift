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
/// An index can be stale (``stale(loadedFrom:)``): then it holds nothing,
/// changes are not kept, and its owner makes it again from the state before
/// it asks it anything. A travel that loads a snapshot makes a stale one, so
/// that only an event that names an item pays for the list's ids, and then
/// only for those the snapshot's own index (made once) does not have.
struct ItemIndex {
    private var positions: [Key: Int] = [:]
    /// Whether the index is out of step with the state: made again before use.
    private var isStale = false
    /// For a stale index, the snapshot its state was loaded from, while it
    /// is kept in memory: a weak reference, so that a snapshot the cache
    /// drops is freed at once, not held until the index is made.
    private weak var loadedFrom: SnapshotState?

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

    /// The index of a whole state, with room for `capacity` ids before its table grows.
    init(_ state: TodoState, capacity: Int? = nil) {
        positions.reserveCapacity(max(capacity ?? 0, state.todoItems.count))
        for (position, item) in state.todoItems.enumerated() {
            didAppend(item.id, at: position)
        }
    }

    /// An index that knows nothing yet, to be made when first needed from
    /// its state, which was loaded from `snapshot` (`nil`: from the whole list).
    static func stale(loadedFrom snapshot: SnapshotState?) -> ItemIndex {
        var index = ItemIndex()
        index.isStale = true
        index.loadedFrom = snapshot
        return index
    }

    /// Makes the index from `state` if it is stale.
    mutating func update(from state: TodoState) {
        if isStale { rebuild(from: state) }
    }

    /// From the snapshot's index when `state`'s list starts with the
    /// snapshot's ids (as after the frames redone from it), indexing only
    /// the items after them; else from the whole list. Apart, so that the
    /// replay's every event does not carry the loops inlined.
    @inline(never)
    private mutating func rebuild(from state: TodoState) {
        guard let snapshot = loadedFrom, Self.startsWithIDs(of: snapshot.state.todoItems, state.todoItems) else {
            self = ItemIndex(state)
            return
        }
        self = snapshot.index  // its table, copied only as items are added
        for position in snapshot.state.todoItems.count..<state.todoItems.count {
            didAppend(state.todoItems[position].id, at: position)
        }
    }

    /// Whether `list` begins with `prefix`'s ids, in order.
    private static func startsWithIDs(of prefix: [TodoItem], _ list: [TodoItem]) -> Bool {
        guard prefix.count <= list.count else { return false }
        if prefix.sharesStorage(with: list) { return true }
        return zip(prefix, list).allSatisfy { $0.id == $1.id }
    }

    /// About the memory the table of an index with room for `capacity` ids
    /// takes: a power of two buckets, at most three quarters full.
    static func tableBytes(capacity: Int) -> Int {
        let buckets = 1 << (Int.bitWidth - (max(capacity, 1) * 4 / 3).leadingZeroBitCount)
        return buckets * (MemoryLayout<Key>.stride + MemoryLayout<Int>.stride)
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
