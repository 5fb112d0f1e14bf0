public import ByteLevel
public import SessionLog
import TodoDomain

#if canImport(Glibc)
    import Glibc
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Builds a session's report and summary from its replay, entry by entry.
/// A class: its spill files are its own, so a copy never writes into them.
///
/// ```swift
/// import Foundation
/// import Report
/// import SessionLog
///
/// func writeReport(of log: URL, to page: URL, summary: URL) throws(SystemCallError) {
///     let builder = ReportBuilder()
///     let outcome = try LogReplayer.replay(contentsOf: log) { builder.add($0) }
///     builder.finish(with: outcome)
///     try builder.write(report: page, summary: summary)
/// }
/// ```
public final class ReportBuilder {
    /// The title over the list when neither `--title` nor the header's `app` gives one.
    public static let defaultTitle = "TimeTrave"

    private let titleOverride: String?
    private let encoder = FrameEncoder()

    /// The session's numbers: the one accumulator that the summary, the
    /// page, the event table and the batch's stats are all made from.
    public let metrics: SessionMetrics
    private let diagnostics = DiagnosticList()
    private var newestFrameState = TodoState()
    /// How the log was redacted as it was read, said by the page's badge and the summary.
    private let redaction: LogRedaction?

    /// - Parameters:
    ///   - title: Overrides the header's `app` as the page's title.
    ///   - redaction: The redaction the log was read with (the entries are
    ///     already redacted): the page and the summary say so, and how.
    ///   - recordingEventTable: Keep what ``writeEventTable(session:_:)`` needs.
    public init(title: String? = nil, redaction: LogRedaction? = nil, recordingEventTable: Bool = false) {
        self.titleOverride = title
        self.redaction = redaction
        self.metrics = SessionMetrics(recordingEventTable: recordingEventTable)
    }

    /// The page's title: the override, else the header's `app`, else
    /// ``defaultTitle``; without control characters or bidi overrides.
    public var title: String {
        ReportTitle.clean(titleOverride ?? metrics.header?.app ?? Self.defaultTitle)
    }

    /// Adds one replay entry.
    public func add(_ entry: ReplayEntry) {
        switch entry {
        case .header(let header):
            metrics.add(entry)
            encoder.setOrigin(header.startedAt)
        case .frame(let frame):
            // The frame is taken out of the entry once and lent to each part.
            metrics.add(frame)
            encoder.add(frame)
        case .travel(let travel):
            metrics.add(entry)
            encoder.add(travel)
        case .diagnostic(let diagnostic):
            metrics.add(entry)
            diagnostics.add(diagnostic)
        }
    }

    /// The `errno` of a temporary file of the report that could not be
    /// written or read back (see `SpillFile.diskFailure`), if any.
    public var spillFailure: Int32? { encoder.spillFailure ?? diagnostics.rows.diskFailure ?? metrics.spillFailure }

    /// Writes the session's event table as CSV (see
    /// ``SessionMetrics/writeEventTable(session:_:)``); needs `recordingEventTable`.
    public func writeEventTable<Failure: Error>(
        session: String, _ write: (ByteView) throws(Failure) -> Void
    ) throws(Failure) {
        try metrics.writeEventTable(session: session, write)
    }

    /// Records how the replay ended (for the summary's line accounting).
    public func finish(with outcome: LogReplayer.Outcome) {
        metrics.finish(with: outcome)
        newestFrameState = outcome.newestFrameState.excerpted
    }

    /// The summary as CommonMark, for `--summary`.
    public func summaryMarkdown() -> String {
        CommonMarkRenderer.commonMark(SummaryBuilder.build(metrics, title: title, redaction: redaction))
    }

    /// The summary as HTML, rendered by libcmark in safe mode.
    public func summaryHTML() -> String {
        let parts = summaryHTMLParts()
        return parts.heading + parts.body
    }

    /// The summary's heading and the rest, apart: the page puts its funnel chart between them, so
    /// that the chart floats beside the summary, not inside its heading.
    func summaryHTMLParts() -> (heading: String, body: String) {
        let blocks = SummaryBuilder.build(metrics, title: title, redaction: redaction)
        return (CommonMarkRenderer.html(Array(blocks.prefix(1))), CommonMarkRenderer.html(Array(blocks.dropFirst())))
    }

