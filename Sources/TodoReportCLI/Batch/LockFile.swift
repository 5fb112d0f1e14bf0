import ByteLevel
import SessionLog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An `flock(2)` on a file, held until ``release()`` or the process ends,
/// however it ends: the kernel drops it with the descriptor, so a killed run
/// leaves no lock behind. Each lock is an open file description of its own,
/// so two threads of one process exclude each other as two processes do.
final class LockFile {
    enum Mode {
        case exclusive
        case shared
    }

    let path: Path
    private var descriptor: Int32

    /// Opens (creating) the lock file at `path`; a link or anything not a regular file there is refused.
    init(_ path: Path) throws(SystemCallError) {
        self.path = path
        descriptor = path.withCString { open($0, O_RDONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY, 0o666) }
        guard descriptor >= 0 else { throw SystemCallError("open", path: path.display, errno: errno) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            descriptor = -1
            throw SystemCallError("lock", path: path.display, errno: EINVAL)
        }
    }

    deinit { release() }

    /// Takes the lock: `false` at once if another holds it in a way that
    /// excludes `mode` and `wait` is false; else blocks until it is free.
    func lock(_ mode: Mode, wait: Bool) throws(SystemCallError) -> Bool {
        let operation = (mode == .exclusive ? LOCK_EX : LOCK_SH) | (wait ? 0 : LOCK_NB)
        guard SystemCall.retryingInterrupts({ flock(descriptor, operation) }) != 0 else { return true }
        if errno == EWOULDBLOCK { return false }
        throw SystemCallError("lock", path: path.display, errno: errno)
    }

    /// Drops the lock (and the descriptor).
    func release() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }
}
