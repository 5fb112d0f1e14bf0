import Digests
import SessionComparison
import SessionLog

/// Reads two logs for `diff`, one frame of each at a time, with the options
/// and the diagnostic printing of ``LogReading`` (each diagnostic prefixed
/// by its log's path). A reading option that changes what a log's entries
/// hold (redaction, say) belongs where ``compare(comparingIDs:showingText:_:)``
/// hands entries on, for both logs alike; the frames it compares are the
/// logs' as written.
struct DiffReading {
    private let baseline: LogStepper
    private let run: LogStepper
    private let baselineFile: InputFile
    private let runFile: InputFile
    private let baselineSource: GzipDetectingByteSource<FileDescriptorByteSource>
    private let runSource: GzipDetectingByteSource<FileDescriptorByteSource>
    private let streams: StandardStreams
    private var baselineName: String { baselineFile.displayName }
    private var runName: String { runFile.displayName }
    private var baselinePrinter: DiagnosticPrinter
    private var runPrinter: DiagnosticPrinter
    private var printed = false
    /// Under redaction, both logs read once more as they are, for the verdict
    /// alone: two texts that differ can have the same mask (`final`, `finbl`).
    private let verdict: (baseline: LogStepper, run: LogStepper)?

    /// Whether what each replay keeps on disk for travel is sealed: `(redacted reading, reading as written)`
    /// for each log, the second nil without redaction.
    var spillsAreSealed: [(redacted: Bool, asWritten: Bool?)] {
        [(baseline.spillsAreSealed, verdict?.baseline.spillsAreSealed), (run.spillsAreSealed, verdict?.run.spillsAreSealed)]
    }

    /// - Parameter verdictFiles: Under redaction, the two logs opened again (files, not
    ///   streams), compared as they are while the entries handed on are masked.
    init(
        baseline: InputFile, run: InputFile, verdictFiles: (baseline: InputFile, run: InputFile)? = nil, options: ReadingOptions,
        streams: StandardStreams
    ) {
        baselineSource = baseline.byteSource()
        runSource = run.byteSource()
        self.baseline = LogStepper(baselineSource, maxLineBytes: options.maxLineBytes, redaction: options.redaction)
        self.run = LogStepper(runSource, maxLineBytes: options.maxLineBytes, redaction: options.redaction)
        verdict = verdictFiles.map {
            // The logs as written keep their history on disk for travel: sealed, so no typed text reaches it.
            let sealing = SpillKeystream()
            return (
                LogStepper(
                    $0.baseline.byteSource(), maxLineBytes: options.maxLineBytes, redaction: nil, keepingLinesOffDisk: true,
                    sealingSpills: sealing),
                LogStepper(
                    $0.run.byteSource(), maxLineBytes: options.maxLineBytes, redaction: nil, keepingLinesOffDisk: true,
                    sealingSpills: sealing)
            )
        }
        baselineFile = baseline
        runFile = run
        self.streams = streams
        let (baselineSource, runSource) = (baselineSource, runSource)
        baselinePrinter = DiagnosticPrinter(
            path: baseline.displayName, limit: options.maxDiagnostics, error: streams.error, holdingWhile: { baselineSource.isGzip })
        runPrinter = DiagnosticPrinter(
            path: run.displayName, limit: options.maxDiagnostics, error: streams.error, holdingWhile: { runSource.isGzip })
    }

    /// Replays both logs in lockstep, comparing each pair of frames, and
    /// hands every entry to `consume` with whether it is the baseline's.
    /// `showingText` shows typed text in the comparison's difference (masked under redaction).
    mutating func compare(
        comparingIDs: Bool, showingText: @escaping @Sendable (String) -> String = { $0 }, _ consume: (ReplayEntry, Bool) -> Void
    ) throws(CLIError) -> (baseline: LogReplayer.Outcome, run: LogReplayer.Outcome, comparison: LogComparison) {
        var comparison = LogComparison(comparingIDs: comparingIDs, showingText: showingText)
        var baselineFrame: Frame?
        var runFrame: Frame?
        var baselineGoesOn = true
        var runGoesOn = true
        // The frames compared: the entries' own, or under redaction the logs' as they are.
        let compared = verdict ?? (baseline, run)
        var verdictGoesOn = (baseline: verdict != nil, run: verdict != nil)
        // Without redaction the entries' own frames are compared.
        let comparesEntries = verdict == nil
        while baselineGoesOn || runGoesOn || verdictGoesOn.baseline || verdictGoesOn.run {
            baselineFrame = nil
            runFrame = nil
            if baselineGoesOn {
                baselineGoesOn = try Self.step(baseline, name: baselineName, printing: &baselinePrinter) { entry in
                    if comparesEntries, case .frame(let frame) = entry { baselineFrame = frame }
                    consume(entry, true)
                }
            }
            if runGoesOn {
                runGoesOn = try Self.step(run, name: runName, printing: &runPrinter) { entry in
                    if comparesEntries, case .frame(let frame) = entry { runFrame = frame }
                    consume(entry, false)
                }
            }
            if let verdict {
                // Their diagnostics are the masked readings' (printed above), unmasked.
                if verdictGoesOn.baseline {
                    verdictGoesOn.baseline = try step(verdict.baseline, name: baselineName) { entry in
                        if case .frame(let frame) = entry { baselineFrame = frame }
                    }
                }
                if verdictGoesOn.run {
                    verdictGoesOn.run = try step(verdict.run, name: runName) { entry in
                        if case .frame(let frame) = entry { runFrame = frame }
                    }
                }
            }
            switch (baselineFrame, runFrame) {
            case (let one?, let two?): comparison.compare(one, two, baselineState: compared.0.state, runState: compared.1.state)
            case (let one?, nil): comparison.ended(baseline: false, otherFrame: one, state: compared.0.state)
            case (nil, let two?): comparison.ended(baseline: true, otherFrame: two, state: compared.1.state)
            case (nil, nil): break
            }
        }
        LogReading.warnOfIrregularEnding(baselineSource, of: baselineFile, streams: streams)
        LogReading.warnOfIrregularEnding(runSource, of: runFile, streams: streams)
        let outcomes = (baseline.outcome, run.outcome)
        try LogReading.checkSpill(outcomes.0.spillFailure)
        try LogReading.checkSpill(outcomes.1.spillFailure)
        return (outcomes.0, outcomes.1, comparison)
    }

    /// Prints what the printers still hold, and how many they withheld (once).
    mutating func finishPrinting() {
        guard !printed else { return }
        printed = true
        baselinePrinter.finish(allIn: ReadingOptions.printEveryDiagnostic)
        runPrinter.finish(allIn: ReadingOptions.printEveryDiagnostic)
    }

    /// Steps `stepper`, printing its diagnostics with `printer`.
    private static func step(
        _ stepper: LogStepper, name: String, printing printer: inout DiagnosticPrinter, _ output: (ReplayEntry) -> Void
    ) throws(CLIError) -> Bool {
        do {
            return try stepper.step { entry in
                if case .diagnostic(let diagnostic) = entry { printer.print(diagnostic) }
                output(entry)
            }
        } catch {
            throw .cannotRead(path: name, reason: printer.failedReading(error))
        }
    }

    /// Steps the unmasked reading under redaction, which prints nothing.
    private func step(_ stepper: LogStepper, name: String, _ output: (ReplayEntry) -> Void) throws(CLIError) -> Bool {
        do {
            return try stepper.step(into: output)
        } catch {
            throw .cannotRead(path: name, reason: "\(error)")
        }
    }
}
