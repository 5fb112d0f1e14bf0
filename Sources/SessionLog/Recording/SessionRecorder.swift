import Dispatch
import Synchronization
public import TimeTravel
public import TodoDomain

#if canImport(Glibc)
    import Glibc
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Writes every change of a Todo `Store` (from `TimeTravel`) to a
/// `todo-session/1` log as it happens, on a queue of its own: the store's
/// thread (the main thread, in an app) only hands each change over.
///
/// An app that records across launches makes its store with
/// `Store(recordingTo:header:)`, which makes the recorder and, on a later
/// launch, resumes the log. On its own, for a new log, give it to the store,
/// which then reports each change with the state it produced, so events
/// carry state digests with no more code:
///
/// ```swift
/// import Foundation
/// import SessionLog
/// import TimeTravel
/// import TodoDomain
///
/// func startRecording(to log: URL) throws -> Store<TodoState> {
///     let recorder = try SessionRecorder(url: log, header: SessionHeader(sessionId: UUID().uuidString))
///     return Store(initialState: TodoState(), recorder: recorder)
/// }
/// ```
///
/// A new recorder never appends to a log that holds anything: that log's
/// session belongs to the store that replays it (`Store(resumingFrom:)`).
///
/// **What a crash loses.** Each record is written as soon as the recorder's
/// queue runs, a batch of waiting records in one `write(2)`. While writes
/// succeed, at most ``maxUnwrittenRecords`` records wait: a record that finds
/// that many waiting is written, with them, before ``record(_:state:)``
/// returns (after a failed write, see **Errors**). So an
/// app that is killed loses at most its last ``maxUnwrittenRecords`` records
/// (in practice the few of the last milliseconds; one more for each other
/// thread that records at that moment, each waiting with its record), and the log still reads as
/// a clean prefix of the session: a record cut by the kill is the last line,
/// which readers skip (`truncated-line`). What `write(2)` has taken survives
/// the app's death; it reaches the disk when the system writes it back.
///
/// **Errors.** When a write fails (a full disk, say), the log stops at its
/// last whole record, so that it still replays to the states it holds: the
/// records not written, and every record after them, wait in memory in
/// order, since each would be applied to a state the log does not have
/// without the ones before it. ``retry()`` writes them and goes on
/// recording; call it once there may be room again (when the app comes to
/// the foreground, or from a "Try again" button). Until then ``flush()``
/// throws ``RecorderError/stopped(path:records:)``; a kill loses what
/// waits, and so does a ``close()`` whose one more try fails. At most
/// ``maxHeldRecords`` wait, so that a disk full for hours cannot take the
/// app's memory: the record after them ends the session's log there
/// (``RecorderError/heldLimitReached(path:records:)``), and that record and
/// every later one are not recorded, while those waiting are still written
/// by `retry()`. The recorder
/// keeps the ``firstError``, calls `onError` on its queue once for each
/// failure (not for each record it holds back), and ``flush()`` throws it.
/// `onError` is never called inside the store's dispatch, `flush()` or
/// ``retry()``, but after they return, so it may wait for the main
/// thread (`DispatchQueue.main.sync`) to show an alert. Call
/// `flush()` when the app goes to the background, and tell the person if it
/// throws. A log deleted, moved or replaced while the app records into it
/// is one such failure (``RecorderError/logMissing(path:)``): `onError`
/// says it within about a second of the next record written, and `flush()`
/// at once and at every call after.
///
/// A store lets go of its recorder with ``end()``, which closes the log: a
/// store made again on the same file (a view model made again) opens it at
/// once.
///
/// Safe to use from several threads: lines never interleave, and `seq`
/// grows in file order. Each `timestamp` is the clock's when its record was
/// made, in file order too; a wall clock set back (the default clock) makes
/// it go back, which readers warn of as `time-backwards`.
public final class SessionRecorder: StoreRecorder, Sendable {
    /// The state this recorder records: the Todo app's.
    public typealias State = TodoState

    /// While writes succeed, at most this many records wait to be written
    /// (one more for each thread recording at once); a kill loses at most
    /// these. After a failed write, later records wait in
    /// memory until ``retry()`` writes them, up to ``maxHeldRecords``.
    public static let maxUnwrittenRecords = 64

