import ByteLevel
import SessionLogCodec

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reading and replaying at once: lines are split on one thread, parsed in
/// chunks on as many threads as there are cores, and replayed on the
/// caller's thread, joined by a small bounded channel of runs. The order
/// of lines, records and diagnostics is kept exactly.
enum ReadingPipeline {
    /// Lines in a run (and in a chunk handed to a parsing thread).
    static let linesPerRun = 4_096
    /// About the most bytes of lines in a chunk; a longer line is parsed
    /// where it was split, so that it is never copied.
    static let bytesPerChunk = 1 << 20

    /// Starts reading `source` on other threads; runs arrive, in the
    /// log's order, on the returned channel. The parsing threads start with
    /// the second chunk: a log of one chunk (most sessions) is parsed by the
    /// splitting thread alone.
    ///
    /// - Parameter logsAtOnce: How many logs are read at the same time (two
    ///   for `diff`): the cores are shared out among their parsing threads, so
    ///   that the thread that replays them is not crowded out.
    /// - Returns: The channel, or `nil` when the system refuses the
    ///   splitting thread (then nothing was read: read on this thread, with
    ///   ``read(_:bufferSize:maxLineBytes:redaction:keepingLinesOffDisk:deliver:)``
    ///   or ``readAhead(_:bufferSize:maxLineBytes:redaction:logsAtOnce:keepingLinesOffDisk:)``).
    static func start<Source: ByteSource>(
        _ source: Source, bufferSize: Int, maxLineBytes: Int, redaction: LogRedaction? = nil, logsAtOnce: Int = 1,
        keepingLinesOffDisk: Bool = false
    ) -> Channel? {
        let channel = Channel(parsers: parsers(logsAtOnce: logsAtOnce), redaction: redaction)
        let inMemory = holdsLongLinesInMemory(redaction: redaction, asked: keepingLinesOffDisk)
        let started = DedicatedThread.start(name: "todo-split") {
            split(source, bufferSize: bufferSize, maxLineBytes: maxLineBytes, redaction: redaction, inMemory: inMemory, into: channel)
        }
        return started ? channel : nil
    }

    /// Reads all of `source` on this thread into a channel with no bound,
    /// to be received from as ``start(_:bufferSize:maxLineBytes:redaction:logsAtOnce:keepingLinesOffDisk:)``'s: for a reader
    /// that takes runs one at a time when the system refuses a splitting
    /// thread. Every run is held until received.
    static func readAhead<Source: ByteSource>(
        _ source: Source, bufferSize: Int, maxLineBytes: Int, redaction: LogRedaction? = nil, logsAtOnce: Int = 1,
        keepingLinesOffDisk: Bool = false
    ) -> Channel {
        let channel = Channel(parsers: parsers(logsAtOnce: logsAtOnce), redaction: redaction, bounded: false)
        split(
            source, bufferSize: bufferSize, maxLineBytes: maxLineBytes, redaction: redaction,
            inMemory: holdsLongLinesInMemory(redaction: redaction, asked: keepingLinesOffDisk), into: channel)
        return channel
    }

    /// Parsing threads for one of `logsAtOnce` logs read at the same time.
    private static func parsers(logsAtOnce: Int) -> Int {
        min(max(processorCount / max(logsAtOnce, 1), 1), 4)
    }

    /// The processors this process may use, asked once: the answer reads the
    /// control group's quota from files, which cost a batch's small sessions
    /// more than some of their reading did.
    private static let processorCount = ProcessInfo.processInfo.activeProcessorCount

    /// Whether the splitter holds a long line in memory rather than in a temporary file: when asked,
    /// and always for a log read for redaction, whose unredacted text never reaches the disk.
    private static func holdsLongLinesInMemory(redaction: LogRedaction?, asked: Bool) -> Bool {
        asked || redaction != nil
    }

    /// Reads all of `source`, handing each run to `consume` in the log's order:
    /// on other threads (``start(_:bufferSize:maxLineBytes:redaction:logsAtOnce:keepingLinesOffDisk:)``),
    /// or on this one when `concurrently` is `false` or the system refuses
    /// the threads (``read(_:bufferSize:maxLineBytes:redaction:keepingLinesOffDisk:deliver:)``).
    /// What `consume` throws, or a run's failure to read, ends the reading
    /// (the reading threads stop, the rest of the log unread) and is thrown.
    static func forEachRun<Source: ByteSource>(
        _ source: Source, bufferSize: Int, maxLineBytes: Int, redaction: LogRedaction? = nil, keepingLinesOffDisk: Bool = false,
        concurrently: Bool, _ consume: (LineReadings) throws -> Void
    ) throws {
        func take(_ run: LineReadings) throws {
            try consume(run)
            if let failure = run.failure { throw failure }
        }
        if concurrently,
            let channel = start(
                source, bufferSize: bufferSize, maxLineBytes: maxLineBytes, redaction: redaction, keepingLinesOffDisk: keepingLinesOffDisk)
        {
            var ended = false
            // Ended early, the reading threads stop rather than wait for room in the channel.
            defer { if !ended { channel.cancel() } }
            while !ended {
                let run = channel.receive()
                ended = run.isLast
                try take(run)
            }
        } else {
            var failure: (any Error)?
            read(
                source, bufferSize: bufferSize, maxLineBytes: maxLineBytes, redaction: redaction, keepingLinesOffDisk: keepingLinesOffDisk
            ) { run in
                guard failure == nil else { return }
                do { try take(run) } catch { failure = error }
            }
            if let failure { throw failure }
        }
    }