    /// The self-contained page, in memory.
    ///
    /// - Throws: `SystemCallError` when a temporary file of the
    ///   replay cannot be read back (the page would lack frames).
    public func html(templates: PageTemplates = .builtIn) throws(SystemCallError) -> String {
        var sink = MemorySink()
        try Self.systemCall { try renderer(templates).write(to: &sink) }
        return String(decoding: sink.bytes, as: UTF8.self)
    }

    /// Writes the self-contained page to an open file, streaming the frames
    /// from where they were spilled.
    ///
    /// - Throws: `SystemCallError` when the file cannot be
    ///   written or a temporary file of the replay cannot be read back.
    public func write(toFileDescriptor descriptor: Int32, templates: PageTemplates = .builtIn) throws(SystemCallError) {
        var sink = BufferedFileWriter(descriptor: descriptor)
        try Self.systemCall {
            try renderer(templates).write(to: &sink)
            try sink.flush()
        }
    }

    /// Writes the page to `report` and the summary (CommonMark) to
    /// `summary`, either of them optional, all or nothing, as `todo-report`
    /// writes its outputs: each is written whole to a temporary file beside
    /// it and only then renamed into place, both together, so a failure
    /// (a full disk, say) leaves both files as they were; another writer of
    /// the same files (a second export, a `todo-report` run) never puts its
    /// files in place between these two: the later of the two, finding
    /// them changed, writes nothing. A replaced
    /// file keeps its permissions; a symbolic link is followed and stays; a
    /// FIFO or a character device is written in place, and an open
    /// descriptor's name (`/dev/stdout`, `/dev/fd/N`) on a pipe or a terminal
    /// where it points (one on a regular file replaces that file, as any
    /// file is replaced); a folder is refused.
    ///
    /// - Throws: `SystemCallError` with the path and `errno`.
    public func write(report: URL?, summary: URL? = nil, templates: PageTemplates = .builtIn) throws(SystemCallError) {
        let targets = [report, summary].compactMap { $0 }
        let files = try OutputFiles(targets)
        try files.commit { index, descriptor throws(SystemCallError) in
            do throws(SystemCallError) {
                if index == 0 && report != nil {
                    try write(toFileDescriptor: descriptor, templates: templates)
                } else {
                    var sink = BufferedFileWriter(descriptor: descriptor)
                    try Self.systemCall {
                        try sink.write(summaryMarkdown())
                        try sink.flush()
                    }
                }
            } catch {
                // The path of the file being written, not the temporary one.
                throw SystemCallError(error.operation, path: error.path ?? targets[index].path(percentEncoded: false), errno: error.errno)
            }
        }
    }

    /// Runs `body`, whose failures are system calls: a write's, or a temporary
    /// file's read (the report's and the diff page's frames are read back from them).
    static func systemCall(_ body: () throws -> Void) throws(SystemCallError) {
        do {
            try body()
        } catch let failure as SystemCallError {
            throw failure
        } catch let failure as SpillReadError {
            throw SystemCallError("read a temporary file in", path: SpillFile.folder, errno: failure.code)
        } catch {
            throw SystemCallError("write", errno: EIO)
        }
    }

    /// The funnel as the page draws it beside the summary.
    var funnel: FunnelChart { FunnelChart(metrics.numbers.sheets) }

    /// The activity strip under the scrubber, or a note when no record had a time.
    private func activityHTML() -> String {
        guard let strip = metrics.strip else {
            return "<p class=\"activity-none\">No activity strip: no record of this session has a time.</p>"
        }
        return "<div class=\"activity\" id=\"activity\">" + strip.svg()
            + "<div class=\"activity-cursor\" id=\"activity-cursor\" hidden></div></div>" + strip.legend()
    }

    private func renderer(_ templates: PageTemplates) -> PageRenderer {
        PageRenderer(
            templates: templates, title: title, metrics: metrics, newestFrameState: newestFrameState,
            frameCount: encoder.frameCount, diagnostics: diagnostics, summaryHTML: summaryHTMLParts(),
            frameData: encoder.parts, activityHTML: activityHTML(), funnelHTML: funnel.svg(), redaction: redaction)
    }
}
