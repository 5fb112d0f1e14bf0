import ByteLevel
import TodoDomain

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Whole states of a ``FrameLog`` now and then, in a spill file, so that a
/// long travel loads one and redoes a little instead of undoing a long way.
struct StateSnapshots {
    private let spill: SpillFile
    /// Per frame with a snapshot: where it starts and how many items it holds.
    private var offsets: [Int: (offset: Int, items: Int)] = [:]
    /// Snapshots are taken at least this many frames apart.
    private let spacing: Int
    /// The snapshots read back last, whole: travels to random frames of a
    /// long list load the same few again and again.
    private let recent = RecentSnapshotStates(byteBudget: 12 << 20)

    var diskFailure: Int32? { spill.diskFailure }
    var isSealed: Bool { spill.isSealed }

    init(memoryLimit: Int, spacing: Int, sealing: (any SpillSealing)? = nil) {
        spill = SpillFile(memoryLimit: memoryLimit, sealing: sealing)
        self.spacing = spacing
    }

    /// Call after each frame: keeps `state` (frame `frame`'s) when its line
    /// of ancestors has gone `framesSince` frames without a snapshot, enough
    /// for its size, and says whether it did. Counted along the line, not
    /// over the whole log, every line has snapshots as close: two branches
    /// that grow in turns would otherwise see every snapshot fall on one.
    /// Snapshots cost about one item written per frame, whatever the list's length.
    mutating func didMake(frame: Int, state: TodoState, framesSince: Int) -> Bool {
        guard framesSince >= max(spacing, state.todoItems.count) else { return false }
        let offset = spill.count
        // Written piece by piece: a long title goes to disk without a copy of it in memory.
        spill.append(bytesOf: UInt8(state.isCreatingItem ? 1 : 0))
        spill.appendCounted(state.stateName)
        spill.appendCounted(state.partialItemName)
        spill.append(bytesOf: UInt32(state.todoItems.count))
        // About one item per frame is written here.
        for item in state.todoItems {
            spill.append(bytesOf: item.id.uuid)
            spill.append(bytesOf: UInt8(item.isFinished ? 1 : 0))
            spill.appendCounted(item.title)
        }
        offsets[frame] = (offset, state.todoItems.count)
        return true
    }

    /// How many items the snapshot of frame `frame` holds, if it has one.
    func itemCount(of frame: Int) -> Int? { offsets[frame]?.items }

    /// The state of frame `frame`, which must have a snapshot (frame 0 is the initial state).
    func state(of frame: Int) throws -> SnapshotState {
        guard let stored = offsets[frame] else { return SnapshotState(TodoState()) }
        if let kept = recent.snapshot(of: frame) { return kept }
        let snapshot = SnapshotState(try read(at: stored.offset))
        recent.keep(snapshot, of: frame)
        return snapshot
    }

    private func read(at offset: Int) throws -> TodoState {
        var cursor = SpillCursor(spill, at: offset)
        let creating = try cursor.load(UInt8.self) == 1
        let name = try cursor.countedString()
        let partial = try cursor.countedString()
        let count = Int(try cursor.load(UInt32.self))
        var items: [TodoItem] = []
        items.reserveCapacity(count)
        for _ in 0..<count {
            let id = UUID(uuid: try cursor.load(uuid_t.self))
            let done = try cursor.load(UInt8.self) == 1
            items.append(TodoItem(id: id, title: try cursor.countedString(), isFinished: done))
        }
        return TodoState(isCreatingItem: creating, partialItemName: partial, todoItems: items, stateName: name)
    }
}
