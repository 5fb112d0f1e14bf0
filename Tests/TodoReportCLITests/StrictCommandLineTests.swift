import Foundation
import Testing

/// Each command takes exactly its options, says what it does when asked, and
/// keeps standard error readable however bad the log.
extension CLISuite {
    @Suite("a strict command line")
    struct StrictCommandLineTests {
        /// `count` lines that are not JSON, after a clean start.
        static func garbage(_ count: Int) -> String {
            cleanLog + (0..<count).map { "garbage \($0)" }.joined(separator: "\n") + "\n"
        }

        static func diagnosticLines(_ stderr: String) -> [Substring] {
            stderr.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") }
        }

        @Test("standard error shows the first 100 diagnostics, then one line counting the rest; all are in the report")
        func diagnosticsCapped() throws {
            let space = try Workspace()
            try space.write("g.jsonl", Self.garbage(250))
            let run = try space.run(["g.jsonl", "-o", "r.html"])
            #expect(run.code == 0)
            let lines = Self.diagnosticLines(run.stderr)
            #expect(lines.count == 100)
            #expect(lines.first?.hasPrefix("g.jsonl:4:1: error: invalid-json") == true)
            #expect(lines.last?.hasPrefix("g.jsonl:103:1: error: invalid-json") == true)
            #expect(run.stderr.contains("\n… and 150 more diagnostics (all in the report)\n"))
            let page = String(decoding: space.read("r.html") ?? Data(), as: UTF8.self)
            #expect(page.contains("Diagnostics (250)"))
        }

