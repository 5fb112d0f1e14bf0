/// Hexadecimal digits, both ways: read in JSON escapes and UUIDs, written in
/// messages that name a byte (`0xE9`, `\xFF`).
package enum ASCIIHex {
    /// The value of one hexadecimal digit (either case), or `nil` for any other byte.
    package static func value(of byte: UInt8) -> UInt8? {
        let value = nibble(byte)
        return value < 16 ? value : nil
    }

    /// The value of one hexadecimal digit (either case), or 0xFF for any
    /// other byte: a branch-light form for loops that check many digits at once.
    @inline(__always)
    static func nibble(_ byte: UInt8) -> UInt8 {
        let digit = byte &- UInt8(ascii: "0")
        if digit < 10 { return digit }
        let letter = (byte | 0x20) &- UInt8(ascii: "a")
        return letter < 6 ? letter &+ 10 : 0xFF
    }

    /// The upper-case digit of `nibble` (0…15).
    @inline(__always)
    static func upperDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "A") &+ (nibble &- 10)
    }

    /// `byte` as two upper-case digits: `E9`.
    package static func digits(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }
}
