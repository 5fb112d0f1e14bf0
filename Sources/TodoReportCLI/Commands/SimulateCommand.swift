import ByteLevel
import SessionLog

/// `todo-report simulate`: a simulated person's session, recorded through the
/// app's `Store` and recorder.
enum SimulateCommand: Subcommand {
    static let events = OptionSpec.value("--events", valueName: "N", help: "How many events the person dispatches (travels come on top).")
    static let seed = OptionSpec.value("--seed", valueName: "S", help: "The seed (default 1): the same seed gives the same log.")
    static let output = OptionSpec.value("--output", "-o", valueName: "FILE", help: "Where to write the log (default: standard output).")
    static let digests = OptionSpec.value(
        "--digests", valueName: "N",
        help:
            "Write the state's digest on every Nth event (1: every event; each\nhashes the whole state, so mind long lists), or with `default`\nas an app's recorder does (spaced by the list's size)."
    )

    static let name = "simulate"
    static let abstract = "Record a simulated person's session through the app's Store."
    static let usage = "todo-report simulate --events N [--seed S] [--digests N|default] [-o FILE] [--quiet]"
    static let options = [events, seed, digests, output, .quietLine]

    static func run(_ arguments: ParsedArguments, streams: StandardStreams) throws(CLIError) {
        guard arguments.positionals.isEmpty else { throw .usage("simulate takes no INPUT; it writes a new session log.") }
        guard let count = try arguments.integer(events, in: 0...Int.max, example: "1000000") else {
            throw .usage("simulate needs --events N, as in simulate --events 1000 -o session.jsonl.")
        }
        var person = SimulatedPerson(seed: try arguments.integer(seed, in: 0...UInt64.max, example: "42") ?? 1)
        let schedule: DigestSchedule
        if arguments.text(digests) == "default" {
            schedule = .default
        } else {
            do {
                schedule = .every(try arguments.integer(digests, in: 1...Int.max, example: "1") ?? 0)
            } catch {
                // The number's own message would not say that the word is taken too.
                throw .usage(
                    "--digests takes a whole number ≥ 1 or the word default, as in --digests 1 or --digests default; "
                        + "got '\(arguments.text(digests) ?? "")'.")
            }
        }
        let path = arguments.path(output) ?? Path("-")
        // Every command reads a `.gz` log as gzip: a plain log under that name would not read.
        if path.hasSuffix(".gz") {
            throw .usage(
                "simulate writes a plain log, as an app's recorder does; name it .jsonl, or compress it as it is written: simulate --events N | gzip > \(path.display)."
            )
        }
        let outputs = try OutputSet([.init(path: path, role: "log")], streams: streams, input: nil)
        var refused: Int64?
        var travels = 0
        do {
            try outputs.commit { _, descriptor throws(SystemCallError) in
                do {
                    travels = try person.record(events: count, to: descriptor, digests: schedule)
                } catch {
                    if case .logNotEmpty(_, let bytes) = error as? RecorderError { refused = bytes }
                    throw SystemCallError(error)
                }
            }
        } catch {
            // Written in place (standard output, `>>`): a new session after what the file holds would replay wrong.
            guard let refused else { throw error }
            throw .cannotWrite(
                path: path.isStandardStream ? "standard output" : path.display,
                reason: "it already holds \(refused) bytes, and a new session must not be appended to a log; "
                    + "name a new file (or use > rather than >>)")
        }
        if !arguments.has(.quiet) {
            let written = path.isStandardStream ? "standard output" : path.display
            streams.printError("\(countedNoun(count, "event")) and \(countedNoun(travels, "travel")) -> \(written)")
        }
    }
}
