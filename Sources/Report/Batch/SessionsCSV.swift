import Foundation

extension BatchAggregate {
    /// The columns of `sessions.csv`, in order.
    public static let csvColumns = [
        "name", "input", "status", "problem", "session_id", "user_id", "app", "app_version", "start", "end", "duration_ms",
        "events", "frames", "travels", "sheets_opened", "sheets_typed", "items_added", "sheets_cancelled", "keystrokes",
        "conversion", "median_plus_to_add_ms", "errors", "warnings", "report", "input_bytes", "input_sha256",
        // todo-report-stats/2's scalar members, after /1's columns.
        "undone_frames", "sheets_added", "sheets_replaced", "sheets_open_at_end", "items_without_sheet", "added_sheet_keystrokes",
        "keystrokes_per_item", "lines", "headers", "dropped_lines", "blank_lines", "digests_checked", "digests_differing",
        "event_table", "event_table_bytes", "event_table_sha256",
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
            let n = stats.numbers
            let counts = [
                n.events, n.frames, n.travels, n.sheets.opened, n.sheets.typed, n.sheets.itemsAdded, n.sheets.cancelled, n.keystrokes,
            ]
            let quality = [n.lines, n.headers, n.droppedLines, n.blankLines, n.digestsChecked, n.digestsDiffering]
            var fields: [String?] = fromLogs.map { $0.map(CSVField.inert) } + [n.start, n.end, n.durationMs.map(String.init)]
            fields += counts.map(String.init)
            fields += [n.sheets.conversion?.json, n.medianPlusToAddMs.map(String.init), String(n.errors), String(n.warnings)]
            fields += [stats.report, String(stats.inputBytes), stats.inputSHA256]
            fields += [
                n.undoneFrames, n.sheets.added, n.sheets.replaced, n.sheets.openAtEnd, n.sheets.itemsWithoutSheet,
                n.sheets.addedSheetKeystrokes,
            ].map(
                String.init)
            fields.append(n.sheets.keystrokesPerItem?.json)
            fields += quality.map(String.init)
            fields += [stats.eventTable, stats.eventTableBytes.map(String.init), stats.eventTableSHA256]
            try write(fields.map { CSVField.quoted($0 ?? "") }.joined(separator: ",") + "\r\n")
        }
    }
}
