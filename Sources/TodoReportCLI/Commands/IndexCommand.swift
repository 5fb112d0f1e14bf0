import ByteLevel
import Report
import SessionLog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `todo-report index DIR`: `index.html`, `sessions.csv` and `summary.md`
/// from every `stats/*.json` under DIR, as written by any number of
/// `batch --shard` runs: the same bytes one `batch` over all inputs writes.
enum IndexCommand: Subcommand {
    static let name = "index"
    static let abstract = "Rebuild a batch folder's index page, CSV and summary from its stats."
    static let usage = "todo-report index DIR [--no-wait] [--quiet]"
    static let options = [BatchCommand.noWait, .quietLine]
    static let discussion = """
        Waits for a batch (or its --shard runs) still writing DIR, or with --no-wait
        exits 75. The three files are replaced together: a run killed meanwhile
        leaves each whole, and the next run into DIR completes the change.
        A stats file that is damaged, or not stats, is named on standard error
        and left out (stats of todo-report-stats/1 are left out with a note).
        Exit codes: 0 every stats file indexed (but those of todo-report-stats/1,
        noted), 65 any other left out (the index is written without them), 66 DIR is not a batch folder, 73 an output cannot
        be written, 75 DIR busy (--no-wait).
        """

    static func run(_ arguments: ParsedArguments, streams: StandardStreams) throws(CLIError) {
        let root = try arguments.single("DIR: the folder a batch wrote")
        let folder = BatchFolder(root: root)
        func isFolder(_ path: Path) -> Bool {
            var info = stat()
            return path.withCString { stat($0, &info) } == 0 && info.st_mode & S_IFMT == S_IFDIR
        }
        let missing = CLIError.cannotRead(
            path: folder.stats.display, reason: "no stats folder; run 'todo-report batch INPUT... -o \(root.display)' first")
        // A folder no batch has written (no stats, no lock file) is left as it was, with no lock file made in it.
        guard isFolder(root) else {
            let what = root.withCString { access($0, F_OK) } == 0 ? "it is not a folder" : "no such folder"
            throw .cannotRead(
                path: root.display, reason: "\(what); index reads the folder a batch wrote (todo-report batch INPUT... -o DIR)")
        }
        guard isFolder(folder.stats) || folder.lockFile.withCString({ access($0, F_OK) }) == 0 else { throw missing }
        // Checked again with the lock held: a batch that holds it may be making the folder.
        let lock = try folder.lock(.exclusive, wait: !arguments.has(BatchCommand.noWait), streams: streams)
        defer { lock.release() }
        folder.removeInterruptedAggregates()
        guard isFolder(folder.stats) else { throw missing }
        let (aggregate, leftOut) = try folder.writeAggregates(streams: streams)
        var line = "\(countedNoun(aggregate.sessions.count, "session")) indexed"
        if leftOut > 0 { line += ", \(countedNoun(leftOut, "stats file")) left out (damaged, or not stats)" }
        line += " -> \(root.display)"
        // A session missing from the index is something a pipeline must be able to tell.
        if leftOut > 0 { throw .sessionsFailed(.dataError, line) }
        if !arguments.has(.quiet) { streams.printError(line) }
    }
}
