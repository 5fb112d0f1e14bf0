import ByteLevel

/// One CSV field as `sessions.csv` and the event table write it (RFC 4180).
enum CSVField {
    /// `text`, with a leading `'` when a spreadsheet would take it for a
    /// formula (it starts with `=`, `+`, `-`, `@`, a tab or a carriage
    /// return): for text that came from a log. A lone `-` (the session of
    /// standard input) is no formula and stays as it is.
    static func inert(_ text: String) -> String {
        guard text != "-", let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return text }
        return "'" + text
    }

    /// `value`, quoted when it holds `,`, `"`, CR or LF (quotes doubled).
    /// Looked for as bytes: a comma or quote that a combining mark follows
    /// is one character with it, but still a comma or quote to a CSV reader.
    static func quoted(_ value: String) -> String {
        guard value.utf8Contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0D || $0 == 0x0A }) else { return value }
        var bytes: [UInt8] = [0x22]
        bytes.reserveCapacity(value.utf8.count + 8)
        for byte in value.utf8 {
            if byte == 0x22 { bytes.append(0x22) }
            bytes.append(byte)
        }
        bytes.append(0x22)
        return String(decoding: bytes, as: UTF8.self)
    }
}