        @Test(
            "--max-diagnostics N sets the cap, 0 lifts it; validate obeys it",
            arguments: [
                (["g.jsonl", "-o", "r.html", "--max-diagnostics", "0"], 2_500, nil),
                (["g.jsonl", "-o", "r.html", "--max-diagnostics=7"], 7, "… and 2,493 more diagnostics (all in the report)"),
                // --strict writes no report of a log with errors: the rest are not "in the report".
                (["g.jsonl", "-o", "r.html", "--strict"], 100, "… and 2,400 more diagnostics (--max-diagnostics 0 prints them all)"),
                (["validate", "g.jsonl"], 100, "… and 2,400 more diagnostics (--max-diagnostics 0 prints them all)"),
                (
                    ["validate", "--max-diagnostics", "1", "g.jsonl"], 1,
                    "… and 2,499 more diagnostics (--max-diagnostics 0 prints them all)"
                ),
            ] as [([String], Int, String?)])
        func diagnosticsCap(arguments: [String], printed: Int, rest: String?) throws {
            let space = try Workspace()
            try space.write("g.jsonl", Self.garbage(2_500))
            let run = try space.run(arguments)
            #expect(run.code == (arguments.contains("--strict") ? 65 : 0))
            #expect(Self.diagnosticLines(run.stderr).count == printed)
            if let rest { #expect(run.stderr.contains("\n\(rest)\n")) } else { #expect(!run.stderr.contains("more diagnostics")) }
        }

        @Test(
            "--max-line-bytes: a longer line is a line-too-long error, the lines after it are read",
            arguments: [
                (["validate", "long.jsonl", "--max-line-bytes", "1024"], Int32(0)),
                (["long.jsonl", "-o", "r.html", "--max-line-bytes=1024"], Int32(0)),
                (["validate", "long.jsonl", "--max-line-bytes", "1024", "--strict"], Int32(65)),
            ])
        func maxLineBytes(arguments: [String], code: Int32) throws {
            let space = try Workspace()
            let long = #"{"type":"event","event":"changePartialItemName","name":""# + String(repeating: "a", count: 2_000) + "\"}"
            try space.write("long.jsonl", cleanLog + long + "\n" + #"{"type":"event","event":"addItem"}"# + "\n")
            let run = try space.run(arguments)
            #expect(run.code == code)
            #expect(run.stderr.contains("long.jsonl:4: error: line-too-long"))
            #expect(run.stderr.contains("--max-line-bytes"))
            if code == 0 { #expect(run.stderr.contains("4 frames, 1 error")) }
            #expect(try space.run(["validate", "long.jsonl"]).stderr.hasSuffix("5 frames, 0 errors, 0 warnings\n"))
            #expect(try space.run(["validate", "long.jsonl", "--max-line-bytes", "0"]).code == 64)
        }

        @Test("validate --quiet prints no count line")
        func validateQuiet() throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            try space.write("broken.jsonl", brokenLog)
            let clean = try space.run(["validate", "--quiet", "s.jsonl"])
            #expect(clean.code == 0)
            #expect(clean.stderr.isEmpty)
            let broken = try space.run(["validate", "broken.jsonl", "--quiet"])
            #expect(broken.code == 0)
            // brokenLog has one error and one warning: both printed, and nothing else.
            #expect(Self.diagnosticLines(broken.stderr).count == 2)
            #expect(broken.stderr.split(separator: "\n").count == 2)
        }

        @Test(
            "simulate refuses the options it does not take, naming them",
            arguments: [
                ["--summary", "s.md"], ["--title", "T"], ["--strict"], ["--templates", "t"], ["--max-diagnostics", "3"],
            ])
        func simulateOptions(option: [String]) throws {
            let space = try Workspace()
            let run = try space.run(["simulate", "--events", "10", "-o", "log.jsonl"] + option)
            #expect(run.code == 64)
            // Each is the report's: said, with the commands that take it.
            let said = "Error: '\(option[0])' is not an option of simulate; it is an option of todo-report INPUT"
            #expect(run.stderr.hasPrefix(said), "\(run.stderr)")
            #expect(try space.listing().isEmpty)
        }

        @Test(
            "a file with no record at all gets a note that it is likely not a log (the one-frame report is still made)",
            arguments: [
                ("", "x.jsonl: note: holds no record: it is empty; a log is JSON Lines"),
                ("\n  \n", "x.jsonl: note: holds no record: it is blank; a log is JSON Lines"),
                (
                    "name,done\nMilk,true\n",
                    "x.jsonl: note: holds no todo-session/1 record: none of its 2 lines is one; a log is JSON Lines"
                ),
                (
                    "[\n  {\"type\": \"session\", \"schema\": \"todo-session/1\"}\n]\n",
                    "x.jsonl: note: holds no todo-session/1 record: none of its 3 lines is one; a log is JSON Lines"
                ),
                (#"{"type":"session","schema":"todo-session/1"}"# + "\n", nil),
                (#"{"type":"event","event":"startCreatingItem"}"# + "\n", nil),
                (#"{"type":"session","schema":"todo-session/2"}"# + "\n", nil),
            ] as [(String, String?)])
        func noRecordAtAll(log: String, note: String?) throws {
            let space = try Workspace()
            try space.write("x.jsonl", log)
            for command in [["x.jsonl"], ["validate", "x.jsonl"], ["redact", "x.jsonl", "-o", "r.jsonl"]] {
                let run = try space.run(command)
                #expect(run.stderr.contains(note ?? "\n") && run.stderr.contains(": note: ") == (note != nil), "\(command): \(run.stderr)")
                #expect(run.code == (log.contains("session/2") ? 65 : 0), "\(command): \(run.stderr)")
            }
            #expect(space.exists("x.html") == !log.contains("session/2"), "the report is made as before")
            // --quiet leaves out the count line, not what says the file is likely no log: a CI step would pass in silence.
            for command in [
                ["x.jsonl", "-o", "q.html", "--quiet"], ["validate", "x.jsonl", "--quiet"],
                ["redact", "x.jsonl", "-o", "q.jsonl", "--quiet"],
            ] {
                let quiet = try space.run(command).stderr
                #expect((note.map { quiet.contains($0) } ?? true) && quiet.contains(": note: ") == (note != nil), "\(command): \(quiet)")
                #expect(log.contains("session/2") || !quiet.contains(" frame"), "no count line (but the failure's): \(quiet)")
            }
        }

        @Test(
            "an output's name says whether it is gzip: --events x.csv is the CSV itself, x.csv.gz and - are gzip; simulate refuses a .gz name"
        )
        func compressionFollowsTheName() throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            let run = try space.run(["s.jsonl", "-o", "r.html", "--events", "plain.csv"])
            #expect(run.code == 0, "\(run.stderr)")
            #expect(try space.run(["s.jsonl", "-o", "r2.html", "--events", "packed.csv.gz"]).code == 0)
            let plain = try #require(space.read("plain.csv"))
            let packed = try #require(space.read("packed.csv.gz"))
            #expect(plain.starts(with: Data("session,".utf8)), "\(String(decoding: plain.prefix(40), as: UTF8.self))")
            #expect(packed.starts(with: [0x1F, 0x8B]), "gzip's magic")
            let unpacked = try space.shell("gzip -dc packed.csv.gz | cmp - plain.csv && echo same")
            #expect(unpacked.stdout == "same\n", "the same table: \(unpacked.stderr)")
            let standardOutput = try space.run(["s.jsonl", "-o", "r3.html", "--events", "-"])
            #expect(!standardOutput.stdout.isEmpty && !standardOutput.stdout.hasPrefix("session,"), "gzip on standard output, as ever")
            let simulated = try space.run(["simulate", "--events", "5", "-o", "x.jsonl.gz"])
            #expect(simulated.code == 64)
            #expect(simulated.stderr.contains("simulate writes a plain log"), "\(simulated.stderr)")
            #expect(!space.exists("x.jsonl.gz"))
        }

        @Test(
            "an option mistyped gets what it was likely meant to be",
            arguments: [
                (["s.jsonl", "--sumary", "x.md"], "'--sumary' is not an option of todo-report; did you mean --summary?"),
                (["s.jsonl", "--stirct"], "'--stirct' is not an option of todo-report; did you mean --strict?"),
                (["validate", "s.jsonl", "--verison"], "'--verison' is not an option of validate; did you mean --version?"),
                (["s.jsonl", "--sumary=x.md"], "'--sumary' is not an option of todo-report; did you mean --summary?"),
                (
                    ["s.jsonl", "-o=x.html"],
                    "'-o=x.html' is not an option of todo-report; a short option's value follows a space (-o x.html), a long one's its = (--output=x.html)."
                ),
                (["s.jsonl", "--colour"], "'--colour' is not an option of todo-report."),
                // Another command's option: which commands take it.
                (["s.jsonl", "--jobs", "2"], "'--jobs' is not an option of todo-report; it is an option of batch."),
                (["validate", "s.jsonl", "--compare-ids"], "'--compare-ids' is not an option of validate; it is an option of diff."),
                (["s.jsonl", "--no-wait"], "'--no-wait' is not an option of todo-report; it is an option of batch and index."),
                // Two ways to redact, both given.
                (
                    ["s.jsonl", "--redact", "--redact-key", "k"],
                    "--redact and --redact-key are two ways to redact: give one (--redact-key alone redacts with its keyed pseudonyms)."
                ),
            ])
        func mistypedOption(arguments: [String], message: String) throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            let run = try space.run(arguments)
            #expect(run.code == 64)
            #expect(run.stderr.hasPrefix("Error: " + message + "\n"), "the whole line, one stop at its end: \(run.stderr)")
            #expect(!space.exists("s.html") && !space.exists("x.html") && !space.exists("x.md"), "nothing written")
        }

        @Test(
            "validate refuses the report's options, naming them",
            arguments: [
                ["-o", "x.html"], ["--summary", "s.md"], ["--title", "T"], ["--templates", "t"],
            ])
        func validateOptions(option: [String]) throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            let run = try space.run(["validate", "s.jsonl"] + option)
            #expect(run.code == 64)
            let said = "Error: '\(option[0])' is not an option of validate; it is an option of todo-report INPUT"
            #expect(run.stderr.hasPrefix(said), "\(run.stderr)")
        }

        @Test(
            "an option where a file belongs is a forgotten value, not a file name; NAME=VALUE or ./NAME names such a file",
            arguments: [
                (["s.jsonl", "--summary", "--strict", "-o", "r.html"], "--summary", "--strict"),
                (["s.jsonl", "-o", "--summary", "s.md"], "-o", "--summary"),
                (["s.jsonl", "-o", "r.html", "--events", "--title=x"], "--events", "--title"),
            ])
        func optionForAValue(arguments: [String], option: String, next: String) throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            let run = try space.run(arguments)
            #expect(run.code == 64)
            #expect(
                run.stderr.hasPrefix("Error: \(option) needs a value, and the next argument is the option \(next);"), "\(run.stderr)")
            #expect(try space.listing().filter { !$0.hasPrefix(".") } == ["s.jsonl"])
            let named = try space.run(["s.jsonl", "-o", "r.html", "--summary=--strict"])
            #expect(named.code == 0 && space.exists("--strict"))
            #expect(try space.run(["s.jsonl", "-o", "r2.html", "--summary", "./--quiet"]).code == 0 && space.exists("--quiet"))
        }

