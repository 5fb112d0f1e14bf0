import Foundation
import Testing

/// The proof of issue 12: a log with a unique canary in every place that
/// holds text, run through every command with `--redact` by the real binary;
/// no byte of any output or of standard error may hold a canary, a piece of
/// one, or an escaped form of either, and every number must be the
/// unredacted run's.
extension CLISuite {
    @Suite("redaction proof")
    struct RedactionProofTests {
        /// One command as the proof runs it. Adding a command (`diff`) is one
        /// more case: its arguments, and the numbers its outputs must keep.
        struct Command: Sendable, CustomTestStringConvertible {
            let name: String
            /// The command line for `input`, writing into the current folder.
            let arguments: @Sendable (_ input: String) -> [String]
            /// The input's path in the workspace.
            var inputName = "session.jsonl"
            /// What `--redact` or `--redact-key FILE` is added to (all but `redact`, which always redacts).
            var takesRedactFlag = true
            /// The unredacted run to compare with, when it is another command line.
            var plainArguments: (@Sendable (_ input: String) -> [String])? = nil
            /// The numbers of a run (its files and standard error) that redaction must keep.
            let numbers: @Sendable (_ run: Run) throws -> [String]

            var testDescription: String { name }
        }

        static let commands: [Command] = [
            Command(
                name: "report and summary",
                arguments: { [$0, "-o", "report.html", "--summary", "summary.md", "--events", "events.csv.gz"] },
                numbers: { run in
                    try summaryNumbers(run.text("summary.md")) + pageNumbers(run.text("report.html")) + [run.countLine]
                        + eventTableNumbers(run.text("events.csv.gz"))
                }),
            Command(
                name: "validate", arguments: { ["validate", $0] },
                numbers: { run in
                    // Every diagnostic at the same place with the same code, and the same count line.
                    run.stderr.split(separator: "\n").map { $0.components(separatedBy: ": ").prefix(3).joined(separator: ": ") }
                }),
            // A folder of one log whose file name is a canary too: batch shows file names.
            Command(
                name: "batch",
                arguments: { ["batch", URL(fileURLWithPath: $0).deletingLastPathComponent().path, "-o", "out", "--jobs", "1"] },
                inputName: "logs/\(canary("Fn")).jsonl",
                numbers: { run in
                    let stats = try #require(run.files.first { $0.key.hasPrefix("out/stats/") }?.value)
                    let object = try #require(try JSONSerialization.jsonObject(with: stats) as? [String: Any])
                    let csvRows = try run.text("out/sessions.csv").split(separator: "\r\n").map {
                        $0.split(separator: ",", omittingEmptySubsequences: false)
                    }
                    // The event table's size is the redacted table's own, as the report's is.
                    let sizeColumn = csvRows.first?.firstIndex(of: "event_table_bytes")
                    let csvNumbers = csvRows.dropFirst().flatMap { row in
                        row.enumerated().filter { $0.offset != sizeColumn && Double($0.element) != nil }.map { String($0.element) }
                    }
                    let page = try #require(run.files.first { $0.key.hasPrefix("out/sessions/") }?.value)
                    let summary = try run.text("out/summary.md").split(separator: "\n").filter { !$0.hasPrefix("**Redacted**") }
                    // The report's size is the redacted report's own, not a number of the session.
                    let statsNumbers = numbers(in: object).filter { !$0.hasPrefix(".reportBytes=") && !$0.hasPrefix(".eventTableBytes=") }
                    return statsNumbers + csvNumbers + pageNumbers(String(decoding: page, as: UTF8.self))
                        + summary.filter { line in
                            ["Sessions", "Events", "Add sheets", "Items added", "Keystrokes", "Median"].contains {
                                line.contains("**\($0)")
                            }
                        }.map(String.init)
                }),
            // The log against a copy cut short (cut.jsonl, beside it): they part near the end.
            Command(
                name: "diff",
                arguments: { log in
                    let cut = URL(fileURLWithPath: log).deletingLastPathComponent().appendingPathComponent("cut.jsonl").path
                    return ["diff", log, cut, "-o", "diff.html", "--summary", "diff.md"]
                },
                numbers: { run in
                    let verdict = run.stdout.split(separator: "\n").first.map(String.init) ?? ""
                    let frames = verdict.firstMatch(of: /^differ at frame (\d+) \(baseline (\d+) frames, run (\d+)\)/)
                        .map { "\($0.1) \($0.2) \($0.3)" }
                    let summary = try run.text("diff.md").split(separator: "\n").filter { line in
                        ["**Baseline frames**", "**Run frames**", "Every line accounted for"].contains { line.contains($0) }
                    }
                    let counts = run.stderr.split(separator: "\n").suffix(2).map { $0.components(separatedBy: ": ").last ?? "" }
                    return [frames ?? "no verdict: \(verdict)"] + summary.map(String.init) + counts
                }),
            Command(
                name: "redact", arguments: { ["redact", $0, "-o", "redacted.jsonl"] }, takesRedactFlag: false,
                plainArguments: { [$0, "-o", "report.html", "--summary", "again.md"] },
                numbers: { run in
                    // The redacted log replays to the same frames, funnel and items as the log itself.
                    if run.files["redacted.jsonl"] != nil {
                        let log = run.folder.appendingPathComponent("redacted.jsonl").path
                        let replay = try RedactionProofTests.run([log, "-o", "report.html", "--summary", "again.md"], in: run.folder)
                        return try summaryNumbers(replay.text("again.md"), withDataQuality: false)
                    }
                    return try summaryNumbers(run.text("again.md"), withDataQuality: false)
                }),
            // A regression test's fixture: the same frames and pins, the states file as long.
            Command(
                name: "make-test", arguments: { ["make-test", $0, "-o", "tests"] },
                numbers: { run in
                    // The fixture is named after the file, masked under redaction: the one states file.
                    let statesFile = try #require(run.files.keys.first { $0.hasPrefix("tests/Fixtures/") && $0.hasSuffix(".states.jsonl") })
                    let states = try run.text(statesFile).split(separator: "\n").count
                    return ["\(states) states", run.stderr.split(separator: "\n").last.map(String.init) ?? "no closing line"]
                }),
        ]

