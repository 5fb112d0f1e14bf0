import ByteLevel

/// Seals spill files with a key made for this process alone and never
/// stored: the keystream for each 32 bytes of a file is the SHA-256 of the
/// key, the file's number and the block's number (SHA-256 in counter mode),
/// so the bytes on disk say nothing without the key, no two files share a
/// keystream, and any range can be read back on its own.
package final class SpillKeystream: SpillSealing {
    /// The key already fed to a stream, copied for each block.
    private let keyed: SHA256Stream

    /// A keystream under a new random key (the system's secure generator).
    package convenience init() {
        var generator = SystemRandomNumberGenerator()
        self.init(key: (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// A keystream under `key`: for tests, which need to know it.
    package init(key: [UInt8]) {
        var stream = SHA256Stream()
        key.withUnsafeBytes { stream.add($0) }
        keyed = stream
    }

    package func apply(to bytes: UnsafeMutableRawBufferPointer, at offset: Int, file: UInt64) {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { pad in
            guard let pad = pad.baseAddress else { return }
            var position = 0
            while position < bytes.count {
                let block = (offset + position) / 32
                let within = (offset + position) % 32
                var stream = keyed
                withUnsafeBytes(of: (file.littleEndian, UInt64(block).littleEndian)) { stream.add($0) }
                stream.digest(into: pad)
                let count = min(32 - within, bytes.count - position)
                for index in 0..<count { base[position + index] ^= pad[within + index] }
                position += count
            }
        }
    }
}
