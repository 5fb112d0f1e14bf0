#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a log's bytes come from: a file, standard input, or memory.
public protocol ByteSource: Sendable {
    /// Fills the start of `buffer` and returns how many bytes it wrote; 0 at
    /// the end.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int

    /// Once `read` has returned 0: why the bytes ended before the data they
    /// carry did, when they did (a compressed file cut short: `the gzip data
    /// ends early, after 20000 compressed bytes`), so that a replay can say
    /// that what followed the cut is lost; `nil` when they ended whole.
    var endedEarly: String? { get }
}

extension ByteSource {
    /// Plain bytes end where they end: never early.
    public var endedEarly: String? { nil }
}

/// Bytes already in memory (tests, small inputs).
public struct InMemoryByteSource: ByteSource {
    private let bytes: [UInt8]
    private var offset = 0

    /// Serves `bytes`.
    public init(_ bytes: [UInt8]) { self.bytes = bytes }
    /// Serves the UTF-8 bytes of `text`.
    public init(_ text: String) { self.bytes = Array(text.utf8) }

    /// Copies the next bytes into `buffer`; 0 at the end.
    public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = min(buffer.count, bytes.count - offset)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { source in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<offset + count]))
        }
        offset += count
        return count
    }
}

/// An open file descriptor, read with `read(2)`; the caller owns it.
public struct FileDescriptorByteSource: ByteSource {
    /// The descriptor read from; the caller opens and closes it.
    public let fileDescriptor: Int32
    /// The file's path, for the error of a failed read.
    public let path: String?
    /// A regular file's size when this source was made; nil for a pipe, a
    /// terminal or a device, whose end is wherever their writer stops.
    private let sizeWhenMade: Int64?

    /// Reads from `fileDescriptor`, which stays the caller's; `path` names
    /// the file in a ``SystemCallError``.
    public init(fileDescriptor: Int32, path: String? = nil) {
        self.fileDescriptor = fileDescriptor
        self.path = path
        var info = stat()
        let isRegular = fstat(fileDescriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        sizeWhenMade = isRegular ? Int64(info.st_size) : nil
    }

    /// A regular file that got shorter while it was read (truncated or
    /// rewritten in place by another program, as a log rotated by copying
    /// and truncating is) ended before the bytes it held: the reason, so
    /// that the replay says what followed was lost. A file that grew (a
    /// recorder still writing) ended where its reading did, whole.
    public var endedEarly: String? {
        guard let sizeWhenMade else { return nil }
        var info = stat()
        guard fstat(fileDescriptor, &info) == 0 else { return nil }
        // Read whole before it was shortened, it ended with all it held.
        let size = Int64(info.st_size)
        let position = Int64(lseek(fileDescriptor, 0, SEEK_CUR))
        guard size < sizeWhenMade, position < sizeWhenMade else { return nil }
        return "the file got shorter while it was read (\(sizeWhenMade) bytes when reading began, \(size) at its end: "
            + "another program truncated or rewrote it)"
    }

    /// Copies the next bytes into `buffer`; 0 at the end.
    public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        do {
            return try FileDescriptorIO.read(fileDescriptor, into: buffer)
        } catch {
            throw SystemCallError("read", path: path, errno: error.errno)
        }
    }
}
