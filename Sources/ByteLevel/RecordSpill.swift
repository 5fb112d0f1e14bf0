/// Fixed-size records appended to a ``SpillFile`` and read back by index,
/// forward or backward: those still in memory one at a time, those on disk
/// a 64 KiB block at a time. What the replay keeps per frame and the metrics
/// per frame (and per row of the event table) without holding it in memory,
/// so memory stays flat however long the session.
///
/// A struct over a class that is not generic (``RecordBlocks``), with
/// inlinable members: each record type's copy is specialised in the module
/// that uses it, and reaching the storage needs no generic metadata at run
/// time (one append and a few reads per frame).
public struct RecordSpill<Record: BitwiseCopyable> {
    /// The spill and its block read back.
    @usableFromInline let blocks: RecordBlocks

    /// - Parameters:
    ///   - memoryLimit: Bytes kept in memory before the records move to disk.
    ///   - sealing: How the records on disk are sealed, if they are (see ``SpillSealing``).
    package init(memoryLimit: Int = 1 << 20, sealing: (any SpillSealing)? = nil) {
        blocks = RecordBlocks(memoryLimit: memoryLimit, sealing: sealing)
    }

    /// Records appended so far.
    @inlinable
    package var count: Int { blocks.spill.count / MemoryLayout<Record>.size }

    /// Whether the records on disk are sealed.
    package var isSealed: Bool { blocks.spill.isSealed }

    /// The `errno` of the first failed write, if any (see ``SpillFile/diskFailure``).
    package var diskFailure: Int32? { blocks.spill.diskFailure }

    /// The first failed read back, as an `errno` (`EIO` for a file cut short).
    package var readFailure: Int32? { blocks.readFailure }

    /// The `errno` of the first failed write or read, if any: the records
    /// read back then cannot be trusted, and the command fails.
    package var failure: Int32? { diskFailure ?? readFailure }

    /// Appends `record`, as the next index.
    @inlinable
    package func append(_ record: Record) {
        blocks.spill.append(bytesOf: record)
    }

    /// The record at `index` (`0..<count`); a zeroed record after a failed read (see ``failure``).
    @inlinable
    package subscript(index: Int) -> Record {
        // Records are packed: `size` bytes each, read unaligned.
        let size = MemoryLayout<Record>.size
        let offset = index * size
        if !blocks.holds(offset, size: size) {
            guard blocks.isOnDisk(offset, size: size) else { return read(at: offset) }
            blocks.load(around: offset, size: size)
        }
        return blocks.block.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset - blocks.blockStart, as: Record.self) }
    }

    /// One record, read from the spill (one still in memory: in place).
    @inlinable
    package func read(at offset: Int) -> Record {
        do {
            return try blocks.spill.load(Record.self, at: offset)
        } catch {
            blocks.recordFailure(error)
            return withUnsafeTemporaryAllocation(of: Record.self, capacity: 1) { zeroed in
                UnsafeMutableRawBufferPointer(zeroed).initializeMemory(as: UInt8.self, repeating: 0)
                return zeroed[0]
            }
        }
    }
}

/// A ``RecordSpill``'s spill and the blocks of it last read back from disk.
///
/// Its block skips the runtime's exclusivity checks, as ``SpillFile``'s
/// buffer does: every record read looks at it (a few reads a frame, and a
/// walk back over a million of them), and only ``load(around:size:)``
/// replaces it, with no access to it open.
///
/// Besides the block in use, the last blocks read are kept, one for each
/// of ``keptBlocks`` places (a block's place is its number modulo them): a
/// walk up a tree of frames made by travels to random places hops between
/// a few blocks near its root, which a single block read again at every hop.
public final class RecordBlocks {
    /// The records' bytes.
    @usableFromInline let spill: SpillFile
    /// The block in use, read back from disk.
    @exclusivity(unchecked) @usableFromInline private(set) var block: [UInt8] = []
    /// The offset of ``block`` in the spill, or -1.
    @exclusivity(unchecked) @usableFromInline private(set) var blockStart = -1
    /// Blocks read before, with their offsets, by place; empty until the first read.
    private var kept: [(start: Int, bytes: [UInt8])] = []
    static var blockSize: Int { 1 << 16 }
    /// How many blocks are kept: a megabyte at most.
    static var keptBlocks: Int { 16 }
    /// The first failed read back, as an `errno`.
    package private(set) var readFailure: Int32?

    /// Blocks of a new spill that keeps `memoryLimit` bytes in memory, sealed on disk by `sealing`.
    package init(memoryLimit: Int, sealing: (any SpillSealing)? = nil) {
        spill = SpillFile(memoryLimit: memoryLimit, sealing: sealing)
    }

    /// Whether the block read back holds `size` bytes at `offset`.
    @inlinable
    package func holds(_ offset: Int, size: Int) -> Bool {
        blockStart >= 0 && offset >= blockStart && offset + size <= blockStart + block.count
    }

    /// Whether `size` bytes at `offset` are all in the spill's file (not still in memory).
    @inlinable
    func isOnDisk(_ offset: Int, size: Int) -> Bool { offset + size <= spill.flushed }

    /// Reads the block of records on disk that holds the one at `offset`,
    /// placed so that a walk in either direction finds the next records in it.
    @usableFromInline
    func load(around offset: Int, size: Int) {
        let perBlock = max(1, Self.blockSize / size)
        let number = offset / (perBlock * size)
        let start = number * (perBlock * size)
        let length = min(perBlock * size, spill.onDisk - start)
        let place = number % Self.keptBlocks
        if kept.isEmpty { kept = Array(repeating: (-1, []), count: Self.keptBlocks) }
        blockStart = start
        // A kept block is the one on disk only if it is whole: the last block grows as records move to disk.
        if kept[place].start == start, kept[place].bytes.count == length {
            block = kept[place].bytes
            return
        }
        do {
            block = try spill.bytes(at: start, count: length)
            kept[place] = (start, block)
        } catch {
            block = [UInt8](repeating: 0, count: length)
            recordFailure(error)
        }
    }

    /// Keeps the first read failure.
    @usableFromInline
    func recordFailure(_ error: any Error) {
        if readFailure == nil { readFailure = SpillReadError.code(of: error) }
    }
}
