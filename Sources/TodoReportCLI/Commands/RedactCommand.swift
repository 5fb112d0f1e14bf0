import ByteLevel
import Redaction
import SessionLog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `todo-report redact INPUT -o OUTPUT.jsonl`: the log itself, redacted, so
/// that a team can hand it over.
enum RedactCommand: Subcommand {
    static let output = OptionSpec.value(
        "--output", "-o", valueName: "OUTPUT.jsonl", help: "Where to write the redacted log (- for standard output).")

    static let name = "redact"
    static let abstract = "Write a redacted copy of a log (masked text, pseudonymised ids)."
    static let usage =
        "todo-report redact INPUT -o OUTPUT.jsonl [--redact | --redact-key FILE] [--quiet] [--max-diagnostics N] [--max-line-bytes N]"
    static let options = [output, .redact, .redactKey, .quiet, .maxDiagnostics, .maxLineBytes]
    static let discussion = """
        Writes every valid record of INPUT as a todo-session/1 log, redacted as
        --redact redacts a report (with --redact-key, keyed pseudonyms): typed text
        masked, ids and context values pseudonymised, digest fields dropped (they
        no longer match). Lines that are not valid records are dropped (they could
        hold anything) and counted on standard error, with their (redacted)
        diagnostics. An OUTPUT whose name ends in .gz is written gzip-compressed,
        as a .jsonl.gz log is read.
        """

    static func run(_ arguments: ParsedArguments, streams: StandardStreams) throws(CLIError) {
        let input = try arguments.single(ReadingOptions.singleInput)
        guard let outputPath = arguments.path(output) else {
            throw .usage("redact needs -o OUTPUT.jsonl, the redacted log to write (- for standard output).")
        }
        let options = try ReadingOptions(arguments)
        let redaction = options.redaction ?? LogRedaction(pseudonyms: Pseudonyms(key: nil))
        var file = try InputFile.locate(input, standardInput: streams.input)
        let outputs = try OutputSet([.init(path: outputPath, role: "log")], streams: streams, input: file, keyFile: options.keyFile)
        try file.open(notingWaitsOn: streams)
        defer { file.close() }

        let source = file.byteSource()
        var printer = DiagnosticPrinter(
            path: file.displayName, limit: options.maxDiagnostics, error: streams.error, holdingWhile: { source.isGzip })
        var counts = RedactedLog.Counts()
        var readFailure: (any Error)?
        // A name that says gzip gets gzip, as every command reads a `.jsonl.gz` log.
        let compressed = outputPath.hasSuffix(".gz")
        do throws(CLIError) {
            try outputs.commit { _, descriptor throws(SystemCallError) in
                let gzip = compressed ? try GzipWriter(descriptor: descriptor) : nil
                func flush(_ bytes: [UInt8]) throws(SystemCallError) {
                    if let gzip {
                        try bytes.withByteView { view throws(SystemCallError) in try gzip.write(view) }
                    } else {
                        try writeAll(bytes, to: descriptor)
                    }
                }
                var pending: [UInt8] = []
                do {
                    counts = try RedactedLog.write(
                        source, redaction: redaction, maxLineBytes: options.maxLineBytes,
                        report: { printer.print($0) }
                    ) { line in
                        pending.append(contentsOf: line.utf8)
                        if pending.count >= 1 << 16 {
                            try flush(pending)
                            pending.removeAll(keepingCapacity: true)
                        }
                    }
                } catch let failure as SystemCallError {
                    throw failure
                } catch {
                    readFailure = error
                    throw SystemCallError("read", errno: EIO)
                }
                // Nothing was read past a header of another schema: write nothing.
                if counts.stoppedOnUnsupportedSchema { throw SystemCallError("read", errno: EPROTO) }
                try flush(pending)
                try gzip?.finish()
            }
        } catch {
            let reason = readFailure.map { printer.failedReading($0) }
            printer.finish(allIn: ReadingOptions.printEveryDiagnostic)
            if let reason { throw .cannotRead(path: file.displayName, reason: reason) }
            if counts.stoppedOnUnsupportedSchema {
                throw .rejected("\(file.displayName): the log's schema is not \(SessionHeader.supportedSchema), so nothing was written.")
            }
            throw error
        }
        LogReading.warnOfIrregularEnding(source, of: file, streams: streams)
        printer.finish(allIn: ReadingOptions.printEveryDiagnostic)
        LogReading.noteIfNoRecords(records: counts.records, dropped: counts.dropped, blank: counts.blank, of: file, streams: streams)
        if !options.quiet {
            let dropped = countedNoun(counts.dropped, "line") + " dropped"
            streams.printError(
                "\(countedNoun(counts.records, "record")) redacted, \(dropped) (not valid records) -> "
                    + (outputPath.isStandardStream ? "standard output" : outputPath.display))
        }
    }
}
