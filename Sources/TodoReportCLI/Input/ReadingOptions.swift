import ByteLevel
import Redaction
import SessionLog

/// The options every command that reads a log takes.
struct ReadingOptions {
    var strict = false
    var quiet = false
    var maxDiagnostics = DiagnosticPrinter.defaultLimit
    var maxLineBytes = LogReplayer.defaultMaxLineBytes
    /// Whether a log is parsed on threads of its own while it is replayed
    /// (not an option: `batch` turns it off when it runs several logs at once).
    var readingConcurrently = true
    /// `--redact`: applied as the log is read, so every output of the command is redacted.
    var redaction: LogRedaction?
    /// The file `--redact-key` names: no output may be written over it.
    var keyFile: InputFile?

    static let specs: [OptionSpec] = [.strict, .quiet, .maxDiagnostics, .maxLineBytes, .redact, .redactKey]

    /// ``specs`` with `--strict` as a command of its own explains it (what it writes and what it
    /// rejects differ: one report, a batch's sessions one by one, a diff's verdict).
    static func specs(strict: OptionSpec) -> [OptionSpec] {
        specs.map { $0.canonicalName == strict.canonicalName ? strict : $0 }
    }

    init(_ arguments: ParsedArguments) throws(CLIError) {
        strict = arguments.has(.strict)
        quiet = arguments.has(.quiet)
        maxDiagnostics = try arguments.integer(.maxDiagnostics, in: 0...Int.max, example: "1000") ?? maxDiagnostics
        maxLineBytes = try arguments.integer(.maxLineBytes, in: 1...LogReplayer.largestMaxLineBytes, example: "1073741824") ?? maxLineBytes
        redaction = try Self.redaction(arguments)
        keyFile = try arguments.path(.redactKey).map { path throws(CLIError) in try InputFile.locate(path, standardInput: -1) }
    }

    /// Where the diagnostics a run did not print can be read, for its `… and N more` line:
    /// in `report`, or under `--strict` (which writes no report of a log with errors) by
    /// printing them all.
    func withheldDiagnostics(allIn report: String) -> String {
        strict ? Self.printEveryDiagnostic : "all in \(report)"
    }

    /// Where a run that writes no report says the diagnostics it did not print are.
    static let printEveryDiagnostic = "--max-diagnostics 0 prints them all"

    /// What a command that reads one log says when it is not given one.
    static let singleInput = "INPUT: name a \(SessionHeader.supportedSchema) log, or - for standard input"

    /// The most bytes a `--redact-key` file may hold.
    static let keyFileLimit = 64 << 10

    /// `--redact`, keyed with `--redact-key FILE` (which implies `--redact`).
    static func redaction(_ arguments: ParsedArguments) throws(CLIError) -> LogRedaction? {
        if arguments.has(.redact) && arguments.path(.redactKey) != nil {
            throw .usage(
                "--redact and --redact-key are two ways to redact: give one (--redact-key alone redacts with its keyed pseudonyms).")
        }
        guard let keyPath = arguments.path(.redactKey) else {
            return arguments.has(.redact) ? LogRedaction(pseudonyms: Pseudonyms(key: nil)) : nil
        }
        let bytes: [UInt8]
        do {
            // A secret is a line of some dozens of bytes: a larger file is not a key file.
            bytes = try SmallFile.read(keyPath, limit: keyFileLimit)
        } catch {
            throw .cannotRead(path: keyPath.display, reason: error.reason + "; --redact-key names a file holding the team's secret")
        }
        do {
            return LogRedaction(pseudonyms: try Pseudonyms(keyFileContents: bytes))
        } catch {
            switch error {
            case .noSecret:
                throw .usage(
                    "the key file \(keyPath.display) holds no secret (it is empty or white space); put the team's secret in it (for example: openssl rand -hex 32 > \(keyPath.display))."
                )
            case .tooShort(let length):
                // A short secret can be found by trying candidates against the fingerprint every keyed output shows.
                throw .usage(
                    "the key file \(keyPath.display) holds \(countedNoun(length, "byte")), too short a secret to keep pseudonyms from being guessed; "
                        + "a key has at least \(Pseudonyms.minimumKeyBytes) (for example: openssl rand -hex 32 > \(keyPath.display))."
                )
            }
        }
    }
}
