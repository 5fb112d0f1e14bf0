import ByteLevel
import SessionLog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a batch folder's `index.html`, `sessions.csv` and `summary.md`
/// change together, in one step a kill cannot split.
///
/// Each of the three is a symbolic link, `index.html` →
/// `.todo-report.aggregates/current/index.html`, and `current` is itself a
/// link to a numbered folder, a *generation*, that holds all three files. A
/// run writes its three into a new generation, makes them durable, and only
/// then replaces `current` with one `rename`: before it every reader finds
/// the old three, after it the new three. The generation before is then
/// removed; one that a killed run left half written is not `current`, and
/// the next run removes it (``removeLeftovers()``).
///
/// The links are made once, and are relative, so a folder copied or moved
/// whole keeps working. A folder written before they existed holds the
/// three as regular files: those are first linked (hard links, not copies)
/// into a generation of their own, `current` is pointed at it, and only then
/// is each file replaced by its link. Every step shows the same old files,
/// so a kill during the change is like one before it.
///
/// A tool that follows links (`zip -r`, `cp -L`, most artifact uploaders)
/// copies the three as regular files and `current` as a folder of their
/// copies. The next run that writes them removes that folder (it holds only
/// copies) and takes the three back as it does an older folder's.
///
/// A file system that makes no symbolic links (exFAT, vfat) cannot hold
/// this. There the three are regular files, written all or none as a report
/// and its summary are: a kill cannot split them, but a reader that opens
/// them while they are renamed into place may find one new beside two old.
struct AggregateGenerations {
    /// The three files, in the order they are written.
    static let names = ["index.html", "sessions.csv", "summary.md"]

    let root: Path
    /// `DIR/.todo-report.aggregates`: `current` and the generations.
    var folder: Path { root.appending(Array(".todo-report.aggregates".utf8)) }
    var current: Path { folder.appending(Array("current".utf8)) }

    /// `DIR/NAME`, the link a reader opens.
    func entry(_ name: String) -> Path { root.appending(Array(name.utf8)) }

    func generation(_ number: Int) -> Path { folder.appending(Array(String(number).utf8)) }

    /// What the link `DIR/NAME` holds.
    static func target(of name: String) -> [UInt8] { Array(".todo-report.aggregates/current/\(name)".utf8) }

    /// The prefix of a link made in ``folder`` before it is renamed into place (``TemporaryName``).
    private static let temporaryLinkPrefix = "link."

    /// What is at `DIR/NAME` before a run.
    private enum Found {
        case absent, link, regularFile
    }

    /// Refuses (73) what ``replace(streams:_:)`` would refuse, without writing
    /// anything: a batch checks it before it renders a session, so that a
    /// directory or a foreign link where `index.html` belongs stops it at once.
    func check() throws(CLIError) {
        for name in Self.names { _ = try found(name) }
        _ = try currentGeneration()
    }

    /// Writes the three files with `fill` (called with each one's index in
    /// ``names`` and the descriptor to write it to) into a new generation and
    /// makes it `current`. Refuses, before it writes anything, a name that
    /// holds something other than a regular file or its link.
    func replace(streams: StandardStreams, _ fill: (_ index: Int, _ descriptor: Int32) throws(SystemCallError) -> Void) throws(CLIError) {
        let found = try Self.names.map { name throws(CLIError) in try self.found(name) }
        var generation = try currentGeneration()
        try BatchFolder.makeFolder(folder)
        if generation == nil { try removeCopiedCurrent() }
        removeLeftovers(keeping: generation)
        guard try folderMakesSymbolicLinks() else {
            let requests = Self.names.map { name in OutputSet.Request(path: entry(name), role: name) }
            try OutputSet(requests, streams: streams, input: nil).commit(fill)
            return
        }

        if found.contains(.regularFile) {
            generation = try adoptRegularFiles(found, current: generation)
        }
        for (name, found) in zip(Self.names, found) where found == .absent {
            // Shows the current generation's file if there is one, and nothing (as now) until there is.
            guard Path(bytes: Self.target(of: name)).withCString({ text in entry(name).withCString { symlink(text, $0) } }) == 0 else {
                throw .cannotWrite(path: entry(name).display, reason: SystemCallError.reason(of: errno))
            }
        }
        if found.contains(.absent) { root.syncFolder() }

        let next = try makeGeneration(after: generation)
        // Said, when one cannot be written, by the name people know (index.html), not the generation's.
        let requests = Self.names.map { name in
            OutputSet.Request(path: self.generation(next).appending(Array(name.utf8)), role: name, shownAs: entry(name).display)
        }
        do {
            let outputs = try OutputSet(requests, streams: streams, input: nil)
            try outputs.commit(fill)  // durable, with the folder's new entries
        } catch {
            // Nothing of it is shown: the generation goes, and `current` stays the last one.
            Self.removeGeneration(self.generation(next))
            throw error
        }
        try point(at: next)
        if let generation { Self.removeGeneration(self.generation(generation)) }
    }

