import ByteLevel
import Foundation
import Testing

@testable import TodoReportCLI

extension CLISuite {
    /// A re-run trusts a report only when it is the one its stats name: the
    /// same size and SHA-256.
    @Suite("batch checks each report against its stats")
    struct BatchReportCheckTests {
        /// Every report's SHA-256 against the one its stats name, by `sha256sum`: the names that differ.
        static func reportsNotMatchingStats(_ workspace: Workspace, _ folder: String) throws -> [String] {
            let stats = try FileManager.default.contentsOfDirectory(atPath: workspace.path("\(folder)/stats")).filter {
                $0.hasSuffix(".json")
            }
            var wrong: [String] = []
            for file in stats {
                let data = try #require(workspace.read("\(folder)/stats/\(file)"))
                let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
                guard let report = object["report"] as? String else { continue }
                let sum = try workspace.shell("sha256sum '\(folder)/\(report)' | cut -d' ' -f1")
                if sum.stdout.trimmingCharacters(in: .whitespacesAndNewlines) != object["reportSHA256"] as? String { wrong.append(file) }
            }
            return wrong
        }

        @Test("a report damaged in its middle (4 KiB zeroed, its end intact) is rendered again, and only it")
        func damagedInTheMiddle() throws {
            let workspace = try Workspace()
            try BatchTests.logs(in: workspace)
            #expect(try workspace.shell("$TR batch logs -o out").code == 0)
            let clean = try BatchTests.tree(workspace, "out")
            #expect(try Self.reportsNotMatchingStats(workspace, "out") == [])
            let damage = try workspace.shell(
                "f=out/sessions/team-a--two.html; n=$(stat -c %s $f); dd if=/dev/zero of=$f bs=1 seek=$((n / 2)) count=4096 conv=notrunc status=none; tail -c 8 $f"
            )
            try #require(damage.code == 0 && damage.stdout == "</html>\n", "\(damage.stderr)")
            let again = try workspace.shell("$TR batch logs -o out")
            #expect(again.code == 0)
            #expect(
                again.stderr.contains(
                    "out/sessions/team-a--two.html: warning: not the report its stats name (another size or SHA-256); rendering it again"),
                "\(again.stderr)")
            #expect(again.stderr.contains("5 sessions: 1 rendered, 4 skipped"), "\(again.stderr)")
            #expect(try BatchTests.tree(workspace, "out") == clean)
        }

