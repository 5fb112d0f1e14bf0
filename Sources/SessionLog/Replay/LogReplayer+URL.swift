#if canImport(Glibc)
    import Glibc
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension LogReplayer {
    /// Replays the log file at `url`, calling `output` with every frame,
    /// travel and diagnostic in order, as ``replay(_:bufferSize:keepingStates:maxLineBytes:readingConcurrently:redaction:into:)``
    /// does for any source.
    ///
    /// ```swift
    /// import Foundation
    /// import SessionLog
    ///
    /// func countFrames(in log: URL) throws(SystemCallError) -> Int {
    ///     try LogReplayer.replay(contentsOf: log) { _ in }.frameCount
    /// }
    /// ```
    ///
    /// - Throws: ``SystemCallError`` with the file's path when it cannot be
    ///   opened (`ENOENT`, `EACCES`), is a directory (`EISDIR`) or cannot be
    ///   read to its end (`EIO`). Problems *in* the log are diagnostics, not errors.
    public static func replay(
        contentsOf url: URL,
        maxLineBytes: Int = defaultMaxLineBytes,
        redaction: LogRedaction? = nil,
        into output: (ReplayEntry) -> Void
    ) throws(SystemCallError) -> Outcome {
        try withLog(at: url) { source throws(SystemCallError) in
            try rethrowingReads(at: url) {
                try replay(source, maxLineBytes: maxLineBytes, redaction: redaction, into: output)
            }
        }
    }

    /// Replays the whole log file at `url` and collects everything: for
    /// tools and small sessions.
    ///
    /// Every frame keeps its whole state, so memory grows with the events
    /// times the list (a 100,000-event log over a 1,000-item list holds
    /// 100,000 copies of a long list): for a long log, replay it with
    /// ``replay(contentsOf:maxLineBytes:redaction:into:)`` and keep what you
    /// need of each frame.
    ///
    /// - Throws: As ``replay(contentsOf:maxLineBytes:redaction:into:)``.
    public static func collect(contentsOf url: URL, maxLineBytes: Int = defaultMaxLineBytes) throws(SystemCallError) -> ReplayResult {
        try withLog(at: url) { source throws(SystemCallError) in
            try rethrowingReads(at: url) { try collect(source, maxLineBytes: maxLineBytes) }
        }
    }

    /// Opens the file at `url` for reading, refusing a directory, and hands `body` a source over it.
    private static func withLog<Result>(
        at url: URL, _ body: (FileDescriptorByteSource) throws(SystemCallError) -> Result
    ) throws(SystemCallError) -> Result {
        let path = url.path(percentEncoded: false)
        guard url.isFileURL else { throw SystemCallError("open", path: url.absoluteString, errno: EINVAL) }
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw SystemCallError("open", path: path, errno: errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw SystemCallError("read", path: path, errno: errno) }
        guard info.st_mode & S_IFMT != S_IFDIR else { throw SystemCallError("read", path: path, errno: EISDIR) }
        return try body(FileDescriptorByteSource(fileDescriptor: descriptor, path: path))
    }

    /// Runs a replay whose source is a file's, whose only errors are its reads.
    private static func rethrowingReads<Result>(at url: URL, _ body: () throws -> Result) throws(SystemCallError) -> Result {
        do {
            return try body()
        } catch let failure as SystemCallError {
            throw failure
        } catch {
            throw SystemCallError("read", path: url.path(percentEncoded: false), errno: EIO)
        }
    }
}
