import Foundation
import Redaction
import SessionLog
import Testing
import TodoDomain

@testable import Report

/// Every edge that the numbers' definitions settle, each a small log with
/// its expected numbers worked out by hand beside it.
@Suite("The numbers at their edges")
struct NumbersTableTests {
    /// One log's numbers, summary, stats file and event table.
    struct Result {
        var numbers: SessionNumbers
        var metrics: SessionMetrics
        var summary: String
        var stats: [String: Any]
        var table: [[String: String]]
    }

    static func result(_ lines: [String], redaction: LogRedaction? = nil) throws -> Result {
        let text = lines.map { $0 + "\n" }.joined()
        let builder = ReportBuilder(redaction: redaction, recordingEventTable: true)
        let outcome = try LogReplayer.replay(InMemoryByteSource(text), redaction: redaction) { builder.add($0) }
        builder.finish(with: outcome)
        let stats = SessionStats(
            name: "edge", input: "edge.jsonl", status: .rendered, problem: nil, metrics: builder.metrics, inputBytes: 0, inputSHA256: nil,
            tool: "test", strict: false)
        var bytes: [UInt8] = []
        builder.writeEventTable(session: "edge") { bytes.append(contentsOf: $0) }
        return Result(
            numbers: builder.metrics.numbers, metrics: builder.metrics, summary: builder.summaryMarkdown(),
            stats: try #require(try JSONSerialization.jsonObject(with: Data(stats.json.utf8)) as? [String: Any]),
            table: try NumbersPropertyTests.table(String(decoding: bytes, as: UTF8.self)))
    }

