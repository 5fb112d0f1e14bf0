import ByteLevel
import Report
import SessionLog

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `todo-report batch INPUT... -o DIR`: every log's report and stats, in
/// parallel, then the index page, the CSV and the aggregate summary.
enum BatchCommand: Subcommand {
    static let output = OptionSpec.value(
        "--output", "-o", valueName: "DIR", help: "The folder to write (created if missing; the folder it is in must exist).")
    /// `--strict` as batch has it: each session is rejected alone, and the others rendered.
    static let strict = OptionSpec.flag(
        "--strict",
        help: """
            Reject a session whose log has any error (warnings do not count): it gets
            its stats alone, no report or event table; the run renders the others and
            exits 65.
            """)
    static let jobs = OptionSpec.value("--jobs", "-j", valueName: "N", help: "Sessions rendered at once (default: the number of cores).")
    static let force = OptionSpec.flag("--force", help: "Render every session again, even those whose input and tool are unchanged.")
    static let shard = OptionSpec.value(
        "--shard", valueName: "K/N",
        help:
            "Render only shard K of N (0-based, by a stable hash of each input's\nrelative path) and write its sessions/, stats/ and events/; then run\n'todo-report index DIR' once over the shards' folder."
    )
    static let noWait = OptionSpec.flag(
        "--no-wait", help: "Exit at once with 75 if another run is writing DIR, instead of waiting\nfor it to finish.")
    static let title = OptionSpec.title(whose: "Each report's")

    static let name = "batch"
    static let abstract = "Render many logs into one folder, with an index page, a CSV and a summary."
    static let usage =
        "todo-report batch INPUT... -o DIR [--jobs N] [--force] [--shard K/N] [--no-wait] [--title TEXT] [--strict] [--quiet] [--max-diagnostics N] [--max-line-bytes N] [--redact | --redact-key FILE]"
    static let options = [output, jobs, force, shard, noWait, title] + ReadingOptions.specs(strict: strict)
    static let discussion = """
        INPUT is a log, a folder (searched recursively for regular *.jsonl and
        *.jsonl.gz files; a FIFO, socket or device there is left out), or - for a
        list of paths on standard input, one a line (or NUL-separated, as
        find -print0 writes them). DIR gets
        sessions/NAME.html (each report, as 'todo-report INPUT' writes it),
        events/NAME.csv.gz (its event table, as --events writes it),
        stats/NAME.json (its numbers, schema todo-report-stats/2), index.html,
        sessions.csv and summary.md.
        A re-run skips a session whose input bytes, tool version, --strict, --title
        and --max-line-bytes match its stats and whose report and event table are
        the ones they name (stats of todo-report-stats/1 are rendered again, and
        every session under --redact or --redact-key, whose stats hold no hash of
        the input; --force redoes all); it removes a session whose input is gone from one of
        this run's INPUTs, and keeps those of other INPUTs.
        One run writes DIR at a time (--shard runs together): another waits for it,
        or exits 75 with --no-wait.
        Exit codes: 0 every session rendered, 65 any rejected (or a stats file
        in DIR left out of the index, as index says), 66 any unreadable
        (or an INPUT missing, a folder that cannot be searched, or a folder
        with no log: its sessions are kept),
        73 an output cannot be written (or the run is short of open files or
        memory), 75 DIR busy (--no-wait).
        """

