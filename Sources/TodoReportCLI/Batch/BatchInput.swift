import ByteLevel
import SessionLog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One log of a batch: where it is, and its path relative to the INPUT it
/// was found under (what its NAME and its shard come from).
struct BatchInput: Sendable {
    /// The path to open: the root joined with the relative path.
    var path: Path
    /// The path under its root (a file INPUT: its last component).
    var relative: [UInt8]
    /// The INPUT it came from, as given: a file, a folder, or a line of the `-` list.
    var root: Path
    /// Why it cannot be read, when that is known before opening it (a missing INPUT).
    var problem: String?
    /// A FIFO or a device named as an INPUT: read as a stream, on a thread
    /// of its own, so that waiting for its writer holds up no other session.
    var isStream = false

    /// The endings a folder is searched for.
    static let extensions = [".jsonl", ".jsonl.gz"]

    static func isLog(_ name: [UInt8]) -> Bool {
        extensions.contains { name.hasSuffix($0) }
    }
}

/// A file with a log's name that a folder search found but does not read:
/// a FIFO (which could hold the batch forever), a socket or a device.
struct LeftOutInput: Sendable {
    var path: Path
    /// Its path under its root, as NAME is made from.
    var relative: [UInt8]
    /// `a FIFO`, `a socket`, `a character device`, `a block device`, `a link to a missing file`.
    var kind: String
}

/// Expands INPUTs (files, folders searched recursively, `-` for a list of
/// paths on standard input) into logs, sorted by relative path then path.
/// A folder search yields regular files only (and links to them); what
/// else it finds with a log's name is left out, never opened.
enum InputDiscovery {
    /// What the INPUTs hold.
    struct Found {
        var inputs: [BatchInput] = []
        var leftOut: [LeftOutInput] = []
        /// The INPUTs searched to the end, every folder in them opened: a
        /// session recorded under one of them whose input was not found is
        /// gone from it. A root that is missing or could not be searched
        /// whole is not among them, so that a folder not mounted this time
        /// removes nothing.
        var searchedRoots: [Path] = []
        /// The INPUT folders in which no log was found: most likely the wrong
        /// folder, or a download that failed. Told by the search itself, so
        /// that a folder whose logs another INPUT also found (`logs` beside
        /// `logs/sub`, or `./logs/`) is not among them.
        var foldersWithoutLogs: [Path] = []
    }

    static func expand(_ arguments: [Path], standardInput: Int32) throws(CLIError) -> Found {
        var found = Found()
        for argument in arguments {
            if argument.isStandardStream {
                for line in try readList(standardInput) { expand(line, into: &found) }
            } else {
                expand(argument, into: &found)
            }
        }
        // A log found twice is one session: one INPUT spelled two ways (`logs`, `./logs/`, `$PWD/logs`), or a
        // folder inside another INPUT (`logs` and `logs/sub`), where it keeps the outer one's longer relative path,
        // so that its NAME does not depend on which other INPUTs were given.
        var outermost: [[UInt8]: Int] = [:]
        for (index, input) in found.inputs.enumerated() {
            let key = input.path.absolute.bytes
            if let kept = outermost[key], found.inputs[kept].relative.count >= input.relative.count { continue }
            outermost[key] = index
        }
        found.inputs = outermost.values.map { found.inputs[$0] }
            .sorted {
                $0.relative != $1.relative
                    ? $0.relative.lexicographicallyPrecedes($1.relative) : $0.path.bytes.lexicographicallyPrecedes($1.path.bytes)
            }
        var seenLeftOut = Set<[UInt8]>()
        found.leftOut = found.leftOut.filter { seenLeftOut.insert($0.path.absolute.bytes).inserted }
        var seenEmpty = Set<[UInt8]>()
        found.foldersWithoutLogs = found.foldersWithoutLogs.filter { seenEmpty.insert($0.absolute.bytes).inserted }
        return found
    }

    private static func expand(_ root: Path, into found: inout Found) {
        let before = found.inputs.count
        search(root, into: &found)
        if !found.inputs[before...].contains(where: { $0.problem != nil }) { found.searchedRoots.append(root) }
        if found.inputs.count == before && root.fileType == S_IFDIR { found.foldersWithoutLogs.append(root) }
    }

