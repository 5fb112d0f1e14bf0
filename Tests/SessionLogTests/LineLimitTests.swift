import Foundation
import Redaction
import SessionLog
import Synchronization
import Testing

/// `line-too-long`: a line past the reader's limit is reported and skipped
/// without being held, and the lines after it are read.
@Suite("Lines longer than the limit")
struct LineLimitTests {
    static let limit = 1_024
    static let start = #"{"type":"event","event":"startCreatingItem"}"#
    static let cancel = #"{"type":"event","event":"cancelCreatingItem"}"#

    /// A valid `startCreatingItem` record of exactly `length` bytes (≥ 60).
    static func record(length: Int) -> String {
        let head = #"{"type":"event","event":"startCreatingItem","pad":""#
        return head + String(repeating: "a", count: length - head.utf8.count - 2) + #""}"#
    }

    /// Writes `bytes` to a fresh file and replays it with `limit`.
    static func replayFile(_ bytes: [UInt8], limit: Int = limit) throws -> ReplayResult {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("log.jsonl")
        try Data(bytes).write(to: url)
        let descriptor = open(url.path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        // A small buffer, so that long lines cross many reads.
        return try LogReplayer.collect(FileDescriptorByteSource(fileDescriptor: descriptor), bufferSize: 256, maxLineBytes: limit)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var length: Int
        var ending: String
        var bom = false
        var testDescription: String {
            "\(length) bytes (limit \(LineLimitTests.limit)), \(ending == "\r\n" ? "CRLF" : "LF")\(bom ? ", after a BOM" : "")"
        }
    }

    static let cases: [Case] =
        [limit - 1, limit, limit + 1, limit + 2, limit + 3, 10 * limit, 1 << 20].flatMap { length in
            [Case(length: length, ending: "\n"), Case(length: length, ending: "\r\n")]
        } + [Case(length: limit, ending: "\n", bom: true), Case(length: limit + 1, ending: "\r\n", bom: true)]

    @Test("a line up to the limit is read; past it, line-too-long, and the next lines are read", arguments: cases)
    func limitEdge(_ testCase: Case) throws {
        // Line 1 the record under test, line 2 an event, line 3 blank, line 4 an event.
        let text =
            Self.record(length: testCase.length) + testCase.ending + Self.cancel + testCase.ending + testCase.ending + Self.start
            + testCase.ending
        let result = try Self.replayFile((testCase.bom ? [0xEF, 0xBB, 0xBF] : []) + Array(text.utf8))
        let tally = try #require(result.outcome?.tally)
        #expect(tally.total == 4)
        #expect(tally.blank == 1)
        if testCase.length <= Self.limit {
            #expect(result.found == [])
            #expect(result.frames.map(\.line) == [1, 2, 4])
            #expect(tally.dropped == 0)
        } else {
            #expect(result.found == [Found(1, nil, .lineTooLong)])
            #expect(result.frames.map(\.line) == [2, 4])
            #expect(tally.dropped == 1)
            let message = try #require(result.diagnostics.first?.message)
            #expect(message.contains("the line has \(grouped(testCase.length)) bytes, more than the limit of 1,024 bytes (1 KiB)"))
            #expect(message.contains("--max-line-bytes"))
        }
    }

    @Test("a last line past the limit without a newline is line-too-long, not truncated-line")
    func lastLineWithoutNewline() throws {
        let text = Self.start + "\n" + Self.record(length: 5_000)
        let result = try Self.replayFile(Array(text.utf8))
        #expect(result.found == [Found(2, nil, .lineTooLong)])
        #expect(result.diagnostics.first?.message.contains("the line has 5,000 bytes (the log ends inside it)") == true)
        #expect(result.frames.count == 1)
        #expect(result.outcome?.tally.dropped == 1)
        #expect(result.outcome?.tally.total == 2)
    }

    @Test("a blank line is blank at any length")
    func longBlankLine() throws {
        for ending in ["\n", "\r\n"] {
            let text = Self.start + ending + String(repeating: " \t", count: 3_000) + ending + Self.cancel + ending
            let result = try Self.replayFile(Array(text.utf8))
            #expect(result.found == [])
            #expect(result.outcome?.tally.blank == 1)
            #expect(result.frames.map(\.line) == [1, 3])
        }
    }

    @Test("a line past the limit takes the first record's place: a header after it is misplaced")
    func firstRecord() throws {
        let header = #"{"type":"session","schema":"todo-session/1"}"#
        let text = Self.record(length: 2_000) + "\n" + header + "\n" + Self.start + "\n"
        let result = try Self.replayFile(Array(text.utf8))
        #expect(result.found == [Found(1, nil, .lineTooLong), Found(2, nil, .misplacedHeader)])
        #expect(result.frames.map(\.line) == [3])
    }

    @Test("the limit is the API's: the default reads a 1 MiB line that a 1 KiB limit skips")
    func defaultLimit() throws {
        let text = Self.record(length: 1 << 20) + "\n"
        #expect(LogReplayer.defaultMaxLineBytes == 256 << 20)
        #expect(try LogReplayer.collect(InMemoryByteSource(text)).frames.count == 1)
        #expect(try LogReplayer.collect(InMemoryByteSource(text), maxLineBytes: Self.limit).found == [Found(1, nil, .lineTooLong)])
    }

    @Test(
        "the buffer never grows past the limit plus a \\r\\n, and shrinks back after a long line",
        arguments: [
            // (line length, limit): skipped, or read whole after growing to its size
            (64 << 20, 1 << 20),
            (3 << 20, 4 << 20),
        ])
    func bufferStaysBounded(length: Int, limit: Int) throws {
        let bufferSize = 64 << 10
        let line = Array(Self.record(length: length).utf8) + [0x0A]
        let tail = Array((String(repeating: Self.cancel + "\n", count: 10_000)).utf8)
        let source = WatchedSource(parts: [.bytes(line), .bytes(tail)])
        let result = try LogReplayer.collect(source, bufferSize: bufferSize, maxLineBytes: limit)
        #expect(result.found == (length > limit ? [Found(1, nil, .lineTooLong)] : []))
        #expect(result.frames.count == (length > limit ? 10_000 : 10_001))
        // The buffer is what the reader asks to fill: never more than the limit and `\r\n`, or its start size.
        #expect(source.watch.largestRead <= max(limit + 2, bufferSize))
        #expect(source.watch.lastRead <= bufferSize)
    }

    /// A `changePartialItemName` record of exactly `length` bytes (≥ 70)
    /// whose name cycles through letters and digits, so a byte out of place shows.
    static func typing(length: Int) -> (record: String, name: String) {
        let head = #"{"type":"event","event":"changePartialItemName","name":""#
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        let name = String((0..<(length - head.utf8.count - 2)).map { alphabet[$0 % alphabet.count] })
        return (head + name + #""}"#, name)
    }

    struct HeldCase: CustomTestStringConvertible, Sendable {
        var length: Int
        var limit: Int
        var ending = "\n"
        var lastWithoutNewline = false
        var testDescription: String {
            "\(length) bytes, limit \(limit)\(ending == "\r\n" ? ", CRLF" : "")\(lastWithoutNewline ? ", the log ends inside it" : "")"
        }
    }

    /// With a 64 KiB buffer the reader keeps at most 1 MiB of a line whose end it has not read.
    static let heldCases: [HeldCase] = [
        HeldCase(length: 3 << 20, limit: 8 << 20),
        HeldCase(length: 3 << 20, limit: 8 << 20, ending: "\r\n"),
        HeldCase(length: 8 << 20, limit: 8 << 20, ending: "\r\n"),
        HeldCase(length: (8 << 20) + 1, limit: 8 << 20),
        HeldCase(length: (8 << 20) + 1, limit: 8 << 20, ending: "\r\n"),
        HeldCase(length: 20 << 20, limit: 8 << 20),
        HeldCase(length: 3 << 20, limit: 8 << 20, lastWithoutNewline: true),
        HeldCase(length: 20 << 20, limit: 8 << 20, lastWithoutNewline: true),
    ]

    @Test(
        "a line longer than the reader keeps in memory waits on disk: read back whole within the limit, skipped past it, never more than 16 buffers in memory",
        arguments: heldCases)
    func heldOnDisk(_ testCase: HeldCase) throws {
        let bufferSize = 64 << 10
        let (record, name) = Self.typing(length: testCase.length)
        let header = #"{"type":"session","schema":"todo-session/1"}"# + testCase.ending + Self.start + testCase.ending
        let after = testCase.lastWithoutNewline ? "" : testCase.ending + Self.cancel + testCase.ending
        let source = WatchedSource(parts: [.bytes(Array((header + record + after).utf8))])
        let result = try LogReplayer.collect(source, bufferSize: bufferSize, maxLineBytes: testCase.limit)
        // What the reader asks to fill is its buffer's room: it never grew past 16 times its start.
        #expect(source.watch.largestRead <= 16 * bufferSize)
        #expect(source.watch.lastRead <= bufferSize)
        if testCase.length <= testCase.limit {
            // A whole record that the log ends without a newline after is read as any other.
            #expect(result.found == [])
            #expect(result.allStates.contains { $0.partialItemName == name }, "the line read back is the line")
            #expect(result.frames.map(\.line) == (testCase.lastWithoutNewline ? [2, 3] : [2, 3, 4]))
        } else {
            #expect(result.found == [Found(3, nil, .lineTooLong)])
            let message = try #require(result.diagnostics.first?.message)
            #expect(message.contains("the line has \(grouped(testCase.length)) bytes"), "\(message)")
            #expect(result.frames.map(\.line) == (testCase.lastWithoutNewline ? [2] : [2, 4]))
        }
    }

    @Test(
        "read for redaction, a long line is held in memory, not in a temporary file: the buffer grows past 16 times its start",
        arguments: [false, true])
    func heldInMemoryWhenRedacting(concurrently: Bool) throws {
        let bufferSize = 64 << 10
        let (record, name) = Self.typing(length: 3 << 20)
        let source = WatchedSource(parts: [.bytes(Array((Self.start + "\n" + record + "\n" + Self.cancel + "\n").utf8))])
        var names: [String] = []
        let outcome = try LogReplayer.replay(
            source, bufferSize: bufferSize, maxLineBytes: 8 << 20, readingConcurrently: concurrently,
            redaction: LogRedaction(pseudonyms: Pseudonyms(key: nil))
        ) { entry in
            if case .frame(let frame) = entry, case .changePartialItemName(let typed) = frame.event { names.append(typed) }
        }
        #expect(outcome.frameCount == 4)
        #expect(names == [TextMask.mask(name)])
        #expect(source.watch.largestRead > 16 * bufferSize, "the line was held on disk")
    }

    @Test("a blank line held on disk is blank at any length, within the limit or past it", arguments: [3 << 20, 20 << 20])
    func blankHeldOnDisk(length: Int) throws {
        let text = Self.start + "\r\n" + String(repeating: " \t", count: length / 2) + "\r\n" + Self.cancel + "\n"
        let source = WatchedSource(parts: [.bytes(Array(text.utf8))])
        let result = try LogReplayer.collect(source, bufferSize: 64 << 10, maxLineBytes: 8 << 20)
        #expect(result.found == [])
        #expect(result.outcome?.tally.blank == 1)
        #expect(result.frames.map(\.line) == [1, 3])
        #expect(source.watch.largestRead <= 16 * (64 << 10))
    }

    @Test("input with no line break at all (like /dev/zero) is read in a bounded buffer")
    func noLineBreak() throws {
        let limit = 1 << 20
        let source = WatchedSource(parts: [.zeros(256 << 20)])
        let result = try LogReplayer.collect(source, bufferSize: 64 << 10, maxLineBytes: limit)
        #expect(result.found == [Found(1, nil, .lineTooLong)])
        #expect(result.diagnostics.first?.message.contains("268,435,456 bytes (the log ends inside it)") == true)
        #expect(source.watch.largestRead <= limit + 2)
    }
}

/// A byte source of generated parts that tells its ``ReadWatch`` how many
/// bytes each read asked for: the room left in the reader's buffer.
struct WatchedSource: ByteSource {
    enum Part {
        case bytes([UInt8])
        case zeros(Int)
    }

    private var parts: [Part]
    private var offset = 0
    let watch = ReadWatch()

    init(parts: [Part]) { self.parts = parts }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        watch.note(buffer.count)
        while let part = parts.first {
            let count: Int
            let total: Int
            switch part {
            case .bytes(let bytes):
                total = bytes.count
                count = min(buffer.count, total - offset)
                bytes.withUnsafeBytes { raw in
                    buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[offset..<offset + count]))
                }
            case .zeros(let size):
                total = size
                count = min(buffer.count, total - offset)
                if let base = buffer.baseAddress { memset(base, 0, count) }
            }
            offset += count
            if offset == total {
                parts.removeFirst()
                offset = 0
            }
            if count > 0 { return count }
        }
        return 0
    }
}

/// The largest and the last read a ``WatchedSource`` was asked for.
final class ReadWatch: Sendable {
    private let sizes = Mutex((largest: 0, last: 0))

    func note(_ size: Int) { sizes.withLock { $0 = (max($0.largest, size), size) } }
    var largestRead: Int { sizes.withLock { $0.largest } }
    var lastRead: Int { sizes.withLock { $0.last } }
}

/// `268,435,456`, as the messages group digits.
private func grouped(_ value: Int) -> String {
    let digits = Array(String(value))
    var result = ""
    for (index, digit) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
        result.append(digit)
    }
    return result
}
