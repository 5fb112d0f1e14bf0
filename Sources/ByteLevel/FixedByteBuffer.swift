#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

/// Bytes appended in place to a buffer of a fixed capacity, which its owner
/// empties when it is full: for text gathered in pieces and handed on in
/// large blocks (a state's canonical JSON on its way to SHA-256), where an
/// array's append costs more than the hashing itself.
///
/// An append that does not fit stops the program: ask ``room`` first.
///
/// The class is `public` (its members are `package`) for the compiler: Swift
/// 6.3 does not inline an `@inlinable package` member of a `package` type
/// into another module.
public final class FixedByteBuffer {
    @usableFromInline let base: UnsafeMutableRawPointer
    /// How many bytes it holds at most.
    @usableFromInline package let capacity: Int
    /// How many bytes it holds.
    @exclusivity(unchecked) @usableFromInline package private(set) var count = 0

    /// An empty buffer for up to `capacity` bytes.
    package init(capacity: Int) {
        precondition(capacity > 0, "a buffer with no room")
        self.capacity = capacity
        base = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    }

    deinit {
        base.deallocate()
    }

    /// How many more bytes fit.
    @inlinable @inline(__always)
    package var room: Int { capacity &- count }

    /// Appends `bytes`, which must fit.
    @inlinable @inline(__always)
    package func append(_ bytes: ByteView) {
        precondition(bytes.count <= room, "bytes past the buffer's end")
        guard let source = bytes.buffer.baseAddress else { return }
        (base + count).copyMemory(from: source, byteCount: bytes.count)
        count &+= bytes.count
    }

    /// Appends one byte, which must fit.
    @inlinable @inline(__always)
    package func append(_ byte: UInt8) {
        precondition(room >= 1, "a byte past the buffer's end")
        base.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count &+= 1
    }

    /// Appends `id` as upper-case UUID text (``UUIDText/count`` bytes, which must fit).
    package func append(uuid id: uuid_t) {
        precondition(room >= UUIDText.count, "an id past the buffer's end")
        UUIDText.write(id, to: base + count)
        count &+= UUIDText.count
    }

    /// Appends `count` bytes, which must fit, that `write` puts at the
    /// pointer it is given: for text of a known length written in place
    /// (a time, an id).
    @inlinable @inline(__always)
    package func append(count: Int, writing write: (UnsafeMutableRawPointer) -> Void) {
        precondition(count <= room, "bytes past the buffer's end")
        write(base + self.count)
        self.count &+= count
    }

    /// Appends `value` in decimal, as `String(value)` spells it (at most 20
    /// bytes, which must fit).
    package func append(decimal value: Int64) {
        let digits = DecimalText.digitCount(value.magnitude)
        let sign = value < 0 ? 1 : 0
        append(count: sign &+ digits) { target in
            if sign == 1 { target.storeBytes(of: UInt8(ascii: "-"), as: UInt8.self) }
            DecimalText.write(value.magnitude, digits: digits, endingAt: target + sign + digits)
        }
    }

    /// Lends what the buffer holds to `body`, then empties it.
    package func drain<Failure: Error>(_ body: (ByteView) throws(Failure) -> Void) throws(Failure) {
        defer { count = 0 }
        try body(ByteView(UnsafeRawBufferPointer(start: base, count: count)))
    }
}
