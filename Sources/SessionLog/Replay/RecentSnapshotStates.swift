import TodoDomain

/// A few whole states read back from snapshots, the most recently used
/// kept while their snapshots' bytes stay within a budget: travels to
/// random frames of a long list load the same few snapshots again and again,
/// and each read decodes every item. A kept state shares its storage with
/// whoever loads it (a list is copied only when changed).
final class RecentSnapshotStates {
    private var kept: [(frame: Int, state: TodoState, bytes: Int)] = []
    private let byteBudget: Int
    private let maxCount: Int

    /// Keeps at most `maxCount` states, whose snapshots take at most `byteBudget` bytes together.
    init(byteBudget: Int, maxCount: Int = 8) {
        self.byteBudget = byteBudget
        self.maxCount = maxCount
    }

    /// Frame `frame`'s state, if kept; it becomes the most recent.
    func state(of frame: Int) -> TodoState? {
        guard let position = kept.lastIndex(where: { $0.frame == frame }) else { return nil }
        let entry = kept.remove(at: position)
        kept.append(entry)
        return entry.state
    }

    /// Keeps `state`, whose snapshot takes `bytes`, as the most recent,
    /// dropping the least recent past the budget or the count.
    func keep(_ state: TodoState, of frame: Int, bytes: Int) {
        guard bytes <= byteBudget else { return }
        kept.append((frame, state, bytes))
        var total = kept.reduce(0) { $0 + $1.bytes }
        while total > byteBudget || kept.count > maxCount {
            total -= kept.removeFirst().bytes
        }
    }

    /// The frames kept, least recent first: for tests.
    var frames: [Int] { kept.map(\.frame) }
}
