public import SessionLog
import TodoDomain

/// Builds a session's report and summary from its replay, entry by entry.
/// A class: its spill files are its own, so a copy never writes into them.
///
/// ```swift
/// let builder = ReportBuilder(title: nil)
/// let outcome = try LogReplayer.replay(source) { builder.add($0) }
/// builder.finish(with: outcome)
/// let page = builder.html(templates: .builtIn)
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
        session: String, _ write: (UnsafeRawBufferPointer) throws(Failure) -> Void
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
        CommonMarkRenderer.html(SummaryBuilder.build(metrics, title: title, redaction: redaction))
    }

    /// The self-contained page, in memory.
    public func html(templates: PageTemplates = .builtIn) -> String {
        var sink = MemorySink()
        try? renderer(templates).write(to: &sink)
        return String(decoding: sink.bytes, as: UTF8.self)
    }

    /// Writes the self-contained page to an open file, streaming the frames
    /// from where they were spilled.
    public func write(toFileDescriptor descriptor: Int32, templates: PageTemplates = .builtIn) throws {
        var sink = FileDescriptorSink(descriptor: descriptor)
        try renderer(templates).write(to: &sink)
        try sink.flush()
    }

    /// The funnel as the page draws it beside the summary.
    var funnel: FunnelChart { FunnelChart(metrics.numbers) }

    /// The activity strip under the scrubber, or a note when no record had a time.
    private func activityHTML() -> String {
        guard let strip = metrics.strip else {
            return "<p class=\"activity-none\">No activity strip: no record of this session has a time.</p>"
        }
        return "<div class=\"activity\" id=\"activity\">" + strip.svg()
            + "<div class=\"activity-cursor\" id=\"activity-cursor\" hidden></div></div>"
    }

    private func renderer(_ templates: PageTemplates) -> PageRenderer {
        PageRenderer(
            templates: templates, title: title, metrics: metrics, newestFrameState: newestFrameState,
            frameCount: encoder.frameCount, diagnostics: diagnostics, summaryHTML: summaryHTML(),
            frameData: encoder.parts, activityHTML: activityHTML(), funnelHTML: funnel.svg(), redaction: redaction)
    }
}
