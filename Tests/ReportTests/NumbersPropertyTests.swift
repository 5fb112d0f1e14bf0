import Foundation
import SessionLog
import Testing

@testable import Report

/// The identities of the numbers' definitions, checked on every output of
/// 1,200 random logs with travels (``RandomLog``): the session's numbers,
/// `stats/NAME.json`, `sessions.csv`, the summary, the page, the index page,
/// the batch summary and the event table; and the journey numbers against
/// ``ReferenceNumbers``, which computes them the obvious way.
@Suite("The numbers over random logs")
struct NumbersPropertyTests {
    /// What one output states of the identities' numbers (`nil`: it does not state it).
    struct Stated: CustomStringConvertible {
        var output: String
        var opened: Int?
        var ends: [Int]?
        var itemsAdded: Int?
        var conversion: Double?
        var conversionStated = false
        var activityTotal: Int?
        var eventCountsTotal: Int?
        var events: Int?
        var travels: Int?
        var lineParts: [Int]?
        var lines: Int?

        var description: String { output }
    }

    /// One log through every output.
    struct Run {
        var log: RandomLog
        var numbers: SessionNumbers
        var outcome: LogReplayer.Outcome
        var reference: ReferenceNumbers
        var metrics: SessionMetrics
        var stated: [Stated] = []
        var table: [[String: String]] = []
    }

    static let seeds: [ClosedRange<UInt64>] = [1...300, 301...600, 601...900, 901...1_200]

    @Test("each identity holds on every output, and the journey numbers are the reference's", arguments: seeds)
    func identities(seeds: ClosedRange<UInt64>) throws {
        var travelled = 0
        var undone = 0
        for seed in seeds {
            let run = try Self.run(RandomLog(seed: seed))
            try Self.check(run, seed: seed)
            if run.numbers.travels > 0 { travelled += 1 }
            if run.numbers.undoneFrames > 0 { undone += 1 }
        }
        // The logs must exercise what the rules are about.
        #expect(travelled > seeds.count / 3 && undone > seeds.count / 5, "\(travelled) with travels, \(undone) with undone frames")
    }

