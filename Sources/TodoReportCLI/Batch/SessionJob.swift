import ByteLevel
import Report
import SessionLog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One session of a batch: skipped when unchanged, else read, its report and
/// stats written. A session that cannot be read or is rejected becomes stats
/// that say so; only an output that cannot be written stops the batch. An
/// INPUT that is missing, or a folder that cannot be searched, is no session:
/// it writes and removes nothing, so a session recorded before keeps its files.
struct SessionJob: Sendable {
    enum Result: Sendable {
        /// `again`: why it was rendered again although its input may be unchanged, if that was the reason.
        case done(SessionStats, skipped: Bool, again: RenderedAgain? = nil)
        /// An INPUT that is missing or a folder that could not be searched (said on standard error);
        /// `insideInput` when that folder is one found inside an INPUT, not the INPUT itself.
        case notFound(insideInput: Bool)
        /// The run cannot go on here: an output cannot be written, or an input not opened for want of
        /// open files or memory (the batch stops with 73, the session's last files as they were).
        case cannotWrite(CLIError)
    }

    /// Why a session's old stats could not vouch for its files.
    enum RenderedAgain: Sendable {
        /// They were `todo-report-stats/1`, whose numbers are defined otherwise
        /// (and which may predate the report hashes and roots).
        case olderSchema
    }

    /// What the last run's files say of a session about to be read.
    private enum Verdict {
        /// Its input, the tool and `--strict` are the same, and its report is the one its stats name.
        case unchanged(SessionStats)
        /// Something differs, or there is nothing to compare with.
        case changed
        /// Its stats cannot vouch for its files (see ``RenderedAgain``).
        case again(RenderedAgain)
    }

    var folder: BatchFolder
    var options: ReadingOptions
    var title: String?
    var templates: PageTemplates
    var force: Bool
    var streams: StandardStreams
    /// Whether other runs may write the folder at the same time (`--shard` runs share it).
    var sharedFolder: Bool
    /// The roots of this run's INPUTs as stats record them (``InputRoot/recorded(_:redaction:)``).
    var runRoots: Set<String>

    /// The tool that wrote a session's files, with the options that change
    /// them, and how it redacted them: a re-run with another `--title`,
    /// `--max-line-bytes` or redaction renders every session again.
    var tool: String {
        Help.version + Self.outputOptions(title: title, maxLineBytes: options.maxLineBytes) + (options.redaction?.mode.toolSuffix ?? "")
    }

    /// ` --max-line-bytes N` when not the default, ` --title` and the first 16
    /// hex digits of the title's SHA-256 when one is given (the stats file
    /// records that it was, not the text); empty for the defaults, so a
    /// folder written with them keeps its stats as they were. Before the
    /// redaction's words, which end `tool`.
    static func outputOptions(title: String?, maxLineBytes: Int) -> String {
        var words = ""
        if maxLineBytes != LogReplayer.defaultMaxLineBytes { words += " --max-line-bytes \(maxLineBytes)" }
        if let title {
            var digest = InputDigest()
            Array(title.utf8).withByteView { digest.add($0) }
            words += " --title " + digest.hex().prefix(16)
        }
        return words
    }

