import ByteLevel
import TodoDomain

#if canImport(Glibc)
    import Glibc
    import FoundationEssentials
#else
    import Foundation
#endif

/// The session's history as an undo log of patches, kept in ``SpillFile``s
/// rather than as states: per frame its parent and the ``TodoPatch`` its
/// event made, with a whole state now and then. With it the one live state
/// can travel to any frame: undo up to the common ancestor, redo down to
/// the target, or start from a snapshot when that is nearer. That costs the length
/// of the path, whatever the size of the state (``TimeTravelEngine`` does
/// the walking). The log never looks at events: what an event does is the
/// reducer's to say.
struct FrameLog {
    private let records: RecordSpill<FrameRecord>
    /// Each frame's strings and appended item (see ``FrameRecord``).
    private let values: SpillFile
    private var snapshots: StateSnapshots
    private var names = NameTable()
    /// The newest frame and the code of its state's name, once a patch set
    /// it: a frame made from it has that name as its old one.
    private var lastName: (frame: Int, code: UInt8)?
    /// The newest frame's ``FrameRecord/sinceSnapshot``, for the next frame, most often made from it.
    private var newestSinceSnapshot = 0
    private(set) var frameCount = 1

    /// The first failed write of its spill files (see ``SpillFile/diskFailure``)
    /// or failed read, if any: a replay must then not be trusted.
    var spillFailure: Int32? {
        records.diskFailure ?? values.diskFailure ?? snapshots.diskFailure ?? records.readFailure ?? readFailure.first?.code
    }
    /// The first read that came back short.
    private let readFailure = SpillReadFailures()

    /// Snapshots are taken at least this many frames apart on a line;
    /// travels shorter than a quarter of it undo and redo, longer ones may
    /// start from a snapshot.
    private let shortTravel: Int

    /// - Parameters:
    ///   - memoryLimit: Bytes of each spill kept in memory before it moves to disk.
    ///   - sealing: How the spills are sealed on disk, if they are (a log read
    ///     unredacted beside its redacted reading).
    /// Whether every spill of the undo log is sealed on disk.
    var isSealed: Bool { records.isSealed && values.isSealed && snapshots.isSealed }

    /// How many bytes of its frames a replay keeps in memory before it spills them to disk,
    /// unless told otherwise.
    static let defaultMemoryLimit = 4 << 20

    /// The spacing of snapshots on a line, unless told otherwise: four times
    /// the travel `TimeTravelEngine` first asks one for.
    static let defaultShortTravel = 4_096

    init(memoryLimit: Int = defaultMemoryLimit, shortTravel: Int = defaultShortTravel, sealing: (any SpillSealing)? = nil) {
        self.shortTravel = shortTravel
        records = RecordSpill(memoryLimit: memoryLimit, sealing: sealing)
        values = SpillFile(memoryLimit: memoryLimit, sealing: sealing)
        snapshots = StateSnapshots(memoryLimit: memoryLimit, spacing: shortTravel, sealing: sealing)
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
            record.oldPartialLength = UInt32(truncatingIfNeeded: values.append(change.old))
            record.newPartialLength = UInt32(truncatingIfNeeded: values.append(change.new))
        }
        if let item = patch.appendedItem {
            record.flags.insert(.appended)
            values.append(bytesOf: item.id.uuid)
            values.append(byte: item.isFinished ? 1 : 0)
            if let change = patch.partialItemName, change.old == item.title {
                record.flags.insert(.titleIsOldPartial)
            } else {
                values.appendCounted(item.title)
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
            // The old name is the parent's: known without a lookup when the parent is the last frame.
            if let last = lastName, last.frame == parent {
                record.oldName = last.code
            } else {
                record.oldName = names.code(of: change.old)
            }
            record.newName = names.code(of: change.new)
            lastName = (frameCount, record.newName)
        } else if let last = lastName, last.frame == parent {
            lastName = (frameCount, last.code)
        } else {
            lastName = nil
        }
        // Counted along the frame's line: from its parent's count, read back only after a travel.
        let since = (parent == frameCount - 1 ? newestSinceSnapshot : parent == 0 ? 0 : Int(self.record(parent).sinceSnapshot)) + 1
        newestSinceSnapshot = snapshots.didMake(frame: frameCount, state: state, framesSince: since) ? 0 : since
        if newestSinceSnapshot == 0 { record.flags.insert(.snapshot) }
        record.sinceSnapshot = UInt32(clamping: newestSinceSnapshot)
        records.append(record)
        frameCount += 1
    }

    // MARK: Reading

    /// The patch of frame `frame` (≥ 1), read back.
    func patch(of frame: Int) -> TodoPatch {
        let record = self.record(frame)
        let flags = record.flags
        var patch = TodoPatch()
        if flags.contains(.creating) {
            patch.isCreatingItem = .init(old: flags.contains(.oldCreating), new: flags.contains(.newCreating))
        }
        if flags.contains(.partial) {
            let old = Int(record.oldPartialLength)
            patch.partialItemName = .init(
                old: loadString(at: Int(record.values), length: old),
                new: loadString(at: Int(record.values) + old, length: Int(record.newPartialLength)))
        }
        if flags.contains(.appended) { patch.appendedItem = appendedItem(record) }
        if flags.contains(.finished) {
            patch.itemFinished = .init(
                index: Int(record.itemIndex), old: flags.contains(.oldFinished), new: flags.contains(.newFinished))
        }
        if flags.contains(.stateName) { patch.stateName = .init(old: names.name(record.oldName), new: names.name(record.newName)) }
        return patch
    }

