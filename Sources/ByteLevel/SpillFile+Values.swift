/// Fixed-size values and counted text in a spill, written and read back
/// without the caller touching a pointer. Values are stored as memory holds
/// them (this machine's byte order, no padding between them): a spill is
/// read back only by the process that wrote it.
extension SpillFile {
    /// Appends the bytes of `value`.
    @inlinable @inline(__always)
    package func append<Value: BitwiseCopyable>(bytesOf value: Value) {
        withUnsafeBytes(of: value) { append($0) }
    }

    /// Appends `text`'s UTF-8 (read in place when the string is contiguous:
    /// a copy of it would retain and release it) and returns its count.
    @inlinable @discardableResult
    package func append(_ text: String) -> Int {
        if let count = text.utf8.withContiguousStorageIfAvailable({
            append(UnsafeRawBufferPointer($0))
            return $0.count
        }) {
            return count
        }
        var text = text
        return text.withUTF8 {
            append(UnsafeRawBufferPointer($0))
            return $0.count
        }
    }

    /// Appends `text`'s UTF-8 count as a `UInt32`, then its UTF-8: what
    /// ``SpillCursor/countedString()`` reads back.
    @inlinable
    package func appendCounted(_ text: String) {
        append(bytesOf: UInt32(truncatingIfNeeded: text.utf8.count))
        append(text)
    }

    /// The value whose bytes were appended at `offset`.
    @inlinable
    package func load<Value: BitwiseCopyable>(_ type: Value.Type, at offset: Int) throws -> Value {
        // Still in memory: read in place.
        let start = offset - flushed
        if start >= 0 && start + MemoryLayout<Value>.size <= used { return (buffer + start).loadUnaligned(as: Value.self) }
        return try withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { value in
            // `size` bytes, as `append(bytesOf:)` wrote them: the stride's padding is not in the spill.
            let bytes = UnsafeMutableRawBufferPointer(value)
            try read(at: offset, into: UnsafeMutableRawBufferPointer(rebasing: bytes[..<MemoryLayout<Value>.size]))
            return value[0]
        }
    }

    /// The `count` bytes from `offset`, as UTF-8, read straight into the
    /// string's storage: a long name is not copied twice.
    package func string(at offset: Int, count: Int) throws -> String {
        guard count > 0 else { return "" }
        return try String(unsafeUninitializedCapacity: count) { buffer in
            try read(at: offset, into: UnsafeMutableRawBufferPointer(buffer))
            return count
        }
    }

    /// The `count` bytes from `offset`.
    package func bytes(at offset: Int, count: Int) throws -> [UInt8] {
        try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            try read(at: offset, into: UnsafeMutableRawBufferPointer(buffer))
            initialized = count
        }
    }
}
