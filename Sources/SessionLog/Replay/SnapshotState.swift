import TodoDomain

/// A state read back from a snapshot, and the id index of its list once an
/// event needed one: while the snapshot is kept in memory
/// (``RecentSnapshotStates``), shared by every replay state loaded from it,
/// so that travels to random frames of a long list hash its ids once per
/// snapshot, not once per travel.
final class SnapshotState {
    let state: TodoState
    /// About how much memory it holds: its list (40 bytes an item, and the
    /// text of each title too long to be kept inside its string) and the
    /// table of its index, counted before it is made.
    let bytes: Int
    /// Whether it is kept in memory for later travels: a replay state loaded
    /// from one that is not holds no reference to it, so that its list is
    /// changed in place, not copied, and no index is made for it.
    private(set) var isKept = false
    private var madeIndex: ItemIndex?

    init(_ state: TodoState) {
        self.state = state
        let titles = state.todoItems.reduce(0) { bytes, item in
            let count = item.title.utf8.count
            return bytes + (count > Self.longestInlineTitle ? count + 32 : 0)
        }
        bytes =
            state.todoItems.count * MemoryLayout<TodoItem>.stride + titles
            + ItemIndex.tableBytes(capacity: Self.indexCapacity(state))
    }

    /// The most UTF-8 bytes a string holds inside itself, with no storage of its own.
    private static let longestInlineTitle = 15

    /// Marks it kept by ``RecentSnapshotStates``.
    func markKept() { isKept = true }

    /// The index of the snapshot's list, made the first time it is asked
    /// for, with room for half as many items again: the frames redone from
    /// the snapshot to a travel's target (fewer than its items, or the
    /// snapshots' spacing) seldom add more, and each time they outgrow the
    /// table, every id is hashed again.
    var index: ItemIndex {
        if let madeIndex { return madeIndex }
        let index = ItemIndex(state, capacity: Self.indexCapacity(state))
        madeIndex = index
        return index
    }

    private static func indexCapacity(_ state: TodoState) -> Int { state.todoItems.count * 3 / 2 + 1_024 }
}
