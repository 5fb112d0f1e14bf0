import ByteLevel
import Redaction
import Report
import SessionLog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The output folder of `batch` and `index`: `sessions/NAME.html`,
/// `stats/NAME.json`, `events/NAME.csv.gz`, and the aggregates made from
/// every `stats/*.json`.
/// Every file is written whole to a temporary file and renamed into place.
struct BatchFolder: Sendable {
    let root: Path
    var sessions: Path { root.appending(Array(SessionStats.reports.folder.utf8)) }
    var stats: Path { root.appending(Array(SessionStats.statsFiles.folder.utf8)) }
    var events: Path { root.appending(Array(SessionStats.eventTables.folder.utf8)) }

    func report(_ name: String) -> Path { root.appending(Array(SessionStats.report(of: name).utf8)) }
    func statsFile(_ name: String) -> Path { root.appending(Array(SessionStats.statsFiles.path(of: name).utf8)) }
    func eventTable(_ name: String) -> Path { root.appending(Array(SessionStats.eventTable(of: name).utf8)) }

    /// A session's three files, each known by what a todo-report writes near its start.
    enum SessionFile {
        case report, eventTable, stats

        /// Bytes that every file of this kind a todo-report wrote holds in its first 4 KiB: a page's
        /// ``PageTemplates/generatorLine``, an event table's ``GzipWriter/header``, a stats file's schema.
        var mark: [UInt8] {
            switch self {
            case .report: Array(PageTemplates.generatorLine.utf8)
            case .eventTable: GzipWriter.header
            case .stats: Array("\"todo-report-stats/".utf8)
            }
        }
    }

    /// What a run says of a file in its folders that it leaves as someone else's.
    static func notOwnNote(_ path: Path) -> String {
        "\(path.display): note: not a file todo-report wrote, so left as it is; "
            + "a batch folder's sessions, stats and events are todo-report's alone: move it elsewhere"
    }

    /// Whether the regular file at `path` is a session's `kind` of file that
    /// a todo-report wrote, or empty (as a crash may leave a new one): the
    /// only files a batch replaces or removes in its folders. Anything else
    /// is someone else's, left as it is.
    static func isOwn(_ path: Path, as kind: SessionFile) -> Bool {
        guard let bytes = SmallFile.prefix(of: path, count: 4_096) else { return false }
        return bytes.isEmpty || bytes.firstRange(of: kind.mark) != nil
    }

    /// `DIR/.todo-report.lock`: held by every `batch` and `index` run (``lock(_:wait:streams:)``).
    var lockFile: Path { root.appending(Array(".todo-report.lock".utf8)) }
    /// `DIR/.todo-report.install.lock`: held by a `--shard` run while it puts one session's files in place.
    var installLockFile: Path { root.appending(Array(".todo-report.install.lock".utf8)) }
    /// `index.html`, `sessions.csv` and `summary.md`, and how they change together.
    var aggregates: AggregateGenerations { AggregateGenerations(root: root) }

    /// Removes what a run killed while it wrote the aggregates left
    /// (``AggregateGenerations/removeLeftovers()``), and what one of an
    /// older todo-report left: that one put the three in place by a commit
    /// record, `DIR/.todo-report.commit`, and its `.todo-report-commit.*`
    /// files; the three are written again whole by the next `batch` or
    /// `index`. Done first, with the lock held, by every run: `batch`
    /// (`--shard` too) and `index`.
    func removeInterruptedAggregates() {
        aggregates.removeLeftovers()
        _ = root.appending(Array(".todo-report.commit".utf8)).withCString { unlink($0) }
        // No run that holds the lock writes such files any more: none of them is a live run's.
        StaleTemporaries.remove(in: root, olderThan: .never, prefix: ".todo-report-commit.")
    }

    /// Creates the folder itself if it is missing (for its lock file).
    func createRoot() throws(CLIError) {
        try Self.makeFolder(root)
    }

