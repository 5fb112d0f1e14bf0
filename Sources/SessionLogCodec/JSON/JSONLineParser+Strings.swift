import ByteLevel

/// Strings: scanned in place, decoded (escapes and surrogates) only when wanted.
extension JSONLineParser {
    /// Validates a string and returns where its content lies.
    mutating func scanString() throws(JSONSyntaxError) -> RawString {
        index += 1  // opening quote
        let start = index
        var hasEscapes = false
        while true {
            skipPlainStringBytes()
            guard index < bytes.count else { throw endedEarly() }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return RawString(start: start, end: index - 1, hasEscapes: hasEscapes)
            }
            if byte < 0x20 { throw error("control character in a string (escape it)") }
            index += 1
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                guard index < bytes.count else { throw endedEarly() }
                switch bytes[index] {
                case UInt8(ascii: "u"):
                    index += 1
                    _ = try parseHex4()
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                    UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 1
                default:
                    throw error("invalid escape in a string: a backslash followed by \(describeCurrent())")
                }
            }
        }
    }

    /// Moves past string bytes that need no attention, eight at a time.
    private mutating func skipPlainStringBytes() {
        index = PlainBytes.skip(bytes, from: index)
    }

    mutating func skipString() throws(JSONSyntaxError) {
        _ = try scanString()
    }

    mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw endedEarly() }
            guard let digit = ASCIIHex.value(of: bytes[index]) else { throw error("expected four hexadecimal digits after '\\u'") }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
