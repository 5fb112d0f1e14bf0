import Foundation
import Testing

extension CLISuite {
    /// `index.html`, `sessions.csv` and `summary.md` change in one step:
    /// killed at any of `index`'s `link`, `linkat`, `rename` or `symlink`
    /// calls (strace's fault injection), the three are all old or all new at
    /// once, with no later run needed, and the next run of any kind removes
    /// what the killed one left.
    @Suite("the aggregates change in one step under SIGKILL")
    struct AggregateGenerationTests {
        static let names = ["index.html", "sessions.csv", "summary.md"]
        static let calls = ["link", "linkat", "rename", "symlink"]

        static func aggregates(_ workspace: Workspace, _ folder: String) -> [Data?] {
            names.map { workspace.read("\(folder)/\($0)") }
        }

        /// `out/`: the aggregates of four sessions, and the stats of a fifth
        /// (from `more/`) that they do not count yet; `pristine/` a copy of it,
        /// `expected/` what `index` makes of it. Returns the old and the new aggregates.
        static func staleAggregates(in workspace: Workspace) throws -> (old: [Data?], new: [Data?]) {
            try BatchTests.logs(in: workspace)
            let setup = try workspace.shell(
                """
                set -e
                mkdir more && mv logs/team-b/broken.jsonl more/
                $TR batch logs -o out --quiet && $TR batch more -o out --shard 0/1 --quiet
                cp -R out pristine && cp -R out expected && $TR index expected --quiet
                """)
            try #require(setup.code == 0, "\(setup.stderr)")
            let old = Self.aggregates(workspace, "out")
            let new = Self.aggregates(workspace, "expected")
            try #require(old.allSatisfy { $0 != nil } && zip(old, new).allSatisfy { $0 != $1 })
            return (old, new)
        }

