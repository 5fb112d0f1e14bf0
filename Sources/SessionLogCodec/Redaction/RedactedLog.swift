/// A log written again with its text redacted (`todo-report redact`), so a
/// team can hand over the log itself: every record the reader accepts, in
/// order, redacted as it is read and written with the recorder's encoder
/// (so `digest` fields, which no longer match masked text, are gone); a line
/// that is not a valid record is dropped, since it could hold anything.
public enum RedactedLog {
    /// What became of the input's lines.
    public struct Counts: Sendable, Equatable {
        /// Records written.
        public var records = 0
        /// Lines dropped: not valid records (their diagnostics say why).
        public var dropped = 0
        /// Blank lines, skipped.
        public var blank = 0
        /// Lines left unread after a header with an unsupported schema.
        public var unread = 0
        /// The header named a schema other than `todo-session/1`: nothing after it was read.
        public var stoppedOnUnsupportedSchema = false

        /// Nothing counted yet.
        public init() {}
    }

    /// Hands each redacted record of `run`, a run of lines as the reading
    /// pipeline reads them, to `write` as its line, and each diagnostic to
    /// `report`, in the lines' order, counting what became of the lines.
    package static func write(
        _ run: LineReadings, counting counts: inout Counts, report: (Diagnostic) -> Void, write: (String) throws -> Void
    ) throws {
        var next = 0
        for line in run.lines {
            switch line {
            case .blank: counts.blank += 1
            case .unread: counts.unread += 1
            case .read(let readings, let madeRecord):
                for reading in run.readings[next..<next + readings] {
                    switch reading {
                    case .record(let record, _): try write(RecordEncoder.line(for: record))
                    case .diagnostic(let diagnostic): report(diagnostic)
                    // Whether its frame exists is a replay's to say; a redacted copy drops the line either way.
                    case .droppedTravel: break
                    }
                }
                next += readings
                if madeRecord { counts.records += 1 } else { counts.dropped += 1 }
            }
        }
        if run.isLast { counts.stoppedOnUnsupportedSchema = run.stoppedOnUnsupportedSchema }
    }
}
