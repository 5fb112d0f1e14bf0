#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bytes lent for the length of a call: a line in the reading buffer, a
/// string's UTF-8, a run of a page being written. The log's parser, the
/// replay's line chunks and the page's writers read bytes they do not own
/// through it, so none of them holds a pointer: pointers, their offsets and
/// their lifetimes stay in ByteLevel, where they are tested.
///
/// A view is what `Span<UInt8>` is, written for the platforms the package
/// builds for where `Span` cannot yet be a stored property: valid only inside
/// the closure that lends it (``lend(_:_:)``, ``String/withByteView(_:)``,
/// ``Swift/Array/withByteView(_:)``), never kept after it. Its indices run
/// from 0 to ``count``; a part (``subview(_:)``) counts from 0 again. Every
/// read is checked against the bounds in debug builds (the tests and the
/// fuzzing build), as `UnsafeBufferPointer`'s are; the parsers above it test
/// each index before they read it.
///
/// The type is `public` (its members are `package`) for the compiler: Swift
/// 6.3 does not inline an `@inlinable package` member of a `package` type
/// into another module, and the reader reads every byte through it.
public struct ByteView {
    @usableFromInline let buffer: UnsafeBufferPointer<UInt8>

    @inlinable
    init(_ buffer: UnsafeBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    @inlinable
    init(_ buffer: UnsafeRawBufferPointer) {
        self.buffer = buffer.assumingMemoryBound(to: UInt8.self)
    }

    /// No bytes.
    @inlinable
    package init() {
        buffer = UnsafeBufferPointer(start: nil, count: 0)
    }

    /// The bytes of a literal, which live as long as the program: the one
    /// view that may be kept.
    @inlinable
    package init(_ literal: StaticString) {
        buffer = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
    }

    /// The first `count` bytes of `buffer`, which a ``ByteSource`` has just
    /// filled: for a source that passes on what it read and looks at it on the way.
    @inlinable
    package static func filled(_ buffer: UnsafeMutableRawBufferPointer, count: Int) -> ByteView {
        ByteView(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
    }

    /// Lends `bytes` as a view to `body`: in place when they are contiguous
    /// (an array, a string's UTF-8, a buffer), else copied once.
    @inlinable
    package static func lend<Result, Failure: Error>(
        _ bytes: some Collection<UInt8>, _ body: (ByteView) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        var result: Result?
        var failure: Failure?
        let lent: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            do throws(Failure) { result = try body(ByteView(buffer)) } catch { failure = error }
        }
        if lent == nil {
            Array(bytes).withUnsafeBufferPointer { buffer in
                do throws(Failure) { result = try body(ByteView(buffer)) } catch { failure = error }
            }
        }
        if let failure { throw failure }
        guard let result else { preconditionFailure("the body ran and returned") }
        return result
    }

    /// How many bytes.
    @inlinable
    public var count: Int { buffer.count }

    /// Whether there are no bytes.
    @inlinable
    public var isEmpty: Bool { buffer.isEmpty }

    /// The byte at `index`, which must be in `0..<count`.
    @inlinable @inline(__always)
    public subscript(index: Int) -> UInt8 {
        buffer[index]
    }

    /// The bytes in `range`, a part of this view, counted from 0.
    @inlinable @inline(__always)
    package func subview(_ range: Range<Int>) -> ByteView {
        ByteView(UnsafeBufferPointer(rebasing: buffer[range]))
    }

    /// The bytes from `start` to the end, counted from 0.
    @inlinable @inline(__always)
    package func subview(from start: Int) -> ByteView {
        ByteView(UnsafeBufferPointer(rebasing: buffer[start...]))
    }

    /// Eight bytes from `index` as one little-endian word (`index + 8` must be
    /// at most ``count``): for scans that look at a word at a time.
    @inlinable @inline(__always)
    package func word(at index: Int) -> UInt64 {
        assert(index >= 0 && index &+ 8 <= buffer.count, "a word past the view's end")
        guard let base = buffer.baseAddress else { return 0 }
        return UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
    }

    /// The first sixteen bytes (all of them, when fewer) as two
    /// little-endian words, zero past the end: a short text such as a key
    /// compared in two integer comparisons. A view shorter than a word is
    /// read in two overlapping loads, so no byte outside it is read.
    @inlinable @inline(__always)
    package var firstSixteenBytes: (low: UInt64, high: UInt64) {
        let count = buffer.count
        guard count >= 4, let base = buffer.baseAddress else {
            var low: UInt64 = 0
            for index in 0..<count { low |= UInt64(buffer[index]) << (8 &* index) }
            return (low, 0)
        }
        if count >= 16 { return (word(at: 0), word(at: 8)) }
        if count >= 8 {
            // The last word ends where the view does; shifted down, it holds bytes 8..<count.
            return (word(at: 0), count == 8 ? 0 : word(at: count &- 8) >> (8 &* (16 &- count)))
        }
        // Four to seven bytes: the first four and the last four, overlapping by the same bytes.
        let first = UInt64(UInt32(littleEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt32.self)))
        let last = UInt64(UInt32(littleEndian: UnsafeRawPointer(base + (count &- 4)).loadUnaligned(as: UInt32.self)))
        return (first | last << (8 &* (count &- 4)), 0)
    }

