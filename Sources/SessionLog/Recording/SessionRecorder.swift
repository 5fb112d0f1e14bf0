import Foundation
public import TimeTravel
public import TodoDomain
import Synchronization

/// Appends every change of a Todo ``Store`` to a `todo-session/1` file as it
/// happens, so the log survives the app being killed: each record is one
/// `write(2)` of one whole line, newline included.
///
/// ```swift
/// let recorder = try SessionRecorder(path: logPath, header: SessionHeader(sessionId: "s-1"))
/// let store = Store(initialState: TodoState()) { try? recorder.record($0) }
/// ```
///
/// Safe to call from several threads: lines never interleave, and `seq`
/// grows by one per record in file order.
public final class SessionRecorder: Sendable {
    private struct Output {
        var descriptor: Int32
        var nextSeq: Int64
        /// The file ended inside a line when it was opened: start on a fresh one.
        var needsLineBreak: Bool
    }

    private let output: Mutex<Output?>
    private let clock: @Sendable () -> Timestamp

    /// Opens (or creates) the log at `path` for appending.
    ///
    /// A new or empty file gets `header` as its first line. An existing log is
    /// continued: `seq` goes on after the highest one it holds, and a torn
    /// last line is closed off so the next record starts on a line of its own.
    ///
    /// - Parameters:
    ///   - clock: The time stamped on each record; inject one for
    ///     reproducible logs.
    public convenience init(
        path: String,
        header: SessionHeader,
        clock: @escaping @Sendable () -> Timestamp = { Timestamp.now }
    ) throws {
        let existing = try ExistingLog.inspect(path: path)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw RecorderError(path: path, operation: "open", errno: errno) }
        try self.init(
            output: Output(descriptor: descriptor, nextSeq: existing.nextSeq, needsLineBreak: existing.endsInsideLine),
            path: path, ownsDescriptor: true, header: existing.isEmpty ? header : nil, clock: clock)
    }

    /// Records to an already open file (a pipe, standard output, a file the
    /// caller created), writing `header` first. The caller keeps the
    /// descriptor open until ``close()``, which does not close it.
    public convenience init(
        fileDescriptor: Int32,
        header: SessionHeader,
        clock: @escaping @Sendable () -> Timestamp = { Timestamp.now }
    ) throws {
        try self.init(
            output: Output(descriptor: fileDescriptor, nextSeq: 0, needsLineBreak: false),
            path: "fd \(fileDescriptor)", ownsDescriptor: false, header: header, clock: clock)
    }

    private init(
        output: Output, path: String, ownsDescriptor: Bool, header: SessionHeader?,
        clock: @escaping @Sendable () -> Timestamp
    ) throws {
        var output = output
        if let header {
            do {
                try Self.write(RecordEncoder.line(for: header), to: &output, path: path)
            } catch {
                if ownsDescriptor { _ = systemClose(output.descriptor) }
                throw error
            }
        }
        self.output = Mutex(output)
        self.path = path
        self.ownsDescriptor = ownsDescriptor
        self.clock = clock
    }

    /// The log's path (or `fd N` for an open file).
    public let path: String

    private let ownsDescriptor: Bool

    /// Appends the record for one store change.
    public func record(_ change: StoreChange<TodoEvent>) throws {
        let timestamp = clock()
        try output.withLock { state in
            guard var current = state else { throw RecorderError(path: path, operation: "write", errno: EBADF) }
            defer { state = current }
            try Self.write(RecordEncoder.line(for: change, seq: current.nextSeq, timestamp: timestamp), to: &current, path: path)
            current.nextSeq += 1
        }
    }

    /// Closes the file (one the recorder opened); later records throw.
    public func close() {
        output.withLock { state in
            if ownsDescriptor, let descriptor = state?.descriptor { _ = systemClose(descriptor) }
            state = nil
        }
    }

    deinit { close() }

    private static func write(_ line: String, to state: inout Output, path: String) throws {
        var bytes = Array(line.utf8)
        if state.needsLineBreak { bytes.insert(0x0A, at: 0) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                systemWrite(state.descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw RecorderError(path: path, operation: "write", errno: errno)
            }
            offset += written
        }
        state.needsLineBreak = false
    }
}

extension Timestamp {
    /// The current time, to the millisecond.
    public static var now: Timestamp {
        Timestamp(millisecondsSince1970: (Date().timeIntervalSince1970 * 1000).rounded(.down))
    }
}

/// A recorder's file could not be opened or written.
public struct RecorderError: Error, CustomStringConvertible {
    public var path: String
    public var operation: String
    public var errno: Int32
    public var description: String {
        "\(path): cannot \(operation) the session log: \(String(cString: strerror(errno)))"
    }
}

/// What a recorder needs to know of a log it continues.
private struct ExistingLog {
    var isEmpty = true
    var endsInsideLine = false
    var nextSeq: Int64 = 0

    static func inspect(path: String) throws -> ExistingLog {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return ExistingLog() }
            throw RecorderError(path: path, operation: "read", errno: errno)
        }
        defer { _ = systemClose(descriptor) }
        var log = ExistingLog()
        var splitter = LineSplitter(source: FileDescriptorByteSource(fileDescriptor: descriptor))
        var reader = LogReader()
        try splitter.forEachLine { line in
            log.isEmpty = false
            log.endsInsideLine = !line.endsWithNewline
            reader.read(line: line.bytes, number: line.number, isLastWithoutNewline: !line.endsWithNewline) { reading in
                switch reading {
                case .record(.event(_, let stamp), _), .record(.travel(_, let stamp), _):
                    if let seq = stamp.seq { log.nextSeq = max(log.nextSeq, seq + 1) }
                default: break
                }
            }
            return true
        }
        return log
    }
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
