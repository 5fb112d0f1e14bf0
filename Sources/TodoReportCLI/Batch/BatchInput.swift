import Foundation
import SessionLog

/// One log of a batch: where it is, and its path relative to the INPUT it
/// was found under (what its NAME and its shard come from).
struct BatchInput: Sendable {
    /// The path to open: the root joined with the relative path.
    var path: Path
    /// The path under its root (a file INPUT: its last component).
    var relative: [UInt8]
    /// Why it cannot be read, when that is known before opening it (a missing INPUT).
    var problem: String?

    /// The endings a folder is searched for.
    static let extensions = [".jsonl", ".jsonl.gz"]

    static func isLog(_ name: [UInt8]) -> Bool {
        extensions.contains { name.count > $0.utf8.count && name.reversed().starts(with: $0.utf8.reversed()) }
    }
}

/// Expands INPUTs (files, folders searched recursively, `-` for a list of
/// paths on standard input) into logs, sorted by relative path then path.
enum InputDiscovery {
    static func expand(_ arguments: [Path], standardInput: Int32) throws(CLIError) -> [BatchInput] {
        var found: [BatchInput] = []
        for argument in arguments {
            if argument.isStandardStream {
                for line in try readList(standardInput) { found += expand(line) }
            } else {
                found += expand(argument)
            }
        }
        var seen = Set<[UInt8]>()
        return
            found
            .sorted {
                $0.relative != $1.relative
                    ? $0.relative.lexicographicallyPrecedes($1.relative) : $0.path.bytes.lexicographicallyPrecedes($1.path.bytes)
            }
            .filter { seen.insert($0.path.bytes).inserted }
    }

    private static func expand(_ root: Path) -> [BatchInput] {
        var info = stat()
        guard root.withCString({ stat($0, &info) }) == 0 else {
            let reason = errno == ENOENT ? "no such file" : SystemCallError("", errno: errno).reason
            return [BatchInput(path: root, relative: root.lastComponent, problem: reason)]
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { return [BatchInput(path: root, relative: root.lastComponent)] }
        var found: [BatchInput] = []
        var visited: Set<[UInt64]> = [[UInt64(info.st_dev), UInt64(info.st_ino)]]
        walk(root, relative: [], into: &found, visited: &visited, depth: 0)
        return found
    }

    /// Depth-first, names in byte order; a folder reached twice (a link loop) is walked once.
    private static func walk(_ folder: Path, relative: [UInt8], into found: inout [BatchInput], visited: inout Set<[UInt64]>, depth: Int) {
        guard depth < 64, let directory = folder.withCString({ opendir($0) }) else {
            found.append(
                BatchInput(path: folder, relative: relative, problem: "cannot open the folder: \(SystemCallError("", errno: errno).reason)")
            )
            return
        }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if name != [UInt8(ascii: ".")] && name != [UInt8(ascii: "."), UInt8(ascii: ".")] { names.append(name) }
        }
        closedir(directory)
        for name in names.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            let path = folder.appending(name)
            let childRelative = relative.isEmpty ? name : relative + [UInt8(ascii: "/")] + name
            var info = stat()
            guard path.withCString({ stat($0, &info) }) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                guard visited.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted else { continue }
                walk(path, relative: childRelative, into: &found, visited: &visited, depth: depth + 1)
            } else if BatchInput.isLog(name) {
                found.append(BatchInput(path: path, relative: childRelative))
            }
        }
    }

    /// The non-empty lines of standard input, as paths.
    private static func readList(_ descriptor: Int32) throws(CLIError) -> [Path] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw .cannotRead(path: "standard input", reason: SystemCallError("", errno: errno).reason) }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        return bytes.split(separator: UInt8(ascii: "\n")).map { line in
            Path(bytes: line.last == UInt8(ascii: "\r") ? line.dropLast() : line[...])
        }.filter { !$0.bytes.isEmpty }
    }
}
