import ByteLevel
import Report
import SessionLog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `todo-report INPUT`: the report, and the summary if asked for.
enum RenderCommand: Subcommand {
    static let output = OptionSpec.value(
        "--output", "-o", valueName: "FILE",
        help:
            "Where to write the report (default: INPUT with .html; - for standard\noutput). A file is replaced whole or not at all; see Outputs below."
    )
    static let summary = OptionSpec.value(
        "--summary", valueName: "FILE",
        help: "Also write the Markdown session summary (- for standard output, for\nexample to append to a CI job summary).")
    static let events = OptionSpec.value(
        "--events", valueName: "FILE",
        help:
            "Also write the event table: one CSV row per kept record, for a data team's\ntools; gzip-compressed when FILE ends in .gz (and for -, standard output)."
    )
    static let title = OptionSpec.title(whose: "The page's")
    static let templates = OptionSpec.value(
        "--templates", valueName: "DIR", help: "Use report.html, report.css and report.js from DIR instead of the\nbuilt-in templates.")

    static let name = ""
    static let abstract = "Write the report (and the summary) of a log."
    static let usage =
        "todo-report INPUT [-o OUTPUT] [--summary FILE] [--events FILE] [--strict] [--title TEXT] [--templates DIR] [--quiet] [--max-diagnostics N] [--max-line-bytes N] [--redact | --redact-key FILE]"
    static let options = [output, summary, events] + ReadingOptions.specs + [title, templates]

    static func run(_ arguments: ParsedArguments, streams: StandardStreams) throws(CLIError) {
        let input = try arguments.single(ReadingOptions.singleInput)
        let options = try ReadingOptions(arguments)
        let reportPath: Path
        if let given = arguments.path(output) { reportPath = given } else { reportPath = try defaultOutput(for: input) }
        let summaryPath = arguments.path(summary)
        let eventsPath = arguments.path(events)
        let toStandardOutput = [reportPath.isStandardStream, summaryPath?.isStandardStream == true, eventsPath?.isStandardStream == true]
        if toStandardOutput.filter({ $0 }).count > 1 {
            throw .usage("only one of the report, the summary and the event table can go to standard output; give the others a file.")
        }
        let pageTemplates = try TemplateLoading.load(arguments.path(templates))
        var file = try InputFile.locate(input, standardInput: streams.input)
        var requests = [OutputSet.Request(path: reportPath, role: "report")]
        if let summaryPath { requests.append(.init(path: summaryPath, role: "summary")) }
        if let eventsPath { requests.append(.init(path: eventsPath, role: "event table")) }
        // The templates are inputs too: an output over one would leave the next --templates run without it.
        let templateFiles = try TemplateLoading.files(in: arguments.path(templates))
        let outputs = try OutputSet(requests, streams: streams, inputs: [file] + templateFiles, keyFile: options.keyFile)
        try file.open(notingWaitsOn: streams)
        defer { file.close() }

        let (builder, outcome) = try SessionRendering.read(
            file, from: file.byteSource(), options: options, title: arguments.text(title), streams: streams,
            allDiagnosticsIn: options.withheldDiagnostics(allIn: "the report"), recordingEventTable: eventsPath != nil)
        try LogReading.check(outcome, strict: options.strict)

        let session = Self.sessionName(input, redaction: options.redaction)
        try outputs.commit { index, descriptor throws(SystemCallError) in
            switch requests[index].role {
            case "report": try SessionRendering.writeReport(builder, templates: pageTemplates, to: descriptor)
            case "summary": try writeAll(Array(builder.summaryMarkdown().utf8), to: descriptor)
            default:
                // A name that says gzip gets gzip (and standard output, as ever); `events.csv` gets the CSV itself.
                let compressed = eventsPath.map { $0.isStandardStream || $0.hasSuffix(".gz") } ?? true
                try SessionRendering.writeEventTable(builder, session: session, compressed: compressed, to: descriptor)
            }
        }
        LogReading.noteIfNoRecords(outcome, of: file, streams: streams)
        if !options.quiet {
            streams.printError(
                "\(LogReading.countLine(outcome)) -> \(reportPath.isStandardStream ? "standard output" : reportPath.display)")
        }
    }

    /// The event table's `session` for a single log: its file name without
    /// `.jsonl` / `.jsonl.gz` (`-` for standard input), masked under `--redact`.
    static func sessionName(_ input: Path, redaction: LogRedaction?) -> String {
        guard !input.isStandardStream else { return "-" }
        // A file named `.jsonl` alone keeps its name.
        let stripped = SessionNaming.withoutLogSuffix(input.lastComponent)
        let name = String(decoding: stripped.isEmpty ? input.lastComponent : stripped, as: UTF8.self)
        return redaction.map { $0.quotable(name) } ?? name
    }

    /// INPUT with its extension replaced by `.html` (`log.html` gets `log.html.html`).
    static func defaultOutput(for input: Path) throws(CLIError) -> Path {
        guard !input.isStandardStream else {
            throw .usage("reading standard input, the report needs a name: add -o report.html (or -o - for standard output).")
        }
        // A pipe (`<(zcat log.gz)` names one as /dev/fd/63) has no folder to put a report beside it.
        var info = stat()
        if input.withCString({ stat($0, &info) }) == 0, [S_IFIFO, S_IFCHR, S_IFSOCK].contains(info.st_mode & S_IFMT) {
            throw .usage(
                "reading \(input.display), a pipe or device, the report needs a name: add -o report.html (or -o - for standard output).")
        }
        var name = input.lastComponent
        var base = input.bytes
        // `s.jsonl.gz` gives `s.html`, as `s.jsonl` does.
        if name.count > 3, name.hasSuffix(".gz") {
            name.removeLast(3)
            base.removeLast(3)
        }
        if let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > 0, Array(name[(dot + 1)...]) != Array("html".utf8) {
            base.removeLast(name.count - dot)
        }
        return Path(bytes: base + Array(".html".utf8))
    }
}
