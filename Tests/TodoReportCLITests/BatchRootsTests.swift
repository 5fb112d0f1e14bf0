import Foundation
import Testing

extension CLISuite {
    /// Removal follows the INPUT roots: a run removes a session only when
    /// its input was under one of this run's roots and is gone from it.
    @Suite("batch over several input roots")
    struct BatchRootsTests {
        /// `monday/` and `tuesday/`, two simulated logs each.
        static func days(in workspace: Workspace) throws {
            let result = try workspace.shell(
                """
                set -e
                mkdir -p monday tuesday
                $TR simulate --events 120 --seed 1 -o monday/m1.jsonl
                $TR simulate --events 90 --seed 2 -o monday/m2.jsonl
                $TR simulate --events 150 --seed 3 -o tuesday/t1.jsonl
                $TR simulate --events 60 --seed 4 -o tuesday/t2.jsonl
                """)
            try #require(result.code == 0, "\(result.stderr)")
        }

        @Test("a run over other inputs keeps the earlier sessions, which stay in the index: as one run over both roots")
        func otherRootsStay() throws {
            let workspace = try Workspace()
            try Self.days(in: workspace)
            let runs = try workspace.shell("$TR batch monday -o out && $TR batch tuesday -o out && $TR batch monday tuesday -o both")
            #expect(runs.code == 0, "\(runs.stderr)")
            #expect(
                runs.stderr.contains("2 sessions: 2 rendered -> out\n2 sessions: 2 rendered -> out\n"), "nothing removed: \(runs.stderr)")
            #expect(try BatchTests.tree(workspace, "out") == (try BatchTests.tree(workspace, "both")))
            let csv = String(decoding: try #require(workspace.read("out/sessions.csv")), as: UTF8.self)
            #expect(csv.split(separator: "\r\n").count == 5)
            let stats = String(decoding: try #require(workspace.read("out/stats/m1.json")), as: UTF8.self)
            #expect(stats.contains("\n  \"root\": \"\(workspace.url.resolvingSymlinksInPath().path)/monday\",\n"), "\(stats)")
        }

        @Test("a run removes a session whose input is gone from one of its roots, and only that; a root spelled otherwise is the same root")
        func goneFromItsRoot() throws {
            let workspace = try Workspace()
            try Self.days(in: workspace)
            #expect(try workspace.shell("$TR batch monday -o out && $TR batch tuesday -o out").code == 0)
            let again = try workspace.shell("rm monday/m2.jsonl && $TR batch ./monday/ -o out && $TR batch monday tuesday -o expected")
            #expect(
                again.stderr.contains("1 session: 0 rendered, 1 skipped (input and tool unchanged), 1 removed (input gone)"),
                "\(again.stderr)")
            #expect(!workspace.exists("out/stats/m2.json") && !workspace.exists("out/sessions/m2.html"))
            #expect(workspace.exists("out/stats/t1.json") && workspace.exists("out/sessions/t2.html"))
            #expect(try BatchTests.tree(workspace, "out") == (try BatchTests.tree(workspace, "expected")))
            let absolute = try workspace.shell("$TR batch \"$PWD/monday\" -o out")
            #expect(absolute.stderr.contains("1 session: 0 rendered, 1 skipped (input and tool unchanged) -> out"), "\(absolute.stderr)")
        }

