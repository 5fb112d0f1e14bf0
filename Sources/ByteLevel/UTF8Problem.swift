/// The first ill-formed UTF-8 sequence in some bytes.
///
/// `offset` is where it starts: the length of the valid prefix, as Python's
/// `UnicodeDecodeError.start` and Rust's `Utf8Error::valid_up_to()` count it.
/// For `caf\xE9"` it is the `\xE9`, not the `"` that shows the sequence is
/// cut short.
package struct UTF8Problem: Equatable {
    /// How the sequence is ill-formed.
    package enum Kind: Equatable {
        /// The byte at `offset` cannot start a scalar (a continuation byte,
        /// `C0`, `C1`, `F5`…`FF`).
        case cannotStart
        /// The byte at `offset` starts a sequence of `length` bytes, and the
        /// byte at `offset + position` (1, 2 or 3) does not continue it.
        case notContinued(length: Int, position: Int)
        /// The byte at `offset` starts a sequence of `length` bytes, and the
        /// bytes end before it does.
        case endsEarly(length: Int)
    }

    /// Where the sequence starts.
    package var offset: Int
    /// What is wrong with it.
    package var kind: Kind
}

/// Checks `bytes` against the well-formed UTF-8 table of the Unicode
/// standard (table 3-7) and returns the first ill-formed sequence, if any.
package func firstUTF8Problem(in view: ByteView) -> UTF8Problem? {
    let bytes = view.buffer
    guard let base = bytes.baseAddress else { return nil }
    let count = bytes.count
    var i = 0
    while i < count {
        // ASCII fast path, eight bytes at a time.
        while i + 8 <= count {
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            if word & 0x8080_8080_8080_8080 != 0 { break }
            i += 8
        }
        guard i < count else { return nil }
        let lead = bytes[i]
        if lead < 0x80 {
            i += 1
            continue
        }
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: return UTF8Problem(offset: i, kind: .cannotStart)
        }
        for k in 1..<length {
            guard i + k < count else { return UTF8Problem(offset: i, kind: .endsEarly(length: length)) }
            let byte = bytes[i + k]
            let (min, max) = k == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
            guard byte >= min, byte <= max else { return UTF8Problem(offset: i, kind: .notContinued(length: length, position: k)) }
        }
        i += length
    }
    return nil
}

extension UTF8Problem {
    /// What is wrong, naming the byte at ``offset`` (and the one that
    /// betrays it), for an `invalid-utf8` diagnostic.
    package func message(in view: ByteView) -> String {
        let bytes = view.buffer
        let lead = bytes[offset]
        let what: String
        switch kind {
        case .cannotStart:
            switch lead {
            case 0x80...0xBF: what = "byte 0x\(ASCIIHex.digits(lead)) continues a UTF-8 sequence, but no sequence was started"
            case 0xC0, 0xC1: what = "byte 0x\(ASCIIHex.digits(lead)) can only start an overlong encoding, which UTF-8 forbids"
            default: what = "byte 0x\(ASCIIHex.digits(lead)) never occurs in UTF-8"
            }
        case .notContinued(let length, let position):
            let next = bytes[offset + position]
            let pair = "byte 0x\(ASCIIHex.digits(lead)) followed by 0x\(ASCIIHex.digits(next))"
            if position == 1 && next >= 0x80 && next <= 0xBF {
                // A continuation byte outside the lead's range (table 3-7).
                switch lead {
                case 0xED: what = "\(pair) would encode a surrogate (U+D800…U+DFFF), which UTF-8 forbids"
                case 0xF4: what = "\(pair) would encode a value past U+10FFFF"
                default: what = "\(pair) is an overlong encoding, which UTF-8 forbids"
                }
            } else {
                what =
                    "byte 0x\(ASCIIHex.digits(lead)) starts a \(length)-byte UTF-8 sequence, but byte 0x\(ASCIIHex.digits(next)) after it does not continue it"
            }
        case .endsEarly(let length):
            what = "byte 0x\(ASCIIHex.digits(lead)) starts a \(length)-byte UTF-8 sequence, but the line ends before it does"
        }
        return what + "; save the log as UTF-8"
    }
}
