import Foundation
import SessionLog

extension SpillFile {
    /// Appends `text` as a JSON string literal that is safe inside a
    /// `<script>` block (the same escaping as `String.scriptSafeJSONLiteral`),
    /// copying runs of plain bytes straight from the string's UTF-8.
    func appendScriptSafeJSON(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            append(byte: UInt8(ascii: "\""))
            var runStart = 0
            var i = 0
            func flushRun() {
                if i > runStart { append(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(utf8)[runStart..<i])) }
            }
            while i < utf8.count {
                let byte = utf8[i]
                let escape: String?
                switch byte {
                case UInt8(ascii: "\""): escape = "\\\""
                case UInt8(ascii: "\\"): escape = "\\\\"
                case UInt8(ascii: "<"): escape = "\\u003c"
                case UInt8(ascii: ">"): escape = "\\u003e"
                case UInt8(ascii: "&"): escape = "\\u0026"
                case 0x0A: escape = "\\n"
                case 0x0D: escape = "\\r"
                case 0x09: escape = "\\t"
                case 0..<0x20: escape = "\\u00" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
                case 0xE2 where i + 2 < utf8.count && utf8[i + 1] == 0x80 && (utf8[i + 2] == 0xA8 || utf8[i + 2] == 0xA9):
                    escape = utf8[i + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                default: escape = nil
                }
                guard let escape else {
                    i += 1
                    continue
                }
                flushRun()
                append(escape)
                i += byte == 0xE2 ? 3 : 1
                runStart = i
            }
            flushRun()
            append(byte: UInt8(ascii: "\""))
        }
    }

    /// Appends a whole number in decimal.
    func appendDecimal(_ value: Int) {
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
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