    private static func search(_ root: Path, into found: inout Found) {
        var info = stat()
        guard root.withCString({ stat($0, &info) }) == 0 else {
            let reason = errno == ENOENT ? "no such file" : SystemCallError.reason(of: errno)
            found.inputs.append(BatchInput(path: root, relative: root.lastComponent, root: root, problem: reason))
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            var visited: Set<FileIdentity> = [FileIdentity(info)]
            walk(root, relative: [], root: root, into: &found, visited: &visited, depth: 0)
        case S_IFREG:
            found.inputs.append(BatchInput(path: root, relative: root.lastComponent, root: root))
        default:
            found.inputs.append(BatchInput(path: root, relative: root.lastComponent, root: root, isStream: true))
        }
    }

    /// `a FIFO`, `a socket`…: what a file that is not regular is, for a message.
    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        default: "not a regular file"
        }
    }

    /// How deep inside an INPUT a folder may be and still be searched: a
    /// bound on the walk's recursion, not a limit a real tree of logs meets.
    /// (A path too long for the system is said where it is met: see `walk`.)
    static let maximumDepth = 64

    /// Depth-first, names in byte order; a folder reached twice (a link loop) is walked once.
    private static func walk(
        _ folder: Path, relative: [UInt8], root: Path, into found: inout Found, visited: inout Set<FileIdentity>, depth: Int
    ) {
        guard depth < maximumDepth else {
            let problem =
                "a batch searches folders nested up to \(maximumDepth - 1) deep inside an INPUT, and this one is \(maximumDepth) deep; "
                + "move its logs higher up"
            found.inputs.append(BatchInput(path: folder, relative: relative, root: root, problem: problem))
            return
        }
        guard let names = folder.folderEntries() else {
            found.inputs.append(
                BatchInput(
                    path: folder, relative: relative, root: root,
                    problem: "cannot open the folder: \(SystemCallError.reason(of: errno))")
            )
            return
        }
        for name in names.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            let path = folder.appending(name)
            let childRelative = relative.isEmpty ? name : relative + [UInt8(ascii: "/")] + name
            var info = stat()
            guard path.withCString({ stat($0, &info) }) == 0 else {
                let failure = errno
                // An entry that cannot be looked at (a path too long for the system, a folder that can be
                // listed but not entered) may be a folder of logs: not searched whole, so nothing is removed.
                if failure != ENOENT && failure != ELOOP {
                    let reason =
                        failure == ENAMETOOLONG
                        ? "its path is longer than the system takes (\(SystemCallError.reason(of: failure))); move its logs higher up"
                        : "cannot look at it: \(SystemCallError.reason(of: failure))"
                    found.inputs.append(BatchInput(path: path, relative: childRelative, root: root, problem: reason))
                    continue
                }
                // A link to nothing (or to a loop of links) with a log's name is named, not skipped in silence.
                if BatchInput.isLog(name) {
                    let kind = failure == ENOENT ? "a link to a missing file" : SystemCallError.reason(of: failure)
                    found.leftOut.append(LeftOutInput(path: path, relative: childRelative, kind: kind))
                }
                continue
            }
            if info.st_mode & S_IFMT == S_IFDIR {
                guard visited.insert(FileIdentity(info)).inserted else { continue }
                walk(path, relative: childRelative, root: root, into: &found, visited: &visited, depth: depth + 1)
            } else if BatchInput.isLog(name) {
                if info.st_mode & S_IFMT == S_IFREG {
                    found.inputs.append(BatchInput(path: path, relative: childRelative, root: root))
                } else {
                    found.leftOut.append(LeftOutInput(path: path, relative: childRelative, kind: kind(info.st_mode)))
                }
            }
        }
    }

    /// The non-empty lines of standard input, as paths.
    private static func readList(_ descriptor: Int32) throws(CLIError) -> [Path] {
        let bytes: [UInt8]
        do {
            bytes = try FileDescriptorIO.readToEnd(descriptor)
        } catch {
            throw .cannotRead(path: "standard input", reason: SystemCallError.reason(of: error.errno))
        }
        // A path never holds a NUL: a list with one is `find -print0`'s, whose paths may hold line breaks.
        if bytes.contains(0) {
            return bytes.split(separator: 0).map { Path(bytes: $0) }
        }
        return bytes.split(separator: UInt8(ascii: "\n")).map { line in
            Path(bytes: line.last == UInt8(ascii: "\r") ? line.dropLast() : line[...])
        }.filter { !$0.bytes.isEmpty }
    }
}
