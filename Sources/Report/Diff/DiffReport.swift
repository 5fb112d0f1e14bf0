public import SessionComparison
public import SessionLog
import TodoDomain

/// What `todo-report diff BASELINE RUN` found, in the forms it writes: the
/// verdict as text, the summary as Markdown (a libcmark tree, as the session
/// summary) and the self-contained side-by-side page. Feed it both logs'
/// entries as the comparison replays them, then ``finish(baseline:run:comparison:)``.
public final class DiffReport {
    /// How the two logs are named in the text, the summary and the page.
    public let baselineName: String
    /// The run's name, as given on the command line.
    public let runName: String
    /// How both logs were redacted as they were read, if they were: said by the page and the summary.
    public let redaction: LogRedaction?
    private let keepsFrames: Bool
    private var baselineMetrics = SessionMetrics()
    private var runMetrics = SessionMetrics()
    private var baselineFrames = DiffFrameData()
    private var runFrames = DiffFrameData()
    /// The comparison, once finished.
    public private(set) var comparison = LogComparison()

    /// - Parameters:
    ///   - baselineName: The baseline's path as shown.
    ///   - runName: The run's path as shown.
    ///   - keepingFrames: Keep every frame for ``html()`` (memory grows with
    ///     the logs); without it memory stays flat.
    ///   - redaction: How both logs were redacted as they were read; the
    ///     names are then shown masked too.
    public init(baselineName: String, runName: String, keepingFrames: Bool, redaction: LogRedaction? = nil) {
        self.baselineName = redaction?.quotable(baselineName) ?? baselineName
        self.runName = redaction?.quotable(runName) ?? runName
        self.keepsFrames = keepingFrames
        self.redaction = redaction
    }

    /// Takes one entry of the baseline's replay (`baseline`) or the run's.
    public func add(_ entry: ReplayEntry, baseline: Bool) {
        if baseline { baselineMetrics.add(entry) } else { runMetrics.add(entry) }
        if keepsFrames, case .frame(let frame) = entry {
            if baseline { baselineFrames.append(frame) } else { runFrames.append(frame) }
        }
    }

    /// Records how both replays and the comparison ended.
    public func finish(baseline: LogReplayer.Outcome, run: LogReplayer.Outcome, comparison: LogComparison) {
        baselineMetrics.finish(with: baseline)
        runMetrics.finish(with: run)
        self.comparison = comparison
    }

    var baselineFrameCount: Int { baselineMetrics.outcome?.frameCount ?? 1 }
    var runFrameCount: Int { runMetrics.outcome?.frameCount ?? 1 }

    /// Whether every frame is equal and both logs have as many.
    public var isIdentical: Bool { comparison.firstDifference == nil }

    /// `identical: 57 frames`, or `differ at frame 23 (baseline 57 frames, run 60): baseline addItem "Buy milk", run addItem "Buy mlk"`
    /// and one line per differing field.
    public var verdict: String {
        guard let difference = comparison.firstDifference else { return "identical: \(baselineFrameCount) frames" }
        var text =
            "differ at frame \(difference.frame) (baseline \(baselineFrameCount) frames, run \(runFrameCount)): "
            + "baseline \(difference.baselineEvent ?? "has no such frame"), run \(difference.runEvent ?? "has no such frame")"
        for field in difference.fields { text += "\n  \(field.path): \(field.baseline) ≠ \(field.run)" }
        return text
    }

    /// The verdict as CommonMark, for a CI job summary (`--summary`).
    public func summaryMarkdown() -> String {
        CommonMarkRenderer.commonMark(DiffSummaryBuilder.build(self, baseline: baselineMetrics, run: runMetrics))
    }

    /// The self-contained side-by-side page (needs `keepingFrames`).
    public func html() -> String {
        DiffPageRenderer(
            report: self,
            summaryHTML: CommonMarkRenderer.html(DiffSummaryBuilder.build(self, baseline: baselineMetrics, run: runMetrics)),
            baselineFrames: baselineFrames.finished, runFrames: runFrames.finished
        ).html()
    }
}
