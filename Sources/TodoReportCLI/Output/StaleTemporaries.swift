import ByteLevel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Removes files that an earlier run left in a folder when it was killed
/// between naming its output and renaming it. Only names of exactly our
/// pattern (``TemporaryName``), only regular files of this user, only files
/// older than this run, and only when no process holds them: a live run
/// keeps an `flock` on its file, across PID namespaces and containers too.
/// (A file made after this run started may not be locked yet: its age keeps it.)
enum StaleTemporaries {
    /// Removes the stale files named with `prefix` (``TemporaryName``) in `folder`.
    static func remove(in folder: Path, olderThan start: FileTime, prefix: String = TemporaryName.prefix) {
        for name in folder.folderEntries() ?? [] {
            guard TemporaryName.matches(name, prefix: prefix) else { continue }
            let path = folder.appending(name)
            let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) }
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            var info = stat()
            guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(),
                FileTime(modifiedOf: info) < start, flock(descriptor, LOCK_EX | LOCK_NB) == 0
            else { continue }
            _ = path.withCString { unlink($0) }
        }
    }
}
