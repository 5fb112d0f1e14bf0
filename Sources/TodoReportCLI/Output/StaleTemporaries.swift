import Foundation

/// Removes temporary files that an earlier run left in a folder when it was
/// killed between naming its output and renaming it: only names of our own
/// pattern (`.todo-report.PID.XXXXXX`), only when that process is gone, and
/// only when the file is older than this run, so a run still writing keeps its file.
enum StaleTemporaries {
    static func remove(in folder: Path, olderThan start: time_t) {
        guard let directory = folder.withCString({ opendir($0) }) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            guard let pid = ownerProcess(of: name), pid != getpid() else { continue }
            guard kill(pid, 0) != 0, errno == ESRCH else { continue }
            let path = folder.appending(name)
            var info = stat()
            guard path.withCString({ lstat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFREG,
                modificationTime(info) < start
            else { continue }
            _ = path.withCString { unlink($0) }
        }
    }

    private static func modificationTime(_ info: stat) -> time_t {
        #if canImport(Darwin)
        info.st_mtimespec.tv_sec
        #else
        info.st_mtim.tv_sec
        #endif
    }

    /// The process id in a name of the pattern, or nil for any other name.
    static func ownerProcess(of name: [UInt8]) -> pid_t? {
        let prefix = Array(TemporaryFile.prefix.utf8)
        guard name.starts(with: prefix) else { return nil }
        let parts = name.dropFirst(prefix.count).split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[1].isEmpty,
            parts[1].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }),
            let pid = pid_t(String(decoding: parts[0], as: UTF8.self)), pid > 0
        else { return nil }
        return pid
    }
}
