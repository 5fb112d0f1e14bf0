import Foundation
import SessionLog
import Testing
import TodoDomain
import TodoReportCLI

extension CLISuite {
    @Suite("todo-report simulate", .serialized)
    struct SimulateTests {
        @Test("the same seed gives the same log, in another process too; another seed another")
        func deterministic() throws {
            let space = try Workspace()
            #expect(try space.run(["simulate", "--events", "3000", "--seed", "5", "-o", "a.jsonl"]).code == 0)
            #expect(try space.shell(#""$TR" simulate --events=3000 --seed=5 -o b.jsonl"#).code == 0)
            #expect(try space.run(["simulate", "--events", "3000", "--seed", "6", "-o", "c.jsonl"]).code == 0)
            let a = try #require(space.read("a.jsonl"))
            #expect(a == space.read("b.jsonl"))
            #expect(a != space.read("c.jsonl"))
        }

        @Test("a simulated session has every event kind and travels, and replays with no diagnostic")
        func clean() throws {
            let space = try Workspace()
            let run = try space.run(["simulate", "--events", "20000", "--seed", "11", "-o", "-"])
            #expect(run.code == 0)
            let result = try LogReplayer.collect(InMemoryByteSource(run.stdout))
            #expect(result.diagnostics.isEmpty, "\(result.diagnostics.prefix(3))")
            #expect(result.frames.count == 20_000)
            #expect(Set(result.frames.map(\.event.kind)) == Set(TodoEvent.Kind.allCases))
            #expect(result.travels.count > 10)
            let titles = result.frames.compactMap(\.addedTitle).joined()
            #expect(titles.unicodeScalars.contains { $0.value > 0x2E80 }, "CJK or emoji typed")
            #expect(titles.unicodeScalars.contains { (0xC0...0x24F).contains($0.value) }, "accented letters typed")
            #expect(result.outcome?.header?.sessionId == "simulated-11")
        }

        @Test("simulate closes with what it wrote and where, as the other commands do; --quiet leaves the line out")
        func closingLine() throws {
            let space = try Workspace()
            let run = try space.run(["simulate", "--events", "2000", "--seed", "11", "-o", "s.jsonl"])
            #expect(run.code == 0)
            let result = try LogReplayer.collect(InMemoryByteSource(Array(try #require(space.read("s.jsonl")))))
            #expect(run.stderr == "2,000 events and \(result.travels.count) travels -> s.jsonl\n")
            #expect(result.travels.count > 1)
            let piped = try space.run(["simulate", "--events", "1", "-o", "-"])
            #expect(piped.stderr == "1 event and 0 travels -> standard output\n")
            let quiet = try space.run(["simulate", "--events", "5", "-o", "q.jsonl", "--quiet"])
            #expect(quiet.code == 0 && quiet.stderr.isEmpty)
        }

        @Test("simulate appends no session to a log: >> onto one is refused (73) and the log is as it was")
        func noAppending() throws {
            let space = try Workspace()
            let old = try space.write("old.jsonl", #"{"type":"session","schema":"todo-session/1"}"# + "\n")
            let run = try space.shell(#""$TR" simulate --events 3 -o - >> old.jsonl"#)
            #expect(run.code == 73)
            #expect(
                run.stderr
                    == "Error: cannot write standard output: it already holds 45 bytes, and a new session must not be appended to a log; "
                    + "name a new file (or use > rather than >>)\n")
            #expect(try String(contentsOfFile: old, encoding: .utf8) == #"{"type":"session","schema":"todo-session/1"}"# + "\n")
            #expect(try space.shell(#""$TR" simulate --events 3 -o - > old.jsonl"#).code == 0)
        }

        @Test(
            "usage errors for simulate",
            arguments: [
                ["simulate"], ["simulate", "--events", "-3"], ["simulate", "--events", "x"], ["simulate", "--events", "5", "in.jsonl"],
                ["in.jsonl", "--seed", "4"],
            ])
        func usage(arguments: [String]) throws {
            let space = try Workspace()
            let run = try space.run(arguments)
            #expect(run.code == 64)
            #expect(run.stderr.hasPrefix("Error: "))
        }
    }
}
