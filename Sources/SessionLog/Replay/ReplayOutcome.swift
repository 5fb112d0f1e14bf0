/// The diagnostics a replay has emitted, counted by severity as they pass.
struct DiagnosticCount {
    private(set) var errors = 0
    private(set) var warnings = 0

    /// Counts `entry` if it is a diagnostic.
    mutating func add(_ entry: ReplayEntry) {
        guard case .diagnostic(let diagnostic) = entry else { return }
        if diagnostic.severity == .error { errors += 1 } else { warnings += 1 }
    }
}

extension SessionReplay {
    /// How the replay ended, for ``LogReplayer`` (a whole log at once) and
    /// ``LogStepper`` (frame by frame) alike.
    func outcome(_ diagnostics: DiagnosticCount, stoppedOnUnsupportedSchema: Bool) -> LogReplayer.Outcome {
        LogReplayer.Outcome(
            header: header, tally: tally, frameCount: frameCount, errorCount: diagnostics.errors, warningCount: diagnostics.warnings,
            stoppedOnUnsupportedSchema: stoppedOnUnsupportedSchema, newestFrameState: state(ofFrame: frameCount - 1),
            stateAtCursor: state, spillFailure: spillFailure, digests: digests)
    }
}