    /// Runs the session of `input`, named `name`, found under the root recorded as `root` (``InputRoot``).
    /// When the folder holds another session of that NAME, found under a root that is none of this
    /// run's, with other input bytes, this one takes ``SessionNaming/alternative(to:for:redaction:)``
    /// instead of rendering over it.
    func run(_ input: BatchInput, name: String, root: String) -> Result {
        var name = name
        let relative = SessionNaming.shownInput(input.relative, redaction: options.redaction)
        // Under --redact a file name may tell as much as what was typed: stderr names the session (by the NAME it takes).
        var shownPath: String { options.redaction == nil ? input.path.display : "\(SessionStats.reports.folder)/\(name)" }
        /// Takes the alternative NAME when another root's session holds this one (see ``otherRootsSession(_:root:file:)``).
        func keepOtherRootsSession(_ file: InputFile?) {
            guard let owner = otherRootsSession(name, root: root, file: file) else { return }
            let alternative = SessionNaming.alternative(to: name, for: input, redaction: options.redaction)
            streams.printError(
                "\(shownPath): note: \(SessionStats.report(of: name)) is the session of a log found under \(owner.showingLayoutControls), "
                    + "which this run does not read; this one is \(SessionStats.report(of: alternative))")
            name = alternative
        }
        func failed(_ status: SessionStats.Status, _ problem: String) -> SessionStats {
            var stats = SessionStats(name: name, input: relative, status: status, problem: problem, tool: tool, strict: options.strict)
            stats.root = root
            return stats
        }
        do throws(CLIError) {
            if let problem = input.problem {
                streams.printError("\(shownPath): error: cannot read: \(problem); nothing of it is written or removed")
                return .notFound(insideInput: input.path != input.root)
            }
            var file: InputFile
            do throws(CLIError) {
                file = try InputFile.locate(input.path, standardInput: -1)
                if options.redaction != nil { file.displayName = shownPath }
                try file.openWithoutWaiting(streamAllowed: input.isStream) {
                    streams.printError("\(shownPath): waiting for a program to write to it (the batch ends when its writer closes it)")
                }
            } catch {
                // Short of open files or memory: the run's failure, not the log's; its last files stay.
                if case .shortOfResources = error { return .cannotWrite(error) }
                // Its failure is recorded under its own NAME, never over another root's session.
                keepOtherRootsSession(nil)
                let reason = Self.reason(error)
                streams.printError("\(shownPath): error: cannot read: \(reason). \(Self.statsAlone)")
                return try recordFailure(failed(.unreadable, reason))
            }
            defer { file.close() }
            var verdict = verdict(file, name: name)
            if case .unchanged = verdict {
            } else {
                let planned = name
                keepOtherRootsSession(file)
                if name != planned {
                    if options.redaction != nil { file.displayName = shownPath }
                    verdict = self.verdict(file, name: name)
                }
            }
            if case .unchanged(var stats) = verdict {
                // Still rejected: said again, or a re-run would fail (65) without naming the session.
                if stats.status == .rejected {
                    streams.printError(
                        "\(shownPath): error: rejected, as in an earlier run (the log and the options are unchanged): "
                            + "\(stats.problem ?? "") validate lists its diagnostics.")
                }
                // Another root's session of the same NAME (its logs moved, say) becomes this root's, and a
                // log renamed to a name of the same NAME (`x y.jsonl` to `x_y.jsonl`) is named as it is now.
                if stats.root != root || stats.input != relative {
                    stats.root = root
                    stats.input = relative
                    try record(stats, removingFiles: false)
                }
                return .done(stats, skipped: true)
            }

            let digest = InputDigestRecorder()
            let builder: ReportBuilder
            let outcome: LogReplayer.Outcome
            do throws(CLIError) {
                (builder, outcome) = try SessionRendering.read(
                    file,
                    from: GzipDetectingByteSource(
                        DigestingByteSource(FileDescriptorByteSource(fileDescriptor: file.descriptor), into: digest)), options: options,
                    title: title, streams: streams,
                    allDiagnosticsIn: options.withheldDiagnostics(allIn: "its report"), recordingEventTable: true)
            } catch {
                if case .cannotWrite = error { return .cannotWrite(error) }
                let reason = Self.reason(error)
                streams.printError("\(shownPath): error: cannot read: \(reason). \(Self.statsAlone)")
                var stats = failed(.unreadable, reason)
                // Opened but not read to its end (damaged gzip data): its size is known.
                stats.inputBytes = file.node.flatMap { $0.st_mode & S_IFMT == S_IFREG ? Int($0.st_size) : nil } ?? 0
                return try recordFailure(stats)
            }
            if !options.quiet { LogReading.noteIfNoRecords(outcome, of: file, streams: streams) }
            var status = SessionStats.Status.rendered
            var problem: String?
            do throws(CLIError) {
                try LogReading.check(outcome, strict: options.strict, consequence: ".")
            } catch {
                status = .rejected
                problem = Self.reason(error)
                streams.printError("\(shownPath): error: rejected: \(problem ?? "") \(Self.statsAlone)")
            }
            var stats = SessionStats(
                name: name, input: relative, status: status, problem: problem, metrics: builder.metrics,
                inputBytes: digest.digest.byteCount,
                // Under redaction no hash of the file as written: a short log could be guessed from it.
                inputSHA256: options.redaction == nil ? digest.digest.hex() : nil, tool: tool, strict: options.strict)
            stats.root = root
            if status == .rendered {
                var digest: FileDigest?
                let report = try BatchFolder.stage(folder.report(name), as: .report) { descriptor throws(SystemCallError) in
                    try SessionRendering.writeReport(builder, templates: templates, to: descriptor)
                    digest = try FileDigest(descriptor)
                }
                (stats.reportBytes, stats.reportSHA256) = (digest?.bytes, digest?.sha256)
                let events = try BatchFolder.stage(folder.eventTable(name), as: .eventTable) { descriptor throws(SystemCallError) in
                    try SessionRendering.writeEventTable(builder, session: name, to: descriptor)
                    digest = try FileDigest(descriptor)
                }
                (stats.eventTableBytes, stats.eventTableSHA256) = (digest?.bytes, digest?.sha256)
                let statsFile = try BatchFolder.stage(folder.statsFile(name), as: .stats, text: stats.json)
                // The stats last: they name the report and the table.
                try folder.install([report, events, statsFile], sharedFolder: sharedFolder)
            } else {
                try record(stats, removingFiles: true)
            }
            if case .again(let reason) = verdict { return .done(stats, skipped: false, again: reason) }
            return .done(stats, skipped: false)
        } catch {
            return .cannotWrite(error)
        }
    }

