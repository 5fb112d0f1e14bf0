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
        let path = folder.appendingPathComponent("s.jsonl").path
        let recorder = try SessionRecorder(path: path, header: SessionHeader(sessionId: "s-1", app: "TimeTrave"), clock: Self.fixedClock)
        let store = Store(initialState: TodoState()) { change in #expect(throws: Never.self) { try recorder.record(change) } }
        store.dispatch(.startCreatingItem)
        store.dispatch(.changePartialItemName("Milk \"2%\""))
        store.currentStateIndex = 1
        store.dispatch(.addItem(id: itemID(1)))
        recorder.close()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            text == """
                {"type":"session","schema":"todo-session/1","sessionId":"s-1","app":"TimeTrave"}
                {"type":"event","seq":0,"timestamp":"2026-11-29T09:00:01.250Z","event":"startCreatingItem"}
                {"type":"event","seq":1,"timestamp":"2026-11-29T09:00:01.250Z","event":"changePartialItemName","name":"Milk \\"2%\\""}
                {"type":"travel","seq":2,"timestamp":"2026-11-29T09:00:01.250Z","to":1}
                {"type":"event","seq":3,"timestamp":"2026-11-29T09:00:01.250Z","event":"addItem","id":"00000000-0000-4000-8000-000000000001"}

                """)
    }

    @Test("reopening a log continues its seq and starts a torn last line afresh")
    func reopenTorn() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("s.jsonl").path
        try Data(
            #"""
            {"type":"session","schema":"todo-session/1"}
            {"type":"event","seq":4,"event":"startCreatingItem"}
            {"type":"event","seq":5,"event":"changePa
            """#.utf8
        ).write(to: URL(fileURLWithPath: path))
        let recorder = try SessionRecorder(path: path, header: SessionHeader(), clock: Self.fixedClock)
        try recorder.record(.dispatched(.cancelCreatingItem))
        recorder.close()
        let result = try LogReplayer.collect(InMemoryByteSource(Array(try Data(contentsOf: URL(fileURLWithPath: path)))))
        #expect(result.found == [Found(3, nil, .invalidJSON)])  // the torn line is now a whole line that ends too early
        #expect(result.frames.map(\.stamp.seq) == [4, 5])
        #expect(result.frames.last?.event == .cancelCreatingItem)
    }

    @Test("records from many threads never interleave and get distinct seqs")
    func concurrent() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("s.jsonl").path
        let recorder = try SessionRecorder(path: path, header: SessionHeader(), clock: Self.fixedClock)
        let long = String(repeating: "x", count: 5_000)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for n in 0..<200 {
                        #expect(throws: Never.self) { try recorder.record(.dispatched(.changePartialItemName("\(task)-\(n)-\(long)"))) }
                    }
                }
            }
        }
        recorder.close()
        let result = try LogReplayer.collect(InMemoryByteSource(Array(try Data(contentsOf: URL(fileURLWithPath: path)))))
        #expect(result.diagnostics.allSatisfy { $0.code == .notCreating })
        #expect(result.frames.count == 1_600)
        #expect(result.frames.compactMap(\.stamp.seq) == (0..<1_600).map(Int64.init))
    }

    @Test("recording after close throws instead of losing the record silently")
    func closed() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let recorder = try SessionRecorder(path: folder.appendingPathComponent("s.jsonl").path, header: SessionHeader())
        recorder.close()
        #expect(throws: RecorderError.self) { try recorder.record(.dispatched(.startCreatingItem)) }
    }

    @Test(
        "a record cut short by a full disk (EFBIG after a short write) is removed, and the next one lands whole",
        arguments: LogOpening.allCases)
    func tornWriteRemoved(opening: LogOpening) async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("s.jsonl").path
        // The file-size limit is process-wide, so the recording runs in a child process.
        await #expect(processExitsWith: .success) { [path = path as String, opening = opening as LogOpening] in
            let recorder = try opening.recorder(path: path)
            try recorder.record(.dispatched(.startCreatingItem))
            var failure: RecorderError?
            try withFileSizeLimit(bytes: 20, above: path) {
                failure = #expect(throws: RecorderError.self) { try recorder.record(.dispatched(.changePartialItemName("Milk"))) }
            }
            #expect(failure?.errno == EFBIG)
            #expect(failure?.partialRecord == .removed)
            #expect(failure?.path == (opening == .byPath ? path : recorder.path))
            #expect(failure?.description.hasPrefix(recorder.path + ": cannot write the session log: ") == true)
            #expect(failure?.description.hasSuffix("; the partial record was removed, the log ends with its last whole record") == true)
            try recorder.record(.dispatched(.cancelCreatingItem))
            #expect(recorder.firstError == failure)
            recorder.close()
        }
        let result = try LogReplayer.collect(InMemoryByteSource(Array(try Data(contentsOf: URL(fileURLWithPath: path)))))
        #expect(result.found == [])
        #expect(result.frames.map(\.event) == [.startCreatingItem, .cancelCreatingItem])
        #expect(result.frames.map(\.stamp.seq) == [0, 1])
    }

    @Test(
        "continuing a torn log: the line break that closes the torn line stays even when the record after it is cut short",
        arguments: [1, 20])
    func tornWriteAfterTornLog(room: Int) async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("s.jsonl").path
        try Data(
            #"""
            {"type":"session","schema":"todo-session/1"}
            {"type":"event","seq":0,"event":"startCreatingItem"}
            {"type":"event","seq":1,"event":"changePa
            """#.utf8
        ).write(to: URL(fileURLWithPath: path))
        await #expect(processExitsWith: .success) { [path = path as String, room = room as Int] in
            let recorder = try SessionRecorder(path: path, header: SessionHeader())
            try withFileSizeLimit(bytes: room, above: path) {
                let failure = #expect(throws: RecorderError.self) { try recorder.record(.dispatched(.cancelCreatingItem)) }
                // With room for the line break alone, none of the record was written.
                #expect(failure?.partialRecord == (room == 1 ? nil : .removed))
            }
            try recorder.record(.dispatched(.cancelCreatingItem))
            recorder.close()
        }
        let result = try LogReplayer.collect(InMemoryByteSource(Array(try Data(contentsOf: URL(fileURLWithPath: path)))))
        #expect(result.found == [Found(3, nil, .invalidJSON)])
        #expect(result.frames.map(\.stamp.seq) == [0, 1])  // the torn line's seq was never read
    }

    @Test("a record cut short on a pipe, which cannot be shortened, stays torn, and the next record starts on a new line")
    func tornWriteOnPipe() throws {
        let pipe = try NonBlockingPipe()
        let recorder = try SessionRecorder(fileDescriptor: pipe.writeEnd, header: SessionHeader(), clock: Self.fixedClock)
        // Longer than a pipe holds: written in part, then EAGAIN.
        let long = String(repeating: "x", count: 1 << 20)
        let failure = #expect(throws: RecorderError.self) { try recorder.record(.dispatched(.changePartialItemName(long))) }
        #expect(failure?.errno == EAGAIN)
        #expect(failure?.partialRecord == .leftInPlace)
        #expect(failure?.description.hasSuffix("; the partial record could not be removed, the next record starts on a new line") == true)
        var bytes = pipe.drain()
        try recorder.record(.dispatched(.startCreatingItem))
        #expect(recorder.firstError == failure)
        recorder.close()
        pipe.closeWriteEnd()
        bytes += pipe.drain()
        let result = try replay(bytes: bytes)
        #expect(result.found == [Found(2, nil, .invalidJSON)])  // the torn part, closed off by a line break
        #expect(result.frames.map(\.event) == [.startCreatingItem])
        #expect(result.frames.map(\.stamp.seq) == [0])
    }

    @Test("8 threads recording with the real clock: timestamps follow seq, the log replays without a diagnostic")
    func realClockManyThreads() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("s.jsonl").path
        let recorder = try SessionRecorder(path: path, header: SessionHeader())
        let threads = 8
        let perThread = 20_000
        let failures = Mutex(0)
        let done = DispatchGroup()
        for _ in 0..<threads {
            done.enter()
            Thread {
                for _ in 0..<perThread {
                    do { try recorder.record(.dispatched(.startCreatingItem)) } catch { failures.withLock { $0 += 1 } }
                }
                done.leave()
            }.start()
        }
        await withCheckedContinuation { finished in done.notify(queue: .global()) { finished.resume() } }
        recorder.close()
        #expect(failures.withLock { $0 } == 0)
        #expect(recorder.firstError == nil)
        let log = try openForReading(path)
        defer { close(log) }
        var diagnostics: [Diagnostic] = []
        let outcome = try LogReplayer.replay(FileDescriptorByteSource(fileDescriptor: log)) { entry in
            if case .diagnostic(let diagnostic) = entry { diagnostics.append(diagnostic) }
        }
        #expect(diagnostics.isEmpty, "\(diagnostics.count) diagnostics, the first: \(diagnostics.prefix(3))")
        #expect(outcome.frameCount == threads * perThread + 1)
    }

    @Test("continuing a log whose last seq is Int64.max is refused when it is opened, naming the file and the seq")
    func seqExhaustedAtOpen() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("s.jsonl").path
        let before = """
            {"type":"session","schema":"todo-session/1"}
            {"type":"event","seq":9223372036854775807,"event":"startCreatingItem"}

            """
        try Data(before.utf8).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try SessionRecorder(path: path, header: SessionHeader())
        } throws: { error in
            "\(error)"
                == "\(path): cannot continue the session log: its last seq is 9223372036854775807, the largest a seq can be; start a new log"
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
    }

    @Test("a log that reaches seq Int64.max records that one, then refuses the next instead of trapping")
    func seqExhaustedWhileRecording() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("s.jsonl").path
        try Data(
            """
            {"type":"session","schema":"todo-session/1"}
            {"type":"event","seq":9223372036854775806,"event":"startCreatingItem"}

            """.utf8
        ).write(to: URL(fileURLWithPath: path))
        let recorder = try SessionRecorder(path: path, header: SessionHeader(), clock: Self.fixedClock)
        try recorder.record(.dispatched(.cancelCreatingItem))
        let failure = #expect(throws: RecorderError.self) { try recorder.record(.dispatched(.startCreatingItem)) }
        #expect(failure?.errno == EOVERFLOW)
        #expect(
            failure?.description
                == "\(path): cannot write the session log: its last seq is 9223372036854775807, the largest a seq can be; start a new log")
        recorder.close()
        let result = try LogReplayer.collect(InMemoryByteSource(Array(try Data(contentsOf: URL(fileURLWithPath: path)))))
        #expect(result.found == [])
        #expect(result.frames.map(\.stamp.seq) == [.max - 1, .max])
    }
}

/// A descriptor open for reading `path`, for a ``FileDescriptorByteSource``.
private func openForReading(_ path: String) throws -> Int32 {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    try #require(descriptor >= 0, "open \(path): errno \(errno)")
    return descriptor
}