    /// Creates the three subfolders if they are missing and removes what
    /// killed runs left in the four folders; done with the lock held. A
    /// subfolder that is a symbolic link is refused, as a session's file is
    /// (``stage(_:_:)``): a run writes and removes files in them, which
    /// through a link would be another folder's. DIR itself may be a link.
    func create() throws(CLIError) {
        for folder in [root, sessions, stats, events] {
            try Self.makeFolder(folder)
            var info = stat()
            if folder != root, folder.withCString({ lstat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFLNK {
                throw .cannotWrite(
                    path: folder.display,
                    reason: "it is a symbolic link, and a batch folder's sessions, stats and events are folders that only todo-report "
                        + "writes and removes files in: make it a folder, or give -o a folder of its own")
            }
            StaleTemporaries.remove(in: folder, olderThan: .now())
        }
    }

    /// Creates `folder` if it is missing (with its missing parents when `parents` is true);
    /// refuses a path that is not a folder. Returns the folders it created, outermost first.
    @discardableResult
    static func makeFolder(_ folder: Path, parents: Bool = false) throws(CLIError) -> [Path] {
        var created: [Path] = []
        var made = folder.withCString { mkdir($0, 0o777) } == 0
        var failure = made ? 0 : errno
        if !made, failure == ENOENT, parents, folder.folder.bytes != folder.bytes {
            created = try makeFolder(folder.folder, parents: true)
            made = folder.withCString { mkdir($0, 0o777) } == 0
            failure = made ? 0 : errno
        }
        guard made || failure == EEXIST else {
            // As an output file's missing folder is named: the folder that holds it.
            var parent = stat()
            let parentExists = folder.folder.withCString { stat($0, &parent) } == 0 && parent.st_mode & S_IFMT == S_IFDIR
            let reason =
                switch failure {
                case ENOTDIR: folder.notAFolderReason(elseNaming: folder.folder)
                case ENOENT where parentExists:
                    // A folder that exists and refuses new names as missing ones (/proc): said as it is.
                    "no folder can be made in '\(folder.folder.display)' (the system has none of that name and makes none there)"
                case ENOENT: "the folder '\(folder.folder.display)' does not exist (create it first)"
                default: SystemCallError.reason(of: failure)
                }
            throw .cannotWrite(path: folder.display, reason: reason)
        }
        if made { created.append(folder) }
        var info = stat()
        guard folder.withCString({ stat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw .cannotWrite(path: folder.display, reason: "it is not a folder")
        }
        return created
    }

    /// Takes the folder's lock, so that one run writes it at a time: an
    /// `flock` on `DIR/.todo-report.lock`, which the kernel drops when the
    /// run ends, however it ends. `batch` and `index` take it
    /// `.exclusive`; `batch --shard` runs `.shared`, so that shards run
    /// together (each session's files are put in place under
    /// ``installLockFile``) while a whole `batch` or an `index` waits for
    /// them all, and they for it. When another run holds it, this one says
    /// so once on standard error and waits, or with `wait` false fails at
    /// once (exit 75).
    func lock(_ mode: LockFile.Mode, wait: Bool, streams: StandardStreams) throws(CLIError) -> LockFile {
        let lock: LockFile
        do {
            lock = try LockFile(lockFile)
            if try lock.lock(mode, wait: false) { return lock }
        } catch {
            throw .cannotWrite(path: lockFile.display, reason: error.reason)
        }
        guard wait else {
            throw .busy(
                "\(root.display) is being written by another todo-report run (it holds \(lockFile.display)); run again when it ends, or leave out --no-wait to wait for it."
            )
        }
        streams.printError("\(root.display): waiting for another todo-report run to finish with this folder (it holds \(lockFile.display))")
        do {
            _ = try lock.lock(mode, wait: true)
        } catch {
            throw .cannotWrite(path: lockFile.display, reason: error.reason)
        }
        return lock
    }

    /// A file written whole to a temporary file beside its target, not yet in place.
    struct StagedFile {
        /// As asked for.
        var path: Path
        /// Where it goes, links followed (``OutputDestination``).
        var target: Path
        var kind: SessionFile
        /// What was at `target` when the file was staged, found to be todo-report's (nil: nothing).
        var existing: ExistingFile?
        var temporary: TemporaryFile
    }

    /// Writes the bytes `fill` writes to a temporary file beside `path`, a
    /// session's file in the folder (a regular file or a new one only, as
    /// for every output; and never a symbolic link, which a session's file
    /// is not: written through, it could replace an input log or another
    /// session's report).
    static func stage(_ path: Path, as kind: SessionFile, _ fill: (Int32) throws(SystemCallError) -> Void) throws(CLIError) -> StagedFile {
        guard case .replace(let target, let existing) = try OutputDestination.resolve(output: path) else {
            throw .cannotWrite(path: path.display, reason: "it is not a regular file")
        }
        guard target == path else {
            throw .cannotWrite(
                path: path.display,
                reason: "it is a symbolic link, and a batch folder's session files are regular files that only todo-report writes: "
                    + "remove it and run again")
        }
        guard existing == nil || isOwn(path, as: kind) else {
            throw .cannotWrite(
                path: path.display,
                reason: "it is not a file todo-report wrote, so it is left as it is; a batch folder's sessions, stats and events "
                    + "are todo-report's alone: move it elsewhere and run again")
        }
        do {
            let temporary = try TemporaryFile(in: target.folder)
            try fill(temporary.descriptor)
            return StagedFile(path: path, target: target, kind: kind, existing: existing, temporary: temporary)
        } catch {
            throw .cannotWrite(path: path.display, reason: error.reason)
        }
    }

    static func stage(_ path: Path, as kind: SessionFile, text: String) throws(CLIError) -> StagedFile {
        try stage(path, as: kind) { descriptor throws(SystemCallError) in try writeAll(Array(text.utf8), to: descriptor) }
    }

    /// Puts one session's staged files in place in their order (the report
    /// before the stats that name it), after removing the report and event
    /// table of `removingFilesOf` if given (those a todo-report wrote: see
    /// ``isOwn(_:as:)``), and returns the ones it left as someone else's.
    /// With `sharedFolder` (other `--shard` runs may be writing this folder
    /// too), under the folder's install lock: a report and its stats then
    /// always come from one run, whichever run was last.
    ///
    /// The files are made durable all at once by ``syncSessions()`` where
    /// the system can (``FileSystemSync/isAvailable``): one flush instead of
    /// four for each of thousands of sessions, which took half of a batch's
    /// time. A crash before it may leave a report incomplete; the next run
    /// sees that it is not the report its stats name (its size and SHA-256)
    /// and renders that session again.
    @discardableResult
    func install(_ files: [StagedFile], removingFilesOf name: String? = nil, sharedFolder: Bool) throws(CLIError) -> [Path] {
        var installLock: LockFile?
        defer { installLock?.release() }
        if sharedFolder {
            do {
                installLock = try LockFile(installLockFile)
                _ = try installLock?.lock(.exclusive, wait: true)
            } catch {
                throw .cannotWrite(path: installLockFile.display, reason: error.reason)
            }
        }
        var notOwn: [Path] = []
        if let name {
            for (path, kind) in [(report(name), SessionFile.report), (eventTable(name), .eventTable)] where path.fileType != nil {
                if Self.isOwn(path, as: kind) { remove(path) } else { notOwn.append(path) }
            }
        }
        let later = FileSystemSync.isAvailable
        for file in files {
            // What is at the target now: another run may have put a file there meanwhile.
            // A file other than the one staged over is read again, to be sure it is todo-report's too.
            guard case .replace(let target, let existing) = try OutputDestination.resolve(output: file.path), target == file.target,
                existing == nil || existing == file.existing || Self.isOwn(target, as: file.kind)
            else {
                throw .cannotWrite(path: file.path.display, reason: "it changed while the session was written")
            }
            do {
                try file.temporary.finish(replacing: existing, durably: !later)
                try file.temporary.install(at: target, replacing: existing != nil)
                if !later { file.temporary.syncFolder() }
            } catch {
                throw .cannotWrite(path: file.path.display, reason: error.reason)
            }
        }
        return notOwn
    }

    /// Makes every session file written with `durably: false` durable.
    func syncSessions() throws(CLIError) {
        guard FileSystemSync.isAvailable else { return }
        do {
            try FileSystemSync.sync(containing: root)
        } catch {
            throw .cannotWrite(path: root.display, reason: error.reason)
        }
    }

    /// The stats a run wrote for `name`, if readable and of this schema.
    func existingStats(_ name: String) -> SessionStats? {
        Self.read(statsFile(name)).flatMap { SessionStats(json: $0) }
    }

    /// What the stats file of `name` says of itself, whatever its schema (see ``SessionStats/peek(json:)``).
    func existingStatsSchema(_ name: String) -> (schema: String?, root: String?, input: String?, tool: String?)? {
        Self.read(statsFile(name)).flatMap { SessionStats.peek(json: $0) }
    }

    func remove(_ path: Path) {
        _ = path.withCString { unlink($0) }
    }

    /// The names of the files in `folder` that end with `suffix`, suffix removed.
    func names(in folder: Path, ending suffix: String) -> [String] {
        var names: [String] = []
        for name in folder.folderEntries() ?? [] {
            guard name.first != UInt8(ascii: "."), let text = String(validating: name, as: UTF8.self), text.hasSuffix(suffix) else {
                continue
            }
            names.append(String(text.dropLast(suffix.count)))
        }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// How many sessions ``removeSessions(notIn:under:redaction:)`` removed, and why.
    struct Removed {
        /// Sessions found under one of the run's roots, written with its redaction: their input is gone.
        var inputGone = 0
        /// Sessions whose input this run wrote under another NAME (told apart from another root's, or no
        /// longer): their files are removed, their input is not gone.
        var renamed = 0
        /// Sessions written with another redaction than the run's (or none): see ``removeSessions(notIn:under:redaction:)``.
        var otherRedaction = 0
        /// NAMEs not kept whose only files were empty, their stats too if any (as a crash before the
        /// files were made durable leaves them): removed, but no session's input is told gone for them.
        var emptyLeftovers = 0
        /// Pages and gzip files in `sessions/` and `events/` that no todo-report wrote, so left where they are
        /// (a stats file that is not one stays too, and the index names it).
        var notTodoReports: [Path] = []
    }

    /// Removes the report, event table and stats of every session not in
    /// `keep` (the sessions this run wrote or kept) that was found under one
    /// of `roots` (as ``InputRoot`` records them): its input is gone from
    /// there, or this run wrote it under another NAME, or it was written with
    /// another redaction (the run wrote its input again under another NAME).
    /// Sessions of other roots stay, whatever the schema of their stats (a
    /// `todo-report-stats/1` file names its root too), except those another
    /// redaction than the run's `redaction` wrote (or none): a folder holds
    /// the sessions of one redaction. A redacted session's root is hidden
    /// (`redacted`, or a keyed pseudonym the run cannot make), so it may be
    /// one of the run's own logs again, which the index would count twice;
    /// and a session written without redaction, left in a folder a redacted
    /// run writes, would put what people typed in its index, CSV and summary.
    /// A session whose stats name no root (from before roots were recorded)
    /// is removed, as every run did then, and a report or event table
    /// without stats too. Only files a todo-report wrote are removed: stats
    /// of one of its schemas, pages with its ``PageTemplates/generatorLine``,
    /// gzip files with its ``GzipWriter/header``. Anything else someone put
    /// there is left as it is, and named (``Removed/notTodoReports``).
    func removeSessions(notIn keep: [SessionStats], under roots: Set<String>, redaction: RedactionMode?) -> Removed {
        var removed = Removed()
        let kept = Set(keep.map(\.name))
        /// A session's input as its stats record it: its root, then its path under the root. Under
        /// redaction both are masked, and two inputs may look alike: none is told as renamed then.
        func recordedInput(root: String?, input: String?) -> [String?] { [root, input] }
        let keptInputs = redaction == nil ? Set(keep.map { recordedInput(root: $0.root, input: $0.input) }) : []
        var gone = Set<String>()
        /// NAMEs whose stats file is none todo-report wrote: their report and table, if someone else's, are named.
        var foreignStats = Set<String>()
        /// NAMEs none of whose removed files held a byte (see ``Removed/emptyLeftovers``).
        var emptyOnly = Set<String>()
        for name in names(in: stats, ending: SessionStats.statsFiles.ending) where !kept.contains(name) {
            if SmallFile.prefix(of: statsFile(name), count: 1)?.isEmpty == true {
                remove(statsFile(name))
                emptyOnly.insert(name)
                continue
            }
            guard let peeked = existingStatsSchema(name),
                peeked.schema == SessionStats.schemaName || peeked.schema == SessionStats.olderSchemaName
            else {
                // Not stats todo-report wrote: the index names it as left out (``allStats(streams:)``).
                foreignStats.insert(name)
                continue
            }
            let isOtherRedaction = peeked.tool.map { RedactionMode(tool: $0) != redaction } ?? false
            if let root = peeked.root, !roots.contains(root), !isOtherRedaction { continue }
            remove(statsFile(name))
            gone.insert(name)
            if isOtherRedaction {
                removed.otherRedaction += 1
            } else if keptInputs.contains(recordedInput(root: peeked.root, input: peeked.input)) {
                removed.renamed += 1
            } else {
                removed.inputGone += 1
            }
        }
        let indexed = Set(names(in: stats, ending: SessionStats.statsFiles.ending))
        var unindexed = Set<String>()
        let unindexedFiles = [
            (names(in: sessions, ending: SessionStats.reports.ending), report, SessionFile.report),
            (names(in: events, ending: SessionStats.eventTables.ending), eventTable, .eventTable),
        ]
        for (names, path, kind) in unindexedFiles {
            for name in names where !kept.contains(name) && (!indexed.contains(name) || foreignStats.contains(name)) {
                guard Self.isOwn(path(name), as: kind) else {
                    removed.notTodoReports.append(path(name))
                    continue
                }
                // A report of todo-report's beside stats that are not: kept, as the stats may be a session's, damaged.
                guard !indexed.contains(name) else { continue }
                let isEmpty = SmallFile.prefix(of: path(name), count: 1)?.isEmpty == true
                remove(path(name))
                if isEmpty { emptyOnly.insert(name) } else { unindexed.insert(name) }
            }
        }
        removed.inputGone += unindexed.subtracting(gone).count
        removed.emptyLeftovers += emptyOnly.subtracting(unindexed).subtracting(gone).count
        return removed
    }

    /// Every `stats/*.json` of this schema, and how many files it left out,
    /// counted in `leftOut` once the sequence has been read: those of the
    /// one before (``SessionStats/olderSchemaName``), whose numbers were
    /// defined otherwise, and any other file, each named on standard error.
    func allStats(streams: StandardStreams) -> (count: Int, stats: some Sequence<SessionStats>, leftOut: LeftOutStats) {
        let names = names(in: stats, ending: SessionStats.statsFiles.ending)
        let leftOut = LeftOutStats()
        return (
            names.count,
            names.lazy.compactMap { name in
                let path = statsFile(name)
                let bytes = Self.read(path)
                if let stats = bytes.flatMap({ SessionStats(json: $0) }) { return stats }
                if bytes.flatMap({ SessionStats.peek(json: $0) })?.schema == SessionStats.olderSchemaName {
                    leftOut.older += 1
                } else {
                    leftOut.notStats += 1
                    // A file that cannot be read at all says so in a message of its own, at read.
                    let problem = bytes.flatMap(SessionStats.problem(json:))
                    let at = problem?.position.map { ":\($0)" } ?? ""
                    let words = problem?.words ?? "not a \(SessionStats.schemaName) file"
                    streams.printError("\(path.display)\(at): warning: \(words); left out of the index")
                }
                return nil
            },
            leftOut
        )
    }

    /// The stats files ``allStats(streams:)`` left out.
    final class LeftOutStats: @unchecked Sendable {
        /// Of the older schema. Counted on the reading thread only, as the files are read.
        var older = 0
        /// Damaged, or not stats at all (a stats file that names another session's files too).
        var notStats = 0
    }

    /// Refuses (73) an `index.html`, `sessions.csv` or `summary.md` that ``writeAggregates(streams:)``
    /// would refuse, before anything is written.
    func checkAggregates() throws(CLIError) {
        try aggregates.check()
    }

    /// Writes `index.html`, `sessions.csv` and `summary.md` from every
    /// `stats/*.json`, all three put in place by one rename
    /// (``AggregateGenerations``); returns the aggregate, and how many stats files it left out
    /// as damaged or not stats (``LeftOutStats/notStats``).
    @discardableResult
    func writeAggregates(streams: StandardStreams) throws(CLIError) -> (aggregate: BatchAggregate, leftOut: Int) {
        let (count, found, leftOut) = allStats(streams: streams)
        let aggregate = BatchAggregate(found, expectedCount: count)
        let older = leftOut.older
        if older > 0 {
            let files = older == 1 ? "1 stats file is" : "\(groupedDigits(older)) stats files are"
            let their = older == 1 ? "its" : "their"
            streams.printError(
                "\(stats.display): note: \(files) \(SessionStats.olderSchemaName), \(SessionStats.olderSchemaReason); left out of the index, summary and CSV rather than mixed in. 'todo-report batch' over \(their) inputs into \(root.display) renders them again."
            )
        }
        if aggregate.mixesRedactions {
            streams.printError(
                "\(root.display): warning: its sessions were written under more than one redaction "
                    + "(\(groupedDigits(aggregate.sessions.count { $0.redaction != nil })) of \(groupedDigits(aggregate.sessions.count)) redacted), "
                    + "so its index, sessions.csv and summary.md show some sessions' ids and names unmasked; "
                    + "run batch over all its inputs with one redaction (without --shard) to make them one"
            )
        }
        try aggregates.replace(streams: streams) { index, descriptor throws(SystemCallError) in
            var sink = BufferedFileWriter(descriptor: descriptor)
            switch index {
            case 0: try aggregate.writeIndexHTML { text throws(SystemCallError) in try sink.write(text) }
            case 1: try aggregate.writeCSV { text throws(SystemCallError) in try sink.write(text) }
            default: try sink.write(aggregate.summaryMarkdown())
            }
            try sink.flush()
        }
        return (aggregate, leftOut.notStats)
    }

    /// A whole stats file (or another small file of the folder's), or nil:
    /// not a regular file, or larger than any stats file is.
    static func read(_ path: Path) -> [UInt8]? {
        try? SmallFile.read(path, limit: 64 << 20)
    }
}
