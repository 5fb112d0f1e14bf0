import Foundation
import SessionLog

extension SpillFile {
    /// Appends `text` as a JSON string literal that is safe inside a
    /// `<script>` block.
    func appendScriptSafeJSON(_ text: String) {
        JSONString.write(text, scriptSafe: true) { append($0) }
    }

    /// Appends a whole number in decimal.
    func appendDecimal(_ value: Int) {
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var magnitude = value.magnitude
        withUnsafeMutableBytes(of: &digits) { raw in
            var position = raw.count
            repeat {
                position -= 1
                raw[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                position -= 1
                raw[position] = UInt8(ascii: "-")
            }
            append(UnsafeRawBufferPointer(rebasing: raw[position...]))
        }
    }

    /// Appends a UUID as a JSON string of upper-case hex, as `UUID.uuidString` spells it.
    func appendUUIDString(_ id: UUID) {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes = [UInt8](repeating: 0, count: 38)
        bytes[0] = UInt8(ascii: "\"")
        bytes[37] = UInt8(ascii: "\"")
        var position = 1
        withUnsafeBytes(of: id.uuid) { raw in
            for (index, byte) in raw.enumerated() {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    bytes[position] = UInt8(ascii: "-")
                    position += 1
                }
                bytes[position] = hex[Int(byte >> 4)]
                bytes[position + 1] = hex[Int(byte & 0x0F)]
                position += 2
            }
        }
        bytes.withUnsafeBytes { append($0) }
    }
}
