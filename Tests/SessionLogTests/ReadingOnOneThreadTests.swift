import Foundation
import SessionLog
import Testing
import TodoDomain

/// `batch` with several jobs reads and replays each log on one thread; the
/// result must be exactly what the two-thread replay gives.
@Suite("Reading on one thread")
struct ReadingOnOneThreadTests {
    /// A log of several reading batches (4,096 lines each): events, travels, garbage and blank lines.
    static func log() -> String {
        var lines = [#"{"type":"session","schema":"todo-session/1","sessionId":"one-thread"}"#]
        for index in 0..<3_000 {
            lines.append(#"{"type":"event","event":"startCreatingItem"}"#)
            lines.append(#"{"type":"event","event":"changePartialItemName","name":"item \#(index)"}"#)
            lines.append(index % 7 == 0 ? #"{"type":"event","event":"cancelCreatingItem"}"# : #"{"type":"event","event":"addItem"}"#)
            if index % 100 == 99 { lines.append(#"{"type":"travel","to":\#(index)}"#) }
            if index % 250 == 0 { lines.append("not json \(index)") }
            if index % 333 == 0 { lines.append("   ") }
        }
        return lines.joined(separator: "\n") + "\n" + #"{"type":"event","#
    }

    static func replay(_ text: String, concurrently: Bool) throws -> (entries: [String], outcome: LogReplayer.Outcome) {
        var entries: [String] = []
        let outcome = try LogReplayer.replay(InMemoryByteSource(text), bufferSize: 1 << 12, readingConcurrently: concurrently) { entry in
            switch entry {
            case .header(let header): entries.append("header \(header)")
            case .frame(let frame): entries.append("frame \(frame.index) \(frame.parent) \(frame.line) \(frame.event)")
            case .travel(let travel): entries.append("travel \(travel)")
            case .diagnostic(let diagnostic): entries.append("diagnostic \(diagnostic)")
            }
        }
        return (entries, outcome)
    }

    @Test("the same entries in the same order, the same tally and the same final states")
    func sameResult() throws {
        let text = Self.log()
        let two = try Self.replay(text, concurrently: true)
        let one = try Self.replay(text, concurrently: false)
        #expect(one.entries.count > 4_096 * 2, "several batches")
        #expect(one.entries == two.entries)
        #expect(one.outcome.tally == two.outcome.tally)
        #expect(one.outcome.frameCount == two.outcome.frameCount)
        #expect(one.outcome.errorCount == two.outcome.errorCount && one.outcome.errorCount > 0)
        #expect(one.outcome.newestFrameState == two.outcome.newestFrameState)
        #expect(one.outcome.stateAtCursor == two.outcome.stateAtCursor)
    }

    @Test("an unsupported schema stops both the same way")
    func stops() throws {
        let text = #"{"type":"session","schema":"todo-session/2"}"# + "\n" + Self.log()
        let one = try Self.replay(text, concurrently: false)
        #expect(one.outcome.stoppedOnUnsupportedSchema)
        #expect(one.entries == (try Self.replay(text, concurrently: true)).entries)
    }
}
