import Foundation
import Synchronization
public import TimeTravel
public import TodoDomain

/// Appends every change of a Todo `Store` (from `TimeTravel`) to a
/// `todo-session/1` file as it happens, so the log survives the app being
/// killed: each record is one `write(2)` of one whole line, newline included.
///
/// A change the recorder could not write is missing from the log, so handle
/// the error rather than dropping it with `try?`:
///
/// ```swift
/// let recorder = try SessionRecorder(path: logPath, header: SessionHeader(sessionId: "s-1"))
/// let store = Store(initialState: TodoState()) { change in
///     do {
///         try recorder.record(change)
///     } catch {
///         logger.error("\(error)")  // this change is not in the log (a full disk, say)
///     }
/// }
/// // At the end of the session, `recorder.firstError` says whether the log is complete.
/// ```
///
/// Safe to call from several threads: lines never interleave, and `seq`
/// and `timestamp` grow in file order. A write that fails part-way does not
/// leave half a record for the next one to be glued to (see
/// ``RecorderError/partialRecord``).
public final class SessionRecorder: Sendable {
    private struct State {
        /// `nil` once closed.
        var output: LogOutput?
        var firstError: RecorderError?
        /// Events recorded so far, to write a digest on every ``digestEvery``-th.
        var events = 0
    }

    private let state: Mutex<State>
    private let clock: @Sendable () -> Timestamp
    /// Every how many events ``record(_:state:)`` writes the state's
    /// `digest` (0: never).
    public let digestEvery: Int

    /// Opens (or creates) the log at `path` for appending.
    ///
    /// A new or empty file gets `header` as its first line. An existing log is
    /// continued: `seq` goes on after the highest one it holds, and a torn
    /// last line is closed off so the next record starts on a line of its own.
    /// A log whose highest `seq` is `Int64.max` cannot be continued: this
    /// throws, and leaves the file as it was.
    ///
    /// - Parameters:
    ///   - path: The log file; created if missing, never truncated.
    ///   - header: The first line of a new or empty file; not written when
    ///     an existing log is continued.
    ///   - clock: The time stamped on each record; inject one for
    ///     reproducible logs. It is read under the recorder's lock (so that
    ///     time follows `seq`): keep it quick, and do not record from it.
    ///   - digestEvery: Write the state's `digest` on every Nth event that
    ///     ``record(_:state:)`` records (1: every event), so that a reader can
    ///     prove its report shows what the app showed; 0 (the default):
    ///     never, for small logs. Each digest hashes the whole state.
    public convenience init(
        path: String,
        header: SessionHeader,
        clock: @escaping @Sendable () -> Timestamp = { Timestamp.now },
        digestEvery: Int = 0
    ) throws {
        let existing = try ExistingLog.inspect(path: path)
        var nextSeq: Int64 = 0
        if let last = existing.lastSeq {
            guard last < .max else { throw RecorderError.seqExhausted(path: path, operation: "continue") }
            nextSeq = last + 1
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw RecorderError(path: path, operation: "open", errno: errno) }
        try self.init(
            output: LogOutput(descriptor: descriptor, path: path, nextSeq: nextSeq, endsInsideLine: existing.endsInsideLine),
            ownsDescriptor: true, header: existing.isEmpty ? header : nil, clock: clock, digestEvery: digestEvery)
    }

    /// Records to an already open file (a pipe, standard output, a file the
    /// caller created), writing `header` first. The caller keeps the
    /// descriptor open until ``close()``, which does not close it.
    ///
    /// A record that fails part-way is cut off again only when the
    /// descriptor is a regular file that nothing else wrote to after it;
    /// otherwise the next record starts on a new line. `digestEvery` is as
    /// for ``init(path:header:clock:digestEvery:)``.
    public convenience init(
        fileDescriptor: Int32,
        header: SessionHeader,
        clock: @escaping @Sendable () -> Timestamp = { Timestamp.now },
        digestEvery: Int = 0
    ) throws {
        try self.init(
            output: LogOutput(descriptor: fileDescriptor, path: "fd \(fileDescriptor)", nextSeq: 0, endsInsideLine: false),
            ownsDescriptor: false, header: header, clock: clock, digestEvery: digestEvery)
    }

    private init(
        output: LogOutput, ownsDescriptor: Bool, header: SessionHeader?,
        clock: @escaping @Sendable () -> Timestamp, digestEvery: Int
    ) throws {
        var output = output
        if let header {
            do {
                try output.write(RecordEncoder.line(for: header))
            } catch {
                if ownsDescriptor { _ = systemClose(output.descriptor) }
                throw error
            }
        }
        self.state = Mutex(State(output: output))
        self.path = output.path
        self.ownsDescriptor = ownsDescriptor
        self.clock = clock
        self.digestEvery = max(0, digestEvery)
    }

    /// The log's path (or `fd N` for an open file).
    public let path: String

    private let ownsDescriptor: Bool

    /// Appends the record for one store change.
    ///
    /// - Throws: ``RecorderError`` when the record is not in the log: the
    ///   file could not be written (`ENOSPC`, `EFBIG`, …), `seq` has run out,
    ///   or the recorder is closed.
    public func record(_ change: StoreChange<TodoEvent>) throws {
        try record(change, digestOf: { nil })
    }

    /// Appends the record for one store change, with the `digest` of
    /// `state` (the store's state right after the change) when the change is
    /// an event and ``digestEvery`` says this one gets a digest. Call it
    /// from the store's change handler; the state is hashed only then.
    ///
    /// - Throws: As ``record(_:)``.
    public func record(_ change: StoreChange<TodoEvent>, state: @autoclosure () -> TodoState) throws {
        try record(change, digestOf: state)
    }

    private func record(_ change: StoreChange<TodoEvent>, digestOf current: () -> TodoState?) throws {
        try state.withLock { state in
            do {
                guard var output = state.output else { throw RecorderError.closed(path: path) }
                defer { state.output = output }
                var digest: UInt64?
                if case .dispatched = change {
                    state.events += 1
                    if digestEvery > 0, state.events % digestEvery == 0, let now = current() { digest = StateDigest.value(of: now) }
                }
                // Read under the lock: a record written later never has an earlier time.
                try output.record(change, at: clock(), digest: digest)
            } catch let error as RecorderError {
                if state.firstError == nil { state.firstError = error }
                throw error
            }
        }
    }

    /// The first error ``record(_:)`` threw, kept after ``close()``: whether
    /// the log misses any change, for an app whose change handler cannot
    /// throw. `nil` while every record was written.
    public var firstError: RecorderError? {
        state.withLock { $0.firstError }
    }

    /// Closes the file (one the recorder opened); later records throw.
    public func close() {
        state.withLock { state in
            if ownsDescriptor, let descriptor = state.output?.descriptor { _ = systemClose(descriptor) }
            state.output = nil
        }
    }

    deinit { close() }
}

extension Timestamp {
    /// The current time, to the millisecond.
    public static var now: Timestamp {
        Timestamp(millisecondsSince1970: (Date().timeIntervalSince1970 * 1000).rounded(.down))
    }
}

private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
