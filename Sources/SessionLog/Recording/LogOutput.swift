import ByteLevel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file a recorder writes. Used only by the recorder's writer, one
/// batch of records at a time.
struct LogOutput {
    let descriptor: Int32
    /// The path, for messages.
    let path: String
    /// The file ends inside a line (torn when it was opened, or a partial
    /// record that could not be removed): the next write starts a fresh one.
    var endsInsideLine: Bool
    /// `path` names the file (a regular file the recorder opened by its
    /// path), so ``isStillAtPath`` can check that it still does.
    private let isNamedByPath: Bool

    init(descriptor: Int32, path: String, endsInsideLine: Bool) {
        (self.descriptor, self.path, self.endsInsideLine) = (descriptor, path, endsInsideLine)
        isNamedByPath = false
    }

    /// The log a recorder opened, `endsInsideLine` as its last line is.
    init(_ log: OpenedLog, endsInsideLine: Bool = false) {
        (descriptor, path, self.endsInsideLine) = (log.descriptor, log.path, endsInsideLine)
        isNamedByPath = log.isRegularFile
    }

    /// Whether the file written is still the one at ``path``: `false` once
    /// it was deleted (its last link removed), or moved or replaced (the
    /// path names another file, or none). Always `true` for a descriptor
    /// given by the caller, and when the system cannot tell.
    var isStillAtPath: Bool {
        guard isNamedByPath else { return true }
        var written = stat()
        guard fstat(descriptor, &written) == 0 else { return true }
        if written.st_nlink == 0 { return false }
        var named = stat()
        guard stat(path, &named) == 0 else { return errno != ENOENT && errno != ENOTDIR }
        return named.st_dev == written.st_dev && named.st_ino == written.st_ino
    }

    /// Writes `lines`, `records` whole records each ending in a line break,
    /// with one `write(2)` when the system allows. When a write fails
    /// part-way, the records written whole stay, a partial one is cut off
    /// again where the file allows it, and the error says how many records
    /// are not in the log and what became of the partial one.
    mutating func write(_ lines: [UInt8], records: Int) throws(RecorderError) {
        var bytes = lines
        if endsInsideLine { bytes.insert(0x0A, at: 0) }
        do {
            try FileDescriptorIO.write(bytes, to: descriptor)
        } catch {
            let written = error.written
            let first = endsInsideLine ? 1 : 0
            var whole = written > first ? bytes[first..<written].count(where: { $0 == 0x0A }) : 0
            // Cut right before a record's line break, the record is all there.
            let lacksOnlyLineBreak = written > first && written < bytes.count && bytes[written] == 0x0A
            let partial = settle(afterWriting: bytes[..<written], lacksOnlyLineBreak: lacksOnlyLineBreak)
            if lacksOnlyLineBreak && partial == nil { whole += 1 }
            // Every record is in; the next write's line break ends the last one.
            if whole == records { return }
            throw .cannotWrite(path: path, errno: error.errno, records: records - whole, partialRecord: partial)
        }
        endsInsideLine = false
    }

    /// After a write that stopped part-way through `fragment`: leaves the
    /// file ending with a whole line, or else remembers that it does not.
    /// A fragment that is a whole record but for its line break
    /// (`lacksOnlyLineBreak`) and cannot be cut off is no partial record:
    /// the line break the next write starts with ends it, and readers read
    /// it (also as the file's last line, without one), so it is not written
    /// again.
    private mutating func settle(
        afterWriting fragment: ArraySlice<UInt8>, lacksOnlyLineBreak: Bool
    ) -> RecorderError.PartialRecord? {
        // A leading line break (closing an earlier torn line) is a whole line's end: keep it.
        let torn = fragment.endIndex - (fragment.lastIndex(of: 0x0A).map { $0 + 1 } ?? fragment.startIndex)
        if fragment.count > torn { endsInsideLine = false }
        guard torn > 0 else { return nil }
        if cutOff(lastBytes: torn) { return .removed }
        endsInsideLine = true
        return lacksOnlyLineBreak ? nil : .leftInPlace
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