        @Test("no canary, piece of one or escaped form in any output or stderr; every number kept", arguments: commands, [false, true])
        func proof(command: Command, keyed: Bool) throws {
            let workspace = try Workspace()
            try FileManager.default.createDirectory(at: workspace.url.appendingPathComponent("logs"), withIntermediateDirectories: true)
            let input = try workspace.write(command.inputName, Self.canaryLog)
            let lines = Self.canaryLog.split(separator: "\n", omittingEmptySubsequences: false)
            _ = try workspace.write("cut.jsonl", lines.dropLast(4).joined(separator: "\n") + "\n")
            try workspace.write("team.key", "a team secret, long enough\n")
            // The unredacted run must show the canaries, or the proof proves nothing.
            let plain = try Self.run(
                (command.plainArguments ?? command.arguments)(input), in: workspace.url.appendingPathComponent("plain"))
            #expect(Self.leaks(in: plain).count > 0, "the unredacted run shows no canary: the test log is wrong")

            var arguments = command.arguments(input)
            if keyed {
                arguments += ["--redact-key", workspace.path("team.key")]
            } else if command.takesRedactFlag {
                arguments.append("--redact")
            }
            let redacted = try Self.run(arguments, in: workspace.url.appendingPathComponent("redacted"))
            #expect(redacted.code == plain.code, "\(redacted.stderr)")
            let leaks = Self.leaks(in: redacted)
            #expect(leaks.isEmpty, "leaked: \(leaks.prefix(10))")
            let (kept, original) = (try command.numbers(redacted), try command.numbers(plain))
            #expect(kept == original, "\(zip(kept, original).filter { $0 != $1 }.prefix(3)), \(kept.count) vs \(original.count)")
            // Every output that is a page or a summary says that it is redacted.
            for (name, data) in redacted.files where name.hasSuffix(".html") || name.hasSuffix(".md") {
                let text = String(decoding: data, as: UTF8.self)
                #expect(
                    text.contains("redacted-badge") || text.contains("**Redacted**:")
                        || text.contains("rendered; redacted: 1 of 1 sessions"),
                    "\(name) does not say it is redacted")
            }
        }

