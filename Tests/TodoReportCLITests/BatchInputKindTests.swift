import Foundation
import Testing

extension CLISuite {
    /// What `batch` does with inputs that are not regular files: a folder
    /// search leaves them out; a stream named as an INPUT is read without
    /// holding up the other sessions.
    @Suite("batch inputs that are not regular files")
    struct BatchInputKindTests {
        /// Two simulated logs in `logs/`.
        static func logs(in workspace: Workspace) throws {
            let result = try workspace.shell(
                "set -e; mkdir -p logs; $TR simulate --events 200 --seed 1 -o logs/one.jsonl; $TR simulate --events 100 --seed 2 -o logs/two.jsonl"
            )
            try #require(result.code == 0, "\(result.stderr)")
        }

        @Test("a FIFO with no writer, a socket and a link to nothing in a searched folder are left out, named, and the batch finishes")
        func fifoInFolderLeftOut() throws {
            let workspace = try Workspace()
            try Self.logs(in: workspace)
            let made = try workspace.shell(
                #"mkfifo logs/a-fifo.jsonl && python3 -c 'import socket; socket.socket(socket.AF_UNIX).bind("logs/b-socket.jsonl")' && ln -s gone.jsonl logs/c-link.jsonl && ln -s gone logs/not-a-log"#
            )
            try #require(made.code == 0, "\(made.stderr)")
            let run = try RunningCommand(["batch", "logs", "-o", "out"], in: workspace)
            let code = run.exitCode()
            #expect(code == 0, "still running, or failed: \(run.stderr)")
            #expect(run.stderr.contains("logs/a-fifo.jsonl: warning: a FIFO, not a regular file; left out"), "\(run.stderr)")
            #expect(run.stderr.contains("logs/b-socket.jsonl: warning: a socket, not a regular file; left out"), "\(run.stderr)")
            #expect(
                run.stderr.contains("logs/c-link.jsonl: warning: a link to a missing file, not a regular file; left out"), "\(run.stderr)")
            #expect(!run.stderr.contains("not-a-log"), "only names of logs are named")
            #expect(run.stderr.contains("2 sessions: 2 rendered, 3 left out (not regular files)"), "\(run.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path("out/stats")).sorted() == ["one.json", "two.json"])
            #expect(workspace.exists("out/index.html"))
        }

        @Test(
            "a FIFO named as an INPUT is read as a stream on a thread of its own: the other sessions are written while it waits for its writer"
        )
        func namedFIFOReadAsStream() throws {
            let workspace = try Workspace()
            try Self.logs(in: workspace)
            let single = try workspace.shell("mkfifo a-stream.jsonl && $TR logs/one.jsonl -o single.html --quiet")
            try #require(single.code == 0, "\(single.stderr)")
            // One job: a stream on the pool's only thread would hold up both logs (it sorts first).
            let run = try RunningCommand(["batch", "a-stream.jsonl", "logs", "-o", "out", "--jobs", "1"], in: workspace)
            let othersWritten = eventually {
                workspace.exists("out/stats/one.json") && workspace.exists("out/stats/two.json") || !run.process.isRunning
            }
            #expect(othersWritten && run.process.isRunning, "the other sessions were not written while the stream waited: \(run.stderr)")
            // It says what it waits for, once, before its writer comes.
            let waiting = "a-stream.jsonl: waiting for a program to write to it (the batch ends when its writer closes it)\n"
            #expect(eventually { run.stderr.contains(waiting) || !run.process.isRunning } && run.process.isRunning, "\(run.stderr)")
            // Its writer comes now: the log, then the end of the stream.
            let writer = open(workspace.path("a-stream.jsonl"), O_WRONLY | O_NONBLOCK)
            try #require(writer >= 0, "the batch does not hold the FIFO open for reading")
            _ = fcntl(writer, F_SETFL, fcntl(writer, F_GETFL) & ~O_NONBLOCK)
            let log = try #require(workspace.read("logs/one.jsonl"))
            let written = log.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
            close(writer)
            #expect(written == log.count)
            #expect(run.exitCode() == 0, "\(run.stderr)")
            #expect(workspace.read("out/sessions/a-stream.html") == workspace.read("single.html"))
            #expect(run.stderr.contains("3 sessions: 3 rendered"), "\(run.stderr)")
            #expect(run.stderr.components(separatedBy: waiting).count == 2, "\(run.stderr)")
        }

        @Test("a folder nested too deep inside an INPUT is named, with what to do, and counted apart; the logs above it are rendered")
        func folderTooDeep() throws {
            let workspace = try Workspace()
            try Self.logs(in: workspace)
            // logs/d/d/…: the 63rd folder inside logs is searched, the 64th is not.
            let deepest = "logs/" + Array(repeating: "d", count: 64).joined(separator: "/")
            let searched = "logs/" + Array(repeating: "d", count: 63).joined(separator: "/")
            let made = try workspace.shell(
                "mkdir -p \(deepest) && cp logs/one.jsonl \(searched)/kept.jsonl && cp logs/two.jsonl \(deepest)/lost.jsonl")
            try #require(made.code == 0, "\(made.stderr)")
            let run = try workspace.shell("$TR batch logs -o out")
            #expect(run.code == 66, "\(run.stderr)")
            #expect(
                run.stderr.contains(
                    "\(deepest): error: cannot read: a batch searches folders nested up to 63 deep inside an INPUT, and this one is 64 deep; "
                        + "move its logs higher up; nothing of it is written or removed"), "\(run.stderr)")
            #expect(run.stderr.contains("3 sessions: 3 rendered, 1 folder inside an INPUT not searchable -> out"), "\(run.stderr)")
            #expect(!run.stderr.contains("INPUT not found"), "\(run.stderr)")
            let reports = try FileManager.default.contentsOfDirectory(atPath: workspace.path("out/sessions"))
            #expect(reports.count == 3 && reports.contains { $0.hasPrefix("d--d--") }, "\(reports)")
        }

        @Test("a log whose path is longer than the system takes is named as not searched (66), never skipped in silence")
        func pathTooLong() throws {
            let workspace = try Workspace()
            try Self.logs(in: workspace)
            // 17 folders of 250-byte names: the last ones' paths pass PATH_MAX (4,096 bytes).
            let made = try workspace.shell(
                """
                python3 -c 'import os, shutil
                log = os.path.abspath("logs/two.jsonl")
                os.chdir("logs")
                for level in range(17):
                    os.mkdir("n" * 250)
                    os.chdir("n" * 250)
                shutil.copyfile(log, "deep.jsonl")'
                """)
            try #require(made.code == 0, "\(made.stderr)")
            let run = try workspace.shell("$TR batch logs -o out")
            #expect(run.code == 66, "\(run.stderr)")
            #expect(run.stderr.contains("error: cannot read: its path is longer than the system takes ("), "\(run.stderr)")
            #expect(run.stderr.contains("move its logs higher up; nothing of it is written or removed"), "\(run.stderr)")
            #expect(run.stderr.contains("2 sessions: 2 rendered, 1 folder inside an INPUT not searchable -> out"), "\(run.stderr)")
        }
    }
}
