import ByteLevel
import SessionLog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if os(Linux)
    import CFileSystem
#endif

/// Makes every file written to one file system durable with one call, for
/// commands that write thousands of files (`batch`), where a flush per file
/// cost more than writing them. Linux has `syncfs(2)`; elsewhere each file
/// is flushed as it is written, as single outputs always are.
enum FileSystemSync {
    /// Whether ``sync(containing:)`` does the work, so files may skip their own flush.
    static var isAvailable: Bool {
        #if os(Linux)
            true
        #else
            false
        #endif
    }

    /// Flushes everything written to the file system that holds `path`.
    static func sync(containing path: Path) throws(SystemCallError) {
        #if os(Linux)
            let descriptor = path.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
            guard descriptor >= 0 else { throw SystemCallError("open", errno: errno) }
            defer { close(descriptor) }
            guard syncfs(descriptor) == 0 else { throw SystemCallError("write", errno: errno) }
        #endif
    }
}
