import ByteLevel
import Foundation
import SessionLog
import Testing
import TimeTravel
import TodoDomain

/// Sessions recorded through the app's `Store` and read back must replay to
/// exactly the app's states.
@Suite("Round trip: record, read back, replay")
struct RoundTripTests {
    static let texts = [
        "", "Milk", "Crème brûlée", "牛乳", "🥛 + 🍪", "quote \" and \\ back", "tab\tnew\nline",
        "\u{0}\u{1}\u{1F}", "<script>alert(1)</script>", "\u{2028}\u{202E}rtl",
    ]

    /// Drives a store as a person (or a monkey) might, recording as it goes.
    static func randomSession(seed: UInt64, path: String) throws -> [TodoState] {
        var random = SplitMix64(seed: seed)
        let recorder = try SessionRecorder(
            url: URL(fileURLWithPath: path), header: SessionHeader(sessionId: "seed-\(seed)", app: "TimeTrave"),
            clock: { Timestamp(millisecondsSince1970: 1_795_942_800_000) })
        let store = Store(initialState: TodoState(), recorder: recorder)
        var ids: [UUID] = []
        for _ in 0..<Int.random(in: 0...60, using: &random) {
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<15: store.dispatch(.startCreatingItem)
            case 15..<22: store.dispatch(.cancelCreatingItem)
            case 22..<50:
                let text = texts.randomElement(using: &random) ?? ""
                store.dispatch(.changePartialItemName(String(text.prefix(Int.random(in: 0...text.count, using: &random)))))
            case 50..<65:
                let id = UUID(uuid: randomBytes(&random))
                ids.append(id)
                store.dispatch(.addItem(id: ids.randomElement(using: &random) ?? id))  // sometimes a duplicate id
            case 65..<85:
                let id =
                    Bool.random(using: &random)
                    ? ids.randomElement(using: &random) ?? UUID(uuid: randomBytes(&random)) : UUID(uuid: randomBytes(&random))
                store.dispatch(.setItemDone(id: id, isDone: Bool.random(using: &random)))
            default:
                store.currentStateIndex = Int.random(in: 0..<store.stateCount, using: &random)
            }
        }
        #expect(throws: Never.self) { try recorder.flush() }
        recorder.close()
        return Array(store.allStates)
    }

    static func randomBytes(_ random: inout SplitMix64) -> uuid_t {
        let a = random.next()
        let b = random.next()
        func byte(_ word: UInt64, _ i: Int) -> UInt8 { UInt8(truncatingIfNeeded: word >> (8 * i)) }
        return (
            byte(a, 0), byte(a, 1), byte(a, 2), byte(a, 3), byte(a, 4), byte(a, 5), byte(a, 6), byte(a, 7),
            byte(b, 0), byte(b, 1), byte(b, 2), byte(b, 3), byte(b, 4), byte(b, 5), byte(b, 6), byte(b, 7)
        )
    }

    @Test("1,000 random sessions with random travels replay to the app's allStates")
    func property() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for seed in UInt64(1)...1_000 {
            let path = folder.appendingPathComponent("\(seed).jsonl").path
            let appStates = try Self.randomSession(seed: seed, path: path)
            let descriptor = open(path, O_RDONLY)
            defer { close(descriptor) }
            let result = try LogReplayer.collect(FileDescriptorByteSource(fileDescriptor: descriptor))
            #expect(result.allStates == appStates, "seed \(seed)")
            #expect(result.diagnostics.allSatisfy { $0.severity == .warning }, "seed \(seed): \(result.diagnostics)")
            #expect(!result.diagnostics.contains { [.seqGap, .seqBackwards, .duplicateSeq, .timeBackwards].contains($0.code) })
            if result.allStates != appStates { break }
        }
    }
}
