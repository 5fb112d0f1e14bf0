import Foundation
import TodoDomain

/// The session's history as an undo log of patches, kept in ``SpillFile``s
/// rather than as states: per frame its parent and the ``TodoPatch`` its
/// event made. With it the one live state can travel to any frame: undo up
/// to the common ancestor, redo down to the target. That costs the length
/// of the path, whatever the size of the state. The log never looks at
/// events: what an event does is the reducer's to say.
struct FrameLog {
    private let records: SpillFile
    /// Each frame's strings and appended item (see ``FrameRecord``).
    private let values: SpillFile
    private var snapshots: StateSnapshots
    private var names = NameTable()
    private var frameCount = 1

    /// The first failed write of its spill files, if any (see ``SpillFile/diskFailure``).
    var spillFailure: Int32? { records.diskFailure ?? values.diskFailure ?? snapshots.diskFailure }

    /// Travels shorter than this (in frames) undo and redo; longer ones may
    /// start from a snapshot, taken at least this many frames apart.
    private let shortTravel: Int
    /// The last block of records read back, for walks along the history.
    private let cache = RecordCache()

    /// - Parameter memoryLimit: Bytes of each spill kept in memory before it moves to disk.
    init(memoryLimit: Int = 4 << 20, shortTravel: Int = 4_096) {
        self.shortTravel = shortTravel
        records = SpillFile(memoryLimit: memoryLimit)
        values = SpillFile(memoryLimit: memoryLimit)
        snapshots = StateSnapshots(memoryLimit: memoryLimit, spacing: shortTravel)
    }

    // MARK: Writing

    /// Records the next frame: made from frame `parent` by `patch`, giving
    /// `state`.
    mutating func append(_ patch: TodoPatch, parent: Int, giving state: TodoState) {
        var record = FrameRecord(parent: Int64(parent), values: UInt64(values.count))
        if let change = patch.isCreatingItem {
            record.flags.insert(.creating)
            if change.old { record.flags.insert(.oldCreating) }
            if change.new { record.flags.insert(.newCreating) }
        }
        if let change = patch.partialItemName {
            record.flags.insert(.partial)
            record.oldPartialLength = appendString(change.old)
            record.newPartialLength = appendString(change.new)
        }
        if let item = patch.appendedItem {
            record.flags.insert(.appended)
            withUnsafeBytes(of: item.id.uuid) { values.append($0) }
            values.append(byte: item.isFinished ? 1 : 0)
            if let change = patch.partialItemName, change.old == item.title {
                record.flags.insert(.titleIsOldPartial)
            } else {
                var title = item.title
                title.withUTF8 { utf8 in
                    withUnsafeBytes(of: UInt32(utf8.count)) { values.append($0) }
                    values.append(UnsafeRawBufferPointer(utf8))
                }
            }
        }
        if let change = patch.itemFinished {
            record.flags.insert(.finished)
            record.itemIndex = Int32(change.index)
            if change.old { record.flags.insert(.oldFinished) }
            if change.new { record.flags.insert(.newFinished) }
        }
        if let change = patch.stateName {
            record.flags.insert(.stateName)
            record.oldName = names.code(of: change.old)
            record.newName = names.code(of: change.new)
        }
        withUnsafeBytes(of: &record) { records.append($0) }
        snapshots.didMake(frame: frameCount, state: state)
        frameCount += 1
    }

    private func appendString(_ text: String) -> UInt32 {
        var text = text
        return UInt32(text.withUTF8 { values.append(UnsafeRawBufferPointer($0)); return $0.count })
    }

    // MARK: Travel

    /// Moves `state` (the state of frame `from`, with its id index) to frame `to`.
    ///
    /// The way through the common ancestor is found first, by parents alone;
    /// when it is long and a snapshot on `to`'s line is nearer, the travel
    /// starts from the snapshot instead.
    func travel(_ state: inout TodoState, index: inout ItemIndex, from: Int, to: Int) {
        var up = from
        var down = to
        var ups: [Int] = []
        var downs: [Int] = []
        while up != down {
            if up > down {
                ups.append(up)
                up = parent(of: up)
            } else {
                downs.append(down)
                down = parent(of: down)
            }
        }
        let direct = ups.count + downs.count
        if direct > shortTravel, let (snapshot, path) = snapshotPath(to: to, within: direct - state.todoItems.count) {
            state = snapshots.state(of: snapshot)
            index = ItemIndex(state)
            redo(path, on: &state, index: &index)
            return
        }
        var scalars = PendingScalars()
        for frame in ups { undo(record(frame), on: &state, index: &index, scalars: &scalars) }
        write(scalars, to: &state)
        redo(downs, on: &state, index: &index)
    }

    /// The nearest snapshot on `to`'s line of ancestors (frame 0 at the
    /// latest) and the frames to redo from it, if there are at most `limit`.
    private func snapshotPath(to: Int, within limit: Int) -> (snapshot: Int, path: [Int])? {
        var path: [Int] = []
        var frame = to
        while frame > 0 {
            if snapshots.has(frame) { return (frame, path) }
            guard path.count < limit else { return nil }
            path.append(frame)
            frame = parent(of: frame)
        }
        return (0, path)
    }