    static func run(_ arguments: ParsedArguments, streams: StandardStreams) throws(CLIError) {
        guard !arguments.positionals.isEmpty else { throw .usage("batch needs INPUT: logs, folders, or - for a list on standard input.") }
        guard let root = arguments.path(output) else { throw .usage("batch needs -o DIR, the folder to write, as in batch logs/ -o out.") }
        var options = try ReadingOptions(arguments)
        let width = try arguments.integer(jobs, in: 1...1024, example: "4") ?? max(1, ProcessInfo.processInfo.activeProcessorCount)
        // Several sessions at once keep the cores busy: each reads and replays on one thread.
        options.readingConcurrently = width == 1
        let selectedShard = try arguments.text(shard).map { text throws(CLIError) in try Shard(parsing: text) }

        let folder = BatchFolder(root: root)
        try folder.createRoot()
        try refuseKeyInside(root, options.keyFile)
        let lock = try folder.lock(selectedShard == nil ? .exclusive : .shared, wait: !arguments.has(noWait), streams: streams)
        defer { lock.release() }
        folder.removeInterruptedAggregates()
        // Shard runs write no aggregates; a whole run refuses their names' wrong files before any session.
        if selectedShard == nil { try folder.checkAggregates() }
        try folder.create()
        let found = try InputDiscovery.expand(arguments.positionals, standardInput: streams.input)
        let all = found.inputs
        for input in found.leftOut {
            // Under --redact a file name may tell as much as what was typed: it is masked.
            let shown =
                options.redaction == nil
                ? input.path.display : SessionNaming.shownInput(input.relative, redaction: options.redaction).showingLayoutControls
            streams.printError("\(shown): warning: \(input.kind), not a regular file; left out")
        }
        // A folder with no log in it is most likely the wrong folder, a download that failed, or logs named
        // otherwise: as for a missing INPUT, its sessions stay and the run fails (66), so that a nightly
        // job can tell it from a night with sessions.
        let emptyRoots = Set(found.foldersWithoutLogs)
        for root in found.foldersWithoutLogs {
            let shown =
                options.redaction == nil ? root.display : InputRoot.recorded(root, redaction: options.redaction).showingLayoutControls
            streams.printError(
                "\(shown): error: no log in this folder or below (batch reads files named *.jsonl or *.jsonl.gz); the sessions found there before are kept"
            )
        }
        let names = options.redaction.map { SessionNaming.redactedNames(for: all, redaction: $0) } ?? SessionNaming.names(for: all)
        let chosen = all.indices.filter { selectedShard?.contains(all[$0].relative) ?? true }
        var recordedRoots: [Path: String] = [:]
        for root in all.map(\.root) + found.searchedRoots where recordedRoots[root] == nil {
            recordedRoots[root] = InputRoot.recorded(root, redaction: options.redaction)
        }
        let roots = recordedRoots

        let job = SessionJob(
            folder: folder, options: options, title: arguments.text(title), templates: .builtIn, force: arguments.has(force),
            streams: streams, sharedFolder: selectedShard != nil, runRoots: Set(roots.values))
        let progress = BatchProgress(total: chosen.count, error: streams.error, quiet: options.quiet)
        // Whether the folder shows a run already: a failure says its aggregates lag, or that it has none yet.
        let hadAggregates = folder.root.appending(Array("index.html".utf8)).fileType != nil
        let results = WorkerPool.run(
            count: chosen.count, width: width, dedicated: Set(chosen.indices.filter { all[chosen[$0]].isStream }),
            { index in
                let input = all[chosen[index]]
                return job.run(input, name: names[chosen[index]], root: roots[input.root] ?? "")
            },
            finished: { _, result in
                if case .done(let stats, _, _) = result {
                    progress.finished(failed: stats.status != .rendered)
                } else {
                    progress.finished(failed: true)
                }
            })
        progress.clear()

        var finished: [SessionStats] = []
        var skipped = 0
        /// Skipped sessions that stay rejected (their input unchanged): counted once, among the skipped.
        var skippedRejected = 0
        var rendered = 0
        var olderSchema = 0
        var notFound = 0
        /// Folders found inside an INPUT that could not be searched.
        var unsearchedFolders = 0
        /// Says, as a failure ends a whole run, that the folder's aggregates lag its sessions.
        func failing(_ error: CLIError) -> CLIError {
            if selectedShard == nil {
                streams.printError(
                    hadAggregates
                        ? "\(folder.root.display): note: its index.html, sessions.csv and summary.md still show the last run, "
                            + "not the sessions this run put in place before it failed; run batch again once it can write"
                        : "\(folder.root.display): note: it has no index.html, sessions.csv or summary.md yet, "
                            + "only the sessions this run put in place before it failed; run batch again once it can write")
            }
            return error
        }
        for result in results {
            switch result {
            case .done(let stats, let wasSkipped, let again):
                finished.append(stats)
                if wasSkipped {
                    skipped += 1
                    if stats.status == .rejected { skippedRejected += 1 }
                } else if stats.status == .rendered {
                    rendered += 1
                }
                if again == .olderSchema { olderSchema += 1 }
            case .notFound(let insideInput):
                if insideInput { unsearchedFolders += 1 } else { notFound += 1 }
            case .cannotWrite(let error):
                throw failing(error)
            }
        }
        try folder.syncSessions()
        var removed = BatchFolder.Removed()
        /// Stats files in the folder the index left out, damaged or not a batch's: as `index`, exit 65.
        var leftOutStats = 0
        if selectedShard == nil {
            let searched = found.searchedRoots.filter { !emptyRoots.contains($0) }.flatMap {
                InputRoot.matching($0, redaction: options.redaction)
            }
            // The NAMEs written: a session may have taken another than planned (see SessionJob).
            removed = folder.removeSessions(notIn: finished, under: Set(searched), redaction: options.redaction?.mode)
            do {
                leftOutStats = try folder.writeAggregates(streams: streams).leftOut
            } catch {
                throw failing(error)
            }
        }
        for path in removed.notTodoReports { streams.printError(BatchFolder.notOwnNote(path)) }
        if olderSchema > 0 && !options.quiet {
            let (count, their) = (groupedDigits(olderSchema), olderSchema == 1 ? "its" : "their")
            streams.printError(
                "note: \(count) rendered again: \(their) stats were \(SessionStats.olderSchemaName), \(SessionStats.olderSchemaReason), so they are never read as \(SessionStats.schemaName)"
            )
        }
        let rejected = finished.filter { $0.status == .rejected }.count
        let unreadable = finished.filter { $0.status == .unreadable }.count
        var parts = ["\(groupedDigits(rendered)) rendered"]
        if skipped > 0 {
            let stillRejected = skippedRejected > 0 ? "; \(groupedDigits(skippedRejected)) of them rejected" : ""
            parts.append("\(groupedDigits(skipped)) skipped (input and tool unchanged\(stillRejected))")
        }
        if rejected > skippedRejected { parts.append("\(groupedDigits(rejected - skippedRejected)) rejected") }
        if unreadable > 0 { parts.append("\(groupedDigits(unreadable)) unreadable") }
        if notFound > 0 { parts.append("\(countedNoun(notFound, "INPUT")) not found or not searchable") }
        if unsearchedFolders > 0 { parts.append("\(countedNoun(unsearchedFolders, "folder")) inside an INPUT not searchable") }
        if !emptyRoots.isEmpty { parts.append("\(countedNoun(emptyRoots.count, "INPUT folder")) with no log") }
        if removed.inputGone > 0 { parts.append("\(groupedDigits(removed.inputGone)) removed (input gone)") }
        if removed.renamed > 0 {
            parts.append("\(groupedDigits(removed.renamed)) renamed (the same input, under the NAME this run gives it)")
        }
        if removed.emptyLeftovers > 0 {
            parts.append("\(groupedDigits(removed.emptyLeftovers)) removed (empty files, as an interrupted run leaves them)")
        }
        if removed.otherRedaction > 0 { parts.append("\(groupedDigits(removed.otherRedaction)) removed (written with another redaction)") }
        if !found.leftOut.isEmpty { parts.append("\(groupedDigits(found.leftOut.count)) left out (not regular files)") }
        if leftOutStats > 0 { parts.append("\(countedNoun(leftOutStats, "stats file")) left out of the index (damaged, or not stats)") }
        let line = "\(countedNoun(finished.count, "session")): " + parts.joined(separator: ", ") + " -> \(root.display)"
        if unreadable > 0 || notFound > 0 || unsearchedFolders > 0 || !emptyRoots.isEmpty { throw .sessionsFailed(.noInput, line) }
        // A session missing from the index is something a pipeline must be able to tell, as from `index`.
        if rejected > 0 || leftOutStats > 0 { throw .sessionsFailed(.dataError, line) }
        if !options.quiet { streams.printError(line) }
    }
}

