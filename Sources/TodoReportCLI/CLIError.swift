/// Every way a run can fail, each with its message and exit code: the one
/// place that decides what the person reads and what the shell sees.
enum CLIError: Error, Equatable {
    /// The command line is wrong; the message says how to put it right.
    case usage(String)
    /// A command's command line is wrong: as ``usage(_:)``, with that
    /// command's usage line and where its help is.
    case commandUsage(String, command: String, usage: String)
    case cannotRead(path: String, reason: String)
    case cannotWrite(path: String, reason: String)
    /// An input could not be opened because this run ran out of something of
    /// its own (open files, memory): no fault of the input, which is left
    /// as it was recorded, so 73 as for an output that cannot be written.
    case shortOfResources(path: String, reason: String)
    /// The log cannot become a report (the summary line says why).
    case rejected(String)
    /// Some sessions of a batch failed (each already reported); the line counts them.
    case sessionsFailed(ExitCode, String)
    /// Another run holds the batch folder and `--no-wait` was given.
    case busy(String)

    var exitCode: ExitCode {
        switch self {
        case .usage, .commandUsage: .usage
        case .cannotRead: .noInput
        case .cannotWrite, .shortOfResources: .cannotCreate
        case .rejected: .dataError
        case .sessionsFailed(let code, _): code
        case .busy: .temporaryFailure
        }
    }

    /// What standard error shows.
    var message: String {
        switch self {
        case .usage(let text):
            "Error: \(text)\n\(Help.usage)\nSee 'todo-report --help' for more information."
        case .commandUsage(let text, let command, let usage):
            "Error: \(text)\nUsage: \(usage)\n"
                + (command.isEmpty
                    ? "See 'todo-report --help' for more information and the other commands."
                    : "See 'todo-report help \(command)' for more information.")
        case .cannotRead(let path, let reason), .shortOfResources(let path, let reason):
            "Error: cannot read \(path): \(reason)"
        case .cannotWrite(let path, let reason):
            "Error: cannot write \(path): \(reason)"
        case .rejected(let text), .busy(let text):
            "Error: \(text)"
        case .sessionsFailed(_, let line):
            line
        }
    }
}
