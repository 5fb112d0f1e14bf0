import Foundation
import Testing

extension CLISuite {
    @Suite("todo-report batch and index")
    struct BatchTests {
        /// Four simulated sessions in two folders, and one log with a syntax error.
        static func logs(in workspace: Workspace) throws {
            let result = try workspace.shell(
                """
                set -e
                mkdir -p logs/team-a logs/team-b
                $TR simulate --events 300 --seed 1 -o logs/team-a/one.jsonl
                $TR simulate --events 250 --seed 2 -o logs/team-a/two.jsonl
                $TR simulate --events 200 --seed 3 -o logs/team-b/one.jsonl
                $TR simulate --events 150 --seed 4 -o "logs/team-b/with space, and comma.jsonl"
                """)
            #expect(result.code == 0, "\(result.stderr)")
            try workspace.write("logs/team-b/broken.jsonl", brokenLog)
        }

        /// The folder's lock files: empty, and there once a run (or a shard run) has been.
        static let lockFiles: Set<String> = [".todo-report.lock", ".todo-report.install.lock"]

        /// Every file under `folder` but its lock files, relative path → bytes;
        /// the aggregates as their links show them, and how many entries
        /// their generations' folder holds (`current` and one generation).
        static func tree(_ workspace: Workspace, _ folder: String) throws -> [String: Data] {
            let root = URL(fileURLWithPath: workspace.path(folder))
            var files: [String: Data] = [:]
            let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey, .isSymbolicLinkKey])
            while let url = enumerator?.nextObject() as? URL {
                let name = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
                if name == ".todo-report.aggregates" {
                    // Numbered by run: what the links show is compared instead, and that one generation is left.
                    enumerator?.skipDescendants()
                    files[name + " (entries)"] = Data(try FileManager.default.contentsOfDirectory(atPath: url.path).count.description.utf8)
                    continue
                }
                let kind = try url.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey])
                if kind.isSymbolicLink == true, let target = try? FileManager.default.destinationOfSymbolicLink(atPath: url.path),
                    target.hasPrefix(".todo-report.aggregates/")
                {
                    files[name] = try Data(contentsOf: url)
                    continue
                }
                guard kind.isRegularFile == true else { continue }
                guard !lockFiles.contains(name) else {
                    #expect(try Data(contentsOf: url).isEmpty, "\(name) holds bytes")
                    continue
                }
                files[name] = try Data(contentsOf: url)
            }
            return files
        }

        @Test("shard runs under other redactions into one folder: index warns that its aggregates show some sessions unmasked")
        func mixedRedactions() throws {
            let workspace = try Workspace()
            let made = try workspace.shell(
                #"mkdir logs && for i in 1 2 3 4; do "$TR" simulate --events 20 --seed $i -o logs/s$i.jsonl --quiet || exit 1; done"#)
            #expect(made.code == 0, "\(made.stderr)")
            #expect(try workspace.run(["batch", "logs", "-o", "mixed", "--shard", "0/2", "--quiet"]).code == 0)
            #expect(try workspace.run(["batch", "logs", "-o", "mixed", "--shard", "1/2", "--redact", "--quiet"]).code == 0)
            let index = try workspace.run(["index", "mixed"])
            #expect(index.code == 0)
            #expect(
                index.stderr.hasPrefix(
                    "mixed: warning: its sessions were written under more than one redaction (2 of 4 redacted), so its index, "),
                "\(index.stderr)")
            let one = try workspace.run(["batch", "logs", "-o", "one", "--redact"])
            #expect(one.code == 0 && !one.stderr.contains("warning"), "\(one.stderr)")
        }

        @Test("on a terminal, batch draws its progress, and with --quiet nothing at all (a CI runner may give it a terminal)")
        func progressOnATerminal() throws {
            let workspace = try Workspace()
            try Self.logs(in: workspace)
            // script(1) runs the command with a terminal as its standard error.
            let shown = try workspace.shell(#"script -qec "$TR batch logs -o out" /dev/null"#)
            #expect(shown.code == 0, "\(shown.stdout)")
            #expect(shown.stdout.contains("/5 sessions, 0 failed"), "\(shown.stdout)")
            let quiet = try workspace.shell(#"script -qec "$TR batch logs -o quiet --quiet" /dev/null"#)
            // Only the diagnostics of the broken log, which --quiet still prints.
            #expect(quiet.code == 0 && !quiet.stdout.contains("sessions"), "\(quiet.stdout.debugDescription)")
            #expect(quiet.stdout.contains("broken.jsonl:3:"), "\(quiet.stdout.debugDescription)")
        }

        @Test(
            "a re-run with another --max-line-bytes or --title renders every session again, as a clean run into an empty folder would",
            arguments: [
                (["--max-line-bytes", "150"], [String]()), ([], ["--max-line-bytes", "150"]), (["--title", "'Team A'"], []),
                ([], ["--title", "'Team A'"]), (["--title", "'Team A'"], ["--title", "'Team B'"]),
            ])
        func outputOptionsOnARerun(first: [String], second: [String]) throws {
            let workspace = try Workspace()
            try Self.logs(in: workspace)
            _ = try workspace.shell("$TR batch logs -o out \(first.joined(separator: " "))")
            let again = try workspace.shell("$TR batch logs -o out \(second.joined(separator: " "))")
            #expect(again.stderr.contains("5 sessions: 5 rendered"), "\(again.stderr)")
            _ = try workspace.shell("$TR batch logs -o clean \(second.joined(separator: " "))")
            #expect(try Self.tree(workspace, "out") == Self.tree(workspace, "clean"), "the folder is what a clean run writes")
            // And the same options again skip every session.
            let third = try workspace.shell("$TR batch logs -o out \(second.joined(separator: " "))")
            #expect(third.stderr.contains("5 sessions: 0 rendered, 5 skipped"), "\(third.stderr)")
        }

        @Test("a rejected and an unreadable session among good ones: the others are rendered, the failures listed, exit 65 then 66")
        func failuresPerSession() throws {
            let workspace = try Workspace()
            try Self.logs(in: workspace)
            let lenient = try workspace.shell("$TR batch logs -o out")
            #expect(lenient.code == 0, "\(lenient.stderr)")
            #expect(lenient.stderr.contains("logs/team-b/broken.jsonl:3:"))

            let strict = try workspace.shell("$TR batch logs -o strict --strict")
            #expect(strict.code == 65)
            #expect(strict.stderr.contains("logs/team-b/broken.jsonl: error: rejected"))
            #expect(
                strict.stderr.contains(
                    "--strict allows no errors. The session has its stats alone, with no report or event table (an earlier run's are removed).\n"
                ),
                "\(strict.stderr)")
            #expect(strict.stderr.contains("5 sessions: 4 rendered, 1 rejected"))
            // Again, nothing changed: the rejected session is one of the skipped, counted once.
            let strictAgain = try workspace.shell("$TR batch logs -o strict --strict")
            #expect(strictAgain.code == 65)
            #expect(
                strictAgain.stderr.contains("5 sessions: 0 rendered, 5 skipped (input and tool unchanged; 1 of them rejected) -> strict"),
                "\(strictAgain.stderr)")
            // And says which, and why: a CI job run again must not fail with no session named.
            #expect(
                strictAgain.stderr.contains(
                    "logs/team-b/broken.jsonl: error: rejected, as in an earlier run (the log and the options are unchanged): "),
                "\(strictAgain.stderr)")
            #expect(strictAgain.stderr.contains("--strict allows no errors. validate lists its diagnostics.\n"), "\(strictAgain.stderr)")
            #expect(workspace.exists("strict/sessions/team-a--one.html"))
            #expect(!workspace.exists("strict/sessions/team-b--broken.html"))
            let csv = String(decoding: try #require(workspace.read("strict/sessions.csv")), as: UTF8.self)
            #expect(csv.contains("team-b--broken,team-b/broken.jsonl,rejected,"))
            let index = String(decoding: try #require(workspace.read("strict/index.html")), as: UTF8.self)
            #expect(index.contains("team-b--broken (rejected: "), "the failed row says why")

            let missing = try workspace.shell("$TR batch logs/team-a no-such.jsonl -o missing")
            #expect(missing.code == 66)
            #expect(missing.stderr.contains("no-such.jsonl: error: cannot read: no such file; nothing of it is written or removed"))
            #expect(missing.stderr.contains("2 sessions: 2 rendered, 1 INPUT not found or not searchable"), "\(missing.stderr)")
            #expect(workspace.exists("missing/sessions/one.html"))
            #expect(!workspace.exists("missing/stats/no-such.json"), "a missing INPUT is no session")
        }

        @Test("an unreadable session has no numbers: empty cells in sessions.csv and dashes on the index, not 0s an average would count")
        func unreadableHasNoNumbers() throws {
            let workspace = try Workspace()
            try Self.logs(in: workspace)
            // gzip's magic and method, then bytes that are no deflate stream.
            try Data([0x1F, 0x8B, 0x08, 0x00] + Array("not deflate data at all".utf8)).write(
                to: URL(fileURLWithPath: workspace.path("logs/damaged.jsonl.gz")))
            let run = try workspace.shell("$TR batch logs -o out")
            #expect(run.code == 66, "\(run.stderr)")
            let csv = String(decoding: try #require(workspace.read("out/sessions.csv")), as: UTF8.self)
            /// A CSV row's fields (quoted ones unquoted; no field here holds a line break).
            func fields(_ line: Substring) -> [String] {
                var result: [String] = []
                var field = ""
                var quoted = false
                var characters = line.makeIterator()
                while let c = characters.next() {
                    if quoted {
                        if c == "\"" { quoted = false } else { field.append(c) }
                    } else if c == "\"" {
                        if !field.isEmpty { field.append(c) }
                        quoted = true
                    } else if c == "," {
                        result.append(field)
                        field = ""
                    } else {
                        field.append(c)
                    }
                }
                return result + [field]
            }
            let lines = csv.split(separator: "\r\n")
            let header = fields(try #require(lines.first))
            let damaged = fields(try #require(lines.first { $0.hasPrefix("damaged,") }))
            let good = fields(try #require(lines.first { $0.hasPrefix("team-a--one,") }))
            #expect(damaged.count == header.count && good.count == header.count)
            let row = Dictionary(uniqueKeysWithValues: zip(header, damaged))
            #expect(row["status"] == "unreadable" && row["input_bytes"] == "27", "\(row)")
            for column in [
                "events", "frames", "sheets_opened", "keystrokes", "errors", "warnings", "undone_frames", "lines", "digests_checked",
            ] {
                #expect(row[column] == "", "\(column): \(row[column] ?? "?")")
                #expect(Dictionary(uniqueKeysWithValues: zip(header, good))[column]?.isEmpty == false, "a read session has its \(column)")
            }
            let index = String(decoding: try #require(workspace.read("out/index.html")), as: UTF8.self)
            let row0 = try #require(
                index.firstMatch(of: /<tr aria-rowindex="\d+" data-session-id="" data-name="damaged" class="failed">.*?<\/tr>/))
            #expect(row0.0.matches(of: /<td class="number">—<\/td>/).count == 8, "every number a dash: \(row0.0)")
        }

        @Test(
            "index on a full disk names the file people know (index.html), not the generation folder it was written in",
            .enabled(if: getuid() == 0, "mounting a file system needs root (CI runs the tests as root)"))
        func fullDiskNamesAggregate() throws {
            let workspace = try Workspace()
            try workspace.write("s.jsonl", cleanLog)
            try FileManager.default.createDirectory(atPath: workspace.path("disk"), withIntermediateDirectories: false)
            let run = try workspace.shell(
                #"unshare -m sh -c 'mount -t tmpfs -o size=1m tmpfs disk && "$TR" batch s.jsonl -o disk/out --quiet && "#
                    + #"{ head -c 2000000 /dev/zero > disk/fill 2>/dev/null; "$TR" index disk/out; }'"#)
            #expect(run.code == 73, "\(run.stderr)")
            #expect(run.stderr.hasPrefix("Error: cannot write disk/out/index.html: No space left on device"), "\(run.stderr)")
            #expect(!run.stderr.contains(".todo-report.aggregates"), "\(run.stderr)")
        }

        @Test("an output folder inside a missing one is refused (73), naming the missing folder, as for an output file")
        func missingParent() throws {
            let workspace = try Workspace()
            try workspace.write("s.jsonl", cleanLog)
            let run = try workspace.run(["batch", "s.jsonl", "-o", "missing/out"])
            #expect(run.code == 73)
            #expect(run.stderr.contains("cannot write missing/out: the folder 'missing' does not exist (create it first)"), "\(run.stderr)")
            #expect(!workspace.exists("missing"))
            // A folder that exists but makes no new names (/proc says ENOENT) is not called missing.
            let special = try workspace.run(["batch", "s.jsonl", "-o", "/proc/todo-report-out"])
            #expect(special.code == 73)
            #expect(
                special.stderr.contains("cannot write /proc/todo-report-out: no folder can be made in '/proc'"), "\(special.stderr)")
            // And index, which takes one DIR, says so by that name.
            let two = try workspace.run(["index", "a", "b"])
            #expect(two.code == 64 && two.stderr.hasPrefix("Error: one DIR at a time; got 2: a b."), "\(two.stderr)")
        }

        @Test("a folder with no log in it is an error naming it (and the names batch reads) that fails the run; one with a log is not")
        func folderWithoutLogs() throws {
            let workspace = try Workspace()
            let run = try workspace.shell(
                "mkdir -p empty other/deep good; touch other/a.json other/deep/S3.JSONL; $TR simulate --events 5 -o good/s.jsonl; $TR batch empty other good -o out"
            )
            #expect(run.code == 66, "\(run.stderr)")
            let errors = run.stderr.split(separator: "\n").filter { $0.contains("error:") }.map(String.init)
            let why =
                "error: no log in this folder or below (batch reads files named *.jsonl or *.jsonl.gz); the sessions found there before are kept"
            #expect(errors == ["empty: " + why, "other: " + why], "\(run.stderr)")
            #expect(run.stderr.hasSuffix("1 session: 1 rendered, 2 INPUT folders with no log -> out\n"), "\(run.stderr)")
            #expect(workspace.exists("out/sessions/s.html"))
        }

        @Test("an INPUT folder emptied since the last run (a download that failed) keeps its sessions, and the run fails")
        func emptiedFolderKeepsSessions() throws {
            let workspace = try Workspace()
            try Self.logs(in: workspace)
            #expect(try workspace.shell("$TR batch logs -o out").code == 0)
            let first = try Self.tree(workspace, "out")
            let emptied = try workspace.shell("rm -r logs/team-a logs/team-b && $TR batch logs -o out")
            #expect(emptied.code == 66, "\(emptied.stderr)")
            #expect(emptied.stderr.contains("0 sessions: 0 rendered, 1 INPUT folder with no log -> out"), "\(emptied.stderr)")
            #expect(try Self.tree(workspace, "out") == first)
        }

        @Test("a list of paths on standard input may be NUL-separated, as find -print0 writes it, names with line breaks too")
        func nulSeparatedList() throws {
            let workspace = try Workspace()
            let made = try workspace.shell(
                "set -e; mkdir logs; $TR simulate --events 20 --seed 1 -o logs/a.jsonl; $TR simulate --events 30 --seed 2 -o \"logs/b\nc.jsonl\""
            )
            try #require(made.code == 0, "\(made.stderr)")
            let run = try workspace.shell("find logs -name '*.jsonl' -print0 | $TR batch - -o out")
            #expect(run.code == 0, "\(run.stderr)")
            #expect(run.stderr.contains("2 sessions: 2 rendered -> out"), "\(run.stderr)")
            let csv = String(decoding: try #require(workspace.read("out/sessions.csv")), as: UTF8.self)
            #expect(csv.contains("simulated-1") && csv.contains("simulated-2"), "\(csv)")
            #expect(!csv.contains("\\x00"), "\(csv)")
        }

        @Test("a file in which no line is a record gets the note a single report gives it, naming it; --quiet leaves the note out")
        func notALogNoted() throws {
            let workspace = try Workspace()
            let made = try workspace.shell("set -e; mkdir logs; echo 'a,b,c' > logs/data.jsonl; : > logs/empty.jsonl")
            try #require(made.code == 0, "\(made.stderr)")
            let run = try workspace.shell("$TR batch logs -o out")
            #expect(run.code == 0, "\(run.stderr)")
            #expect(
                run.stderr.contains("logs/data.jsonl: note: holds no todo-session/1 record: none of its 1 line is one;"), "\(run.stderr)")
            #expect(run.stderr.contains("logs/empty.jsonl: note: holds no record: it is empty;"), "\(run.stderr)")
            let quiet = try workspace.shell("$TR batch logs -o out --force --quiet")
            #expect(!quiet.stderr.contains("note:"), "\(quiet.stderr)")
        }

        @Test("one session is one session: batch's and index's closing lines say so in the singular")
        func oneSessionSingular() throws {
            let workspace = try Workspace()
            let run = try workspace.shell(
                "set -e; mkdir logs; $TR simulate --events 20 --seed 1 -o logs/only.jsonl; $TR batch logs -o out; $TR index out")
            #expect(run.code == 0, "\(run.stderr)")
            #expect(run.stderr.contains("1 session: 1 rendered -> "), "\(run.stderr)")
            #expect(run.stderr.contains("1 session indexed -> "), "\(run.stderr)")
        }

        @Test("a batch session's report is byte for byte what the single command writes")
        func sameReportAsSingleCommand() throws {
            let workspace = try Workspace()
            try Self.logs(in: workspace)
            let result = try workspace.shell(
                "$TR batch logs -o out && $TR logs/team-a/two.jsonl -o single.html && $TR logs/team-b/broken.jsonl -o broken.html")
            #expect(result.code == 0, "\(result.stderr)")
            #expect(workspace.read("out/sessions/team-a--two.html") == workspace.read("single.html"))
            #expect(workspace.read("out/sessions/team-b--broken.html") == workspace.read("broken.html"))
        }

        @Test("the same bytes whatever --jobs is")
        func deterministicAcrossJobs() throws {
            let workspace = try Workspace()
            try Self.logs(in: workspace)
            let result = try workspace.shell(
                "$TR batch logs -o one --jobs 1 && $TR batch logs -o two --jobs 2 && $TR batch logs -o four --jobs 4")
            #expect(result.code == 0, "\(result.stderr)")
            let one = try Self.tree(workspace, "one")
            // Reports, event tables, stats, the three aggregates, and the folder of their generation.
            #expect(one.count == 5 + 5 + 5 + 3 + 1)
            #expect(try Self.tree(workspace, "two") == one)
            #expect(try Self.tree(workspace, "four") == one)
        }

        @Test("N shard runs and index write what one batch writes", arguments: [2, 3])
        func shardsThenIndex(shards: Int) throws {
            let workspace = try Workspace()
            try Self.logs(in: workspace)
            var script = "set -e\n$TR batch logs -o whole\n"
            for shard in 0..<shards { script += "$TR batch logs -o sharded --shard \(shard)/\(shards)\n" }
            script += "$TR index sharded\n"
            let result = try workspace.shell(script)
            #expect(result.code == 0, "\(result.stderr)")
            #expect(try Self.tree(workspace, "sharded") == (try Self.tree(workspace, "whole")))
        }

        @Test("a re-run skips unchanged sessions, redoes a changed one, removes one whose input is gone; --force redoes all")
        func incremental() throws {
            let workspace = try Workspace()
            try Self.logs(in: workspace)
            #expect(try workspace.shell("$TR batch logs -o out").code == 0)
            let first = try Self.tree(workspace, "out")

            let again = try workspace.shell("$TR batch logs -o out")
            #expect(again.stderr.contains("5 sessions: 0 rendered, 5 skipped"), "\(again.stderr)")
            #expect(try Self.tree(workspace, "out") == first)

            let changed = try workspace.shell(
                "$TR simulate --events 120 --seed 9 -o logs/team-a/two.jsonl && rm logs/team-b/one.jsonl && $TR batch logs -o out")
            #expect(
                changed.stderr.contains("4 sessions: 1 rendered, 3 skipped (input and tool unchanged), 1 removed (input gone)"),
                "\(changed.stderr)")
            #expect(!workspace.exists("out/stats/team-b--one.json"))
            #expect(!workspace.exists("out/sessions/team-b--one.html"))
            let csv = String(decoding: try #require(workspace.read("out/sessions.csv")), as: UTF8.self)
            #expect(!csv.contains("team-b--one,"))
            #expect(csv.contains("simulated-9"))

            let forced = try workspace.shell("$TR batch logs -o out --force")
            #expect(forced.stderr.contains("4 sessions: 4 rendered"), "\(forced.stderr)")
        }

        @Test("a re-run removes the pages and tables todo-report left without stats, and leaves every other file someone put there")
        func othersFilesKept() throws {
            let workspace = try Workspace()
            try Self.logs(in: workspace)
            #expect(try workspace.shell("$TR batch logs -o out").code == 0)
            let put = try workspace.shell(
                """
                set -e
                echo '<p>my page</p>' > out/sessions/mine.html
                echo 'not gzip' > out/events/mine.csv.gz
                gzip -c /dev/null > out/events/theirs.csv.gz
                echo '{"a": 1}' > out/stats/notes.json
                echo '<p>my notes</p>' > out/sessions/notes.html
                cp out/sessions/team-a--two.html out/sessions/damaged.html
                echo 'damaged' > out/stats/damaged.json
                cp out/sessions/team-a--one.html out/sessions/left.html
                cp out/events/team-a--one.csv.gz out/events/left.csv.gz
                """)
            try #require(put.code == 0, "\(put.stderr)")
            let again = try workspace.shell("$TR batch logs -o out")
            // The stats file that is none is left out of the index: 65, as index exits for it.
            #expect(again.code == 65, "\(again.stderr)")
            let notStats = "out/stats/notes.json: warning: not a todo-report-stats/2 file: it has no `schema`; left out of the index"
            #expect(again.stderr.contains(notStats), "\(again.stderr)")
            #expect(!workspace.exists("out/sessions/left.html") && !workspace.exists("out/events/left.csv.gz"))
            // A page of todo-report's beside a damaged stats file stays: it may be another root's session's.
            let keptFiles = [
                "sessions/mine.html", "events/mine.csv.gz", "events/theirs.csv.gz", "stats/notes.json", "sessions/notes.html",
                "sessions/damaged.html",
            ]
            for kept in keptFiles {
                #expect(workspace.exists("out/" + kept), "\(kept)")
            }
            #expect(
                again.stderr.contains("out/sessions/mine.html: note: not a file todo-report wrote, so left as it is"), "\(again.stderr)")
            #expect(again.stderr.contains("out/events/theirs.csv.gz: note: not a file todo-report wrote"), "\(again.stderr)")
            // Someone's page beside someone's stats file of the same name is named too.
            #expect(again.stderr.contains("out/sessions/notes.html: note: not a file todo-report wrote"), "\(again.stderr)")
            #expect(again.stderr.contains("1 removed (input gone)"), "\(again.stderr)")
        }

        @Test(
            "someone's file where a session's report, event table or stats go is left as it is: the run fails (73) naming it; an empty one is replaced",
            arguments: ["sessions/team-a--one.html", "events/team-a--one.csv.gz", "stats/team-a--one.json"])
        func othersFileAtASessionsPathKept(file: String) throws {
            let workspace = try Workspace()
            try Self.logs(in: workspace)
            #expect(try workspace.shell("$TR batch logs -o out").code == 0)
            try workspace.write("out/" + file, "my notes\n")
            let forced = try workspace.shell("$TR batch logs -o out --force")
            #expect(forced.code == 73, "\(forced.stderr)")
            #expect(
                forced.stderr.contains("cannot write out/\(file): it is not a file todo-report wrote, so it is left as it is"),
                "\(forced.stderr)")
            #expect(workspace.read("out/" + file) == Data("my notes\n".utf8))
            // An empty file is what a crash may leave of a new one: nothing to keep.
            try workspace.write("out/" + file, "")
            let again = try workspace.shell("$TR batch logs -o out")
            #expect(again.code == 0, "\(again.stderr)")
            #expect(workspace.read("out/" + file)?.isEmpty == false)
        }

        @Test(
            "aggregates that cannot be written leave no generation behind, keep the last run's, and the run says they lag its sessions"
        )
        func aggregatesFailureLeavesNoGeneration() throws {
            let workspace = try Workspace()
            // Many small sessions: each report is far smaller than their index.
            try FileManager.default.createDirectory(atPath: workspace.path("logs"), withIntermediateDirectories: true)
            for number in 1...130 {
                try workspace.write(
                    "logs/s\(number).jsonl",
                    #"{"type":"session","schema":"todo-session/1","sessionId":"s\#(number)"}"# + "\n"
                        + #"{"type":"event","event":"startCreatingItem","seq":0}"# + "\n")
            }
            #expect(try workspace.shell("$TR batch logs -o out --quiet").code == 0)
            let index = try #require(workspace.read("out/index.html"))
            try #require(index.count > 110_000)
            // Room for 100 KiB a file (dash counts 512-byte blocks): every report fits, the index does not.
            let failed = try workspace.shell("ulimit -f 200; $TR batch logs -o out --force --title Again")
            #expect(failed.code == 73, "\(failed.stderr)")
            #expect(failed.stderr.contains("index.html: File too large"), "\(failed.stderr)")
            #expect(
                failed.stderr.contains("out: note: its index.html, sessions.csv and summary.md still show the last run"), "\(failed.stderr)"
            )
            let generations = try FileManager.default.contentsOfDirectory(atPath: workspace.path("out/.todo-report.aggregates"))
            #expect(generations.sorted() == ["1", "current"])
            #expect(workspace.read("out/index.html") == index)
            #expect(try workspace.shell("$TR batch logs -o out --quiet").code == 0)
            // Into a new folder there is no last run to speak of.
            let first = try workspace.shell("ulimit -f 200; $TR batch logs -o new")
            #expect(first.code == 73, "\(first.stderr)")
            #expect(
                first.stderr.contains(
                    "new: note: it has no index.html, sessions.csv or summary.md yet, only the sessions this run put in place")
                    && !first.stderr.contains("last run"), "\(first.stderr)")
        }

        @Test("a session that is now rejected keeps someone's file where its report was, and names it")
        func rejectedSessionKeepsOthersReport() throws {
            let workspace = try Workspace()
            try Self.logs(in: workspace)
            #expect(try workspace.shell("$TR batch logs -o out").code == 0)
            try workspace.write("out/sessions/team-a--one.html", "<p>my page</p>\n")
            try workspace.write("logs/team-a/one.jsonl", "{\"type\":\"session\",\"schema\":\"todo-session/9\"}\n")
            let again = try workspace.shell("$TR batch logs -o out")
            #expect(
                again.stderr.contains("out/sessions/team-a--one.html: note: not a file todo-report wrote, so left as it is"),
                "\(again.stderr)")
            #expect(workspace.read("out/sessions/team-a--one.html") == Data("<p>my page</p>\n".utf8))
            #expect(!workspace.exists("out/events/team-a--one.csv.gz"), "its own event table is removed")
        }

        @Test("a sessions, stats or events folder that is a symbolic link is refused before anything is written or removed")
        func linkedSubfolderRefused() throws {
            let workspace = try Workspace()
            try Self.logs(in: workspace)
            for folder in ["sessions", "stats", "events"] {
                let made = try workspace.shell(
                    "set -e; rm -rf out elsewhere; mkdir -p out elsewhere; echo '<p>mine</p>' > elsewhere/site.html; ln -s \"$PWD/elsewhere\" out/\(folder)"
                )
                try #require(made.code == 0, "\(made.stderr)")
                let run = try workspace.shell("$TR batch logs -o out")
                #expect(run.code == 73, "\(run.stderr)")
                #expect(run.stderr.contains("cannot write out/\(folder): it is a symbolic link"), "\(run.stderr)")
                #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path("elsewhere")) == ["site.html"])
            }
        }

        @Test(
            "a re-run renders again a session whose report was left incomplete (a crash before the batch's final flush), and only that one")
        func incompleteReportRedone() throws {
            let workspace = try Workspace()
            try Self.logs(in: workspace)
            #expect(try workspace.shell("$TR batch logs -o out").code == 0)
            let first = try Self.tree(workspace, "out")
            let cut = try workspace.shell(
                "set -e; f=$(ls out/sessions/*.html | head -1); head -c 1000 \"$f\" > cut && mv cut \"$f\"; : > \"$(ls out/sessions/*.html | tail -1)\""
            )
            try #require(cut.code == 0, "\(cut.stderr)")
            let again = try workspace.shell("$TR batch logs -o out")
            #expect(again.stderr.contains("5 sessions: 2 rendered, 3 skipped"), "\(again.stderr)")
            #expect(try Self.tree(workspace, "out") == first)
        }

        @Test(
            "index leaves out damaged stats, stats that name another page than their session's and stats whose numbers contradict each other, says where and why, and exits 65",
            arguments: [
                (
                    #"s/"schema": "todo-report-stats\/2",/"schema": "todo-report-stats\/2", broken/"#,
                    ":2:36: warning: not a todo-report-stats/2 file: its JSON breaks here"
                ),
                // A comma missing: where the next member starts, which the JSON cannot take.
                (
                    #"s/"name": "team-a--one",/"name": "team-a--one"/"#,
                    ":4:3: warning: not a todo-report-stats/2 file: its JSON breaks here"
                ),
                (#"s/"report": "sessions\/team-a--one.html"/"report": "javascript:alert(1)"/"#, Self.namesOtherFiles),
                (#"s/"report": "sessions\/team-a--one.html"/"report": "https:\/\/example.com\/"/"#, Self.namesOtherFiles),
                (#"s/"name": "team-a--one"/"name": "..\/x"/"#, Self.namesOtherFiles),
                (#"s/"events": [0-9]*/"events": -1/"#, ":21:13: warning: `events` holds what no todo-report-stats/2 file holds there"),
                (#"/"events"/d"#, ": warning: not a todo-report-stats/2 file: it has no `events`"),
                // Numbers that contradict each other: which rule they break.
                (#"s/"itemsAdded": [0-9]*/"itemsAdded": 0/"#, Self.contradict + "`sheetsAdded` 15 is more than `itemsAdded` 0)"),
                (
                    #"s/"sheetsOpened": [0-9]*/"sheetsOpened": 0/"#,
                    Self.contradict
                        + "`sheetsOpened` is 0, where `sheetsAdded`, `sheetsCancelled`, `sheetsReplaced` and `sheetsOpenAtEnd` make 21)"
                ),
                (#"s/"events": [0-9]*/"events": 0/"#, Self.contradict + "`events` is 0, where the `frames` after frame 0 make 300)"),
                (#"s/"start": "[^"]*"/"start": "yesterday"/"#, Self.contradict + #"`start` "yesterday" is not an RFC 3339 time)"#),
                (
                    #"s/"durationMs": [0-9]*/"durationMs": 5/"#,
                    Self.contradict + "`durationMs` is 5, where `start` and `end` are 366455 ms apart)"
                ),
            ])
        func indexLeavesOutWrongStats(edit: String, said: String) throws {
            let workspace = try Workspace()
            try Self.logs(in: workspace)
            #expect(try workspace.shell("$TR batch logs -o out --quiet").code == 0)
            let stats = "out/stats/team-a--one.json"
            let edited = try workspace.shell("cp \(stats) before.json && sed -i '\(edit)' \(stats) && ! cmp -s \(stats) before.json")
            try #require(edited.code == 0, "\(edited.stderr)")
            let run = try workspace.shell("$TR index out")
            #expect(run.code == 65, "\(run.stderr)")
            #expect(run.stderr.contains("out/stats/team-a--one.json\(said)"), "\(run.stderr)")
            #expect(run.stderr.contains("; left out of the index\n"), "\(run.stderr)")
            #expect(run.stderr.hasSuffix("4 sessions indexed, 1 stats file left out (damaged, or not stats) -> out\n"), "\(run.stderr)")
            let index = String(decoding: try #require(workspace.read("out/index.html")), as: UTF8.self)
            #expect(!index.contains("javascript:") && !index.contains("example.com") && !index.contains("team-a--one"))
            // A batch renders the session again, and its stats are whole again.
            #expect(try workspace.shell("$TR batch logs -o out --quiet && $TR index out").code == 0)
            #expect(workspace.read(stats) == workspace.read("before.json"))
        }

        /// How index begins to say that a stats file's numbers contradict each other.
        static let contradict = ": warning: its numbers contradict each other ("

        /// What index says of a stats file that names another report, event table or NAME than a batch writes.
        static let namesOtherFiles =
            ": warning: it names other files than its session's own (`sessions/NAME.html`, `events/NAME.csv.gz`, a NAME of A-Z a-z 0-9 . _ -)"

        @Test(
            "batch, as index, exits 65 when a stats file of its folder is left out of the index, and says so"
        )
        func batchLeavesOutForeignStats() throws {
            let workspace = try Workspace()
            try Self.logs(in: workspace)
            #expect(try workspace.shell("$TR batch logs -o out --quiet").code == 0)
            try workspace.write("out/stats/zzz.json", #"{"mine":1}"#)
            let run = try workspace.shell("$TR batch logs -o out")
            #expect(run.code == 65, "\(run.stderr)")
            let said = "out/stats/zzz.json: warning: not a todo-report-stats/2 file: it has no `schema`; left out of the index\n"
            #expect(run.stderr.contains(said), "\(run.stderr)")
            #expect(run.stderr.hasSuffix("1 stats file left out of the index (damaged, or not stats) -> out\n"), "\(run.stderr)")
            // Under --quiet the line is printed too: the run failed.
            let quiet = try workspace.shell("$TR batch logs -o out --quiet")
            #expect(quiet.code == 65 && quiet.stderr.hasSuffix("left out of the index (damaged, or not stats) -> out\n"), "\(quiet.stderr)")
            #expect(try workspace.shell("rm out/stats/zzz.json && $TR batch logs -o out --quiet").code == 0)
        }

        @Test("index of a folder no batch wrote exits 66 and leaves the folder as it was, with no lock file")
        func indexOfAnotherFolder() throws {
            let workspace = try Workspace()
            #expect(try workspace.shell("mkdir empty photos && echo 'not a batch' > photos/cat.jpg").code == 0)
            for folder in ["empty", "photos"] {
                let run = try workspace.shell("$TR index \(folder)")
                #expect(run.code == 66)
                #expect(run.stderr.contains("no stats folder; run 'todo-report batch INPUT... -o \(folder)' first"), "\(run.stderr)")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path("empty")).isEmpty)
            #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path("photos")) == ["cat.jpg"])
            // Not a folder at all: said so, with what index reads.
            for (path, reason) in [("nosuch", "no such folder"), ("photos/cat.jpg", "it is not a folder")] {
                let run = try workspace.shell("$TR index \(path)")
                #expect(run.code == 66)
                #expect(
                    run.stderr
                        == "Error: cannot read \(path): \(reason); index reads the folder a batch wrote (todo-report batch INPUT... -o DIR)\n",
                    "\(run.stderr)")
            }
        }

        @Test("sessions.csv read back by Python's csv module matches stats/*.json")
        func csvReadBack() throws {
            let workspace = try Workspace()
            try Self.logs(in: workspace)
            #expect(try workspace.shell("$TR batch logs -o out").code == 0)
            let python = try workspace.shell(
                """
                python3 -c 'import csv, json, sys
                rows = list(csv.DictReader(open("out/sessions.csv", newline="", encoding="utf-8")))
                json.dump(rows, sys.stdout)'
                """)
            try #require(python.code == 0, "\(python.stderr)")
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(python.stdout.utf8)) as? [[String: String]])
            #expect(rows.count == 5)
            let pairs: [(String, String)] = [
                ("session_id", "sessionId"), ("user_id", "userId"), ("app_version", "appVersion"), ("start", "start"), ("end", "end"),
                ("duration_ms", "durationMs"), ("events", "events"), ("items_added", "itemsAdded"), ("sheets_opened", "sheetsOpened"),
                ("sheets_cancelled", "sheetsCancelled"), ("conversion", "conversion"), ("errors", "errors"), ("warnings", "warnings"),
                ("input", "input"), ("status", "status"), ("median_plus_to_add_ms", "medianPlusToAddMs"),
                ("keystrokes", "keystrokes"), ("travels", "travels"), ("undone_frames", "undoneFrames"),
            ]
            for row in rows {
                let name = try #require(row["name"])
                let data = try #require(workspace.read("out/stats/\(name).json"))
                let stats = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
                for (column, key) in pairs {
                    switch stats[key] {
                    case let text as String:
                        #expect(row[column] == text, "\(name): \(column)")
                    case let number as NSNumber:
                        // Foundation's JSON reader on Linux may be one unit in the last place off: compare as numbers.
                        let value = try #require(Double(row[column] ?? ""), "\(name): \(column) is not a plain number")
                        #expect(abs(value - number.doubleValue) <= abs(value) * 1e-12, "\(name): \(column)")
                        #expect(!(row[column] ?? "").contains(","), "\(name): \(column) is grouped")
                    default:
                        #expect(row[column] == "", "\(name): \(column) should be empty")
                    }
                }
            }
            #expect(rows.contains { $0["input"] == "team-b/with space, and comma.jsonl" })
            // The simulated sessions add items: their medians are numbers, not the empty field of "none".
            #expect(rows.filter { !($0["median_plus_to_add_ms"] ?? "").isEmpty }.count == 4)
        }

        @Test(
            ".jsonl.gz logs (one gzip member or several, in a folder or on standard input) read as their plain text; a cut one up to the cut"
        )
        func gzipInput() throws {
            let workspace = try Workspace()
            let result = try workspace.shell(
                """
                set -e
                mkdir -p logs
                $TR simulate --events 3000 --seed 5 -o plain.jsonl
                gzip -c plain.jsonl > logs/packed.jsonl.gz
                (head -c 40000 plain.jsonl | gzip; tail -c +40001 plain.jsonl | gzip) > logs/members.jsonl.gz
                $TR plain.jsonl -o plain.html --quiet
                $TR logs/packed.jsonl.gz -o packed.html --quiet
                gzip -c plain.jsonl | $TR - -o piped.html --quiet
                $TR validate logs/packed.jsonl.gz --strict --quiet
                $TR batch logs -o out --quiet
                """)
            #expect(result.code == 0, "\(result.stderr)")
            let plain = try #require(workspace.read("plain.html"))
            #expect(workspace.read("packed.html") == plain)
            #expect(workspace.read("piped.html") == plain)
            #expect(workspace.read("out/sessions/packed.html") == plain)
            #expect(workspace.read("out/sessions/members.html") == plain)
            let stats = String(decoding: try #require(workspace.read("out/stats/packed.json")), as: UTF8.self)
            let size = try #require(try FileManager.default.attributesOfItem(atPath: workspace.path("logs/packed.jsonl.gz"))[.size] as? Int)
            #expect(stats.contains("\"inputBytes\": \(size),"), "the compressed size is the input's")

            // Cut short inside a member: the lines before the cut are read, as `gzip -dc` gives them,
            // the line the cut tore is the log's truncated-line, and a cut-short warning after the last
            // line names the cut, which every output counts.
            let cut = try workspace.shell(
                """
                set -e
                head -c 20000 logs/packed.jsonl.gz > cut.jsonl.gz
                mkdir -p unpacked cut-logs
                gzip -dc cut.jsonl.gz > unpacked/cut.jsonl || true
                cp cut.jsonl.gz cut-logs/
                $TR unpacked/cut.jsonl -o unpacked.html --quiet 2> /dev/null
                $TR cut.jsonl.gz -o cut.html --quiet
                $TR batch cut-logs -o cut-out --quiet
                $TR redact cut.jsonl.gz -o cut-redacted.jsonl --quiet
                $TR diff unpacked/cut.jsonl cut.jsonl.gz --quiet
                """)
            #expect(cut.code == 0, "\(cut.stderr)")
            let cutWarning =
                "cut.jsonl.gz:1418: warning: cut-short: the gzip data ends early, after 20000 compressed bytes: the file is cut short"
            #expect(
                cut.stderr.components(separatedBy: cutWarning).count == 5, "the report's, the batch's, redact's and diff's: \(cut.stderr)")
            #expect(cut.stderr.contains("cut.jsonl.gz:1417: warning: truncated-line"), "\(cut.stderr)")
            #expect(!cut.stderr.contains("unpacked/cut.jsonl:1418"), "\(cut.stderr)")
            let cutPage = String(decoding: try #require(workspace.read("cut.html")), as: UTF8.self)
            #expect(cutPage.contains("cut-short") && workspace.read("unpacked.html") != workspace.read("cut.html"))
            #expect(workspace.read("cut-out/sessions/cut.html") == workspace.read("cut.html"))
            let cutStats = String(decoding: try #require(workspace.read("cut-out/stats/cut.json")), as: UTF8.self)
            #expect(cutStats.contains(#""codes": {"cut-short":1,"truncated-line":1}"#), "\(cutStats)")
            // Cut inside the first member's header: nothing of the log to read.
            let header = try workspace.shell("head -c 5 logs/packed.jsonl.gz > header.jsonl.gz && $TR header.jsonl.gz -o header.html")
            #expect(header.code == 66)
            #expect(header.stderr.contains("the gzip data ends after 5 compressed bytes, before any of the log"), "\(header.stderr)")
            #expect(!workspace.exists("header.html"))

            // Bytes after the last member are ignored with a warning that gives the byte where the gzip
            // data ends, over all members; the members are read whole.
            let junk = try workspace.shell(
                "(cat logs/members.jsonl.gz; printf 'trailing junk') > junk.jsonl.gz && $TR junk.jsonl.gz -o junk.html --quiet")
            let members = try #require(
                try FileManager.default.attributesOfItem(atPath: workspace.path("logs/members.jsonl.gz"))[.size] as? Int)
            #expect(junk.code == 0, "\(junk.stderr)")
            #expect(
                junk.stderr.contains(
                    "junk.jsonl.gz: warning: the gzip data ends at byte \(members) and the bytes after it are not another gzip member"),
                "\(junk.stderr)")
            #expect(workspace.read("junk.html") == plain)

            // Damaged data stays unreadable: what zlib inflated before the damage is not to be trusted.
            let damaged = try workspace.shell(
                """
                (head -c 15000 logs/packed.jsonl.gz; head -c 2000 /dev/zero; tail -c +17001 logs/packed.jsonl.gz) > damaged.jsonl.gz
                $TR damaged.jsonl.gz -o damaged.html
                mkdir damaged-logs && cp damaged.jsonl.gz damaged-logs/
                $TR batch damaged-logs -o damaged-out --quiet
                """)
            #expect(damaged.code == 66, "\(damaged.stderr)")
            #expect(damaged.stderr.contains("damaged.jsonl.gz: it is not valid gzip data after"), "\(damaged.stderr)")
            #expect(damaged.stderr.contains("the file is damaged"), "says what to do: \(damaged.stderr)")
            #expect(!workspace.exists("damaged.html"))
            // Unreadable, but opened: its stats and row still give its size.
            let damagedStats = String(decoding: try #require(workspace.read("damaged-out/stats/damaged.json")), as: UTF8.self)
            #expect(
                damagedStats.contains("\"status\": \"unreadable\"") && damagedStats.contains("\"inputBytes\": \(size),"), "\(damagedStats)")
        }

        @Test("a gzip log that its checksum shows damaged prints none of its diagnostics, and says how many it held back")
        func damagedGzipHoldsDiagnostics() throws {
            let workspace = try Workspace()
            let result = try workspace.shell(
                """
                set -e
                # Long enough that the first diagnostics reach the printer well before zlib reaches the checksum.
                $TR simulate --events 200000 --seed 2 -o plain.jsonl
                (printf 'oops\\n'; cat plain.jsonl; printf '{"type":"event"}\\nnot json\\n') | gzip -n > whole.jsonl.gz
                size=$(wc -c < whole.jsonl.gz)
                # The CRC-32 of the member (its last 8 bytes are the CRC and the length) changed: the data inflates, then fails.
                head -c $((size - 8)) whole.jsonl.gz > crc.jsonl.gz
                tail -c 8 whole.jsonl.gz | head -c 1 | tr '\\000-\\377' '\\001-\\377\\000' >> crc.jsonl.gz
                tail -c 7 whole.jsonl.gz >> crc.jsonl.gz
                set +e
                $TR validate whole.jsonl.gz; echo "whole $?" >&2
                $TR validate crc.jsonl.gz; echo "crc $?" >&2
                $TR crc.jsonl.gz -o crc.html --max-diagnostics 1; echo "capped $?" >&2
                $TR redact crc.jsonl.gz -o crc-redacted.jsonl; echo "redact $?" >&2
                $TR diff plain.jsonl crc.jsonl.gz; echo "diff $?" >&2
                """)
            let lines = result.stderr.split(separator: "\n").map(String.init)
            #expect(lines.contains("whole 0"), "\(result.stderr)")
            #expect(lines.filter { $0.hasPrefix("whole.jsonl.gz:") }.count == 4, "the whole file's diagnostics print: \(result.stderr)")
            #expect(["crc 66", "capped 66", "redact 66", "diff 66"].allSatisfy(lines.contains), "\(result.stderr)")
            #expect(!lines.contains { $0.hasPrefix("crc.jsonl.gz:1:") || $0.contains("more diagnostic") }, "none printed: \(result.stderr)")
            // The two of its first lines; the last lines' two were in the part that the checksum failed, never handed on.
            #expect(
                lines.filter {
                    $0.contains("the file is damaged: fetch or copy it again (the 2 diagnostics of what was read before it are not printed")
                }
                .count == 4, "validate, the report, redact and diff: \(result.stderr)")
            #expect(!workspace.exists("crc.html") && !workspace.exists("crc-redacted.jsonl"))
        }
    }
}
