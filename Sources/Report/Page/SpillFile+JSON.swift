import Foundation
import SessionLog

extension SpillFile {
    /// Appends `text` as a JSON string literal that is safe inside a
    /// `<script>` block.
    func appendScriptSafeJSON(_ text: String) {
        JSONString.write(text, scriptSafe: true) { append($0) }
    }

    /// Appends a whole number in decimal, written in place.
    func appendDecimal(_ value: Int) {
        appendInPlace(maxCount: 20) { target in
            var magnitude = value.magnitude
            var digits = 1
            var rest = magnitude / 10
            while rest > 0 {
                digits += 1
                rest /= 10
            }
            let sign = value < 0 ? 1 : 0
            if sign == 1 { target.storeBytes(of: UInt8(ascii: "-"), as: UInt8.self) }
            var position = sign + digits
            repeat {
                position -= 1
                target.storeBytes(of: UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10), toByteOffset: position, as: UInt8.self)
                magnitude /= 10
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
