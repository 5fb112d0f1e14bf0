import Foundation

extension BatchAggregate {
    /// The columns of `sessions.csv`, in order.
    public static let csvColumns = [
        "name", "input", "status", "problem", "session_id", "user_id", "app", "app_version", "start", "end", "duration_ms",
        "events", "frames", "travels", "sheets_opened", "sheets_typed", "items_added", "sheets_cancelled", "keystrokes",
        "conversion", "median_plus_to_add_ms", "errors", "warnings", "report", "input_bytes", "input_sha256",
    ]

    /// `sessions.csv`: RFC 4180 (CRLF, fields with `,` `"` CR or LF quoted,
    /// quotes doubled), UTF-8, a header row, one row per session; numbers
    /// unformatted, times RFC 3339 in UTC, an absent value empty.
    ///
    /// A text that came from a log and starts with `=`, `+`, `-`, `@`, a tab
    /// or a carriage return gets a leading `'`, so that a spreadsheet shows
    /// it instead of running it as a formula; `stats/NAME.json` keeps it exact.
    public func csv() -> String {
        var text = ""
        writeCSV { text += $0 }
        return text
    }

    /// ``csv()`` piece by piece (a row at a time), for writing to a file without holding it whole.
    public func writeCSV<Failure: Error>(_ write: (String) throws(Failure) -> Void) throws(Failure) {
        try write(Self.csvColumns.joined(separator: ",") + "\r\n")
        for stats in sessions {
            let fromLogs = [
                stats.name, stats.input, stats.status.rawValue, stats.problem, stats.sessionId, stats.userId, stats.app, stats.appVersion,
            ]
            let fields: [String?] =
                fromLogs.map { $0.map(Self.inert) } + [
                    stats.numbers.start, stats.numbers.end, stats.numbers.durationMs.map(plainNumber),
                    String(stats.numbers.events), String(stats.numbers.frames), String(stats.numbers.travels),
                    String(stats.numbers.sheetsOpened),
                    String(stats.numbers.sheetsTyped),
                    String(stats.numbers.itemsAdded), String(stats.numbers.sheetsCancelled), String(stats.numbers.keystrokes),
                    stats.numbers.conversion.map(plainNumber), stats.numbers.medianPlusToAddMs.map(plainNumber),
                    String(stats.numbers.errors), String(stats.numbers.warnings), stats.report, String(stats.inputBytes), stats.inputSHA256,
                ]
            try write(fields.map { Self.csvField($0 ?? "") }.joined(separator: ",") + "\r\n")
        }
    }

    /// `text`, with a leading `'` when a spreadsheet would take it for a formula.
    static func inert(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return text }
        return "'" + text
    }

    static func csvField(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
