/// JSON string literals written as bytes, the one way this package writes
/// them: `"` and `\` escaped, control characters as `\b \f \n \r \t`
/// or `\u00xx` (as `JSON.stringify` does), everything else as UTF-8; with
/// `scriptSafe`, also `<`, `>`, `&`, U+2028 and U+2029 as `\u` escapes, so the
/// literal can stand inside an HTML `<script>` block, and DEL and the C1
/// controls (U+0080…U+009F), which no HTML page may hold raw. SessionLogCodec's
/// `JSONString`, the page's literals (`scriptSafeJSONLiteral` in Report) and
/// its spills (``SpillFile/appendJSONString(_:scriptSafe:after:)``) all write through it.
package enum JSONStringWriter {
    /// `text` as a JSON string literal, as text.
    package static func literal(_ text: String, scriptSafe: Bool) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        write(text, scriptSafe: scriptSafe) { bytes.append(contentsOf: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes `text` as a JSON string literal through `write`, copying runs of
    /// plain bytes in one piece.
    package static func write(_ text: String, scriptSafe: Bool, to write: (ByteView) -> Void) {
        var text = text
        text.withUTF8 { buffer in
            let utf8 = ByteView(buffer)
            write(ByteView("\""))
            var runStart = 0
            var i = 0
            while i < utf8.count {
                i = PlainBytes.skip(utf8, from: i, scriptSafe: scriptSafe)
                guard i < utf8.count else { break }
                let byte = utf8[i]
                var length = 1
                // For `\u00xx`: the byte, or a C1 control's second byte.
                var code = byte
                let escape: StaticString?
                switch byte {
                case UInt8(ascii: "\""): escape = "\\\""
                case UInt8(ascii: "\\"): escape = "\\\\"
                case 0x08: escape = "\\b"
                case 0x0C: escape = "\\f"
                case 0x0A: escape = "\\n"
                case 0x0D: escape = "\\r"
                case 0x09: escape = "\\t"
                case 0..<0x20: escape = ""  // \u00xx, below
                case UInt8(ascii: "<") where scriptSafe: escape = "\\u003c"
                case UInt8(ascii: ">") where scriptSafe: escape = "\\u003e"
                case UInt8(ascii: "&") where scriptSafe: escape = "\\u0026"
                case 0xE2 where scriptSafe && i + 2 < utf8.count && utf8[i + 1] == 0x80 && (utf8[i + 2] == 0xA8 || utf8[i + 2] == 0xA9):
                    escape = utf8[i + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                    length = 3
                case 0x7F where scriptSafe: escape = ""
                case 0xC2 where scriptSafe && i + 1 < utf8.count && (0x80...0x9F).contains(utf8[i + 1]):
                    escape = ""
                    code = utf8[i + 1]
                    length = 2
                default: escape = nil
                }
                guard let escape else {
                    i += 1
                    continue
                }
                if i > runStart { write(utf8.subview(runStart..<i)) }
                if escape.utf8CodeUnitCount == 0 {
                    let code: [UInt8] = [
                        UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                        ASCIIHex.lowerDigit(code >> 4), ASCIIHex.lowerDigit(code & 0x0F),
                    ]
                    code.withByteView { write($0) }
                } else {
                    write(ByteView(escape))
                }
                i += length
                runStart = i
            }
            if utf8.count > runStart { write(utf8.subview(runStart..<utf8.count)) }
            write(ByteView("\""))
        }
    }
}