    /// Undoes (or redoes) the patches of `frames` in the order given: the
    /// list at once, since its changes depend on order; the other parts
    /// once at the end, to the value the last patch on the way gives them,
    /// so that a long walk reads each string once.
    func walk<Frames: Sequence<Int>>(_ frames: Frames, undoing: Bool, on state: inout TodoState, index: inout ItemIndex) {
        var creating: Bool?
        var partial: (offset: Int, length: Int)?
        var name: UInt8?
        for frame in frames {
            let record = self.record(frame)
            let flags = record.flags
            if flags.contains(.finished) {
                state.todoItems[Int(record.itemIndex)].isFinished = flags.contains(undoing ? .oldFinished : .newFinished)
            }
            if flags.contains(.appended) {
                if undoing {
                    if let item = state.todoItems.popLast() { index.didRemoveLast(item.id, count: state.todoItems.count) }
                } else {
                    let item = appendedItem(record)
                    state.todoItems.append(item)
                    index.didAppend(item.id, at: state.todoItems.count - 1)
                }
            }
            if flags.contains(.creating) { creating = flags.contains(undoing ? .oldCreating : .newCreating) }
            if flags.contains(.partial) {
                partial =
                    undoing
                    ? (Int(record.values), Int(record.oldPartialLength))
                    : (Int(record.values) + Int(record.oldPartialLength), Int(record.newPartialLength))
            }
            if flags.contains(.stateName) { name = undoing ? record.oldName : record.newName }
        }
        if let creating { state.isCreatingItem = creating }
        if let name { state.stateName = names.name(name) }
        if let (offset, length) = partial { state.partialItemName = loadString(at: offset, length: length) }
    }

    /// The nearest snapshot on `frame`'s line of ancestors (frame 0 at the
    /// latest) and the frames to redo from it, when walking there and
    /// loading it costs less than `limit` frames. Travels shorter than a
    /// quarter of ``shortTravel`` never look.
    func snapshot(onLineTo frame: Int, within limit: Int) -> (snapshot: SnapshotState, path: [Int])? {
        guard limit >= shortTravel / 4 else { return nil }
        // The snapshot is `sinceSnapshot` frames up: no walk when that alone is too far.
        guard frame == 0 || Int(record(frame).sinceSnapshot) < limit else { return nil }
        var path: [Int] = []
        var frame = frame
        while frame > 0 {
            let record = self.record(frame)
            if record.flags.contains(.snapshot), let items = snapshots.itemCount(of: frame) {
                guard path.count + items < limit else { return nil }
                do {
                    return (try snapshots.state(of: frame), path)
                } catch {
                    // The long way, by patches, still gets there.
                    readFailure.record(error)
                    return nil
                }
            }
            guard path.count < limit else { return nil }
            path.append(frame)
            frame = Int(record.parent)
        }
        return (SnapshotState(TodoState()), path)
    }

    func parent(of frame: Int) -> Int {
        Int(record(frame).parent)
    }

    private func record(_ frame: Int) -> FrameRecord { records[frame - 1] }

    private func appendedItem(_ record: FrameRecord) -> TodoItem {
        let offset = record.appendedItemOffset
        // The id, the finished byte and the title's length, then the title (as `append` wrote them).
        let id = reading((0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) { try values.load(uuid_t.self, at: offset) }
        let finished = reading(0) { try values.load(UInt8.self, at: offset + 16) }
        let title =
            record.flags.contains(.titleIsOldPartial)
            ? loadString(at: Int(record.values), length: Int(record.oldPartialLength))
            : loadString(at: offset + 21, length: Int(reading(0) { try values.load(UInt32.self, at: offset + 17) }))
        return TodoItem(id: UUID(uuid: id), title: title, isFinished: finished == 1)
    }

    /// `length` bytes of the value spill from `offset`, as UTF-8.
    private func loadString(at offset: Int, length: Int) -> String {
        reading("") { try values.string(at: offset, count: length) }
    }

    /// What `read` reads, or `fallback` when it fails: the failure is kept as
    /// the log's (see ``spillFailure``), which fails the command, rather than passed over.
    private func reading<Value>(_ fallback: Value, _ read: () throws -> Value) -> Value {
        do {
            return try read()
        } catch {
            readFailure.record(error)
            return fallback
        }
    }
}

/// The first failed read of a ``FrameLog``'s spills.
private final class SpillReadFailures {
    private(set) var first: SpillReadError?

    func record(_ error: any Error) {
        if first == nil { first = error as? SpillReadError ?? SpillReadError(offset: 0, missing: 0, errno: EIO) }
    }
}
