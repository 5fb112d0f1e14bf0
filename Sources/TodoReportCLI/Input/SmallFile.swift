import ByteLevel
import SessionLog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A whole small file read at once: a template, a stats file, a key. Only a
/// regular file of at most a given size is read: a FIFO would wait for a
/// writer forever, and `/dev/zero` would fill memory.
enum SmallFile {
    /// Why a file was not read, as the end of a sentence: `no such file`, `it is not a regular file`.
    struct Failure: Error {
        var reason: String
        /// The system's error number, when a call failed.
        var errno: Int32?
    }

    /// The bytes of the regular file at `path`, if it holds at most `limit`.
    static func read(_ path: Path, limit: Int) throws(Failure) -> [UInt8] {
        // Not blocking: opening a FIFO would otherwise wait for a writer before the check below.
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard descriptor >= 0 else { throw Failure(reason: SystemCallError("open", errno: errno).reason, errno: errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Failure(reason: SystemCallError("stat", errno: errno).reason, errno: errno) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw Failure(reason: "it is not a regular file") }
        let bytes: [UInt8]
        do {
            // One byte past the limit tells a file that grew beyond it since `fstat`.
            bytes = try FileDescriptorIO.read(descriptor, count: min(Int(info.st_size), limit) + 1, at: 0)
        } catch {
            throw Failure(reason: SystemCallError("read", errno: error.errno).reason, errno: error.errno)
        }
        guard bytes.count <= limit else {
            throw Failure(reason: "it holds more than \(countedNoun(limit, "byte")), more than such a file ever needs")
        }
        return bytes
    }
}
