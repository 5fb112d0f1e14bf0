import Foundation
import Testing
import TodoReportCLI

/// The command line, run in-process with real files. Serialized: the runs
/// change the process's current folder.
extension CLISuite {
    @Suite("todo-report command line", .serialized)
    struct CommandLineTests {
        @Test("renders a report and prints the count line")
        func renders() throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            let run = try space.run(["s.jsonl"])
            #expect(run.code == 0)
            #expect(run.stderr == "3 frames, 0 errors, 0 warnings -> s.html\n")
            let html = String(decoding: try #require(space.read("s.html")), as: UTF8.self)
            #expect(html.hasPrefix("<!doctype html>"))
            #expect(html.contains("id=\"scrubber\""))
        }

        @Test("diagnostics go to standard error compiler style, and the count line uses English plurals")
        func diagnosticsAndCounts() throws {
            let space = try Workspace()
            try space.write("s.jsonl", brokenLog)
            let run = try space.run(["s.jsonl", "-o", "out.html"])
            #expect(run.code == 0)
            #expect(
                run.stderr == """
                    s.jsonl:3:17: error: invalid-json: expected ',' or '}' after an object member, found '"'
                    s.jsonl:4: warning: empty-title: addItem with an empty name (the app's Add button is disabled then)
                    3 frames, 1 error, 1 warning -> out.html

                    """)
        }

