import Foundation
import Report
import SessionLog
import Testing
import TodoDomain

@Suite("stats/NAME.json and the batch aggregate")
struct BatchStatsTests {
    static let log = """
        {"type":"session","schema":"todo-session/1","sessionId":"s \\"1\\" \\u00e9\\ud83d\\ude00","appVersion":"1.5","userId":"u<1>","startedAt":"2026-01-01T00:00:00Z"}
        {"type":"event","event":"startCreatingItem","timestamp":"2026-01-01T00:00:01Z"}
        {"type":"event","event":"changePartialItemName","name":"Milk","timestamp":"2026-01-01T00:00:02Z"}
        {"type":"event","event":"addItem","timestamp":"2026-01-01T00:00:03.5Z"}
        {"type":"event","event":"startCreatingItem","timestamp":"2026-01-01T00:01:00Z"}
        {"type":"event","event":"cancelCreatingItem","timestamp":"2026-01-01T00:01:02Z"}
        {"type":"event" "event":"x"}

        """

    static func stats(name: String = "a--b") throws -> SessionStats {
        let builder = ReportBuilder()
        let outcome = try LogReplayer.replay(InMemoryByteSource(log)) { builder.add($0) }
        builder.finish(with: outcome)
        return SessionStats(
            name: name, input: "a/b\u{1}.jsonl", status: .rendered, problem: nil, metrics: builder.metrics,
            inputBytes: log.utf8.count, inputSHA256: "00ff", tool: "todo-report test", strict: false)
    }

