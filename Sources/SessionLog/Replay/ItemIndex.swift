import Foundation
import TodoDomain

/// Where the first item with each id sits in the live state: what
/// `setItemDone` needs, kept up to date as items are appended and undone.
struct ItemIndex {
    private var positions: [Key: Int] = [:]

    /// An id as two words, hashed by two rounds of a 64-bit mixer with the
    /// table's seed rather than by `Hasher` (SipHash, a good part of every
    /// event that names an item). The seed goes into both words before
    /// mixing, so ids cannot be chosen to collide without knowing it.
    private struct Key: Hashable {
        let high: UInt64
        let low: UInt64

        init(_ id: UUID) {
            (high, low) = withUnsafeBytes(of: id.uuid) {
                ($0.loadUnaligned(as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            }
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(high)
            hasher.combine(low)
        }

        // What `Dictionary` calls for a key's hash (its default uses `Hasher`).
        func _rawHashValue(seed: Int) -> Int {
            let seed = UInt64(truncatingIfNeeded: seed)
            return Int(truncatingIfNeeded: Self.mix(high ^ seed) ^ Self.mix(low &+ seed &+ 0x9E37_79B9_7F4A_7C15))
        }

        /// MurmurHash3's 64-bit finaliser: every input bit moves every output bit.
        private static func mix(_ value: UInt64) -> UInt64 {
            var x = value
            x ^= x >> 33
            x &*= 0xFF51_AFD7_ED55_8CCD
            x ^= x >> 33
            x &*= 0xC4CE_B9FE_1A85_EC53
            x ^= x >> 33
            return x
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
