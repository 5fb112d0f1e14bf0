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

/// Writes through a 1 MiB buffer to a file descriptor; call ``flush()`` at the end.
struct FileDescriptorSink: ByteSink {
    let descriptor: Int32
    private var buffer: [UInt8] = []

    init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(1 << 20)
    }

    mutating func write(_ bytes: ByteView) throws {
        if buffer.count + bytes.count > 1 << 20 { try flush() }
        if bytes.count >= 1 << 20 {
            try Self.writeAll(bytes, to: descriptor)
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    mutating func flush() throws {
        try buffer.withByteView { bytes throws in try Self.writeAll(bytes, to: descriptor) }
        buffer.removeAll(keepingCapacity: true)
    }

    private static func writeAll(_ bytes: ByteView, to descriptor: Int32) throws {
        do {
            try FileDescriptorIO.write(bytes, to: descriptor)
        } catch {
            throw error.writeError
        }
    }
}