        @Test(
            "one INPUT spelled several ways in one run, a folder or a file, is read once: one session each, as with one spelling; a folder inside another has logs"
        )
        func oneInputSpelledTwice() throws {
            let workspace = try Workspace()
            try Self.days(in: workspace)
            let run = try workspace.shell(
                #"$TR batch monday ./monday/ "$PWD/monday" tuesday/t1.jsonl ./tuesday/t1.jsonl -o out && $TR batch monday tuesday/t1.jsonl -o once"#
            )
            #expect(run.code == 0, "\(run.stderr)")
            #expect(run.stderr.contains("3 sessions: 3 rendered -> out\n"), "\(run.stderr)")
            #expect(try BatchTests.tree(workspace, "out") == (try BatchTests.tree(workspace, "once")))
            // Run again with one spelling: nothing was rendered twice, so nothing is gone.
            let again = try workspace.shell("$TR batch monday -o out")
            #expect(again.stderr.contains("2 sessions: 0 rendered, 2 skipped (input and tool unchanged) -> out\n"), "\(again.stderr)")
            // A folder inside another INPUT: its log is found once, under the outer one's name (as a run of the
            // outer folder alone names it), so the next run of that folder alone keeps it; and no folder is without logs.
            let nested = try workspace.shell(
                "mkdir -p nest/sub empty && cp tuesday/t1.jsonl nest/sub/ && $TR batch nest nest/sub -o nested && $TR batch nest -o nested")
            #expect(nested.code == 0, "\(nested.stderr)")
            #expect(nested.stderr.contains("1 session: 1 rendered -> nested\n"), "\(nested.stderr)")
            #expect(nested.stderr.hasSuffix("1 session: 0 rendered, 1 skipped (input and tool unchanged) -> nested\n"), "\(nested.stderr)")
            #expect(workspace.exists("nested/stats/sub--t1.json") && !workspace.exists("nested/stats/t1.json"))
            // An empty folder spelled two ways is one folder without logs.
            let empty = try workspace.shell("$TR batch empty ./empty/ -o emptied")
            #expect(empty.code == 66)
            #expect(empty.stderr.components(separatedBy: "no log in this folder").count == 2, "\(empty.stderr)")
            #expect(empty.stderr.contains("1 INPUT folder with no log"), "\(empty.stderr)")
            // A FIFO with a log's name, found through both spellings, is left out once.
            let fifo = try workspace.shell(
                "mkdir fifo && mkfifo fifo/p.jsonl && cp tuesday/t2.jsonl fifo/ && $TR batch fifo ./fifo/ -o piped")
            #expect(fifo.stderr.components(separatedBy: "a FIFO, not a regular file; left out").count == 2, "\(fifo.stderr)")
            #expect(fifo.stderr.contains("1 left out"), "\(fifo.stderr)")
        }

        @Test("a log of another root with the same NAME and other bytes takes the name a run of both roots gives it, not the session's")
        func sameNameOtherRoot() throws {
            let workspace = try Workspace()
            let result = try workspace.shell(
                """
                set -e
                mkdir -p mon tue moved
                $TR simulate --events 80 --seed 1 -o mon/a.jsonl
                $TR simulate --events 70 --seed 2 -o tue/a.jsonl
                cp mon/a.jsonl moved/a.jsonl
                $TR mon/a.jsonl -o mon.html --quiet
                $TR batch mon -o out --quiet
                $TR batch tue -o out
                $TR batch tue -o out
                $TR batch mon tue -o both --quiet
                $TR batch mon -o moved-out --quiet
                $TR batch moved -o moved-out
                """)
            #expect(result.code == 0, "\(result.stderr)")
            #expect(workspace.read("out/sessions/a.html") == workspace.read("mon.html"), "monday's session keeps its report")
            let both = try FileManager.default.contentsOfDirectory(atPath: workspace.path("both/sessions")).sorted()
            let tuesday = try #require(both.first { workspace.read("out/sessions/\($0)") != nil && $0 != "a.html" })
            #expect(tuesday.hasPrefix("a-") && both.count == 2, "\(both)")
            #expect(workspace.read("out/sessions/\(tuesday)") == workspace.read("both/sessions/\(tuesday)"))
            #expect(result.stderr.contains("tue/a.jsonl: note: sessions/a.html is the session of a log found under "), "\(result.stderr)")
            #expect(result.stderr.contains("this one is sessions/\(tuesday)"), "\(result.stderr)")
            #expect(result.stderr.contains("1 session: 0 rendered, 1 skipped (input and tool unchanged) -> out"), "the second run of tue")
            // The same bytes under another root are the same log, moved: its session becomes that root's.
            #expect(result.stderr.contains("1 session: 0 rendered, 1 skipped (input and tool unchanged) -> moved-out"), "\(result.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path("moved-out/sessions")) == ["a.html"])
        }