        @Test("--quiet leaves out the count line")
        func quiet() throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            let run = try space.run(["--quiet", "s.jsonl"])
            #expect(run.code == 0)
            #expect(run.stderr.isEmpty)
            #expect(space.exists("s.html"))
        }

        @Test(
            "without -o the report is named after the log, its .jsonl and .gz left out; an .html log keeps its name in front",
            arguments: [
                ("s.jsonl", "s.html"), ("s.jsonl.gz", "s.html"), ("s.gz", "s.html"), ("s.log", "s.html"), ("s.html", "s.html.html"),
            ])
        func defaultName(log: String, report: String) throws {
            let space = try Workspace()
            try space.write("plain.jsonl", cleanLog)
            let made = try space.shell(log.hasSuffix(".gz") ? "gzip -c plain.jsonl > \(log)" : "cp plain.jsonl \(log)")
            try #require(made.code == 0)
            let run = try space.run(["--quiet", log])
            #expect(run.code == 0, "\(run.stderr)")
            #expect(space.exists(report))
        }

        @Test(
            "exit codes",
            arguments: [
                (["missing.jsonl"], Int32(66)),
                (["folder"], Int32(66)),
                ([], Int32(64)),
                (["a", "b"], Int32(64)),
                (["--bogus", "s.jsonl"], Int32(64)),
                (["s.jsonl", "-o"], Int32(64)),
                (["s.jsonl", "-o", "s.jsonl"], Int32(64)),
                (["s.jsonl", "-o", "./s.jsonl"], Int32(64)),
                (["s.jsonl", "-o", "hardlink.jsonl"], Int32(64)),
                (["-", "-o", "-", "--summary", "-"], Int32(64)),
                (["-"], Int32(64)),
                (["diff", "s.jsonl"], Int32(64)),
                (["batch", "s.jsonl", "--jobs", "0", "-o", "out"], Int32(64)),
                (["validate", "--bogus", "s.jsonl"], Int32(64)),
                (["broken.jsonl", "--strict"], Int32(65)),
                (["v2.jsonl"], Int32(65)),
                (["s.jsonl", "-o", "no/such/folder/r.html"], Int32(73)),
                (["s.jsonl", "--templates", "folder"], Int32(66)),
                (["templates"], Int32(64)),
                (["templates", "s.jsonl", "-o", "folder"], Int32(64)),
                (["templates", "-o", "no/such/folder"], Int32(73)),
                (["s.jsonl", "--strict"], Int32(0)),
                (["broken.jsonl"], Int32(0)),
            ])
        func exitCodes(arguments: [String], expected: Int32) throws {
            try checkExitCode(arguments: arguments, expected: expected)
        }

        @Test(
            "a number too large for its option says the largest there is, not a bound it meets",
            arguments: [
                (["simulate", "--events", "99999999999999999999999"], "--events takes a whole number ≥ 0"),
                (["batch", "s.jsonl", "-o", "out", "--jobs", "99999999999999999999999"], "--jobs takes a whole number from 1 to "),
                (["simulate", "--events", "-1"], "got '-1'."),
            ])
        func numberTooLarge(arguments: [String], message: String) throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            let run = try space.run(arguments)
            #expect(run.code == 64)
            #expect(run.stderr.contains(message), "\(run.stderr)")
            let isHuge = arguments.last?.count ?? 0 > 20
            #expect(
                run.stderr.contains("got '99999999999999999999999', larger than the largest, 9223372036854775807.")
                    == (isHuge && !message.contains("from 1 to")),
                "\(run.stderr)")
        }

        func checkExitCode(arguments: [String], expected: Int32) throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            try space.write("broken.jsonl", brokenLog)
            try space.write("v2.jsonl", #"{"type":"session","schema":"todo-session/2"}"# + "\n")
            try FileManager.default.createDirectory(atPath: space.path("folder"), withIntermediateDirectories: true)
            link(space.path("s.jsonl"), space.path("hardlink.jsonl"))
            let run = try space.run(arguments)
            #expect(run.code == expected, "\(run.stderr)")
            if expected == 64 {
                #expect(run.stderr.hasPrefix("Error: "))
                #expect(run.stderr.contains("Usage: todo-report"))
                // A command's own usage and help: the report's for a report's mistake, and every
                // command's for a bare `todo-report`.
                let first = arguments.first ?? ""
                let command: String? =
                    ["validate", "simulate", "batch", "index", "redact", "diff", "make-test", "templates"].contains(first) ? first : nil
                #expect(
                    run.stderr.contains(
                        command.map { "See 'todo-report help \($0)' for more information." }
                            ?? "See 'todo-report --help' for more information"),
                    "\(run.stderr)")
                let usage = command.map { "Usage: todo-report \($0) " } ?? "Usage: todo-report INPUT "
                #expect(run.stderr.contains(usage), "\(run.stderr)")
                #expect(run.stderr.contains("       todo-report") == arguments.isEmpty, "every command's usage only for a bare todo-report")
            }
            if expected != 0 { #expect(!space.exists("s.html") && !space.exists("broken.html") && !space.exists("v2.html")) }
            #expect(String(decoding: space.read("s.jsonl") ?? Data(), as: UTF8.self) == cleanLog)
        }

        @Test("a pipe read without -o is asked for a report's name; a folder that exists but takes no file is not said to be missing")
        func pipeInputAndSpecialFolder() throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            #expect(mkfifo(space.path("pipe"), 0o600) == 0)
            let piped = try space.run(["pipe"])
            #expect(piped.code == 64)
            #expect(
                piped.stderr.hasPrefix("Error: reading pipe, a pipe or device, the report needs a name: add -o report.html"),
                "\(piped.stderr)")
            let special = try space.run(["s.jsonl", "-o", "/proc/self/r.html"])
            #expect(special.code == 73)
            #expect(special.stderr.contains("cannot create a file in '/proc/self'"), "\(special.stderr)")
            let missing = try space.run(["s.jsonl", "-o", "no/such/r.html"])
            #expect(missing.stderr.contains("the folder 'no/such' does not exist"), "\(missing.stderr)")
        }

        @Test("--strict counts errors, not warnings")
        func strictWarnings() throws {
            let space = try Workspace()
            try space.write("w.jsonl", #"{"type":"event","event":"changePartialItemName","name":"x"}"# + "\n")
            let run = try space.run(["w.jsonl", "--strict"])
            #expect(run.code == 0)
            #expect(run.stderr.contains("2 frames, 0 errors, 1 warning -> w.html"))
        }

        @Test("--strict with errors says why and writes nothing")
        func strictErrors() throws {
            let space = try Workspace()
            try space.write("broken.jsonl", brokenLog)
            let run = try space.run(["broken.jsonl", "--strict", "--summary", "s.md"])
            #expect(run.code == 65)
            #expect(run.stderr.hasSuffix("Error: 3 frames, 1 error, 1 warning; --strict allows no errors, so nothing was written.\n"))
            #expect(try space.listing() == ["broken.jsonl"])
        }

        @Test("validate prints diagnostics and writes nothing")
        func validate() throws {
            let space = try Workspace()
            try space.write("broken.jsonl", brokenLog)
            let lenient = try space.run(["validate", "broken.jsonl"])
            #expect(lenient.code == 0)
            #expect(lenient.stderr.hasSuffix("3 frames, 1 error, 1 warning\n"))
            #expect(lenient.stderr.contains("broken.jsonl:3:17: error: invalid-json"))
            #expect(lenient.stdout.isEmpty)
            let strict = try space.run(["validate", "--strict", "broken.jsonl"])
            #expect(strict.code == 65)
            // validate writes nothing in any case: its message does not say that nothing was written.
            #expect(strict.stderr.hasSuffix("Error: 3 frames, 1 error, 1 warning; --strict allows no errors.\n"), "\(strict.stderr)")
            #expect(try space.listing() == ["broken.jsonl"])
            #expect(try space.run(["validate", "broken.jsonl", "-o", "x.html"]).code == 64)
        }

        @Test("a file name's bidirectional override is shown, not obeyed, in what the run says; a batch records it as it is")
        func layoutControlInAName() throws {
            let space = try Workspace()
            let name = "\u{202E}lmth.jsonl"
            try space.write(name, brokenLog)
            let run = try space.run(["validate", name])
            #expect(run.stderr.contains("\\u{202E}lmth.jsonl:3:17: error: invalid-json"), "\(run.stderr)")
            #expect(!run.stderr.unicodeScalars.contains("\u{202E}"))
            try FileManager.default.createDirectory(atPath: space.path("logs"), withIntermediateDirectories: false)
            try space.write("logs/" + name, brokenLog)
            #expect(try space.run(["batch", "logs", "-o", "out", "--quiet"]).code == 0)
            let stats = try #require(try FileManager.default.contentsOfDirectory(atPath: space.path("out/stats")).first)
            let text = String(decoding: try #require(space.read("out/stats/" + stats)), as: UTF8.self)
            #expect(text.contains(#""input": ""# + name + #"""#), "\(text)")
        }

        @Test("--summary - writes the Markdown summary to standard output")
        func summaryToStandardOutput() throws {
            let space = try Workspace()
            let run = try space.run(["-", "-o", "r.html", "--summary", "-"], stdin: try String(contentsOf: sampleURL, encoding: .utf8))
            #expect(run.code == 0)
            #expect(run.stdout.hasPrefix("## Session summary: TimeTrave\n"))
            #expect(run.stdout.contains("### Creation funnel"))
            #expect(space.exists("r.html"))
            #expect(run.stderr == "57 frames, 0 errors, 0 warnings -> r.html\n")
        }

        @Test("-o - writes the page to standard output; diagnostics name <stdin>")
        func pageToStandardOutput() throws {
            let space = try Workspace()
            let run = try space.run(["-", "-o", "-"], stdin: "junk\n")
            #expect(run.code == 0)
            #expect(run.stdout.hasPrefix("<!doctype html>"))
            #expect(run.stderr.hasPrefix("<stdin>:1:1: error: invalid-json"))
            #expect(run.stderr.hasSuffix("-> standard output\n"))
        }

        @Test("the same input gives byte-identical output, run by two processes")
        func byteIdentical() throws {
            let space = try Workspace()
            let log = try String(contentsOf: sampleURL, encoding: .utf8)
            try space.write("a.jsonl", log)
            #expect(try space.shell(#""$TR" a.jsonl -o one.html --summary one.md --quiet"#).code == 0)
            #expect(try space.shell(#""$TR" a.jsonl -o two.html --summary two.md --quiet"#).code == 0)
            #expect(space.read("one.html") == space.read("two.html"))
            #expect(space.read("one.md") == space.read("two.md"))
        }

        @Test("a failed run leaves an existing report exactly as it was, and no temporary file")
        func atomicOnFailure() throws {
            let space = try Workspace()
            try space.write("broken.jsonl", brokenLog)
            try space.write("r.html", "previous report")
            #expect(try space.run(["broken.jsonl", "-o", "r.html", "--strict"]).code == 65)
            #expect(space.read("r.html") == Data("previous report".utf8))
            #expect(try space.listing() == ["broken.jsonl", "r.html"])
        }

        @Test("a report replaces the old one whole, leaving no temporary file")
        func atomicReplace() throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            try space.write("s.html", "previous report")
            #expect(try space.run(["s.jsonl"]).code == 0)
            #expect(String(decoding: try #require(space.read("s.html")), as: UTF8.self).hasSuffix("</html>\n"))
            #expect(try space.listing() == ["s.html", "s.jsonl"])
            let attributes = try FileManager.default.attributesOfItem(atPath: space.path("s.html"))
            #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o044 } == 0o044, "readable by others")
        }

        @Test("--templates uses a customised copy; --title sets the title")
        func customTemplates() throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            try FileManager.default.createDirectory(atPath: space.path("t"), withIntermediateDirectories: true)
            let skeleton = "<title>{{title}}</title><p>custom {{frameCount}}</p><style>{{css}}</style>"
            try space.write("t/report.html", skeleton + "<!--{{csp}}{{summary}}{{diagnostics}}{{data}}{{js}}-->")
            try space.write("t/report.css", "p { color: red }")
            try space.write("t/report.js", "")
            let run = try space.run(["s.jsonl", "--templates", "t", "--title", "<Mine>"])
            #expect(run.code == 0)
            #expect(
                String(decoding: try #require(space.read("s.html")), as: UTF8.self)
                    .hasPrefix("<title>&lt;Mine&gt;</title><p>custom 3</p><style>p { color: red }</style><!--"))
        }

        @Test(
            "A command's usage line names every option its help lists",
            arguments: ["", "validate", "simulate", "batch", "index", "redact", "diff", "make-test", "templates"])
        func usageNamesEveryOption(command: String) throws {
            let space = try Workspace()
            let run = try space.run(command.isEmpty ? ["--help"] : ["help", command])
            #expect(run.code == 0)
            let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let usage = try #require(lines.first { $0.hasPrefix("Usage: ") })
            let usageWords = Set(usage.split(whereSeparator: { " []|".contains($0) }).map(String.init))
            let optionsStart = try #require(lines.firstIndex(of: "Options:"))
            // An option's line: two spaces, its spellings ("-o, --output FILE"), then its help.
            let optionLines = lines[(optionsStart + 1)...].prefix { !$0.isEmpty }.filter { $0.hasPrefix("  -") }
            #expect(optionLines.count >= 2)
            for line in optionLines {
                let spellings = line.split(separator: " ", omittingEmptySubsequences: true).prefix { $0.hasPrefix("-") }
                    .map { $0.hasSuffix(",") ? String($0.dropLast()) : String($0) }
                // --help and --version have their own usage line, `todo-report help [COMMAND] | --help | --version`.
                if spellings.contains("--help") || spellings.contains("--version") { continue }
                #expect(spellings.contains { usageWords.contains($0) }, "\(usage) does not name \(spellings)")
            }
        }

        @Test("--help explains every option with an example; --version prints the version")
        func help() throws {
            let space = try Workspace()
            let run = try space.run(["--help"])
            #expect(run.code == 0)
            for option in ["-o, --output", "--summary", "--strict", "--title", "--templates", "--quiet", "validate", "Examples:"] {
                #expect(run.stdout.contains(option))
            }
            #expect(try space.run(["--version"]).stdout.hasPrefix("todo-report "))
        }
    }
}
