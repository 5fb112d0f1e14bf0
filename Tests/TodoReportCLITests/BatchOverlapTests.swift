import ByteLevel
import Foundation
import Testing

extension CLISuite {
    /// Runs that meet in one batch folder: one writer at a time (an `flock`
    /// on `DIR/.todo-report.lock`), shards together. Each test that races
    /// real processes asserts only what holds in every interleaving; those
    /// that hold the lock from the test decide the order.
    @Suite("batch and index runs that overlap")
    struct BatchOverlapTests {
        static let waiting = "waiting for another todo-report run to finish with this folder"

        /// The kernel's table of file locks, all of it: on a busy machine
        /// (browsers' profiles hold locks) a waiter's row comes late in it.
        static func locks() -> String {
            String(decoding: FileDescriptorIO.kernelFile("/proc/locks") ?? [], as: UTF8.self)
        }

        /// The folder's lock, held by this test process until `release`.
        final class HeldLock {
            private var descriptor: Int32

            init(_ path: String, exclusive: Bool = true) throws {
                descriptor = open(path, O_RDONLY | O_CREAT | O_CLOEXEC, 0o666)
                try #require(descriptor >= 0)
                try #require(flock(descriptor, exclusive ? LOCK_EX : LOCK_SH) == 0)
            }

            deinit { release() }

            func release() {
                if descriptor >= 0 { close(descriptor) }
                descriptor = -1
            }
        }

        /// Every report's SHA-256 matches its stats, and the folder is `expected`'s files.
        static func expectClean(_ workspace: Workspace, _ folder: String, equalTo expected: String...) throws {
            let tree = try BatchTests.tree(workspace, folder)
            let candidates = try expected.map { try BatchTests.tree(workspace, $0) }
            #expect(candidates.contains(tree), "\(folder) is none of \(expected)")
            #expect(try BatchReportCheckTests.reportsNotMatchingStats(workspace, folder) == [])
        }

        /// Starts `todo-report ARGUMENTS` while the test holds the lock, and waits until it says that it waits.
        static func startWaiting(_ arguments: [String], in workspace: Workspace) throws -> RunningCommand {
            let run = try RunningCommand(arguments, in: workspace)
            let waited = eventually { run.stderr.contains(Self.waiting) || !run.process.isRunning }
            #expect(waited && run.process.isRunning, "it did not wait: \(run.stderr)")
            return run
        }

        @Test(
            "a second run waits for the lock, saying so once, and then writes what a clean run writes; with --no-wait it exits 75 at once")
        func secondRunWaits() throws {
            let workspace = try Workspace()
            try BatchTests.logs(in: workspace)
            #expect(try workspace.shell("$TR batch logs -o clean && mkdir out").code == 0)
            let held = try HeldLock(workspace.path("out/.todo-report.lock"))
            let run = try Self.startWaiting(["batch", "logs", "-o", "out"], in: workspace)
            #expect(!workspace.exists("out/sessions") && !workspace.exists("out/stats"), "it wrote before it had the lock")

            let impatient = try workspace.shell("$TR batch logs -o out --no-wait")
            #expect(impatient.code == 75)
            #expect(
                impatient.stderr
                    == "Error: out is being written by another todo-report run (it holds out/.todo-report.lock); run again when it ends, or leave out --no-wait to wait for it.\n"
            )
            #expect(!workspace.exists("out/sessions"))

            held.release()
            #expect(run.exitCode() == 0, "\(run.stderr)")
            #expect(run.stderr.components(separatedBy: Self.waiting).count == 2, "said once: \(run.stderr)")
            try Self.expectClean(workspace, "out", equalTo: "clean")
        }

        @Test("index waits for the lock too, or exits 75 with --no-wait")
        func indexWaits() throws {
            let workspace = try Workspace()
            try BatchTests.logs(in: workspace)
            #expect(try workspace.shell("$TR batch logs -o out && cp -R out clean").code == 0)
            let held = try HeldLock(workspace.path("out/.todo-report.lock"))
            #expect(try workspace.shell("$TR index out --no-wait").code == 75)
            let index = try Self.startWaiting(["index", "out"], in: workspace)
            held.release()
            #expect(index.exitCode() == 0, "\(index.stderr)")
            try Self.expectClean(workspace, "out", equalTo: "clean")
        }

