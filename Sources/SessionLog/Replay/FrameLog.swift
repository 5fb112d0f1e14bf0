import Foundation
import TodoDomain

/// The session's history as an undo log, kept in ``SpillFile``s rather than
/// as states: per frame its parent, its event and what the event overwrote.
/// With it the one live state can travel to any frame: undo up to the
/// common ancestor, redo down to the target. That costs the length of the
/// path, whatever the size of the state.
struct FrameLog {
    /// One frame's record: 32 bytes.
    private struct Record {
        var parent: Int64 = 0
        var kind: UInt8 = 0
        var flags: UInt8 = 0
        var oldStateName: UInt8 = 0
        var reserved: UInt8 = 0
        /// setItemDone: the item's position, -1 when no item has the id.
        var position: Int32 = -1
        /// add and setItemDone: the id. change and start: string offset and lengths.
        var payload: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

        static let oldCreating: UInt8 = 1
        static let oldDone: UInt8 = 2
        static let newDone: UInt8 = 4
    }

    private static let stateNames = [TodoState.initialStateName] + TodoEvent.Kind.allCases.map(\.rawValue)
    private static let kinds = TodoEvent.Kind.allCases

    private static func code(of kind: TodoEvent.Kind) -> UInt8 {
        switch kind {
        case .startCreatingItem: 0
        case .cancelCreatingItem: 1
        case .changePartialItemName: 2
        case .addItem: 3
        case .setItemDone: 4
        }
    }

    /// A state name's code: 0 for the initial name, 1… for the event kinds
    /// (the six names have six different lengths).
    private static func stateNameCode(_ name: String) -> UInt8 {
        switch name.utf8.count {
        case 17: 1
        case 18: 2
        case 21: 3
        case 7: 4
        case 11: 5
        default: 0
        }
    }

    private let records: SpillFile
    private let strings: SpillFile
    /// Whole states now and then, so a long travel loads one and redoes a
    /// little instead of undoing a long way.
    private let snapshots: SpillFile

    /// The first failed write of its spill files, if any (see ``SpillFile/diskFailure``).
    var spillFailure: Int32? { records.diskFailure ?? strings.diskFailure ?? snapshots.diskFailure }
    private var snapshotOffsets: [Int: Int] = [:]
    private var framesSinceSnapshot = 0
    private var frameCount = 1

    /// Travels shorter than this (in frames) undo and redo; longer ones may
    /// start from a snapshot, taken at least this many frames apart.
    private let shortTravel: Int
    /// The last block of records read back, for walks along the history.
    private let cache = RecordCache()

    /// - Parameter memoryLimit: Bytes of each spill kept in memory before it moves to disk.
    init(memoryLimit: Int = 4 << 20, shortTravel: Int = 4_096) {
        self.shortTravel = shortTravel
        records = SpillFile(memoryLimit: memoryLimit)
        strings = SpillFile(memoryLimit: memoryLimit)
        snapshots = SpillFile(memoryLimit: memoryLimit)
    }

    // MARK: Writing

    /// Records the event that made the next frame from `parent`, given the
    /// state it was applied to (before the event) and the item position a
    /// `setItemDone` resolved to.
    mutating func append(_ event: TodoEvent, parent: Int, before state: TodoState, itemIndex: Int?) {
        var record = Record()
        record.parent = Int64(parent)
        record.kind = Self.code(of: event.kind)
        record.oldStateName = Self.stateNameCode(state.stateName)
        if state.isCreatingItem { record.flags |= Record.oldCreating }
        switch event {
        case .startCreatingItem:
            record.payload = storeStrings("", state.partialItemName)
        case .cancelCreatingItem:
            break
        case .changePartialItemName(let name):
            record.payload = storeStrings(name, state.partialItemName)
        case .addItem(let id):
            record.payload = id.uuid
        case .setItemDone(let id, let isDone):
            record.payload = id.uuid
            if isDone { record.flags |= Record.newDone }
            if let itemIndex {
                record.position = Int32(itemIndex)
                if state.todoItems[itemIndex].isFinished { record.flags |= Record.oldDone }
            }
        }
        withUnsafeBytes(of: &record) { records.append($0) }
        frameCount += 1
    }

