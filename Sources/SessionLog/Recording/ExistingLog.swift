import Foundation

/// What a recorder needs to know of a log it continues.
struct ExistingLog {
    var isEmpty = true
    var endsInsideLine = false
    /// The highest `seq` of its records, if any has one.
    var lastSeq: Int64?

    static func inspect(path: String) throws -> ExistingLog {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return ExistingLog() }
            throw RecorderError(path: path, operation: "read", errno: errno)
        }
        defer { _ = close(descriptor) }
        var log = ExistingLog()
        var splitter = LineSplitter(source: FileDescriptorByteSource(fileDescriptor: descriptor))
        var reader = LogReader()
        try splitter.forEachLine { line in
            log.isEmpty = false
            log.endsInsideLine = !line.endsWithNewline
            reader.read(line: line.bytes, number: line.number, isLastWithoutNewline: !line.endsWithNewline) { reading in
                switch reading {
                case .record(.event(_, let stamp), _), .record(.travel(_, let stamp), _):
                    if let seq = stamp.seq { log.lastSeq = max(log.lastSeq ?? seq, seq) }
                default: break
                }
            }
            return true
        }
        return log
    }
}