        @Test("help is a command, even beside a file named help; help COMMAND and COMMAND --help agree")
        func helpCommand() throws {
            let space = try Workspace()
            try space.write("help", cleanLog)
            let overview = try space.run(["help"])
            #expect(overview.code == 0)
            #expect(overview.stdout.contains("Usage: todo-report INPUT"))
            #expect(!space.exists("help.html"))
            let topic = try space.run(["help", "validate"])
            #expect(topic.code == 0)
            #expect(topic.stdout.contains("--max-diagnostics N"))
            #expect(!topic.stdout.contains("--templates"))
            #expect(try space.run(["validate", "--help"]).stdout == topic.stdout)
            #expect(try space.run(["simulate", "-h"]).stdout == (try space.run(["help", "simulate"])).stdout)
            #expect(try space.run(["help", "nonsense"]).code == 64)
            #expect(try space.run(["help", "--help"]).stdout == overview.stdout)
        }

        @Test(
            "--help wins over a mistake anywhere on the line, and --help COMMAND is that command's help",
            arguments: [
                ["diff", "-h", "-x"], ["diff", "-x", "-h"], ["diff", "--nonsense=1", "--help"], ["diff", "--summary", "-h"],
                ["-h", "diff"], ["--help", "diff"],
            ])
        func helpAmongMistakes(arguments: [String]) throws {
            let space = try Workspace()
            let help = try space.run(["help", "diff"])
            let run = try space.run(arguments)
            #expect(run.code == 0, "\(run.stderr)")
            #expect(run.stdout == help.stdout)
            #expect(run.stderr.isEmpty)
        }

