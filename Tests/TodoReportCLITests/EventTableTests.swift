import Foundation
import Testing

extension CLISuite {
    /// The event table as a data team gets it: from the real binary, read by
    /// Python's own `csv` and `gzip` (and by DuckDB and pandas when
    /// `Scripts/setup --with-data-tools` installed them), its aggregates
    /// checked against the stats of the same sessions.
    @Suite("the event table")
    struct EventTableTests {
        /// Where `Scripts/setup --with-data-tools` puts DuckDB and pandas.
        static let dataTools = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/python-data").path

        static var hasDataTools: Bool {
            FileManager.default.fileExists(atPath: dataTools + "/duckdb") && FileManager.default.fileExists(atPath: dataTools + "/pandas")
        }

        /// A batch of the sample and two simulated sessions with travels.
        static func batch(in workspace: Workspace) throws {
            let result = try workspace.shell(
                """
                set -e
                mkdir logs
                cp '\(sampleURL.path)' logs/sample.jsonl
                $TR simulate --events 3000 --seed 5 -o logs/long.jsonl
                $TR simulate --events 400 --seed 6 -o logs/short.jsonl
                $TR batch logs -o out
                """)
            try #require(result.code == 0, "\(result.stderr)")
        }

        /// Reads every `out/events/*.csv.gz` with `csv` and `gzip`, checks
        /// each column's type, counts the numbers back and compares them with
        /// `out/stats/NAME.json`; prints one line per session.
        static let pythonCheck = #"""
            import csv, datetime, glob, gzip, json, os, sys
            ints = ["line", "seq", "t_ms", "frame", "parent", "sheet", "item", "name_length", "items_after"]
            bools = ["on_journey", "is_done", "changed", "creating_after"]
            for path in sorted(glob.glob("out/events/*.csv.gz")):
                name = os.path.basename(path)[: -len(".csv.gz")]
                with gzip.open(path, "rt", encoding="utf-8", newline="") as f:
                    rows = list(csv.DictReader(f))
                for row in rows:
                    for column in ints:
                        if row[column] != "":
                            int(row[column])
                    for column in bools:
                        assert row[column] in ("", "true", "false"), (column, row[column])
                    if row["time"]:
                        time = datetime.datetime.fromisoformat(row["time"])
                        assert time.tzinfo is not None and row["time"].endswith("Z"), row["time"]
                    assert row["session"] == name, (row["session"], name)
                stats = json.load(open(f"out/stats/{name}.json"))
                events = [r for r in rows if r["type"] == "event"]
                ends = {}
                for r in events:
                    if r["sheet"]:
                        ends[r["sheet"]] = r["sheet_end"]
                plus, times = {}, []
                for r in events:
                    if r["sheet"] and ends[r["sheet"]] == "added" and r["t_ms"]:
                        if r["event"] == "startCreatingItem":
                            plus[r["sheet"]] = int(r["t_ms"])
                        elif r["event"] == "addItem" and r["sheet"] in plus:
                            times.append(int(r["t_ms"]) - plus[r["sheet"]])
                counted = {
                    "events": len(events),
                    "travels": len(rows) - len(events),
                    "undoneFrames": sum(r["on_journey"] == "false" for r in events),
                    "sheetsOpened": len(ends),
                    "sheetsAdded": sum(e == "added" for e in ends.values()),
                    "sheetsCancelled": sum(e == "cancelled" for e in ends.values()),
                    "sheetsReplaced": sum(e == "replaced" for e in ends.values()),
                    "sheetsOpenAtEnd": sum(e == "open" for e in ends.values()),
                    "sheetsTyped": len({r["sheet"] for r in events if r["sheet"] and r["event"] == "changePartialItemName"}),
                    "itemsAdded": sum(r["event"] == "addItem" and r["on_journey"] == "true" for r in events),
                    "keystrokes": sum(r["event"] == "changePartialItemName" for r in events),
                    "addedSheetKeystrokes": sum(r["event"] == "changePartialItemName" and r["sheet_end"] == "added" for r in events),
                }
                for key, value in counted.items():
                    assert value == stats[key], (name, key, value, stats[key])
                pairs = sorted(times)
                assert [[t, pairs.count(t)] for t in sorted(set(pairs))] == stats["plusToAddMs"], name
                print(name, len(rows), "rows", counted["undoneFrames"], "undone")
            """#

        @Test("Python's csv and gzip read every table as it is, and its rows count the stats' numbers back")
        func pythonReadsIt() throws {
            let workspace = try Workspace()
            try Self.batch(in: workspace)
            try workspace.write("check.py", Self.pythonCheck)
            let result = try workspace.shell("python3 check.py")
            #expect(result.code == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == 3 && lines.allSatisfy { $0.contains(" rows ") }, "\(result.stdout)")
            // The simulated person travels: some frames are undone, and their rows say so.
            #expect(lines.contains { !$0.hasSuffix(" 0 undone") }, "\(result.stdout)")
        }

        @Test("DuckDB and pandas load them as they are: numbers numeric, time a timestamp", .enabled(if: hasDataTools))
        func dataToolsReadIt() throws {
            let workspace = try Workspace()
            try Self.batch(in: workspace)
            try workspace.write(
                "tools.py",
                #"""
                import duckdb, pandas, json
                types = dict((row[0], row[1]) for row in duckdb.sql("DESCRIBE SELECT * FROM read_csv('out/events/*.csv.gz')").fetchall())
                for column in ["line", "seq", "t_ms", "frame", "parent", "sheet", "item", "name_length", "items_after"]:
                    assert types[column] == "BIGINT", (column, types[column])
                for column in ["on_journey", "is_done", "changed", "creating_after"]:
                    assert types[column] == "BOOLEAN", (column, types[column])
                assert types["time"] == "TIMESTAMP WITH TIME ZONE", types["time"]
                rows = duckdb.sql("""
                    SELECT session, count(DISTINCT sheet) FILTER (WHERE sheet_end = 'added'),
                           count(*) FILTER (WHERE event = 'changePartialItemName'), count(*) FILTER (WHERE NOT on_journey)
                    FROM read_csv('out/events/*.csv.gz') GROUP BY session ORDER BY session""").fetchall()
                for session, added, keystrokes, undone in rows:
                    stats = json.load(open(f"out/stats/{session}.json"))
                    assert (added, keystrokes, undone) == (stats["sheetsAdded"], stats["keystrokes"], stats["undoneFrames"]), session
                frame = pandas.read_csv("out/events/sample.csv.gz", parse_dates=["time"])
                assert str(frame["time"].dtype).startswith("datetime64"), frame["time"].dtype
                assert all(frame[c].dtype.kind in "if" for c in ["line", "t_ms", "parent", "items_after"])
                print(len(rows), "sessions")
                """#)
            let result = try workspace.shell("PYTHONPATH='\(Self.dataTools)' python3 tools.py")
            #expect(result.code == 0 && result.stdout == "3 sessions\n", "\(result.stdout)\(result.stderr)")
        }

        @Test("changed says whether the typed text changed, redacted or not, though 'ab' and 'ac' mask alike, after travels too")
        func changedUnderRedaction() throws {
            let workspace = try Workspace()
            func event(_ body: String) -> String { #"{"type":"event",\#(body)}"# }
            func typed(_ name: String) -> String { event(#""event":"changePartialItemName","name":"\#(name)""#) }
            let lines = [
                event(#""event":"startCreatingItem""#), typed("ab"), typed("ac"), typed("ac"), typed("teh"), typed("the"),
                #"{"type":"travel","to":2}"#, typed("ac"), #"{"type":"travel","to":3}"#, typed("ac"),
            ]
            try workspace.write("t.jsonl", lines.joined(separator: "\n") + "\n")
            try workspace.write("team.key", "a team secret, long enough\n")
            var columns: [[String]] = []
            for (name, options) in [("plain", ""), ("masked", "--redact"), ("keyed", "--redact-key team.key")] {
                let result = try workspace.shell(
                    "$TR t.jsonl -o \(name).html --events \(name).csv.gz --quiet \(options) && gzip -dc \(name).csv.gz")
                try #require(result.code == 0, "\(result.stderr)")
                let rows = result.stdout.split(separator: "\r\n").map {
                    $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                }
                let changed = try #require(rows.first?.firstIndex(of: "changed"))
                let event = try #require(rows.first?.firstIndex(of: "event"))
                columns.append(rows.dropFirst().filter { $0[event] == "changePartialItemName" }.map { $0[changed] })
            }
            // ab, ac, ac again, teh, the, ac on ab's frame, ac on ac's frame.
            #expect(columns[0] == ["true", "true", "false", "true", "true", "true", "false"])
            #expect(columns[1] == columns[0], "--redact")
            #expect(columns[2] == columns[0], "--redact-key")
        }

        @Test(
            "the same log gives the same bytes in two processes, from the single command and from batch; the gzip header holds no time or name"
        )
        func sameBytes() throws {
            let workspace = try Workspace()
            try Self.batch(in: workspace)
            let result = try workspace.shell(
                "$TR logs/long.jsonl -o a.html --events a.csv.gz --quiet && $TR logs/long.jsonl -o b.html --events b.csv.gz --quiet")
            try #require(result.code == 0, "\(result.stderr)")
            let first = try #require(workspace.read("a.csv.gz"))
            #expect(first == workspace.read("b.csv.gz"))
            #expect(first == workspace.read("out/events/long.csv.gz"), "batch writes what the single command writes")
            // ID1 ID2 CM FLG, MTIME 0, XFL, OS 255 (unknown): nothing of the machine or the moment.
            #expect(Array(first.prefix(10)) == [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xFF])
            let check = try workspace.shell("gzip -t a.csv.gz && zcat a.csv.gz | head -1")
            #expect(check.code == 0 && check.stdout.hasPrefix("session,session_id,app_version,line,seq,time,t_ms,type,event,frame,"))
        }

        @Test("the sample's summary, page, stats, CSV and index agree: keystrokes per item 12.0, the cancelled sheet's keys not counted")
        func sampleAgrees() throws {
            let workspace = try Workspace()
            try Self.batch(in: workspace)
            let single = try workspace.shell("$TR logs/sample.jsonl -o sample.html --summary sample.md --quiet")
            try #require(single.code == 0, "\(single.stderr)")
            let summary = String(decoding: try #require(workspace.read("sample.md")), as: UTF8.self)
            let page = String(decoding: try #require(workspace.read("out/sessions/sample.html")), as: UTF8.self)
            #expect(workspace.read("sample.html") == workspace.read("out/sessions/sample.html"))
            let statsFile = try #require(workspace.read("out/stats/sample.json"))
            let stats = try #require(try JSONSerialization.jsonObject(with: statsFile) as? [String: Any])
            #expect(summary.contains("**Keystrokes per item**: 12.0"))
            #expect(page.contains("<strong>Keystrokes per item</strong>: 12.0"))
            #expect(
                stats["keystrokesPerItem"] as? Int == 12 && stats["addedSheetKeystrokes"] as? Int == 36 && stats["keystrokes"] as? Int == 44
            )
            #expect(stats["sheetsAdded"] as? Int == 3 && stats["sheetsCancelled"] as? Int == 1 && stats["conversion"] as? Double == 0.75)
            #expect(summary.contains("**Added**: 3 (75%)") && page.contains("<strong>Added</strong>: 3 (75%)"))
            #expect(
                page.contains("aria-label=\"Add-sheet funnel: 4 opened, 4 typed in, 3 added, 1 cancelled, 0 replaced, 0 open at the end\""))
            let csv = String(decoding: try #require(workspace.read("out/sessions.csv")), as: UTF8.self).split(separator: "\r\n")
            let header = csv[0].split(separator: ",").map(String.init)
            let row = try #require(csv.first { $0.hasPrefix("sample,") }).split(separator: ",", omittingEmptySubsequences: false).map(
                String.init)
            let field = Dictionary(uniqueKeysWithValues: zip(header, row))
            #expect(field["keystrokes_per_item"] == "12" && field["conversion"] == "0.75" && field["undone_frames"] == "2")
            let index = String(decoding: try #require(workspace.read("out/index.html")), as: UTF8.self)
            #expect(index.contains("\"75%\""), "the index's conversion text")
        }
    }
}