        @Test("a session that takes back its plain NAME, its root alone now, is counted as renamed, not as an input gone")
        func renamedNotGone() throws {
            let workspace = try Workspace()
            let result = try workspace.shell(
                """
                set -e
                mkdir -p mon tue
                $TR simulate --events 80 --seed 1 -o mon/a.jsonl
                $TR simulate --events 70 --seed 2 -o tue/a.jsonl
                $TR batch mon tue -o out --quiet
                ls out/sessions > told-apart
                $TR batch mon -o out
                ls out/sessions > plain
                rm mon/a.jsonl
                $TR simulate --events 60 --seed 3 -o mon/c.jsonl
                $TR batch mon -o out
                """)
            #expect(result.code == 0, "\(result.stderr)")
            // Both were told apart by a hash; monday alone takes back the plain NAME, and tuesday's stays.
            let toldApart = String(decoding: try #require(workspace.read("told-apart")), as: UTF8.self).split(separator: "\n")
            #expect(toldApart.count == 2 && toldApart.allSatisfy { $0.hasPrefix("a-") }, "\(toldApart)")
            let plain = String(decoding: try #require(workspace.read("plain")), as: UTF8.self).split(separator: "\n")
            #expect(plain.count == 2 && plain.contains("a.html"), "\(plain)")
            #expect(
                result.stderr.contains("1 session: 1 rendered, 1 renamed (the same input, under the NAME this run gives it) -> out\n"),
                "\(result.stderr)")
            // Once its input is gone, it is.
            #expect(result.stderr.hasSuffix("1 session: 1 rendered, 1 removed (input gone) -> out\n"), "\(result.stderr)")
        }

        /// Found by an audit: the skipped session kept the old file's name in its stats and in sessions.csv.
        @Test("a log renamed to a name of the same NAME is skipped, and its stats and sessions.csv name it as it is now")
        func renamedToTheSameName() throws {
            let workspace = try Workspace()
            let result = try workspace.shell(
                """
                set -e
                mkdir logs
                $TR simulate --events 50 --seed 1 -o "logs/x y.jsonl"
                $TR batch logs -o out --quiet
                mv "logs/x y.jsonl" logs/x_y.jsonl
                $TR batch logs -o out
                """)
            #expect(result.code == 0, "\(result.stderr)")
            #expect(result.stderr.hasSuffix("1 session: 0 rendered, 1 skipped (input and tool unchanged) -> out\n"), "\(result.stderr)")
            let stats = String(decoding: try #require(workspace.read("out/stats/x_y.json")), as: UTF8.self)
            #expect(stats.contains("\n  \"input\": \"x_y.jsonl\",\n"), "\(stats)")
            let csv = String(decoding: try #require(workspace.read("out/sessions.csv")), as: UTF8.self)
            #expect(csv.contains("\r\nx_y,x_y.jsonl,") && !csv.contains("x y.jsonl"), "\(csv)")
        }

        /// Found by an audit: empty files without stats were counted as sessions whose input is gone.
        @Test("empty files, stats too, as an interrupted run leaves them, are removed and counted as such, not as inputs gone")
        func emptyFilesWithoutStats() throws {
            let workspace = try Workspace()
            let result = try workspace.shell(
                """
                set -e
                mkdir logs
                $TR simulate --events 50 --seed 1 -o logs/a.jsonl
                $TR batch logs -o out --quiet
                : > out/sessions/gone.html
                : > out/events/gone.csv.gz
                : > out/sessions/other.html
                : > out/stats/third.json
                : > out/sessions/third.html
                echo '<p>mine</p>' > out/sessions/mine.html
                $TR batch logs -o out
                """)
            #expect(result.code == 0, "\(result.stderr)")
            #expect(
                result.stderr.contains(
                    "1 session: 0 rendered, 1 skipped (input and tool unchanged), "
                        + "3 removed (empty files, as an interrupted run leaves them) -> out\n"), "\(result.stderr)")
            #expect(result.stderr.contains("mine.html: note: not a file todo-report wrote"), "\(result.stderr)")
            #expect(workspace.read("out/sessions/gone.html") == nil && workspace.read("out/sessions/other.html") == nil)
            #expect(workspace.read("out/stats/third.json") == nil && workspace.read("out/sessions/third.html") == nil)
            #expect(!result.stderr.contains("third"), "an empty stats file is no one's: \(result.stderr)")
            #expect(workspace.read("out/sessions/mine.html") != nil)
        }

        @Test("a NAME cut to its length keeps, when another root holds it, the whole name a run of both roots gives it")
        func longNameOtherRoot() throws {
            let workspace = try Workspace()
            let long = String(repeating: "journey-", count: 15)
            let result = try workspace.shell(
                """
                set -e
                mkdir -p mon tue
                $TR simulate --events 40 --seed 1 -o mon/\(long).jsonl
                $TR simulate --events 30 --seed 2 -o tue/\(long).jsonl
                $TR batch mon -o out --quiet
                $TR batch tue -o out --quiet
                $TR batch mon tue -o both --quiet
                """)
            #expect(result.code == 0, "\(result.stderr)")
            let separately = try FileManager.default.contentsOfDirectory(atPath: workspace.path("out/sessions")).sorted()
            let together = try FileManager.default.contentsOfDirectory(atPath: workspace.path("both/sessions")).sorted()
            // Monday's keeps its plain NAME; Tuesday's takes the one a run of both gives it, whichever way the hashes sort.
            let shared = separately.filter(together.contains)
            #expect(separately.count == 2 && shared.count == 1, "\(separately) against \(together)")
            for name in shared {
                #expect(workspace.read("out/sessions/\(name)") == workspace.read("both/sessions/\(name)"))
            }
        }

        @Test("a log of another root that cannot be opened records its failure under its own NAME, not over the session's")
        func unopenableOtherRoot() throws {
            let workspace = try Workspace()
            let result = try workspace.shell(
                """
                set -e
                mkdir -p mon sock
                $TR simulate --events 80 --seed 1 -o mon/a.jsonl
                $TR batch mon -o out --quiet
                python3 -c "import socket; socket.socket(socket.AF_UNIX).bind('sock/a.jsonl')"
                """)
            try #require(result.code == 0, "\(result.stderr)")
            let before = workspace.read("out/sessions/a.html")
            let run = try workspace.shell("$TR batch sock/a.jsonl -o out")
            #expect(run.code == 66, "\(run.stderr)")
            #expect(run.stderr.contains("note: sessions/a.html is the session of a log found under"), "\(run.stderr)")
            #expect(workspace.read("out/sessions/a.html") == before, "monday's report stays")
            let stats = String(decoding: try #require(workspace.read("out/stats/a.json")), as: UTF8.self)
            #expect(stats.contains("/mon\""), "monday's stats stay: \(stats)")
            let names = try FileManager.default.contentsOfDirectory(atPath: workspace.path("out/stats")).sorted()
            #expect(names.count == 2 && names.contains { $0.hasPrefix("a-") }, "\(names)")
            // Never opened: its size is not known (0, as every reader of /2 stats expects a number).
            let failed = String(
                decoding: try #require(workspace.read("out/stats/\(names.first { $0.hasPrefix("a-") } ?? "")")), as: UTF8.self)
            #expect(failed.contains("\"inputBytes\": 0,"), "\(failed)")
        }

        @Test("under --redact-key, what a renamed session's log says on standard error names the NAME it took")
        func redactedRenameNamesItsSession() throws {
            let workspace = try Workspace()
            try workspace.write("team.key", "a team secret, long enough\n")
            let result = try workspace.shell(
                """
                set -e
                mkdir -p mon tue
                $TR simulate --events 80 --seed 1 -o mon/a.jsonl
                $TR simulate --events 30 --seed 2 -o tue/a.jsonl
                printf '%s\n' '{"type":"event","seq":1.5,"event":"startCreatingItem"}' >> tue/a.jsonl
                $TR batch mon -o out --redact-key team.key --quiet
                $TR batch tue -o out --redact-key team.key --quiet
                """)
            #expect(result.code == 0, "\(result.stderr)")
            let note = try #require(result.stderr.split(separator: "\n").first { $0.contains("this one is sessions/") })
            let taken = try #require(note.split(separator: "this one is sessions/").last).replacingOccurrences(of: ".html", with: "")
            #expect(result.stderr.contains("sessions/\(taken):32:23: error: wrong-type"), "\(result.stderr)")
        }

        @Test("names told apart by a hash are the same whichever way the INPUT is written")
        func collidingNamesStable() throws {
            let workspace = try Workspace()
            let result = try workspace.shell(
                """
                set -e
                mkdir -p logs
                $TR simulate --events 50 --seed 1 -o logs/a.jsonl
                $TR simulate --events 60 --seed 2 -o logs/b.jsonl
                gzip -c logs/b.jsonl > logs/a.jsonl.gz
                $TR batch logs -o out --quiet
                $TR batch ./logs/ -o out
                $TR batch "$PWD/logs" -o out
                """)
            #expect(result.code == 0, "\(result.stderr)")
            #expect(
                result.stderr.components(separatedBy: "3 sessions: 0 rendered, 3 skipped (input and tool unchanged) -> out").count == 3,
                "\(result.stderr)")
        }

        @Test("a root missing this time (a folder not mounted) removes nothing of its sessions")
        func missingRootRemovesNothing() throws {
            let workspace = try Workspace()
            try Self.days(in: workspace)
            #expect(try workspace.shell("$TR batch monday -o out").code == 0)
            let missing = try workspace.shell("mv monday away && $TR batch monday -o out")
            #expect(missing.code == 66)
            #expect(missing.stderr.contains("monday: error: cannot read: no such file"), "\(missing.stderr)")
            #expect(workspace.exists("out/stats/m1.json") && workspace.exists("out/sessions/m2.html"))
        }

        @Test("an empty list on standard input (a find that found nothing new) is no error, and keeps every session")
        func emptyListKeepsSessions() throws {
            let workspace = try Workspace()
            try Self.days(in: workspace)
            #expect(try workspace.shell("$TR batch monday -o out").code == 0)
            let before = try BatchTests.tree(workspace, "out")
            let empty = try workspace.shell("printf '' | $TR batch - -o out")
            #expect(empty.code == 0, "\(empty.stderr)")
            #expect(empty.stderr == "0 sessions: 0 rendered -> out\n", "\(empty.stderr)")
            #expect(try BatchTests.tree(workspace, "out") == before)
        }

        @Test("a missing INPUT named like a recorded session, or a session's own file gone, overwrites and removes nothing")
        func missingInputKeepsSessionOfItsName() throws {
            let workspace = try Workspace()
            try Self.days(in: workspace)
            #expect(try workspace.shell("$TR batch monday -o out && $TR batch monday/m1.jsonl -o files").code == 0)
            let before = try BatchTests.tree(workspace, "out")
            let elsewhere = try workspace.shell("$TR batch unmounted/m1.jsonl -o out")
            #expect(elsewhere.code == 66)
            #expect(try BatchTests.tree(workspace, "out") == before, "monday's m1 keeps its report, event table and stats")
            let filesBefore = try BatchTests.tree(workspace, "files")
            let gone = try workspace.shell("rm monday/m1.jsonl && $TR batch monday/m1.jsonl -o files")
            #expect(gone.code == 66)
            #expect(gone.stderr.contains("monday/m1.jsonl: error: cannot read: no such file"), "\(gone.stderr)")
            #expect(try BatchTests.tree(workspace, "files") == filesBefore)
        }

        /// A redacted session's root is hidden, so a run with another redaction cannot tell whether it is
        /// one of its own logs again: the folder keeps one redaction's sessions, and the index counts each log once.
        @Test(
            "a run with another redaction, or none, replaces the sessions the last one wrote: the index counts each log once",
            arguments: [
                ("--redact", ""), ("", "--redact"), ("--redact-key team.key", ""), ("", "--redact-key team.key"),
                ("--redact", "--redact-key team.key"), ("--redact-key team.key", "--redact-key other.key"),
            ])
        func redactionChanged(first: String, second: String) throws {
            let workspace = try Workspace()
            try Self.days(in: workspace)
            try workspace.write("team.key", "a team secret, long enough\n")
            try workspace.write("other.key", "another secret, long enough\n")
            let first = try workspace.shell("$TR batch monday -o out \(first)")
            #expect(first.code == 0, "\(first.stderr)")
            let again = try workspace.shell("$TR batch monday -o out \(second) && $TR index out")
            #expect(again.code == 0, "\(again.stderr)")
            #expect(again.stderr.contains("2 sessions: 2 rendered, 2 removed (written with another redaction) -> out"), "\(again.stderr)")
            #expect(again.stderr.contains("2 sessions indexed"), "\(again.stderr)")
            for folder in ["stats", "sessions", "events"] {
                #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path("out/\(folder)")).count == 2, "\(folder)")
            }
        }

        @Test(
            "a redacted run over other inputs removes the sessions written without redaction: its index, CSV and summary show nothing typed",
            arguments: ["--redact", "--redact-key team.key"])
        func plainSessionsLeaveRedactedFolder(redaction: String) throws {
            let workspace = try Workspace()
            try Self.days(in: workspace)
            try workspace.write("team.key", "a team secret, long enough\n")
            let runs = try workspace.shell("$TR batch monday -o out && $TR batch tuesday -o out \(redaction) && $TR index out")
            #expect(runs.code == 0, "\(runs.stderr)")
            #expect(runs.stderr.contains("2 removed (written with another redaction)"), "\(runs.stderr)")
            #expect(runs.stderr.contains("2 sessions indexed"), "\(runs.stderr)")
            // Monday's logs were written by seeds 1 and 2: their users' ids must be gone.
            for file in ["index.html", "sessions.csv"] {
                let text = String(decoding: workspace.read("out/\(file)") ?? Data(), as: UTF8.self)
                #expect(!text.isEmpty && !text.contains("simulated-person-"), "\(file)")
            }
            let summary = String(decoding: workspace.read("out/summary.md") ?? Data(), as: UTF8.self)
            #expect(summary.contains("**Sessions**: 2\n"), "\(summary)")
        }

        @Test("under --redact-key a root is recorded as a keyed pseudonym of its path, and removal still follows it")
        func redactedRoot() throws {
            let workspace = try Workspace()
            try Self.days(in: workspace)
            try workspace.write("team.key", "a team secret, long enough\n")
            let first = try workspace.shell(
                "$TR batch monday -o out --redact-key team.key && $TR batch tuesday -o out --redact-key team.key")
            #expect(first.code == 0, "\(first.stderr)")
            let stats = try FileManager.default.contentsOfDirectory(atPath: workspace.path("out/stats")).sorted()
            #expect(stats.count == 4)
            let roots = try Set(
                stats.map { name in
                    let data = try #require(workspace.read("out/stats/\(name)"))
                    return try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["root"] as? String)
                })
            #expect(
                roots.count == 2 && roots.allSatisfy { $0.hasPrefix("f-") && !$0.contains("monday") && !$0.contains("tuesday") }, "\(roots)"
            )
            let again = try workspace.shell("rm monday/m2.jsonl && $TR batch monday -o out --redact-key team.key")
            #expect(again.stderr.contains("1 removed (input gone)"), "\(again.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path("out/stats")).count == 3)
        }
    }
}