        @Test("without --help a mistake is still one, and -h as --title's text is a title, not help")
        func mistakeWithoutHelp() throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            let mistake = try space.run(["diff", "-x", "-y"])
            #expect(mistake.code == 64)
            #expect(mistake.stderr.contains("'-x' is not an option of diff"), "the first mistake is said: \(mistake.stderr)")
            let titled = try space.run(["s.jsonl", "-o", "r.html", "--title", "-h"])
            #expect(titled.code == 0, "\(titled.stderr)")
            #expect(titled.stdout.isEmpty)
            #expect(String(decoding: space.read("r.html") ?? Data(), as: UTF8.self).contains("— -h session report</title>"))
        }

        @Test(
            "a slip in a command's name is said to be one (64), not read as a log; a file so named is still read",
            arguments: [("simulat", "simulate"), ("valdate", "validate"), ("Batch", "batch"), ("dif", "diff"), ("redcat", "redact")])
        func misspelledCommand(word: String, meant: String) throws {
            let space = try Workspace()
            let run = try space.run([word, "--events", "5"])
            #expect(run.code == 64)
            #expect(run.stderr.contains("'\(word)' is neither a command nor a file; did you mean '\(meant)'?"), "\(run.stderr)")
            #expect(try space.listing().filter { !$0.hasPrefix(".") }.isEmpty, "nothing written")
            try space.write(word, cleanLog)
            #expect(try space.run([word, "-o", "r.html"]).code == 0, "a log named \(word) is a log")
        }

        @Test("after --, a word is a file: -- validate reads the file named validate")
        func doubleDash() throws {
            let space = try Workspace()
            try space.write("validate", cleanLog)
            let run = try space.run(["--", "validate"])
            #expect(run.code == 0, "\(run.stderr)")
            #expect(space.exists("validate.html"))
            try space.write("--strict", cleanLog)
            #expect(try space.run(["-o", "dash.html", "--", "--strict"]).code == 0)
            #expect(space.exists("dash.html"))
        }