    /// Redoes `frames`, given newest first.
    private func redo(_ frames: [Int], on state: inout TodoState, index: inout ItemIndex) {
        var scalars = PendingScalars()
        for frame in frames.reversed() {
            let record = self.record(frame)
            let flags = record.flags
            if flags.contains(.creating) { scalars.creating = flags.contains(.newCreating) }
            if flags.contains(.partial) {
                scalars.partial = (Int(record.values) + Int(record.oldPartialLength), Int(record.newPartialLength))
            }
            if flags.contains(.appended) {
                let item = appendedItem(record)
                state.todoItems.append(item)
                index.didAppend(item.id, at: state.todoItems.count - 1)
            }
            if flags.contains(.finished) { state.todoItems[Int(record.itemIndex)].isFinished = flags.contains(.newFinished) }
            if flags.contains(.stateName) { scalars.stateName = record.newName }
        }
        write(scalars, to: &state)
    }

    /// Undoes one record: the list at once (its changes depend on order),
    /// the scalar fields into `scalars`, where an older record's values
    /// replace a newer one's.
    private func undo(_ record: FrameRecord, on state: inout TodoState, index: inout ItemIndex, scalars: inout PendingScalars) {
        let flags = record.flags
        if flags.contains(.finished) { state.todoItems[Int(record.itemIndex)].isFinished = flags.contains(.oldFinished) }
        if flags.contains(.appended), let item = state.todoItems.popLast() {
            index.didRemoveLast(item.id, count: state.todoItems.count)
        }
        if flags.contains(.creating) { scalars.creating = flags.contains(.oldCreating) }
        if flags.contains(.partial) { scalars.partial = (Int(record.values), Int(record.oldPartialLength)) }
        if flags.contains(.stateName) { scalars.stateName = record.oldName }
    }

    /// Values of the scalar fields found along a path; written once at the
    /// end, so that a long path decodes each string once.
    private struct PendingScalars {
        var creating: Bool?
        var partial: (offset: Int, length: Int)?
        var stateName: UInt8?
    }

    private func write(_ scalars: PendingScalars, to state: inout TodoState) {
        if let creating = scalars.creating { state.isCreatingItem = creating }
        if let name = scalars.stateName { state.stateName = names.name(name) }
        if let (offset, length) = scalars.partial { state.partialItemName = loadString(at: offset, length: length) }
    }

    func parent(of frame: Int) -> Int {
        Int(record(frame).parent)
    }

    // MARK: Reading

    private func record(_ frame: Int) -> FrameRecord {
        let stride = MemoryLayout<FrameRecord>.stride
        let offset = (frame - 1) * stride
        var record = FrameRecord()
        // Records still in memory are read directly; those on disk a block at a time.
        guard offset + stride <= records.onDisk else {
            withUnsafeMutableBytes(of: &record) { records.read(at: offset, into: $0) }
            return record
        }
        let block = offset / RecordCache.blockSize
        if cache.block != block || cache.bytes.count < offset - block * RecordCache.blockSize + stride {
            let start = block * RecordCache.blockSize
            let size = min(RecordCache.blockSize, records.onDisk - start)
            cache.bytes = [UInt8](repeating: 0, count: size)
            cache.bytes.withUnsafeMutableBytes { records.read(at: start, into: $0) }
            cache.block = block
        }
        return cache.bytes.withUnsafeBytes { raw in
            raw.loadUnaligned(fromByteOffset: offset - block * RecordCache.blockSize, as: FrameRecord.self)
        }
    }

    private func appendedItem(_ record: FrameRecord) -> TodoItem {
        let offset = record.appendedItemOffset
        var id: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var finished: UInt8 = 0
        var length: UInt32 = 0
        withUnsafeMutableBytes(of: &id) { values.read(at: offset, into: $0) }
        withUnsafeMutableBytes(of: &finished) { values.read(at: offset + 16, into: $0) }
        let title: String
        if record.flags.contains(.titleIsOldPartial) {
            title = loadString(at: Int(record.values), length: Int(record.oldPartialLength))
        } else {
            withUnsafeMutableBytes(of: &length) { values.read(at: offset + 17, into: $0) }
            title = loadString(at: offset + 21, length: Int(length))
        }
        return TodoItem(id: UUID(uuid: id), title: title, isFinished: finished == 1)
    }

    /// `length` bytes of the value spill from `offset`, read straight into
    /// the string's storage: a long name is not copied twice.
    private func loadString(at offset: Int, length: Int) -> String {
        guard length > 0 else { return "" }
        return String(unsafeUninitializedCapacity: length) { buffer in
            values.read(at: offset, into: UnsafeMutableRawBufferPointer(buffer))
            return length
        }
    }
}
