public import TodoDomain

/// Replays a log one frame at a time, on request: what comparing two logs
/// frame by frame needs, where ``LogReplayer`` pushes a whole log through.
/// Lines are split and parsed on threads of their own, as in
/// ``LogReplayer/replay(_:bufferSize:keepingStates:maxLineBytes:readingConcurrently:redaction:into:)``,
/// with the same records, diagnostics and counts; memory stays flat.
public final class LogStepper {
    private var replay: SessionReplay
    private let channel: ReadingPipeline.Channel
    /// The batch being replayed, read in place: its next line and next reading.
    private var batch = ReadingPipeline.Batch()
    private var line = 0
    private var reading = 0
    /// Inside a line that had readings: how many are left, and whether it made a record.
    private var lineReadingsLeft: Int?
    private var lineMadeRecord = false
    private var ended = false
    private var stopped = false
    private var diagnostics = DiagnosticCount()

    /// Starts reading `source` (on another thread); nothing is replayed before ``step(into:)``.
    ///
    /// - Parameters:
    ///   - source: The log's bytes.
    ///   - maxLineBytes: As for ``LogReplayer``.
    ///   - redaction: As for ``LogReplayer``: applied as each line is read.
    public init<Source: ByteSource>(
        _ source: Source, maxLineBytes: Int = LogReplayer.defaultMaxLineBytes, redaction: LogRedaction? = nil
    ) {
        replay = SessionReplay()
        channel = ReadingPipeline.start(source, bufferSize: 1 << 20, maxLineBytes: maxLineBytes, redaction: redaction)
    }

    /// The live state: right after ``step(into:)`` returned a frame, that frame's state.
    public var state: TodoState { replay.state }
    /// Frames so far, the initial one included.
    public var frameCount: Int { replay.frameCount }

    /// Replays until the next frame, handing it and every entry before it
    /// to `output`; `false` at the end of the log (no frame came).
    ///
    /// - Throws: ``ReadFailure`` when the input could not be read to its end.
    public func step(into output: (ReplayEntry) -> Void) throws -> Bool {
        let before = replay.frameCount
        func emit(_ entry: ReplayEntry) {
            diagnostics.add(entry)
            output(entry)
        }
        while true {
            if let left = lineReadingsLeft {
                if left > 0 {
                    lineReadingsLeft = left - 1
                    reading += 1
                    replay.replay(batch.readings[reading - 1], into: emit)
                    if replay.frameCount > before { return true }
                } else {
                    lineReadingsLeft = nil
                    if !lineMadeRecord { replay.count(dropped: true) }
                }
                continue
            }
            guard line < batch.lines.count else {
                guard !ended else { return false }
                try receive()
                continue
            }
            switch batch.lines[line] {
            case .blank: replay.count(blank: true)
            case .unread: replay.count(unread: true)
            case .read(let count, let madeRecord):
                lineReadingsLeft = count
                lineMadeRecord = madeRecord
            }
            line += 1
        }
    }

    /// Replays to the end of the log, handing every entry to `output`.
    public func finish(into output: (ReplayEntry) -> Void) throws {
        while try step(into: output) {}
    }

    /// How the replay ended; call after ``step(into:)`` returned `false`.
    public var outcome: LogReplayer.Outcome {
        replay.outcome(diagnostics, stoppedOnUnsupportedSchema: stopped)
    }

    private func receive() throws {
        batch = channel.receive()
        line = 0
        reading = 0
        if batch.isLast {
            ended = true
            stopped = batch.stoppedOnUnsupportedSchema
        }
        if let failure = batch.failure { throw failure }
    }

    deinit {
        // The reading threads wait for room in the channel: drain it so that they end.
        while !ended { if channel.receive().isLast { ended = true } }
    }
}