/// `--shard K/N`: which inputs one machine of N renders.
struct Shard: Sendable {
    let index: UInt64
    let count: UInt64

    init(parsing text: String) throws(CLIError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = UInt64(parts[0]), let count = UInt64(parts[1]), count > 0, index < count else {
            throw .usage("--shard takes K/N with 0 ≤ K < N, as in --shard 0/4; got '\(text)'.")
        }
        self.index = index
        self.count = count
    }

    /// Whether the input at `relative` is in this shard: FNV-1a of the relative path, modulo N.
    func contains(_ relative: [UInt8]) -> Bool {
        FNV1a.hash(relative) % count == index
    }
}

extension BatchCommand {
    /// A `--redact-key` file inside DIR could be written over (a session's
    /// report, `summary.md`) or removed with a session: the team's secret is kept elsewhere.
    fileprivate static func refuseKeyInside(_ root: Path, _ key: InputFile?) throws(CLIError) {
        guard let key, let keyPath = key.path.resolvingLinks()?.bytes, let rootPath = root.resolvingLinks()?.bytes,
            keyPath.starts(with: rootPath + [UInt8(ascii: "/")])
        else { return }
        throw .usage(
            "the key file \(key.path.display) is inside the output folder \(root.display), where a batch writes and removes files; keep the team's secret elsewhere."
        )
    }
}
