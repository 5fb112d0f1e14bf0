import Foundation
import SessionLog
import Synchronization
import Testing
import TimeTravel
import TodoDomain

/// What an app can do after recording went wrong without relaunching: write
/// what waits once there is room, and learn that its log left its path.
@Suite("Recorder recovery")
struct RecorderRecoveryTests {
    static let events: [TodoEvent] = [
        .startCreatingItem, .changePartialItemName("M"), .changePartialItemName("Mi"), .addItem(id: itemID(1)),
        .startCreatingItem, .changePartialItemName("Oat"), .addItem(id: itemID(2)), .setItemDone(id: itemID(1), isDone: true),
    ]

    @Test(
        "a store whose log filled up goes on: its changes wait, reported once, and retry() writes every one, so the log replays to what the person saw"
    )
    func storeRetriesAfterFullDisk() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("s.jsonl").path
        let events = Self.events
        // The file-size limit is process-wide, so the recording runs in a child process.
        await #expect(processExitsWith: .success) { [path = path as String] in
            let events = Self.events
            let reports = Mutex<[RecorderError]>([])
            let store = try Store(
                recordingTo: URL(fileURLWithPath: path), header: SessionHeader(sessionId: "s"), digests: .everyEvent,
                onError: { error in reports.withLock { $0.append(error) } })
            let recorder = try #require(store.sessionRecorder)
            for event in events.prefix(3) { store.dispatch(event) }
            try recorder.flush()
            try withFileSizeLimit(bytes: 0, above: path) {
                // The disk is full: every change from here on waits, in order.
                for event in events.dropFirst(3) { store.dispatch(event) }
                store.currentStateIndex = 2
                let failure = #expect(throws: RecorderError.self) { try recorder.flush() }
                #expect(failure?.errno == EFBIG)
                // Still full: the records wait on, and the new failure is reported.
                #expect(throws: RecorderError.self) { try recorder.retry() }
                let waiting = #expect(throws: RecorderError.self) { try recorder.flush() }
                #expect(waiting == .stopped(path: path, records: events.count - 3 + 1))
            }
            // One report for each failed write, none for each change that waited.
            #expect(reports.withLock { $0.map(\.errno) } == [EFBIG, EFBIG])
            try recorder.retry()
            store.dispatch(.cancelCreatingItem)
            try recorder.flush()
            recorder.close()
        }
        var diagnostics: [Diagnostic] = []
        var recorded: [TodoEvent] = []
        var travels: [Int] = []
        let outcome = try LogReplayer.replay(contentsOf: URL(fileURLWithPath: path)) { entry in
            switch entry {
            case .diagnostic(let diagnostic): diagnostics.append(diagnostic)
            case .frame(let frame): recorded.append(frame.event)
            case .travel(let travel): travels.append(travel.to)
            default: break
            }
        }
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(recorded == events + [.cancelCreatingItem])
        #expect(travels == [2])
        // Every event's digest says the replay reaches the state the app had.
        #expect(outcome.digests.checked == events.count + 1 && outcome.digests.differed == 0)
    }

    @Test(
        "a disk full for long holds at most maxHeldRecords changes: the next ends the log, retry() writes those held with their digests, and no later change is recorded"
    )
    func heldRecordsAreBounded() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("s.jsonl").path
        let limit = SessionRecorder.maxHeldRecords
        let before = Self.events.prefix(4)
        await #expect(processExitsWith: .success) { [path = path as String] in
            let limit = SessionRecorder.maxHeldRecords
            let reports = Mutex<[RecorderError]>([])
            let store = try Store(
                recordingTo: URL(fileURLWithPath: path), header: SessionHeader(), digests: .everyEvent,
                onError: { error in reports.withLock { $0.append(error) } })
            let recorder = try #require(store.sessionRecorder)
            for event in Self.events.prefix(4) { store.dispatch(event) }
            try recorder.flush()
            try withFileSizeLimit(bytes: 0, above: path) {
                for index in 0..<limit + 3 { store.dispatch(Self.heldEvent(index)) }
                let failure = #expect(throws: RecorderError.self) { try recorder.flush() }
                #expect(failure?.errno == EFBIG)
                // From then on every flush says the log ended, and how many changes wait to be written.
                let ended = #expect(throws: RecorderError.self) { try recorder.flush() }
                #expect(ended == .heldLimitReached(path: path, records: limit))
                #expect(ended?.description.contains("after a write failed, \(limit) records waited in memory") == true)
            }
            #expect(reports.withLock { $0 }.last == .heldLimitReached(path: path, records: limit))
            #expect(reports.withLock { $0.count } == 2)
            #expect(throws: RecorderError.heldLimitReached(path: path, records: limit)) { try recorder.retry() }
            store.dispatch(.startCreatingItem)
            #expect(throws: RecorderError.heldLimitReached(path: path, records: limit)) { try recorder.flush() }
            recorder.close()
        }
        var diagnostics: [Diagnostic] = []
        var recorded: [TodoEvent] = []
        let outcome = try LogReplayer.replay(contentsOf: URL(fileURLWithPath: path)) { entry in
            switch entry {
            case .diagnostic(let diagnostic): diagnostics.append(diagnostic)
            case .frame(let frame): recorded.append(frame.event)
            default: break
            }
        }
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        // The log is the session up to the last change held, and its digests, hashed when each was held, agree.
        #expect(recorded == Array(before) + (0..<limit).map(Self.heldEvent))
        #expect(outcome.digests.checked == before.count + limit && outcome.digests.differed == 0)
    }

    /// The `index`th change made while the disk is full: a sheet opened, typed into and cancelled, over and
    /// over, with an item ticked, so that the list stays short and hashing it every event stays cheap.
    static func heldEvent(_ index: Int) -> TodoEvent {
        let cycle: [TodoEvent] = [
            .startCreatingItem, .changePartialItemName("a"), .cancelCreatingItem, .setItemDone(id: itemID(1), isDone: true),
        ]
        return cycle[index % cycle.count]
    }

    enum LogChange: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case untouched, deleted, moved, replaced
        var testDescription: String { rawValue }
    }

    /// A store recording into `s.jsonl` in `folder`, what its recorder reported, and one change flushed.
    static func recordingOneChange(
        in folder: URL
    ) throws -> (url: URL, store: Store<TodoState>, recorder: SessionRecorder, reports: ReportedErrors) {
        let url = folder.appendingPathComponent("s.jsonl")
        let reports = ReportedErrors()
        let store = try Store(recordingTo: url, header: SessionHeader(), digests: .never, onError: reports.append)
        let recorder = try #require(store.sessionRecorder)
        store.dispatch(.startCreatingItem)
        try recorder.flush()
        return (url, store, recorder, reports)
    }

    @Test(
        "flush() says at every call, and onError once, when the log was deleted, moved or replaced while recording",
        arguments: LogChange.allCases)
    func logLeftItsPath(change: LogChange) throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (url, store, recorder, reports) = try Self.recordingOneChange(in: folder)
        let moved = folder.appendingPathComponent("moved.jsonl")
        switch change {
        case .untouched: break
        case .deleted: try FileManager.default.removeItem(at: url)
        case .moved: try FileManager.default.moveItem(at: url, to: moved)
        case .replaced:
            try FileManager.default.removeItem(at: url)
            try Data("{}\n".utf8).write(to: url)
        }
        store.dispatch(.cancelCreatingItem)
        if change == .untouched {
            try recorder.flush()
        } else {
            let failure = #expect(throws: RecorderError.self) { try recorder.flush() }
            #expect(failure == .logMissing(path: url.path))
            #expect(failure?.description.hasPrefix("\(url.path): the session log was deleted, moved or replaced") == true)
            // Later records are not in the log either: every flush() says so.
            store.dispatch(.startCreatingItem)
            #expect(throws: RecorderError.logMissing(path: url.path)) { try recorder.flush() }
        }
        recorder.close()
        #expect(reports.all == (change == .untouched ? [] : [.logMissing(path: url.path)]))
        // The records went to the file the recorder holds, wherever it is.
        if change == .moved {
            let events = try LogReplayer.collect(contentsOf: moved).frames.map(\.event)
            #expect(events == [.startCreatingItem, .cancelCreatingItem, .startCreatingItem])
        }
    }

    @Test("a log deleted while the app records is said by onError as recording goes on, before any flush()")
    func deletedLogSaidWhileRecording() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (url, store, recorder, reports) = try Self.recordingOneChange(in: folder)
        try FileManager.default.removeItem(at: url)
        // One change, then nothing: the writer looks at the path a second after its last look at most.
        store.dispatch(.changePartialItemName("a"))
        try waitUntil("onError says the log is gone") { !reports.all.isEmpty }
        #expect(reports.all == [.logMissing(path: url.path)])
        // flush() throws it at every call, as records go on being lost, and onError is not told again.
        #expect(throws: RecorderError.logMissing(path: url.path)) { try recorder.flush() }
        store.dispatch(.cancelCreatingItem)
        #expect(throws: RecorderError.logMissing(path: url.path)) { try recorder.flush() }
        recorder.close()
        #expect(reports.all == [.logMissing(path: url.path)])
    }
}

/// What a recorder reported through `onError`, in order.
final class ReportedErrors: Sendable {
    private let errors = Mutex<[RecorderError]>([])

    @Sendable func append(_ error: RecorderError) {
        errors.withLock { $0.append(error) }
    }

    var all: [RecorderError] { errors.withLock { $0 } }
}
