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
        // One byte past the limit tells a file that grew beyond it since `fstat`.
        let bytes = try readRegularFile(path) { size in min(size, limit) + 1 }
        guard bytes.count <= limit else {
            throw Failure(reason: "it holds more than \(countedNoun(limit, "byte")), more than such a file ever needs")
        }
        return bytes
    }

    /// The first `count` bytes of the regular file at `path` (all of a shorter
    /// one), or `nil` when it cannot be read: enough to tell what wrote it.
    static func prefix(of path: Path, count: Int) -> [UInt8]? {
        try? readRegularFile(path) { _ in count }
    }

    /// Up to `count(size)` bytes from the start of the regular file at `path`.
    private static func readRegularFile(_ path: Path, count: (Int) -> Int) throws(Failure) -> [UInt8] {
        // Not blocking: opening a FIFO would otherwise wait for a writer before the check below.
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard descriptor >= 0 else { throw Failure(reason: SystemCallError("open", errno: errno).reason, errno: errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Failure(reason: SystemCallError("stat", errno: errno).reason, errno: errno) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw Failure(reason: "it is not a regular file") }
        do {
            return try FileDescriptorIO.read(descriptor, count: count(Int(info.st_size)), at: 0)
        } catch {
            throw Failure(reason: SystemCallError("read", errno: error.errno).reason, errno: error.errno)
        }
    }
}