    /// The first index from `start` whose byte is `byte`, or `nil`.
    package func firstIndex(of byte: UInt8, from start: Int) -> Int? {
        guard start < buffer.count, let base = buffer.baseAddress,
            let found = memchr(base + start, Int32(byte), buffer.count - start)
        else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Whether the two views hold the same bytes; up to sixteen (a short
    /// title, a key) in two word comparisons rather than a call to `memcmp`.
    @inlinable
    package func bytesEqual(_ other: ByteView) -> Bool {
        guard buffer.count == other.buffer.count else { return false }
        if buffer.count <= 16 { return firstSixteenBytes == other.firstSixteenBytes }
        return longBytesEqual(other)
    }

    /// ``bytesEqual(_:)`` of two views of the same length, past sixteen bytes.
    @usableFromInline
    func longBytesEqual(_ other: ByteView) -> Bool {
        guard let base = buffer.baseAddress, let otherBase = other.buffer.baseAddress else { return true }
        return memcmp(base, otherBase, buffer.count) == 0
    }

    /// The bytes as text; a byte that is not UTF-8 becomes U+FFFD.
    @inlinable
    package var text: String {
        String(decoding: buffer, as: UTF8.self)
    }

    /// The bytes as an array of their own, to keep.
    @inlinable
    package var array: [UInt8] {
        Array(buffer)
    }

    /// Lends the bytes' memory to a C function that reads `count` bytes from
    /// a pointer (`write(2)`, zlib, Nettle): the one way a view's bytes leave
    /// as a pointer.
    @inlinable
    package func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(UnsafeRawBufferPointer(buffer))
    }
}

/// The bytes as a collection, for the standard library's algorithms
/// (`elementsEqual`, `allSatisfy`, `String(decoding:as:)`) and for users of
/// the package who are handed a view: a part of a view (a `Slice`) keeps its
/// indices, as a collection's parts do; ``ByteView/subview(_:)`` counts from 0.
extension ByteView: RandomAccessCollection {
    /// A byte's offset from the view's start.
    public typealias Index = Int
    /// The offsets of every byte, in order.
    public typealias Indices = Range<Int>

    /// 0.
    @inlinable public var startIndex: Int { 0 }
    /// ``count``.
    @inlinable public var endIndex: Int { buffer.count }
    /// `0..<count`.
    @inlinable public var indices: Range<Int> { 0..<buffer.count }

    /// Calls `body` with the bytes in place: the algorithms that look for
    /// contiguous storage (copying, decoding) then read them in one piece.
    @inlinable
    public func withContiguousStorageIfAvailable<Result>(
        _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result? {
        try body(buffer)
    }
}

extension String {
    /// Lends the string's UTF-8 as a view to `body`, in place when the
    /// string is native, else from a copy.
    @inlinable
    package func withByteView<Result, Failure: Error>(_ body: (ByteView) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        try ByteView.lend(utf8, body)
    }

    /// Whether the string's UTF-8 holds `byte`, found with `memchr`: a
    /// `utf8.contains` steps through the bytes one call at a time.
    package func utf8Contains(_ byte: UInt8) -> Bool {
        withByteView { $0.firstIndex(of: byte, from: 0) != nil }
    }

    /// Whether any byte of the string's UTF-8 satisfies `predicate`, read in
    /// place (faster than through `utf8`'s iterator).
    @inlinable
    package func utf8Contains(where predicate: (UInt8) -> Bool) -> Bool {
        withByteView { $0.buffer.contains(where: predicate) }
    }
}

extension Array where Element == UInt8 {
    /// Appends the view's bytes in one copy.
    @inlinable
    package mutating func append(contentsOf view: ByteView) {
        append(contentsOf: view.buffer)
    }

    /// Lends the array's bytes as a view to `body`.
    @inlinable
    package func withByteView<Result, Failure: Error>(_ body: (ByteView) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        try ByteView.lend(self, body)
    }
}
