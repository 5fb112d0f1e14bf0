import Foundation
import Testing

extension CLISuite {
    @Suite("--redact, --redact-key and redact")
    struct RedactOptionTests {
        static let log = """
            {"type":"session","schema":"todo-session/1","sessionId":"s-1","userId":"zoë"}
            {"type":"event","event":"startCreatingItem"}
            {"type":"event","event":"changePartialItemName","name":"Oat milk"}

            """

        @Test("under --redact the count line says how many digests were dropped unchecked, so --strict passing is not read as checked")
        func droppedDigestsSaid() throws {
            let workspace = try Workspace()
            #expect(try workspace.run(["simulate", "--events", "60", "--seed", "3", "--digests", "default", "-o", "d.jsonl"]).code == 0)
            let plain = try workspace.run(["validate", "d.jsonl", "--strict"])
            #expect(plain.stderr == "61 frames, 0 errors, 0 warnings, 60 digests checked (0 differ)\n", "\(plain.stderr)")
            for option in [["--redact"], ["--redact-key", "k"]] {
                try workspace.write("k", "0123456789abcdef0123456789abcdef\n")
                let redacted = try workspace.run(["validate", "d.jsonl", "--strict"] + option)
                #expect(redacted.code == 0)
                let line = "61 frames, 0 errors, 0 warnings, 60 digests not checked (--redact drops them)\n"
                #expect(redacted.stderr.hasSuffix(line), "\(redacted.stderr)")
            }
            // A log without digests says nothing of them.
            try workspace.write("n.jsonl", Self.log)
            #expect(try workspace.run(["validate", "n.jsonl", "--redact"]).stderr.hasSuffix("3 frames, 0 errors, 0 warnings\n"))
        }

        @Test(
            "a key file that is empty (or only white space) is refused with 64, naming it; a missing one is 66",
            arguments: ["", "\n", "\r\n", "  \t \n"])
        func emptyKey(key: String) throws {
            let workspace = try Workspace()
            try workspace.write("log.jsonl", Self.log)
            try workspace.write("empty.key", key)
            let empty = try workspace.run(["validate", "log.jsonl", "--redact-key", "empty.key"])
            #expect(empty.code == 64)
            #expect(
                empty.stderr.hasPrefix(
                    "Error: the key file empty.key holds no secret (it is empty or white space); put the team's secret in it"))
            let missing = try workspace.run(["log.jsonl", "-o", "r.html", "--redact-key", "no.key"])
            #expect(missing.code == 66)
            #expect(missing.stderr.hasPrefix("Error: cannot read no.key: "))
            #expect(!workspace.exists("r.html"))
        }

