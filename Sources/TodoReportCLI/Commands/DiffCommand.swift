import ByteLevel
import Digests
import Report
import SessionLog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `todo-report diff BASELINE RUN`: replays both logs in lockstep and
/// compares frame *i* with frame *i*; exit 0 when identical, 1 when not.
///
/// Both logs are read with the same ``ReadingOptions`` and printed with the
/// same ``DiagnosticPrinter`` as `todo-report INPUT` (see ``DiffReading``),
/// so a reading option (such as redaction) applies to both alike.
enum DiffCommand: Subcommand {
    static let output = OptionSpec.value(
        "--output", "-o", valueName: "PAGE", help: "Also write the side-by-side page (one self-contained HTML file).")
    static let summary = OptionSpec.value(
        "--summary", valueName: "FILE", help: "Also write the verdict in Markdown (- for standard output, for a CI\njob summary).")
    static let compareIDs = OptionSpec.flag("--compare-ids", help: "Compare item ids too (every run of the app makes new ones).")

    static let name = "diff"
    static let abstract = "Compare a run's log with its baseline, frame by frame (exit 1 if they differ)."
    static let usage =
        "todo-report diff BASELINE RUN [-o PAGE] [--summary FILE] [--compare-ids] [--strict] [--quiet] [--max-diagnostics N] [--max-line-bytes N] [--redact | --redact-key FILE]"
    static let discussion = """
        Frame i of BASELINE is compared with frame i of RUN: the add sheet, the typed
        name, the state's name, and the items' titles and switches in order. Item ids
        are ignored unless --compare-ids; timing is never compared. Prints
        "identical: N frames" or where the logs first differ and how, and when a log's
        own digests say its app showed another state, a line that says so; exit 0
        when identical, 1 when they differ, 65 with --strict when either log has errors.
        """
    /// `--strict` as diff has it: the verdict is not printed, and nothing written, when either log has an error.
    static let strict = OptionSpec.flag(
        "--strict", help: "Write nothing and exit 65 if either log has any error (warnings do not\ncount).")
    static let options = [output, summary, compareIDs] + ReadingOptions.specs(strict: strict)

