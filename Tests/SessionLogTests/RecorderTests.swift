import Foundation
import SessionLog
import Synchronization
import Testing
import TimeTravel
import TodoDomain

@Suite("Recorder")
struct RecorderTests {
    static let fixedClock: @Sendable () -> Timestamp = { Timestamp(millisecondsSince1970: 1_795_942_801_250) }

    @Test("writes a header, then one line per dispatch and per cursor move, with seq and timestamp")
    func writesRecords() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("s.jsonl")
        let recorder = try SessionRecorder(
            url: url, header: SessionHeader(sessionId: "s-1", app: "TimeTrave"), digests: .never, clock: Self.fixedClock)
        let store = Store(initialState: TodoState(), recorder: recorder)
        store.dispatch(.startCreatingItem)
        store.dispatch(.changePartialItemName("Milk \"2%\""))
        store.currentStateIndex = 1
        store.dispatch(.addItem(id: itemID(1)))
        try recorder.flush()
        recorder.close()
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(
            text == """
                {"type":"session","schema":"todo-session/1","sessionId":"s-1","app":"TimeTrave"}
                {"type":"event","seq":0,"timestamp":"2026-11-29T09:00:01.250Z","event":"startCreatingItem"}
                {"type":"event","seq":1,"timestamp":"2026-11-29T09:00:01.250Z","event":"changePartialItemName","name":"Milk \\"2%\\""}
                {"type":"travel","seq":2,"timestamp":"2026-11-29T09:00:01.250Z","to":1}
                {"type":"event","seq":3,"timestamp":"2026-11-29T09:00:01.250Z","event":"addItem","id":"00000000-0000-4000-8000-000000000001"}

                """)
    }

    @Test("a start given finer than a millisecond (the app's Date()) is written to the millisecond, as every time it records")
    func headerStartToTheMillisecond() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("s.jsonl")
        let header = SessionHeader(startedAt: Timestamp(millisecondsSince1970: 1_795_942_801_250.875))
        let recorder = try SessionRecorder(url: url, header: header, digests: .never, clock: Self.fixedClock)
        recorder.close()
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text == #"{"type":"session","schema":"todo-session/1","startedAt":"2026-11-29T09:00:01.250Z"}"# + "\n")
    }

    @Test("by default an event on a short list carries the digest of the state it made, which the replay checks")
    func digestsByDefault() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("s.jsonl")
        let recorder = try SessionRecorder(url: url, header: SessionHeader(), clock: Self.fixedClock)
        #expect(recorder.digests == .default)
        #expect("\(recorder.digests)" == "every event up to 200 items, then one in as many events as the list has items")
        #expect("\(DigestSchedule.every(0))" == "never")
        let store = Store(initialState: TodoState(), recorder: recorder)
        store.dispatch(.startCreatingItem)
        store.dispatch(.changePartialItemName("Milk"))
        store.dispatch(.addItem(id: try #require(UUID(uuidString: "0F0E1D2C-3B4A-4596-8877-665544332211"))))
        store.currentStateIndex = 1
        store.dispatch(.cancelCreatingItem)
        recorder.close()
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        // The third event made the state of the format article's example.
        #expect(lines[3].hasSuffix(#","digest":"58f5edc5ad0a60b0"}"#))
        let result = try LogReplayer.collect(contentsOf: url)
        #expect(result.diagnostics.isEmpty)
        #expect(result.outcome?.digests.checked == 4)
        #expect(result.outcome?.digests.differed == 0)
    }

    @Test(
        "the default schedule digests every event up to 200 items, then one event in as many as the list holds",
        arguments: [(0, 1), (199, 1), (200, 1), (201, 201), (400, 400), (10_000, 10_000)])
    func defaultSchedule(items: Int, interval: Int) throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("s.jsonl")
        var state = TodoState()
        state.todoItems = (0..<items).map { TodoItem(id: itemID($0), title: "x") }
        let recorder = try SessionRecorder(url: url, header: SessionHeader())
        // The first change of a new log must follow from TodoState(); these states do not, so it comes without one.
        recorder.record(.dispatched(.startCreatingItem))
        for _ in 0..<(interval * 3) { recorder.record(.dispatched(.startCreatingItem), state: state) }
        recorder.close()
        #expect(recorder.firstError == nil)
        // Which events carry a digest shows in the log.
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").dropFirst(2)
        let digested = lines.enumerated().filter { $0.element.contains("\"digest\":") }.map { $0.offset + 1 }
        #expect(digested == [interval, interval * 2, interval * 3])
    }

    @Test("records from many threads never interleave and get distinct seqs")
    func concurrent() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("s.jsonl")
        let recorder = try SessionRecorder(url: url, header: SessionHeader(), clock: Self.fixedClock)
        let long = String(repeating: "x", count: 5_000)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for n in 0..<200 { recorder.record(.dispatched(.changePartialItemName("\(task)-\(n)-\(long)"))) }
                }
            }
        }
        try recorder.flush()
        recorder.close()
        let result = try LogReplayer.collect(contentsOf: url)
        #expect(result.diagnostics.allSatisfy { $0.code == .notCreating })
        #expect(result.frames.count == 1_600)
        #expect(result.frames.compactMap(\.stamp.seq) == (0..<1_600).map(Int64.init))
    }

    @Test("a record after close is refused and reported, not lost silently")
    func closed() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let failures = Mutex<[RecorderError]>([])
        let url = folder.appendingPathComponent("s.jsonl")
        let reportedOnCaller = Mutex(false)
        let caller = pthread_self()
        let recorder = try SessionRecorder(
            url: url, header: SessionHeader(),
            onError: { error in
                failures.withLock { $0.append(error) }
                reportedOnCaller.withLock { $0 = $0 || pthread_equal(pthread_self(), caller) != 0 }
            })
        recorder.close()
        recorder.record(.dispatched(.startCreatingItem))
        recorder.record(.dispatched(.cancelCreatingItem))
        let failure = #expect(throws: RecorderError.self) { try recorder.flush() }
        #expect(failure == .closed(path: url.path))
        // On the recorder's queue, as documented, never inside the store's dispatch.
        #expect(!reportedOnCaller.withLock { $0 })
        #expect(recorder.firstError == failure)
        #expect(failures.withLock { $0 } == [.closed(path: url.path)], "reported once, for two records")
        #expect(failure?.localizedDescription == "\(url.path): cannot write the session log: the recorder is closed")
    }

    /// States a store may begin from other than `TodoState()`, each with the first two events it dispatches:
    /// some first events overwrite every part in which the state differs, so only frame 0 tells.
    static let otherInitialStates: [(TodoState, [TodoEvent])] = [
        (TodoState(todoItems: [TodoItem(id: itemID(1), title: "Milk", isFinished: false)]), [.startCreatingItem, .cancelCreatingItem]),
        (TodoState(isCreatingItem: true, partialItemName: "draft"), [.startCreatingItem, .cancelCreatingItem]),
        (TodoState(partialItemName: "x"), [.changePartialItemName("y"), .startCreatingItem]),
    ]

    @Test(
        "a store that began from another state than TodoState() records nothing, and says so: no log would replay to its states",
        arguments: otherInitialStates)
    func otherInitialState(restored: TodoState, events: [TodoEvent]) throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("s.jsonl")
        let reports = Mutex(0)
        let recorder = try SessionRecorder(
            url: url, header: SessionHeader(), digests: .never, onError: { _ in reports.withLock { $0 += 1 } })
        let store = Store(initialState: restored, recorder: recorder)
        for event in events { store.dispatch(event) }
        let failure = #expect(throws: RecorderError.self) { try recorder.flush() }
        #expect(failure == .initialStateDiffers(path: url.path))
        #expect(failure?.description.contains("did not start from the initial state the log format fixes") == true)
        recorder.close()
        #expect(reports.withLock { $0 } == 1, "reported once, for two events")
        let result = try LogReplayer.collect(contentsOf: url)
        #expect(result.frames.isEmpty && result.diagnostics.isEmpty)

        // From TodoState(), the same events are recorded.
        let fine = folder.appendingPathComponent("t.jsonl")
        let recording = try SessionRecorder(url: fine, header: SessionHeader(), digests: .never)
        let plain = Store(initialState: TodoState(), recorder: recording)
        plain.dispatch(.startCreatingItem)
        plain.dispatch(.cancelCreatingItem)
        try recording.flush()
        recording.close()
        #expect(try LogReplayer.collect(contentsOf: fine).frames.count == 2)
    }

    @Test(
        "a second store given one recorder ends the log where it is, and says so once: a log replays one store's history",
        arguments: [false, true])
    func secondStore(firstStoreGone: Bool) throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("s.jsonl")
        let reports = Mutex<[RecorderError]>([])
        let recorder = try SessionRecorder(
            url: url, header: SessionHeader(), digests: .never, onError: { error in reports.withLock { $0.append(error) } })
        var first: Store<TodoState>? = Store(initialState: TodoState(), recorder: recorder)
        first?.dispatch(.startCreatingItem)
        first?.dispatch(.changePartialItemName("Milk"))
        // A view model made again, say: the first store gone or not, the second one's changes would follow
        // the first one's in the log, and replay onto its states.
        if firstStoreGone { first = nil }
        let second = Store(initialState: TodoState(), recorder: recorder)
        second.dispatch(.startCreatingItem)
        first?.dispatch(.addItem(id: itemID(1)))
        let failure = #expect(throws: RecorderError.self) { try recorder.flush() }
        #expect(failure == .sharedByStores(path: url.path))
        #expect(failure?.description.contains("a second store was given its recorder") == true)
        // onError is told once; every flush() and retry() says it, as records go on being lost.
        second.dispatch(.cancelCreatingItem)
        #expect(throws: RecorderError.sharedByStores(path: url.path)) { try recorder.flush() }
        #expect(throws: RecorderError.sharedByStores(path: url.path)) { try recorder.retry() }
        recorder.close()
        #expect(reports.withLock { $0 } == [.sharedByStores(path: url.path)])
        let result = try LogReplayer.collect(contentsOf: url)
        #expect(result.frames.map(\.event) == [.startCreatingItem, .changePartialItemName("Milk")])
        #expect(result.diagnostics.isEmpty)
    }

    @Test(
        "a record cut short by a full disk (EFBIG after a short write) is removed, and the log stops there: later records wait, and retry() writes them",
        arguments: LogOpening.allCases)
    func tornWriteRemoved(opening: LogOpening) async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("s.jsonl").path
        // The file-size limit is process-wide, so the recording runs in a child process.
        await #expect(processExitsWith: .success) { [path = path as String, opening = opening as LogOpening] in
            let recorder = try opening.recorder(path: path)
            recorder.record(.dispatched(.startCreatingItem))
            try recorder.flush()
            var failure: RecorderError?
            try withFileSizeLimit(bytes: 20, above: path) {
                recorder.record(.dispatched(.changePartialItemName("Milk")))
                failure = #expect(throws: RecorderError.self) { try recorder.flush() }
            }
            #expect(failure?.errno == EFBIG)
            #expect(failure?.partialRecord == .removed)
            #expect(failure?.path == (opening == .byURL ? path : recorder.path))
            #expect(failure?.description.hasPrefix(recorder.path + ": cannot write the session log: ") == true)
            #expect(
                failure?.description.hasSuffix(
                    "; 1 record is not in it; the partial record was removed, the log ends with its last whole record") == true)
            // A later record would replay against a state the log lacks: it waits behind the lost one.
            recorder.record(.dispatched(.cancelCreatingItem))
            for _ in 0..<2 {
                // Thrown while records wait, not once.
                let stopped = #expect(throws: RecorderError.self) { try recorder.flush() }
                #expect(stopped == .stopped(path: recorder.path, records: 2))
                #expect(
                    stopped?.description.contains(
                        "stopped at its last whole record after a write failed, so that it still replays; 2 records wait in memory") == true
                )
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count(where: { $0 == 0x0A }) == 2)
            // With room again, retry() writes them, in order, and recording goes on.
            try recorder.retry()
            recorder.record(.dispatched(.startCreatingItem))
            try recorder.flush()
            #expect(recorder.firstError == failure)
            recorder.close()
        }
        let result = try LogReplayer.collect(contentsOf: URL(fileURLWithPath: path))
        #expect(result.found == [])
        #expect(
            result.frames.map(\.event) == [.startCreatingItem, .changePartialItemName("Milk"), .cancelCreatingItem, .startCreatingItem])
        #expect(result.frames.map(\.stamp.seq) == [0, 1, 2, 3])
    }

    @Test(
        "continuing a log whose last record lacks its line break: the break stays even when the record after it is cut short",
        arguments: [1, 20])
    func tornWriteAfterUnfinishedLine(room: Int) async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("s.jsonl").path
        try Data(
            #"""
            {"type":"session","schema":"todo-session/1"}
            {"type":"event","seq":0,"event":"startCreatingItem"}
            {"type":"event","seq":1,"event":"cancelCreatingItem"}
            """#.utf8
        ).write(to: URL(fileURLWithPath: path))
        await #expect(processExitsWith: .success) { [path = path as String, room = room as Int] in
            let store = try Store(resumingFrom: URL(fileURLWithPath: path), digests: .never)
            let recorder = try #require(store.sessionRecorder)
            try withFileSizeLimit(bytes: room, above: path) {
                store.dispatch(.startCreatingItem)
                let failure = #expect(throws: RecorderError.self) { try recorder.flush() }
                // With room for the line break alone, none of the record was written.
                #expect(failure?.partialRecord == (room == 1 ? nil : .removed))
            }
            try withFileSizeLimit(bytes: 0, above: path) {
                store.dispatch(.cancelCreatingItem)  // waits behind the lost record
                recorder.close()  // its one more try fails too: both are lost
            }
            #expect(recorder.firstError?.errno == EFBIG)
        }
        let result = try LogReplayer.collect(contentsOf: URL(fileURLWithPath: path))
        #expect(result.found == [])
        #expect(result.frames.map(\.stamp.seq) == [0, 1])
        // The line break the unfinished line lacked was written before the failed record.
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasSuffix(#""event":"cancelCreatingItem"}"# + "\n"))
    }

    @Test(
        "a record cut short on a pipe, which cannot be shortened, stays torn, closed off by a line break when the pipe has room; later records wait"
    )
    func tornWriteOnPipe() throws {
        let pipe = try NonBlockingPipe()
        let recorder = try SessionRecorder(fileDescriptor: pipe.writeEnd, header: SessionHeader(), clock: Self.fixedClock)
        // Longer than a pipe holds: written in part, then EAGAIN.
        let long = String(repeating: "x", count: 1 << 20)
        recorder.record(.dispatched(.changePartialItemName(long)))
        let failure = #expect(throws: RecorderError.self) { try recorder.flush() }
        #expect(failure?.errno == EAGAIN)
        #expect(failure?.partialRecord == .leftInPlace)
        #expect(
            failure?.description.hasSuffix(
                "; 1 record is not in it; the partial record could not be removed, the next record starts on a new line") == true)
        var bytes = pipe.drain()
        recorder.record(.dispatched(.startCreatingItem))
        #expect(throws: RecorderError.stopped(path: recorder.path, records: 2)) { try recorder.flush() }
        #expect(recorder.firstError == failure)
        // The long record is tried again whole, after a line break that closes the torn one:
        // longer than the pipe holds, it is cut again, and the two records wait on.
        let again = #expect(throws: RecorderError.self) { try recorder.retry() }
        #expect(again?.errno == EAGAIN)
        #expect(again?.partialRecord == .leftInPlace)
        bytes += pipe.drain()
        recorder.close()
        pipe.closeWriteEnd()
        bytes += pipe.drain()
        let result = try replay(bytes: bytes)
        // Torn lines closed by the next try's line break (the retry's, then close()'s one more try),
        // then the last try's torn part, which readers skip: no record is whole.
        #expect(result.found.map(\.code) == [.invalidJSON, .invalidJSON, .truncatedLine])
        #expect(result.frames.isEmpty)
    }

    @Test("a write cut right before a record's line break leaves that record in the log once: it is not written again")
    func cutBeforeLineBreak() throws {
        // The length of a record's line with an empty name, from a log in a file (the same seq and time).
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("s.jsonl")
        let sizing = try SessionRecorder(url: url, header: SessionHeader(), digests: .never, clock: Self.fixedClock)
        sizing.record(.dispatched(.startCreatingItem))
        sizing.record(.dispatched(.changePartialItemName("")))
        sizing.close()
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        // A line of 4,097 bytes, its line break the 4,097th: one page more than a pipe with a page free takes.
        let name = String(repeating: "n", count: 4_097 - (lines[2].utf8.count + 1))

        let pipe = try NonBlockingPipe()
        let recorder = try SessionRecorder(fileDescriptor: pipe.writeEnd, header: SessionHeader(), digests: .never, clock: Self.fixedClock)
        recorder.record(.dispatched(.startCreatingItem))
        try recorder.flush()
        var bytes = pipe.drain()
        // The pipe full of filler, then one page of it read: a page free.
        let filler = [UInt8](repeating: 0x20, count: 1 << 16)
        var fillerLeft = 0
        while case let count = filler.withUnsafeBytes({ write(pipe.writeEnd, $0.baseAddress, $0.count) }), count > 0 { fillerLeft += count }
        var page = [UInt8](repeating: 0, count: 4_096)
        fillerLeft -= page.withUnsafeMutableBytes { read(pipe.readEnd, $0.baseAddress, $0.count) }
        recorder.record(.dispatched(.changePartialItemName(name)))
        // Written but for its line break: nothing of it is lost, so nothing fails.
        #expect(throws: Never.self) { try recorder.flush() }
        bytes += pipe.drain().dropFirst(fillerLeft)
        recorder.record(.dispatched(.cancelCreatingItem))
        try? recorder.retry()
        #expect(throws: Never.self) { try recorder.flush() }
        recorder.close()
        pipe.closeWriteEnd()
        bytes += pipe.drain()
        let result = try replay(bytes: bytes)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.frames.map(\.event) == [.startCreatingItem, .changePartialItemName(name), .cancelCreatingItem])
    }

    @Test(
        "onError of a write that retry() (or flush(), or a dispatch) waits for is told once that call returned: an onError that waits for the caller's thread does not deadlock"
    )
    func onErrorAfterTheWaitingCall() throws {
        let pipe = try NonBlockingPipe()
        let returned = DispatchSemaphore(value: 0)
        // For each report, whether the call that waited had returned by then (it signals when it has).
        let toldAfterReturn = Mutex<[Bool]>([])
        let recorder = try SessionRecorder(
            fileDescriptor: pipe.writeEnd, header: SessionHeader(), digests: .never,
            onError: { _ in
                // As an app's DispatchQueue.main.sync would, from the second report on: wait for the caller.
                let first = toldAfterReturn.withLock { $0.isEmpty }
                let after = first || returned.wait(timeout: .now() + 20) == .success
                toldAfterReturn.withLock { $0.append(after) }
            })
        // The pipe full: a record of fewer than PIPE_BUF bytes is refused whole (EAGAIN), not cut.
        let filler = [UInt8](repeating: 0x20, count: 1 << 16)
        while filler.withUnsafeBytes({ write(pipe.writeEnd, $0.baseAddress, $0.count) }) > 0 {}
        recorder.record(.dispatched(.startCreatingItem))
        try waitUntil("the failed write is reported") { toldAfterReturn.withLock { $0.count == 1 } }
        let again = #expect(throws: RecorderError.self) { try recorder.retry() }
        returned.signal()
        #expect(again?.errno == EAGAIN)
        try waitUntil("the failed retry is reported") { toldAfterReturn.withLock { $0.count == 2 } }
        #expect(toldAfterReturn.withLock { $0 } == [true, true], "told inside retry(), which waited for it")
        _ = pipe.drain()
        recorder.close()
    }

    @Test("8 threads recording with the real clock: timestamps follow seq, the log replays without a diagnostic")
    func realClockManyThreads() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("s.jsonl")
        let recorder = try SessionRecorder(url: url, header: SessionHeader())
        let leadBefore = wallClockLead()
        let threads = 8
        let perThread = 20_000
        let done = DispatchGroup()
        for _ in 0..<threads {
            done.enter()
            Thread {
                for _ in 0..<perThread { recorder.record(.dispatched(.startCreatingItem)) }
                done.leave()
            }.start()
        }
        await withCheckedContinuation { finished in done.notify(queue: .global()) { finished.resume() } }
        try recorder.flush()
        recorder.close()
        #expect(recorder.firstError == nil)
        var diagnostics: [Diagnostic] = []
        let outcome = try LogReplayer.replay(contentsOf: url) { entry in
            if case .diagnostic(let diagnostic) = entry { diagnostics.append(diagnostic) }
        }
        // A wall clock set back meanwhile (a fresh machine's time service) makes time go back in file order,
        // which readers rightly warn of; a time read outside the recorder's lock shows without it.
        let setBack = wallClockLead() < leadBefore - 0.001
        let unexpected = diagnostics.filter { !(setBack && $0.code == .timeBackwards) }
        #expect(unexpected.isEmpty, "\(unexpected.count) diagnostics, the first: \(unexpected.prefix(3))")
        #expect(outcome.frameCount == threads * perThread + 1)
    }

    @Test("resuming a log whose last seq is Int64.max is refused, naming the file and the seq, and leaves it as it was")
    func seqExhaustedAtResume() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("s.jsonl")
        let before = """
            {"type":"session","schema":"todo-session/1"}
            {"type":"event","seq":9223372036854775807,"event":"startCreatingItem"}

            """
        try Data(before.utf8).write(to: url)
        #expect {
            _ = try Store(resumingFrom: url)
        } throws: { error in
            "\(error)"
                == "\(url.path): cannot record into the session log: its last seq is 9223372036854775807, the largest a seq can be; start a new log"
        }
        #expect(try String(contentsOf: url, encoding: .utf8) == before)
    }

    @Test("a log that reaches seq Int64.max records that one, then refuses the next instead of trapping")
    func seqExhaustedWhileRecording() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("s.jsonl")
        try Data(
            """
            {"type":"session","schema":"todo-session/1"}
            {"type":"event","seq":9223372036854775806,"event":"startCreatingItem"}

            """.utf8
        ).write(to: url)
        let store = try Store(resumingFrom: url, digests: .never, clock: Self.fixedClock)
        let recorder = try #require(store.sessionRecorder)
        store.dispatch(.cancelCreatingItem)
        store.dispatch(.startCreatingItem)
        let failure = #expect(throws: RecorderError.self) { try recorder.flush() }
        #expect(failure == .seqExhausted(path: url.path))
        #expect(failure?.errno == nil)
        recorder.close()
        let result = try LogReplayer.collect(contentsOf: url)
        #expect(result.found == [])
        #expect(result.frames.map(\.stamp.seq) == [.max - 1, .max])
    }
}