    /// Call after the event appended last has been applied: keeps a snapshot
    /// of `state` when enough frames have passed for its size. Snapshots
    /// cost about one item written per frame, whatever the list's length.
    mutating func didApply(giving state: TodoState) {
        framesSinceSnapshot += 1
        guard framesSinceSnapshot >= max(shortTravel, state.todoItems.count) else { return }
        framesSinceSnapshot = 0
        snapshotOffsets[frameCount - 1] = snapshots.count
        // Written piece by piece: a long title goes to disk without a copy of it in memory.
        let spill = snapshots
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
        append(Self.stateNameCode(state.stateName))
        appendString(state.partialItemName)
        append(UInt32(state.todoItems.count))
        for item in state.todoItems {
            append(item.id.uuid)
            append(UInt8(item.isFinished ? 1 : 0))
            appendString(item.title)
        }
    }

    private func loadSnapshot(at offset: Int) -> TodoState {
        var cursor = SpillCursor(snapshots, at: offset)
        let creating = cursor.load(UInt8.self) == 1
        let name = Self.stateNames[Int(cursor.load(UInt8.self))]
        let partial = cursor.string(count: Int(cursor.load(UInt32.self)))
        let count = Int(cursor.load(UInt32.self))
        var items: [TodoItem] = []
        items.reserveCapacity(count)
        for _ in 0..<count {
            let id = UUID(uuid: cursor.load(uuid_t.self))
            let done = cursor.load(UInt8.self) == 1
            items.append(TodoItem(id: id, title: cursor.string(count: Int(cursor.load(UInt32.self))), isFinished: done))
        }
        return TodoState(isCreatingItem: creating, partialItemName: partial, todoItems: items, stateName: name)
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
            state = snapshot.map(loadSnapshot) ?? TodoState()
            index = ItemIndex(state)
            redo(path, on: &state, index: &index)
            return
        }
        var scalars = PendingScalars()
        for frame in ups { undo(record(frame), on: &state, index: &index, scalars: &scalars) }
        // Of the fields every event overwrites, only the oldest undone value counts: decode it once.
        if let creating = scalars.creating { state.isCreatingItem = creating }
        if let name = scalars.stateName { state.stateName = Self.stateNames[Int(name)] }
        switch scalars.partial {
        case .none: break
        case .title(let title): state.partialItemName = title
        case .stored(let payload): state.partialItemName = loadString(payload, old: true)
        }
        redo(downs, on: &state, index: &index)
    }

    /// The nearest snapshot on `to`'s line of ancestors (`nil` for frame 0)
    /// and the frames to redo from it, if there are at most `limit`.
    private func snapshotPath(to: Int, within limit: Int) -> (snapshot: Int?, path: [Int])? {
        var path: [Int] = []
        var frame = to
        while frame > 0 {
            if let offset = snapshotOffsets[frame] { return (offset, path) }
            guard path.count < limit else { return nil }
            path.append(frame)
            frame = parent(of: frame)
        }
        return (nil, path)
    }


    private func redo(_ frames: [Int], on state: inout TodoState, index: inout ItemIndex) {
        for frame in frames.reversed() {
            let record = self.record(frame)
            let event = self.event(record)
            let itemIndex = record.position >= 0 ? Int(record.position) : nil
            index.willApply(event, to: state)
            state.update(with: event, itemIndex: itemIndex)
        }
    }

    func parent(of frame: Int) -> Int {
        Int(record(frame).parent)
    }

    // MARK: Reading

    private func record(_ frame: Int) -> Record {
        let stride = MemoryLayout<Record>.stride
        let offset = (frame - 1) * stride
        var record = Record()
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
            raw.loadUnaligned(fromByteOffset: offset - block * RecordCache.blockSize, as: Record.self)
        }
    }

    private func event(_ record: Record) -> TodoEvent {
        switch Self.kinds[Int(record.kind)] {
        case .startCreatingItem: return .startCreatingItem
        case .cancelCreatingItem: return .cancelCreatingItem
        case .changePartialItemName: return .changePartialItemName(loadString(record.payload, old: false))
        case .addItem: return .addItem(id: UUID(uuid: record.payload))
        case .setItemDone: return .setItemDone(id: UUID(uuid: record.payload), isDone: record.flags & Record.newDone != 0)
        }
    }

    /// Undoes one record: the list at once (its changes depend on order),
    /// the scalar fields into `scalars`, where an older record's values replace
    /// a newer one's.
    private func undo(_ record: Record, on state: inout TodoState, index: inout ItemIndex, scalars: inout PendingScalars) {
        let oldCreating = record.flags & Record.oldCreating != 0
        scalars.stateName = record.oldStateName
        switch Self.kinds[Int(record.kind)] {
        case .startCreatingItem:
            scalars.creating = oldCreating
            scalars.partial = .stored(record.payload)
        case .cancelCreatingItem:
            scalars.creating = oldCreating
        case .changePartialItemName:
            scalars.partial = .stored(record.payload)
        case .addItem:
            if let item = state.todoItems.popLast() {
                index.didRemoveLast(item, count: state.todoItems.count)
                scalars.partial = .title(item.title)
            }
            scalars.creating = oldCreating
        case .setItemDone:
            if record.position >= 0 { state.todoItems[Int(record.position)].isFinished = record.flags & Record.oldDone != 0 }
        }
    }

    /// Values of the scalar fields found while undoing; applied once at the end.
    private struct PendingScalars {
        enum Partial {
            case title(String)
            case stored(uuid_t)
        }
        var creating: Bool?
        var partial: Partial?
        var stateName: UInt8?
    }

    // MARK: Strings

    /// Stores two strings back to back; the payload holds offset and lengths.
    private func storeStrings(_ new: String, _ old: String) -> uuid_t {
        let offset = UInt64(strings.count)
        var newCopy = new, oldCopy = old
        let newLength = UInt32(newCopy.withUTF8 { strings.append(UnsafeRawBufferPointer($0)); return $0.count })
        let oldLength = UInt32(oldCopy.withUTF8 { strings.append(UnsafeRawBufferPointer($0)); return $0.count })
        var payload: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &payload) { raw in
            raw.storeBytes(of: offset, toByteOffset: 0, as: UInt64.self)
            raw.storeBytes(of: newLength, toByteOffset: 8, as: UInt32.self)
            raw.storeBytes(of: oldLength, toByteOffset: 12, as: UInt32.self)
        }
        return payload
    }

    /// One of the two strings of `payload` (the old one, or the new), read
    /// straight into the string's storage: a long name is not copied twice.
    private func loadString(_ payload: uuid_t, old: Bool) -> String {
        var payload = payload
        let (offset, newLength, oldLength) = withUnsafeBytes(of: &payload) { raw in
            (Int(raw.load(fromByteOffset: 0, as: UInt64.self)), Int(raw.load(fromByteOffset: 8, as: UInt32.self)),
             Int(raw.load(fromByteOffset: 12, as: UInt32.self)))
        }
        let (start, length) = old ? (offset + newLength, oldLength) : (offset, newLength)
        guard length > 0 else { return "" }
        return String(unsafeUninitializedCapacity: length) { buffer in
            strings.read(at: start, into: UnsafeMutableRawBufferPointer(buffer))
            return length
        }
    }
}

/// One block of a ``FrameLog``'s records, read back whole.
private final class RecordCache {
    static let blockSize = 64 * 1024
    var block = -1
    var bytes: [UInt8] = []
}

/// Where the first item with each id sits in the live state: what
/// `setItemDone` needs, kept up to date as items are added and undone.
struct ItemIndex {
    private var positions: [UUID: Int] = [:]

    init() {}

    /// The index of a whole state.
    init(_ state: TodoState) {
        positions.reserveCapacity(state.todoItems.count)
        for (position, item) in state.todoItems.enumerated() where positions[item.id] == nil {
            positions[item.id] = position
        }
    }

    func position(of id: UUID) -> Int? { positions[id] }

    /// Call before applying `event` to `state`.
    mutating func willApply(_ event: TodoEvent, to state: TodoState) {
        if case .addItem(let id) = event, positions[id] == nil {
            positions[id] = state.todoItems.count
        }
    }

    mutating func didRemoveLast(_ item: TodoItem, count: Int) {
        if positions[item.id] == count { positions[item.id] = nil }
    }
}