    @Test("a session's stats read back from their JSON text are the same stats")
    func roundTrip() throws {
        let stats = try Self.stats()
        #expect(
            stats.numbers.sheets.opened == 2 && stats.numbers.sheets.typed == 1 && stats.numbers.sheets.itemsAdded == 1
                && stats.numbers.sheets.cancelled == 1)
        #expect(stats.numbers.plusToAddMs == [.init(milliseconds: 2500, count: 1)])
        #expect(stats.numbers.codes == ["invalid-json": 1])
        let text = stats.json
        #expect(text.hasPrefix("{\n  \"schema\": \"todo-report-stats/2\",\n"))
        #expect(SessionStats(json: Array(text.utf8)) == stats)
        #expect(try JSONSerialization.jsonObject(with: Data(text.utf8)) is [String: Any], "valid JSON for other readers")
    }

    @Test(
        "a file that is not todo-report-stats/2 is not read",
        arguments: [
            "", "{}", "[1]", "{\"schema\": \"todo-report-stats/2\"}", "not json",
        ])
    func rejectsOthers(text: String) throws {
        #expect(SessionStats(json: Array(text.utf8)) == nil)
        let valid = try Self.stats().json
        #expect(SessionStats(json: Array(valid.replacingOccurrences(of: "\"events\": ", with: "\"events\": \"").utf8)) == nil)
        #expect(SessionStats(json: Array(valid.dropLast(3).utf8)) == nil)
    }

    @Test(
        "members the schema does not know are passed over, told apart by their characters: a name twice is refused, é and e + U+0301 are two"
    )
    func unknownMembers() throws {
        let stats = try Self.stats()
        func with(_ members: String) -> SessionStats? {
            SessionStats(json: Array(stats.json.replacingOccurrences(of: "{\n", with: "{\n  \(members),\n").utf8))
        }
        #expect(with(#""note": 1"#) == stats)
        #expect(with(#""\u00e9": 1, "e\u0301": 2"#) == stats, "two names, as JSON counts them")
        #expect(with(#""\u00e9": 1, "é": 2"#) == nil, "one name, written twice")
        #expect(with(#""note": 1, "note": 2"#) == nil)
    }

    @Test(
        "the files' members (root, report and event table with their sizes and SHA-256): written, read back, missing or of a wrong type refused"
    )
    func fileMembers() throws {
        var stats = try Self.stats()
        (stats.root, stats.reportBytes, stats.reportSHA256) = ("/data/logs", 74_459, String(repeating: "ab", count: 32))
        (stats.eventTableBytes, stats.eventTableSHA256) = (1_234, String(repeating: "cd", count: 32))
        let text = stats.json
        #expect(text.contains("\n  \"input\": \"a/b\\u0001.jsonl\",\n  \"root\": \"/data/logs\",\n  \"report\": "))
        #expect(text.contains("\n  \"reportBytes\": 74459,\n  \"reportSHA256\": \"abab"))
        #expect(text.contains("\n  \"eventTable\": \"events/a--b.csv.gz\",\n  \"eventTableBytes\": 1234,\n  \"eventTableSHA256\": \"cdcd"))
        #expect(SessionStats(json: Array(text.utf8)) == stats)
        for member in ["root", "reportBytes", "reportSHA256", "eventTable", "eventTableBytes", "eventTableSHA256", "undoneFrames", "lines"]
        {
            let without = text.split(separator: "\n").filter { !$0.hasPrefix("  \"\(member)\"") }.joined(separator: "\n")
            #expect(SessionStats(json: Array(without.utf8)) == nil, "\(member) missing")
        }
        #expect(
            SessionStats(json: Array(text.replacingOccurrences(of: "\"reportBytes\": 74459", with: "\"reportBytes\": \"74459\"").utf8))
                == nil)
        #expect(SessionStats(json: Array(text.replacingOccurrences(of: "\"root\": \"/data/logs\"", with: "\"root\": 1").utf8)) == nil)
    }

    @Test("a todo-report-stats/1 file is not read as /2, but says its schema and root")
    func olderSchema() throws {
        var stats = try Self.stats()
        stats.root = "/data/logs"
        let older = stats.json.replacingOccurrences(of: "todo-report-stats/2", with: "todo-report-stats/1")
        #expect(SessionStats(json: Array(older.utf8)) == nil)
        let peeked = try #require(SessionStats.peek(json: Array(older.utf8)))
        #expect(peeked.schema == SessionStats.olderSchemaName && peeked.root == "/data/logs")
    }

    @Test(
        "a stats file is read only when it is one strict JSON value (RFC 8259), however its members are spelled",
        arguments: [
            ("{}", true), (" \t\r\n{ } \n", true),
            ("{\"a\":[1,-0,0.5,-1.5e3,2E+2,3e-1,true,false,null,\"x\\u00e9\\ud83d\\ude00\\n\",{\"b\":{}}]}", true),
            ("{\"a\":\"caf\u{E9} \u{1F600}\"}", true),
            ("{\"a\":1,\"a\":2}", false), ("{\"x\":{\"a\":1,\"a\":2}}", false), ("{\"x\":[{\"a\":1,\"\\u0061\":2}]}", false),
            ("{\"a\":+1}", false), ("{\"a\":01}", false), ("{\"a\":1.}", false), ("{\"a\":.5}", false), ("{\"a\":1e}", false),
            ("{\"a\":-}", false), ("{\"a\":\"\\ud800\"}", false), ("{\"a\":\"\\udc00\"}", false), ("{\"a\":\"\u{1}\"}", false),
            ("{\"a\":\"\\x\"}", false), ("{\"a\":tru}", false), ("{\"a\":nul}", false), ("{\"a\":1,}", false), ("{,}", false),
            ("{\"a\" 1}", false), ("{} x", false), ("{}{}", false), ("[1]", false), ("\"x\"", false), ("", false),
            ("{\"a\":" + String(repeating: "[", count: 31) + String(repeating: "]", count: 31) + "}", true),
            ("{\"a\":" + String(repeating: "[", count: 32) + String(repeating: "]", count: 32) + "}", false),
        ])
    func strictJSON(text: String, isJSON: Bool) {
        #expect((SessionStats.peek(json: Array(text.utf8)) != nil) == isJSON)
    }

    @Test("bytes that are not UTF-8 in a member's name or value make a stats file unreadable")
    func notUTF8() throws {
        #expect(SessionStats.peek(json: Array("{\"a\":\"".utf8) + [0xC3, 0x28] + Array("\"}".utf8)) == nil)
        #expect(SessionStats.peek(json: Array("{\"".utf8) + [0xFF] + Array("\":1}".utf8)) == nil)
        let text = try Self.stats().json
        #expect(SessionStats(json: Array(text.replacingOccurrences(of: "\"input\": \"", with: "\"input\": \"\u{FF}").utf8)) != nil)
        let broken = Array(text.replacingOccurrences(of: "\"input\": \"", with: "\"input\": \"~").utf8).map { $0 == 0x7E ? 0xFF : $0 }
        #expect(SessionStats(json: broken) == nil)
    }

    @Test("a stats file's members are found by their decoded names in any order, each only once, of the right type")
    func membersByName() throws {
        let stats = try Self.stats()
        let text = stats.json
        #expect(SessionStats(json: Array(text.replacingOccurrences(of: "\"name\":", with: "\"n\\u0061me\":").utf8)) == stats)
        var lines = text.split(separator: "\n").map(String.init)
        let members = lines[1..<(lines.count - 1)].map { $0.hasSuffix(",") ? String($0.dropLast()) : $0 }
        lines = ["{"] + [members.reversed().joined(separator: ",\n")] + ["}"]
        #expect(SessionStats(json: Array(lines.joined(separator: "\n").utf8)) == stats, "members in another order")
        #expect(SessionStats(json: Array(text.replacingOccurrences(of: "{\n", with: "{\"later\": {\"x\": [1]},\n").utf8)) == stats)
        let changes = [
            ("\"events\": ", "\"events\": 1, \"events\": "), ("\"events\": ", "\"events\": 5.0, \"x\": "),
            ("\"reportBytes\": null", "\"reportBytes\": 9223372036854775808"), ("\"strict\": false", "\"strict\": 0"),
            ("\"addItem\":", "\"addItem\":1,\"addItem\":"), ("\"travel\":", "\"travelled\":"), ("\"counts\":[", "\"counts\":[1.5,"),
            ("\"plusToAddMs\": [[2500,1]]", "\"plusToAddMs\": [[2500,1,1]]"), ("\"codes\": {", "\"codes\": {\"x\":\"1\","),
            ("\"status\": \"rendered\"", "\"status\": \"drawn\""), ("\"schema\": \"todo-report-stats/2\"", "\"schema\": null"),
        ]
        for (old, new) in changes {
            #expect(text.contains(old), "\(old)")
            #expect(SessionStats(json: Array(text.replacingOccurrences(of: old, with: new).utf8)) == nil, "\(new)")
        }
        #expect(
            SessionStats(json: Array(text.replacingOccurrences(of: "\"conversion\": 0.5,", with: "\"conversion\": [\"any\"],").utf8))
                == stats, "a ratio is computed again, not read")
    }

    @Test(
        "a count, a size or a time beyond what a log can hold makes a stats file unreadable, so that sums never overflow",
        arguments: [
            (#""sheetsOpened": 2"#, #""sheetsOpened": 1099511627777"#), (#""sheetsOpened": 2"#, #""sheetsOpened": -1"#),
            (#""events": "#, #""events": 4611686018427387904, "x": "#), (#""addItem":"#, #""addItem":-1,"x":"#),
            (#""codes": {"#, #""codes": {"x":1099511627777,"#), (#""counts":["#, #""counts":[-1,"#),
            (#""plusToAddMs": [[2500,1]]"#, #""plusToAddMs": [[2500,1099511627777]]"#),
            (#""plusToAddMs": [[2500,1]]"#, #""plusToAddMs": [[4503599627370497,1]]"#),
            (#""plusToAddMs": [[2500,1]]"#, #""plusToAddMs": [[-4503599627370497,1]]"#), (#""inputBytes": "#, #""inputBytes": -1, "x": "#),
            // Sums that could overflow across files: one time repeated past the largest count, more buckets than written, no width.
            (#""plusToAddMs": [[2500,1]]"#, #""plusToAddMs": [[2500,1099511627776],[2500,1]]"#),
            (#""counts":["#, #""counts":["# + String(repeating: "0,", count: 24)), (#""bucketMs":"#, #""bucketMs":0,"x":"#),
        ])
    func numbersOutOfRange(old: String, new: String) throws {
        let text = try Self.stats().json
        #expect(text.contains(old))
        let edited = Array(text.replacingOccurrences(of: old, with: new).utf8)
        #expect(SessionStats(json: edited) == nil)
        // Refused as it is read, before any rule between its numbers is looked at, pointing at the value.
        let problem = SessionStats.problem(json: edited)
        #expect(problem?.position != nil)
        let refused = "holds what no todo-report-stats/2 file holds there (another type, or a number no log can give)"
        #expect(problem?.words.hasSuffix(refused) == true)
    }

    @Test("the largest count and time a stats file may hold are read")
    func numbersAtTheirLimits() throws {
        var stats = try Self.stats()
        var numbers = stats.numbers
        // A log of 2^40 lines, the most a count may be: the events beside the header, the dropped line and
        // the fixture's cancel and keystroke are sheets opened and added, each timed.
        let most = 1 << 40
        #expect(numbers.lines - numbers.events == 2)
        let sheets = (most - 2 - 2) / 2
        numbers.lines = most
        numbers.events = most - 2
        numbers.frames = most - 1
        for kind in [TodoEvent.Kind.startCreatingItem, .addItem] {
            numbers.eventCounts.byKind[try #require(TodoEvent.Kind.allCases.firstIndex(of: kind))] = sheets
        }
        numbers.sheets.opened = sheets
        numbers.sheets.added = sheets
        numbers.sheets.cancelled = 0
        numbers.sheets.itemsAdded = sheets
        numbers.plusToAddMs = [.init(milliseconds: -(1 << 52), count: sheets)]
        stats.numbers = numbers
        #expect(stats.numbers.contradiction == nil)
        let text = stats.json
        #expect(text.contains(#""lines": 1099511627776"#) && text.contains(#""plusToAddMs": [[-4503599627370496,549755813886]]"#))
        let read = try #require(SessionStats(json: Array(text.utf8)))
        #expect(read == stats)
        // Sessions at the limit add up (2^23 of them would, before an Int overflows).
        #expect(BatchAggregate(Array(repeating: read, count: 8)).funnel.sheets.opened == 8 * sheets)
    }

    @Test(
        "the index's Activity column says in words what its line shows: the busiest bucket, when, and its share, in the static rows and the script's data",
        arguments: [
            ([0, 0, 0], 1_000, "no events with a time"),
            ([], 1_000, "no events with a time"),
            ([1, 3, 2], 1_000, "busiest +1.0 s to +2.0 s: 3 of 6 events"),
            ([1], 1_000, "busiest before +1.0 s: 1 of 1 event"),
            ([2, 2], 2_000, "busiest before +2.0 s: 2 of 4 events"),
            ([5, 1_200], 1_048_576_000, "busiest +291 h 16 min to +582 h 33 min: 1,200 of 1,205 events"),
            // Made by hand, beyond what a stats file may hold: no trap, the share alone.
            ([0, 0, 7], Int64.max / 2, "busiest: 7 of 7 events"),
            ([Int.max, 1], 1_000, "busiest before +1.0 s: \(Int.max.formatted()) of \(Int.max.formatted()) events"),
        ] as [([Int], Int64, String)])
    func activityInWords(counts: [Int], bucketMs: Int64, words: String) throws {
        var stats = try Self.stats()
        stats.numbers.activity = .init(bucketMs: bucketMs, counts: counts)
        let page = BatchAggregate([stats]).indexHTML()
        let spans = page.matches(of: /<span class="visually-hidden">([^<]*)<\/span><\/td><\/tr>/).map { String($0.1) }
        #expect(spans == [words], "the static row")
        let data = try #require(page.firstMatch(of: /(?s)<script type="application\/json" id="index-data">(.*?)<\/script>/))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(String(data.1).utf8)) as? [String: Any])
        let row = try #require((object["rows"] as? [[Any]])?.first)
        #expect(row[18] as? String == words, "the script's data")
    }

    @Test("the aggregate is the same whatever order the sessions come in")
    func orderIndependent() throws {
        let sessions = try ["c", "a", "b"].map { try Self.stats(name: $0) }
        let forward = BatchAggregate(sessions)
        let backward = BatchAggregate(sessions.reversed())
        #expect(forward.csv() == backward.csv())
        #expect(forward.indexHTML() == backward.indexHTML())
        #expect(forward.summaryMarkdown() == backward.summaryMarkdown())
        #expect(forward.medianPlusToAdd == 2500)
        #expect(forward.funnelByVersion.map(\.version) == ["1.5"])
    }

    @Test("the index gives the batch's median from + to Add, keystrokes per item and diagnostics, as summary.md does")
    func indexOverall() throws {
        var slower = try Self.stats(name: "c")
        slower.numbers.plusToAddMs = [.init(milliseconds: 4_000, count: 2)]
        slower.numbers.sheets.addedSheetKeystrokes = 5
        let aggregate = BatchAggregate([try Self.stats(name: "a"), try Self.stats(name: "b"), slower])
        // Pooled: 2.5 s, 2.5 s, 4.0 s, 4.0 s; keystrokes (1 + 1 + 5) over 3 sheets added; one invalid line in each.
        let page = aggregate.indexHTML()
        #expect(
            page.contains(
                "<p class=\"overall\">Median time from + to Add: 3.3 s. Keystrokes per item: 2.3. "
                    + "Diagnostics over the sessions read: 3 errors, 0 warnings.</p>"), "\(page.prefix(4_000))")
        let summary = aggregate.summaryMarkdown()
        #expect(summary.contains("**Median time from + to Add**: 3.3 s"), "\(summary)")
        #expect(summary.contains("**Keystrokes per item**: 2.3"), "\(summary)")
    }

    @Test("sessions are in the order ls -v lists their names (s9 before s10): the CSV, the page's rows and the summary's ties")
    func namesInNaturalOrder() throws {
        let names = ["s10", "s9", "s1", "a10", "a2", "a2.gz", "S3"]
        let sessions = try names.map { name in
            var stats = try Self.stats(name: name)
            stats.numbers.sheets.cancelled = 1
            return stats
        }
        let expected = ["S3", "a2", "a2.gz", "a10", "s1", "s9", "s10"]
        #expect(try VersionOrderTests.sortV(names) == expected, "as GNU sort -V orders them")
        let aggregate = BatchAggregate(sessions)
        #expect(aggregate.sessions.map(\.name) == expected)
        let rows = aggregate.csv().components(separatedBy: "\r\n").dropFirst().dropLast().map { String($0.prefix { $0 != "," }) }
        #expect(rows == expected, "sessions.csv")
        let page = aggregate.indexHTML()
        let data = try #require(page.firstMatch(of: /(?s)<script type="application\/json" id="index-data">(.*?)<\/script>/))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(String(data.1).utf8)) as? [String: Any])
        #expect((object["rows"] as? [[Any]])?.map { $0.first as? String } == expected, "the page's rows, whose order its Name sort keeps")
        let listed = aggregate.summaryMarkdown().components(separatedBy: "\n").filter { $0.contains(" cancelled sheet of ") }
            .map { line in String(line.split(separator: "`")[1]) }
        #expect(listed == expected, "a tie in cancellations keeps the names' order")
        // Many names in a random order: every session moved to its place, none lost or doubled.
        var random = RandomLog.Generator(seed: 5)
        let many = try (0..<500).map { _ in try Self.stats(name: "r\(Int.random(in: 0..<100_000, using: &random))-\(UUID())") }
        let sorted = BatchAggregate(many.shuffled(using: &random)).sessions.map(\.name)
        #expect(try sorted == VersionOrderTests.sortV(many.map(\.name)))
    }

    @Test("the summary lists the ten sessions with the most cancellations, most first, ties by name")
    func mostCancellations() throws {
        let base = try Self.stats()
        // 25 sessions: cancellations 0…24 shuffled, with a tie at the edge of the ten.
        var sessions: [SessionStats] = []
        for (index, cancelled) in [3, 17, 0, 24, 9, 15, 15, 22, 1, 8, 20, 5, 11, 19, 2, 23, 6, 14, 21, 12, 18, 4, 16, 10, 7].enumerated() {
            var stats = base
            stats.name = "s\(index)"
            stats.numbers.sheets.cancelled = cancelled
            sessions.append(stats)
        }
        let summary = BatchAggregate(sessions).summaryMarkdown()
        let listed = summary.components(separatedBy: "\n").filter {
            $0.contains(" cancelled sheets of ") || $0.contains(" cancelled sheet of ")
        }
        .map { line in String(line.split(separator: "`")[1]) }
        // 24 s3, 23 s15, 22 s7, 21 s18, 20 s10, 19 s13, 18 s20, 17 s1, 16 s22, 15 s5 and s6 (tie: s5 first by name)
        #expect(listed == ["s3", "s15", "s7", "s18", "s10", "s13", "s20", "s1", "s22", "s5"])
        let opened = base.numbers.sheets.opened
        #expect(summary.contains("`s3`: 24 cancelled sheets of \(opened) opened"), "\(summary)")
    }

    @Test(
        "a log's text that a spreadsheet would run as a formula is made inert in sessions.csv, and kept exact in the stats",
        arguments: [
            ("=HYPERLINK(\"http://x\",\"y\")", "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\""), ("+1+2", "'+1+2"), ("-3", "'-3"),
            ("@SUM(A1)", "'@SUM(A1)"), ("\tTab", "'\tTab"), ("\r=1", "\"'\r=1\""), ("a=1", "a=1"),
        ])
    func formulaInjection(text: String, field: String) throws {
        var stats = try Self.stats()
        stats.userId = text
        stats.sessionId = "plain"
        let csv = BatchAggregate([stats]).csv()
        #expect(csv.hasPrefix(BatchAggregate.csvColumns.joined(separator: ",") + "\r\n"))
        #expect(csv.contains(",plain," + field + ","), "\(csv)")
        #expect(SessionStats(json: Array(stats.json.utf8))?.userId == text)
    }
}