    /// After a failed write, at most this many records wait in memory for
    /// ``retry()``: hours of a person's use, about 10 MB (a waiting record
    /// is about a hundred bytes and its event's text; one that carries a
    /// digest keeps the digest's value, not the state). The next record ends the session's
    /// log with them (``RecorderError/heldLimitReached(path:records:)``).
    public static let maxHeldRecords = 100_000

    /// A change waiting for the writer, with what was decided when it was recorded.
    private struct Waiting {
        var change: StoreChange<TodoEvent>
        var seq: Int64
        var timestamp: Timestamp
        /// The digest this record carries, for an event that gets one.
        var digest: Digest?
    }

    /// A waiting record's digest: the state to hash on the writer's queue,
    /// or, for a record held after a failed write, the value, hashed when it
    /// was held so that no held record keeps a whole state.
    private enum Digest {
        case of(TodoState)
        case value(UInt64)
    }

    /// What the store's thread and the writer share, under one lock.
    private struct Queue {
        var waiting: [Waiting] = []
        /// Records the writer has taken and not yet written.
        var inFlight = 0
        /// A drain is queued on the writer or running, and will look again before it stops.
        var isScheduled = false
        /// The next record's `seq`; `nil` once `Int64.max` has been used.
        var nextSeq: Int64?
        var eventsSinceDigest = 0
        var isClosed = false
        /// A record after ``close()`` was reported: later ones are lost for the same reason, unreported.
        var reportedClosed = false
        /// The write failure that stopped the log at its last whole record.
        var stoppedBy: RecorderError?
        /// The records a stopped log could not take, in order: those of the
        /// failed write, then every later one, until ``retry()``.
        var held: [Waiting] = []
        /// ``maxHeldRecords`` records were held and another came: the log
        /// ends with those held (this many), and no later record is recorded.
        var endedAtHeldLimit: Int?
        /// The log was found gone from its path, and said so.
        var reportedMissing = false
        /// When the writer last looked whether the log is still at its path (``DispatchTime`` uptime, ns).
        var pathCheckedAt: UInt64 = 0
        /// A look is scheduled for when a second has passed since the last.
        var pathCheckScheduled = false
        /// A store was given this recorder (``begin(from:)``): another may not be.
        var hasBegun = false
        /// Why no record of any store is recorded any more: the store began
        /// elsewhere, or a second one came. Records held after a failed write
        /// are still written by ``retry()``.
        var refusedBy: RecorderError?
        /// A new log's first change is yet to come: it must follow from the
        /// initial state the format fixes (`TodoState()`).
        var awaitsFirstChange = false
        var firstError: RecorderError?
        /// The first failure since ``flush()`` last threw one.
        var unflushedError: RecorderError?
    }

    private let queue: Mutex<Queue>
    /// The file: the writer's alone (and `close()`'s, after the writer has finished).
    private let output: Mutex<LogOutput?>
    private let writer = DispatchQueue(label: "todo-report.session-recorder", qos: .utility)
    /// Marks this recorder's queue (one key a recorder: another's queue is not this one's).
    private let onWriter = DispatchSpecificKey<Bool>()
    private let clock: @Sendable () -> Timestamp
    private let onError: (@Sendable (RecorderError) -> Void)?
    /// Whether a caller waits for what the writer's queue runs now (``onWriterQueue(_:)``):
    /// `onError` is then told after that call returns.
    private let callerWaits = Mutex(false)
    /// Items whose ids the log's readers derive (a resumed log's `addItem`
    /// without `id`): their digests write `"id":null`, as readers hash them.
    private let derivedIDs: Set<UUID>
    /// The digests of the states the log records, the list's JSON kept from the last.
    private let digester = Mutex(StateDigester())
    private let ownsDescriptor: Bool

    /// Which events carry a digest.
    public let digests: DigestSchedule

    /// The log's path (or `fd N` for a descriptor).
    public let path: String

    /// The log's header: the one this recorder wrote, or, when it continues a
    /// log (``isResumed``), the one that log began with (`nil` if it has
    /// none). An app can check it (`userId`, `appVersion`) before it goes on:
    /// a header given to `Store(recordingTo:header:)` is not written over a
    /// log that already holds one.
    public let header: SessionHeader?