        // MARK: The log

        /// A canary: ASCII (with `"`, `<`, `&`, `\`, U+2028), CJK and emoji,
        /// unique by its tag. No letter is x or X and no digit is 9 (the
        /// mask's), and every 4-character piece holds a letter outside
        /// hexadecimal, so no piece occurs by chance in a report.
        static func canary(_ tag: String) -> String {
            "Qv\(tag)Z\"J<w&K\\7\u{2028}鵺麒鱗🦑🪼🦩Jq"
        }

        static let tags = ["Fn", "Se", "Ap", "Av", "Us", "Cd", "Ct", "Ti", "Tt", "Cn", "Ev", "Iv", "Ty", "Id", "Tm", "Dk", "Mh"]

        /// `text` as a JSON string literal, non-ASCII as it is.
        static func json(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }

        static let canaryLog: String = {
            let c = { json(canary($0)) }
            var lines = [
                #"{"type":"session","schema":"todo-session/1","sessionId":\#(c("Se")),"app":\#(c("Ap")),"appVersion":\#(c("Av")),"userId":\#(c("Us")),"startedAt":"2026-11-29T09:00:00Z","context":{"device":\#(c("Cd")),"team":\#(c("Ct"))}}"#
            ]
            var seq = 0
            var second = 0
            func event(_ fields: String) {
                seq += 1
                second += 1
                let time = String(format: "2026-11-29T09:%02d:%02d.250Z", second / 60, second % 60)
                lines.append(#"{"type":"event","seq":\#(seq),"timestamp":"\#(time)",\#(fields)}"#)
            }
            func type(_ text: String) {
                var typed = ""
                for character in text {
                    typed.append(character)
                    event(#""event":"changePartialItemName","name":\#(json(typed))"#)
                }
            }
            let first = "D4F5C6E1-0000-4000-8000-000000000001"
            event(#""event":"startCreatingItem""#)
            type(canary("Ti"))
            event(#""event":"addItem","id":"\#(first)""#)
            event(#""event":"setItemDone","id":"\#(first)","isDone":true"#)
            event(#""event":"setItemDone","id":"\#(first)","isDone":false"#)
            event(#""event":"startCreatingItem""#)
            type(canary("Cn"))
            event(#""event":"cancelCreatingItem""#)
            // Back to the middle of the first title: an item added on another branch.
            seq += 1
            lines.append(#"{"type":"travel","seq":\#(seq),"to":12}"#)
            event(#""event":"addItem""#)
            event(#""event":"startCreatingItem""#)
            type(canary("Tt"))
            event(#""event":"addItem""#)
            event(#""event":\#(c("Ev"))"#)
            lines.append(#"{"type":"event","name":"\#(canary("Iv")) is not JSON}"#)
            lines.append(#"{"type":\#(c("Ty"))}"#)
            lines.append(#"{"type":"event","event":"setItemDone","id":\#(c("Id")),"isDone":true}"#)
            lines.append(#"{"type":"event","event":"startCreatingItem","timestamp":\#(c("Tm"))}"#)
            lines.append(#"{"type":"event","event":"cancelCreatingItem",\#(c("Dk")):1,\#(c("Dk")):2}"#)
            lines.append(#"{"type":"session","schema":"todo-session/1","userId":\#(c("Mh"))}"#)
            return lines.joined(separator: "\n") + "\n"
        }()

        // MARK: Looking for canaries

        /// Every form in which a canary piece could show.
        static let needles: [(form: String, bytes: [UInt8])] = {
            var found = Set<String>()
            for tag in tags {
                let characters = Array(canary(tag))
                for start in 0...(characters.count - 4) {
                    let piece = String(characters[start..<start + 4])
                    for form in forms(of: piece) { found.insert(form) }
                }
            }
            return found.sorted().map { ($0, Array($0.utf8)) }
        }()

        /// `text`, JSON-escaped (three ways), HTML-escaped, percent-encoded,
        /// Markdown-escaped and CSV-quoted.
        static func forms(of text: String) -> [String] {
            func escaped(_ transform: (Unicode.Scalar) -> String) -> String { text.unicodeScalars.map(transform).joined() }
            func utf16Escapes(_ scalar: Unicode.Scalar, uppercase: Bool) -> String {
                String(scalar).utf16.map { unit in
                    let hex = String(unit, radix: 16, uppercase: uppercase)
                    return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }.joined()
            }
            var forms = [text]
            for uppercase in [false, true] {
                forms.append(
                    escaped { scalar in
                        switch scalar {
                        case "\"": "\\\""
                        case "\\": "\\\\"
                        case "<", ">", "&", "\u{2028}", "\u{2029}": utf16Escapes(scalar, uppercase: uppercase)
                        default: scalar.isASCII ? String(scalar) : String(scalar)
                        }
                    })
                forms.append(
                    escaped { scalar in
                        switch scalar {
                        case "\"": "\\\""
                        case "\\": "\\\\"
                        default: scalar.isASCII ? String(scalar) : utf16Escapes(scalar, uppercase: uppercase)
                        }
                    })
            }
            forms.append(escaped { $0 == "\"" ? "\\\"" : $0 == "\\" ? "\\\\" : $0 == "\u{2028}" ? "\\u2028" : String($0) })
            for quote in ["&quot;", "&#34;", "&#x22;"] {
                forms.append(
                    escaped { scalar in
                        switch scalar {
                        case "&": "&amp;"
                        case "<": "&lt;"
                        case ">": "&gt;"
                        case "\"": quote
                        default: String(scalar)
                        }
                    })
            }
            forms.append(text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text)
            forms.append((text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text).lowercased())
            forms.append(escaped { $0.isASCII && $0.properties.isPatternSyntax ? "\\" + String($0) : String($0) })
            forms.append(text.replacingOccurrences(of: "\"", with: "\"\""))
            return forms
        }

        /// Where a canary shows in a run: `file: form`.
        static func leaks(in run: Run) -> [String] {
            var sources = run.files
            sources["(standard error)"] = Data(run.stderr.utf8)
            sources["(standard output)"] = Data(run.stdout.utf8)
            var leaks: [String] = []
            for (name, data) in sources.sorted(by: { $0.key < $1.key }) {
                let bytes = [UInt8](data)
                for needle in needles where contains(bytes, needle.bytes) { leaks.append("\(name): \(needle.form.debugDescription)") }
            }
            return leaks
        }

        static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
            guard let first = needle.first, haystack.count >= needle.count else { return false }
            var index = 0
            let last = haystack.count - needle.count
            while index <= last {
                if haystack[index] == first && haystack[index..<index + needle.count].elementsEqual(needle) { return true }
                index += 1
            }
            return false
        }

        // MARK: Running

        /// One run of the binary: its exit code, streams and every file it wrote.
        struct Run {
            var code: Int32
            var stdout: String
            var stderr: String
            var folder: URL
            /// Every file under the run's folder, by relative path.
            var files: [String: Data]

            func text(_ name: String) throws -> String {
                String(decoding: try #require(files[name], "no \(name) in \(files.keys.sorted())"), as: UTF8.self)
            }

            /// The last line of standard error: `N frames, N errors, N warnings -> …`.
            var countLine: String { String(stderr.split(separator: "\n").last ?? "") }
        }

        static func run(_ arguments: [String], in folder: URL) throws -> Run {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let before = Set(try files(in: folder).keys)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: todoReportBinary)
            process.arguments = arguments
            process.currentDirectoryURL = folder
            // Temporary and spill files go here too, so any left behind is searched.
            process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": folder.path]) { $1 }
            let out = Pipe()
            let err = Pipe()
            process.standardOutput = out
            process.standardError = err
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let stdout = out.fileHandleForReading.readDataToEndOfFile()
            let stderr = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let written = try files(in: folder).filter { !before.contains($0.key) }
            return Run(
                code: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                stderr: String(decoding: stderr, as: UTF8.self), folder: folder, files: written)
        }

        static func files(in folder: URL) throws -> [String: Data] {
            var files: [String: Data] = [:]
            let base = folder.standardizedFileURL.path + "/"
            for case let url as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) ?? .init() {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
                var data = try Data(contentsOf: url)
                // An event table is searched as it reads, not as its compressed bytes.
                if url.pathExtension == "gz" { data = try gunzip(url) }
                files[String(url.standardizedFileURL.path.dropFirst(base.count))] = data
            }
            return files
        }

        /// A gzip file's content, by `gzip -dc`.
        static func gunzip(_ url: URL) throws -> Data {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/gzip")
            process.arguments = ["-dc", url.path]
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return data
        }

        /// The event table's rows without the columns that redaction changes
        /// (`session`, a file name, the pseudonymised `session_id` and the
        /// masked `app_version`).
        static func eventTableNumbers(_ table: String) -> [String] {
            table.split(separator: "\r\n").map { row in
                row.split(separator: ",", omittingEmptySubsequences: false).dropFirst(3).joined(separator: ",")
            }
        }

        // MARK: Numbers

        /// Every line of the summary that holds only numbers, times and fixed
        /// words: the session facts but ids and names, the funnel but the
        /// cancelled names, each item after its title, events, state chain, data quality.
        static func summaryNumbers(_ summary: String, withDataQuality: Bool = true) -> [String] {
            let kept = [
                "**Start**", "**End**", "**Duration**", "**Events**", "**Frames**", "**Travels**", "**Undone frames", "**Add sheets",
                "**Typed in", "**Added", "**Cancelled", "**Replaced", "**Open at the end", "**Items added", "**Conversion", "**Median",
                "**Keystrokes", "`startCreatingItem`", "`cancelCreatingItem`",
                "`changePartialItemName`", "`addItem`", "`setItemDone`", "`travel`", "`runStart`",
            ]
            var numbers: [String] = []
            var inDataQuality = false
            for line in summary.split(separator: "\n").map(String.init) {
                if line.hasPrefix("### ") { inDataQuality = line == "### Data quality" }
                // A redacted summary's own note that it checked no digest holds no number of the log.
                if line.hasPrefix("State digests: not checked, as in every redacted run") { continue }
                if inDataQuality {
                    if withDataQuality { numbers.append(line) }
                } else if kept.contains(where: { line.contains($0) }) {
                    numbers.append(line)
                } else if let dash = line.range(of: " — ") {
                    numbers.append(String(line[dash.lowerBound...]))
                }
            }
            return numbers
        }

        /// The page's frame count, item count and diagnostic count.
        static func pageNumbers(_ page: String) -> [String] {
            ["data-frame=\"", "data-count=\"", "<h2 id=\"diagnostics-heading\">Diagnostics ("].map { marker in
                guard let start = page.range(of: marker) else { return "no \(marker)" }
                return String(page[start.upperBound...].prefix { $0.isNumber })
            }
        }

        /// Every number in a JSON value, by its path.
        static func numbers(in value: Any, at path: String = "") -> [String] {
            switch value {
            case let object as [String: Any]:
                object.keys.sorted().flatMap { key in numbers(in: object[key] as Any, at: path + "." + key) }
            case let array as [Any]:
                array.enumerated().flatMap { numbers(in: $0.element, at: path + "[\($0.offset)]") }
            case let number as NSNumber:
                ["\(path)=\(number)"]
            default:
                []
            }
        }
    }
}
