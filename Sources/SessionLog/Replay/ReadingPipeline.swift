import Dispatch
import Synchronization

/// Reading and replaying on two threads: one splits lines and parses
/// records, the other replays them, joined by a small bounded channel of
/// batches. The order of lines, records and diagnostics is kept exactly.
enum ReadingPipeline {
    /// What the reading thread made of a run of lines.
    struct Batch: Sendable {
        enum Line: Sendable {
            case blank
            case unread
            /// `readings` entries of the batch belong to this line.
            case read(readings: Int, madeRecord: Bool)
        }
        var lines: [Line] = []
        var readings: [LogReading] = []
        var failure: ReadFailure?
        var stoppedOnUnsupportedSchema = false
        var isLast = false
    }

    static let linesPerBatch = 4_096

    /// Starts reading `source` on another thread; batches arrive on the returned channel.
    static func start<Source: ByteSource>(
        _ source: Source, bufferSize: Int, maxLineBytes: Int, redaction: LogRedaction? = nil
    ) -> Channel {
        let channel = Channel(capacity: 4)
        DispatchQueue.global(qos: .userInitiated).async {
            read(source, bufferSize: bufferSize, maxLineBytes: maxLineBytes, redaction: redaction) { channel.send($0) }
        }
        return channel
    }

    /// Reads `source` on this thread, handing each batch to `deliver` as it is full (the last one has `isLast`).
    static func read<Source: ByteSource>(
        _ source: Source, bufferSize: Int, maxLineBytes: Int, redaction: LogRedaction? = nil, deliver: (Batch) -> Void
    ) {
        var splitter = LineSplitter(source: source, bufferSize: bufferSize, maxLineBytes: maxLineBytes)
        let limit = splitter.maxLineBytes
        var reader = LogReader(redaction: redaction)
        var batch = Batch()
        do {
            try splitter.forEachLine { line in
                if reader.hasStopped {
                    batch.lines.append(.unread)
                } else {
                    var count = 0
                    var madeRecord = false
                    var nonBlank = true
                    if let length = line.skippedLength {
                        reader.skip(longLine: line.number, length: length, limit: limit, isLastWithoutNewline: !line.endsWithNewline) {
                            reading in
                            batch.readings.append(reading)
                            count += 1
                        }
                    } else {
                        nonBlank = reader.read(line: line.bytes, number: line.number, isLastWithoutNewline: !line.endsWithNewline) {
                            reading in
                            if case .record = reading { madeRecord = true }
                            batch.readings.append(reading)
                            count += 1
                        }
                    }
                    batch.lines.append(nonBlank ? .read(readings: count, madeRecord: madeRecord) : .blank)
                }
                if batch.lines.count >= linesPerBatch {
                    deliver(batch)
                    batch = Batch()
                }
                return true
            }
        } catch {
            batch.failure = ReadFailure(description: "\(error)")
        }
        batch.stoppedOnUnsupportedSchema = reader.hasStopped
        batch.isLast = true
        deliver(batch)
    }

    /// A bounded queue of batches between the two threads.
    final class Channel: Sendable {
        private let queue = Mutex<[Batch]>([])
        private let available = DispatchSemaphore(value: 0)
        private let space: DispatchSemaphore

        init(capacity: Int) {
            space = DispatchSemaphore(value: capacity)
        }

        func send(_ batch: Batch) {
            space.wait()
            queue.withLock { $0.append(batch) }
            available.signal()
        }

        func receive() -> Batch {
            available.wait()
            let batch = queue.withLock { $0.removeFirst() }
            space.signal()
            return batch
        }
    }
}

/// The input could not be read to its end.
public struct ReadFailure: Error, Sendable, CustomStringConvertible {
    /// What went wrong while reading.
    public var description: String
}
