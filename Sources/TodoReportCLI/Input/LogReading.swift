import ByteLevel
import SessionLog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads and replays one input for a command: diagnostics to standard error
/// (capped), a progress bar on a terminal, and the verdict of `--strict`.
enum LogReading {
    /// Replays `file` (decompressed if it is gzip data), handing every entry to `consume`.
    static func replay(
        _ file: InputFile, options: ReadingOptions, streams: StandardStreams, allDiagnosticsIn place: String,
        _ consume: (ReplayEntry) -> Void
    ) throws(CLIError) -> LogReplayer.Outcome {
        try replay(
            file, from: file.byteSource(), options: options, streams: streams,
            allDiagnosticsIn: place, consume)
    }

    /// Replays `file` read through `source` (which decompresses its bytes and
    /// may digest them), handing every entry to `consume`.
    static func replay(
        _ file: InputFile, from source: GzipDetectingByteSource<some ByteSource>, options: ReadingOptions, streams: StandardStreams,
        allDiagnosticsIn place: String, _ consume: (ReplayEntry) -> Void
    ) throws(CLIError) -> LogReplayer.Outcome {
        var printer = DiagnosticPrinter(
            path: file.displayName, limit: options.maxDiagnostics, error: streams.error, holdingWhile: { source.isGzip })
        var progress = ReadProgress(input: file.descriptor, error: streams.error, quiet: options.quiet)
        var frames = 0
        defer {
            progress.clear()
            printer.finish(allIn: place)
        }
        let outcome: LogReplayer.Outcome
        do {
            outcome = try LogReplayer.replay(
                source, maxLineBytes: options.maxLineBytes, readingConcurrently: options.readingConcurrently,
                redaction: options.redaction
            ) { entry in
                // The tag alone for frames (most entries): matching the whole entry copied its 352 bytes.
                if case .frame = entry {
                    frames += 1
                    if frames & 0xFFFF == 0 { progress.update(frames: frames) }
                } else if case .diagnostic(let diagnostic) = entry {
                    progress.clear()
                    printer.print(diagnostic)
                }
                consume(entry)
            }
        } catch {
            throw .cannotRead(path: file.displayName, reason: printer.failedReading(error))
        }
        warnOfIrregularEnding(source, of: file, streams: streams)
        try checkSpill(outcome.spillFailure)
        return outcome
    }

    /// Says on standard error, under `--quiet` too, that gzip data went on
    /// after its last whole member, when it did: the log was read up to
    /// there. Data cut short is the replay's `cut-short` warning, which every
    /// output counts.
    static func warnOfIrregularEnding(_ source: GzipDetectingByteSource<some ByteSource>, of file: InputFile, streams: StandardStreams) {
        guard let ending = source.irregularEnding, case .trailingBytes = ending else { return }
        streams.printError("\(file.displayName): warning: \(ending)")
    }

    /// A note when not one line of `file` was a record: a file that is empty,
    /// or not JSON Lines at all (a CSV, a pretty-printed JSON array). Such a
    /// log still makes its one-frame report, as the format says, but the
    /// person most likely named the wrong file. Said under `--quiet` too, as
    /// diagnostics are: a CI step must not pass such a file in silence.
    static func noteIfNoRecords(_ outcome: LogReplayer.Outcome, of file: InputFile, streams: StandardStreams) {
        let tally = outcome.tally
        guard !outcome.stoppedOnUnsupportedSchema else { return }
        noteIfNoRecords(
            records: tally.header + tally.events + tally.travels, dropped: tally.dropped, blank: tally.blank, of: file, streams: streams)
    }

    /// As above, from a count of records, dropped lines and blank ones (`redact`'s).
    static func noteIfNoRecords(records: Int, dropped: Int, blank: Int, of file: InputFile, streams: StandardStreams) {
        guard records == 0 else { return }
        let what =
            dropped == 0
            ? "holds no record: it is \(blank == 0 ? "empty" : "blank")"
            : "holds no todo-session/1 record: none of its \(countedNoun(dropped, "line", grouped: false)) is one"
        streams.printError(
            "\(file.displayName): note: \(what); a log is JSON Lines, its header and then one event or travel a line (a JSON array, or JSON spread over lines, is not)"
        )
    }

    /// `128 frames, 1 error, 2 warnings` (and `, 127 digests checked (0 differ)` when the log had any),
    /// digits plain: a CI script may read them.
    static func countLine(_ outcome: LogReplayer.Outcome) -> String {
        let digests = outcome.digests
        let checked =
            digests.checked > 0 ? ", \(countedNoun(digests.checked, "digest", grouped: false)) checked (\(digests.differed) differ)" : ""
        // Under redaction a log's digests are dropped: a clean count must not pass for a checked one.
        let dropped =
            digests.dropped > 0 ? ", \(countedNoun(digests.dropped, "digest", grouped: false)) not checked (--redact drops them)" : ""
        return
            "\(countedNoun(outcome.frameCount, "frame", grouped: false)), \(countedNoun(outcome.errorCount, "error", grouped: false)), \(countedNoun(outcome.warningCount, "warning", grouped: false))\(checked)\(dropped)"
    }

    /// Throws 73 when a temporary file could not be written (`ulimit -f`, a full disk).
    static func checkSpill(_ failure: Int32?) throws(CLIError) {
        guard let failure else { return }
        // A full disk is the folder's; a file size limit is the process's, wherever the file goes;
        // a folder that is missing or read-only is TMPDIR's.
        let remedy =
            switch failure {
            case EFBIG: "raise the file size limit (ulimit -f)"
            case ENOSPC, EDQUOT: "set TMPDIR to a folder with room"
            default: "set TMPDIR to a folder this user can write"
            }
        throw .cannotWrite(
            path: "a temporary file in \(SpillFile.folder)", reason: SystemCallError.reason(of: failure) + "; " + remedy)
    }

    /// Throws when the log must not become output: an unsupported schema, or errors under `--strict`.
    /// - Parameters:
    ///   - name: The log's name, for a command that reads several (the message then says which).
    ///   - consequence: The end of the message: what the command did not do for it (`validate`
    ///     writes nothing, so its message ends at the reason; a batch keeps the session's stats).
    static func check(
        _ outcome: LogReplayer.Outcome, strict: Bool, naming name: String? = nil, consequence: String = ", so nothing was written."
    ) throws(CLIError) {
        let line = (name.map { $0 + ": " } ?? "") + countLine(outcome)
        if outcome.stoppedOnUnsupportedSchema {
            throw .rejected("\(line); the log's schema is not \(SessionHeader.supportedSchema)" + consequence)
        }
        if strict && outcome.errorCount > 0 {
            throw .rejected("\(line); --strict allows no errors" + consequence)
        }
    }
}
