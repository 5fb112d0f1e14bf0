import Foundation
import SessionLog
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
        let store = Store(initialState: TodoState()) { try? recorder.record($0) }
        store.dispatch(.startCreatingItem)
        store.dispatch(.changePartialItemName("Milk \"2%\""))
        store.currentStateIndex = 1
        store.dispatch(.addItem(id: itemID(1)))
        recorder.close()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == """
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
        try Data(#"""
            {"type":"session","schema":"todo-session/1"}
            {"type":"event","seq":4,"event":"startCreatingItem"}
            {"type":"event","seq":5,"event":"changePa
            """#.utf8).write(to: URL(fileURLWithPath: path))
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
                        try? recorder.record(.dispatched(.changePartialItemName("\(task)-\(n)-\(long)")))
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
}