        /// Makes `pristine/` a folder as a todo-report before the links wrote
        /// it: the three aggregates as regular files, no generations.
        static func makeLinksRegularFiles(in workspace: Workspace) throws {
            let flatten = try workspace.shell(
                """
                set -e
                for name in index.html sessions.csv summary.md; do
                  cp --remove-destination "$(readlink -f pristine/$name)" pristine/$name
                done
                rm -r pristine/.todo-report.aggregates
                """)
            try #require(flatten.code == 0, "\(flatten.stderr)")
            for name in names { try #require(workspace.kind("pristine/\(name)") == S_IFREG) }
        }

        /// What a finished run leaves: the three links, `current` and one generation beside it.
        static func expectTidy(_ workspace: Workspace, _ folder: String, _ at: String) throws {
            for name in names {
                let target = try? FileManager.default.destinationOfSymbolicLink(atPath: workspace.path("\(folder)/\(name)"))
                #expect(target == ".todo-report.aggregates/current/\(name)", "\(at): \(name)")
            }
            let generations = try FileManager.default.contentsOfDirectory(atPath: workspace.path("\(folder)/.todo-report.aggregates"))
            let current = try FileManager.default.destinationOfSymbolicLink(
                atPath: workspace.path("\(folder)/.todo-report.aggregates/current"))
            #expect(generations.sorted() == [current, "current"].sorted(), "\(at): \(generations)")
            let top = try FileManager.default.contentsOfDirectory(atPath: workspace.path(folder))
            let ours: Set = [".todo-report.lock", ".todo-report.install.lock", ".todo-report.aggregates"]
            #expect(!top.contains { $0.hasPrefix(".todo-report") && !ours.contains($0) }, "\(at): \(top)")
        }

        /// Which of the aggregates are old, which new, for a failed expectation.
        static func describe(_ now: [Data?], old: [Data?], new: [Data?]) -> String {
            names.indices.map { "\(names[$0]) \(now[$0] == old[$0] ? "old" : now[$0] == new[$0] ? "new" : "neither")" }.joined(
                separator: ", ")
        }

        /// Kills `index out` at the `count`-th `call` for every call and count
        /// until a run gets past the last one; returns where it was killed.
        /// `out` is a copy of `pristine` made with `copy`.
        static func killAtEachCall(
            _ workspace: Workspace, old: [Data?], new: [Data?], calls: [String] = calls, copy: String = "cp -R"
        ) throws -> [String] {
            var kills: [String] = []
            for call in calls {
                for count in 1...50 {
                    try #require(try workspace.shell("rm -rf out && \(copy) pristine out").code == 0)
                    let killed = try workspace.shell(
                        "/usr/bin/strace -f -qq -o /dev/null -e inject=\(call):signal=KILL:when=\(count) $TR index out --quiet")
                    let now = Self.aggregates(workspace, "out")
                    if killed.code == 0 {
                        // Past the last such call: the run ended as it does untouched.
                        #expect(now == new, "\(call) #\(count)")
                        try expectTidy(workspace, "out", "\(call) #\(count), not killed")
                        break
                    }
                    let at = "killed at \(call) #\(count)"
                    kills.append(at)
                    #expect(killed.code == 128 + SIGKILL, "\(at): \(killed.stderr)")
                    #expect(now == old || now == new, "\(at): \(describe(now, old: old, new: new))")

                    // A --shard run writes no aggregates: it leaves them as the kill did, tidied.
                    let next = try workspace.shell("$TR batch more -o out --shard 0/1 --quiet")
                    #expect(next.code == 0 && next.stderr.isEmpty, "\(at): \(next.stderr)")
                    #expect(Self.aggregates(workspace, "out") == now, "\(at): changed by the next run")
                    if now == new { try expectTidy(workspace, "out", at) }
                    let again = try workspace.shell("$TR index out --quiet")
                    #expect(again.code == 0 && again.stderr.isEmpty, "\(at): \(again.stderr)")
                    #expect(Self.aggregates(workspace, "out") == new, "\(at): then index")
                    try expectTidy(workspace, "out", "\(at), then index")
                }
            }
            return kills
        }

        @Test("a kill at each of index's link, rename and symlink calls leaves the three aggregates all old or all new")
        func killedAtEachCall() throws {
            let workspace = try Workspace()
            let (old, new) = try Self.staleAggregates(in: workspace)
            let kills = try Self.killAtEachCall(workspace, old: old, new: new)
            // The probe that the file system makes links, three files named in the
            // new generation, one link made and renamed over `current`.
            #expect(kills.count == 6, "\(kills)")
        }

        @Test("a folder whose aggregates are regular files gets its links with the same guarantee")
        func killedWhileMakingTheLinks() throws {
            let workspace = try Workspace()
            let (old, new) = try Self.staleAggregates(in: workspace)
            try Self.makeLinksRegularFiles(in: workspace)
            let kills = try Self.killAtEachCall(workspace, old: old, new: new)
            // The probe, three old files linked into a generation, four links made and renamed, then as above.
            #expect(kills.count == 17, "\(kills)")
        }

        @Test(
            "something else at an aggregate's name is refused before anything is written, by index and by a batch before its first session",
            arguments: [
                (
                    "rm out/index.html && mkdir out/index.html",
                    "out/index.html: it is neither a regular file nor the link todo-report makes there"
                ),
                ("ln -sfn ../elsewhere.csv out/sessions.csv", "out/sessions.csv: it is neither a regular file nor the link"),
                ("ln -sfn ../../x out/.todo-report.aggregates/current", "out/.todo-report.aggregates/current: it links to '../../x'"),
                (
                    "rm out/.todo-report.aggregates/current && mkdir out/.todo-report.aggregates/current "
                        + "&& echo mine > out/.todo-report.aggregates/current/notes.txt",
                    "it is not the link todo-report makes"
                ),
            ])
        func refused(change: String, message: String) throws {
            let workspace = try Workspace()
            _ = try Self.staleAggregates(in: workspace)
            let setup = try workspace.shell(change + " && mkdir new && $TR simulate --events 20 --seed 9 -o new/n.jsonl")
            try #require(setup.code == 0, "\(setup.stderr)")
            let before = try workspace.shell("ls -lR out").stdout
            for command in ["$TR index out --quiet", "$TR batch new -o out --quiet"] {
                let run = try workspace.shell(command)
                #expect(run.code == 73, "\(command)")
                #expect(run.stderr.contains(message) && run.stderr.contains("move it away and run again"), "\(command): \(run.stderr)")
                #expect(try workspace.shell("ls -lR out").stdout == before, "\(command)")
            }
        }

        @Test("a folder copied by a tool that follows links (cp -L, zip -r) is indexed and batched again, and gets its links back")
        func copiedFollowingLinks() throws {
            let workspace = try Workspace()
            let new = try Self.staleAggregates(in: workspace).new
            let copy = try workspace.shell(
                "cp -RL out copied && cp -RL out batched && mkdir n && $TR simulate --events 20 --seed 9 -o n/n.jsonl --quiet")
            try #require(copy.code == 0, "\(copy.stderr)")
            try #require(workspace.kind("copied/.todo-report.aggregates/current") == S_IFDIR)
            let index = try workspace.shell("$TR index copied --quiet")
            #expect(index.code == 0 && index.stderr.isEmpty, "\(index.stderr)")
            #expect(Self.aggregates(workspace, "copied") == new)
            try Self.expectTidy(workspace, "copied", "index")
            let batch = try workspace.shell("$TR batch n -o batched --quiet")
            #expect(batch.code == 0 && batch.stderr.isEmpty, "\(batch.stderr)")
            try Self.expectTidy(workspace, "batched", "batch")
            let sessions = String(decoding: workspace.read("batched/sessions.csv") ?? Data(), as: UTF8.self)
            // The header, the five sessions there were and the new one (rows end with CRLF).
            #expect(sessions.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("n,") }.count == 1, "\(sessions)")
            #expect(sessions.split(whereSeparator: \.isNewline).count == 7, "\(sessions)")
        }

        @Test("a copy that followed links keeps the guarantee: a kill while its folder of copies goes leaves all old or all new")
        func copiedFollowingLinksKilled() throws {
            let workspace = try Workspace()
            let (old, new) = try Self.staleAggregates(in: workspace)
            let kills = try Self.killAtEachCall(
                workspace, old: old, new: new, calls: ["unlink", "rmdir", "rename"], copy: "cp -RL")
            // 11 unlinks, 3 rmdirs, 5 renames: the folder of copies and the copied generation beside it go
            // (three files and the folder each), then the steps from regular files to links, as for an older folder.
            #expect(kills.count == 19, "\(kills)")
        }

        @Test("a leftover generation that cannot be removed (it holds a file of somebody's) is passed over, and kept")
        func stubbornLeftover() throws {
            let workspace = try Workspace()
            let new = try Self.staleAggregates(in: workspace).new
            let current = try FileManager.default.destinationOfSymbolicLink(atPath: workspace.path("out/.todo-report.aggregates/current"))
            let next = "out/.todo-report.aggregates/\((Int(current) ?? 0) + 1)"
            try FileManager.default.createDirectory(atPath: workspace.path(next), withIntermediateDirectories: false)
            _ = try workspace.write("\(next)/notes.txt", "mine")
            let run = try workspace.shell("$TR index out --quiet")
            #expect(run.code == 0 && run.stderr.isEmpty, "\(run.stderr)")
            #expect(Self.aggregates(workspace, "out") == new)
            #expect(workspace.read("\(next)/notes.txt") == Data("mine".utf8))
        }

        @Test("what a todo-report that committed by a record left is removed by the next run")
        func olderCommitRecordRemoved() throws {
            let workspace = try Workspace()
            let new = try Self.staleAggregates(in: workspace).new
            _ = try workspace.write("out/.todo-report.commit", "todo-report commit/1\n")
            _ = try workspace.write("out/.todo-report-commit.123.abcDEF", "half of an index")
            let run = try workspace.shell("$TR index out --quiet")
            #expect(run.code == 0 && run.stderr.isEmpty, "\(run.stderr)")
            #expect(Self.aggregates(workspace, "out") == new)
            try Self.expectTidy(workspace, "out", "after a record")
            #expect(!workspace.exists("out/.todo-report.commit") && !workspace.exists("out/.todo-report-commit.123.abcDEF"))
        }
    }
}
