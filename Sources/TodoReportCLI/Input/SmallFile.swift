import ByteLevel
import SessionLog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A whole small file read at once: a template, a stats file.
enum SmallFile {
    /// The bytes of the file at `path`, or the failed call.
    static func read(_ path: Path) throws(SystemCallError) -> [UInt8] {
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw SystemCallError("open", path: path.display, errno: errno) }
        defer { close(descriptor) }
        do {
            return try FileDescriptorIO.readToEnd(descriptor)
        } catch {
            throw SystemCallError("read", path: path.display, errno: error.errno)
        }
    }
}
