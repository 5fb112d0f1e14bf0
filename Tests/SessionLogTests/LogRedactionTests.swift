import Foundation
import Redaction
import SessionLog
import Synchronization
import Testing
import TodoDomain

@Suite("Redaction as a log is read")
struct LogRedactionTests {
    static let key = Pseudonyms(key: Array("team secret".utf8))

    static let log = """
        {"type":"session","schema":"todo-session/1","sessionId":"s-42","app":"Todo","appVersion":"2.1","userId":"zoë@example.org","context":{"store":"Berlin 3","beta":true}}
        {"type":"event","event":"startCreatingItem"}
        {"type":"event","event":"changePartialItemName","name":"Oat"}
        {"type":"event","event":"changePartialItemName","name":"Oat milk"}
        {"type":"event","event":"addItem"}
        {"type":"event","event":"dance Zoë"}
        {"type":"event","event":"setItemDone","id":"not-a-uuid Zoë","isDone":true}
        {"type":"event" Zoë}

        """

    static func read(_ text: String, _ pseudonyms: Pseudonyms, concurrently: Bool) throws -> (SessionHeader?, [Frame], [Diagnostic]) {
        var header: SessionHeader?
        var frames: [Frame] = []
        var diagnostics: [Diagnostic] = []
        _ = try LogReplayer.replay(
            InMemoryByteSource(text), keepingStates: true, readingConcurrently: concurrently,
            redaction: LogRedaction(pseudonyms: pseudonyms)
        ) { entry in
            switch entry {
            case .header(let read): header = read
            case .frame(let frame): frames.append(frame)
            case .diagnostic(let diagnostic): diagnostics.append(diagnostic)
            case .travel: break
            }
        }
        return (header, frames, diagnostics)
    }

