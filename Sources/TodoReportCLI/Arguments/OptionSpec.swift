import ByteLevel
import Report

/// One option a subcommand takes, with what `--help` says of it.
struct OptionSpec: Sendable {
    /// Every spelling, the canonical one first (`--output`, `-o`).
    let names: [String]
    /// The value's placeholder in help (`FILE`), or `nil` for a flag.
    let valueName: String?
    /// One or more lines of help.
    let help: String

    static func flag(_ names: String..., help: String) -> OptionSpec {
        OptionSpec(names: names, valueName: nil, help: help)
    }

    static func value(_ names: String..., valueName: String, help: String) -> OptionSpec {
        OptionSpec(names: names, valueName: valueName, help: help)
    }

    var canonicalName: String { names.first ?? "" }

    /// `-o, --output FILE`, as the help's left column shows it.
    var synopsis: String {
        let spelled = names.sorted { $0.count < $1.count }.joined(separator: ", ")
        return valueName.map { "\(spelled) \($0)" } ?? spelled
    }
}

extension OptionSpec {
    static let help = OptionSpec.flag("--help", "-h", help: "Show this help.")
    static let version = OptionSpec.flag("--version", help: "Show the version.")
    static let strict = OptionSpec.flag(
        "--strict", help: "Write nothing and exit 65 if the log has any error (warnings do\nnot count).")
    static let quiet = OptionSpec.flag("--quiet", help: "Print diagnostics only, without the closing count line.")
    /// `--quiet` of a command that reads no log, so prints no diagnostics.
    static let quietLine = OptionSpec.flag("--quiet", help: "Leave out the closing line (errors are still printed).")
    static let maxDiagnostics = OptionSpec.value(
        "--max-diagnostics", valueName: "N",
        help:
            "Print at most N diagnostics on standard error (default \(DiagnosticPrinter.defaultLimit); 0 prints all),\nthen one line that counts the rest."
    )
    static let maxLineBytes = OptionSpec.value(
        "--max-line-bytes", valueName: "N",
        help:
            "Longest line read (default \(LineLimit.defaultBytes), \(LineLimit.defaultBytes >> 20) MiB); a longer line is\nskipped with a line-too-long error, without being held in memory."
    )
    static let redact = OptionSpec.flag(
        "--redact",
        help:
            "Mask typed text and replace ids and context values by 'redacted' as the\nlog is read: in every output and on standard error (see Privacy in --help)."
    )
    static let redactKey = OptionSpec.value(
        "--redact-key", valueName: "FILE",
        help:
            "Redact (as --redact) with keyed pseudonyms: the same value gets the\nsame u-/s-/c-/t- pseudonym under the key in FILE (a secret)."
    )

    /// `--title TEXT`, one option of `todo-report INPUT` and of `batch`;
    /// `whose` starts its help (`The page's`, `Each report's`).
    static func title(whose: String) -> OptionSpec {
        OptionSpec.value(
            "--title", valueName: "TEXT", help: "\(whose) title (default: the header's app, else \(ReportBuilder.defaultTitle)).")
    }
}