    /// Whether this recorder continues a log a store was rebuilt from, rather
    /// than one it began.
    public let isResumed: Bool

    /// Starts a new session log at `url`, writing `header` as its first line.
    ///
    /// The file is created if missing. One that holds anything is refused
    /// (``RecorderError/logNotEmpty(path:bytes:)``): appending a new session
    /// to it would make a log that replays to states the app never showed;
    /// resume it with `Store(resumingFrom:)`, or name a new file. The file is
    /// locked while the recorder has it, so two recorders never write one
    /// log (``RecorderError/logInUse(path:)``).
    ///
    /// This opens the file and writes the header on the calling thread;
    /// every record after is written on the recorder's queue.
    ///
    /// - Parameters:
    ///   - url: A `file:` URL.
    ///   - header: The log's first line, with `todo-session/1` as its
    ///     schema (the records' format) whatever `header.schema` says.
    ///   - digests: Which events carry their state's digest; ``DigestSchedule/default``
    ///     keeps long lists cheap.
    ///   - clock: The time stamped on each record, read when it is recorded
    ///     (under the recorder's lock, so that time follows `seq`): keep it
    ///     quick, and do not record from it. Inject one for reproducible logs.
    ///   - onError: Called on the recorder's queue, never while a dispatch,
    ///     `flush()` or `retry()` waits for it, with each failure to
    ///     write (the records it names are not in the log); once, not for
    ///     each record lost, when the recorder is closed or its store began
    ///     from another state than `TodoState()`.
    /// - Throws: ``RecorderError`` when the log cannot be opened, is not
    ///   empty, is in use, or its header cannot be written.
    public convenience init(
        url: URL,
        header: SessionHeader,
        digests: DigestSchedule = .default,
        clock: @escaping @Sendable () -> Timestamp = { Timestamp.now },
        onError: (@Sendable (RecorderError) -> Void)? = nil
    ) throws(RecorderError) {
        let opened = try OpenedLog.open(url, creating: true)
        guard opened.size == 0 else {
            opened.close()
            throw .logNotEmpty(path: opened.path, bytes: opened.size)
        }
        try self.init(
            opened: LogOutput(opened), header: header, digests: digests,
            clock: clock, onError: onError)
    }

    /// A new session in a log just opened, which holds no record: `header` first.
    convenience init(
        opened output: LogOutput, header: SessionHeader, digests: DigestSchedule, clock: @escaping @Sendable () -> Timestamp,
        onError: (@Sendable (RecorderError) -> Void)?
    ) throws(RecorderError) {
        try self.init(
            output: output, ownsDescriptor: true, header: header, nextSeq: 0, derivedIDs: [], digests: digests, clock: clock,
            onError: onError)
    }

