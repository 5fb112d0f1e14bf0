import Foundation
import SessionLog
import Testing

/// The built `todo-report` binary, run as a separate process, killed and
/// starved on purpose: output is whole or absent, never partial.
extension CLISuite {
    @Suite("todo-report under SIGKILL and a full disk", .serialized)
    struct ProcessTests {
        /// The binary SwiftPM built beside this test bundle.
        static var binary: String { todoReportBinary }

        static func start(_ arguments: [String], in folder: URL, shell: String? = nil, stdout: FileHandle? = nil) throws -> Process {
            let process = Process()
            if let shell {
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
                process.arguments = ["-c", shell + " exec \"$0\" \"$@\"", binary] + arguments
            } else {
                process.executableURL = URL(fileURLWithPath: binary)
                process.arguments = arguments
            }
            process.currentDirectoryURL = folder
            process.standardOutput = stdout ?? FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }

        @Test(
            "SIGKILL while the log is read, and right after it ends, leaves the previous report or the new one whole, and no temporary file"
        )
        func killedWhileWriting() throws {
            let space = try Workspace()
            #expect(try space.run(["simulate", "--events", "60000", "--seed", "2", "-o", "big.jsonl"]).code == 0)
            let log = try #require(space.read("big.jsonl"))
            let previous = Data("previous report, complete\n".utf8)
            #expect(mkfifo(space.path("in"), 0o644) == 0)
            // The log arrives through a FIFO, so each kill comes at a known point of the reading:
            // after a tenth, half, nine tenths or all of its bytes (the end not yet seen), and
            // once right after the end, when the run may be writing its report.
            for fraction in [0.1, 0.5, 0.9, 1.0, nil] {
                try previous.write(to: space.url.appendingPathComponent("r.html"))
                let process = try Self.start(["in", "-o", "r.html"], in: space.url)
                let writer = try openFIFOWriter(space.path("in"))
                try writer.write(contentsOf: log.prefix(Int(Double(log.count) * (fraction ?? 1))))
                if fraction == nil { try writer.close() }
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                let now = try #require(space.read("r.html"))
                if fraction != nil {
                    #expect(now == previous, "killed before the log ended (\(fraction ?? 1)): the previous report stays")
                } else if now != previous {
                    let text = String(decoding: now, as: UTF8.self)
                    #expect(text.hasPrefix("<!doctype html>") && text.hasSuffix("</html>\n"), "a partial report")
                }
                #expect(try space.listing() == ["big.jsonl", "in", "r.html"], "after \(fraction ?? 1)")
            }
        }

        @Test("a disk that fills up (ulimit -f) fails with 73 and leaves the previous report and no temporary file")
        func diskFull() throws {
            let space = try Workspace()
            #expect(try space.run(["simulate", "--events", "20000", "--seed", "3", "-o", "log.jsonl"]).code == 0)
            try Data("previous".utf8).write(to: space.url.appendingPathComponent("r.html"))
            let process = try Self.start(["log.jsonl", "-o", "r.html"], in: space.url, shell: "ulimit -f 64;")
            process.waitUntilExit()
            #expect(process.terminationStatus == 73)
            #expect(space.read("r.html") == Data("previous".utf8))
            #expect(try space.listing() == ["log.jsonl", "r.html"])
        }

