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
        _ file: InputFile, from source: some ByteSource, options: ReadingOptions, title: String?, streams: StandardStreams,
        allDiagnosticsIn place: String
    ) throws(CLIError) -> (builder: ReportBuilder, outcome: LogReplayer.Outcome) {
        let builder = ReportBuilder(title: title, redaction: options.redaction)
        let outcome = try LogReading.replay(file, from: source, options: options, streams: streams, allDiagnosticsIn: place) {
            builder.add($0)
        }
        builder.finish(with: outcome)
        try LogReading.checkSpill(builder.spillFailure)
        return (builder, outcome)
    }

    /// Writes the page to an open descriptor.
    static func writeReport(_ builder: ReportBuilder, templates: PageTemplates, to descriptor: Int32) throws(SystemCallError) {
        do {
            try builder.write(toFileDescriptor: descriptor, templates: templates)
        } catch {
            throw SystemCallError(error)
        }
    }
}
