/// Writes many small pieces to a file descriptor in blocks of up to 1 MiB
/// (a piece that large goes straight through): the one buffered writer of
/// the package's outputs. Call ``flush()`` at the end; what is still in the
/// buffer is not written otherwise. The descriptor stays the caller's.
package struct BufferedFileWriter {
    package static let blockSize = 1 << 20

    package let descriptor: Int32
    private var buffer: [UInt8] = []

    /// A writer to `descriptor`, its buffer empty.
    package init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(Self.blockSize)
    }

    /// Adds `bytes`, writing the buffer first if they would not fit.
    package mutating func write(_ bytes: ByteView) throws(SystemCallError) {
        if buffer.count + bytes.count > Self.blockSize { try flush() }
        if bytes.count >= Self.blockSize {
            try FileDescriptorIO.writeOutput(bytes, to: descriptor)
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    /// Adds `text`'s UTF-8.
    package mutating func write(_ text: String) throws(SystemCallError) {
        try text.withByteView { bytes throws(SystemCallError) in try write(bytes) }
    }

    /// Writes what the buffer holds.
    package mutating func flush() throws(SystemCallError) {
        try buffer.withByteView { bytes throws(SystemCallError) in try FileDescriptorIO.writeOutput(bytes, to: descriptor) }
        buffer.removeAll(keepingCapacity: true)
    }
}
