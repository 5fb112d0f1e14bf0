import Foundation
import Report
import SessionLog

/// The output folder of `batch` and `index`: `sessions/NAME.html`,
/// `stats/NAME.json`, and the aggregates made from every `stats/*.json`.
/// Every file is written whole to a temporary file and renamed into place.
struct BatchFolder: Sendable {
    let root: Path
    var sessions: Path { root.appending(Array("sessions".utf8)) }
    var stats: Path { root.appending(Array("stats".utf8)) }

    func report(_ name: String) -> Path { sessions.appending(Array("\(name).html".utf8)) }
    func statsFile(_ name: String) -> Path { stats.appending(Array("\(name).json".utf8)) }

    /// Creates the folder and its two subfolders if they are missing.
    func create() throws(CLIError) {
        for folder in [root, sessions, stats] {
            guard folder.withCString({ mkdir($0, 0o777) }) == 0 || errno == EEXIST else {
                throw .cannotWrite(path: folder.display, reason: SystemCallError("", errno: errno).reason)
            }
            var info = stat()
            guard folder.withCString({ stat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                throw .cannotWrite(path: folder.display, reason: "it is not a folder")
            }
            StaleTemporaries.remove(in: folder, olderThan: time(nil))
        }
    }

    /// Replaces `path` with the bytes `fill` writes, atomically (a regular
    /// file or a new one only, as for every output).
    ///
    /// A session's files are made durable all at once by ``syncSessions()``
    /// where the system can (``FileSystemSync/isAvailable``): one flush
    /// instead of four for each of thousands of sessions, which took half of
    /// a batch's time. A crash before it may leave a report incomplete; the
    /// next run sees that it is not the report its stats name (its size and
    /// SHA-256) and renders that session again.
    static func write(_ path: Path, durably: Bool = true, _ fill: (Int32) throws(SystemCallError) -> Void) throws(CLIError) {
        guard case .replace(let target, let existing) = try OutputDestination.resolve(path) else {
            throw .cannotWrite(path: path.display, reason: "it is not a regular file")
        }
        let later = !durably && FileSystemSync.isAvailable
        do {
            let temporary = try TemporaryFile(in: target.folder)
            try fill(temporary.descriptor)
            try temporary.finish(replacing: existing, durably: !later)
            try temporary.install(at: target, replacing: existing != nil)
            if !later { temporary.syncFolder() }
        } catch {
            throw .cannotWrite(path: path.display, reason: error.reason)
        }
    }

    static func write(_ path: Path, text: String, durably: Bool = true) throws(CLIError) {
        try write(path, durably: durably) { descriptor throws(SystemCallError) in try writeAll(Array(text.utf8), to: descriptor) }
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

    func remove(_ path: Path) {
        _ = path.withCString { unlink($0) }
    }

    /// The names of the files in `folder` that end with `suffix`, suffix removed.
    func names(in folder: Path, ending suffix: String) -> [String] {
        guard let directory = folder.withCString({ opendir($0) }) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            guard name.first != UInt8(ascii: "."), let text = String(validating: name, as: UTF8.self), text.hasSuffix(suffix) else {
                continue
            }
            names.append(String(text.dropLast(suffix.count)))
        }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Removes the report and stats of every session not in `keep` that was
    /// found under one of `roots` (as ``InputRoot`` records them): its input
    /// is gone from there. Sessions of other roots stay; one whose stats
    /// name no root (from before roots were recorded, or unreadable) is
    /// removed, as every run did then, and a report without stats too.
    func removeSessions(notIn keep: Set<String>, under roots: Set<String>) -> Int {
        var removed = Set<String>()
        for name in names(in: stats, ending: ".json") where !keep.contains(name) {
            if let root = existingStats(name)?.root, !roots.contains(root) { continue }
            remove(statsFile(name))
            removed.insert(name)
        }
        let indexed = Set(names(in: stats, ending: ".json"))
        for name in names(in: sessions, ending: ".html") where !keep.contains(name) && !indexed.contains(name) {
            remove(report(name))
            removed.insert(name)
        }
        return removed.count
    }

    /// Every `stats/*.json`; a file that is not `todo-report-stats/1` is named on standard error and left out.
    func allStats(streams: StandardStreams) -> (count: Int, stats: some Sequence<SessionStats>) {
        let names = names(in: stats, ending: ".json")
        return (
            names.count,
            names.lazy.compactMap { name in
                let path = statsFile(name)
                guard let stats = Self.read(path).flatMap({ SessionStats(json: $0) }) else {
                    streams.printError("\(path.display): warning: not a \(SessionStats.schemaName) file; left out of the index")
                    return nil
                }
                return stats
            }
        )
    }

    /// Writes `index.html`, `sessions.csv` and `summary.md` from every
    /// `stats/*.json`, committed together; returns the aggregate.
    @discardableResult
    func writeAggregates(streams: StandardStreams) throws(CLIError) -> BatchAggregate {
        let (count, stats) = allStats(streams: streams)
        let aggregate = BatchAggregate(stats, expectedCount: count)
        let names = ["index.html", "sessions.csv", "summary.md"]
        let outputs = try OutputSet(names.map { .init(path: root.appending(Array($0.utf8)), role: $0) }, streams: streams, input: nil)
        try outputs.commit { index, descriptor throws(SystemCallError) in
            var sink = BufferedWriter(descriptor: descriptor)
            switch index {
            case 0: try aggregate.writeIndexHTML { text throws(SystemCallError) in try sink.write(text) }
            case 1: try aggregate.writeCSV { text throws(SystemCallError) in try sink.write(text) }
            default: try sink.write(aggregate.summaryMarkdown())
            }
            try sink.flush()
        }
        return aggregate
    }

    /// Collects small pieces of text and writes them in 1 MiB blocks.
    private struct BufferedWriter {
        let descriptor: Int32
        var buffer: [UInt8] = []

        mutating func write(_ text: String) throws(SystemCallError) {
            buffer.append(contentsOf: text.utf8)
            if buffer.count >= 1 << 20 { try flush() }
        }

        mutating func flush() throws(SystemCallError) {
            try writeAll(buffer, to: descriptor)
            buffer.removeAll(keepingCapacity: true)
        }
    }

    /// A whole small file, or nil.
    static func read(_ path: Path) -> [UInt8]? {
        try? SmallFile.read(path)
    }
}