        @Test(
            "a symbolic link in a session file's place is refused, never written through: not to an input log, not to another report",
            arguments: [
                ("sessions/team-a--two.html", "../../logs/team-a/two.jsonl"), ("sessions/team-a--two.html", "team-a--one.html"),
                ("stats/team-a--two.json", "team-a--one.json"), ("events/team-a--two.csv.gz", "../../logs/team-a/two.jsonl"),
            ])
        func linkInASessionFilesPlace(entry: String, target: String) throws {
            let workspace = try Workspace()
            try BatchTests.logs(in: workspace)
            #expect(try workspace.shell("$TR batch logs -o out").code == 0)
            let inputs = try BatchTests.tree(workspace, "logs")
            let other = workspace.read("out/sessions/team-a--one.html")
            try #require(try workspace.shell("rm out/\(entry) && ln -s \(target) out/\(entry)").code == 0)
            for _ in 0..<2 {
                let again = try workspace.shell("$TR batch logs -o out")
                #expect(again.code == 73, "\(again.stderr)")
                #expect(
                    again.stderr.contains(
                        "cannot write out/\(entry): it is a symbolic link, and a batch folder's session files are regular files"),
                    "\(again.stderr)")
                #expect(try BatchTests.tree(workspace, "logs") == inputs, "no input is written through the link")
                #expect(workspace.read("out/sessions/team-a--one.html") == other, "nor another session's report")
            }
            #expect(try workspace.shell("rm out/\(entry) && $TR batch logs -o out").code == 0, "removed, the run repairs it")
            #expect(try Self.reportsNotMatchingStats(workspace, "out") == [])
        }

        @Test("another session's report in a report's place is rendered again; a missing one too")
        func swappedOrMissing() throws {
            let workspace = try Workspace()
            try BatchTests.logs(in: workspace)
            #expect(try workspace.shell("$TR batch logs -o out").code == 0)
            let clean = try BatchTests.tree(workspace, "out")
            let swap = try workspace.shell(
                "cp out/sessions/team-a--one.html out/sessions/team-b--one.html && rm out/sessions/team-a--two.html")
            try #require(swap.code == 0)
            let again = try workspace.shell("$TR batch logs -o out")
            #expect(again.stderr.contains("out/sessions/team-a--two.html: warning: missing; rendering it again"), "\(again.stderr)")
            #expect(again.stderr.contains("5 sessions: 2 rendered, 3 skipped"), "\(again.stderr)")
            #expect(try BatchTests.tree(workspace, "out") == clean)
        }

        @Test("a todo-report-stats/1 folder is never misread: index leaves its files out, batch renders them again, each saying why")
        func olderSchemaFolder() throws {
            let workspace = try Workspace()
            try BatchTests.logs(in: workspace)
            #expect(try workspace.shell("$TR batch logs -o out").code == 0)
            let clean = try BatchTests.tree(workspace, "out")
            let older = try workspace.shell(
                #"for f in out/stats/team-a--*.json; do sed 's|"todo-report-stats/2"|"todo-report-stats/1"|' $f > x && mv x $f; done"#)
            try #require(older.code == 0)
            let index = try workspace.shell("$TR index out")
            #expect(index.code == 0)
            #expect(
                index.stderr.contains(
                    "out/stats: note: 2 stats files are todo-report-stats/1, written by an older todo-report whose numbers are defined otherwise"
                ), "\(index.stderr)")
            #expect(index.stderr.hasSuffix("3 sessions indexed -> out\n"), "\(index.stderr)")
            let csv = try #require(workspace.read("out/sessions.csv").map { String(decoding: $0, as: UTF8.self) })
            #expect(!csv.contains("team-a--") && csv.contains("team-b--one"))
            // A run over another root keeps them: their stats still name their root.
            try FileManager.default.createDirectory(atPath: workspace.path("elsewhere"), withIntermediateDirectories: true)
            #expect(try workspace.shell("cp logs/team-b/one.jsonl elsewhere/x.jsonl && $TR batch elsewhere -o out").code == 0)
            #expect(workspace.read("out/sessions/team-a--one.html") != nil && workspace.read("out/stats/team-a--two.json") != nil)
            #expect(try workspace.shell("rm -r elsewhere out/stats/x.json out/sessions/x.html out/events/x.csv.gz").code == 0)
            let again = try workspace.shell("$TR batch logs -o out")
            #expect(
                again.stderr.contains(
                    "note: 2 rendered again: their stats were todo-report-stats/1, written by an older todo-report whose numbers are defined otherwise"
                ), "\(again.stderr)")
            #expect(again.stderr.contains("5 sessions: 2 rendered, 3 skipped"), "\(again.stderr)")
            #expect(try BatchTests.tree(workspace, "out") == clean)
        }
    }
}

extension CLISuite {
    /// Running out of open files or memory is the run's failure, not the log's.
    @Suite("batch short of open files")
    struct BatchShortOfResourcesTests {
        @Test(
            "an input open(2) refuses for want of open files or memory is the run's failure (73), kept as it was; any other refusal is the log's (66)",
            arguments: [(EMFILE, true), (ENFILE, true), (ENOMEM, true), (EACCES, false), (ENOENT, false), (EIO, false)])
        func openFailures(code: Int32, isShortage: Bool) {
            let failure = InputFile.openFailure(Path("logs/a.jsonl"), errno: code)
            #expect((failure.exitCode == .cannotCreate) == isShortage, "\(failure)")
            #expect((failure.exitCode == .noInput) == !isShortage, "\(failure)")
            #expect(failure.message.hasPrefix("Error: cannot read logs/a.jsonl: "))
        }

        @Test("with few file descriptors and many jobs, a re-run never records an unchanged log as unreadable, nor removes its files")
        func fewDescriptors() throws {
            let workspace = try Workspace()
            try BatchTests.logs(in: workspace)
            #expect(try workspace.shell("rm logs/team-b/broken.jsonl && $TR batch logs -o out").code == 0)
            let clean = try BatchTests.tree(workspace, "out")
            // Which open(2) runs out first depends on the descriptors the process inherits (a test run's
            // others may be open): a log's (73), the lock's or a temporary file's (73), a folder's while
            // searching the INPUTs (66, as not searchable, nothing removed), or none (0). Whichever, nothing
            // changes. (Run alone, ulimit -n 8 fails the open of a log; the mapping itself is tested above.)
            for limit in [7, 8, 9, 10, 12] {
                let run = try workspace.shell("ulimit -n \(limit) && $TR batch logs -o out --jobs 8")
                #expect([0, 66, 73].contains(run.code), "ulimit -n \(limit): \(run.code) \(run.stderr)")
                #expect(!run.stderr.contains("error: cannot read: Too many open files\n"), "\(run.stderr)")
                #expect(try BatchTests.tree(workspace, "out") == clean, "ulimit -n \(limit): every file as it was")
            }
        }
    }
}