        @Test(
            "a key shorter than 16 bytes (less its line break) is refused with 64 before anything is written; 16 are taken",
            arguments: [("fifteen bytes..\n", 15), ("sixteen bytes...\r\n", 16), ("zoë's 16 bytes!\n", 16), ("zoë: 14 bytes", 14)])
        func shortKey(key: String, bytes: Int) throws {
            let taken = bytes >= 16
            let workspace = try Workspace()
            try workspace.write("log.jsonl", Self.log)
            try workspace.write("team.key", key)
            let result = try workspace.run(["log.jsonl", "-o", "r.html", "--redact-key", "team.key"])
            #expect(result.code == (taken ? 0 : 64), "\(result.stderr)")
            #expect(workspace.exists("r.html") == taken)
            if !taken {
                #expect(
                    result.stderr.hasPrefix("Error: the key file team.key holds \(bytes) bytes, too short a secret"), "\(result.stderr)")
                #expect(result.stderr.contains("openssl rand -hex 32 > team.key"))
            }
        }

        @Test(
            "a key file that is no regular file, or too large for a secret, is refused with 66 before anything is read or written",
            arguments: ["fifo.key", "/dev/zero", "large.key"])
        func keyFileKind(key: String) throws {
            let workspace = try Workspace()
            try workspace.write("log.jsonl", Self.log)
            try workspace.write("large.key", String(repeating: "k", count: 64 << 10 + 1))
            #expect(mkfifo(workspace.path("fifo.key"), 0o600) == 0)
            // A FIFO with no writer used to wait for ever, and /dev/zero to fill memory.
            let run = try workspace.run(["log.jsonl", "-o", "r.html", "--redact-key", key])
            #expect(run.code == 66)
            let reason = key == "large.key" ? "it holds more than 65,536 bytes" : "it is not a regular file"
            #expect(run.stderr.hasPrefix("Error: cannot read \(key): \(reason)"), "\(run.stderr)")
            #expect(!workspace.exists("r.html"))
        }

        @Test(
            "an output named as the key file, or a link to it, is refused with 64 and the key stays as it was",
            arguments: [
                ["log.jsonl", "-o", "team.key"], ["log.jsonl", "-o", "r.html", "--summary", "link.key"],
                ["redact", "log.jsonl", "-o", "team.key"], ["diff", "log.jsonl", "log.jsonl", "-o", "link.key"],
            ])
        func keyFileIsNoOutput(arguments: [String]) throws {
            let workspace = try Workspace()
            try workspace.write("log.jsonl", Self.log)
            try workspace.write("team.key", "a team secret, long enough\n")
            try FileManager.default.createSymbolicLink(atPath: workspace.path("link.key"), withDestinationPath: "team.key")
            let result = try workspace.run(arguments + ["--redact-key", "team.key"])
            #expect(result.code == 64, "\(result.stderr)")
            #expect(result.stderr.contains("is the key file given to --redact-key; writing there would destroy the team's secret"))
            #expect(workspace.read("team.key") == Data("a team secret, long enough\n".utf8))
            #expect(!workspace.exists("r.html"))
        }

        @Test(
            "the key file is never read as the log (64): its characters would be quoted, masked, in diagnostics and a report",
            arguments: [["team.key", "-o", "r.html"], ["redact", "link.key", "-o", "r.jsonl"], ["validate", "team.key"]])
        func keyFileIsNoInput(arguments: [String]) throws {
            let workspace = try Workspace()
            try workspace.write("team.key", "a team secret, long enough\n")
            try FileManager.default.createSymbolicLink(atPath: workspace.path("link.key"), withDestinationPath: "team.key")
            let result = try workspace.run(arguments + ["--redact-key", "team.key"])
            #expect(result.code == 64, "\(result.stderr)")
            #expect(result.stderr.contains("is the key file given to --redact-key; name the log to read."), "\(result.stderr)")
            #expect(!workspace.exists("r.html") && !workspace.exists("r.jsonl"))
        }

        @Test("a batch refuses a key file inside its output folder, where it writes and removes files, and leaves it as it was")
        func batchKeyInsideFolder() throws {
            let workspace = try Workspace()
            for folder in ["logs", "out"] {
                try FileManager.default.createDirectory(atPath: workspace.path(folder), withIntermediateDirectories: true)
            }
            try workspace.write("logs/log.jsonl", Self.log)
            try workspace.write("out/summary.md", "a team secret, long enough\n")
            let result = try workspace.run(["batch", "logs", "-o", "out", "--redact-key", "out/summary.md"])
            #expect(result.code == 64, "\(result.stderr)")
            #expect(result.stderr.contains("is inside the output folder out, where a batch writes and removes files"), "\(result.stderr)")
            #expect(workspace.read("out/summary.md") == Data("a team secret, long enough\n".utf8))
            #expect(!workspace.exists("out/sessions"))
        }

        @Test("--redact-key alone redacts, with keyed pseudonyms; the key itself is in no output")
        func keyImpliesRedact() throws {
            let workspace = try Workspace()
            try workspace.write("log.jsonl", Self.log)
            try workspace.write("team.key", "kiwi-banana-secret\n")
            let run = try workspace.run(["log.jsonl", "-o", "r.html", "--summary", "-", "--redact-key", "team.key"])
            #expect(run.code == 0)
            #expect(run.stdout.contains("**User**: u-") && !run.stdout.contains("zoë") && run.stdout.contains("fingerprint is "))
            let page = String(decoding: try #require(workspace.read("r.html")), as: UTF8.self)
            #expect(!page.contains("Oat") && page.contains("Xxx xxxx") && !page.contains("kiwi-banana"))
            #expect(!run.stdout.contains("kiwi-banana"))
        }

        @Test("redact writes to standard output; a log of another schema is 65 and writes nothing")
        func redactCommand() throws {
            let workspace = try Workspace()
            try workspace.write("log.jsonl", Self.log + "not json\n")
            let run = try workspace.run(["redact", "log.jsonl", "-o", "-"])
            #expect(run.code == 0)
            #expect(run.stdout.split(separator: "\n").count == 3)
            #expect(run.stdout.contains(#""name":"Xxx xxxx""#) && run.stdout.contains(#""userId":"redacted""#))
            #expect(run.stderr.hasSuffix("3 records redacted, 1 line dropped (not valid records) -> standard output\n"))
            try workspace.write("other.jsonl", #"{"type":"session","schema":"todo-session/2"}"# + "\n" + Self.log)
            let other = try workspace.run(["redact", "other.jsonl", "-o", "out.jsonl"])
            #expect(other.code == 65)
            // Named, as every command names the log it rejects.
            let rejected = "Error: other.jsonl: the log's schema is not todo-session/1, so nothing was written.\n"
            #expect(other.stderr.hasSuffix(rejected), "\(other.stderr)")
            #expect(!workspace.exists("out.jsonl"))
            let usage = try workspace.run(["redact", "log.jsonl"])
            #expect(usage.code == 64)
        }

        @Test("redact keeps every time exactly, a start finer than a millisecond too, so the numbers stay the same")
        func redactKeepsTimes() throws {
            let workspace = try Workspace()
            try workspace.write(
                "log.jsonl",
                #"{"type":"session","schema":"todo-session/1","startedAt":0.6}"# + "\n"
                    + #"{"type":"event","seq":0,"timestamp":500.25,"event":"startCreatingItem"}"# + "\n"
                    + #"{"type":"event","seq":1,"timestamp":1000,"event":"addItem","id":"6A1B2C3D-0000-4000-8000-000000000001"}"# + "\n")
            #expect(try workspace.run(["redact", "log.jsonl", "-o", "copy.jsonl"]).code == 0)
            let copy = String(decoding: try #require(workspace.read("copy.jsonl")), as: UTF8.self)
            #expect(copy.contains(#""startedAt":0.6"#) && copy.contains(#""timestamp":500.25"#), "\(copy)")
            let original = try workspace.run(["log.jsonl", "-o", "/dev/null", "--summary", "-"])
            let redacted = try workspace.run(["copy.jsonl", "-o", "/dev/null", "--summary", "-"])
            #expect(original.stdout.contains("999 ms"), "\(original.stdout)")
            #expect(redacted.stdout == original.stdout)
        }

        @Test("redact to a .gz name writes gzip, which reads back as the same redacted log")
        func redactCompressed() throws {
            let workspace = try Workspace()
            try workspace.write("log.jsonl", Self.log)
            let plain = try workspace.run(["redact", "log.jsonl", "-o", "out.jsonl"])
            let packed = try workspace.run(["redact", "log.jsonl", "-o", "out.jsonl.gz"])
            #expect(plain.code == 0 && packed.code == 0, "\(packed.stderr)")
            let bytes = try #require(workspace.read("out.jsonl.gz"))
            #expect(Array(bytes.prefix(2)) == [0x1F, 0x8B], "gzip's magic number")
            let unpacked = try workspace.shell("gzip -dc out.jsonl.gz")
            #expect(unpacked.code == 0 && Data(unpacked.stdout.utf8) == workspace.read("out.jsonl"))
            #expect(try workspace.run(["validate", "out.jsonl.gz"]).code == 0)
        }

        @Test("a batch run again with another redaction (or none) renders every session again, and a redacted one always does")
        func batchRerun() throws {
            let workspace = try Workspace()
            try FileManager.default.createDirectory(at: workspace.url.appendingPathComponent("logs"), withIntermediateDirectories: true)
            try workspace.write("logs/alice-oat.jsonl", Self.log)
            try workspace.write("team.key", "a long enough secret\n")
            let plain = try workspace.run(["batch", "logs", "-o", "out"])
            #expect(plain.code == 0 && plain.stderr.contains("1 rendered"))
            let redacted = try workspace.run(["batch", "logs", "-o", "out", "--redact-key", "team.key"])
            #expect(redacted.code == 0 && redacted.stderr.contains("1 rendered") && redacted.stderr.contains("1 removed"))
            let csv = String(decoding: try #require(workspace.read("out/sessions.csv")), as: UTF8.self)
            #expect(!csv.contains("alice") && csv.contains("xxxxx-xxx-f-"))
            // No hash of the input under redaction (a short log could be guessed from it), so nothing to skip by.
            let statsName = try #require(try FileManager.default.contentsOfDirectory(atPath: workspace.path("out/stats")).first)
            let stats = String(decoding: try #require(workspace.read("out/stats/\(statsName)")), as: UTF8.self)
            #expect(stats.contains("\"inputSHA256\": null"), "\(stats)")
            let again = try workspace.run(["batch", "logs", "-o", "out", "--redact-key", "team.key"])
            #expect(again.stderr.contains("1 rendered"), "\(again.stderr)")
            let summary = String(decoding: try #require(workspace.read("out/summary.md")), as: UTF8.self)
            #expect(
                summary.contains(
                    "**Redacted**: 1 of 1 sessions: typed text masked; identifiers pseudonymised with the key whose fingerprint is "))
        }

        @Test("a file name is masked before it is made a NAME, in batch and make-test: one character for each character, not each byte")
        func namesMaskedFirst() throws {
            let workspace = try Workspace()
            try FileManager.default.createDirectory(at: workspace.url.appendingPathComponent("logs"), withIntermediateDirectories: true)
            try workspace.write("logs/sub ZOË秘密.jsonl", Self.log)
            #expect(try workspace.run(["batch", "logs", "-o", "out", "--redact"]).code == 0)
            let reports = try FileManager.default.contentsOfDirectory(atPath: workspace.path("out/sessions"))
            #expect(reports == ["xxx_XXXxx-1.html"], "\(reports)")
            let made = try workspace.run(["make-test", "logs/sub ZOË秘密.jsonl", "-o", "tests", "--redact"])
            #expect(made.code == 0, "\(made.stderr)")
            let fixtures = try FileManager.default.contentsOfDirectory(atPath: workspace.path("tests/Fixtures")).sorted()
            #expect(fixtures == ["xxx_XXXxx-1.jsonl", "xxx_XXXxx-1.states.jsonl"], "\(fixtures)")
            let source = try FileManager.default.contentsOfDirectory(atPath: workspace.path("tests")).filter { $0.hasSuffix(".swift") }
            let text = try source.map { String(decoding: try #require(workspace.read("tests/\($0)")), as: UTF8.self) }.joined()
            #expect(!text.contains("ZO") && !text.contains("sub"), "\(text)")
        }

        @Test("a redacted batch keeps the app versions that look like versions, so its per-version funnel stays one row each")
        func versionsKept() throws {
            let workspace = try Workspace()
            try FileManager.default.createDirectory(at: workspace.url.appendingPathComponent("logs"), withIntermediateDirectories: true)
            for (name, version) in [("a", "1.10.0"), ("b", "1.4.2 (87)"), ("c", "built by zoë")] {
                try workspace.write(
                    "logs/\(name).jsonl",
                    #"{"type":"session","schema":"todo-session/1","app":"TimeTrave","appVersion":"\#(version)"}"# + "\n"
                        + #"{"type":"event","event":"startCreatingItem"}"# + "\n")
            }
            #expect(try workspace.run(["batch", "logs", "-o", "out", "--redact"]).code == 0)
            let summary = String(decoding: try #require(workspace.read("out/summary.md")), as: UTF8.self)
            // sort -V order; the third is no app version, so it is masked (its shape kept).
            #expect(summary.contains("**App versions**: 1.4.2 (87), 1.10.0, xxxxx xx xxx"), "\(summary)")
            #expect(!summary.contains("zoë"))
        }
    }
}
