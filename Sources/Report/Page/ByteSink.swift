import ByteLevel
import SessionLog

/// Where a page is written: a file descriptor, or memory.
protocol ByteSink {
    mutating func write(_ bytes: ByteView) throws
}

extension ByteSink {
    mutating func write(_ text: String) throws {
        try text.withByteView { bytes throws in try write(bytes) }
    }

    mutating func write(_ spill: SpillFile) throws {
        try spill.forEachChunk { try write($0) }
    }
}

/// Collects a page in memory.
struct MemorySink: ByteSink {
    var bytes: [UInt8] = []

    mutating func write(_ bytes: ByteView) throws {
        self.bytes.append(contentsOf: bytes)
    }
}

/// Writes a page to a file descriptor in 1 MiB blocks; call ``BufferedFileWriter/flush()`` at the end.
extension BufferedFileWriter: ByteSink {}
