import ByteLevel

/// What a ``LogReader`` finds on a line.
public enum LogReading: Hashable, Sendable {
    /// A well-formed record (it may still be dropped by replay).
    case record(LogRecord, line: Int)
    case diagnostic(Diagnostic)
    /// A travel record dropped for another error (reported before it) whose
    /// `to` is a frame index from 0: the replay reports it out of range too
    /// when that frame does not exist yet, as every error of a record is reported.
    case droppedTravel(to: Int64, line: Int)
}

/// Reads `todo-session/1` lines into records and the diagnostics of UTF-8,
/// JSON and record shape, keeping going after every problem.
///
/// It sees one line at a time and keeps nothing of earlier lines but whether
/// the first record was seen, so it streams logs of any length.
public struct LogReader {
    /// The longest line read when no other limit is given: 256 MiB (the
    /// spec's default for `--max-line-bytes`). A longer one is reported and
    /// skipped without being held in memory.
    public static let defaultMaxLineBytes = LineLimit.defaultBytes

    /// Set once a header names a schema this reader does not read: every
    /// later line is left unread.
    public private(set) var hasStopped = false
    private var sawFirstRecord = false
    private let fields = RecordFields()
    /// Applied to every record and quoted text as it is read (`--redact`).
    private let redaction: LogRedaction?

    /// A reader at the start of a log; with `redaction`, nothing it reports
    /// holds the log's text unredacted.
    public init(redaction: LogRedaction? = nil) {
        self.redaction = redaction
    }

    /// A reader that starts inside a log: `pastFirstRecord` says whether a
    /// line before the first one it is given held the first record (only
    /// the first record may be the header). For readers of parts of a log.
    package init(redaction: LogRedaction?, pastFirstRecord: Bool) {
        self.redaction = redaction
        self.sawFirstRecord = pastFirstRecord
    }

    /// Reads one line (without its line break) and reports what it holds.
    ///
    /// - Parameters:
    ///   - bytes: The line's bytes, without `\n`, a `\r` before it, or a BOM
    ///     (read in place when they are contiguous, as an array's or a buffer's are).
    ///   - number: The 1-based line number.
    ///   - isLastWithoutNewline: The file ends inside this line.
    ///   - output: Called with each diagnostic of the line, then with its
    ///     record when the line holds a well-formed one, or with the `to` of
    ///     a travel that an error dropped (``LogReading/droppedTravel(to:line:)``).
    /// - Returns: `false` for a blank line, `true` otherwise.
    @discardableResult
    public mutating func read(
        line bytes: some Collection<UInt8>,
        number: Int,
        isLastWithoutNewline: Bool = false,
        into output: (LogReading) -> Void
    ) -> Bool {
        withoutActuallyEscaping(output) { output in
            var sink = ClosureSink(output: output)
            return ByteView.lend(bytes) { line in
                read(line: line, number: number, isLastWithoutNewline: isLastWithoutNewline, into: &sink) != .blank
            }
        }
    }

    /// What a line was, for the reading that hands readings to a sink.
    enum LineKind: Equatable {
        case blank
        case read(madeRecord: Bool)
    }

