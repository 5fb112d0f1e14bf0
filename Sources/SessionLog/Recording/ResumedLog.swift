import ByteLevel
import TimeTravel
import TodoDomain

#if canImport(Glibc)
    import Glibc
    import FoundationEssentials
#else
    import Foundation
#endif

/// A log replayed into the store that goes on recording it: what its
/// recorder needs to continue it.
struct ResumedLog {
    /// The `seq` after the highest a kept record has.
    var nextSeq: Int64 = 0
    /// The file ends inside a line the reader kept (a last record without
    /// its line break): the next record starts with one.
    var endsInsideLine = false
    /// Ids the log's readers derive (its `addItem` records without `id`).
    var derivedIDs: Set<UUID> = []
    /// No record is left (a file of blank lines, or a crash that tore the
    /// header of a new log, cut off): the log starts again, header first.
    var hasNoRecord = false

    /// Replays `log` (opened, at its start) into `store`, a new store with
    /// no recorder, and cuts off a last line torn by a crash.
    static func replay(_ log: OpenedLog, into store: Store<TodoState>) throws(RecorderError) -> ResumedLog {
        guard log.isRegularFile else { throw .notASessionLog(path: log.path, reason: "it is not a regular file") }
        var resumed = ResumedLog()
        var highestSeq: Int64?
        var sessionId: String?
        var mismatchLine: Int?
        var lastDiagnostic: Diagnostic?
        // A file whose first line is an error is not a session log (notes, another format): never appended to.
        var firstError: Diagnostic?
        var keptRecord = false
        func saw(_ seq: Int64?) {
            if let seq { highestSeq = max(highestSeq ?? seq, seq) }
        }
        let outcome: LogReplayer.Outcome
        do {
            outcome = try LogReplayer.replay(FileDescriptorByteSource(fileDescriptor: log.descriptor, path: log.path)) { entry in
                switch entry {
                case .header(let header):
                    sessionId = header.sessionId
                    keptRecord = true
                case .frame(let frame):
                    keptRecord = true
                    if case .addItem(let id) = frame.event, id == DerivedItemID.make(sessionId: sessionId, line: frame.line) {
                        resumed.derivedIDs.insert(id)
                    }
                    store.dispatch(frame.event)
                    saw(frame.stamp.seq)
                case .travel(let travel):
                    keptRecord = true
                    store.currentStateIndex = travel.to
                    saw(travel.stamp.seq)
                case .diagnostic(let diagnostic):
                    if diagnostic.code == .stateMismatch, mismatchLine == nil { mismatchLine = diagnostic.line }
                    if !keptRecord, firstError == nil, diagnostic.severity == .error { firstError = diagnostic }
                    lastDiagnostic = diagnostic
                }
            }
        } catch let failure as SystemCallError {
            throw .cannotRead(path: log.path, errno: failure.errno)
        } catch {
            throw .cannotRead(path: log.path, errno: EIO)
        }
        if outcome.stoppedOnUnsupportedSchema {
            throw .notASessionLog(path: log.path, reason: "its header names another schema than todo-session/1")
        }
        if let firstError {
            throw .notASessionLog(
                path: log.path, reason: "line \(firstError.line), before any record, is not one (\(firstError.code.rawValue))")
        }
        // A spill that failed (a full temporary folder) rebuilt states from what it could read: not to be trusted.
        if let code = outcome.spillFailure { throw .cannotRead(path: log.path, errno: code) }
        if let mismatchLine { throw .stateMismatch(path: log.path, line: mismatchLine) }
        if let highestSeq {
            guard highestSeq < .max else { throw .seqExhausted(path: log.path) }
            resumed.nextSeq = highestSeq + 1
        }
        let (size, lastLineStart) = try lastLine(of: log)
        if lastDiagnostic?.code == .truncatedLine {
            // A torn line before any record is a recorder's only when it starts as every record starts:
            // anything else (a line of notes with no line break) is not a log, and is kept.
            if !keptRecord, try !startsLikeARecord(log, at: lastLineStart, size: size) {
                throw .notASessionLog(path: log.path, reason: "its only line is not a record (\(DiagnosticCode.truncatedLine.rawValue))")
            }
            // The record a crash cut short is not in the replay: it goes, and the log ends with a whole line.
            guard ftruncate(log.descriptor, lastLineStart) == 0 else {
                throw .cannotWrite(path: log.path, errno: errno, records: 0, partialRecord: nil)
            }
        } else {
            resumed.endsInsideLine = lastLineStart < size
        }
        resumed.hasNoRecord = !keptRecord
        return resumed
    }

    /// Whether the bytes from `start` to `size` begin as the recorder begins
    /// every record, `{"type":"`, or are a beginning of that.
    private static func startsLikeARecord(_ log: OpenedLog, at start: off_t, size: off_t) throws(RecorderError) -> Bool {
        let opening = Array(#"{"type":""#.utf8)
        let count = Int(min(size - start, off_t(opening.count)))
        let bytes: [UInt8]
        do {
            bytes = try FileDescriptorIO.read(log.descriptor, count: count, at: Int(start))
        } catch {
            throw .cannotRead(path: log.path, errno: error.errno)
        }
        return bytes.elementsEqual(opening.prefix(count))
    }

    /// The file's size, and where its last line starts (the size itself when it ends with a line break).
    private static func lastLine(of log: OpenedLog) throws(RecorderError) -> (size: off_t, start: off_t) {
        var info = stat()
        guard fstat(log.descriptor, &info) == 0 else { throw .cannotRead(path: log.path, errno: errno) }
        var end = info.st_size
        while end > 0 {
            let start = max(0, end - (1 << 16))
            let bytes: [UInt8]
            do {
                bytes = try FileDescriptorIO.read(log.descriptor, count: Int(end - start), at: Int(start))
            } catch {
                throw .cannotRead(path: log.path, errno: error.errno)
            }
            guard bytes.count == Int(end - start) else { throw .cannotRead(path: log.path, errno: EIO) }
            if let newline = bytes.lastIndex(of: 0x0A) { return (info.st_size, start + off_t(newline) + 1) }
            end = start
        }
        return (info.st_size, 0)
    }
}