    /// Removes what killed runs left in ``folder``: every generation but the
    /// current one, and links not yet renamed into place. Done by every run
    /// that holds the folder's lock; a run that holds it shared (`--shard`)
    /// writes no aggregates, so none of them is a live run's.
    func removeLeftovers() {
        // A `current` todo-report did not make: nothing is removed (the next write says why).
        guard let generation = try? currentGeneration() else { return }
        removeLeftovers(keeping: generation)
    }

    private func removeLeftovers(keeping generation: Int?) {
        for name in folder.folderEntries() ?? [] {
            let path = folder.appending(name)
            if let number = Self.number(name), number != generation {
                Self.removeGeneration(path)
            } else if TemporaryName.matches(name, prefix: Self.temporaryLinkPrefix), path.fileType == S_IFLNK {
                _ = path.withCString { unlink($0) }
            }
        }
    }

    /// The generation `current` names; nil if there is no `current`, or
    /// only a folder of the three's copies (``currentIsCopiedFolder``).
    private func currentGeneration() throws(CLIError) -> Int? {
        guard let text = current.linkText() else {
            if errno == ENOENT || currentIsCopiedFolder { return nil }
            throw .cannotWrite(
                path: current.display, reason: "it is not the link todo-report makes there; move it away and run again")
        }
        guard let number = Self.number(text) else {
            throw .cannotWrite(
                path: current.display,
                reason: "it links to '\(Path(bytes: text).display)', not to a generation todo-report wrote; move it away and run again")
        }
        return number
    }

    /// Whether `current` is a folder that holds nothing but regular files
    /// named as the three: what a copy that follows links makes of the link
    /// (or of what a run killed while removing such a folder left of it).
    private var currentIsCopiedFolder: Bool {
        guard current.fileType == S_IFDIR, let entries = current.folderEntries() else { return false }
        return entries.allSatisfy { name in
            Self.names.contains { Array($0.utf8) == name } && current.appending(name).fileType == S_IFREG
        }
    }

    /// Removes `current` when it is a folder of copies, so that a link can
    /// take its place; the regular files at the three names are what a
    /// reader sees meanwhile, and are kept.
    private func removeCopiedCurrent() throws(CLIError) {
        guard currentIsCopiedFolder else { return }
        Self.removeGeneration(current)
        guard current.fileType == nil else {
            throw .cannotWrite(
                path: current.display,
                reason: "it is a folder of copies (a copy that followed links made it) that cannot be removed "
                    + "(\(SystemCallError.reason(of: errno))); remove it and run again")
        }
    }

    private func found(_ name: String) throws(CLIError) -> Found {
        let path = entry(name)
        switch path.fileType {
        case nil where errno == ENOENT: return .absent
        case S_IFREG: return .regularFile
        case S_IFLNK where path.linkText() == Self.target(of: name): return .link
        case nil: throw .cannotWrite(path: path.display, reason: SystemCallError.reason(of: errno))
        default:
            throw .cannotWrite(
                path: path.display,
                reason:
                    "it is neither a regular file nor the link todo-report makes there (to \(Path(bytes: Self.target(of: name)).display)); move it away and run again"
            )
        }
    }

