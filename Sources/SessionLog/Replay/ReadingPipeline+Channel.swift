import ByteLevel
import Dispatch
import SessionLogCodec
import Synchronization

extension ReadingPipeline {
    /// Carries chunks of lines from the splitting thread to the parsing
    /// threads, and their runs to the one receiver in the log's order.
    /// It holds a few chunks at most: the splitter waits for room. One
    /// filled ahead on the receiver's own thread (``ReadingPipeline/readAhead(_:bufferSize:maxLineBytes:redaction:logsAtOnce:keepingLinesOffDisk:)``)
    /// has no bound. A chunk that no parsing thread can take (the system
    /// refused them all) is parsed where it was split.
    final class Channel: Sendable {
        private enum Job: Sendable {
            case parse(LineChunk, number: Int)
            case stop
        }

        private let parsers: Int
        private let redaction: LogRedaction?
        /// How many parsing threads started, once they were asked for (with the first chunk queued).
        private let parsing = Mutex<Int?>(nil)
        private let jobs = Mutex<[Job]>([])
        private let jobReady = DispatchSemaphore(value: 0)
        /// Parsed runs by their number, until received.
        private let runs = Mutex<[Int: LineReadings]>([:])
        private let runReady = DispatchSemaphore(value: 0)
        /// Room for runs not yet received (queued, being parsed, or parsed); no bound when `nil`.
        private let room: DispatchSemaphore?
        /// The room there is when nothing is unreceived.
        private let roomSize: Int
        /// The splitter's count of runs submitted.
        private let submitted = Mutex(0)
        /// The receiver's next run, and whether a header stopped the reading.
        private let received = Mutex((next: 0, stopped: false))
        /// Set by a receiver that stops before the last run: the splitter stops reading, and no one waits for room.
        private let cancelled = Atomic(false)

        init(parsers: Int, redaction: LogRedaction?, bounded: Bool = true) {
            self.parsers = parsers
            self.redaction = redaction
            roomSize = 2 * parsers + 2
            room = bounded ? DispatchSemaphore(value: roomSize) : nil
        }

        // MARK: Splitting thread

        /// Queues `chunk` for a parsing thread (nothing for an empty one).
        func submit(_ chunk: LineChunk) {
            guard !chunk.lines.isEmpty else { return }
            guard startParsing() > 0 else { return submit(parsed: chunk.parse(redaction: redaction)) }
            waitForRoom()
            let number = takeNumber()
            jobs.withLock { $0.append(.parse(chunk, number: number)) }
            jobReady.signal()
        }

        /// Queues a run that needs no parsing thread.
        func submit(parsed lineReadings: LineReadings) {
            waitForRoom()
            deliver(lineReadings, number: takeNumber())
        }

        /// Lets the parsing threads end once the queued chunks are parsed.
        func endInput() {
            guard let started = parsing.withLock({ $0 }), started > 0 else { return }
            jobs.withLock { $0.append(contentsOf: repeatElement(.stop, count: started)) }
            for _ in 0..<started { jobReady.signal() }
        }

        /// Whether the receiver stopped taking runs (``cancel()``).
        var isCancelled: Bool {
            cancelled.load(ordering: .sequentiallyConsistent)
        }

        /// Waits until a run fewer than the bound is unreceived, unless the receiver has stopped.
        private func waitForRoom() {
            if !isCancelled { room?.wait() }
        }

        /// Whether no run was submitted yet.
        var submittedNothing: Bool {
            submitted.withLock { $0 == 0 }
        }

        /// Starts the parsing threads the first time; how many are running. Called by the splitter alone.
        private func startParsing() -> Int {
            if let started = parsing.withLock({ $0 }) { return started }
            var started = 0
            for _ in 0..<parsers {
                if DedicatedThread.start(name: "todo-parse", { [self] in parseChunks() }) { started += 1 }
            }
            parsing.withLock { $0 = started }
            return started
        }

        private func takeNumber() -> Int {
            submitted.withLock { count in
                defer { count += 1 }
                return count
            }
        }

        // MARK: Parsing threads

        /// Parses queued chunks until ``endInput()``.
        private func parseChunks() {
            while true {
                jobReady.wait()
                guard case .parse(let chunk, let number) = jobs.withLock({ $0.removeFirst() }) else { return }
                deliver(chunk.parse(redaction: redaction), number: number)
            }
        }

        private func deliver(_ lineReadings: LineReadings, number: Int) {
            runs.withLock { $0[number] = lineReadings }
            runReady.signal()
        }

        // MARK: Receiver

        /// Takes no more runs: the splitter stops at its next line (or when a read
        /// it waits in returns) and ends the input, and the parsing threads end
        /// with the chunks already queued. For a receiver that stops early (a
        /// write that failed), which then need not read the rest of the log.
        func cancel() {
            cancelled.store(true, ordering: .sequentiallyConsistent)
            // A splitter that waits for room now goes on, and sees it. The room taken by runs never received
            // (at most all of it, and one wait begun before the splitter saw this) is given back too:
            // a semaphore freed with less than it started with stops the process.
            for _ in 0...roomSize { room?.signal() }
        }

        /// The next run in the log's order, waiting for it if need be.
        /// After a header stopped the reading, every later line is unread.
        func receive() -> LineReadings {
            let number = received.withLock { $0.next }
            var lineReadings: LineReadings
            while true {
                if let ready = runs.withLock({ $0.removeValue(forKey: number) }) {
                    lineReadings = ready
                    break
                }
                runReady.wait()
            }
            room?.signal()
            received.withLock { state in
                state.next += 1
                if state.stopped {
                    // Parsed by a reader that could not know: the stop came in an earlier run.
                    // A blank line stays blank: only a line with something on it is unread.
                    lineReadings.lines = lineReadings.lines.map { line in
                        if case .blank = line { return .blank }
                        return .unread
                    }
                    lineReadings.readings = []
                }
                state.stopped = state.stopped || lineReadings.stoppedOnUnsupportedSchema
                lineReadings.stoppedOnUnsupportedSchema = state.stopped
            }
            return lineReadings
        }
    }
}
