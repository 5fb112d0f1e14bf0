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
    /// The header the log began with, if it has one.
    var header: SessionHeader?

    /// Replays `log` (opened, at its start) into `store`, a new store with
    /// no recorder, and cuts off a last line torn by a crash.
    static func replay(_ log: OpenedLog, into store: Store<TodoState>) throws(RecorderError) -> ResumedLog {
        guard log.isRegularFile else { throw .notASessionLog(path: log.path, reason: "it is not a regular file") }
        var resumed = ResumedLog()
        var highestSeq: Int64?
        var sessionId: String?
        // Only the newest digest is checked: it proves the state the person goes on from, with one
        // hash where checking every digest hashed the whole list at every event (seconds at launch
        // for a long log on the Swift SHA-256 an iPhone runs).
        var newestDigest: (frame: Int, digest: UInt64, line: Int)?
        var lastDiagnostic: Diagnostic?
        // A file whose first line is an error is not a session log (notes, another format): never appended to.
        var firstError: Diagnostic?
        var keptRecord = false
        func saw(_ seq: Int64?) {
            if let seq { highestSeq = max(highestSeq ?? seq, seq) }
        }
        let outcome: LogReplayer.Outcome
        do {
            // Nothing goes to a temporary file: the store keeps the whole history in memory anyway, and
            // a missing or full temporary folder would otherwise stop the app resuming a log it can read.
            outcome = try LogReplayer.replay(
                FileDescriptorByteSource(fileDescriptor: log.descriptor, path: log.path), bufferSize: 1 << 20, keepingStates: false,
                spillMemoryLimit: .max, checkingDigests: false, keepingLinesOffDisk: true
            ) { entry in
                switch entry {
                case .header(let header):
                    sessionId = header.sessionId
                    resumed.header = header
                    keptRecord = true
                case .frame(let frame):
                    keptRecord = true
                    if case .addItem(let id) = frame.event, id == DerivedItemID.make(sessionId: sessionId, line: frame.line) {
                        resumed.derivedIDs.insert(id)
                    }
                    store.dispatch(frame.event)
                    saw(frame.stamp.seq)
                    if let digest = frame.stamp.digest { newestDigest = (frame.index, digest, frame.line) }
                case .travel(let travel):
                    keptRecord = true
                    store.currentStateIndex = travel.to
                    saw(travel.stamp.seq)
                case .diagnostic(let diagnostic):
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
        if let newestDigest {
            let derived = resumed.derivedIDs
            let replayed = StateDigest.value(
                of: store.allStates[newestDigest.frame], hasLoggedID: { derived.isEmpty || !derived.contains($0.id) })
            if replayed != newestDigest.digest { throw .stateMismatch(path: log.path, line: newestDigest.line) }
        }
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

    /// Whether the bytes from `start` to `size` begin as a record does, or as
    /// a beginning of one: `{"type":"session"`, `"event"` or `"travel"`, with
    /// the white space and byte order mark other writers may put in.
    private static func startsLikeARecord(_ log: OpenedLog, at start: off_t, size: off_t) throws(RecorderError) -> Bool {
        let bytes: [UInt8]
        do {
            bytes = try FileDescriptorIO.read(log.descriptor, count: Int(min(size - start, 64)), at: Int(start))
        } catch {
            throw .cannotRead(path: log.path, errno: error.errno)
        }
        return beginsAsARecord(bytes)
    }

    /// See ``startsLikeARecord(_:at:size:)``: true when `bytes` match a
    /// record's opening as far as they go.
    static func beginsAsARecord(_ bytes: [UInt8]) -> Bool {
        var rest = bytes[...]
        /// True when `text` is next (and passed over), false when something
        /// else is, nil when the bytes end first (a beginning of it).
        func next(_ text: String) -> Bool? {
            for byte in text.utf8 {
                guard let first = rest.first else { return nil }
                guard first == byte else { return false }
                rest = rest.dropFirst()
            }
            return true
        }
        func whiteSpace() { rest = rest.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D } }
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        if rest.count < 3 && byteOrderMark.starts(with: rest) && !rest.isEmpty { return true }
        if rest.starts(with: byteOrderMark) { rest = rest.dropFirst(3) }
        for (part, spaceAfter) in [("{", true), ("\"type\"", true), (":", true), ("\"", false)] {
            guard let matched = next(part) else { return true }
            guard matched else { return false }
            if spaceAfter { whiteSpace() }
        }
        return ["session\"", "event\"", "travel\""].contains { name in
            Array(name.utf8).starts(with: rest.prefix(name.utf8.count))
        }
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
