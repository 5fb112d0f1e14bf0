public import ByteLevel
public import SessionLogCodec

extension RedactedLog {
    /// Reads `source` and hands each redacted record's line to `write`, and
    /// each (redacted) diagnostic of the reader to `report`, in the log's
    /// order. The lines are read as a replay reads them: split on one thread,
    /// parsed and redacted on the others, so no unredacted text goes further.
    ///
    /// - Parameters:
    ///   - source: The log's bytes.
    ///   - redaction: What to mask and pseudonymise.
    ///   - maxLineBytes: The longest line read; a longer one is dropped unread.
    ///   - readingConcurrently: Whether to parse on other threads (on this one
    ///     when `false`, or when the system refuses them).
    ///   - report: Receives every diagnostic of the reader (UTF-8, JSON and record shape).
    ///   - write: Receives each line to write, with its `\n`. When it throws,
    ///     the reading stops: the rest of the log is not read.
    /// - Returns: What became of the lines.
    public static func write<Source: ByteSource>(
        _ source: Source, redaction: LogRedaction, maxLineBytes: Int = LogReader.defaultMaxLineBytes,
        readingConcurrently: Bool = true, report: (Diagnostic) -> Void, write: (String) throws -> Void
    ) throws -> Counts {
        var counts = Counts()
        try ReadingPipeline.forEachRun(
            source, bufferSize: 1 << 20, maxLineBytes: maxLineBytes, redaction: redaction, concurrently: readingConcurrently
        ) { run in
            try Self.write(run, counting: &counts, report: report, write: write)
        }
        if let reason = source.endedEarly {
            report(.cutShort(reason, afterLines: counts.records + counts.dropped + counts.blank + counts.unread))
        }
        return counts
    }
}
