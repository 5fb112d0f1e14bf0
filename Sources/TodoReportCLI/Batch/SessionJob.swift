import Foundation
import Report
import SessionLog

/// One session of a batch: skipped when unchanged, else read, its report and
/// stats written. A session that cannot be read or is rejected becomes stats
/// that say so; only an output that cannot be written stops the batch.
struct SessionJob: Sendable {
    enum Result: Sendable {
        /// `statsPredateHashes`: rendered again because its old stats named no report hash or root.
        case done(SessionStats, skipped: Bool, statsPredateHashes: Bool = false)
        case cannotWrite(CLIError)
    }

    /// What the last run's files say of a session about to be read.
    private enum Verdict {
        /// Its input, the tool and `--strict` are the same, and its report is the one its stats name.
        case unchanged(SessionStats)
        /// Something differs, or there is nothing to compare with.
        case changed
        /// Its stats are from before reports were hashed and roots recorded: the report cannot be checked.
        case statsPredateHashes
    }

    var folder: BatchFolder
    var options: ReadingOptions
    var title: String?
    var templates: PageTemplates
    var force: Bool
    var streams: StandardStreams
    /// Whether other runs may write the folder at the same time (`--shard` runs share it).
    var sharedFolder: Bool

    /// The tool that wrote a session's files, and how it redacted them: a
    /// re-run with another redaction (or none) renders every session again.
    var tool: String {
        guard let redaction = options.redaction else { return Help.version }
        return Help.version + " --redact" + (redaction.keyFingerprint.map { " key \($0)" } ?? "")
    }

    /// Runs the session of `input`, named `name`, found under the root recorded as `root` (``InputRoot``).
    func run(_ input: BatchInput, name: String, root: String) -> Result {
        let relative = SessionNaming.shownInput(input.relative, redaction: options.redaction)
        // Under --redact a file name may tell as much as what was typed: stderr names the session.
        let shownPath = options.redaction == nil ? input.path.display : "sessions/\(name)"
        func failed(_ status: SessionStats.Status, _ problem: String) -> SessionStats {
            var stats = SessionStats(name: name, input: relative, status: status, problem: problem, tool: tool, strict: options.strict)
            stats.root = root
            return stats
        }
        do throws(CLIError) {
            if let problem = input.problem {
                streams.printError("\(shownPath): error: cannot read: \(problem)")
                return try recordFailure(failed(.unreadable, problem))
            }
            var file: InputFile
            do throws(CLIError) {
                file = try InputFile.locate(input.path, standardInput: -1)
                if options.redaction != nil { file.displayName = shownPath }
                try file.openWithoutWaiting(streamAllowed: input.isStream)
            } catch {
                let reason = Self.reason(error)
                streams.printError("\(shownPath): error: cannot read: \(reason)")
                return try recordFailure(failed(.unreadable, reason))
            }
            defer { file.close() }
            let verdict = verdict(file, name: name)
            if case .unchanged(var stats) = verdict {
                // Another root's session of the same NAME (its logs moved, say) becomes this root's.
                if stats.root != root {
                    stats.root = root
                    try record(stats, removingReport: false)
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
                    allDiagnosticsIn: "all in its report")
            } catch {
                if case .cannotWrite = error { return .cannotWrite(error) }
                let reason = Self.reason(error)
                streams.printError("\(shownPath): error: cannot read: \(reason)")
                return try recordFailure(failed(.unreadable, reason))
            }
            var status = SessionStats.Status.rendered
            var problem: String?
            do throws(CLIError) {
                try LogReading.check(outcome, strict: options.strict)
            } catch {
                status = .rejected
                problem = Self.reason(error)
                streams.printError("\(shownPath): error: rejected: \(problem ?? "")")
            }
            var stats = SessionStats(
                name: name, input: relative, status: status, problem: problem, metrics: builder.metrics,
                inputBytes: digest.digest.byteCount, inputSHA256: digest.digest.hex(), tool: tool, strict: options.strict)
            stats.root = root
            if status == .rendered {
                var digest: FileDigest?
                let report = try BatchFolder.stage(folder.report(name)) { descriptor throws(SystemCallError) in
                    try SessionRendering.writeReport(builder, templates: templates, to: descriptor)
                    digest = try FileDigest(descriptor)
                }
                (stats.reportBytes, stats.reportSHA256) = (digest?.bytes, digest?.sha256)
                let statsFile = try BatchFolder.stage(folder.statsFile(name), text: stats.json)
                try folder.install([report, statsFile], sharedFolder: sharedFolder)
            } else {
                try record(stats, removingReport: true)
            }
            if case .statsPredateHashes = verdict { return .done(stats, skipped: false, statsPredateHashes: true) }
            return .done(stats, skipped: false)
        } catch {
            return .cannotWrite(error)
        }
    }

    /// Writes the stats alone (first removing the report, when it has none).
    private func record(_ stats: SessionStats, removingReport: Bool) throws(CLIError) {
        let file = try BatchFolder.stage(folder.statsFile(stats.name), text: stats.json)
        try folder.install([file], removing: removingReport ? folder.report(stats.name) : nil, sharedFolder: sharedFolder)
    }

    /// A session that failed before it had numbers: its stats say why.
    private func recordFailure(_ stats: SessionStats) throws(CLIError) -> Result {
        try record(stats, removingReport: true)
        return .done(stats, skipped: false)
    }

    /// Whether the session can be skipped: the last run's stats name the
    /// same input bytes (size, then SHA-256), tool and `--strict`, and its
    /// report is there with the size and SHA-256 they name (another run's
    /// report, or one damaged anywhere in it, is not). A stream is never
    /// skipped: reading it to compare would consume it.
    private func verdict(_ file: InputFile, name: String) -> Verdict {
        guard !force, let node = file.node, node.st_mode & S_IFMT == S_IFREG, let old = folder.existingStats(name), old.tool == tool,
            old.strict == options.strict, let oldHash = old.inputSHA256, Int(node.st_size) == old.inputBytes
        else { return .changed }
        guard old.root != nil else { return .statsPredateHashes }
        if old.status == .rendered {
            guard let bytes = old.reportBytes, let sha256 = old.reportSHA256 else { return .statsPredateHashes }
            let report = folder.report(name)
            guard FileDigest.matches(report, bytes: bytes, sha256: sha256) else {
                var info = stat()
                let missing = report.withCString { lstat($0, &info) } != 0
                streams.printError(
                    "\(report.display): warning: "
                        + (missing ? "missing" : "not the report its stats name (another size or SHA-256)") + "; rendering it again")
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
        case .cannotRead(_, let reason), .cannotWrite(_, let reason): reason
        case .rejected(let text), .usage(let text), .sessionsFailed(_, let text), .busy(let text): text
        }
    }
}
