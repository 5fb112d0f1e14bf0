import ByteLevel
import Foundation
import TodoDomain

/// Whole states of a ``FrameLog`` now and then, in a spill file, so that a
/// long travel loads one and redoes a little instead of undoing a long way.
struct StateSnapshots {
    private let spill: SpillFile
    /// Per frame with a snapshot: where it starts and how many items it holds.
    private var offsets: [Int: (offset: Int, items: Int)] = [:]
    private var framesSinceSnapshot = 0
    /// Snapshots are taken at least this many frames apart.
    private let spacing: Int

    var diskFailure: Int32? { spill.diskFailure }

    init(memoryLimit: Int, spacing: Int) {
        spill = SpillFile(memoryLimit: memoryLimit)
        self.spacing = spacing
    }

    /// Call after each frame: keeps `state` (frame `frame`'s) when enough
    /// frames have passed for its size. Snapshots cost about one item
    /// written per frame, whatever the list's length.
    mutating func didMake(frame: Int, state: TodoState) {
        framesSinceSnapshot += 1
        guard framesSinceSnapshot >= max(spacing, state.todoItems.count) else { return }
        framesSinceSnapshot = 0
        offsets[frame] = (spill.count, state.todoItems.count)
        // Written piece by piece: a long title goes to disk without a copy of it in memory.
        let spill = self.spill
        func append<T>(_ value: T) {
            withUnsafeBytes(of: value) { spill.append($0) }
        }
        func appendString(_ text: String) {
            var text = text
            text.withUTF8 { utf8 in
                append(UInt32(utf8.count))
                spill.append(UnsafeRawBufferPointer(utf8))
            }
        }
        append(UInt8(state.isCreatingItem ? 1 : 0))
        appendString(state.stateName)
        appendString(state.partialItemName)
        append(UInt32(state.todoItems.count))
        // About one item per frame is written here: each item's id, finished
        // byte and title length go in one append, and its title is read in place.
        state.todoItems.withUnsafeBufferPointer { items in
            guard let first = items.baseAddress else { return }
            withUnsafeTemporaryAllocation(byteCount: 21, alignment: 1) { header in
                for index in items.indices {
                    // Read through the pointer: the item is borrowed, not copied (a copy retains and releases its title).
                    let item = first + index
                    withUnsafeBytes(of: item.pointee.id.uuid) { header.copyMemory(from: $0) }
                    header.storeBytes(of: UInt8(item.pointee.isFinished ? 1 : 0), toByteOffset: 16, as: UInt8.self)
                    header.storeBytes(of: UInt32(item.pointee.title.utf8.count), toByteOffset: 17, as: UInt32.self)
                    spill.append(UnsafeRawBufferPointer(header))
                    let inPlace: Void? = item.pointee.title.utf8.withContiguousStorageIfAvailable {
                        spill.append(UnsafeRawBufferPointer($0))
                    }
                    if inPlace == nil {
                        var title = item.pointee.title
                        title.withUTF8 { spill.append(UnsafeRawBufferPointer($0)) }
                    }
                }
            }
        }
    }

    /// How many items the snapshot of frame `frame` holds, if it has one.
    func itemCount(of frame: Int) -> Int? { offsets[frame]?.items }

    /// The state of frame `frame`, which must have a snapshot (frame 0 is the initial state).
    func state(of frame: Int) throws -> TodoState {
        guard let offset = offsets[frame]?.offset else { return TodoState() }
        var cursor = SpillCursor(spill, at: offset)
        let creating = try cursor.load(UInt8.self) == 1
        let name = try cursor.string(count: Int(try cursor.load(UInt32.self)))
        let partial = try cursor.string(count: Int(try cursor.load(UInt32.self)))
        let count = Int(try cursor.load(UInt32.self))
        var items: [TodoItem] = []
        items.reserveCapacity(count)
        for _ in 0..<count {
            let id = UUID(uuid: try cursor.load(uuid_t.self))
            let done = try cursor.load(UInt8.self) == 1
            items.append(TodoItem(id: id, title: try cursor.string(count: Int(try cursor.load(UInt32.self))), isFinished: done))
        }
        return TodoState(isCreatingItem: creating, partialItemName: partial, todoItems: items, stateName: name)
    }
}
