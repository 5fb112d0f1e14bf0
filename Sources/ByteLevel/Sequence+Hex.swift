extension Sequence<UInt8> {
    /// The bytes as lower-case hexadecimal digits (``ASCIIHex/lowercase(_:)``):
    /// how digests and pseudonyms are written.
    package var lowercaseHex: String { ASCIIHex.lowercase(self) }
}
