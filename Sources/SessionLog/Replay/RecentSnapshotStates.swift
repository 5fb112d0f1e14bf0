/// A few whole states read back from snapshots, the most recently used kept
/// while their memory stays within a budget: travels to random frames of a
/// long list load the same few snapshots again and again, and each read
/// decodes every item. A kept state shares its storage with whoever loads
/// it (a list is copied only when changed), and so does its id index.
///
/// Each replay has its own (`diff` two, with `--redact` four, `batch` one
/// a worker). A replay state loaded from a snapshot shares its list until
/// it changes it, and refers to the snapshot weakly (for its index).
final class RecentSnapshotStates {
    private var kept: [(frame: Int, snapshot: SnapshotState)] = []
    private let byteBudget: Int
    private let maxCount: Int

    /// Keeps at most `maxCount` snapshots, of at most `byteBudget` bytes together (``SnapshotState/bytes``).
    init(byteBudget: Int, maxCount: Int = 8) {
        self.byteBudget = byteBudget
        self.maxCount = maxCount
    }

    /// Frame `frame`'s snapshot, if kept; it becomes the most recent.
    func snapshot(of frame: Int) -> SnapshotState? {
        guard let position = kept.lastIndex(where: { $0.frame == frame }) else { return nil }
        let entry = kept.remove(at: position)
        kept.append(entry)
        return entry.snapshot
    }

    /// Keeps `snapshot` as the most recent, dropping the least recent past
    /// the budget or the count; one larger than the whole budget is not kept
    /// (``SnapshotState/isKept``).
    func keep(_ snapshot: SnapshotState, of frame: Int) {
        guard snapshot.bytes <= byteBudget else { return }
        snapshot.markKept()
        kept.append((frame, snapshot))
        var total = kept.reduce(0) { $0 + $1.snapshot.bytes }
        while total > byteBudget || kept.count > maxCount {
            total -= kept.removeFirst().snapshot.bytes
        }
    }

    /// The frames kept, least recent first: for tests.
    var frames: [Int] { kept.map(\.frame) }
}
