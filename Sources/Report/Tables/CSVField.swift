import Foundation

/// One CSV field as `sessions.csv` and the event table write it (RFC 4180).
enum CSVField {
    /// `text`, with a leading `'` when a spreadsheet would take it for a
    /// formula (it starts with `=`, `+`, `-`, `@`, a tab or a carriage
    /// return): for text that came from a log.
    static func inert(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return text }
        return "'" + text
    }

    /// `value`, quoted when it holds `,`, `"`, CR or LF (quotes doubled).
    static func quoted(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