    /// Reads `source` on this thread, handing each run to `deliver` as it is full (the last one has `isLast`).
    static func read<Source: ByteSource>(
        _ source: Source, bufferSize: Int, maxLineBytes: Int, redaction: LogRedaction? = nil, keepingLinesOffDisk: Bool = false,
        deliver: (LineReadings) -> Void
    ) {
        var splitter = LineSplitter(
            source: source, bufferSize: bufferSize, maxLineBytes: maxLineBytes,
            holdingLongLinesInMemory: holdsLongLinesInMemory(redaction: redaction, asked: keepingLinesOffDisk))
        let limit = splitter.maxLineBytes
        var reader = LogReader(redaction: redaction)
        var lineReadings = LineReadings()
        do {
            try splitter.forEachLine { line in
                lineReadings.add(line, with: &reader, limit: limit)
                if lineReadings.lines.count >= linesPerRun {
                    deliver(lineReadings)
                    lineReadings = LineReadings()
                }
                return true
            }
        } catch {
            lineReadings.failure = error
        }
        lineReadings.stoppedOnUnsupportedSchema = reader.hasStopped
        lineReadings.isLast = true
        deliver(lineReadings)
    }

    /// Splits `source` into chunks of lines for the channel's parsing
    /// threads; a line longer than ``bytesPerChunk`` is parsed here. Ends
    /// the channel's input with the last run.
    private static func split<Source: ByteSource>(
        _ source: Source, bufferSize: Int, maxLineBytes: Int, redaction: LogRedaction?, inMemory: Bool, into channel: Channel
    ) {
        var splitter = LineSplitter(source: source, bufferSize: bufferSize, maxLineBytes: maxLineBytes, holdingLongLinesInMemory: inMemory)
        let limit = splitter.maxLineBytes
        var chunk = LineChunk(limit: limit)
        // The first chunk waits here: if the log ends within it, it is parsed on this thread.
        var firstChunk: LineChunk?
        func hand(_ full: LineChunk) {
            if let first = firstChunk.take() {
                channel.submit(first)
            } else if channel.submittedNothing {
                firstChunk = full
                return
            }
            channel.submit(full)
        }
        // Whether a line so far held the log's first record (only it may be the header).
        var pastFirstRecord = false
        var last = LineReadings()
        do {
            try splitter.forEachLine { line in
                if line.bytes.count > bytesPerChunk {
                    guard !channel.isCancelled else { return false }
                    if let first = firstChunk.take() { channel.submit(first) }
                    channel.submit(chunk)
                    chunk = LineChunk(limit: limit)
                    var reader = LogReader(redaction: redaction, pastFirstRecord: pastFirstRecord)
                    var lineReadings = LineReadings()
                    lineReadings.add(line, with: &reader, limit: limit)
                    lineReadings.stoppedOnUnsupportedSchema = reader.hasStopped
                    channel.submit(parsed: lineReadings)
                } else {
                    // Full before the line would overflow the chunk's storage: it never grows.
                    if chunk.lines.count >= linesPerRun || chunk.bytes.count + line.bytes.count > bytesPerChunk {
                        // Asked once a chunk, not at every line: a receiver that stopped takes no more.
                        guard !channel.isCancelled else { return false }
                        hand(chunk)
                        chunk = LineChunk(limit: limit)
                    }
                    chunk.append(line, pastFirstRecord: pastFirstRecord)
                }
                if !pastFirstRecord { pastFirstRecord = line.skippedLength != nil || !isBlank(line.bytes) }
                return true
            }
        } catch {
            last.failure = error
        }
        if channel.isCancelled {
            // No one takes the lines read so far.
        } else if let first = firstChunk.take() {
            channel.submit(first)
            channel.submit(chunk)
        } else if channel.submittedNothing {
            channel.submit(parsed: chunk.parse(redaction: redaction))
        } else {
            channel.submit(chunk)
        }
        last.isLast = true
        channel.submit(parsed: last)
        channel.endInput()
    }
}
