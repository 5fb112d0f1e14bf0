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

        @Test(
            "a later run into the folder adds its fixtures, keeps the app's state file as the app left it, and --from-digests removes the states file a same-named session left"
        )
        func laterRunAdds() throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            let digested = try space.shell(#""$TR" simulate --events 50 --digests 5 -o d.jsonl && cp d.jsonl s2.jsonl"#)
            try #require(digested.code == 0, "\(digested.stderr)")
            #expect(try space.run(["make-test", "s.jsonl", "-o", "out"]).code == 0)
            let state = String(decoding: try #require(space.read("out/RecordedState.swift")), as: UTF8.self)
            #expect(state.contains("typealias RecordedState = TodoState"))
            try space.write("out/RecordedState.swift", state + "// the app's own line\n")
            try space.write("out/Fixtures/d.states.jsonl", "left by an earlier run\n")
            #expect(try space.run(["make-test", "d.jsonl", "-o", "out", "--from-digests"]).code == 0)
            #expect(try space.run(["make-test", "s2.jsonl", "-o", "out"]).code == 0)
            #expect(String(decoding: space.read("out/RecordedState.swift") ?? Data(), as: UTF8.self).hasSuffix("// the app's own line\n"))
            for name in ["s.jsonl", "s.states.jsonl", "d.jsonl", "s2.jsonl", "s2.states.jsonl"] {
                #expect(space.exists("out/Fixtures/\(name)"), "\(name)")
            }
            #expect(!space.exists("out/Fixtures/d.states.jsonl"))
            // The test lists the folder when it runs, so one source serves every run.
            let source = String(decoding: space.read("out/RecordedSessionTests.swift") ?? Data(), as: UTF8.self)
            #expect(source.contains("arguments: try RecordedSession.names(in: RecordedSessionTests.fixtures)"))
        }

        @Test("a fixture made again from other events says it was replaced; made again from the same log, nothing is said")
        func replacedFixtureSaid() throws {
            let space = try MakeTestCommandTests.twoLogsOfOneName()
            #expect(try space.run(["make-test", "a/s.jsonl", "-o", "out"]).code == 0)
            let again = try space.run(["make-test", "a/s.jsonl", "-o", "out"])
            #expect(again.code == 0 && !again.stderr.contains("replaced"), "\(again.stderr)")
            let other = try space.run(["make-test", "b/s.jsonl", "-o", "out"])
            #expect(other.code == 0)
            #expect(
                other.stderr.hasPrefix(
                    "note: out/Fixtures/s.jsonl was replaced: it held other events (a log of the same file name makes its fixture again; "),
                "\(other.stderr)")
            #expect(try space.run(["make-test", "a/s.jsonl", "-o", "out", "--quiet"]).stderr.isEmpty)
        }

        @Test("a log given twice, by one path or by two, is refused: it would be two fixtures of one session")
        func repeatedLogRefused() throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            let same = try space.run(["make-test", "s.jsonl", "s.jsonl", "-o", "out"])
            #expect(same.code == 64 && same.stderr.contains("s.jsonl is given twice: give each log once."), "\(same.stderr)")
            try FileManager.default.createSymbolicLink(atPath: space.path("link.jsonl"), withDestinationPath: "s.jsonl")
            let linked = try space.run(["make-test", "s.jsonl", "link.jsonl", "-o", "out"])
            #expect(linked.code == 64 && linked.stderr.contains("link.jsonl and s.jsonl are one log"), "\(linked.stderr)")
            #expect(!space.exists("out"))
        }

        @Test(
            "a log named NAME.states.jsonl is refused: its fixture would be session NAME's states file",
            arguments: ["other/a.states.jsonl", "other/A.States.jsonl"])
        func statesNameRefused(log: String) throws {
            let space = try Workspace()
            try FileManager.default.createDirectory(atPath: space.path("other"), withIntermediateDirectories: false)
            try space.write("a.jsonl", cleanLog)
            try space.write(log, cleanLog.replacingOccurrences(of: "Milk", with: "Eggs"))
            #expect(try space.run(["make-test", "a.jsonl", "-o", "out", "--quiet"]).code == 0)
            let before = try #require(space.read("out/Fixtures/a.states.jsonl"))
            let run = try space.run(["make-test", log, "-o", "out"])
            #expect(run.code == 64, "\(run.stderr)")
            #expect(run.stderr.contains("\(log) would make the fixture"), "\(run.stderr)")
            #expect(run.stderr.contains("rename the log"), "\(run.stderr)")
            #expect(space.read("out/Fixtures/a.states.jsonl") == before)
            // Not with --from-digests either, which removes a states file of its sessions' names.
            #expect(try space.run(["make-test", log, "-o", "out", "--from-digests"]).code == 64)
            let fixtures = try FileManager.default.contentsOfDirectory(atPath: space.path("out/Fixtures")).sorted()
            #expect(fixtures == ["a.jsonl", "a.states.jsonl"])
        }

        /// A workspace with two simulated logs named `s.jsonl`: `a/s.jsonl` (20 events) and `b/s.jsonl` (30).
        static func twoLogsOfOneName() throws -> Workspace {
            let space = try Workspace()
            let made = try space.shell(
                #"mkdir a b && "$TR" simulate --events 20 --seed 1 -o a/s.jsonl && "$TR" simulate --events 30 --seed 2 -o b/s.jsonl"#)
            try #require(made.code == 0, "\(made.stderr)")
            return space
        }

        @Test(
            "under --redact without a key a later run's fixtures are numbered past those there, never replacing another log's; it notes the earlier ones"
        )
        func redactedNamesAcrossRuns() throws {
            let space = try Self.twoLogsOfOneName()
            let first = try space.run(["make-test", "a/s.jsonl", "-o", "out", "--redact"])
            #expect(first.code == 0 && !first.stderr.contains("note:"), "\(first.stderr)")
            let second = try space.run(["make-test", "b/s.jsonl", "-o", "out", "--redact"])
            #expect(second.code == 0, "\(second.stderr)")
            #expect(
                second.stderr.contains("out/Fixtures also holds 1 fixture of earlier runs, which the test checks too"), "\(second.stderr)")
            let fixtures = try FileManager.default.contentsOfDirectory(atPath: space.path("out/Fixtures")).sorted()
            #expect(fixtures == ["x-1-2.jsonl", "x-1-2.states.jsonl", "x-1.jsonl", "x-1.states.jsonl"])
            let events = fixtures.filter { !$0.contains("states") }.map {
                String(decoding: space.read("out/Fixtures/\($0)") ?? Data(), as: UTF8.self).components(separatedBy: "\"type\":\"event\"")
                    .count - 1
            }
            #expect(events == [30, 20])
        }

        @Test(
            "logs of one file name are told apart by their folders' names, the same wherever the checkout is and however the paths are written"
        )
        func alikeFileNames() throws {
            let space = try Self.twoLogsOfOneName()
            #expect(try space.run(["make-test", "a/s.jsonl", "b/s.jsonl", "-o", "one"]).code == 0)
            #expect(try space.run(["make-test", space.path("b/s.jsonl"), "./a/s.jsonl", "-o", "two"]).code == 0)
            for folder in ["one", "two"] {
                let fixtures = try FileManager.default.contentsOfDirectory(atPath: space.path("\(folder)/Fixtures")).sorted()
                #expect(fixtures == ["a--s.jsonl", "a--s.states.jsonl", "b--s.jsonl", "b--s.states.jsonl"], "\(folder)")
            }
        }

        @Test("a log from which no event is kept is refused: its test would check nothing", arguments: ["", "not json\n"])
        func noEvent(text: String) throws {
            let space = try Workspace()
            try space.write("empty.jsonl", #"{"type":"session","schema":"todo-session/1"}"# + "\n" + text)
            let run = try space.run(["make-test", "empty.jsonl", "-o", "out"])
            #expect(run.code == 65)
            #expect(
                run.stderr.contains("empty.jsonl: no event was kept, so its test would check nothing; nothing was written."),
                "\(run.stderr)")
            #expect(!space.exists("out"))
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
