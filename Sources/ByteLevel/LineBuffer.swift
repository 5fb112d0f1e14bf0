#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bytes on the heap that grow and shrink with `realloc`, for
/// ``LineSplitter``: a large block moves by remapping pages rather than by
/// copying them, and pages never written take no memory.
final class LineBuffer {
    // Read for every byte of a line's end and every line: no dynamic exclusivity checks.
    @exclusivity(unchecked) private(set) var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private(set) var capacity: Int

    init(capacity: Int) throws(LineBufferError) {
        guard let allocated = malloc(capacity) else { throw LineBufferError(bytes: capacity) }
        self.capacity = capacity
        base = allocated.assumingMemoryBound(to: UInt8.self)
    }

    deinit {
        free(base)
    }

    /// Changes the capacity, keeping the first `min(capacity, newCapacity)` bytes.
    func resize(to newCapacity: Int) throws(LineBufferError) {
        guard newCapacity != capacity else { return }
        guard let moved = realloc(base, newCapacity) else { throw LineBufferError(bytes: newCapacity) }
        base = moved.assumingMemoryBound(to: UInt8.self)
        capacity = newCapacity
    }

    subscript(_ offset: Int) -> UInt8 { base[offset] }

    /// `count` bytes from `offset`, valid until the next resize.
    func bytes(from offset: Int, count: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + offset, count: count)
    }

    /// Room from `offset` to the end, to read into.
    func room(from offset: Int) -> UnsafeMutableRawBufferPointer {
        UnsafeMutableRawBufferPointer(start: base + offset, count: capacity - offset)
    }

    /// Where the first `0x0A` in `offset..<end` is, if any.
    func newline(from offset: Int, to end: Int) -> Int? {
        guard offset < end, let found = memchr(base + offset, 0x0A, end - offset) else { return nil }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }

    /// Moves `count` bytes at `offset` to `destination` (the ranges may overlap).
    func move(from offset: Int, to destination: Int, count: Int) {
        guard offset != destination, count > 0 else { return }
        memmove(base + destination, base + offset, count)
    }
}

/// A line's buffer could not grow: the machine is out of memory.
public struct LineBufferError: Error, Sendable, CustomStringConvertible {
    /// The size asked for.
    public var bytes: Int
    /// What went wrong and what to do.
    public var description: String {
        "cannot allocate \(bytes) bytes to hold a line; lower the line limit (--max-line-bytes) or free memory"
    }
}
