import ByteLevel
import Foundation
import SessionLog

/// Fixed-size records appended to a ``SessionLog/SpillFile`` and read back
/// by index, forward or backward, a 64 KiB block at a time: what the
/// metrics keep per frame (and per row of the event table) without holding
/// it in memory, so memory stays flat however long the session.
///
/// A class: it owns its spill and its block of records read back.
final class RecordSpill<Record: BitwiseCopyable> {
    private let spill: SpillFile
    private var block: [UInt8] = []
    /// The offset of ``block`` in the spill, or -1.
    private var blockStart = -1
    private static var blockSize: Int { 1 << 16 }
    /// The first failed read back, as an `errno` (`EIO` for a file cut short).
    private(set) var readFailure: Int32?

    /// - Parameter memoryLimit: Bytes kept in memory before the records move to disk.
    init(memoryLimit: Int = 1 << 20) {
        spill = SpillFile(memoryLimit: memoryLimit)
    }

    /// Records appended so far.
    private(set) var count = 0

    /// The `errno` of the first failed write or read, if any: the records
    /// read back then cannot be trusted, and the command fails.
    var failure: Int32? { spill.diskFailure ?? readFailure }

    func append(_ record: Record) {
        withUnsafeBytes(of: record) { spill.append($0) }
        count += 1
    }

    /// The record at `index` (`0..<count`); a zeroed record after a failed read (see ``failure``).
    subscript(index: Int) -> Record {
        // Records are packed: `size` bytes each, read unaligned.
        let stride = MemoryLayout<Record>.size
        let offset = index * stride
        if blockStart < 0 || offset < blockStart || offset + stride > blockStart + block.count {
            load(around: offset, stride: stride)
        }
        return block.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset - blockStart, as: Record.self) }
    }

    /// Reads the block holding the record at `offset`, placed so that a walk
    /// in either direction finds the next records in it.
    private func load(around offset: Int, stride: Int) {
        let perBlock = max(1, Self.blockSize / stride)
        let start = offset / (perBlock * stride) * (perBlock * stride)
        let size = min(perBlock * stride, count * stride - start)
        block = [UInt8](repeating: 0, count: max(size, stride))
        blockStart = start
        do {
            try block.withUnsafeMutableBytes { try spill.read(at: start, into: UnsafeMutableRawBufferPointer(rebasing: $0[..<size])) }
        } catch {
            if readFailure == nil { readFailure = (error as? SpillReadError)?.code ?? EIO }
        }
    }
}
