import ByteLevel
import SessionLogCodec

/// A run of a log's lines, copied out of the splitter's buffer so that
/// another thread can parse them while the next ones are split.
struct LineChunk: Sendable {
    /// Where a line lies in ``bytes`` and what the splitter knew of it (see ``RawLine``).
    struct Line: Sendable {
        var start: Int
        var count: Int
        var number: Int
        var endsWithNewline: Bool
        var skippedLength: Int?
    }

    /// The lines' bytes, one after another.
    private(set) var bytes: [UInt8] = []
    private(set) var lines: [Line] = []
    /// Whether a line before the chunk's first held the log's first record.
    private(set) var pastFirstRecord = false
    /// The splitter's line limit, which a skipped line's diagnostic names.
    let limit: Int

    init(limit: Int) {
        self.limit = limit
        bytes.reserveCapacity(ReadingPipeline.bytesPerChunk)
        lines.reserveCapacity(ReadingPipeline.linesPerRun)
    }

    /// Copies `line` in; `pastFirstRecord` as it stood before the line.
    mutating func append(_ line: RawLine, pastFirstRecord: Bool) {
        if lines.isEmpty { self.pastFirstRecord = pastFirstRecord }
        lines.append(
            Line(
                start: bytes.count, count: line.bytes.count, number: line.number, endsWithNewline: line.endsWithNewline,
                skippedLength: line.skippedLength))
        bytes.append(contentsOf: line.bytes)
    }

    /// Reads every line with a reader of its own, as ``ReadingPipeline/read(_:bufferSize:maxLineBytes:redaction:keepingLinesOffDisk:deliver:)``
    /// reads them one after another.
    func parse(redaction: LogRedaction?) -> LineReadings {
        var reader = LogReader(redaction: redaction, pastFirstRecord: pastFirstRecord)
        var lineReadings = LineReadings()
        lineReadings.lines.reserveCapacity(lines.count)
        lineReadings.readings.reserveCapacity(lines.count)
        bytes.withByteView { all in
            for line in lines {
                let raw = RawLine(
                    number: line.number, bytes: all.subview(line.start..<line.start + line.count),
                    endsWithNewline: line.endsWithNewline, skippedLength: line.skippedLength)
                lineReadings.add(raw, with: &reader, limit: limit)
            }
        }
        lineReadings.stoppedOnUnsupportedSchema = reader.hasStopped
        return lineReadings
    }
}
