/// The text of a JSON string's content that a parser has already validated
/// (its escapes well formed, no control characters): the mirror of
/// ``JSONStringWriter``, for the log's reader.
package enum JSONStringDecoder {
    /// Decodes validated string content with escapes; a `\u` escape of a lone
    /// surrogate becomes U+FFFD. Written straight into the string's storage:
    /// the decoded text is never longer than its escaped form (`\uXXXX` gives
    /// at most 3 bytes, a pair of them 4, a lone one U+FFFD's 3, others 1).
    package static func decode(_ content: ByteView) -> String {
        String(unsafeUninitializedCapacity: max(content.count, 1)) { decode(content, into: $0, keepingLoneSurrogates: false) }
    }

    /// Decodes validated string content with escapes into bytes that tell
    /// names apart as RFC 8259 compares them, code unit by code unit: as
    /// ``decode(_:)`` does, except that a lone surrogate is kept as its own
    /// three bytes (WTF-8), so `"\ud800"` and `"\udc00"` differ (both are
    /// U+FFFD as text). For telling keys apart, not for showing them.
    package static func identity(_ content: ByteView) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: max(content.count, 1)) { buffer, count in
            count = decode(content, into: buffer, keepingLoneSurrogates: true)
        }
    }

    /// Writes the decoded content at the start of `output` (room for
    /// `content.count` bytes); returns how many bytes.
    private static func decode(
        _ content: ByteView, into output: UnsafeMutableBufferPointer<UInt8>, keepingLoneSurrogates: Bool
    ) -> Int {
        var count = 0
        var pendingHighSurrogate: UInt32?
        func put(_ scalar: UInt32) {
            count += encodeUTF8(scalar, into: UnsafeMutableBufferPointer(rebasing: output[count...]))
        }
        func flushPending() {
            if let high = pendingHighSurrogate {
                put(keepingLoneSurrogates ? high : 0xFFFD)
                pendingHighSurrogate = nil
            }
        }
        var i = 0
        while i < content.count {
            // Copy the run up to the next backslash in one piece.
            let run = content.firstIndex(of: UInt8(ascii: "\\"), from: i) ?? content.count
            if run > i {
                flushPending()
                _ = UnsafeMutableBufferPointer(rebasing: output[count..<count + run - i]).initialize(
                    from: content.buffer[i..<run])
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
                for k in 0..<4 { unit = unit << 4 | UInt32(ASCIIHex.value(of: content[i + k]) ?? 0) }  // validated by the parser
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
                    put(keepingLoneSurrogates ? unit : 0xFFFD)
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

    /// Writes `scalar` as UTF-8 at the start of `output`; returns how many bytes.
    private static func encodeUTF8(_ scalar: UInt32, into output: UnsafeMutableBufferPointer<UInt8>) -> Int {
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
