import SessionLog

/// The options every command that reads a log takes.
struct ReadingOptions {
    var strict = false
    var quiet = false
    var maxDiagnostics = DiagnosticPrinter.defaultLimit
    var maxLineBytes = LogReplayer.defaultMaxLineBytes
    /// Whether a log is parsed on a thread of its own while it is replayed
    /// (not an option: `batch` turns it off when it runs several logs at once).
    var readingConcurrently = true

    static let specs: [OptionSpec] = [.strict, .quiet, .maxDiagnostics, .maxLineBytes]

    init(_ arguments: ParsedArguments) throws(CLIError) {
        strict = arguments.has(.strict)
        quiet = arguments.has(.quiet)
        maxDiagnostics = try arguments.integer(.maxDiagnostics, in: 0...Int.max, example: "1000") ?? maxDiagnostics
        maxLineBytes = try arguments.integer(.maxLineBytes, in: 1...LogReplayer.largestMaxLineBytes, example: "1073741824") ?? maxLineBytes
    }
}
