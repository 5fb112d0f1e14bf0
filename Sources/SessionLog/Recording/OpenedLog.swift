import ByteLevel

#if canImport(Glibc)
    import Glibc
    import FoundationEssentials
#else
    import Foundation
#endif

/// A log file opened for recording, by path, for appending, and locked
/// (`flock`) so that no other recorder writes it while this one does.
struct OpenedLog {
    let descriptor: Int32
    /// The path, for messages.
    let path: String
    /// Its size when it was opened.
    let size: Int64
    /// Whether it is a regular file (not a FIFO or a device).
    let isRegularFile: Bool

    /// Opens the file at `url` for reading and appending; `creating`: made if missing.
    static func open(_ url: URL, creating: Bool) throws(RecorderError) -> OpenedLog {
        let path = url.path(percentEncoded: false)
        guard url.isFileURL else { throw .cannotOpen(path: url.absoluteString, errno: EINVAL) }
        let flags = O_RDWR | O_APPEND | O_CLOEXEC | (creating ? O_CREAT : 0)
        let descriptor = SystemCall.open(path, flags: flags, mode: 0o644)
        guard descriptor >= 0 else { throw .cannotOpen(path: path, errno: errno) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            _ = systemClose(descriptor)
            throw .cannotOpen(path: path, errno: code)
        }
        let isRegularFile = info.st_mode & S_IFMT == S_IFREG
        // A lock the system cannot give (ENOLCK on some network file systems) is gone without;
        // one that another holds is refused.
        if isRegularFile, flock(descriptor, LOCK_EX | LOCK_NB) != 0, errno == EWOULDBLOCK {
            _ = systemClose(descriptor)
            throw .logInUse(path: path)
        }
        return OpenedLog(descriptor: descriptor, path: path, size: Int64(info.st_size), isRegularFile: isRegularFile)
    }

    func close() {
        _ = systemClose(descriptor)
    }
}
