import Foundation

/// A recorder's file could not be opened, continued or written: the record
/// (or the recorder) it was for is not in the log.
public struct RecorderError: Error, Equatable, CustomStringConvertible {
    /// What became of the part of a record written before a write failed.
    public enum PartialRecord: Sendable, Equatable {
        /// Cut off again: the log ends with its last whole record.
        case removed
        /// Could not be cut off (a pipe, a terminal, a file that may not be
        /// shortened): it stays as one torn line, which readers report and
        /// skip, and the next record starts on a new line.
        case leftInPlace
    }

    /// The log's path (or `fd N` for an open file).
    public var path: String
    /// What failed: `open`, `read`, `continue` or `write`.
    public var operation: String
    /// The system's error number (`EOVERFLOW` when `seq` has run out).
    public var errno: Int32
    /// Set when a write failed part-way through a record; `nil` when none
    /// of the record reached the file.
    public var partialRecord: PartialRecord?
    /// Said instead of the system's text for `errno` where that would mislead.
    var reason: String?

    init(path: String, operation: String, errno: Int32, partialRecord: PartialRecord? = nil, reason: String? = nil) {
        self.path = path
        self.operation = operation
        self.errno = errno
        self.partialRecord = partialRecord
        self.reason = reason
    }

    /// What failed, on which log, and what became of the record.
    public var description: String {
        var text = "\(path): cannot \(operation) the session log: \(reason ?? String(cString: strerror(errno)))"
        switch partialRecord {
        case .removed: text += "; the partial record was removed, the log ends with its last whole record"
        case .leftInPlace: text += "; the partial record could not be removed, the next record starts on a new line"
        case nil: break
        }
        return text
    }

    static func closed(path: String) -> RecorderError {
        RecorderError(path: path, operation: "write", errno: EBADF, reason: "the recorder is closed")
    }

    /// `seq` is a signed 64-bit integer: a log that used `Int64.max` cannot go on.
    static func seqExhausted(path: String, operation: String) -> RecorderError {
        RecorderError(
            path: path, operation: operation, errno: EOVERFLOW,
            reason: "its last seq is \(Int64.max), the largest a seq can be; start a new log")
    }
}
