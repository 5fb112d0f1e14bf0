import ByteLevel
import Report
import SessionLog

/// Reading one log into a report, and writing the page: the core that the
/// report command and `batch` share, so a batch session's page is exactly
/// what `todo-report INPUT` writes.
enum SessionRendering {
    /// Replays the open `file` through `source` into a report builder,
    /// printing its diagnostics. Does not judge the outcome (see
    /// ``LogReading/check(_:strict:)``).
    static func read(
        _ file: InputFile, from source: GzipDetectingByteSource<some ByteSource>, options: ReadingOptions, title: String?,
        streams: StandardStreams,
        allDiagnosticsIn place: String, recordingEventTable: Bool = false
    ) throws(CLIError) -> (builder: ReportBuilder, outcome: LogReplayer.Outcome) {
        let builder = ReportBuilder(title: title, redaction: options.redaction, recordingEventTable: recordingEventTable)
        let outcome = try LogReading.replay(file, from: source, options: options, streams: streams, allDiagnosticsIn: place) {
            builder.add($0)
        }
        builder.finish(with: outcome)
        try LogReading.checkSpill(builder.spillFailure)
        return (builder, outcome)
    }

    /// Writes the page to an open descriptor.
    static func writeReport(_ builder: ReportBuilder, templates: PageTemplates, to descriptor: Int32) throws(SystemCallError) {
        try builder.write(toFileDescriptor: descriptor, templates: templates)
    }

    /// Writes the session's event table to an open descriptor, as
    /// deterministic gzip (`.csv.gz`) or, when `compressed` is false, as the
    /// plain CSV inside it; `session` is its `session` column.
    static func writeEventTable(
        _ builder: ReportBuilder, session: String, compressed: Bool = true, to descriptor: Int32
    ) throws(SystemCallError) {
        guard compressed else {
            return try builder.writeEventTable(session: session) { bytes throws(SystemCallError) in
                try FileDescriptorIO.writeOutput(bytes, to: descriptor)
            }
        }
        let gzip = try GzipWriter(descriptor: descriptor)
        try builder.writeEventTable(session: session) { bytes throws(SystemCallError) in try gzip.write(bytes) }
        try gzip.finish()
    }
}
