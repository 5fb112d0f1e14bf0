import ByteLevel
import SessionLog
import SessionLogCodec

extension String {
    /// The text escaped for HTML element content and quoted attribute values.
    /// A control character HTML forbids (all but tab, line feed and carriage
    /// return; written or as a reference, it is a parse error) is shown as
    /// `\u{1B}`, as the page's other views of log text show it.
    var htmlEscaped: String {
        // Most texts have nothing to escape: every scalar replaced is ASCII or
        // C1 (0xC2 and a continuation byte), and no byte of another sequence is.
        guard utf8Contains(where: Self.mayNeedHTMLEscape) else { return self }
        return escapingScalars { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&#39;"
            case "\u{0}": "\u{FFFD}"
            case _ where scalar.isForbiddenInHTML: scalar.escapedForDisplay
            default: nil
            }
        }
    }

    /// The HTML with each control character it must not hold (see ``htmlEscaped``)
    /// shown as `\u{1B}`: for HTML made by another renderer (libcmark's), whose
    /// own markup holds none.
    var showingControlsForbiddenInHTML: String {
        guard utf8Contains(where: Self.mayStartControl), unicodeScalars.contains(where: \.isForbiddenInHTML)
        else { return self }
        return escapingScalars { $0.isForbiddenInHTML ? $0.escapedForDisplay : nil }
    }

    private static func mayNeedHTMLEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
        default: mayStartControl(byte)
        }
    }

    /// Whether `byte` may be, or begin, NUL or a control character HTML forbids:
    /// a C0 byte but tab, line feed and carriage return, DEL, or 0xC2 (the lead byte of C1).
    private static func mayStartControl(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x09, 0x0A, 0x0D: false
        case 0x7F, 0xC2: true
        default: byte < 0x20
        }
    }

    /// A JSON string literal that is also safe inside an HTML `<script>`
    /// block: `<`, `>`, `&`, U+2028 and U+2029 are `\u` escapes, so no data
    /// can close the block or open a comment in it.
    var scriptSafeJSONLiteral: String { JSONStringWriter.literal(self, scriptSafe: true) }
}

extension Unicode.Scalar {
    /// A control character an HTML page must not hold, raw or as a character
    /// reference: every C0 control but tab, line feed and carriage return
    /// (NUL is U+FFFD in HTML), DEL and C1.
    fileprivate var isForbiddenInHTML: Bool { isControlCharacter && self != "\t" && self != "\n" && self != "\r" && self != "\u{0}" }
}
