import ByteLevel

/// A log's text quoted for a message or a verdict: escaped, and cut when
/// long, so that a hostile value cannot flood or garble a terminal (control
/// characters, and the bidirectional controls that would reorder the text
/// around it, as `\u{202E}`).
package func quoted(_ text: String, limit: Int = 60) -> String {
    let escaped = text.escapingScalars(limit: limit, cut: "…") { scalar in
        switch scalar {
        case "\"": return "\\\""
        case "\\": return "\\\\"
        case "\n": return "\\n"
        case "\t": return "\\t"
        case "\r": return "\\r"
        default:
            guard scalar.isControlCharacter || scalar.isLayoutControl else { return nil }
            return scalar.escapedForDisplay
        }
    }
    return "\"" + escaped + "\""
}
