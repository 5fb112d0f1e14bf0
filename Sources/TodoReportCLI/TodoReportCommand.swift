import Foundation
import Report
import SessionLog

/// The `todo-report` command line as a library: the executable's `main`
/// passes its arguments and streams, and tests run it in-process the same way.
public enum TodoReportCommand {
    /// Runs one command line (without the program name) and returns its exit code.
    public static func run(_ arguments: [String], streams: StandardStreams = .process) -> Int32 {
        do {
            switch try Invocation.parse(arguments) {
            case .help:
                streams.printOutput(Help.text)
            case .version:
                streams.printOutput(Help.version)
            case .validate(let input, let strict):
                try validate(input: input, strict: strict, streams: streams)
            case .render(let options):
                try render(options, streams: streams)
            case .simulate(let events, let seed, let output):
                try simulate(events: events, seed: seed, output: output, streams: streams)
            }
            return ExitCode.success.rawValue
        } catch {
            streams.printError(error.message)
            return error.exitCode.rawValue
        }
    }

    // MARK: Commands

    private static func validate(input: String, strict: Bool, streams: StandardStreams) throws(CLIError) {
        let file = try InputFile.open(input, standardInput: streams.input)
        defer { file.close() }
        let outcome = try replay(file, streams: streams) { _ in }
        let line = countLine(outcome)
        try check(outcome, strict: strict, line: line)
        streams.printError(line)
    }

    private static func render(_ options: RenderOptions, streams: StandardStreams) throws(CLIError) {
        let output = try outputPath(for: options)
        let templates = try loadTemplates(options.templates)
        let file = try InputFile.open(options.input, standardInput: streams.input)
        defer { file.close() }
        for target in [output, options.summary].compactMap({ $0 }) where target != "-" && file.isSameFile(as: target) {
            throw .usage("'\(target)' is the input file; writing there would destroy the log. Choose another output.")
        }

        var builder = ReportBuilder(title: options.title)
        let outcome = try replay(file, streams: streams) { builder.add($0) }
        builder.finish(with: outcome)
        let countLine = countLine(outcome)
        try check(outcome, strict: options.strict, line: countLine)

        try deliver(to: output, streams: streams) { descriptor throws(POSIXFailure) in
            do { try builder.write(toFileDescriptor: descriptor, templates: templates) } catch { throw POSIXFailure(error) }
        }
        if let summary = options.summary {
            let markdown = Array(builder.summaryMarkdown().utf8)
            try deliver(to: summary, streams: streams) { descriptor throws(POSIXFailure) in try writeAll(markdown, to: descriptor) }
        }
        if !options.quiet {
            streams.printError("\(countLine) -> \(output == "-" ? "standard output" : output)")
        }
    }

    private static func simulate(events: Int, seed: UInt64, output: String?, streams: StandardStreams) throws(CLIError) {
        var person = SimulatedPerson(seed: seed)
        try deliver(to: output ?? "-", streams: streams) { descriptor throws(POSIXFailure) in
            do { try person.record(events: events, to: descriptor) } catch { throw POSIXFailure(error) }
        }
    }

    /// Lets `fill` write standard output for `-`, else a file, atomically.
    private static func deliver(
        to path: String, streams: StandardStreams, _ fill: (Int32) throws(POSIXFailure) -> Void
    ) throws(CLIError) {
        guard path != "-" else {
            do { try fill(streams.output) } catch { throw .cannotWrite(path: "standard output", reason: error.description) }
            return
        }
        try AtomicFile.write(to: path, fill)
    }

    // MARK: Steps

    private static func replay(
        _ file: InputFile, streams: StandardStreams, _ consume: (ReplayEntry) -> Void
    ) throws(CLIError) -> LogReplayer.Outcome {
        var pending: [UInt8] = []
        var progress = Progress(input: file.descriptor, error: streams.error)
        func flush() {
            progress.clear()
            try? writeAll(pending, to: streams.error)
            pending.removeAll(keepingCapacity: true)
        }
        var frames = 0
        defer { flush() }
        do {
            return try LogReplayer.replay(FileDescriptorByteSource(fileDescriptor: file.descriptor)) { entry in
                switch entry {
                case .diagnostic(let diagnostic):
                    pending.append(contentsOf: (diagnostic.formatted(path: file.displayName) + "\n").utf8)
                    if pending.count > 1 << 16 { flush() }
                case .frame:
                    frames += 1
                    if frames & 0xFFFF == 0 { progress.update(frames: frames) }
                default:
                    break
                }
                consume(entry)
            }
        } catch {
            throw .cannotRead(path: file.displayName, reason: "\(error)")
        }
    }

    /// `128 frames, 1 error, 2 warnings`.
    private static func countLine(_ outcome: LogReplayer.Outcome) -> String {
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        return "\(plural(outcome.frameCount, "frame")), \(plural(outcome.errorCount, "error")), \(plural(outcome.warningCount, "warning"))"
    }

    private static func check(_ outcome: LogReplayer.Outcome, strict: Bool, line: String) throws(CLIError) {
        if outcome.stoppedOnUnsupportedSchema {
            throw .rejected("\(line); the log's schema is not todo-session/1, so nothing was written.")
        }
        if strict && outcome.errorCount > 0 {
            throw .rejected("\(line); --strict allows no errors, so nothing was written.")
        }
    }

    private static func outputPath(for options: RenderOptions) throws(CLIError) -> String {
        if let output = options.output { return output }
        guard options.input != "-" else {
            throw .usage("reading standard input, the report needs a name: add -o report.html (or -o - for standard output).")
        }
        let url = URL(fileURLWithPath: options.input)
        let base = url.pathExtension == "html" ? url.path + ".html" : url.deletingPathExtension().appendingPathExtension("html").path
        return options.input.hasPrefix("/") ? base : relative(base)
    }

    private static func relative(_ absolute: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        return absolute.hasPrefix(current + "/") ? String(absolute.dropFirst(current.count + 1)) : absolute
    }

    private static func loadTemplates(_ directory: String?) throws(CLIError) -> PageTemplates {
        guard let directory else { return .builtIn }
        do {
            return try PageTemplates(directory: URL(fileURLWithPath: directory))
        } catch {
            throw .cannotRead(path: directory, reason: "it needs report.html, report.css and report.js (\(error.localizedDescription))")
        }
    }
}
