public import TimeTravel
public import TodoDomain

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension Store where State == TodoState {
    /// Records this store's session into the log at `url`, in one call, and
    /// never into the wrong log: a missing or empty file gets a new session
    /// (`header` first); a file that holds a session is resumed, as
    /// ``init(resumingFrom:checkpoints:digests:clock:onError:onChange:)`` does, so an
    /// app that is relaunched shows where the person left off and goes on
    /// recording there.
    ///
    /// - Parameters:
    ///   - url: The log, a `file:` URL.
    ///   - header: The first line of a new log, and of one that holds no
    ///     record yet (blank lines, or a header a crash tore, cut off).
    ///   - checkpoints: As for ``Store/init(initialState:checkpoints:recorder:onChange:)``.
    ///   - digests, clock, onError: As for ``SessionRecorder/init(url:header:digests:clock:onError:)``.
    ///   - onChange: Called after every change from now on, as the recorder
    ///     is told of it (not for the changes a resumed log rebuilds).
    /// - Throws: ``RecorderError``, with the path and the system's error
    ///   number: the file cannot be opened or read, another recorder is
    ///   writing it, it is not a session log, or its digests say another app
    ///   version wrote it.
    public convenience init(
        recordingTo url: URL,
        header: SessionHeader,
        checkpoints: CheckpointPolicy<TodoState> = TodoState.defaultCheckpoints,
        digests: DigestSchedule = .default,
        clock: @escaping @Sendable () -> Timestamp = { Timestamp.now },
        onError: (@Sendable (RecorderError) -> Void)? = nil,
        onChange: ((StoreChange<TodoEvent>) -> Void)? = nil
    ) throws(RecorderError) {
        let log = try OpenedLog.open(url, creating: true)
        if log.size == 0 {
            let recorder = try SessionRecorder(opened: LogOutput(log), header: header, digests: digests, clock: clock, onError: onError)
            self.init(initialState: TodoState(), checkpoints: checkpoints, recorder: recorder, onChange: onChange)
        } else {
            try self.init(
                resuming: log, newHeader: header, checkpoints: checkpoints, digests: digests, clock: clock, onError: onError,
                onChange: onChange)
        }
    }

    /// Rebuilds a store from the log at `url`, which it goes on recording
    /// into: the app, relaunched, shows the state where the person left off
    /// (the cursor included), with the whole history to travel through.
    ///
    /// The log is replayed as `todo-report` reads it (records with errors
    /// are left out). `seq` goes on after the highest in the log. A last line
    /// torn by a crash (`truncated-line`) is cut off, so the log stays clean.
    /// A file whose first line is not a record (or whose only line, torn,
    /// does not start as one) is not a session log, and is never appended to.
    /// An empty file (or one of blank lines) is a session of no records, and
    /// the header is optional: it is resumed as one, with no header; to give a
    /// new log its header, use ``init(recordingTo:header:checkpoints:digests:clock:onError:onChange:)``.
    /// The file is locked while the store records into it.
    ///
    /// `onChange` is called after every change from now on, as the recorder
    /// is told of it (not for the changes that rebuild the store).
    ///
    /// - Throws: ``RecorderError``: the file is missing or cannot be read, is
    ///   in use by another recorder, is not a `todo-session/1` log, its
    ///   digests say that another app version wrote it (a store rebuilt from
    ///   it would not show what the person saw), or its `seq` has run out.
    public convenience init(
        resumingFrom url: URL,
        checkpoints: CheckpointPolicy<TodoState> = TodoState.defaultCheckpoints,
        digests: DigestSchedule = .default,
        clock: @escaping @Sendable () -> Timestamp = { Timestamp.now },
        onError: (@Sendable (RecorderError) -> Void)? = nil,
        onChange: ((StoreChange<TodoEvent>) -> Void)? = nil
    ) throws(RecorderError) {
        let log = try OpenedLog.open(url, creating: false)
        try self.init(resuming: log, checkpoints: checkpoints, digests: digests, clock: clock, onError: onError, onChange: onChange)
    }

    /// - Parameter newHeader: The header to start the log with when nothing of it
    ///   is left once a torn last line is cut off; `nil` resumes it headerless.
    private convenience init(
        resuming log: OpenedLog, newHeader: SessionHeader? = nil, checkpoints: CheckpointPolicy<TodoState>, digests: DigestSchedule,
        clock: @escaping @Sendable () -> Timestamp, onError: (@Sendable (RecorderError) -> Void)?,
        onChange: ((StoreChange<TodoEvent>) -> Void)?
    ) throws(RecorderError) {
        self.init(initialState: TodoState(), checkpoints: checkpoints)
        let resumed: ResumedLog
        do {
            resumed = try ResumedLog.replay(log, into: self)
        } catch {
            log.close()
            throw error
        }
        // From here the recorder owns the descriptor: one that cannot write its header closes it.
        let output = LogOutput(log, endsInsideLine: resumed.endsInsideLine)
        if resumed.hasNoRecord, let newHeader {
            // Blank lines only, or a crash tore the header of a new log: the session starts there again.
            startRecording(
                with: try SessionRecorder(opened: output, header: newHeader, digests: digests, clock: clock, onError: onError),
                onChange: onChange)
            return
        }
        startRecording(
            with: try SessionRecorder(
                resuming: output, header: resumed.header, nextSeq: resumed.nextSeq, derivedIDs: resumed.derivedIDs, digests: digests,
                clock: clock,
                onError: onError),
            onChange: onChange)
    }

    /// The ``SessionRecorder`` this store records with, if it has one: to
    /// ``SessionRecorder/flush()`` it when the app goes to the background,
    /// and to ask it for errors.
    public var sessionRecorder: SessionRecorder? {
        recorder as? SessionRecorder
    }
}