        @Test("--shard runs take the lock shared: they run beside each other, and wait for a whole batch or an index, which wait for them")
        func shardsShare() throws {
            let workspace = try Workspace()
            try BatchTests.logs(in: workspace)
            #expect(try workspace.shell("$TR batch logs -o whole && mkdir out").code == 0)
            // A shard run holds it shared: another shard goes on, a whole batch waits.
            let shard = try HeldLock(workspace.path("out/.todo-report.lock"), exclusive: false)
            let other = try workspace.shell("$TR batch logs -o out --shard 0/2 --no-wait && $TR batch logs -o out --shard 1/2")
            #expect(other.code == 0 && !other.stderr.contains(Self.waiting), "\(other.stderr)")
            #expect(try workspace.shell("$TR batch logs -o out --no-wait").code == 75)
            #expect(try workspace.shell("$TR index out --no-wait").code == 75)
            shard.release()
            // A whole batch or an index holds it: a shard waits.
            let index = try HeldLock(workspace.path("out/.todo-report.lock"))
            #expect(try workspace.shell("$TR batch logs -o out --shard 0/2 --no-wait").code == 75)
            index.release()
            #expect(try workspace.shell("$TR index out").code == 0)
            try Self.expectClean(workspace, "out", equalTo: "whole")
        }

