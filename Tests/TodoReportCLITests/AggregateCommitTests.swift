import Foundation
import Testing

extension CLISuite {
    /// `index.html`, `sessions.csv` and `summary.md` are one transaction:
    /// killed at any of its `link` or `rename` calls (strace's fault
    /// injection), `index` leaves each of them whole, and all old or all new
    /// once any next run (here a `--shard` run, which writes none of them)
    /// has taken the folder's lock.
    @Suite("the aggregates as one transaction under SIGKILL")
    struct AggregateCommitTests {
        static let names = ["index.html", "sessions.csv", "summary.md"]

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

        @Test("a kill at each of index's link and rename calls leaves the three aggregates all old or all new")
        func killedAtEachCall() throws {
            let workspace = try Workspace()
            let (old, new) = try Self.staleAggregates(in: workspace)

            var kills: [String] = []
            for call in ["link", "linkat", "rename"] {
                for count in 1...50 {
                    try #require(try workspace.shell("rm -rf out && cp -R pristine out").code == 0)
                    let killed = try workspace.shell(
                        "/usr/bin/strace -f -qq -o /dev/null -e inject=\(call):signal=KILL:when=\(count) $TR index out --quiet")
                    let now = Self.aggregates(workspace, "out")
                    if killed.code == 0 {
                        // Past the last such call: the run ended as it does untouched.
                        #expect(now == new, "\(call) #\(count)")
                        break
                    }
                    let at = "killed at \(call) #\(count)"
                    kills.append(at)
                    #expect(killed.code == 128 + SIGKILL, "\(at): \(killed.stderr)")
                    for index in Self.names.indices {
                        #expect(now[index] == old[index] || now[index] == new[index], "\(at): \(Self.names[index]) is neither")
                    }
                    let mixed = now != old && now != new
                    if mixed { #expect(workspace.exists("out/.todo-report.commit"), "\(at): mixed, and no commit record to finish it") }

                    let next = try workspace.shell("$TR batch more -o out --shard 0/1 --quiet")
                    #expect(next.code == 0, "\(at): \(next.stderr)")
                    let after = Self.aggregates(workspace, "out")
                    #expect(after == old || after == new, "\(at): mixed after the next run")
                    if mixed { #expect(after == new, "\(at): the cut commit was not finished") }
                    let leftovers = try FileManager.default.contentsOfDirectory(atPath: workspace.path("out"))
                    #expect(
                        !leftovers.contains { $0.hasPrefix(".todo-report-commit.") || $0 == ".todo-report.commit" }, "\(at): \(leftovers)")
                }
            }
            // Three links keep the old files, four name the new ones and the record, three renames put them in place.
            #expect(kills.count == 10, "\(kills)")
        }

        @Test("a run killed while it finishes a cut commit leaves it for the next; a record that is not one is removed, said so")
        func killedWhileFinishing() throws {
            let workspace = try Workspace()
            let new = try Self.staleAggregates(in: workspace).new
            let cut = try workspace.shell(
                """
                /usr/bin/strace -f -qq -o /dev/null -e inject=rename:signal=KILL:when=2 $TR index out --quiet
                /usr/bin/strace -f -qq -o /dev/null -e inject=rename:signal=KILL:when=1 $TR batch more -o out --shard 0/1 --quiet
                test -f out/.todo-report.commit
                """)
            #expect(cut.code == 0, "the commit record is gone after the second kill: \(cut.stderr)")
            let finished = try workspace.shell("$TR batch more -o out --shard 0/1 --quiet")
            #expect(finished.code == 0 && finished.stderr.isEmpty, "\(finished.stderr)")
            #expect(Self.aggregates(workspace, "out") == new)

            try workspace.write("out/.todo-report.commit", "not a commit record\n")
            let garbled = try workspace.shell("$TR index out --quiet")
            #expect(garbled.code == 0)
            #expect(garbled.stderr == "out/.todo-report.commit: warning: not a commit record that todo-report wrote; removed\n")
            #expect(!workspace.exists("out/.todo-report.commit"))
            #expect(Self.aggregates(workspace, "out") == new)
        }
    }
}
