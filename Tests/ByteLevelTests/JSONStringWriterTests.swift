import ByteLevel
import Testing

/// JSON string literals as the recorder, the digests and the page write
/// them, checked against a byte-by-byte writing of the same rules wherever
/// a byte that needs attention falls among the eight-byte steps.
@Suite("JSON string literals")
struct JSONStringWriterTests {
    /// The rules, one scalar at a time.
    static func expected(_ text: String, scriptSafe: Bool) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\u{8}": out += "\\b"
            case "\u{C}": out += "\\f"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<" where scriptSafe: out += "\\u003c"
            case ">" where scriptSafe: out += "\\u003e"
            case "&" where scriptSafe: out += "\\u0026"
            case "\u{2028}" where scriptSafe: out += "\\u2028"
            case "\u{2029}" where scriptSafe: out += "\\u2029"
            default:
                if scalar.value < 0x20 || (scriptSafe && (0x7F...0x9F).contains(scalar.value)) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u00" + (hex.count == 1 ? "0" : "") + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    static let specials = [
        "\"", "\\", "\u{1}", "\n", "\u{1F}", "\t", "<", ">", "&", "\u{2028}", "\u{2029}", "é", "\u{7F}", "€", "😀", "",
        "\u{80}", "\u{9B}", "\u{9F}", "\u{A0}", "©",
    ]

    @Test("each special character at every offset of a long text, plain and script-safe", arguments: specials, 0..<18)
    func everyOffset(special: String, offset: Int) {
        let text = String(repeating: "a", count: offset) + special + "bcdefghijklmnopq" + special
        #expect(JSONStringWriter.literal(text, scriptSafe: false) == Self.expected(text, scriptSafe: false))
        #expect(JSONStringWriter.literal(text, scriptSafe: true) == Self.expected(text, scriptSafe: true))
    }
}
