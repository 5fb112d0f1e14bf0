/// Reads a ``SpillFile`` forward from an offset: small values through a
/// window read a block at a time, a long string straight into its own
/// storage (never a second copy of it).
package struct SpillCursor {
    static let windowSize = 1 << 16

    private let spill: SpillFile
    /// Where the next read starts.
    package private(set) var offset: Int
    private var window = [UInt8](repeating: 0, count: SpillCursor.windowSize)
    /// `windowStart..<windowStart + windowCount` of the spill is in `window`.
    private var windowStart = 0
    private var windowCount = 0

    /// A cursor on `spill` at `offset`.
    package init(_ spill: SpillFile, at offset: Int) {
        self.spill = spill
        self.offset = offset
    }

    /// The next value, as ``SpillFile/append(bytesOf:)`` appended it.
    package mutating func load<Value: BitwiseCopyable>(_ type: Value.Type) throws -> Value {
        let size = MemoryLayout<Value>.size
        try fill(size)
        defer { offset += size }
        let start = offset - windowStart
        return window.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: start, as: Value.self) }
    }

    /// The next `count` bytes, as UTF-8.
    package mutating func string(count: Int) throws -> String {
        guard count > 0 else { return "" }
        defer { offset += count }
        if count <= Self.windowSize {
            try fill(count)
            let start = offset - windowStart
            return window.withUnsafeBytes { String(decoding: $0[start..<start + count], as: UTF8.self) }
        }
        return try spill.string(at: offset, count: count)
    }

    /// The next text, as ``SpillFile/appendCounted(_:)`` appended it.
    package mutating func countedString() throws -> String {
        try string(count: Int(try load(UInt32.self)))
    }

    /// Makes sure `offset..<offset + count` (at most a window) is in the window.
    private mutating func fill(_ count: Int) throws {
        if offset >= windowStart && offset + count <= windowStart + windowCount { return }
        windowStart = offset
        windowCount = max(count, min(Self.windowSize, spill.count - offset))
        try window.withUnsafeMutableBytes { try spill.read(at: offset, into: UnsafeMutableRawBufferPointer(rebasing: $0[..<windowCount])) }
    }
}
