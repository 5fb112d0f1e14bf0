public import ByteLevel
public import SessionComparison
public import SessionLog
import TodoDomain

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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
    private var baselineMetrics = SessionMetrics()
    private var runMetrics = SessionMetrics()
    /// Each log's frames in the report's encoding, when they are kept.
    private let baselineFrames: FrameEncoder?
    private let runFrames: FrameEncoder?
    /// The comparison, once finished.
    public private(set) var comparison = LogComparison()
    /// With frames kept, the ids each log's replay derived for an `addItem`
    /// without one: the page compares such items as having no id, as
    /// ``LogComparison`` does, and its event list does not show them.
    private(set) var derivedIDs: (baseline: [UUID], run: [UUID]) = ([], [])

    /// - Parameters:
    ///   - baselineName: The baseline's path as shown.
    ///   - runName: The run's path as shown.
    ///   - keepingFrames: Keep every frame for ``html()`` (memory grows with
    ///     the logs); without it memory stays flat.
    ///   - redaction: How both logs were redacted as they were read; the
    ///     names are then shown masked too (with `(baseline)` and `(run)`
    ///     after them when their masks are alike).
    public init(
        baselineName: String, runName: String, keepingFrames: Bool, redaction: LogRedaction? = nil
    ) {
        var names = (redaction?.quotable(baselineName) ?? baselineName, redaction?.quotable(runName) ?? runName)
        // `session-1.jsonl` and `session-2.jsonl` mask alike: each then says which it is.
        if redaction != nil && names.0 == names.1 { names = (names.0 + " (baseline)", names.1 + " (run)") }
        (self.baselineName, self.runName) = names
        self.baselineFrames = keepingFrames ? FrameEncoder() : nil
        self.runFrames = keepingFrames ? FrameEncoder() : nil
        self.redaction = redaction
    }

    /// Takes one entry of the baseline's replay (`baseline`) or the run's.
    public func add(_ entry: ReplayEntry, baseline: Bool) {
        if baseline { baselineMetrics.add(entry) } else { runMetrics.add(entry) }
        guard let frames = baseline ? baselineFrames : runFrames else { return }
        switch entry {
        case .header(let header): frames.setOrigin(header.startedAt)
        case .frame(let frame):
            frames.add(frame)
            if frame.itemIDIsDerived, case .addItem(let id) = frame.event {
                if baseline { derivedIDs.baseline.append(id) } else { derivedIDs.run.append(id) }
            }
        case .travel(let travel): frames.add(travel)
        case .diagnostic: break
        }
    }

    /// Records how both replays and the comparison ended.
    public func finish(baseline: LogReplayer.Outcome, run: LogReplayer.Outcome, comparison: LogComparison) {
        baselineMetrics.finish(with: baseline)
        runMetrics.finish(with: run)
        self.comparison = comparison
    }

    /// The app's name each log's header gives, as the report's phone shows it in its navigation bar.
    var baselineTitle: String { ReportTitle.clean(baselineMetrics.header?.app ?? ReportBuilder.defaultTitle) }
    var runTitle: String { ReportTitle.clean(runMetrics.header?.app ?? ReportBuilder.defaultTitle) }

    /// The `appVersion` each log's header gives, if it gives one: which builds were compared.
    var baselineVersion: String? { baselineMetrics.header?.appVersion }
    var runVersion: String? { runMetrics.header?.appVersion }

    var baselineFrameCount: Int { baselineMetrics.outcome?.frameCount ?? 1 }
    var runFrameCount: Int { runMetrics.outcome?.frameCount ?? 1 }

    /// Whether every frame is equal and both logs have as many.
    public var isIdentical: Bool { comparison.firstDifference == nil }

    /// Each log whose own digests say its app showed another state than
    /// this replay (`state-mismatch`), with the first frame that differed:
    /// two replays can be identical while the app showed something else.
    var digestMismatches: [(side: String, frame: Int)] {
        [("baseline", baselineMetrics), ("run", runMetrics)].compactMap { side, metrics in
            guard let digests = metrics.outcome?.digests, digests.differed > 0, let frame = digests.firstMismatchFrame else { return nil }
            return (side, frame)
        }
    }

    /// Each log whose replay left lines out (dropped by an error, a
    /// `truncated-line` or a `duplicate-seq`, or unread after an unsupported
    /// schema), with its errors as `validate` counts them: two replays can
    /// be identical while a log is damaged. A `state-mismatch` keeps its
    /// frame, so it leaves no line out; it is counted among the errors, as
    /// `validate` counts it, and its frame is said on its own (``digestMismatches``).
    var logsWithLinesLeftOut: [(side: String, errors: Int, linesLeftOut: Int)] {
        [("baseline", baselineMetrics), ("run", runMetrics)].compactMap { side, metrics in
            guard let outcome = metrics.outcome else { return nil }
            let linesLeftOut = outcome.tally.dropped + outcome.tally.unread
            return linesLeftOut > 0 ? (side, outcome.errorCount, linesLeftOut) : nil
        }
    }

    /// `the run has 4 errors (--strict fails on them) and 3 lines left out of its replay`:
    /// what ``identicalCaveats`` and the summary (`grouped` thousands) say of a log with lines left out.
    static func linesLeftOut(side: String, errors: Int, linesLeftOut: Int, grouped: Bool) -> String {
        let lines = countedNoun(linesLeftOut, "line", grouped: grouped) + " left out of its replay"
        guard errors > 0 else { return "the \(side) has \(lines), by warnings (--strict passes it)" }
        return
            "the \(side) has \(countedNoun(errors, "error", grouped: grouped)) (--strict fails on \(errors == 1 ? "it" : "them")) and \(lines)"
    }

    /// `identical: 57 frames`, or `differ at frame 23 (baseline 57 frames, run 60): baseline addItem "Buy milk", run addItem "Buy mlk"`
    /// and one line per differing field.
    public var verdict: String {
        // Digits plain, as in the count line: a CI script may read them.
        func frames(_ count: Int) -> String { countedNoun(count, "frame", grouped: false) }
        guard let difference = comparison.firstDifference else {
            // The first line stays as a script reads it; what it does not show is said after it.
            return "identical: \(frames(baselineFrameCount))" + identicalCaveats.map { "\n  " + $0 }.joined()
        }
        var text =
            "differ at frame \(difference.frame) (baseline \(frames(baselineFrameCount)), run \(runFrameCount)): "
            + "baseline \(difference.baselineEvent ?? "has no such frame"), run \(difference.runEvent ?? "has no such frame")"
        for field in difference.fields.prefix(Self.listedFieldLimit) { text += "\n  \(field.path): \(field.baseline) ≠ \(field.run)" }
        if let unlisted = Self.unlistedFieldCount(difference) { text += "\n  … and \(unlisted) more differing fields" }
        text += "\n  " + Self.lines(of: difference)
        return text
    }

    /// The most differing fields the verdict and the summary list: a travel
    /// can make every item of a long list differ, and a CI job's summary has a
    /// size limit (GitHub's is 1 MiB). The page marks every one.
    static let listedFieldLimit = 50

    /// How many differing fields of `difference` go unlisted, if any do.
    static func unlistedFieldCount(_ difference: LogComparison.Difference) -> Int? {
        difference.fields.count > listedFieldLimit ? difference.fields.count - listedFieldLimit : nil
    }

    /// What identical replays do not show, one line each: a log whose app
    /// showed another state (its digests), a log with lines left out of its
    /// replay. The verdict says them under its first line, and the page under its banner.
    var identicalCaveats: [String] {
        guard isIdentical else { return [] }
        return digestMismatches.map {
            "but the \($0.side)'s digests differ from frame \($0.frame) on: its app showed another state than this replay"
        }
            + logsWithLinesLeftOut.map {
                "but " + Self.linesLeftOut(side: $0.side, errors: $0.errors, linesLeftOut: $0.linesLeftOut, grouped: false)
            }
    }

    /// Where to look in the logs: `at line 25 of the baseline, line 27 of the run`,
    /// or `at line 25 of the baseline (the run ends before it)` when one log has no such frame.
    static func lines(of difference: LogComparison.Difference) -> String {
        switch (difference.baselineLine, difference.runLine) {
        case (let baseline?, let run?): "at line \(baseline) of the baseline, line \(run) of the run"
        case (let baseline?, nil): "at line \(baseline) of the baseline (the run ends before it)"
        case (nil, let run?): "at line \(run) of the run (the baseline ends before it)"
        case (nil, nil): "at no line of either log"
        }
    }

    /// The verdict as CommonMark, for a CI job summary (`--summary`).
    public func summaryMarkdown() -> String {
        CommonMarkRenderer.commonMark(DiffSummaryBuilder.build(self, baseline: baselineMetrics, run: runMetrics))
    }

    /// The self-contained side-by-side page (needs `keepingFrames`; without
    /// it both phones show only the initial state).
    ///
    /// - Throws: `SystemCallError` when a temporary file of the frames
    ///   cannot be read back (the page would lack frames).
    public func html() throws(SystemCallError) -> String {
        try DiffPageRenderer(
            report: self,
            summaryHTML: CommonMarkRenderer.html(DiffSummaryBuilder.build(self, baseline: baselineMetrics, run: runMetrics)),
            baselineFrames: (baselineFrames ?? FrameEncoder()).parts, runFrames: (runFrames ?? FrameEncoder()).parts
        ).html()
    }
}