        @Test(
            "a system that refuses new threads still gets the report and the diff, read on the calling thread, and never a hang",
            arguments: [["log.jsonl", "-o", "refused.html"], ["diff", "log.jsonl", "other.jsonl"]])
        func threadsRefused(arguments: [String]) throws {
            let space = try Workspace()
            #expect(try space.run(["simulate", "--events", "20000", "--seed", "3", "-o", "log.jsonl"]).code == 0)
            #expect(try space.run(["simulate", "--events", "20000", "--seed", "4", "-o", "other.jsonl"]).code == 0)
            let free = try space.run(arguments.map { $0 == "refused.html" ? "free.html" : $0 })
            // A new thread's stack is as large as the stack limit, which no address space under the memory
            // limit can hold: every thread the tool asks for is refused, while the heap has room to spare.
            // Dispatch, given such a thread's work, retried forever.
            let run = try RunningCommand(
                ["-c", #"ulimit -s 4000000 && ulimit -v 3000000 && exec "$0" "$@""#, todoReportBinary] + arguments, in: space,
                executable: "/bin/sh")
            let code = try #require(run.exitCode(within: 120), "still running after 120 s: \(run.stderr)")
            #expect(code == free.code, "\(run.stderr)")
            #expect(run.stderr == free.stderr.replacingOccurrences(of: "free.html", with: "refused.html"))
            if arguments.contains("refused.html") {
                #expect(space.read("refused.html") != nil && space.read("refused.html") == space.read("free.html"))
            }
        }

        @Test("two processes give byte-identical outputs (hashing is seeded per process, so no output may follow a dictionary's order)")
        func deterministicAcrossProcesses() throws {
            let space = try Workspace()
            let context = (0..<40).map { #""key\#($0)":"value \#($0)""# }.joined(separator: ",")
            let header = #"{"type":"session","schema":"todo-session/1","sessionId":"s","context":{\#(context)}}"#
            let noise = (0..<40).map { #"{"type":"event","event":"startCreatingItem","k\#($0)":1,"k\#($0)":2,"extra\#($0)":[\#($0)]}"# }
            let log = try String(contentsOf: sampleURL, encoding: .utf8)
            try space.write(
                "a.jsonl",
                header + "\n" + noise.joined(separator: "\n") + "\n" + log.split(separator: "\n").dropFirst().joined(separator: "\n") + "\n"
            )
            for name in ["one", "two", "three"] {
                let process = try Self.start(["a.jsonl", "-o", "\(name).html", "--summary", "\(name).md"], in: space.url)
                process.waitUntilExit()
                #expect(process.terminationStatus == 0)
            }
            let pages = ["one", "two", "three"].map { space.read("\($0).html") }
            let summaries = ["one", "two", "three"].map { space.read("\($0).md") }
            #expect(pages[0] != nil && Set(pages).count == 1)
            #expect(summaries[0] != nil && Set(summaries).count == 1)
        }

        @Test("the recorder writes whole records: each write(2) to the log, one record or a batch, ends a line (seen with strace)")
        func wholeRecordsPerWrite() throws {
            let space = try Workspace()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/strace")
            process.arguments = [
                "-f", "-e", "trace=write", "-e", "signal=none", "-s", "0", "-o", space.path("trace.txt"),
                Self.binary, "simulate", "--events", "300", "-o", space.path("log.jsonl"),
            ]
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            let log = try #require(space.read("log.jsonl"))
            #expect(log.last == 0x0A)
            #expect(log.count(where: { $0 == 0x0A }) >= 301, "a header and 300 events, plus travels")
            // Where each line ends: every write must stop at one of these.
            var lineEnds: Set<Int> = []
            for (offset, byte) in log.enumerated() where byte == 0x0A { lineEnds.insert(offset + 1) }
            // PID write(FD, "", N) = N: the writes to each descriptor, in order. A write that another
            // thread's call interrupts in the trace is split in two lines, `PID write(FD, "" <unfinished ...>`
            // and `PID <... write resumed>, N) = N`, and counted when it ends.
            let trace = String(decoding: try #require(space.read("trace.txt")), as: UTF8.self)
            var writes: [Substring: [Int]] = [:]
            var unfinished: [Substring: Substring] = [:]  // the descriptor of each process's unfinished write
            for line in trace.split(separator: "\n") {
                let process = line.prefix { $0 != " " }
                let descriptor: Substring
                if let open = line.range(of: " write("), let comma = line[open.upperBound...].firstIndex(of: ",") {
                    descriptor = line[open.upperBound..<comma]
                    if line.hasSuffix("<unfinished ...>") {
                        unfinished[process] = descriptor
                        continue
                    }
                } else if line.contains("<... write resumed>"), let started = unfinished.removeValue(forKey: process) {
                    descriptor = started
                } else {
                    continue
                }
                guard let equals = line.lastIndex(of: "="),
                    let count = Int(line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces))
                else { continue }
                writes[descriptor, default: []].append(count)
            }
            let toLog = try #require(writes.values.first { $0.reduce(0, +) == log.count }, "no descriptor got the whole log")
            var offset = 0
            for count in toLog {
                offset += count
                #expect(lineEnds.contains(offset), "a write ends inside a line, at byte \(offset)")
            }
        }

        @Test("a recording process killed mid-session leaves a log that replays up to its last whole record")
        func recorderKilled() throws {
            let space = try Workspace()
            let path = space.path("live.jsonl")
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            let output = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            let process = try Self.start(["simulate", "--events", "5000000", "-o", "-"], in: space.url, stdout: output)
            // Killed once a few hundred records are written, however fast the machine is.
            try waitUntil("the recorder writes 64 KiB") {
                var info = stat()
                return stat(path, &info) == 0 && info.st_size >= 65_536 || !process.isRunning
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try output.close()
            let result = try LogReplayer.collect(InMemoryByteSource(Array(try Data(contentsOf: URL(fileURLWithPath: path)))))
            #expect(result.frames.count > 100)
            #expect(result.diagnostics.allSatisfy { $0.code == .truncatedLine })
            #expect(result.diagnostics.count <= 1)
        }
    }
}