    @Test("typed text is masked, ids and context values pseudonymised, on one thread or two", arguments: [false, true])
    func records(concurrently: Bool) throws {
        let (header, frames, _) = try Self.read(Self.log, Self.key, concurrently: concurrently)
        // An app's name and version are kept: they key the per-version funnel and name no person.
        #expect(header?.app == "Todo")
        #expect(header?.appVersion == "2.1")
        #expect(header?.sessionId == Self.key.pseudonym(of: "s-42", as: .session))
        #expect(header?.userId == Self.key.pseudonym(of: "zoë@example.org", as: .user))
        #expect(header?.context.map(\.key) == ["store", "beta"])
        #expect(
            header?.context.map(\.value) == [
                Self.key.pseudonym(of: "Berlin 3", as: .context), Self.key.pseudonym(of: "true", as: .context),
            ])
        #expect(frames.map(\.partialItemName) == ["", "Xxx", "Xxx xxxx", ""])
        #expect(frames.last?.state?.todoItems.map(\.title) == ["Xxx xxxx"])
        #expect(frames[2].stamp.namePseudonym == Self.key.pseudonym(of: "Oat milk", as: .title))
    }

    @Test("an app or version that does not look like one is masked as typed text is")
    func unusualAppLabels() throws {
        let log = #"{"type":"session","schema":"todo-session/1","app":"Zoë's list","appVersion":"build for ann@example.org"}"# + "\n"
        let (header, _, _) = try Self.read(log, Self.key, concurrently: false)
        #expect(header?.app == "Xxx'x xxxx" && header?.appVersion == "xxxxx xxx xxx@xxxxxxx.xxx")
    }

    @Test("log text quoted in diagnostics is masked; the rest of the message stays")
    func diagnostics() throws {
        let (_, _, diagnostics) = try Self.read(Self.log, Self.key, concurrently: true)
        #expect(diagnostics.map(\.message).contains { $0.hasPrefix(#"unknown event "xxxxx Xxx"; expected one of"#) })
        #expect(diagnostics.map(\.message).contains(#""id" is not a UUID: "xxx-x-xxxx Xxx""#))
        #expect(diagnostics.map(\.message).contains("expected ',' or '}' after an object member, found 'X'"))
        #expect(!diagnostics.map(\.message).joined().contains("Zoë") && !diagnostics.map(\.message).joined().contains("'Z'"))
    }

    @Test("a character or byte value quoted from a broken line is masked: an escape's letter, a Latin-1 letter's byte")
    func quotedBytes() throws {
        var bytes = Array("{\"type\":\"event\",\"event\":\"startCreatingItem\"}\n".utf8)
        bytes += Array(#"{"type":"event","note":"C:\Secret"}"#.utf8) + [0x0A]  // an invalid escape, \S
        bytes += Array(#"{"type":"event","note":"Jos"#.utf8) + [0xE9, 0x20] + Array(#"S"}"#.utf8) + [0x0A]  // Latin-1 é
        bytes += Array(#"{"type":"event","note":"x"Z}"#.utf8) + [0x0A]
        var diagnostics: [Diagnostic] = []
        _ = try LogReplayer.replay(
            InMemoryByteSource(bytes), keepingStates: false, redaction: LogRedaction(pseudonyms: Self.key)
        ) { entry in
            if case .diagnostic(let diagnostic) = entry { diagnostics.append(diagnostic) }
        }
        let messages = diagnostics.map(\.message)
        #expect(messages.contains("invalid escape in a string: a backslash followed by 'X'"), "\(messages)")
        #expect(messages.contains { $0.contains("byte 0x?? starts a 3-byte UTF-8 sequence, but byte 0x?? after it") }, "\(messages)")
        #expect(messages.contains("expected ',' or '}' after an object member, found 'X'"), "\(messages)")
        #expect(!messages.joined().contains("S") && !messages.joined().contains("E9") && !messages.joined().contains("0x20"))
    }

    @Test("the same user is the same pseudonym in two sessions under one key, another under another key, `redacted` without")
    func acrossSessions() throws {
        let other = Self.log.replacingOccurrences(of: "s-42", with: "s-43")
        let first = try Self.read(Self.log, Self.key, concurrently: true).0
        let second = try Self.read(other, Self.key, concurrently: false).0
        #expect(first?.userId == second?.userId)
        #expect(first?.sessionId != second?.sessionId)
        let otherKey = try Self.read(Self.log, Pseudonyms(key: Array("another team".utf8)), concurrently: true).0
        #expect(otherKey?.userId != first?.userId)
        let unkeyed = try Self.read(Self.log, Pseudonyms(key: nil), concurrently: true)
        #expect(unkeyed.0?.userId == "redacted" && unkeyed.0?.sessionId == "redacted")
        #expect(unkeyed.1.allSatisfy { $0.stamp.namePseudonym == nil })
    }

    @Test("a redacted log written again holds the same records, masked, without digests, and reads back to the same frames")
    func writtenAgain() throws {
        var lines: [String] = []
        var reported: [Diagnostic] = []
        let counts = try RedactedLog.write(
            InMemoryByteSource(Self.log.replacingOccurrences(of: #""addItem"}"#, with: #""addItem","digest":"0123456789abcdef"}"#)),
            redaction: LogRedaction(pseudonyms: Self.key), report: { reported.append($0) }, write: { lines.append($0) })
        #expect(counts.records == 5 && counts.dropped == 3 && counts.blank == 0)
        #expect(reported.map(\.code) == [.unknownEvent, .wrongType, .invalidJSON])
        let text = lines.joined()
        #expect(!text.contains("digest") && !text.contains("Oat") && !text.contains("zoë"))
        let again = try replay(text)
        #expect(again.diagnostics.isEmpty)
        #expect(again.frames.map(\.partialItemName) == ["", "Xxx", "Xxx xxxx", ""])
    }

    /// A log of many runs of lines (so that the parsing threads take part):
    /// events, bad lines, blank lines and a line longer than the limit.
    static let longLog: String = {
        var lines = [#"{"type":"session","schema":"todo-session/1","sessionId":"s-42","userId":"zoë"}"#]
        for seq in 0..<60_000 {
            switch seq % 7 {
            case 3: lines.append(#"{"type":"event","seq":\#(seq),"event":"flyAway"}"#)
            case 5: lines.append("")
            case 6: lines.append(#"{"type":"event","seq":\#(seq),"event":"changePartialItemName","name":"Crème \#(seq) 牛乳"#)
            default: lines.append(#"{"type":"event","seq":\#(seq),"event":"changePartialItemName","name":"Oat \#(seq) 🥛"}"#)
            }
        }
        lines.append(#"{"type":"event","event":"changePartialItemName","name":""# + String(repeating: "x", count: 5_000) + #""}"#)
        return lines.joined(separator: "\n") + "\n"
    }()

    @Test("a long log is redacted the same with the reading threads as on one thread: lines, diagnostics and counts")
    func concurrentlyAsOnOneThread() throws {
        func redacted(concurrently: Bool) throws -> (String, [String], RedactedLog.Counts) {
            var lines: [String] = []
            var reported: [String] = []
            let counts = try RedactedLog.write(
                InMemoryByteSource(Self.longLog), redaction: LogRedaction(pseudonyms: Self.key), maxLineBytes: 4_096,
                readingConcurrently: concurrently, report: { reported.append($0.formatted(path: "log")) }, write: { lines.append($0) })
            return (lines.joined(), reported, counts)
        }
        let one = try redacted(concurrently: false)
        let many = try redacted(concurrently: true)
        #expect(one.0 == many.0 && one.1 == many.1 && one.2 == many.2)
        #expect(many.2.records == 34_288 && many.2.dropped == 17_143 && many.2.blank == 8_571)
        #expect(!many.0.contains("Oat") && !many.0.contains("zoë"))
    }

    @Test("a write that fails part-way through a long log is thrown, the reading stops short of the log's end, and its threads end")
    func failedWrite() throws {
        struct Full: Error {}
        /// What the splitting thread read of the log, and whether it let go of it.
        final class Watch: Sendable {
            let bytesRead = Atomic(0)
            let released = Atomic(false)
        }
        /// Held by the log's bytes alone: it goes when the thread that reads them ends.
        final class Token: Sendable {
            let watch: Watch
            init(_ watch: Watch) { self.watch = watch }
            deinit { watch.released.store(true, ordering: .sequentiallyConsistent) }
        }
        struct Watched: ByteSource {
            var bytes: InMemoryByteSource
            let token: Token

            mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
                let count = try bytes.read(into: buffer)
                token.watch.bytesRead.add(count, ordering: .sequentiallyConsistent)
                return count
            }
        }
        // A log of many chunks: the channel holds a few, so a reader that kept on would read them all.
        let log = String(repeating: Self.longLog, count: 8)
        let watch = Watch()
        var written = 0
        #expect(throws: Full.self) {
            try RedactedLog.write(
                Watched(bytes: InMemoryByteSource(log), token: Token(watch)), redaction: LogRedaction(pseudonyms: Self.key),
                report: { _ in },
                write: { _ in
                    written += 1
                    if written == 5_000 { throw Full() }
                })
        }
        #expect(written == 5_000)
        try waitUntil("the splitting thread lets go of the log") { watch.released.load(ordering: .sequentiallyConsistent) }
        let read = watch.bytesRead.load(ordering: .sequentiallyConsistent)
        #expect(read < log.utf8.count / 2, "\(read) of \(log.utf8.count) bytes read")
    }

    @Test("digests are not checked when redacting (they hash the text as typed, not the masked state)")
    func digestsNotChecked() throws {
        // The right digest of the state after "Oat milk" is added (its id derived: null in the digest).
        let frames = try LogReplayer.collect(InMemoryByteSource(Self.log)).frames
        let added = try #require(frames.first { if case .addItem = $0.event { true } else { false } }?.state)
        let digest = StateDigest.digest(of: added, hasLoggedID: { _ in false })
        let withDigest = Self.log.replacingOccurrences(of: #""addItem"}"#, with: #""addItem","digest":"\#(digest)"}"#)
        let plain = try LogReplayer.collect(InMemoryByteSource(withDigest))
        #expect(plain.outcome?.digests.checked == 1 && plain.outcome?.digests.differed == 0)
        var diagnostics: [Diagnostic] = []
        let redacted = try LogReplayer.replay(InMemoryByteSource(withDigest), redaction: LogRedaction(pseudonyms: Self.key)) { entry in
            if case .diagnostic(let diagnostic) = entry { diagnostics.append(diagnostic) }
        }
        #expect(redacted.digests.checked == 0)
        #expect(diagnostics.map { $0.code } == plain.diagnostics.map { $0.code })
    }
}
