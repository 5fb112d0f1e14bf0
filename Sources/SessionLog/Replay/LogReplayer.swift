public import ByteLevel
public import SessionLogCodec
public import TodoDomain

/// Reads a whole `todo-session/1` stream and replays it: the one entry point
/// that ties lines, records and replay together.
public enum LogReplayer {
    /// How a replay ended.
    public struct Outcome: Sendable {
        /// The log's header, if it had a valid one.
        public var header: SessionHeader?
        /// How every line of the log was counted.
        public var tally: LineTally
        /// Frames, the initial one included.
        public var frameCount: Int
        /// Errors reported (each dropped its record, but `state-mismatch`).
        public var errorCount: Int
        /// Warnings reported (their records were kept).
        public var warningCount: Int
        /// The header named an unsupported schema: the log was not read.
        public var stoppedOnUnsupportedSchema: Bool
        /// The state of the newest frame: where the session's history ends,
        /// and what the report's summary and page both call the end (the
        /// page opens on this frame).
        public var newestFrameState: TodoState
        /// The state at the cursor when the log ended: what the app showed
        /// last. It differs from ``newestFrameState`` after a trailing travel.
        public var stateAtCursor: TodoState
        /// The `errno` of a temporary file of the replay that could not be
        /// written (`EFBIG` under `ulimit -f`, `ENOSPC` on a full disk), if any.
        public var spillFailure: Int32?
        /// How the events' state digests compared with the replay's states.
        public var digests = DigestTally()
    }

    /// The longest line read when no other limit is given: 256 MiB (the
    /// spec's default for `--max-line-bytes`).
    public static let defaultMaxLineBytes = LogReader.defaultMaxLineBytes

    /// The largest line limit: 4 GiB − 1 (a replay stores a name's length
    /// in 32 bits). A larger `maxLineBytes` is taken as this.
    public static let largestMaxLineBytes = LineLimit.largestBytes

    /// Streams `source` line by line, calling `output` with every frame,
    /// travel and diagnostic in order.
    ///
    /// - Parameters:
    ///   - source: The log's bytes.
    ///   - bufferSize: The line buffer's size to start with; it grows for a longer line.
    ///   - keepingStates: Whether each ``Frame`` carries a copy of its state (for tests and small tools).
    ///   - maxLineBytes: The longest line read (not counting its `\n`, a `\r`
    ///     before it, or a BOM). A longer line is `line-too-long`: it is
    ///     skipped without being held in memory, so memory stays bounded by
    ///     about this much for any input (even one with no line break). At
    ///     most ``largestMaxLineBytes``.
    ///   - readingConcurrently: Whether lines are split on a thread of
    ///     their own and parsed in chunks on a thread per core while this
    ///     one replays (the default: a single log finishes sooner), or all
    ///     on this thread (when several logs are replayed at once, one
    ///     thread each uses the cores better).
    ///   - redaction: Applied to every record and diagnostic as its line is
    ///     read (`--redact`), so no unredacted text reaches replay, its spill
    ///     files or `output`.
    ///   - output: Called with every entry, in the log's order.
    /// - Returns: How the replay ended.
    public static func replay<Source: ByteSource>(
        _ source: Source,
        bufferSize: Int = 1 << 20,
        keepingStates: Bool = false,
        maxLineBytes: Int = defaultMaxLineBytes,
        readingConcurrently: Bool = true,
        redaction: LogRedaction? = nil,
        into output: (ReplayEntry) -> Void
    ) throws -> Outcome {
        try replay(
            source, bufferSize: bufferSize, keepingStates: keepingStates, spillMemoryLimit: FrameLog.defaultMemoryLimit,
            maxLineBytes: maxLineBytes, readingConcurrently: readingConcurrently, redaction: redaction, into: output)
    }

    static func replay<Source: ByteSource>(
        _ source: Source,
        bufferSize: Int,
        keepingStates: Bool,
        spillMemoryLimit: Int,
        shortTravel: Int = FrameLog.defaultShortTravel,
        maxLineBytes: Int = defaultMaxLineBytes,
        readingConcurrently: Bool = true,
        redaction: LogRedaction? = nil,
        checkingDigests: Bool = true,
        keepingLinesOffDisk: Bool = false,
        into output: (ReplayEntry) -> Void
    ) throws -> Outcome {
        var replay = SessionReplay(
            keepingStates: keepingStates, spillMemoryLimit: spillMemoryLimit, shortTravel: shortTravel, checkingDigests: checkingDigests)
        var diagnostics = DiagnosticCount()
        func emit(_ entry: ReplayEntry) {
            diagnostics.add(entry)
            output(entry)
        }
        var stopped = false
        try ReadingPipeline.forEachRun(
            source, bufferSize: bufferSize, maxLineBytes: maxLineBytes, redaction: redaction, keepingLinesOffDisk: keepingLinesOffDisk,
            concurrently: readingConcurrently
        ) { lineReadings in
            var walk = LineReadingsWalk(lineReadings)
            _ = walk.replay(through: &replay, stoppingAfterFrame: false, into: emit)
            if lineReadings.isLast { stopped = lineReadings.stoppedOnUnsupportedSchema }
        }
        if let reason = source.endedEarly { emit(.diagnostic(.cutShort(reason, afterLines: replay.tally.total))) }
        return replay.outcome(diagnostics, stoppedOnUnsupportedSchema: stopped)
    }

    /// Replays a whole log held in memory and collects everything: for tests,
    /// tools and small sessions. Every frame keeps its whole state, so memory
    /// grows with the events times the list; a long log is better replayed
    /// with ``replay(_:bufferSize:keepingStates:maxLineBytes:readingConcurrently:redaction:into:)``, keeping what is needed of each frame.
    public static func collect<Source: ByteSource>(
        _ source: Source, bufferSize: Int = 1 << 20, maxLineBytes: Int = defaultMaxLineBytes
    ) throws -> ReplayResult {
        var result = ReplayResult()
        let outcome = try replay(source, bufferSize: bufferSize, keepingStates: true, maxLineBytes: maxLineBytes) { entry in
            switch entry {
            case .header: break
            case .frame(let frame): result.frames.append(frame)
            case .travel(let travel): result.travels.append(travel)
            case .diagnostic(let diagnostic): result.diagnostics.append(diagnostic)
            }
        }
        result.outcome = outcome
        return result
    }
}

/// Everything a replay reported, in order.
public struct ReplayResult: Sendable {
    /// Every frame after the initial one.
    public var frames: [Frame] = []
    /// Every kept travel.
    public var travels: [Travel] = []
    /// Every diagnostic, in the log's order.
    public var diagnostics: [Diagnostic] = []
    /// How the replay ended, once it has.
    public var outcome: LogReplayer.Outcome?

    /// An empty result, to collect into.
    public init() {}

    /// Every state, frame 0 first: what the app's `Store.allStates` held.
    /// Each read builds the whole array again, so read it once into a local
    /// before indexing it in a loop. A result from ``LogReplayer/collect(_:bufferSize:maxLineBytes:)``
    /// keeps every frame's state.
    public var allStates: [TodoState] {
        [TodoState()] + frames.map { $0.state ?? TodoState() }
    }
}
