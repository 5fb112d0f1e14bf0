package import ByteLevel

/// What reading a run of a log's lines made: for each line whether it was
/// blank, unread or read (and how many of ``readings`` are its own), and
/// every reading in the lines' order. The reading threads hand these on to
/// the replay, a few thousand lines at a time.
package struct LineReadings: Sendable {
    /// What one line came to.
    package enum Line: Sendable {
        case blank
        case unread
        /// The next `readings` entries belong to this line.
        case read(readings: Int, madeRecord: Bool)
    }

    package var lines: [Line] = []
    package var readings: [LogReading] = []
    /// What the source threw (a `SystemCallError` for a file), if it failed.
    package var failure: (any Error)?
    /// A header with an unsupported schema was read in these lines or
    /// before them: every later line is unread. In the last run, whether
    /// that happened anywhere in the log.
    package var stoppedOnUnsupportedSchema = false
    /// The log's last run of lines.
    package var isLast = false

    /// No lines yet.
    package init() {}

    /// Reads `line` with `reader` and adds what it holds: its readings and
    /// how the line counts. One call a line, and not generic, so that the
    /// reader's per-line work is specialised here, in its own module.
    package mutating func add(_ line: RawLine, with reader: inout LogReader, limit: Int) {
        if reader.hasStopped {
            // A blank line counts as blank whether it is read or not: only a line with something on it is unread.
            let blank = line.skippedLength == nil && isBlank(line.bytes)
            lines.append(blank ? .blank : .unread)
            return
        }
        let before = readings.count
        let kind: LogReader.LineKind
        if let length = line.skippedLength {
            reader.skip(longLine: line.number, length: length, limit: limit, isLastWithoutNewline: !line.endsWithNewline) {
                readings.append($0)
            }
            kind = .read(madeRecord: false)
        } else {
            kind = reader.read(line: line.bytes, number: line.number, isLastWithoutNewline: !line.endsWithNewline, into: &readings)
        }
        switch kind {
        case .blank: lines.append(.blank)
        case .read(let madeRecord): lines.append(.read(readings: readings.count - before, madeRecord: madeRecord))
        }
    }
}
