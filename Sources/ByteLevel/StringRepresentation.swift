/// A string's bytes as Swift holds it (sixteen on 64-bit platforms): its
/// text itself when short (up to 15 bytes of UTF-8), else its length, flags
/// and where its storage is.
///
/// Two strings with one representation are the same text, byte for byte,
/// known without reading the text: a list compared with a copy of it that
/// shares its strings touches none of them. A representation kept after its
/// string is gone proves nothing (the storage may then hold other text), so
/// whoever keeps one keeps its string alive too.
///
/// The type is `public` (its members are `package`) for the compiler, as
/// ``ByteView`` is: it is read inline in loops over whole lists.
public struct StringRepresentation: Equatable, Sendable {
    @usableFromInline let low: UInt64
    @usableFromInline let high: UInt64

    /// The representation of `text`.
    @inlinable @inline(__always)
    package init(_ text: String) {
        // A string is 16 bytes on 64-bit platforms and 12 on 32-bit ones: copied whole, the rest zero.
        var bits: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &bits) { target in withUnsafeBytes(of: text) { target.copyMemory(from: $0) } }
        (low, high) = bits
    }
}