        @Test("help and version that cannot be written fail (73)", arguments: ["--help", "--version", "help"])
        func helpToFullDisk(argument: String) throws {
            let space = try Workspace()
            let run = try space.shell(#""$TR" \#(argument) > /dev/full"#)
            #expect(run.code == 73)
            #expect(run.stderr.contains("cannot write standard output"))
        }

        @Test(
            "--templates: a missing placeholder, an unknown one or a missing file is refused, naming it",
            arguments: [
                ("<html>{{csp}}{{css}}{{js}}{{summary}}{{diagnostics}}</html>", "report.js", "t/report.html", "{{data}}"),
                // An unknown one is pointed at, line and column, as a compiler points.
                (
                    "<html>\n{{csp}}{{css}}{{js}}{{summary}}{{diagnostics}}{{data}}{{tilte}}</html>", "report.js", "t/report.html:2:55",
                    "{{tilte}}"
                ),
                // CRLF line ends are line ends too, and a column counts bytes.
                (
                    "<html>\r\n<p>é</p>\r\né{{csp}}{{css}}{{js}}{{summary}}{{diagnostics}}{{data}}{{tilte}}</html>", "report.js",
                    "t/report.html:3:57", "{{tilte}}"
                ),
                ("<html>{{css}}{{js}}{{summary}}{{diagnostics}}{{data}}</html>", "report.js", "t/report.html", "{{csp}}"),
                ("<html>{{csp}}{{css}}{{js}}{{summary}}{{diagnostics}}{{data}}</html>", "other.js", "t/report.js", "no such file"),
            ])
        func templateProblems(html: String, script: String, file: String, named: String) throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            try FileManager.default.createDirectory(atPath: space.path("t"), withIntermediateDirectories: true)
            try space.write("t/report.html", html)
            try space.write("t/report.css", "")
            try space.write("t/\(script)", "")
            let run = try space.run(["s.jsonl", "--templates", "t"])
            #expect(run.code == 66)
            #expect(run.stderr.hasPrefix("Error: cannot read \(file): "))
            #expect(run.stderr.contains(named))
            #expect(!space.exists("s.html"))
        }

        @Test(
            "templates -o DIR writes the built-in templates, never over changes of one's own without --force; a report made from an unchanged copy is the same bytes, a changed one shows the change"
        )
        func writtenTemplates() throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            try FileManager.default.createDirectory(atPath: space.path("t"), withIntermediateDirectories: true)
            try space.write("t/report.css", "old")
            let refused = try space.run(["templates", "-o", "t"])
            #expect(refused.code == 73)
            #expect(
                refused.stderr
                    == "Error: cannot write t/report.css: it differs from the built-in report.css, so it may hold changes of your own; nothing was written. Write the templates into another folder, or add --force to replace it\n"
            )
            #expect(space.read("t/report.css") == Data("old".utf8) && !space.exists("t/report.html"), "nothing written")
            let written = try space.run(["templates", "-o", "t", "--force"])
            #expect(written.code == 0, "\(written.stderr)")
            #expect(written.stderr == "report.html, report.css and report.js -> t\n")
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: space.path("t")).sorted() == ["report.css", "report.html", "report.js"])
            let plain = try space.run(["s.jsonl", "-o", "plain.html"])
            let copied = try space.run(["s.jsonl", "-o", "copied.html", "--templates", "t"])
            #expect(plain.code == 0 && copied.code == 0, "\(copied.stderr)")
            let plainPage = try #require(space.read("plain.html"))
            #expect(space.read("copied.html") == plainPage)
            // A brand's colour put into the copy reaches the page (its policy allows the changed stylesheet).
            let css = String(decoding: try #require(space.read("t/report.css")), as: UTF8.self)
            try space.write("t/report.css", css + "\n.nav-bar { background: #123456; }\n")
            let branded = try space.run(["s.jsonl", "-o", "branded.html", "--templates", "t"])
            #expect(branded.code == 0, "\(branded.stderr)")
            #expect(String(decoding: try #require(space.read("branded.html")), as: UTF8.self).contains(".nav-bar { background: #123456; }"))
            // Written again over the brand's edit: kept; over an unchanged copy: the same files again.
            #expect(try space.run(["templates", "-o", "t", "--quiet"]).code == 73)
            #expect(String(decoding: try #require(space.read("t/report.css")), as: UTF8.self).hasSuffix("#123456; }\n"))
            #expect(try space.run(["templates", "-o", "t", "--quiet", "--force"]).stderr.isEmpty)
            #expect(try space.run(["templates", "-o", "t", "--quiet"]).code == 0)
            #expect(space.read("t/report.css") == Data(css.utf8))
        }
    }
}
