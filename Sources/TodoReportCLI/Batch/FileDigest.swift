import ByteLevel
import Report
import SessionLog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The size and SHA-256 of a regular file, read by position from its start
/// (the descriptor's offset stays where it was): how `batch` tells that an
/// input is the one its stats were made from, and that a report is the one
/// they name.
struct FileDigest: Equatable {
    var bytes: Int
    /// Lowercase hex.
    var sha256: String

    /// Of the file open at `descriptor`.
    init(_ descriptor: Int32) throws(SystemCallError) {
        var digest = InputDigest()
        do {
            try FileDescriptorIO.forEachChunk(of: descriptor, fromStart: true) { digest.add($0) }
        } catch {
            throw SystemCallError("read", errno: error.errno)
        }
        bytes = digest.byteCount
        sha256 = digest.hex()
    }

    /// Whether the regular file at `path` has `bytes` bytes of SHA-256
    /// `sha256`; its size is looked at first, so another size costs no reading.
    static func matches(_ path: Path, bytes: Int, sha256: String) -> Bool {
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == bytes,
            let digest = try? FileDigest(descriptor)
        else { return false }
        return digest == FileDigest(bytes: bytes, sha256: sha256)
    }

    init(bytes: Int, sha256: String) {
        self.bytes = bytes
        self.sha256 = sha256
    }
}
