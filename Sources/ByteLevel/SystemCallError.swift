#if canImport(Glibc)
    import Glibc
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A system call that failed: which one, on what, and the `errno` it set.
/// The one error type for reading logs, writing reports and spill files,
/// so callers handle every such failure the same way.
///
/// It is a `LocalizedError`: `localizedDescription` is the whole sentence,
/// `cannot read /…/session.jsonl: Permission denied`, ready for an alert.
public struct SystemCallError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// The call or the step, as people read it: `read`, `write`, `open`.
    public var operation: String
    /// The file it was on, when known.
    public var path: String?
    /// The system's error number.
    public var errno: Int32

    /// Makes the error of one failed call.
    public init(_ operation: String, path: String? = nil, errno: Int32) {
        self.operation = operation
        self.path = path
        self.errno = errno
    }

    /// The system's text for ``errno`` (`No space left on device`).
    public var reason: String { Self.reason(of: errno) }

    /// The system's text for `errno` (`No space left on device`), for a
    /// message that names no failed call.
    public static func reason(of errno: Int32) -> String { String(cString: strerror(errno)) }

    /// `cannot write report.html: No space left on device`.
    public var description: String {
        "cannot \(operation)\(path.map { " \($0)" } ?? ""): \(reason)"
    }

    /// The whole sentence, for `localizedDescription` and alerts.
    public var errorDescription: String? { description }
}
