public import ByteLevel
public import TodoDomain

/// Replays a log one frame at a time, on request: what comparing two logs
/// frame by frame needs, where ``LogReplayer`` pushes a whole log through.
/// Lines are split and parsed on threads of their own, as in
/// ``LogReplayer/replay(_:bufferSize:keepingStates:maxLineBytes:readingConcurrently:redaction:into:)``,
/// with the same records, diagnostics and counts; memory stays flat.
public final class LogStepper {
    private var replay: SessionReplay
    private let channel: ReadingPipeline.Channel
    /// The run being replayed, and where in it.
    private var current = LineReadingsWalk()
    private var ended = false
    private var stopped = false
    private var diagnostics = DiagnosticCount()
    /// Why the source's bytes ended early (`ByteSource.endedEarly`): asked once they have ended, then dropped.
    private var endedEarly: (@Sendable () -> String?)?

    /// Starts reading `source` (on another thread); nothing is replayed before ``step(into:)``.
    ///
    /// - Parameters:
    ///   - source: The log's bytes.
    ///   - maxLineBytes: As for ``LogReplayer``.
    ///   - redaction: As for ``LogReplayer``: applied as each line is read.
    ///   - keepingLinesOffDisk: Hold a long line in memory rather than in a
    ///     temporary file, as a redacted reading does (for a log read unredacted
    ///     beside its redacted reading).
    public convenience init<Source: ByteSource>(
        _ source: Source, maxLineBytes: Int = LogReplayer.defaultMaxLineBytes, redaction: LogRedaction? = nil,
        keepingLinesOffDisk: Bool = false
    ) {
        self.init(source, maxLineBytes: maxLineBytes, redaction: redaction, keepingLinesOffDisk: keepingLinesOffDisk, sealingSpills: nil)
    }

    /// As above; `sealingSpills` seals what the replay keeps on disk for
    /// travel (for a log read unredacted beside its redacted reading: its
    /// typed text must not reach the disk in the clear).
    package init<Source: ByteSource>(
        _ source: Source, maxLineBytes: Int, redaction: LogRedaction?, keepingLinesOffDisk: Bool, sealingSpills sealing: (any SpillSealing)?
    ) {
        replay = SessionReplay(keepingStates: false, spillMemoryLimit: FrameLog.defaultMemoryLimit, sealing: sealing)
        endedEarly = { source.endedEarly }
        // Made to step two logs side by side (`diff`): each gets half the cores' parsing threads. Should the
        // system refuse a thread to read on, the log is read here, whole, before the first step.
        channel =
            ReadingPipeline.start(
                source, bufferSize: 1 << 20, maxLineBytes: maxLineBytes, redaction: redaction, logsAtOnce: 2,
                keepingLinesOffDisk: keepingLinesOffDisk)
            ?? ReadingPipeline.readAhead(
                source, bufferSize: 1 << 20, maxLineBytes: maxLineBytes, redaction: redaction, logsAtOnce: 2,
                keepingLinesOffDisk: keepingLinesOffDisk)
    }

    /// Whether what the replay keeps on disk for travel is sealed (see ``init(_:maxLineBytes:redaction:keepingLinesOffDisk:sealingSpills:)``).
    package var spillsAreSealed: Bool { replay.spillsAreSealed }

    /// The live state: right after ``step(into:)`` returned a frame, that frame's state.
    public var state: TodoState { replay.state }
    /// Frames so far, the initial one included.
    public var frameCount: Int { replay.frameCount }

    /// Replays until the next frame, handing it and every entry before it
    /// to `output`; `false` at the end of the log (no frame came).
    ///
    /// - Throws: What the source threw when the input could not be read to
    ///   its end (a ``SystemCallError``, with the path, for a file).
    public func step(into output: (ReplayEntry) -> Void) throws -> Bool {
        func emit(_ entry: ReplayEntry) {
            diagnostics.add(entry)
            output(entry)
        }
        while true {
            if current.replay(through: &replay, stoppingAfterFrame: true, into: emit) { return true }
            if let failure = current.lineReadings.failure { throw failure }
            guard !ended else {
                if let reason = endedEarly?() { emit(.diagnostic(.cutShort(reason, afterLines: replay.tally.total))) }
                endedEarly = nil
                return false
            }
            current = LineReadingsWalk(channel.receive())
            if current.lineReadings.isLast {
                ended = true
                stopped = current.lineReadings.stoppedOnUnsupportedSchema
            }
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

    deinit {
        // The reading threads wait for room in the channel: drain it so that they end.
        while !ended { if channel.receive().isLast { ended = true } }
    }
}