    /// Makes a generation of the files the names show now (each regular file,
    /// else the current generation's file), points `current` at it, then
    /// replaces each regular file with its link, and removes the generation
    /// before. Returns the new generation.
    private func adoptRegularFiles(_ found: [Found], current generation: Int?) throws(CLIError) -> Int {
        let adopted = try makeGeneration(after: generation)
        for (name, found) in zip(Self.names, found) {
            let source = found == .regularFile ? entry(name) : generation.map { self.generation($0).appending(Array(name.utf8)) }
            guard let source, source.fileType != nil else { continue }
            let copy = self.generation(adopted).appending(Array(name.utf8))
            guard source.hardLink(to: copy) else {
                throw .cannotWrite(
                    path: entry(name).display,
                    reason: "cannot keep it while its link is made (\(SystemCallError.reason(of: errno))); nothing was changed")
            }
        }
        self.generation(adopted).syncFolder()
        try point(at: adopted)
        for (name, found) in zip(Self.names, found) where found == .regularFile {
            try replaceWithLink(at: entry(name), text: Self.target(of: name))
        }
        root.syncFolder()
        if let generation { Self.removeGeneration(self.generation(generation)) }
        return adopted
    }

    /// Replaces `current` with a link to generation `number`: the one step that commits.
    private func point(at number: Int) throws(CLIError) {
        try replaceWithLink(at: current, text: Array(String(number).utf8))
        folder.syncFolder()
    }

    /// Puts a link holding `text` at `path` by one `rename`, replacing what is there.
    private func replaceWithLink(at path: Path, text: [UInt8]) throws(CLIError) {
        let temporary = TemporaryName.make(in: folder, prefix: Self.temporaryLinkPrefix)
        guard Path(bytes: text).withCString({ text in temporary.withCString { symlink(text, $0) } }) == 0 else {
            throw .cannotWrite(path: folder.display, reason: SystemCallError.reason(of: errno))
        }
        guard temporary.withCString({ from in path.withCString { rename(from, $0) } }) == 0 else {
            let failure = errno
            _ = temporary.withCString { unlink($0) }
            throw .cannotWrite(path: path.display, reason: SystemCallError.reason(of: failure))
        }
    }

    /// Whether ``folder``'s file system makes symbolic links: one is made
    /// and removed. False where it says it cannot (exFAT says `ENOSYS`).
    private func folderMakesSymbolicLinks() throws(CLIError) -> Bool {
        let probe = TemporaryName.make(in: folder, prefix: Self.temporaryLinkPrefix)
        guard probe.withCString({ symlink("current", $0) }) == 0 else {
            if errno == ENOSYS || errno == EPERM || errno == ENOTSUP { return false }
            throw .cannotWrite(path: folder.display, reason: SystemCallError.reason(of: errno))
        }
        _ = probe.withCString { unlink($0) }
        return true
    }

    /// Creates the folder of the first free generation after `number`
    /// (one a leftover could not be removed from, say holding a file of
    /// somebody's, is passed over) and returns its number.
    private func makeGeneration(after number: Int?) throws(CLIError) -> Int {
        var next = (number ?? 0) + 1
        while generation(next).withCString({ mkdir($0, 0o777) }) != 0 {
            guard errno == EEXIST else {
                throw .cannotWrite(path: generation(next).display, reason: SystemCallError.reason(of: errno))
            }
            next += 1
        }
        return next
    }

    /// Removes a generation folder: the three files and temporary files in
    /// it, then the folder (left if anything else is in it).
    private static func removeGeneration(_ path: Path) {
        for name in path.folderEntries() ?? [] where names.contains(where: { Array($0.utf8) == name }) || TemporaryName.matches(name) {
            _ = path.appending(name).withCString { unlink($0) }
        }
        _ = path.withCString { rmdir($0) }
    }

    /// A generation's number: decimal digits only, no leading zero.
    private static func number(_ name: [UInt8]) -> Int? {
        guard (1...18).contains(name.count), name.first != UInt8(ascii: "0"), name.allSatisfy(\.isASCIIDigit) else {
            return nil
        }
        return Int(String(decoding: name, as: UTF8.self))
    }
}
