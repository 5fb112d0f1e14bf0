#if canImport(Glibc)
    import Glibc
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Why a session could not be recorded, or some of it is not in the log:
/// each case names the log, and the system's error number where one failed.
///
/// It is a `LocalizedError`, so `localizedDescription` is the whole sentence,
/// ready for an alert: `/…/session.jsonl: cannot write the session log: No
/// space left on device; 3 records are not in it`.
public enum RecorderError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// What became of the part of a record written before a write failed.
    public enum PartialRecord: Sendable, Equatable {
        /// Cut off again: the log ends with its last whole record.
        case removed
        /// Could not be cut off (a pipe, a terminal, a file that may not be
        /// shortened): it stays as one torn line, which readers report and
        /// skip, and the next record starts on a new line.
        case leftInPlace
    }

    /// The log could not be opened or created: `ENOENT` (its folder is
    /// missing), `EISDIR` (the path is a folder), `EACCES`, …
    case cannotOpen(path: String, errno: Int32)
    /// The log could not be read, to rebuild a store from it.
    case cannotRead(path: String, errno: Int32)
    /// `records` records could not be written (`ENOSPC`, `EFBIG`, `EIO`, …)
    /// and are not in the log; `partialRecord` says what became of one
    /// written in part, `nil` when none was.
    case cannotWrite(path: String, errno: Int32, records: Int, partialRecord: PartialRecord?)
    /// Another recorder, in this process or another, is writing the log
    /// (it holds the file's lock).
    case logInUse(path: String)
    /// A new session was to be recorded into a file that already holds
    /// `bytes` bytes: appending to it would make a log that replays to
    /// states the app never showed. Resume it with `Store(resumingFrom:)`,
    /// or record into a new file.
    case logNotEmpty(path: String, bytes: Int64)
    /// The file cannot be resumed as a `todo-session/1` log: `reason` says why
    /// (another schema, not a regular file).
    case notASessionLog(path: String, reason: String)
    /// The log's newest state digest, that of the event on `line`, says that
    /// the app which wrote it had another state there than this package's
    /// reducer replays (another app version): a store rebuilt from it would
    /// not go on from what the person saw. (Only the newest digest is checked
    /// on resuming: it proves the state the person goes on from.)
    case stateMismatch(path: String, line: Int)
    /// The log used the largest `seq` there is (`Int64.max`): it cannot go on.
    case seqExhausted(path: String)
    /// A write failed earlier (``cannotWrite(path:errno:records:partialRecord:)``),
    /// so the log stopped at its last whole record, where it still replays:
    /// `records` records wait in memory, in order, since each would be
    /// applied to a state the log does not have without the ones before it.
    /// `SessionRecorder.retry()` writes them once there is room; a kill
    /// loses them.
    case stopped(path: String, records: Int)
    /// After a write failed, ``SessionRecorder/maxHeldRecords`` records
    /// (`records`) waited in memory and another came: the session's log ends
    /// with those that wait (`SessionRecorder.retry()` still writes them), and
    /// that record and every later one of this store are not recorded, so
    /// that a disk full for hours cannot take the app's memory. Record the
    /// next session with a new store, into a new file.
    case heldLimitReached(path: String, records: Int)
    /// The log was deleted, moved or replaced while the app recorded into
    /// it: its path no longer names the file the recorder writes, so what is
    /// recorded goes to that file, wherever it is now (nowhere, once it is
    /// deleted), and a relaunch would not find it there.
    case logMissing(path: String)
    /// The store began from another state than the format's initial one
    /// (`TodoState()`), so no log replays to its states: nothing of it is
    /// recorded. Record from a store made with `TodoState()`, such as
    /// `Store(recordingTo:header:)` makes.
    case initialStateDiffers(path: String)
    /// A second store was given this recorder (or a store made again, with
    /// the recorder of one before it): a log replays one store's history, so
    /// nothing more is recorded, the log ending with the first store's
    /// changes so far. Give each store a recorder and a log of its own.
    case sharedByStores(path: String)
    /// The recorder was closed: nothing more is written.
    case closed(path: String)

    /// The log's path (or `fd N` for a descriptor).
    public var path: String {
        switch self {
        case .cannotOpen(let path, _), .cannotRead(let path, _), .cannotWrite(let path, _, _, _), .logInUse(let path),
            .logNotEmpty(let path, _), .notASessionLog(let path, _), .stateMismatch(let path, _), .seqExhausted(let path),
            .stopped(let path, _), .heldLimitReached(let path, _), .logMissing(let path), .initialStateDiffers(let path),
            .sharedByStores(let path), .closed(let path):
            path
        }
    }

    /// The system's error number, for the cases where a system call failed.
    public var errno: Int32? {
        switch self {
        case .cannotOpen(_, let code), .cannotRead(_, let code), .cannotWrite(_, let code, _, _): code
        default: nil
        }
    }

    /// For a failed write, what became of a record written in part.
    public var partialRecord: PartialRecord? {
        if case .cannotWrite(_, _, _, let partial) = self { return partial }
        return nil
    }

    /// What failed, on which log, and what to do: the same text as ``errorDescription``.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let code):
            return "\(path): cannot open the session log: \(SystemCallError.reason(of: code))"
        case .cannotRead(let path, let code):
            return "\(path): cannot read the session log: \(SystemCallError.reason(of: code))"
        case .cannotWrite(let path, let code, let records, let partial):
            var text = "\(path): cannot write the session log: \(SystemCallError.reason(of: code))"
            text += records == 1 ? "; 1 record is not in it" : "; \(records) records are not in it"
            switch partial {
            case .removed: text += "; the partial record was removed, the log ends with its last whole record"
            case .leftInPlace: text += "; the partial record could not be removed, the next record starts on a new line"
            case nil: break
            }
            return text
        case .logInUse(let path):
            return "\(path): cannot record into the session log: another recorder is writing it"
        case .logNotEmpty(let path, let bytes):
            return
                "\(path): cannot record a new session into this file: it already holds \(bytes == 1 ? "1 byte" : "\(bytes) bytes"); "
                + "resume its session with Store(resumingFrom:), or record into a new file"
        case .notASessionLog(let path, let reason):
            return "\(path): cannot resume the session log: \(reason)"
        case .stateMismatch(let path, let line):
            return
                "\(path):\(line): cannot resume the session log: the digest on this line, its newest, says that the app that wrote it "
                + "had another state there than this app replays (another app version); record into a new file"
        case .seqExhausted(let path):
            return "\(path): cannot record into the session log: its last seq is \(Int64.max), the largest a seq can be; start a new log"
        case .stopped(let path, let records):
            return
                "\(path): cannot write the session log: it stopped at its last whole record after a write failed, "
                + "so that it still replays; \(records == 1 ? "1 record waits" : "\(records) records wait") in memory: "
                + "make room, then retry (SessionRecorder.retry()); a relaunch before that loses them"
        case .heldLimitReached(let path, let records):
            return
                "\(path): the session log ends here: after a write failed, \(records) records waited in memory, "
                + "the most a recorder holds, so this and every later change of the store are not recorded; "
                + "make room and retry (SessionRecorder.retry()) to write those that wait, "
                + "then record the next session with a new store into a new file"
        case .logMissing(let path):
            return
                "\(path): the session log was deleted, moved or replaced while the app recorded into it: "
                + "what is recorded goes to that file, not to this path; record a new session into a new file"
        case .initialStateDiffers(let path):
            return
                "\(path): cannot record this session: its store did not start from the initial state the log format fixes "
                + "(TodoState()), so no log would replay to its states; record from a store made with TodoState()"
        case .sharedByStores(let path):
            return
                "\(path): the session log ends here: a second store was given its recorder, and a log replays one store's history; "
                + "give each store a recorder and a log of its own"
        case .closed(let path):
            return "\(path): cannot write the session log: the recorder is closed"
        }
    }

    /// The whole sentence, for `localizedDescription` and alerts.
    public var errorDescription: String? { description }
}
