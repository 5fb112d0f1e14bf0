extension UInt8 {
    /// Whether the byte is an ASCII digit, `0`…`9`.
    @inlinable
    package var isASCIIDigit: Bool { self &- UInt8(ascii: "0") < 10 }

    /// Whether the byte is an ASCII letter, `A`…`Z` or `a`…`z`.
    @inlinable
    package var isASCIILetter: Bool { (self | 0x20) &- UInt8(ascii: "a") < 26 }
}
