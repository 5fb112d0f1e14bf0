import ByteLevel
import SessionLog
import SessionLogCodec

extension String {
    /// The text escaped for HTML element content and quoted attribute values.
    var htmlEscaped: String {
        // Most texts have nothing to escape: every scalar replaced is ASCII,
        // and no byte of a longer UTF-8 sequence is, so their bytes say so.
        guard utf8.contains(where: Self.mayNeedHTMLEscape) else { return self }
        return escapingScalars { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&#39;"
            case "\u{0}": "\u{FFFD}"
            default: nil
            }
        }
    }

    private static func mayNeedHTMLEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"), 0: true
        default: false
        }
    }

    /// A JSON string literal that is also safe inside an HTML `<script>`
    /// block: `<`, `>`, `&`, U+2028 and U+2029 are `\u` escapes, so no data
    /// can close the block or open a comment in it.
    var scriptSafeJSONLiteral: String { JSONStringWriter.literal(self, scriptSafe: true) }
}
