import Foundation
import TimeTravel
import TodoDomain

/// The file a recorder writes and where its records stand. Used only under
/// the recorder's lock.
struct LogOutput {
    let descriptor: Int32
    /// The path, for messages.
    let path: String
    /// The next record's `seq`; `nil` once `Int64.max` has been used.
    var nextSeq: Int64?
    /// The file ends inside a line (torn when it was opened, or a partial
    /// record that could not be removed): the next write starts a fresh one.
    var endsInsideLine: Bool

    /// Writes the record for `change`, taking the next `seq`.
    mutating func record(_ change: StoreChange<TodoEvent>, at timestamp: Timestamp, digest: UInt64? = nil) throws {
        guard let seq = nextSeq else { throw RecorderError.seqExhausted(path: path, operation: "write") }
        try write(RecordEncoder.line(for: change, seq: seq, timestamp: timestamp, digest: digest))
        nextSeq = seq < .max ? seq + 1 : nil
    }

    /// Writes `line` whole, with one `write(2)` when the system allows. When
    /// a write fails part-way, the partial line is cut off again where the
    /// file allows it, and the error says what became of it.
    mutating func write(_ line: String) throws {
        var bytes = Array(line.utf8)
        if endsInsideLine { bytes.insert(0x0A, at: 0) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                systemWrite(descriptor, raw.baseAddress.map { $0 + written }, raw.count - written)
            }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                let partial = settle(afterWriting: bytes[..<written])
                throw RecorderError(path: path, operation: "write", errno: code, partialRecord: partial)
            }
            written += count
        }
        endsInsideLine = false
    }

    /// After a write that stopped part-way through `fragment`: leaves the
    /// file ending with a whole line, or else remembers that it does not.
    private mutating func settle(afterWriting fragment: ArraySlice<UInt8>) -> RecorderError.PartialRecord? {
        // A leading line break (closing an earlier torn line) is a whole line's end: keep it.
        let torn = fragment.endIndex - (fragment.lastIndex(of: 0x0A).map { $0 + 1 } ?? fragment.startIndex)
        if fragment.count > torn { endsInsideLine = false }
        guard torn > 0 else { return nil }
        if cutOff(lastBytes: torn) { return .removed }
        endsInsideLine = true
        return .leftInPlace
    }

    /// Shortens a regular file by the `count` bytes just written, if nothing
    /// was written after them, and puts the file position back.
    private func cutOff(lastBytes count: Int) -> Bool {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        let end = lseek(descriptor, 0, SEEK_CUR)
        // Someone else appended after the fragment: shortening would cut their data.
        guard end >= off_t(count), info.st_size == end else { return false }
        let wholeEnd = end - off_t(count)
        guard ftruncate(descriptor, wholeEnd) == 0 else { return false }
        // Without O_APPEND the next write would land at the old position, after a hole.
        return lseek(descriptor, wholeEnd, SEEK_SET) == wholeEnd
    }
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
