import ByteLevel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `todo-report` command line as a library: the executable's `main`
/// passes its arguments and streams, and tests run it in-process the same way.
public enum TodoReportCommand {
    /// Runs one command line (without the program name) and returns its exit code.
    public static func run(_ arguments: [String], streams: StandardStreams = .process) -> Int32 {
        run(argumentBytes: arguments.map { Array($0.utf8) }, streams: streams)
    }

    /// Runs one command line given as the bytes of each argument, as the
    /// system passed them: a file name need not be UTF-8.
    public static func run(argumentBytes arguments: [[UInt8]], streams: StandardStreams = .process) -> Int32 {
        // A file too large for `ulimit -f` must fail its write (EFBIG, exit 73), not kill the process.
        signal(SIGXFSZ, SIG_IGN)
        StandardStreams.lostWrite.withLock { $0 = nil }
        var code: ExitCode
        do {
            try dispatch(arguments[...], streams: streams)
            code = .success
        } catch {
            if !error.message.isEmpty { streams.printError(error.message) }
            code = error.exitCode
        }
        // A verdict, diagnostics or a count line that could not be written is lost: not a success.
        if let lost = StandardStreams.lostWrite.withLock({ $0 }), code == .success || code == .different {
            code = .cannotCreate
            // Said on standard error, unless that is the stream that failed (the run writes to these two alone).
            if lost.descriptor != streams.error {
                streams.printError(
                    "Error: cannot write standard output: \(SystemCallError.reason(of: lost.errno)); what the run had to say there is lost."
                )
            }
        }
        return code.rawValue
    }

    /// Runs this process's command line with its own streams: what the
    /// executable's `main` does. A standard stream that is closed is opened on
    /// `/dev/null` first (so no output file can take its number) and counted as
    /// closed, so writing to it is an error rather than a write into a file;
    /// a closed pipe is an error (exit 73), not a signal.
    public static func runProcess() -> Int32 {
        var streams = StandardStreams.process
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 {
            _ = open("/dev/null", O_RDWR)
            switch descriptor {
            case 0: streams.input = -1
            case 1: streams.output = -1
            default: streams.error = -1
            }
        }
        signal(SIGPIPE, SIG_IGN)
        return run(argumentBytes: processArgumentBytes, streams: streams)
    }

    /// The arguments of this process, as bytes (`CommandLine.arguments` would
    /// repair a name that is not UTF-8 into another name).
    public static var processArgumentBytes: [[UInt8]] {
        guard CommandLine.argc > 1 else { return [] }
        return (1..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return [] }
            return CStringBytes.bytes(of: argument)
        }
    }

    private static func dispatch(_ arguments: ArraySlice<[UInt8]>, streams: StandardStreams) throws(CLIError) {
        let first = arguments.first.map { String(decoding: $0, as: UTF8.self) }
        if first == "help" {
            let topic = arguments.dropFirst()
            guard topic.count <= 1 else { throw .usage("help takes one COMMAND at most.") }
            guard let name = topic.first.map({ String(decoding: $0, as: UTF8.self) }), name != "help", name != "--help", name != "-h"
            else {
                return try printHelp(Help.overview, streams: streams)
            }
            guard let command = Subcommands.named(name) else {
                throw .usage("there is no command '\(Path(bytes: topic.first ?? []).display)'; the commands are \(commandNames).")
            }
            return try printHelp(Help.text(for: command), streams: streams)
        }
        let command: any Subcommand.Type = first.flatMap(Subcommands.named) ?? RenderCommand.self
        if command == RenderCommand.self, let first, let meant = misspelledCommand(first), Path(bytes: Array(first.utf8)).fileType == nil {
            throw .usage("'\(first)' is neither a command nor a file; did you mean '\(meant)'? (A log named so: ./\(first))")
        }
        let rest = command == RenderCommand.self ? arguments : arguments.dropFirst()
        do {
            let others = Subcommands.all.filter { $0 != command }.map {
                (name: $0.name.isEmpty ? "todo-report INPUT" : $0.name, options: $0.options)
            }
            let parsed = try ParsedArguments(
                rest, options: command.options + [.help, .version], command: command.name.isEmpty ? "todo-report" : command.name,
                otherCommands: others)
            if parsed.has(.help) {
                // `todo-report --help diff` asks for diff's help, as `help diff` does.
                let topic = command == RenderCommand.self ? parsed.positionals.first.flatMap { Subcommands.named($0.display) } : nil
                return try printHelp(Help.text(for: topic ?? command), streams: streams)
            }
            if parsed.has(.version) { return try printHelp(Help.version, streams: streams) }
            try command.run(parsed, streams: streams)
        } catch {
            // A command's usage mistake shows that command's usage, not every command's
            // (a bare `todo-report` shows them all: the person may not know them yet).
            guard case .usage(let text) = error, command != RenderCommand.self || !arguments.isEmpty else { throw error }
            throw .commandUsage(text, command: command.name, usage: command.usage)
        }
    }

    /// The command `word` is a slip of (one or two letters added, left out or
    /// changed), when it is a bare word and no command itself.
    private static func misspelledCommand(_ word: String) -> String? {
        guard word.count >= 3, word.first?.isLetter == true, word.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "-") }),
            Subcommands.named(word) == nil
        else {
            return nil
        }
        let names = Subcommands.all.map { $0.name }.filter { !$0.isEmpty } + ["help"]
        return Misspelling.meant(word, among: names)
    }

    private static var commandNames: String {
        Subcommands.all.map { $0.name }.filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// Help and version go to standard output; a failure to write them is an error like any other.
    private static func printHelp(_ text: String, streams: StandardStreams) throws(CLIError) {
        do {
            try writeAll(Array((text + "\n").utf8), to: streams.output)
        } catch {
            throw .cannotWrite(path: "standard output", reason: error.reason)
        }
    }
}
