/// One command of `todo-report`: its name, its help and the options it takes,
/// so that an option it does not take is a usage error that names it, and
/// adding a command touches one new file and one line of ``Subcommands/all``.
protocol Subcommand {
    /// The word that selects it (`validate`); the report command has none.
    static var name: String { get }
    /// One line for the list of commands.
    static var abstract: String { get }
    /// `todo-report validate INPUT [options]`.
    static var usage: String { get }
    /// More text for its `--help`, after the options.
    static var discussion: String { get }
    /// Every option it takes (`--help` included by ``Subcommands``).
    static var options: [OptionSpec] { get }

    static func run(_ arguments: ParsedArguments, streams: StandardStreams) throws(CLIError)
}

extension Subcommand {
    static var discussion: String { "" }
}

/// The table of commands.
enum Subcommands {
    static var all: [any Subcommand.Type] {
        [
            RenderCommand.self, ValidateCommand.self, SimulateCommand.self, BatchCommand.self, IndexCommand.self, RedactCommand.self,
            DiffCommand.self, MakeTestCommand.self, TemplatesCommand.self,
        ]
    }

    /// The command a first argument selects, if any.
    static func named(_ name: String) -> (any Subcommand.Type)? {
        all.first { !$0.name.isEmpty && $0.name == name }
    }
}
