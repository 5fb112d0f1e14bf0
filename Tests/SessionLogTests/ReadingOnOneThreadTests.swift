import Foundation
import SessionLog
import Testing
import TodoDomain

/// `batch` with several jobs reads and replays each log on one thread; a
/// single log is split on one thread and parsed in chunks on several. Both
/// must give exactly the same result.
@Suite("Reading on one thread and on several")
struct ReadingOnOneThreadTests {
    /// A log of several runs of lines as the reader hands them on (4,096 lines each): events, travels, garbage and blank lines.
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

    static func replay(
        _ text: String, concurrently: Bool, maxLineBytes: Int = LogReplayer.defaultMaxLineBytes
    ) throws -> (entries: [String], outcome: LogReplayer.Outcome) {
        var entries: [String] = []
        let outcome = try LogReplayer.replay(
            InMemoryByteSource(text), bufferSize: 1 << 12, maxLineBytes: maxLineBytes, readingConcurrently: concurrently
        ) { entry in
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
        #expect(one.entries.count > 4_096 * 2, "several runs of lines")
        #expect(one.entries == two.entries)
        #expect(one.outcome.tally == two.outcome.tally)
        #expect(one.outcome.frameCount == two.outcome.frameCount)
        #expect(one.outcome.errorCount == two.outcome.errorCount && one.outcome.errorCount > 0)
        #expect(one.outcome.newestFrameState == two.outcome.newestFrameState)
        #expect(one.outcome.stateAtCursor == two.outcome.stateAtCursor)
    }

    /// More than a chunk of a parsing thread (1 MiB).
    static let longText = String(repeating: "long ", count: 300_000)
    static let header = #"{"type":"session","schema":"todo-session/1","sessionId":"s"}"#

    /// Logs where a chunk boundary meets the first record, a header's stop or
    /// a line parsed where it was split.
    static let edges: [(name: String, text: String, maxLineBytes: Int, stops: Bool)] = [
        (
            "an unsupported schema stops both the same way, with lines in later chunks",
            #"{"type":"session","schema":"todo-session/2"}"# + "\n" + log(), LogReplayer.defaultMaxLineBytes, true
        ),
        (
            "an unsupported schema in a line longer than a chunk",
            #"{"type":"session","schema":"todo-session/2","app":"\#(longText)"}"# + "\n" + log(), LogReplayer.defaultMaxLineBytes, true
        ),
        (
            "the header after more than a chunk of blank lines is the first record",
            String(repeating: "  \n", count: 5_000) + header + "\n" + log(), LogReplayer.defaultMaxLineBytes, false
        ),
        (
            "the header after a blank line longer than a chunk is the first record",
            String(repeating: " ", count: 1_200_000) + "\n" + header + "\n" + log(), LogReplayer.defaultMaxLineBytes, false
        ),
        (
            "a first record longer than a chunk makes a later header misplaced",
            #"{"type":"event","event":"changePartialItemName","name":"\#(longText)"}"# + "\n" + header + "\n" + log(),
            LogReplayer.defaultMaxLineBytes, false
        ),
        (
            "a name longer than a chunk between records",
            log() + "\n" + #"{"type":"event","event":"changePartialItemName","name":"\#(longText)"}"# + "\n" + log(),
            LogReplayer.defaultMaxLineBytes, false
        ),
        (
            "lines past the limit, the first of them the first record",
            String(repeating: "x", count: 300) + "\n" + header + "\n" + log() + "\n" + String(repeating: "y", count: 500), 200, false
        ),
    ]

    @Test("chunk edges give the same entries, tally and states", arguments: edges)
    func edge(_ name: String, _ text: String, _ maxLineBytes: Int, _ stops: Bool) throws {
        let one = try Self.replay(text, concurrently: false, maxLineBytes: maxLineBytes)
        let several = try Self.replay(text, concurrently: true, maxLineBytes: maxLineBytes)
        #expect(one.outcome.stoppedOnUnsupportedSchema == stops)
        #expect(several.outcome.stoppedOnUnsupportedSchema == stops)
        #expect(one.entries == several.entries)
        #expect(one.outcome.tally == several.outcome.tally)
        #expect(one.outcome.frameCount == several.outcome.frameCount)
        #expect(one.outcome.newestFrameState == several.outcome.newestFrameState)
        #expect(one.outcome.errorCount == several.outcome.errorCount)
    }
}