    static func event(_ body: String, at time: Int? = nil) -> String {
        #"{"type":"event",\#(body)\#(time.map { #","timestamp":\#($0)"# } ?? "")}"#
    }
    static let start = #""event":"startCreatingItem""#
    static let cancel = #""event":"cancelCreatingItem""#
    static func type(_ name: String) -> String { #""event":"changePartialItemName","name":"\#(name)""# }
    static func add(_ id: String? = nil) -> String { #""event":"addItem""# + (id.map { #","id":"\#($0)""# } ?? "") }
    static func done(_ id: String, _ value: Bool) -> String { #""event":"setItemDone","id":"\#(id)","isDone":\#(value)"# }
    static func travel(_ to: Int, at time: Int? = nil) -> String {
        #"{"type":"travel","to":\#(to)\#(time.map { #","timestamp":\#($0)"# } ?? "")}"#
    }
    static let header = #"{"type":"session","schema":"todo-session/1","startedAt":0}"#
    static let x = "00000000-0000-4000-8000-00000000000A"
    static let y = "00000000-0000-4000-8000-00000000000B"

    /// The journey's sheet numbers as `[opened, typed, added, cancelled, replaced, open at the end]`.
    static func sheets(_ n: SessionNumbers) -> [Int] {
        [n.sheets.opened, n.sheets.typed, n.sheets.added, n.sheets.cancelled, n.sheets.replaced, n.sheets.openAtEnd]
    }

    @Test("a travel back into an open sheet continues it: its keystrokes are the journey's, its time includes the detour")
    func travelIntoOpenSheet() throws {
        let r = try Self.result([
            Self.header,
            Self.event(Self.start, at: 1_000),  // frame 1
            Self.event(Self.type("Mi"), at: 2_000),  // 2
            Self.event(Self.type("Milk"), at: 3_000),  // 3: undone by the travel
            Self.travel(2, at: 4_000),
            Self.event(Self.type("Mil"), at: 5_000),  // 4, parent 2
            Self.event(Self.add(Self.x), at: 7_000),  // 5
        ])
        let n = r.numbers
        // Journey 0 1 2 4 5: one sheet, typed, added with the keystrokes of frames 2 and 4.
        #expect(Self.sheets(n) == [1, 1, 1, 0, 0, 0])
        #expect(n.undoneFrames == 1 && n.events == 5 && n.frames == 6 && n.travels == 1)
        #expect(n.keystrokes == 3, "activity: the undone keystroke too")
        #expect(n.sheets.addedSheetKeystrokes == 2 && n.sheets.keystrokesPerItem?.oneDecimal == "2.0")
        // From + at 1,000 to Add at 7,000, the detour to frame 2 included.
        #expect(n.plusToAddMs == [.init(milliseconds: 6_000, count: 1)] && n.medianPlusToAddMs == 6_000)
        #expect(r.summary.contains("**Median time from + to Add**: 6.0 s (of 1 timed sheet)"))
        #expect(r.table.map { $0["on_journey"] ?? "" } == ["true", "true", "false", "", "true", "true"])
        #expect(r.table.map { $0["sheet"] ?? "" } == ["1", "1", "", "", "1", "1"])
    }

    @Test("a + while a sheet is open ends that sheet as replaced and opens another")
    func plusWhileOpen() throws {
        let r = try Self.result([
            Self.header, Self.event(Self.start, at: 1_000), Self.event(Self.type("a"), at: 1_500), Self.event(Self.start, at: 3_000),
            Self.event(Self.type("b"), at: 3_500), Self.event(Self.add(Self.x), at: 5_000),
        ])
        let n = r.numbers
        #expect(Self.sheets(n) == [2, 2, 1, 0, 1, 0])
        #expect(n.sheets.addedSheetKeystrokes == 1, "only the second sheet's keystroke")
        #expect(n.plusToAddMs == [.init(milliseconds: 2_000, count: 1)], "from the second +")
        #expect(n.sheets.conversion?.json == "0.5" && n.sheets.conversion?.percent == "50%")
        #expect(r.stats["conversion"] as? Double == 0.5 && r.stats["sheetsReplaced"] as? Int == 1)
        #expect(r.table.compactMap { $0["sheet_end"] } == ["replaced", "replaced", "added", "added", "added"])
        #expect(r.summary.contains("**Replaced by another +**: 1 (50%)"))
    }

    @Test("a cancel or an Add with no sheet open ends nothing; such an item belongs to no sheet")
    func noSheetOpen() throws {
        let r = try Self.result([
            Self.event(Self.cancel),  // nothing open
            Self.event(Self.add(Self.x)),  // not-creating: an item without a sheet
            Self.event(Self.start), Self.event(Self.cancel),  // the one sheet, cancelled
            Self.event(Self.cancel),  // nothing open again
        ])
        let n = r.numbers
        // One sheet opened, one cancelled: not the three cancel events.
        #expect(Self.sheets(n) == [1, 0, 0, 1, 0, 0])
        #expect(n.eventCounts[.cancelCreatingItem] == 3)
        #expect(n.sheets.itemsAdded == 1 && n.sheets.itemsWithoutSheet == 1 && n.sheets.added == 0)
        #expect(n.sheets.conversion?.percent == "0%" && n.sheets.conversion?.json == "0" && n.sheets.keystrokesPerItem == nil)
        #expect(r.stats["keystrokesPerItem"] is NSNull && r.stats["itemsWithoutSheet"] as? Int == 1)
        #expect(r.summary.contains("**Items added**: 1 (1 without a sheet)") && r.summary.contains("**Keystrokes per item**: n/a"))
        #expect(r.table.map { $0["sheet"] ?? "" } == ["", "", "1", "1", ""])
        #expect(r.table.map { $0["changed"] ?? "" } == ["false", "true", "true", "true", "false"])
    }

    @Test("two items with one id: setItemDone changes the first; each is listed as it ends")
    func duplicateIDs() throws {
        let r = try Self.result([
            Self.event(Self.start), Self.event(Self.type("A")), Self.event(Self.add(Self.x)),
            Self.event(Self.start), Self.event(Self.type("B")), Self.event(Self.add(Self.x)),
            Self.event(Self.done(Self.x, true)),
        ])
        #expect(r.metrics.items.map(\.toggles) == [1, 0] && r.metrics.items.map(\.isFinished) == [true, false])
        #expect(r.summary.contains("**“B”** — added on line 6, not finished at the end, toggled 0 times"))
        #expect(r.table.last?["item"] == "0")
    }

    @Test(
        "a name typed again as other bytes for the same letters (é, then e and a combining accent) changed the state, redacted or not",
        arguments: [nil, Pseudonyms(key: nil), Pseudonyms(key: Array("team secret".utf8))])
    func nameInOtherBytes(pseudonyms: Pseudonyms?) throws {
        let r = try Self.result(
            [
                Self.event(Self.start), Self.event(Self.type("caf\u{E9}")), Self.event(Self.type("cafe\u{301}")),
                Self.event(Self.type("cafe\u{301}")),
            ], redaction: pseudonyms.map { LogRedaction(pseudonyms: $0) })
        #expect(r.table.map { $0["changed"] ?? "" } == ["true", "true", "true", "false"])
    }

    @Test("a toggle to the value the item has is not a toggle; the event table says it changed nothing")
    func sameValue() throws {
        let r = try Self.result([
            Self.event(Self.start), Self.event(Self.type("A")), Self.event(Self.add(Self.x)),
            Self.event(Self.done(Self.x, false)), Self.event(Self.done(Self.x, true)), Self.event(Self.done(Self.x, true)),
            Self.event(Self.done(Self.y, true)),  // no item has it
        ])
        #expect(r.metrics.items.map(\.toggles) == [1])
        let toggles = r.table.suffix(4)
        #expect(toggles.map { $0["changed"] ?? "" } == ["false", "true", "false", "false"])
        #expect(toggles.map { $0["item"] ?? "" } == ["0", "0", "0", ""])
        #expect(toggles.map { $0["is_done"] ?? "" } == ["false", "true", "true", "true"])
        // The unknown id leaves the state, its name included: the chain's last run is setItemDone x3.
        #expect(r.summary.contains("`setItemDone` x4"))
    }

    @Test("a toggle that a travel undid is not counted, nor is its item's state")
    func toggleUndone() throws {
        let r = try Self.result([
            Self.event(Self.start), Self.event(Self.type("A")), Self.event(Self.add(Self.x)),  // frames 1-3
            Self.event(Self.done(Self.x, true)),  // 4
            Self.travel(3), Self.event(Self.start),  // 5, parent 3
        ])
        #expect(r.metrics.items.map(\.toggles) == [0] && r.metrics.items.map(\.isFinished) == [false])
        #expect(r.numbers.undoneFrames == 1 && r.numbers.sheets.openAtEnd == 1)
        #expect(r.summary.contains("Time travel left 1 frame out of this chain: it is on branches the session did not end on."))
    }

    @Test("a travel at the end changes nothing: the newest frame is still the end")
    func trailingTravel() throws {
        let r = try Self.result([
            Self.event(Self.start), Self.event(Self.type("A")), Self.event(Self.add(Self.x)), Self.travel(0),
        ])
        #expect(r.numbers.undoneFrames == 0 && r.numbers.sheets.itemsAdded == 1 && Self.sheets(r.numbers) == [1, 1, 1, 0, 0, 0])
        #expect(r.table.last?["type"] == "travel" && r.table.last?["parent"] == "0" && r.table.last?["frame"] == "")
    }

    @Test("without a time: no start, end, duration or median, and an empty series")
    func noTimes() throws {
        let r = try Self.result([Self.event(Self.start), Self.event(Self.type("A")), Self.event(Self.add(Self.x))])
        let n = r.numbers
        #expect(n.start == nil && n.end == nil && n.durationMs == nil && n.medianPlusToAddMs == nil && n.plusToAddMs.isEmpty)
        #expect(n.activity == .init(bucketMs: 1_000, counts: Array(repeating: 0, count: 24)))
        #expect(r.stats["durationMs"] is NSNull && r.stats["start"] is NSNull)
        #expect(r.summary.contains("**Duration**: unknown") && r.summary.contains("**Median time from + to Add**: n/a"))
        #expect(r.summary.contains("**“A”** — added on line 3,"))
        #expect(r.table.allSatisfy { $0["time"] == "" && $0["t_ms"] == "" })
    }

    @Test("an event before startedAt has a negative t_ms and counts in the first bucket")
    func beforeStart() throws {
        let r = try Self.result([
            #"{"type":"session","schema":"todo-session/1","startedAt":10000}"#,
            Self.event(Self.start, at: 9_000), Self.event(Self.type("A"), at: 9_200), Self.event(Self.add(Self.x), at: 9_500),
            Self.event(Self.start, at: 11_000), Self.event(Self.type("B"), at: 11_700), Self.event(Self.add(Self.y), at: 12_500),
        ])
        let n = r.numbers
        #expect(n.start == "1970-01-01T00:00:10.000Z" && n.end == "1970-01-01T00:00:12.500Z" && n.durationMs == 2_500)
        // 2,500 ms < 24 × 1,000: buckets of a second; the three before the start in the first.
        #expect(n.activity.bucketMs == 1_000 && n.activity.counts.prefix(4) == [3, 2, 1, 0])
        #expect(n.plusToAddMs == [.init(milliseconds: 500, count: 1), .init(milliseconds: 1_500, count: 1)])
        #expect(r.summary.contains("**“A”** — added at -500 ms,") && r.summary.contains("**“B”** — added at +2.5 s,"))
        #expect(r.table.map { $0["t_ms"] ?? "" } == ["-1000", "-800", "-500", "1000", "1700", "2500"])
    }

    @Test("the even count's median is the mean of the middle two, rounded half away from zero")
    func evenMedian() throws {
        let r = try Self.result([
            Self.header, Self.event(Self.start, at: 0), Self.event(Self.add(Self.x), at: 1_000),
            Self.event(Self.start, at: 2_000), Self.event(Self.add(Self.y), at: 4_001),
        ])
        // 1,000 and 2,001: their mean 1,500.5 is written 1,501.
        #expect(r.numbers.medianPlusToAddMs == 1_501 && r.stats["medianPlusToAddMs"] as? Int == 1_501)
        #expect(r.summary.contains("**Median time from + to Add**: 1.5 s"))
        #expect(WholeNumber.median([(-2_001, 1), (-1_000, 1)]) == -1_501)
        #expect(WholeNumber.median([(7, 3)]) == 7 && WholeNumber.median([]) == nil)
    }

    @Test("fractional times: t_ms and the duration are rounded half away from zero, and whole in the stats")
    func fractionalTimes() throws {
        let r = try Self.result([
            Self.header, Self.event(Self.start, at: nil).replacingOccurrences(of: "}", with: #","timestamp":0.5}"#),
            Self.event(Self.add(Self.x)).replacingOccurrences(of: "}", with: #","timestamp":3110.5}"#),
        ])
        #expect(r.numbers.durationMs == 3_111 && r.stats["durationMs"] as? Int == 3_111)
        // t_ms 1 and 3,111: 3,110 from + to Add, a whole number.
        #expect(r.numbers.plusToAddMs == [.init(milliseconds: 3_110, count: 1)])
        #expect(r.table.map { $0["t_ms"] ?? "" } == ["1", "3111"])
    }

    @Test(
        "durations are rounded to the unit they end with before they are split",
        arguments: [
            (0, "0 ms"), (999, "999 ms"), (1_000, "1.0 s"), (1_049, "1.0 s"), (1_050, "1.1 s"), (59_949, "59.9 s"),
            (59_950, "1 min 00 s"), (59_960, "1 min 00 s"), (3_599_499, "59 min 59 s"), (3_599_500, "1 h 00 min"),
            (3_642_000, "1 h 01 min"), (3_629_999, "1 h 00 min"), (5_400_000, "1 h 30 min"), (-1_500, "-1.5 s"), (-999, "-999 ms"),
            (86_400_000, "24 h 00 min"), (3_599_969_999, "999 h 59 min"), (3_599_970_000, "1,000 h 00 min"),
            (-(1 << 48), "-78,187,493 h 32 min"),
        ] as [(Int64, String)])
    func durations(milliseconds: Int64, text: String) {
        #expect(Formatting.duration(milliseconds: milliseconds) == text)
    }

    @Test(
        "ratios are rounded half up from the counts; as percentages they are 0% or 100% only when exact, in JSON as rounded",
        arguments: [
            (2, 3, "66.7%", "0.6667", "0.7"), (1, 8, "12.5%", "0.125", "0.1"), (3, 4, "75%", "0.75", "0.8"),
            (1, 3, "33.3%", "0.3333", "0.3"),
            (999, 1_000, "99.9%", "0.999", "1.0"), (1_999, 2_000, "99.9%", "0.9995", "1.0"), (18_489, 18_500, "99.9%", "0.9994", "1.0"),
            (19_999, 20_000, "99.9%", "1", "1.0"), (1, 2_000, "0.1%", "0.0005", "0.0"), (1, 20_000, "0.1%", "0.0001", "0.0"),
            (1, 20_001, "0.1%", "0", "0.0"), (20_000, 20_001, "99.9%", "1", "1.0"),
            (1, 32, "3.1%", "0.0313", "0.0"), (0, 5, "0%", "0", "0.0"), (5, 5, "100%", "1", "1.0"), (36, 3, "1200%", "12", "12.0"),
            (44, 3, "1466.7%", "14.6667", "14.7"),
        ] as [(Int, Int, String, String, String)])
    func ratios(part: Int, whole: Int, percent: String, json: String, oneDecimal: String) throws {
        let ratio = try #require(Ratio(part, of: whole))
        #expect(ratio.percent == percent && ratio.json == json && ratio.oneDecimal == oneDecimal)
        #expect(Ratio(part, of: 0) == nil)
    }

    @Test(
        "keystrokes per item in stats/NAME.json and sessions.csv is a rate: 30,001 keystrokes for 30,000 items is 1, as the summary's 1.0")
    func keystrokesPerItemNearOne() throws {
        var stats = SessionStats(
            name: "edge", input: "edge.jsonl", status: .rendered, problem: nil, metrics: try Self.result([Self.header]).metrics,
            inputBytes: 0, inputSHA256: nil, tool: "test", strict: false)
        stats.numbers.sheets.added = 30_000
        stats.numbers.sheets.addedSheetKeystrokes = 30_001
        let json = try #require(try JSONSerialization.jsonObject(with: Data(stats.json.utf8)) as? [String: Any])
        #expect(json["keystrokesPerItem"] as? Int == 1, "\(json["keystrokesPerItem"] ?? "none")")
        let csv = BatchAggregate([stats]).csv().split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let column = try #require(BatchAggregate.csvColumns.firstIndex(of: "keystrokes_per_item"))
        #expect(csv[1][column] == "1")
        #expect(stats.numbers.sheets.keystrokesPerItem?.oneDecimal == "1.0")
    }

    /// From a review: JSON's plain rounding made 19,999 of 20,000 the same number as all of them.
    @Test(
        "the index sorts conversion by the JSON's number, or by the exact ratio where that number is 0 or 1 and the ratio is not",
        arguments: [
            (19_999, 20_000, "0.99995"), (20_000, 20_000, "1"), (1, 20_001, "4.999750012499375e-05"), (0, 20_001, "0"), (2, 3, "0.6667"),
        ] as [(Int, Int, String)])
    func conversionSortValue(added: Int, opened: Int, value: String) {
        var numbers = SessionNumbers()
        numbers.sheets.added = added
        numbers.sheets.opened = opened
        #expect(IndexPageRenderer.conversionSortValue(numbers) == value)
    }

    @Test(
        "a rate (keystrokes per item) in JSON is rounded plainly: 0 and 1 are no bounds for it",
        arguments: [
            (30_001, 30_000, "1"), (1, 30_000, "0"), (29_999, 30_000, "1"), (2, 3, "0.6667"), (44, 3, "14.6667"), (5, 5, "1"),
            (19_999, 20_000, "1"),
        ] as [(Int, Int, String)])
    func rates(part: Int, whole: Int, json: String) throws {
        #expect(try #require(Ratio(part, of: whole)).json == json)
    }

    @Test("every line is counted once: after an unsupported schema each line is dropped unread, a blank one stays blank")
    func unsupportedSchemaLines() throws {
        let r = try Self.result([
            #"{"type":"session","schema":"todo-session/2"}"#, Self.event(Self.start), "", "   ", "not json",
        ])
        let n = r.numbers
        // The header is dropped by its error, the event and the junk unread; two blank lines.
        let lines: [Int] = [n.lines, n.events, n.travels, n.headers, n.droppedLines, n.blankLines]
        #expect(lines == [5, 0, 0, 0, 3, 2])
        #expect(
            r.summary.contains(
                "Every line accounted for: 5 lines, 0 events made frames, 0 travels, 0 headers, 3 dropped (2 unread after the unsupported schema), 2 blank."
            ))
    }

    @Test("times are counted exactly: a difference a quarter of a microsecond from a half millisecond rounds as its digits say")
    func exactTimes() throws {
        // Seven fraction digits, as .NET writes them: 1,000.4999 ms after the start is 1,000, not 1,001.
        let strings = try Self.result([
            #"{"type":"session","schema":"todo-session/1","startedAt":"2026-11-29T09:00:00Z"}"#,
            #"{"type":"event","event":"startCreatingItem","timestamp":"2026-11-29T09:00:01.0004999Z"}"#,
        ])
        #expect(strings.numbers.durationMs == 1_000 && strings.stats["durationMs"] as? Int == 1_000)
        #expect(strings.table.map { $0["t_ms"] ?? "" } == ["1000"])
        // Numbers of milliseconds with fractions: + at 0.5 ms after the start and Add at 1.4999 ms are 0 and 1.
        let numbers = try Self.result([
            #"{"type":"session","schema":"todo-session/1","startedAt":1795942800000.0001}"#,
            #"{"type":"event","event":"startCreatingItem","timestamp":1795942800000.5}"#,
            #"{"type":"event","event":"changePartialItemName","name":"Milk","timestamp":1795942800001}"#,
            #"{"type":"event","event":"addItem","timestamp":1795942800001.5}"#,
        ])
        #expect(numbers.numbers.durationMs == 1 && numbers.numbers.plusToAddMs == [.init(milliseconds: 1, count: 1)])
        #expect(numbers.table.map { $0["t_ms"] ?? "" } == ["0", "1", "1"])
        #expect(
            numbers.table.map { $0["time"] ?? "" } == Array(repeating: "2026-11-29T09:00:00.000Z", count: 1) + [
                "2026-11-29T09:00:00.001Z", "2026-11-29T09:00:00.001Z",
            ])
        // A step back of 100 ns is a step back.
        let backwards = try Self.result([
            Self.header,
            #"{"type":"event","event":"startCreatingItem","timestamp":"2026-11-29T09:00:01.0000001Z"}"#,
            #"{"type":"event","event":"cancelCreatingItem","timestamp":"2026-11-29T09:00:01.0000000Z"}"#,
        ])
        #expect(backwards.numbers.warnings == 1 && backwards.numbers.codes == ["time-backwards": 1])
    }

    /// A header's text is in every row: with a session id longer than a block, each row is longer
    /// than a block, and each block still ends where a row does, at least 64 KiB long (the blocks
    /// are compressed as they come, so where they end is part of the event table's bytes).
    @Test("an event table of rows longer than its blocks: every row whole, every block ending a row")
    func rowsLongerThanABlock() throws {
        let id = String(repeating: "s", count: 70_000)
        let lines =
            [#"{"type":"session","schema":"todo-session/1","sessionId":"\#(id)","appVersion":"1.0"}"#]
            + (0..<3).flatMap { _ in [Self.event(Self.start, at: 0), Self.event(Self.cancel, at: 1)] }
        let builder = ReportBuilder(recordingEventTable: true)
        let outcome = try LogReplayer.replay(InMemoryByteSource(lines.map { $0 + "\n" }.joined())) { builder.add($0) }
        builder.finish(with: outcome)
        var blocks: [[UInt8]] = []
        builder.writeEventTable(session: "long") { blocks.append(Array($0)) }
        let table = try NumbersPropertyTests.table(String(decoding: blocks.joined(), as: UTF8.self))
        #expect(table.count == 6)
        #expect(table.allSatisfy { $0["session_id"] == id && $0["session"] == "long" && $0["app_version"] == "1.0" })
        #expect(blocks.count > 1)
        for block in blocks.dropLast() {
            #expect(block.count >= 1 << 16)
            #expect(block.suffix(2) == [0x0D, 0x0A])
        }
    }
}