    /// Reads one line as the public `read(line:number:isLastWithoutNewline:into:)`
    /// does, handing each reading over to `sink` (moved, not copied).
    mutating func read<Sink: LogReadingSink>(
        line bytes: ByteView,
        number: Int,
        isLastWithoutNewline: Bool,
        into sink: inout Sink
    ) -> LineKind {
        let noRecord = LineKind.read(madeRecord: false)
        guard !hasStopped else { return noRecord }
        guard !isBlank(bytes) else { return .blank }
        let isFirstRecord = !sawFirstRecord
        sawFirstRecord = true

        func report(_ code: DiagnosticCode, column: Int?, _ message: String) {
            sink.put(.diagnostic(Diagnostic(line: number, column: column, code: code, message: message)))
        }
        func reportTruncated(_ what: String) {
            report(
                .truncatedLine, column: nil,
                "the log ends inside this line (\(what)); it is dropped, as a recorder that died mid-write leaves it")
        }

        if let problem = firstUTF8Problem(in: bytes) {
            if isLastWithoutNewline {
                reportTruncated("not valid UTF-8")
                return noRecord
            }
            let message = problem.message(in: bytes)
            report(.invalidUTF8, column: problem.offset + 1, redaction?.maskingQuotedText(in: message) ?? message)
            return noRecord
        }
        let topLevel: JSONLineParser.TopLevel
        do {
            topLevel = try JSONLineParser.parse(bytes, into: fields)
        } catch {
            if isLastWithoutNewline {
                reportTruncated("not valid JSON")
                return noRecord
            }
            report(
                .invalidJSON, column: error.offset.map { $0 + 1 }, redaction?.maskingQuotedText(in: error.message) ?? error.message)
            return noRecord
        }
        guard case .object(let duplicateKeys) = topLevel else {
            report(.notAnObject, column: nil, "a record must be a JSON object ({…}), one per line")
            return noRecord
        }
        for key in duplicateKeys {
            report(
                .duplicateKey, column: nil, "key \(quoted(redaction?.quotable(key) ?? key)) appears more than once; the last one is used")
        }
        var outcome = RecordDecoder.decode(fields, in: bytes, line: number, isFirstRecord: isFirstRecord, redaction: redaction)
        for diagnostic in outcome.diagnostics { sink.put(.diagnostic(diagnostic)) }
        if outcome.stopsReading { hasStopped = true }
        if let to = outcome.droppedTravel { sink.put(.droppedTravel(to: to, line: number)) }
        // Moved out, not copied: not `redaction?.redact(record) ?? record` either, which copies every record.
        guard let record = outcome.record.take() else { return noRecord }
        if let redaction {
            sink.put(.record(redaction.redact(record), line: number))
        } else {
            sink.put(.record(record, line: number))
        }
        return .read(madeRecord: true)
    }
}

extension LogReader {
    /// Reports a line longer than the reader's limit, whose bytes were
    /// skipped rather than held: `line-too-long`, with no column. It takes
    /// the place of the line's record (it can be the first record).
    ///
    /// - Parameters:
    ///   - number: The 1-based line number.
    ///   - length: The line's length in bytes, without `\n`, a `\r` before it, or a BOM.
    ///   - limit: The limit it went past.
    ///   - isLastWithoutNewline: The file ends inside this line.
    ///   - output: Receives the `line-too-long` diagnostic.
    public mutating func skip(
        longLine number: Int, length: Int, limit: Int, isLastWithoutNewline: Bool = false,
        into output: (LogReading) -> Void
    ) {
        guard !hasStopped else { return }
        sawFirstRecord = true
        let ending = isLastWithoutNewline ? " (the log ends inside it)" : ""
        let message =
            "the line has \(groupedDigits(length)) bytes\(ending), more than the limit of \(byteCount(limit)); "
            + "it is skipped. To read it, raise the limit with --max-line-bytes"
        output(.diagnostic(Diagnostic(line: number, code: .lineTooLong, message: message)))
    }
}

/// `268,435,456 bytes (256 MiB)`: exact, with the binary unit when it is round.
func byteCount(_ count: Int) -> String {
    let units = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")]
    let exact = countedNoun(count, "byte")
    guard let (size, unit) = units.first(where: { count >= $0.0 && count % $0.0 == 0 }) else { return exact }
    return "\(exact) (\(count / size) \(unit))"
}

/// Where a ``LogReader`` puts what it finds on a line, each reading moved in.
protocol LogReadingSink {
    mutating func put(_ reading: consuming LogReading)
}

extension Array: LogReadingSink where Element == LogReading {
    mutating func put(_ reading: consuming LogReading) {
        append(reading)
    }
}

/// Hands each reading to a closure (the public reading API).
private struct ClosureSink: LogReadingSink {
    let output: (LogReading) -> Void

    func put(_ reading: consuming LogReading) {
        output(reading)
    }
}
