import Foundation
import SessionLog

extension SpillFile {
    /// Appends `text` as a JSON string literal that is safe inside a
    /// `<script>` block.
    func appendScriptSafeJSON(_ text: String) {
        JSONString.write(text, scriptSafe: true) { append($0) }
    }

    /// Appends a whole number in decimal, written in place. The page's
    /// numbers are mostly a digit or a few (line steps, shape numbers,
    /// milliseconds between events): their length is found by comparisons.
    func appendDecimal(_ value: Int) {
        if value >= 0 && value < 10 {
            append(byte: UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            return
        }
        appendInPlace(maxCount: 20) { target in
            var magnitude = value.magnitude
            let digits: Int
            if magnitude < 10 {
                digits = 1
            } else if magnitude < 100 {
                digits = 2
            } else if magnitude < 1_000 {
                digits = 3
            } else if magnitude < 10_000 {
                digits = 4
            } else if magnitude < 100_000 {
                digits = 5
            } else {
                var count = 6
                var rest = magnitude / 1_000_000
                while rest > 0 {
                    count += 1
                    rest /= 10
                }
                digits = count
            }
            let sign = value < 0 ? 1 : 0
            if sign == 1 { target.storeBytes(of: UInt8(ascii: "-"), as: UInt8.self) }
            var position = sign + digits
            repeat {
                position -= 1
                let (quotient, digit) = magnitude.quotientAndRemainder(dividingBy: 10)
                target.storeBytes(of: UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: digit), toByteOffset: position, as: UInt8.self)
                magnitude = quotient
            } while magnitude > 0
            return sign + digits
        }
    }

    /// Appends a UUID as a JSON string of upper-case hex, as `UUID.uuidString` spells it, written in place.
    func appendUUIDString(_ id: UUID) {
        appendInPlace(maxCount: 38) { target in
            target.storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
            var position = 1
            withUnsafeBytes(of: id.uuid) { raw in
                for index in 0..<16 {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        target.storeBytes(of: UInt8(ascii: "-"), toByteOffset: position, as: UInt8.self)
                        position += 1
                    }
                    let byte = raw[index]
                    target.storeBytes(of: Self.hexDigit(byte >> 4), toByteOffset: position, as: UInt8.self)
                    target.storeBytes(of: Self.hexDigit(byte & 0x0F), toByteOffset: position + 1, as: UInt8.self)
                    position += 2
                }
            }
            target.storeBytes(of: UInt8(ascii: "\""), toByteOffset: 37, as: UInt8.self)
            return 38
        }
    }

    /// The upper-case hex digit of `nibble` (0…15).
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "A") &+ (nibble &- 10)
    }
}