    /// Records to an already open file (a pipe, standard output, a new file
    /// the caller created), writing `header` first. The caller keeps the
    /// descriptor open until ``close()``, which does not close it. A regular
    /// file that already holds anything is refused, as by
    /// ``init(url:header:digests:clock:onError:)``.
    ///
    /// A record that fails part-way is cut off again only when the
    /// descriptor is a regular file that nothing else wrote to after it;
    /// otherwise the next record starts on a new line.
    public convenience init(
        fileDescriptor: Int32,
        header: SessionHeader,
        digests: DigestSchedule = .default,
        clock: @escaping @Sendable () -> Timestamp = { Timestamp.now },
        onError: (@Sendable (RecorderError) -> Void)? = nil
    ) throws(RecorderError) {
        let path = "fd \(fileDescriptor)"
        var info = stat()
        if fstat(fileDescriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 {
            throw .logNotEmpty(path: path, bytes: Int64(info.st_size))
        }
        try self.init(
            output: LogOutput(descriptor: fileDescriptor, path: path, endsInsideLine: false), ownsDescriptor: false,
            header: header, nextSeq: 0, derivedIDs: [], digests: digests, clock: clock, onError: onError)
    }

    /// A recorder that continues a log a store was just rebuilt from
    /// (`Store(resumingFrom:)`): `seq` goes on from `nextSeq`.
    convenience init(
        resuming output: LogOutput, header: SessionHeader?, nextSeq: Int64, derivedIDs: Set<UUID>, digests: DigestSchedule,
        clock: @escaping @Sendable () -> Timestamp, onError: (@Sendable (RecorderError) -> Void)?
    ) throws(RecorderError) {
        try self.init(
            output: output, ownsDescriptor: true, header: nil, resumedHeader: header, nextSeq: nextSeq, derivedIDs: derivedIDs,
            digests: digests, clock: clock, onError: onError)
    }

    /// - Parameters:
    ///   - header: The header to write first, for a new log.
    ///   - resumedHeader: The header a continued log began with (`header` is then nil).
    private init(
        output: LogOutput, ownsDescriptor: Bool, header: SessionHeader?, resumedHeader: SessionHeader? = nil, nextSeq: Int64,
        derivedIDs: Set<UUID>, digests: DigestSchedule, clock: @escaping @Sendable () -> Timestamp,
        onError: (@Sendable (RecorderError) -> Void)?
    ) throws(RecorderError) {
        var output = output
        // The recorder writes todo-session/1 records, so its header names that schema, whatever the one
        // given says: a log headed by another would be refused by every reader, this recorder's resume too.
        // Its start to the whole millisecond, as the recorder writes every time (RFC 3339 with milliseconds).
        let header = header.map { given in
            var header = given
            header.schema = SessionHeader.supportedSchema
            header.startedAt = header.startedAt.map { Timestamp(wholeMilliseconds: $0.wholeMilliseconds) }
            return header
        }
        if let header {
            do {
                try output.write(Array(RecordEncoder.line(for: header).utf8), records: 1)
            } catch {
                if ownsDescriptor { _ = systemClose(output.descriptor) }
                throw error
            }
        }
        self.queue = Mutex(Queue(nextSeq: nextSeq, awaitsFirstChange: header != nil))
        self.output = Mutex(output)
        self.path = output.path
        self.header = header ?? resumedHeader
        self.isResumed = header == nil
        self.ownsDescriptor = ownsDescriptor
        self.derivedIDs = derivedIDs
        self.digests = digests
        self.clock = clock
        self.onError = onError
        writer.setSpecific(key: onWriter, value: true)
    }

    /// Checks the store this recorder is given, which calls it. Every log
    /// of the format replays from `TodoState()`, so a store that began from
    /// another state (one restored from elsewhere) records nothing
    /// (``RecorderError/initialStateDiffers(path:)``); without this call,
    /// only a first change that leaves a state other than its result from
    /// `TodoState()` shows the difference. A log replays one store's
    /// history, so a second store given this recorder ends the log where it
    /// is (``RecorderError/sharedByStores(path:)``). Each is reported once.
    public func begin(from initialState: TodoState) {
        let failure = queue.withLock { queue -> RecorderError? in
            defer { queue.hasBegun = true }
            guard queue.refusedBy == nil else { return nil }
            if queue.hasBegun {
                queue.refusedBy = .sharedByStores(path: path)
            } else if initialState != TodoState() {
                queue.refusedBy = .initialStateDiffers(path: path)
            }
            return queue.refusedBy
        }
        // Reported on the recorder's queue, as every failure is.
        if let failure { writer.async { self.report(failure) } }
    }

    /// The store given this recorder went: writes what waits and closes
    /// the log, as ``close()`` does, so that its file and lock are let go
    /// of with the store (a store made again on the log opens it at once).
    public func end() {
        close()
    }

    /// Records one change of the store, with the state it produced: what
    /// the store calls. An event that ``digests`` picks carries that
    /// state's digest (hashed on the recorder's queue; while a failed write
    /// holds records back, here, so that no held record keeps a state).
    /// Returns at once, unless ``maxUnwrittenRecords`` records are waiting
    /// (see above).
    public func record(_ change: StoreChange<TodoEvent>, state: TodoState) {
        enqueue(change, state: state)
    }

    /// Records one change without a state, so with no digest (for a
    /// caller that has no store).
    public func record(_ change: StoreChange<TodoEvent>) {
        enqueue(change, state: nil)
    }

    private func enqueue(_ change: StoreChange<TodoEvent>, state: TodoState?) {
        var failure: RecorderError?
        let (schedule, mustWrite) = queue.withLock { queue -> (Bool, Bool) in
            // A closed recorder, or a store that began elsewhere, loses every record for one reason:
            // reported once (an app that shows an alert from onError shows one), and flush() throws it.
            // Refused first: the reason a second store's records are lost is that store, even once the first closed the log.
            if queue.refusedBy != nil { return (false, false) }
            guard !queue.isClosed else {
                if !queue.reportedClosed { failure = .closed(path: path) }
                queue.reportedClosed = true
                return (false, false)
            }
            // The log ended with the records held after a failed write: reported when it did.
            if queue.endedAtHeldLimit != nil { return (false, false) }
            if queue.awaitsFirstChange {
                queue.awaitsFirstChange = false
                // Only a change with its state can be checked (record(_:) has none).
                if let state, !Self.followsFromInitialState(change, state) {
                    // A store that started elsewhere: no log of this format replays to its states.
                    failure = .initialStateDiffers(path: path)
                    queue.refusedBy = failure
                    return (false, false)
                }
            }
            guard let seq = queue.nextSeq else {
                failure = .seqExhausted(path: path)
                return (false, false)
            }
            if queue.stoppedBy != nil && queue.held.count >= Self.maxHeldRecords {
                // So that a disk full for long cannot take the app's memory, the log ends with what is held.
                queue.endedAtHeldLimit = queue.held.count
                failure = .heldLimitReached(path: path, records: queue.held.count)
                return (false, false)
            }
            queue.nextSeq = seq < .max ? seq + 1 : nil
            var digest: Digest?
            if case .dispatched = change, let state {
                queue.eventsSinceDigest += 1
                if digests.isDue(eventsSinceDigest: queue.eventsSinceDigest, itemCount: state.todoItems.count) {
                    digest = .of(state)
                    queue.eventsSinceDigest = 0
                }
            }
            // Read under the lock: a record written later never has an earlier time.
            var record = Waiting(change: change, seq: seq, timestamp: clock(), digest: digest)
            if queue.stoppedBy != nil {
                // The log stopped after a failed write: the record waits, after those before it, for retry(),
                // with its digest's value rather than a state (the writer is idle, so hashing here holds no one up).
                if case .of(let state) = record.digest { record.digest = .value(digestValue(of: state)) }
                queue.held.append(record)
                return (false, false)
            }
            queue.waiting.append(record)
            let schedule = !queue.isScheduled
            queue.isScheduled = true
            return (schedule, queue.waiting.count + queue.inFlight >= Self.maxUnwrittenRecords)
        }
        if let failure {
            // Reported on the recorder's queue, as every failure is (never inside the store's dispatch).
            writer.async { self.report(failure) }
        } else if mustWrite {
            onWriterQueue { drain() }
        } else if schedule {
            // Held weakly: a recorder let go of writes what waits and lets go of its log at once (deinit).
            writer.async { [weak self] in self?.drain() }
        }
    }

    /// Whether `state`, the state after `change`, is what `change` makes of `TodoState()`.
    private static func followsFromInitialState(_ change: StoreChange<TodoEvent>, _ state: TodoState) -> Bool {
        var expected = TodoState()
        if case .dispatched(let event) = change { expected.update(with: event) }
        return state == expected
    }

    /// Writes every waiting record, batch after batch, until none waits.
    private func drain() {
        while true {
            var batch: [Waiting] = []
            queue.withLock { queue in
                swap(&batch, &queue.waiting)
                queue.inFlight = batch.count
                if batch.isEmpty { queue.isScheduled = false }
            }
            guard !batch.isEmpty else { return }
            var lines: [UInt8] = []
            for record in batch {
                let digest: UInt64? =
                    switch record.digest {
                    case .of(let state): digestValue(of: state)
                    case .value(let value): value
                    case nil: nil
                    }
                lines += RecordEncoder.line(for: record.change, seq: record.seq, timestamp: record.timestamp, digest: digest).utf8
            }
            let failure = output.withLock { output -> RecorderError? in
                guard output != nil else { return .closed(path: path) }
                do throws(RecorderError) {
                    try output?.write(lines, records: batch.count)
                    return nil
                } catch {
                    return error
                }
            }
            if let failure, case .cannotWrite(let path, let code, let records, let partial) = failure {
                // The log stops at its last whole record: a record after a lost one would be
                // applied to a state the log does not have, and no later frame would replay.
                // The records not written wait, in order, for retry().
                let waiting = queue.withLock { queue in
                    queue.stoppedBy = failure
                    queue.held = Array(batch.suffix(records)) + queue.waiting
                    queue.waiting = []
                    queue.inFlight = 0
                    queue.isScheduled = false
                    return queue.held.count
                }
                report(.cannotWrite(path: path, errno: code, records: waiting, partialRecord: partial))
                return
            }
            queue.withLock { $0.inFlight = 0 }
            if let failure { report(failure) } else { checkStillAtPathNowAndThen() }
        }
    }

    /// ``checkStillAtPath()`` after a write, once a second at most: at once
    /// when a second has passed since the last look, else a second after it
    /// (one look scheduled at a time). So a log deleted, moved or replaced
    /// while the app records is said (`onError`) within about a second of
    /// the next record, also when the app then goes idle, not only by
    /// ``flush()``, for the cost of a `stat` a second while records come.
    private func checkStillAtPathNowAndThen() {
        let second: UInt64 = 1_000_000_000
        let now = DispatchTime.now().uptimeNanoseconds
        let (isDue, wait) = queue.withLock { queue -> (Bool, UInt64?) in
            guard !queue.reportedMissing else { return (false, nil) }
            let since = now &- queue.pathCheckedAt
            if since >= second {
                queue.pathCheckedAt = now
                return (true, nil)
            }
            guard !queue.pathCheckScheduled else { return (false, nil) }
            queue.pathCheckScheduled = true
            return (false, second - since)
        }
        if isDue { checkStillAtPath() }
        if let wait {
            // Held weakly: a look a second away must not keep a recorder, its file and its lock alive.
            writer.asyncAfter(deadline: .now() + .nanoseconds(Int(wait))) { [weak self] in
                guard let self else { return }
                queue.withLock { queue in
                    queue.pathCheckScheduled = false
                    queue.pathCheckedAt = DispatchTime.now().uptimeNanoseconds
                }
                checkStillAtPath()
            }
        }
    }

    /// The digest of `state` as the log's readers compute it: an item whose
    /// id they derive (a resumed log's `addItem` without `id`) hashes as `"id":null`.
    private func digestValue(of state: TodoState) -> UInt64 {
        digester.withLock { $0.value(of: state, derivedIDs: derivedIDs) }
    }

    private func report(_ failure: RecorderError) {
        queue.withLock { queue in
            if queue.firstError == nil { queue.firstError = failure }
            if queue.unflushedError == nil { queue.unflushedError = failure }
        }
        guard let onError else { return }
        if callerWaits.withLock({ $0 }) {
            // A dispatch, flush() or retry() waits for this write (writer.sync): told once that call has
            // returned, so that an onError that waits for the main thread cannot wait for the very call
            // the main thread is in.
            writer.async { onError(failure) }
        } else {
            onError(failure)
        }
    }

    /// Runs `body` on the writer's queue and waits for it (directly when
    /// already there, from `onError`); meanwhile ``callerWaits``.
    private func onWriterQueue(_ body: () -> Void) {
        if DispatchQueue.getSpecific(key: onWriter) == true {
            body()
        } else {
            writer.sync {
                callerWaits.withLock { $0 = true }
                defer { callerWaits.withLock { $0 = false } }
                body()
            }
        }
    }

    /// Writes every record made so far, and returns when the system has
    /// them (they then survive the app being killed). Call it when the app
    /// goes to the background.
    ///
    /// - Throws: The first failure since the last `flush()` that threw:
    ///   some record is not in the log; ``firstError`` keeps the first of
    ///   all. After that, at every call while records are not recorded:
    ///   while they wait for ``retry()``, ``RecorderError/stopped(path:records:)``;
    ///   once the log has ended at ``maxHeldRecords``,
    ///   ``RecorderError/heldLimitReached(path:records:)``, before and after the retry;
    ///   while they are lost, the reason: ``RecorderError/sharedByStores(path:)``
    ///   or ``RecorderError/initialStateDiffers(path:)``, ``RecorderError/logMissing(path:)``,
    ///   or ``RecorderError/closed(path:)`` once a record came after ``close()``.
    public func flush() throws(RecorderError) {
        onWriterQueue {
            drain()
            checkStillAtPath()
        }
        let failure = queue.withLock { queue -> RecorderError? in
            defer { queue.unflushedError = nil }
            if let unflushed = queue.unflushedError { return unflushed }
            // That the log has ended says more than that records wait: its message says both.
            if let records = queue.endedAtHeldLimit { return .heldLimitReached(path: path, records: records) }
            if case .cannotWrite = queue.stoppedBy { return .stopped(path: path, records: queue.held.count) }
            // Records are lost, not held, for one of these reasons: said at every call too.
            if let refusal = queue.refusedBy { return refusal }
            if queue.reportedMissing { return .logMissing(path: path) }
            if queue.reportedClosed { return .closed(path: path) }
            return nil
        }
        if let failure { throw failure }
    }

    /// Writes the records that wait since a write failed, then goes on
    /// recording into the log as before: call it when there may be room
    /// again. It does what ``flush()`` does when no write failed.
    ///
    /// - Throws: The write's failure when it fails again (the records wait
    ///   on, for another `retry()`); ``RecorderError/closed(path:)`` once the
    ///   recorder is closed; as ``flush()``; then, once what waited is written,
    ///   ``RecorderError/initialStateDiffers(path:)`` or
    ///   ``RecorderError/sharedByStores(path:)`` for a recorder that records
    ///   nothing more.
    public func retry() throws(RecorderError) {
        let (isClosed, refusal) = queue.withLock { queue in
            if !queue.isClosed && Self.resumeHeld(&queue) {
                // The failure was reported; what counts now is whether these records are written.
                queue.unflushedError = nil
            }
            return (queue.isClosed, queue.refusedBy)
        }
        if isClosed { throw refusal ?? .closed(path: path) }
        try flush()
        // What waited is written; no later record will be.
        if let refusal = queue.withLock({ $0.refusedBy }) { throw refusal }
    }

    /// Puts the records a failed write left waiting back in line, first,
    /// and lets records be written again; `false` when no write failed.
    private static func resumeHeld(_ queue: inout Queue) -> Bool {
        guard case .cannotWrite? = queue.stoppedBy else { return false }
        queue.stoppedBy = nil
        queue.waiting = queue.held + queue.waiting
        queue.held = []
        return true
    }

    /// Reports, once, a log that is no longer the file at its path: deleted
    /// (its last link gone), or moved or replaced (the path names another
    /// file, or none). Records written after go to that file, not the path.
    private func checkStillAtPath() {
        let isThere = output.withLock { $0?.isStillAtPath ?? true }
        guard !isThere else { return }
        let isNew = queue.withLock { queue in
            defer { queue.reportedMissing = true }
            return !queue.reportedMissing
        }
        if isNew { report(.logMissing(path: path)) }
    }

    /// The first failure: some record is not in the log (kept after
    /// ``close()``). `nil` while every record was written.
    public var firstError: RecorderError? {
        queue.withLock { $0.firstError }
    }

    /// Writes what is waiting (after a failed write, one more try) and
    /// closes the file (one the recorder opened, which also releases its
    /// lock); later records are refused (``RecorderError/closed(path:)``).
    public func close() {
        queue.withLock { $0.isClosed = true }
        onWriterQueue { finish() }
    }

    private func finish() {
        _ = queue.withLock { Self.resumeHeld(&$0) }
        drain()
        output.withLock { output in
            if ownsDescriptor, let descriptor = output?.descriptor { _ = systemClose(descriptor) }
            output = nil
        }
    }

    // Blocks on the writer hold the recorder only while they run (a drain
    // or a look at the path holds it weakly until then): this writes what
    // waits and closes the file, releasing its lock, as the last owner lets go.
    deinit {
        queue.withLock { $0.isClosed = true }
        finish()
    }
}

extension Timestamp {
    /// The current time, to the millisecond.
    public static var now: Timestamp {
        Timestamp(millisecondsSince1970: (Date().timeIntervalSince1970 * 1000).rounded(.down))
    }
}

func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
