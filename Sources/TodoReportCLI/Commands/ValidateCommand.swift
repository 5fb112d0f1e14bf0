/// `todo-report validate INPUT`: the log's diagnostics, and nothing written.
enum ValidateCommand: Subcommand {
    static let name = "validate"
    static let abstract = "Print the log's diagnostics and write nothing."
    static let usage =
        "todo-report validate INPUT [--strict] [--quiet] [--max-diagnostics N] [--max-line-bytes N] [--redact | --redact-key FILE]"
    /// `--strict` as validate has it: it writes nothing either way.
    static let strict = OptionSpec.flag("--strict", help: "Exit 65 if the log has any error (warnings do not count).")
    static let options = ReadingOptions.specs(strict: strict)

    static func run(_ arguments: ParsedArguments, streams: StandardStreams) throws(CLIError) {
        let input = try arguments.single(ReadingOptions.singleInput)
        let options = try ReadingOptions(arguments)
        var file = try InputFile.locate(input, standardInput: streams.input)
        try OutputConflicts.refuseKeyFile(asInput: file, keyFile: options.keyFile)
        try file.open(notingWaitsOn: streams)
        defer { file.close() }
        let outcome = try LogReading.replay(
            file, options: options, streams: streams, allDiagnosticsIn: ReadingOptions.printEveryDiagnostic
        ) { _ in }
        try LogReading.check(outcome, strict: options.strict, consequence: ".")
        LogReading.noteIfNoRecords(outcome, of: file, streams: streams)
        if !options.quiet { streams.printError(LogReading.countLine(outcome)) }
    }
}
