import SessionLog

extension String {
    /// The text escaped for HTML element content and quoted attribute values.
    var htmlEscaped: String {
        var result = ""
        result.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\u{0}": result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A JSON string literal that is also safe inside an HTML `<script>`
    /// block: `<`, `>`, `&`, U+2028 and U+2029 are `\u` escapes, so no data
    /// can close the block or open a comment in it.
    var scriptSafeJSONLiteral: String { JSONString.scriptSafeLiteral(self) }
}