    /// Who recorded another session under `name`, shown for people, when it
    /// is one this session must not render over: found under a root that is
    /// none of this run's INPUTs (which will not remove it), from other bytes
    /// (the same bytes are the same log, moved: it becomes this root's). A
    /// `file` that could not be opened (nil) has no bytes to match.
    private func otherRootsSession(_ name: String, root: String, file: InputFile?) -> String? {
        guard let old = folder.existingStats(name), let oldRoot = old.root, oldRoot != root, !runRoots.contains(oldRoot) else {
            return nil
        }
        if let oldHash = old.inputSHA256, let file, let input = try? FileDigest(file.descriptor),
            input == FileDigest(bytes: old.inputBytes, sha256: oldHash)
        {
            return nil
        }
        return options.redaction == nil ? oldRoot : "another INPUT"
    }

    /// What becomes of a session that cannot be read or is rejected, as its message ends.
    static let statsAlone = "The session has its stats alone, with no report or event table (an earlier run's are removed)."

    /// Writes the stats alone (first removing the report and the event table, when it has none).
    private func record(_ stats: SessionStats, removingFiles: Bool) throws(CLIError) {
        let file = try BatchFolder.stage(folder.statsFile(stats.name), as: .stats, text: stats.json)
        let left = try folder.install([file], removingFilesOf: removingFiles ? stats.name : nil, sharedFolder: sharedFolder)
        for path in left { streams.printError(BatchFolder.notOwnNote(path)) }
    }

    /// A session that failed before it had numbers: its stats say why.
    private func recordFailure(_ stats: SessionStats) throws(CLIError) -> Result {
        try record(stats, removingFiles: true)
        return .done(stats, skipped: false)
    }

    /// Whether the session can be skipped: the last run's stats (of this
    /// schema) name the same input bytes (size, then SHA-256), tool (with
    /// its options, ``tool``) and `--strict`, and its report and event table are there with the size
    /// and SHA-256 they name (another run's, or one damaged anywhere in it,
    /// is not). A stream is never skipped: reading it to compare would consume it.
    private func verdict(_ file: InputFile, name: String) -> Verdict {
        guard !force, let node = file.node, node.st_mode & S_IFMT == S_IFREG else { return .changed }
        guard let old = folder.existingStats(name) else {
            return folder.existingStatsSchema(name)?.schema == SessionStats.olderSchemaName ? .again(.olderSchema) : .changed
        }
        guard old.tool == tool, old.strict == options.strict, let oldHash = old.inputSHA256, Int(node.st_size) == old.inputBytes
        else { return .changed }
        guard old.root != nil else { return .changed }
        if old.status == .rendered {
            guard let bytes = old.reportBytes, let sha256 = old.reportSHA256, let tableBytes = old.eventTableBytes,
                let tableSHA256 = old.eventTableSHA256
            else { return .changed }
            for (path, bytes, sha256, what) in [
                (folder.report(name), bytes, sha256, "report"), (folder.eventTable(name), tableBytes, tableSHA256, "event table"),
            ] where !FileDigest.matches(path, bytes: bytes, sha256: sha256) {
                var info = stat()
                let missing = path.withCString { lstat($0, &info) } != 0
                streams.printError(
                    "\(path.display): warning: "
                        + (missing ? "missing" : "not the \(what) its stats name (another size or SHA-256)") + "; rendering it again")
                return .changed
            }
        }
        guard let input = try? FileDigest(file.descriptor), input == FileDigest(bytes: old.inputBytes, sha256: oldHash) else {
            return .changed
        }
        return .unchanged(old)
    }

    private static func reason(_ error: CLIError) -> String {
        switch error {
        case .cannotRead(_, let reason), .cannotWrite(_, let reason), .shortOfResources(_, let reason): reason
        case .rejected(let text), .usage(let text), .commandUsage(let text, _, _), .sessionsFailed(_, let text), .busy(let text): text
        }
    }
}
