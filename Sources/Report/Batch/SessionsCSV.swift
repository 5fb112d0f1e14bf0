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
    /// unformatted, times RFC 3339 in UTC, an absent value empty (every
    /// number of an unreadable session, which has none).
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
        var row = ""
        row.reserveCapacity(1_024)
        for stats in sessions {
            row.removeAll(keepingCapacity: true)
            // Each value in `csvColumns`' order, quoted where it needs to be, with commas between.
            var first = true
            func field(_ value: String?) {
                if !first { row += "," }
                first = false
                row += CSVField.quoted(value ?? "")
            }
            // An unreadable session has no numbers: its cells are empty, not 0s an average would count.
            let read = stats.status != .unreadable
            func field(_ value: Int?) { field(read ? value.map { String($0) } : nil) }
            func field(_ value: Int64?) { field(read ? value.map { String($0) } : nil) }
            for text in [stats.name, stats.input, stats.status.rawValue, stats.problem, stats.sessionId, stats.userId, stats.app] {
                field(text.map(CSVField.inert))
            }
            field(stats.appVersion.map(CSVField.inert))
            let n = stats.numbers
            field(n.start)
            field(n.end)
            field(n.durationMs)
            for count in [n.events, n.frames, n.travels, n.sheets.opened, n.sheets.typed, n.sheets.itemsAdded, n.sheets.cancelled] {
                field(count)
            }
            field(n.keystrokes)
            field(n.sheets.conversion?.json)
            field(n.medianPlusToAddMs)
            field(n.errors)
            field(n.warnings)
            field(stats.report)
            field(String(stats.inputBytes) as String?)  // the file's size, known though it could not be read
            field(stats.inputSHA256)
            for count in [n.undoneFrames, n.sheets.added, n.sheets.replaced, n.sheets.openAtEnd, n.sheets.itemsWithoutSheet] {
                field(count)
            }
            field(n.sheets.addedSheetKeystrokes)
            field(n.sheets.keystrokesPerItem?.json)
            for count in [n.lines, n.headers, n.droppedLines, n.blankLines, n.digestsChecked, n.digestsDiffering] { field(count) }
            field(stats.eventTable)
            field(stats.eventTableBytes)
            field(stats.eventTableSHA256)
            row += "\r\n"
            try write(row)
        }
    }
}