    static func run(_ arguments: ParsedArguments, streams: StandardStreams) throws(CLIError) {
        guard arguments.positionals.count == 2 else {
            throw .usage("diff takes two logs, BASELINE and RUN, as in diff baseline.jsonl run.jsonl.")
        }
        let options = try ReadingOptions(arguments)
        let paths = arguments.positionals
        if paths[0].isStandardStream && paths[1].isStandardStream {
            throw .usage("only one of BASELINE and RUN can be standard input (-).")
        }
        if options.redaction != nil && paths.contains(where: \.isStandardStream) {
            throw .usage(
                "diff --redact reads each log twice (to compare what was typed, and to show it masked): give BASELINE and RUN as files, not standard input."
            )
        }
        let pagePath = arguments.path(output)
        let summaryPath = arguments.path(summary)
        if pagePath?.isStandardStream == true && summaryPath?.isStandardStream == true {
            throw .usage("the page and the summary cannot both go to standard output; give one of them a file.")
        }
        var baseline = try InputFile.locate(paths[0], standardInput: streams.input)
        var run = try InputFile.locate(paths[1], standardInput: streams.input)
        // One pipe named twice (`-` and /dev/stdin, say) would split its bytes between the two readings.
        if let first = baseline.node, let second = run.node, first.st_mode & S_IFMT != S_IFREG,
            FileIdentity(first) == FileIdentity(second)
        {
            throw .usage(
                "BASELINE and RUN are one input, \(InputDiscovery.kind(first.st_mode)) ('\(run.path.display)'), which can be read only once: give each log as a file."
            )
        }
        if options.redaction != nil {
            // A pipe read twice would split its bytes between the two readers.
            for input in [baseline, run] {
                if let node = input.node, node.st_mode & S_IFMT != S_IFREG {
                    throw .usage(
                        "diff --redact reads each log twice (to compare what was typed, and to show it masked): '\(input.path.display)' is \(InputDiscovery.kind(node.st_mode)); give BASELINE and RUN as files."
                    )
                }
            }
        }
        var requests: [OutputSet.Request] = []
        if let pagePath { requests.append(.init(path: pagePath, role: "page")) }
        if let summaryPath { requests.append(.init(path: summaryPath, role: "summary")) }
        let resolved = try requests.map { request throws(CLIError) in (request, try OutputDestination.resolve(output: request.path)) }
        try OutputConflicts.refuse(resolved, streams: streams, input: run, keyFile: options.keyFile)
        let outputs = try OutputSet(requests, streams: streams, input: baseline, keyFile: options.keyFile)
        try baseline.open(notingWaitsOn: streams)
        defer { baseline.close() }
        try run.open(notingWaitsOn: streams)
        defer { run.close() }

        // Under redaction the logs are compared as written, and shown masked: opened once more each.
        var verdictFiles: (baseline: InputFile, run: InputFile)?
        if options.redaction != nil {
            var files = (
                baseline: try InputFile.locate(paths[0], standardInput: -1), run: try InputFile.locate(paths[1], standardInput: -1)
            )
            try files.baseline.open(notingWaitsOn: streams)
            try files.run.open(notingWaitsOn: streams)
            verdictFiles = files
        }
        defer {
            verdictFiles?.baseline.close()
            verdictFiles?.run.close()
        }
        let report = DiffReport(
            baselineName: baseline.displayName, runName: run.displayName, keepingFrames: pagePath != nil, redaction: options.redaction)
        // The paths as the report shows them wherever diff does (its verdict, page, summary and standard
        // error): masked under redaction, two masks alike saying which is which.
        (baseline.displayName, run.displayName) = (report.baselineName, report.runName)
        var reading = DiffReading(baseline: baseline, run: run, verdictFiles: verdictFiles, options: options, streams: streams)
        // After the verdict: "then the usual diagnostics of each log" (also when a check below fails).
        defer { reading.finishPrinting() }
        // The statistics feed the summary and the page only: the verdict alone needs none of them.
        let collecting = pagePath != nil || summaryPath != nil
        let redaction = options.redaction
        let showingText: @Sendable (String) -> String = { redaction?.quotable($0) ?? $0 }
        let (baselineOutcome, runOutcome, comparison) = try reading.compare(
            comparingIDs: arguments.has(compareIDs), showingText: showingText
        ) {
            if collecting { report.add($0, baseline: $1) }
        }
        report.finish(baseline: baselineOutcome, run: runOutcome, comparison: comparison)
        // Both logs' failures are said, the last as the run's error.
        var failures: [CLIError] = []
        for (outcome, file) in [(baselineOutcome, baseline), (runOutcome, run)] {
            do { try LogReading.check(outcome, strict: options.strict, naming: file.displayName) } catch { failures.append(error) }
        }
        if let last = failures.last {
            for failure in failures.dropLast() { streams.printError(failure.message) }
            throw last
        }

        let verdictToError = OutputConflicts.anyIsStandardOutput(resolved, streams: streams)
        let verdict = report.verdict
        if verdictToError { streams.printError(verdict) } else { streams.printOutput(verdict) }
        reading.finishPrinting()
        // An empty file or one that is no log compares as one frame: most likely the wrong file was named.
        LogReading.noteIfNoRecords(baselineOutcome, of: baseline, streams: streams)
        LogReading.noteIfNoRecords(runOutcome, of: run, streams: streams)
        try outputs.commit { index, descriptor throws(SystemCallError) in
            let text = requests[index].role == "page" ? try report.html() : report.summaryMarkdown()
            try writeAll(Array(text.utf8), to: descriptor)
        }
        if !options.quiet {
            streams.printError("\(baseline.displayName): \(LogReading.countLine(baselineOutcome))")
            // Where the page went, as the report's count line says it.
            let written = pagePath.map { " -> " + ($0.isStandardStream ? "standard output" : $0.display) } ?? ""
            streams.printError("\(run.displayName): \(LogReading.countLine(runOutcome))\(written)")
        }
        // Already printed: exit 1 with no further message.
        if !report.isIdentical { throw .sessionsFailed(.different, "") }
    }
}
