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
                    throw error("invalid escape '\\\(describeCurrent())' in a string")
                }
            }
        }
    }

    /// Moves past string bytes that need no attention, eight at a time.
    private mutating func skipPlainStringBytes() {
        index = PlainBytes.skip(bytes, from: index)
    }

    /// Decodes validated string content with escapes; a `\u` escape of a lone
    /// surrogate becomes U+FFFD. Written straight into the string's storage:
    /// the decoded text is never longer than its escaped form (`\uXXXX` gives
    /// at most 3 bytes, a pair of them 4, a lone one U+FFFD's 3, others 1).
    static func unescape(_ content: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: max(content.count, 1)) { output in
            var count = 0
            var pendingHighSurrogate: UInt32?
            func put(_ scalar: UInt32) {
                count += encodeUTF8(scalar, into: UnsafeMutableBufferPointer(rebasing: output[count...]))
            }
            func flushPending() {
                if pendingHighSurrogate != nil {
                    put(0xFFFD)
                    pendingHighSurrogate = nil
                }
            }
            var i = 0
            while i < content.count {
                // Copy the run up to the next backslash in one piece.
                let run = content[i...].firstIndex(of: UInt8(ascii: "\\")) ?? content.count
                if run > i {
                    flushPending()
                    _ = UnsafeMutableBufferPointer(rebasing: output[count..<count + run - i]).initialize(from: content[i..<run])
                    count += run - i
                    i = run
                    continue
                }
                guard i + 1 < content.count else {
                    flushPending()
                    put(UInt32(content[i]))
                    i += 1
                    continue
                }
                let escape = content[i + 1]
                i += 2
                if escape == UInt8(ascii: "u"), i + 4 <= content.count {
                    var unit: UInt32 = 0
                    for k in 0..<4 { unit = unit << 4 | UInt32(ASCIIHex.value(of: content[i + k]) ?? 0) }  // validated by scanString
                    i += 4
                    if let high = pendingHighSurrogate, (0xDC00...0xDFFF).contains(unit) {
                        put(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00))
                        pendingHighSurrogate = nil
                        continue
                    }
                    flushPending()
                    if (0xD800...0xDBFF).contains(unit) {
                        pendingHighSurrogate = unit
                    } else if (0xDC00...0xDFFF).contains(unit) {
                        put(0xFFFD)
                    } else {
                        put(unit)
                    }
                    continue
                }
                flushPending()
                switch escape {
                case UInt8(ascii: "b"): put(0x08)
                case UInt8(ascii: "f"): put(0x0C)
                case UInt8(ascii: "n"): put(0x0A)
                case UInt8(ascii: "r"): put(0x0D)
                case UInt8(ascii: "t"): put(0x09)
                default: put(UInt32(escape))  // " \ /
                }
            }
            flushPending()
            return count
        }
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

    /// Writes `scalar` as UTF-8 at the start of `output`; returns how many bytes.
    static func encodeUTF8(_ scalar: UInt32, into output: UnsafeMutableBufferPointer<UInt8>) -> Int {
        switch scalar {
        case 0..<0x80:
            output[0] = UInt8(scalar)
            return 1
        case 0x80..<0x800:
            output[0] = UInt8(0xC0 | scalar >> 6)
            output[1] = UInt8(0x80 | scalar & 0x3F)
            return 2
        case 0x800..<0x10000:
            output[0] = UInt8(0xE0 | scalar >> 12)
            output[1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            output[2] = UInt8(0x80 | scalar & 0x3F)
            return 3
        default:
            output[0] = UInt8(0xF0 | scalar >> 18)
            output[1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            output[2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            output[3] = UInt8(0x80 | scalar & 0x3F)
            return 4
        }
    }
}
