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

    private let records: SpillFile
    private let strings: SpillFile
    /// The last block of records read back, for walks along the history.
    private let cache = RecordCache()

    /// - Parameter memoryLimit: Bytes of each spill kept in memory before it moves to disk.
    init(memoryLimit: Int = 4 << 20) {
        records = SpillFile(memoryLimit: memoryLimit)
        strings = SpillFile(memoryLimit: memoryLimit)
    }

    // MARK: Writing

    /// Records the event that made the next frame from `parent`, given the
    /// state it was applied to (before the event) and the item position a
    /// `setItemDone` resolved to.
    mutating func append(_ event: TodoEvent, parent: Int, before state: TodoState, itemIndex: Int?) {
        var record = Record()
        record.parent = Int64(parent)
        record.kind = UInt8(TodoEvent.Kind.allCases.firstIndex(of: event.kind) ?? 0)
        record.oldStateName = UInt8(Self.stateNames.firstIndex(of: state.stateName) ?? 0)
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
    }

    // MARK: Travel

    /// Moves `state` (the state of frame `from`, with its id index) to frame `to`.
    func travel(_ state: inout TodoState, index: inout ItemIndex, from: Int, to: Int) {
        var up = from
        var down = to
        var redo: [Int] = []
        while up != down {
            if up > down {
                let record = self.record(up)
                undo(record, on: &state, index: &index)
                up = Int(record.parent)
            } else {
                redo.append(down)
                down = parent(of: down)
            }
        }
        for frame in redo.reversed() {
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
        let block = offset / RecordCache.blockSize
        if cache.block != block || cache.bytes.count < offset - block * RecordCache.blockSize + stride {
            let start = block * RecordCache.blockSize
            let size = min(RecordCache.blockSize, records.count - start)
            cache.bytes = [UInt8](repeating: 0, count: size)
            cache.bytes.withUnsafeMutableBytes { records.read(at: start, into: $0) }
            cache.block = block
        }
        return cache.bytes.withUnsafeBytes { raw in
            raw.loadUnaligned(fromByteOffset: offset - block * RecordCache.blockSize, as: Record.self)
        }
    }

    private func event(_ record: Record) -> TodoEvent {
        switch TodoEvent.Kind.allCases[Int(record.kind)] {
        case .startCreatingItem: return .startCreatingItem
        case .cancelCreatingItem: return .cancelCreatingItem
        case .changePartialItemName: return .changePartialItemName(loadStrings(record.payload).new)
        case .addItem: return .addItem(id: UUID(uuid: record.payload))
        case .setItemDone: return .setItemDone(id: UUID(uuid: record.payload), isDone: record.flags & Record.newDone != 0)
        }
    }

    private func undo(_ record: Record, on state: inout TodoState, index: inout ItemIndex) {
        let oldCreating = record.flags & Record.oldCreating != 0
        switch TodoEvent.Kind.allCases[Int(record.kind)] {
        case .startCreatingItem:
            state.isCreatingItem = oldCreating
            state.partialItemName = loadStrings(record.payload).old
        case .cancelCreatingItem:
            state.isCreatingItem = oldCreating
        case .changePartialItemName:
            state.partialItemName = loadStrings(record.payload).old
        case .addItem:
            if let item = state.todoItems.popLast() {
                index.didRemoveLast(item, count: state.todoItems.count)
                state.partialItemName = item.title
            }
            state.isCreatingItem = oldCreating
        case .setItemDone:
            if record.position >= 0 { state.todoItems[Int(record.position)].isFinished = record.flags & Record.oldDone != 0 }
        }
        state.stateName = Self.stateNames[Int(record.oldStateName)]
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

    private func loadStrings(_ payload: uuid_t) -> (new: String, old: String) {
        var payload = payload
        let (offset, newLength, oldLength) = withUnsafeBytes(of: &payload) { raw in
            (Int(raw.load(fromByteOffset: 0, as: UInt64.self)), Int(raw.load(fromByteOffset: 8, as: UInt32.self)),
             Int(raw.load(fromByteOffset: 12, as: UInt32.self)))
        }
        var bytes = [UInt8](repeating: 0, count: newLength + oldLength)
        bytes.withUnsafeMutableBytes { strings.read(at: offset, into: $0) }
        return (String(decoding: bytes[..<newLength], as: UTF8.self), String(decoding: bytes[newLength...], as: UTF8.self))
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