        @Test(
            "two single-log runs into one report and summary, both ready to install at once: one installs both, the other refuses (73)",
            arguments: 0..<3)
        func twoRunsOneReport(round: Int) throws {
            let workspace = try Workspace()
            // A report and a summary there already: both runs replace them, as a rerun does.
            #expect(
                try workspace.shell(
                    "$TR simulate --events 300 --seed 1 -o a.jsonl && $TR simulate --events 300 --seed 2 -o b.jsonl && $TR a.jsonl -o r.html --summary s.md --quiet"
                ).code == 0)
            // The workspace folder locked as a run locks it to install: both runs prepare, then wait there.
            let folder = open(workspace.url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            try #require(folder >= 0 && flock(folder, LOCK_EX) == 0)
            var held = true
            defer { if held { close(folder) } }
            let runs = try ["a", "b"].map {
                try RunningCommand(["\($0).jsonl", "-o", "r.html", "--summary", "s.md", "--quiet"], in: workspace)
            }
            // Both wait for the folder's lock (the kernel lists a waiter with `->` in /proc/locks): each has
            // read its log and written its files, and neither has installed one.
            let prepared = eventually {
                let waiting = Self.locks().split(separator: "\n").filter {
                    $0.contains("->")
                }
                return runs.allSatisfy { run in
                    waiting.contains { $0.split(separator: " ").contains(Substring(String(run.process.processIdentifier))) }
                }
            }
            #expect(prepared, "both runs wait to install")
            close(folder)
            held = false
            let codes = runs.map { $0.exitCode() }
            #expect(codes.compactMap { $0 }.sorted() == [0, 73], "\(codes) \(runs.map(\.stderr))")
            let refusing: RunningCommand? = runs.first(where: { $0.process.terminationStatus == 73 })
            let refused: String = refusing.map(\.stderr) ?? ""
            #expect(refused.contains("it changed while the input was read; nothing was written"), "\(refused)")
            // The report and the summary are one run's: the same session.
            let report = String(decoding: try #require(workspace.read("r.html")), as: UTF8.self)
            let summary = String(decoding: try #require(workspace.read("s.md")), as: UTF8.self)
            let session = try #require(["simulated-1", "simulated-2"].first { report.contains("<dd>\($0)</dd>") })
            #expect(summary.contains(session), "the summary is of \(session), as the report")
        }

        @Test("two runs of the same inputs started together both succeed and leave what one clean run leaves", arguments: 0..<4)
        func sameInputsTogether(round: Int) throws {
            let workspace = try Workspace()
            try BatchTests.logs(in: workspace)
            #expect(try workspace.shell("$TR batch logs -o clean").code == 0)
            let runs = try (0..<2).map { _ in try RunningCommand(["batch", "logs", "-o", "out"], in: workspace) }
            for run in runs { #expect(run.exitCode() == 0, "\(run.stderr)") }
            try Self.expectClean(workspace, "out", equalTo: "clean")
        }

        @Test(
            "two runs with --force over two roots with changed logs, started together: the folder is the two run one after the other",
            arguments: 0..<4)
        func changedInputsTogether(round: Int) throws {
            let workspace = try Workspace()
            let made = try workspace.shell(
                """
                set -e
                mkdir -p in/sub
                for s in 1 2 3 4 5 6; do $TR simulate --events $((100 + 20 * s)) --seed $s -o in/sub/s00$s.jsonl; done
                cp -R in in_v1
                for s in 2 5; do $TR simulate --events 90 --seed 1$s -o in_v1/sub/s00$s.jsonl; done
                $TR batch in -o clean_in --quiet && cp -R clean_in out && cp -R clean_in in_then_v1
                $TR batch in_v1 -o in_then_v1 --force --quiet 2> /dev/null && cp -R in_then_v1 v1_then_in
                $TR batch in -o v1_then_in --force --quiet 2> /dev/null
                """)
            try #require(made.code == 0, "\(made.stderr)")
            let old = try RunningCommand(["batch", "in", "-o", "out", "--force"], in: workspace)
            let new = try RunningCommand(["batch", "in_v1", "-o", "out", "--force"], in: workspace)
            #expect(old.exitCode() == 0, "\(old.stderr)")
            #expect(new.exitCode() == 0, "\(new.stderr)")
            // The one that waited for the other ran last; if neither waited, they did not meet. The
            // changed logs of the other root keep their sessions (see "A NAME another root holds").
            if old.stderr.contains(Self.waiting) {
                try Self.expectClean(workspace, "out", equalTo: "v1_then_in")
            } else if new.stderr.contains(Self.waiting) {
                try Self.expectClean(workspace, "out", equalTo: "in_then_v1")
            } else {
                try Self.expectClean(workspace, "out", equalTo: "in_then_v1", "v1_then_in")
            }
        }

        @Test("two runs over disjoint inputs started together: the folder holds both, as one run over both writes it", arguments: 0..<4)
        func disjointInputsTogether(round: Int) throws {
            let workspace = try Workspace()
            try BatchRootsTests.days(in: workspace)
            #expect(try workspace.shell("$TR batch monday tuesday -o both && $TR batch monday -o out").code == 0)
            let monday = try RunningCommand(["batch", "monday", "-o", "out"], in: workspace)
            let tuesday = try RunningCommand(["batch", "tuesday", "-o", "out"], in: workspace)
            #expect(monday.exitCode() == 0, "\(monday.stderr)")
            #expect(tuesday.exitCode() == 0, "\(tuesday.stderr)")
            try Self.expectClean(workspace, "out", equalTo: "both")
        }

        @Test("shard runs started together, the same shard twice among them, then index: what one batch writes", arguments: 0..<3)
        func shardsTogether(round: Int) throws {
            let workspace = try Workspace()
            try BatchTests.logs(in: workspace)
            #expect(try workspace.shell("$TR batch logs -o whole").code == 0)
            let shards = try ["0/2", "1/2", "1/2", "0/1"].map { shard in
                try RunningCommand(["batch", "logs", "-o", "out", "--shard", shard, "--force"], in: workspace)
            }
            for shard in shards { #expect(shard.exitCode() == 0, "\(shard.stderr)") }
            #expect(try BatchReportCheckTests.reportsNotMatchingStats(workspace, "out") == [])
            #expect(try workspace.shell("$TR index out").code == 0)
            try Self.expectClean(workspace, "out", equalTo: "whole")
        }
    }
}
