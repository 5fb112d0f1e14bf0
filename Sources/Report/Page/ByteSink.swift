import ByteLevel
import Foundation
import SessionLog

/// Where a page is written: a file descriptor, or memory.
protocol ByteSink {
    mutating func write(_ bytes: UnsafeRawBufferPointer) throws
}

extension ByteSink {
    mutating func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }

    mutating func write(_ spill: SpillFile) throws {
        try spill.forEachChunk { try write($0) }
    }
}

/// Collects a page in memory.
struct MemorySink: ByteSink {
    var bytes: [UInt8] = []

    mutating func write(_ bytes: UnsafeRawBufferPointer) throws {
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

    mutating func write(_ bytes: UnsafeRawBufferPointer) throws {
        if buffer.count + bytes.count > 1 << 20 { try flush() }
        if bytes.count >= 1 << 20 {
            try Self.writeAll(bytes, to: descriptor)
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    mutating func flush() throws {
        try buffer.withUnsafeBytes { try Self.writeAll($0, to: descriptor) }
        buffer.removeAll(keepingCapacity: true)
    }

    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws {
        do {
            try FileDescriptorIO.write(bytes, to: descriptor)
        } catch {
            throw SystemCallError("write", errno: error.errno)
        }
    }
}
