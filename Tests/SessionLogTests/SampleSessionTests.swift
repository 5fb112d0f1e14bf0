import Foundation
import SessionLog
import Synchronization
import Testing
import TimeTravel
import TodoDomain

/// The bundled sample session is a real recording: this script of a person
/// is played through the app's `Store` and the recorder, and the result must
/// equal `seeds/sample-session.jsonl` byte for byte. Run with
/// `RECORD_SEEDS=1` to write the file anew (the test then fails, so a
/// re-recording is never mistaken for a pass).
@Suite("Sample session")
struct SampleSessionTests {
    static let seedURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("seeds/sample-session.jsonl")

    /// A person adds four items (typing each title key by key), cancels one,
    /// ticks items off, scrubs back once and carries on from there.
    static func record(to path: String) throws -> [TodoState] {
        let now = Mutex<Double>(1_795_942_800_000)  // 2026-11-29T09:00:00Z
        func wait(_ milliseconds: Double) { now.withLock { $0 += milliseconds } }
        let recorder = try SessionRecorder(
            url: URL(fileURLWithPath: path),
            header: SessionHeader(
                sessionId: "5f0c9d2e-sample", app: "TimeTrave", appVersion: "1.4.2 (87)", userId: "analyst-demo-07",
                startedAt: Timestamp(millisecondsSince1970: 1_795_942_800_000),
                context: [.init(key: "device", value: "iPhone 15"), .init(key: "locale", value: "en_GB")]),
            digests: .never, clock: { Timestamp(millisecondsSince1970: now.withLock { $0 }) })
        defer { recorder.close() }
        // A failed record is kept by the recorder and fails the recording below (`flush()`).
        let store = Store(initialState: TodoState(), recorder: recorder)

        var nextID = 1
        func type(_ title: String, keystroke: Double = 180) {
            var typed = ""
            for character in title {
                wait(keystroke + Double(typed.count % 3) * 40)
                typed.append(character)
                store.dispatch(.changePartialItemName(typed))
            }
        }
        func addItem(_ title: String) -> UUID {
            wait(1_400)
            store.dispatch(.startCreatingItem)
            type(title)
            wait(700)
            let id = UUID(uuidString: String(format: "6A1B2C3D-0000-4000-8000-%012d", nextID)) ?? UUID()
            nextID += 1
            store.dispatch(.addItem(id: id))
            return id
        }

        wait(2_500)
        let milk = addItem("Buy oat milk")
        let call = addItem("Call Grandma")
        wait(1_800)
        store.dispatch(.startCreatingItem)
        type("Pay rnet")
        wait(2_200)
        store.dispatch(.cancelCreatingItem)  // a typo, given up on
        let dentist = addItem("Book dentist")
        wait(3_000)
        store.dispatch(.setItemDone(id: milk, isDone: true))
        wait(1_200)
        store.dispatch(.setItemDone(id: call, isDone: true))
        wait(4_000)
        let beforeTicks = store.stateCount - 3
        store.currentStateIndex = beforeTicks  // scrubs back to before the ticks…
        wait(2_000)
        store.dispatch(.setItemDone(id: dentist, isDone: true))  // …and carries on from there
        wait(900)
        store.dispatch(.setItemDone(id: milk, isDone: true))
        try recorder.flush()
        return Array(store.allStates)
    }

    @Test("seeds/sample-session.jsonl is what the recorder writes for the script")
    func seedIsARecording() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("sample.jsonl").path
        let appStates = try Self.record(to: path)
        let recorded = try Data(contentsOf: URL(fileURLWithPath: path))
        if ProcessInfo.processInfo.environment["RECORD_SEEDS"] == "1" {
            try recorded.write(to: Self.seedURL)
            Issue.record("re-recorded \(Self.seedURL.path); run again without RECORD_SEEDS")
            return
        }
        let seed = try Data(contentsOf: Self.seedURL)
        #expect(seed == recorded)
        let result = try LogReplayer.collect(InMemoryByteSource(Array(seed)))
        #expect(result.diagnostics.isEmpty)
        #expect(result.allStates == appStates)
        #expect(result.travels.count == 1)
        #expect(Set(result.frames.map(\.event.kind)) == Set(TodoEvent.Kind.allCases))
    }
}
