import Foundation
import Testing

extension CLISuite {
    /// `make-test`'s files and refusals, in-process (the generated tests are run in ``MakeTestTests``).
    @Suite("make-test: files and refusals")
    struct MakeTestCommandTests {
        @Test(
            "usage errors name what is missing or what cannot go together, and nothing is written",
            arguments: [
                (["s.jsonl"], "make-test needs -o DIR"),
                (["-o", "out"], "make-test needs LOG..."),
                (["-", "-o", "out"], "not standard input"),
                (["s.jsonl", "-o", "out", "--from-digests", "--redact"], "--from-digests cannot be redacted"),
                (["s.jsonl", "-o", "out", "--strict"], "--strict"),
            ])
        func usage(arguments: [String], message: String) throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            let run = try space.run(["make-test"] + arguments)
            #expect(run.code == 64, "\(run.stderr)")
            #expect(run.stderr.contains(message), "\(run.stderr)")
            #expect(!space.exists("out"))
        }

        @Test("the same logs give the same files; a log of another schema or, with --from-digests, one without digests writes nothing")
        func deterministicAndRefused() throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            try space.write("bad.jsonl", brokenLog)
            #expect(try space.run(["make-test", "s.jsonl", "bad.jsonl", "-o", "one"]).code == 0)
            #expect(try space.run(["make-test", "s.jsonl", "bad.jsonl", "-o", "two/deeper", "--quiet"]).code == 0)
            for name in ["RecordedSessionTests.swift", "Fixtures/s.jsonl", "Fixtures/s.states.jsonl", "Fixtures/bad.jsonl"] {
                #expect(space.read("one/\(name)") != nil && space.read("one/\(name)") == space.read("two/deeper/\(name)"), "\(name)")
            }
            let fixture = String(decoding: space.read("one/Fixtures/bad.jsonl") ?? Data(), as: UTF8.self)
            #expect(fixture.split(separator: "\n").count == 3, "the header and the two valid events; the broken line left out")
            try space.write("other.jsonl", #"{"type":"session","schema":"todo-session/2"}"# + "\n")
            let other = try space.run(["make-test", "other.jsonl", "-o", "three"])
            #expect(other.code == 65)
            #expect(!space.exists("three/RecordedSessionTests.swift"))
            let undigested = try space.run(["make-test", "s.jsonl", "-o", "four", "--from-digests"])
            #expect(undigested.code == 65 && undigested.stderr.contains("no event of the log carries a digest"), "\(undigested.stderr)")
            #expect(!space.exists("four/RecordedSessionTests.swift"))
            // "Nothing was written": not even the folders a refused run made; one that was there stays.
            #expect(!space.exists("three") && !space.exists("four"))
            #expect(try space.run(["make-test", "other.jsonl", "-o", "five/deeper"]).code == 65)
            #expect(!space.exists("five"))
            #expect(try space.run(["make-test", "other.jsonl", "-o", "one"]).code == 65)
            #expect(space.exists("one/Fixtures/s.jsonl"))
        }

        @Test("the closing line counts the log's events, pinned or not, with and without --from-digests", arguments: [false, true])
        func closingCount(fromDigests: Bool) throws {
            let space = try Workspace()
            let result = try space.shell(
                #""$TR" simulate --events 200 --digests 10 -o d.jsonl && "$TR" make-test d.jsonl -o out"#
                    + (fromDigests ? " --from-digests" : ""))
            #expect(result.code == 0, "\(result.stderr)")
            #expect(result.stderr.contains("1 session, \(fromDigests ? 20 : 200) of 200 events pinned -> "), "\(result.stderr)")
        }

        @Test("--from-digests refuses an addItem without an id, saying where as compilers do")
        func itemWithoutIDWhere() throws {
            let space = try Workspace()
            try space.write(
                "noid.jsonl",
                [
                    #"{"type":"session","schema":"todo-session/1"}"#, #"{"type":"event","event":"startCreatingItem"}"#,
                    #"{"type":"event","event":"changePartialItemName","name":"A"}"#, #"{"type":"event","event":"addItem"}"#,
                ].joined(separator: "\n") + "\n")
            let result = try space.run(["make-test", "noid.jsonl", "-o", "out", "--from-digests"])
            #expect(result.code == 65)
            #expect(result.stderr.contains("Error: noid.jsonl:4: the addItem on line 4 carries no id"), "\(result.stderr)")
            #expect(!space.exists("out"))
        }

        @Test("--redact writes the fixture with no text that was typed")
        func redacted() throws {
            let space = try Workspace()
            try FileManager.default.copyItem(at: sampleURL, to: space.url.appendingPathComponent("sample.jsonl"))
            #expect(try space.run(["make-test", "sample.jsonl", "-o", "out", "--redact"]).code == 0)
            // The fixture's name is masked too, with the input's position: a file name may tell what was typed.
            let files = ["out/Fixtures/xxxxxx-1.jsonl", "out/Fixtures/xxxxxx-1.states.jsonl"].map {
                String(decoding: space.read($0) ?? Data(), as: UTF8.self)
            }
            #expect(files.allSatisfy { !$0.isEmpty && !$0.contains("Buy oat milk") && !$0.contains("oat") })
            #expect(files[0].contains("\"name\":\"Xxx xxx xxxx\""), "masked, keystroke by keystroke")
        }
    }
}
