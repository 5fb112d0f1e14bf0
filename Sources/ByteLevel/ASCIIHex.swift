/// Hexadecimal digits, both ways, the one place they are read and written:
/// read in JSON escapes, UUIDs, state digests and pseudonyms; written in
/// messages that name a byte (`0xE9`, `\xFF`), JSON `\u00XX` escapes,
/// digests, pseudonyms and batch file names.
///
/// The enum is `public` (its members are `package`) so that its
/// `@inlinable package` digits inline into other modules (see ``PlainBytes``).
public enum ASCIIHex {
    /// The value of one hexadecimal digit (either case), or `nil` for any other byte.
    @inlinable
    package static func value(of byte: UInt8) -> UInt8? {
        let value = nibble(byte)
        return value < 16 ? value : nil
    }

    /// The value of one hexadecimal digit (either case), or 0xFF for any
    /// other byte: a branch-light form for loops that check many digits at once.
    @inlinable @inline(__always)
    package static func nibble(_ byte: UInt8) -> UInt8 {
        let digit = byte &- UInt8(ascii: "0")
        if digit < 10 { return digit }
        let letter = (byte | 0x20) &- UInt8(ascii: "a")
        return letter < 6 ? letter &+ 10 : 0xFF
    }

    /// The upper-case digit of `nibble` (0…15).
    @inlinable @inline(__always)
    package static func upperDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "A") &+ (nibble &- 10)
    }

    /// The lower-case digit of `nibble` (0…15).
    @inlinable @inline(__always)
    package static func lowerDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "a") &+ (nibble &- 10)
    }

    /// `byte` as two upper-case digits: `E9`.
    package static func digits(_ byte: UInt8) -> String {
        text(of: byte, digits: 2, uppercase: true)
    }

    /// `value` in hexadecimal, with leading zeros up to `digits` digits
    /// (`text(of: 0x3f, digits: 8)` is `0000003f`); a larger value keeps all
    /// of its digits.
    package static func text(of value: some BinaryInteger, digits: Int = 1, uppercase: Bool = false) -> String {
        let text = String(value, radix: 16, uppercase: uppercase)
        return text.count < digits ? String(repeating: "0", count: digits - text.count) + text : text
    }

    /// `bytes` as two lower-case digits each, in order.
    package static func lowercase(_ bytes: some Sequence<UInt8>) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            text.append(lowerDigit(byte >> 4))
            text.append(lowerDigit(byte & 0x0F))
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The number that `text`'s digits spell (either case, or lower case
    /// alone with `lowercaseOnly`), or `nil` when `text` is empty, has any
    /// other byte (a sign included) or spells a number too large for `Value`.
    @inlinable
    package static func value<Value: FixedWidthInteger & UnsignedInteger>(
        parsing text: some Collection<UInt8>, as type: Value.Type = Value.self, lowercaseOnly: Bool = false
    ) -> Value? {
        guard !text.isEmpty else { return nil }
        var value: Value = 0
        var significant = 0
        for byte in text {
            let digit = nibble(byte)
            guard digit < 16, !(lowercaseOnly && digit >= 10 && byte < UInt8(ascii: "a")) else { return nil }
            if significant > 0 || digit != 0 { significant += 1 }
            guard significant * 4 <= Value.bitWidth else { return nil }
            value = value << 4 | Value(digit)
        }
        return value
    }
}
