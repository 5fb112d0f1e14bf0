import Foundation
import Report
import SessionLog

/// One session of a batch: skipped when unchanged, else read, its report and
/// stats written. A session that cannot be read or is rejected becomes stats
/// that say so; only an output that cannot be written stops the batch.
struct SessionJob: Sendable {
    enum Result: Sendable {
        case done(SessionStats, skipped: Bool)
        case cannotWrite(CLIError)
    }

    var folder: BatchFolder
    var options: ReadingOptions
    var title: String?
    var templates: PageTemplates
    var force: Bool
    var streams: StandardStreams

    /// The tool that wrote a session's files, and how it redacted them: a
    /// re-run with another redaction (or none) renders every session again.
    var tool: String {
        guard let redaction = options.redaction else { return Help.version }
        return Help.version + " --redact" + (redaction.keyFingerprint.map { " key \($0)" } ?? "")
    }

    func run(_ input: BatchInput, name: String) -> Result {
        let relative = SessionNaming.shownInput(input.relative, redaction: options.redaction)
        // Under --redact a file name may tell as much as what was typed: stderr names the session.
        let shownPath = options.redaction == nil ? input.path.display : "sessions/\(name)"
        func failed(_ status: SessionStats.Status, _ problem: String) -> SessionStats {
            SessionStats(name: name, input: relative, status: status, problem: problem, tool: tool, strict: options.strict)
        }
        do throws(CLIError) {
            if let problem = input.problem {
                streams.printError("\(shownPath): error: cannot read: \(problem)")
                return try record(failed(.unreadable, problem), removingReport: true, skipped: false)
            }
            var file: InputFile
            do throws(CLIError) {
                file = try InputFile.locate(input.path, standardInput: -1)
                if options.redaction != nil { file.displayName = shownPath }
                try file.openWithoutWaiting(streamAllowed: input.isStream)
            } catch {
                let reason = Self.reason(error)
                streams.printError("\(shownPath): error: cannot read: \(reason)")
                return try record(failed(.unreadable, reason), removingReport: true, skipped: false)
            }
            defer { file.close() }
            if let unchanged = unchanged(file, name: name) { return .done(unchanged, skipped: true) }

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
                return try record(failed(.unreadable, reason), removingReport: true, skipped: false)
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
            let stats = SessionStats(
                name: name, input: relative, status: status, problem: problem, statistics: builder.statistics,
                activity: builder.sessionActivity,
                inputBytes: digest.digest.byteCount, inputSHA256: digest.digest.hex(), tool: tool, strict: options.strict)
            if status == .rendered {
                try BatchFolder.write(folder.report(name), durably: false) { descriptor throws(SystemCallError) in
                    try SessionRendering.writeReport(builder, templates: templates, to: descriptor)
                }
            }
            return try record(stats, removingReport: status != .rendered, skipped: false)
        } catch {
            return .cannotWrite(error)
        }
    }

    private func record(_ stats: SessionStats, removingReport: Bool, skipped: Bool) throws(CLIError) -> Result {
        if removingReport { folder.remove(folder.report(stats.name)) }
        try BatchFolder.write(folder.statsFile(stats.name), text: stats.json, durably: false)
        return .done(stats, skipped: skipped)
    }

    /// The stats of the last run when the input's bytes, the tool and
    /// `--strict` are the same (and its report is still there).
    private func unchanged(_ file: InputFile, name: String) -> SessionStats? {
        guard !force, let node = file.node, node.st_mode & S_IFMT == S_IFREG, let old = folder.existingStats(name), old.tool == tool,
            old.strict == options.strict, let oldHash = old.inputSHA256, Int(node.st_size) == old.inputBytes,
            old.status != .rendered || folder.isComplete(folder.report(name))
        else { return nil }
        defer { _ = lseek(file.descriptor, 0, SEEK_SET) }
        var digest = InputDigest()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(file.descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            chunk.withUnsafeBytes { digest.add(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
        return digest.hex() == oldHash ? old : nil
    }

    private static func reason(_ error: CLIError) -> String {
        switch error {
        case .cannotRead(_, let reason), .cannotWrite(_, let reason): reason
        case .rejected(let text), .usage(let text), .sessionsFailed(_, let text): text
        }
    }
}