    static func run(_ log: RandomLog) throws -> Run {
        let builder = ReportBuilder(recordingEventTable: true)
        let outcome = try LogReplayer.replay(InMemoryByteSource(log.text)) { builder.add($0) }
        builder.finish(with: outcome)
        let metrics = builder.metrics
        var run = Run(
            log: log, numbers: metrics.numbers, outcome: outcome,
            reference: ReferenceNumbers(try LogReplayer.collect(InMemoryByteSource(log.text))),
            metrics: metrics)
        let n = run.numbers
        run.stated.append(
            Stated(
                output: "numbers", opened: n.sheets.opened,
                ends: [n.sheets.added, n.sheets.cancelled, n.sheets.replaced, n.sheets.openAtEnd],
                itemsAdded: n.sheets.itemsAdded, conversion: n.sheets.conversion.map { Double($0.part) / Double($0.whole) },
                conversionStated: true,
                activityTotal: n.activity.counts.reduce(0, +), eventCountsTotal: n.eventCounts.total, events: n.events, travels: n.travels,
                lineParts: [n.events, n.travels, n.headers, n.droppedLines, n.blankLines], lines: n.lines))
        let rendered = !outcome.stoppedOnUnsupportedSchema
        let stats = SessionStats(
            name: "s", input: "s.jsonl", status: rendered ? .rendered : .rejected, problem: nil, metrics: metrics,
            inputBytes: log.text.utf8.count, inputSHA256: "00", tool: "test", strict: false)
        run.stated.append(try statsJSON(stats.json))
        let aggregate = BatchAggregate([stats])
        run.stated.append(try csv(aggregate.csv()))
        let summary = builder.summaryMarkdown()
        run.stated.append(try summaryMarkdown(summary))
        let page = try builder.html()
        let summaryParts = builder.summaryHTMLParts()
        #expect(
            page.contains(summaryParts.heading) && page.contains(summaryParts.body)
                && builder.summaryHTML() == summaryParts.heading + summaryParts.body,
            "the page shows the summary's numbers")
        run.stated.append(try pageFunnel(page))
        if rendered {
            run.stated.append(try indexPage(aggregate.indexHTML()))
            run.stated.append(try batchSummary(aggregate.summaryMarkdown()))
        }
        var bytes: [UInt8] = []
        builder.writeEventTable(session: "s") { bytes.append(contentsOf: $0) }
        run.table = try table(String(decoding: bytes, as: UTF8.self))
        run.stated.append(eventTable(run.table, bucketMs: n.activity.bucketMs))
        return run
    }

    static func check(_ run: Run, seed: UInt64) throws {
        let n = run.numbers
        let finalItems = run.outcome.newestFrameState.todoItems.count
        let eventsWithTime = run.reference.eventsWithTime
        for s in run.stated {
            let at = "seed \(seed), \(s.output)"
            if let opened = s.opened, let ends = s.ends {
                #expect(ends.reduce(0, +) == opened, "\(at): the four sheet endings add up to the sheets opened: \(ends) vs \(opened)")
            }
            if let items = s.itemsAdded { #expect(items == finalItems, "\(at): items added is the final item count") }
            if s.conversionStated {
                if let conversion = s.conversion {
                    #expect(conversion >= 0 && conversion <= 1, "\(at): conversion \(conversion) is between 0 and 1")
                } else {
                    #expect(n.sheets.opened == 0, "\(at): conversion is none only without a sheet")
                }
            }
            if let total = s.activityTotal {
                #expect(total == eventsWithTime, "\(at): the activity counts add up to the events with a time")
            }
            if let total = s.eventCountsTotal, let events = s.events, let travels = s.travels {
                #expect(total == events + travels, "\(at): events by type add up to events and travels")
            }
            if let parts = s.lineParts, let lines = s.lines {
                #expect(
                    parts.reduce(0, +) == lines && lines == run.log.lineCount,
                    "\(at): every line is counted once: \(parts) of \(lines), \(run.log.lineCount) in the log")
            }
        }
        let at = "seed \(seed)"
        // What index checks of a stats file holds of every session's numbers.
        #expect(n.contradiction == nil, "\(at): \(n.contradiction ?? "")")
        // The event table's aggregates are the journey numbers (and the activity's).
        let rows = run.table
        let events = rows.filter { $0["type"] == "event" }
        let sheetRows = events.filter { $0["sheet"] != "" }
        var sheetEnds: [String: String] = [:]
        for row in sheetRows { sheetEnds[row["sheet"] ?? ""] = row["sheet_end"] }
        func sheets(_ end: String) -> Int { sheetEnds.values.filter { $0 == end }.count }
        #expect(sheetEnds.count == n.sheets.opened, "\(at): distinct sheets are the sheets opened")
        let tableEnds: [Int] = [sheets("added"), sheets("cancelled"), sheets("replaced"), sheets("open")]
        let numberEnds: [Int] = [n.sheets.added, n.sheets.cancelled, n.sheets.replaced, n.sheets.openAtEnd]
        #expect(tableEnds == numberEnds, "\(at): sheet ends")
        #expect(Set(sheetRows.filter { $0["event"] == "changePartialItemName" }.map { $0["sheet"] ?? "" }).count == n.sheets.typed, "\(at)")
        #expect(events.filter { $0["event"] == "changePartialItemName" }.count == n.keystrokes, "\(at): keystrokes")
        #expect(events.filter { $0["event"] == "addItem" && $0["on_journey"] == "true" }.count == n.sheets.itemsAdded, "\(at): items")
        #expect(events.filter { $0["on_journey"] == "false" }.count == n.undoneFrames, "\(at): undone frames")
        #expect(events.count == n.events && rows.count - events.count == n.travels, "\(at)")
        let addedKeys = sheetRows.filter { $0["event"] == "changePartialItemName" && $0["sheet_end"] == "added" }.count
        #expect(addedKeys == n.sheets.addedSheetKeystrokes, "\(at): keystrokes of added sheets")
        var plus: [String: Int64] = [:]
        var tableTimes: [Int64] = []
        for row in sheetRows where row["sheet_end"] == "added" {
            let time = Int64(row["t_ms"] ?? "")
            if row["event"] == "startCreatingItem" { plus[row["sheet"] ?? ""] = time }
            if row["event"] == "addItem", let time, let start = plus[row["sheet"] ?? ""] { tableTimes.append(time - start) }
        }
        let plusToAdd = n.plusToAddMs.flatMap { Array(repeating: $0.milliseconds, count: $0.count) }
        #expect(tableTimes.sorted() == plusToAdd, "\(at): times from + to Add")
        // The journey numbers as the reference computes them.
        let r = run.reference
        let journey: [Int] = [
            n.undoneFrames, n.sheets.opened, n.sheets.typed, n.sheets.added, n.sheets.cancelled, n.sheets.replaced, n.sheets.openAtEnd,
            n.sheets.itemsAdded,
        ]
        let expected: [Int] = [
            r.undoneFrames, r.sheetsOpened, r.sheetsTyped, r.sheetsAdded, r.sheetsCancelled, r.sheetsReplaced, r.sheetsOpenAtEnd,
            r.itemsAdded,
        ]
        #expect(
            journey == expected,
            "\(at): journey numbers")
        #expect(n.sheets.addedSheetKeystrokes == r.addedSheetKeystrokes && plusToAdd == r.plusToAdd, "\(at)")
        #expect(run.metrics.items.map(\.toggles) == Array(r.toggles.prefix(SessionMetrics.keptItems)), "\(at): toggles")
    }

    // MARK: Reading the outputs

    static func statsJSON(_ text: String) throws -> Stated {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        func int(_ key: String) -> Int? { (object[key] as? NSNumber)?.intValue }
        let counts = (object["eventCounts"] as? [String: Any])?.values.compactMap { ($0 as? NSNumber)?.intValue }
        let activity = ((object["activity"] as? [String: Any])?["counts"] as? [Any])?.compactMap { ($0 as? NSNumber)?.intValue }
        return Stated(
            output: "stats/NAME.json", opened: int("sheetsOpened"),
            ends: [int("sheetsAdded"), int("sheetsCancelled"), int("sheetsReplaced"), int("sheetsOpenAtEnd")].compactMap { $0 },
            itemsAdded: int("itemsAdded"), conversion: (object["conversion"] as? NSNumber)?.doubleValue, conversionStated: true,
            activityTotal: activity?.reduce(0, +), eventCountsTotal: counts?.reduce(0, +), events: int("events"), travels: int("travels"),
            lineParts: ["events", "travels", "headers", "droppedLines", "blankLines"].compactMap(int), lines: int("lines"))
    }

    static func csv(_ text: String) throws -> Stated {
        let rows = try table(text)
        let row = try #require(rows.first)
        func int(_ key: String) -> Int? { row[key].flatMap { Int($0) } }
        return Stated(
            output: "sessions.csv", opened: int("sheets_opened"),
            ends: ["sheets_added", "sheets_cancelled", "sheets_replaced", "sheets_open_at_end"].compactMap(int),
            itemsAdded: int("items_added"),
            conversion: row["conversion"].flatMap { Double($0) }, conversionStated: true, events: int("events"), travels: int("travels"),
            lineParts: ["events", "travels", "headers", "dropped_lines", "blank_lines"].compactMap(int), lines: int("lines"))
    }

    /// `**Label**: 1,234` as a number.
    static func number(after label: String, in text: String) -> Int? {
        guard let range = text.range(of: label) else { return nil }
        let digits = text[range.upperBound...].prefix { $0.isNumber || $0 == "," }.filter(\.isNumber)
        return Int(String(digits))
    }

    static func summaryMarkdown(_ text: String) throws -> Stated {
        let kinds = ["startCreatingItem", "cancelCreatingItem", "changePartialItemName", "addItem", "setItemDone", "travel"]
        let counts = kinds.compactMap { number(after: "`\($0)`: ", in: text) }
        let quality = try #require(
            text.firstMatch(
                of:
                    /Every line accounted for: ([\d,]+) lines?, ([\d,]+) events? made frames, ([\d,]+) travels?, ([\d,]+) headers?, ([\d,]+) dropped.*?, ([\d,]+) blank\./
            ))
        func whole(_ text: Substring) -> Int { Int(text.filter(\.isNumber)) ?? -1 }
        let conversion = text.firstMatch(of: /\*\*Conversion\*\*: (n\/a|[\d.]+%)/).map(\.1)
        return Stated(
            output: "summary",
            opened: number(after: "**Add sheets opened**: ", in: text),
            ends: ["**Added**: ", "**Cancelled**: ", "**Replaced by another +**: ", "**Open at the end**: "].compactMap {
                number(after: $0, in: text)
            },
            itemsAdded: number(after: "**Items added**: ", in: text),
            conversion: conversion.flatMap { Double($0.dropLast()) }.map { $0 / 100 }, conversionStated: true,
            eventCountsTotal: counts.count == kinds.count ? counts.reduce(0, +) : nil, events: number(after: "**Events**: ", in: text),
            travels: number(after: "**Travels**: ", in: text),
            lineParts: [whole(quality.2), whole(quality.3), whole(quality.4), whole(quality.5), whole(quality.6)], lines: whole(quality.1))
    }

    static func pageFunnel(_ page: String) throws -> Stated {
        let chart = try #require(page.firstMatch(of: /<svg class="funnel-chart" id="funnel-chart".*?<\/svg>/))
        let counts = chart.0.matches(of: /data-count="(\d+)"/).compactMap { Int($0.1) }
        try #require(counts.count == 6, "the page's funnel has six bars")
        return Stated(output: "page funnel", opened: counts[0], ends: Array(counts[2...5]))
    }

    static func indexPage(_ page: String) throws -> Stated {
        let label = try #require(
            page.firstMatch(
                of:
                    /aria-label="All versions \([\d,]+ rendered sessions?\): Sheets opened ([\d,]+) \(\S+\), At least one keystroke [\d,]+ \(\S+\), Added ([\d,]+) \(\S+\), Cancelled ([\d,]+) \(\S+\), Replaced by \+ ([\d,]+) \(\S+\), Open at the end ([\d,]+) \(\S+\)"/
            ))
        func whole(_ text: Substring) -> Int { Int(text.filter(\.isNumber)) ?? -1 }
        let data = try #require(page.firstMatch(of: /(?s)<script type="application\/json" id="index-data">(.*?)<\/script>/))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(String(data.1).utf8)) as? [String: Any])
        let row = try #require((object["rows"] as? [[Any]])?.first)
        return Stated(
            output: "index.html", opened: whole(label.1), ends: [whole(label.2), whole(label.3), whole(label.4), whole(label.5)],
            itemsAdded: (row[9] as? NSNumber)?.intValue, conversion: (row[12] as? NSNumber)?.doubleValue, conversionStated: true,
            activityTotal: (row[15] as? [Any])?.compactMap { ($0 as? NSNumber)?.intValue }.reduce(0, +))
    }

    static func batchSummary(_ text: String) throws -> Stated {
        let overall = try #require(text.components(separatedBy: "### Creation funnel per app version").first)
        return Stated(
            output: "summary.md", opened: number(after: "**Add sheets opened**: ", in: overall),
            ends: ["**Ended by Add**: ", "**Cancelled**: ", "**Replaced by another +**: ", "**Open at the end**: "].compactMap {
                number(after: $0, in: overall)
            }, itemsAdded: number(after: "**Items added**: ", in: overall))
    }

    static func eventTable(_ rows: [[String: String]], bucketMs: Int64) -> Stated {
        var byType: [String: Int] = [:]
        for row in rows { byType[row["type"] == "travel" ? "travel" : row["event"] ?? "", default: 0] += 1 }
        let timed = rows.filter { $0["type"] == "event" && $0["t_ms"] != "" }.count
        return Stated(
            output: "event table", activityTotal: timed, eventCountsTotal: byType.values.reduce(0, +),
            events: rows.filter { $0["type"] == "event" }.count, travels: byType["travel"] ?? 0)
    }

    /// RFC 4180 rows as dictionaries by the header row's names.
    static func table(_ text: String) throws -> [[String: String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var characters = Array(text.unicodeScalars)[...]
        while let c = characters.popFirst() {
            if quoted {
                if c == "\"" {
                    if characters.first == "\"" {
                        field.unicodeScalars.append("\"")
                        characters.removeFirst()
                    } else {
                        quoted = false
                    }
                } else {
                    field.unicodeScalars.append(c)
                }
            } else if c == "\"" {
                quoted = true
            } else if c == "," {
                row.append(field)
                field = ""
            } else if c == "\r" && characters.first == "\n" {
                characters.removeFirst()
                row.append(field)
                rows.append(row)
                (row, field) = ([], "")
            } else {
                field.unicodeScalars.append(c)
            }
        }
        try #require(row.isEmpty && field.isEmpty, "every row ends with CRLF")
        let header = try #require(rows.first)
        return try rows.dropFirst().map { values in
            try #require(values.count == header.count, "\(values.count) fields, \(header.count) columns")
            return Dictionary(uniqueKeysWithValues: zip(header, values))
        }
    }
}
