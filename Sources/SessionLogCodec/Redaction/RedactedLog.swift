public import ByteLevel

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

    /// Reads `source` line by line and hands each redacted record's line to
    /// `write`, and each (redacted) diagnostic of the reader to `report`.
    ///
    /// - Parameters:
    ///   - source: The log's bytes.
    ///   - redaction: What to mask and pseudonymise.
    ///   - maxLineBytes: The longest line read; a longer one is dropped unread.
    ///   - report: Receives every diagnostic of the reader (UTF-8, JSON and record shape).
    ///   - write: Receives each line to write, with its `\n`.
    /// - Returns: What became of the lines.
    public static func write<Source: ByteSource>(
        _ source: Source, redaction: LogRedaction, maxLineBytes: Int = LogReader.defaultMaxLineBytes,
        report: (Diagnostic) -> Void, write: (String) throws -> Void
    ) throws -> Counts {
        // Unredacted text never reaches a temporary file.
        var splitter = LineSplitter(source: source, maxLineBytes: maxLineBytes, holdingLongLinesInMemory: true)
        let limit = splitter.maxLineBytes
        var reader = LogReader(redaction: redaction)
        var counts = Counts()
        try splitter.forEachLine { line in
            guard !reader.hasStopped else {
                counts.unread += 1
                return true
            }
            var record: LogRecord?
            func take(_ reading: LogReading) {
                switch reading {
                case .record(let read, _): record = read
                case .diagnostic(let diagnostic): report(diagnostic)
                }
            }
            if let length = line.skippedLength {
                reader.skip(longLine: line.number, length: length, limit: limit, isLastWithoutNewline: !line.endsWithNewline, into: take)
            } else if !reader.read(line: line.bytes, number: line.number, isLastWithoutNewline: !line.endsWithNewline, into: take) {
                counts.blank += 1
                return true
            }
            if let record {
                try write(RecordEncoder.line(for: record))
                counts.records += 1
            } else {
                counts.dropped += 1
            }
            return true
        }
        counts.stoppedOnUnsupportedSchema = reader.hasStopped
        if let reason = source.endedEarly {
            report(.cutShort(reason, afterLines: counts.records + counts.dropped + counts.blank + counts.unread))
        }
        return counts
    }
}
