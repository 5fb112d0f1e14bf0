/// The first problem in bytes that should be UTF-8.
enum UTF8Problem: Equatable {
    /// The byte at this offset cannot start or continue a scalar here
    /// (overlong forms, surrogates, values past U+10FFFF, stray bytes).
    case badByte(at: Int)
    /// The bytes end inside a multi-byte scalar.
    case endsEarly
}

/// Checks `bytes` against the well-formed UTF-8 table of the Unicode
/// standard (table 3-7) and returns the first problem, if any.
func firstUTF8Problem(in bytes: UnsafeBufferPointer<UInt8>) -> UTF8Problem? {
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
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return .badByte(at: i)
        }
        for k in 1..<length {
            guard i + k < count else { return .endsEarly }
            let byte = bytes[i + k]
            let (min, max) = k == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
            guard byte >= min, byte <= max else { return .badByte(at: i + k) }
        }
        i += length
    }
    return nil
}
