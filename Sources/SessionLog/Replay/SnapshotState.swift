import TodoDomain

/// A state read back from a snapshot, and the id index of its list once an
/// event needed one: shared by every replay state loaded from the snapshot,
/// so that travels to random frames of a long list hash its ids once per
/// snapshot, not once per travel.
final class SnapshotState {
    let state: TodoState
    /// About how much memory it holds: its list (about as much as the
    /// snapshot takes in its spill) and its index, counted before it is made.
    let bytes: Int
    private var madeIndex: ItemIndex?

    init(_ state: TodoState, spilledBytes: Int = 0) {
        self.state = state
        bytes = spilledBytes + ItemIndex.tableBytes(capacity: Self.indexCapacity(state))
    }

    /// The index of the snapshot's list, made the first time it is asked
    /// for, with room for as many items again: the next snapshot on a line
    /// is at most as many frames on as this one's items (or the spacing), so
    /// the frames redone from it seldom make its table grow (which hashes
    /// every id again).
    var index: ItemIndex {
        if let madeIndex { return madeIndex }
        let index = ItemIndex(state, capacity: Self.indexCapacity(state))
        madeIndex = index
        return index
    }

    private static func indexCapacity(_ state: TodoState) -> Int { 2 * state.todoItems.count + 1_024 }
}
