/// The text of `--help`, `help COMMAND` and usage errors, made from each
/// command's own options so that help and parsing cannot disagree.
enum Help {
    static let version = "todo-report 0.1.1"

    static var usage: String {
        let lines = Subcommands.all.map { $0.usage } + ["todo-report help [COMMAND] | --help | --version"]
        return "Usage: " + lines.joined(separator: "\n       ")
    }

    /// `todo-report --help`: the report command in full, the others listed.
    static var overview: String {
        """
        todo-report turns a recorded Todo-app session (todo-session/1, JSON Lines) into one
        self-contained HTML page that replays it frame by frame, with a Markdown summary.

        \(usage)

        Arguments:
        \(column("  INPUT", "A todo-session/1 log, or - for standard input."))

        Options:
        \(optionList(RenderCommand.options + [.help, .version]))

        Commands:
        \(Subcommands.all.filter { !$0.name.isEmpty }.map { column("  " + $0.name, $0.abstract) }.joined(separator: "\n"))
        \(column("  help COMMAND", "Show the options of COMMAND (also: COMMAND --help)."))

        Outputs:
          A regular file, or a path where nothing is yet, is written to a temporary file in
          its folder and renamed into place only when every output is complete: a failed run
          leaves existing files as they were. A symbolic link is followed and the file it
          names replaced (the link stays); a FIFO, a device or /dev/stdout is written in place.

        Privacy (--redact, --redact-key FILE, and the redact command):
          Applied as each line is read, so no output, temporary file or standard error holds
          unredacted text. Masked (a letter x or X, a digit 9, whitespace and punctuation kept,
          any other character *, one per character): partial names, titles, cancelled names,
          the header's app and appVersion (kept where they look like an app's name or version:
          up to 64 ASCII letters, digits, spaces and . _ - ( ) +), log text quoted in
          diagnostics, and batch file names.
          Pseudonymised: userId (u-), sessionId (s-), context values (c-): HMAC-SHA256 under the
          key in FILE (16 bytes at least: openssl rand -hex 32 > FILE), the same across
          sessions and runs, or 'redacted' without a key; titles also get one (t-) in the
          summary. Kept: context keys, times, seq, item ids and the log's numbers (a
          number as a context value is pseudonymised as its text). The page has
          a 'redacted' badge; the summary names the key's fingerprint.

        Diagnostics go to standard error as FILE:LINE:COLUMN: SEVERITY: CODE: MESSAGE.
        Exit codes: 0 success, 1 diff found a difference, 64 usage, 65 rejected log
        (--strict, unsupported schema), 66 input unreadable, 73 output unwritable,
        75 batch folder busy (batch and index with --no-wait).

        Examples:
          todo-report seeds/sample-session.jsonl -o report.html
          todo-report session.jsonl --strict --summary - >> "$GITHUB_STEP_SUMMARY"
          todo-report validate session.jsonl
          todo-report diff baseline.jsonl run.jsonl --summary - -o diff.html
          cat session.jsonl | todo-report - -o report.html
          todo-report simulate --events 1000000 --seed 7 -o big.jsonl
          todo-report batch logs/ -o out/ --jobs 4
          todo-report session.jsonl --redact-key team.key -o shareable.html
        """
    }

    /// `todo-report help COMMAND`.
    static func text(for command: any Subcommand.Type) -> String {
        guard !command.name.isEmpty else { return overview }
        var text = "\(command.abstract)\n\nUsage: \(command.usage)\n\nOptions:\n\(optionList(command.options + [.help]))"
        if !command.discussion.isEmpty { text += "\n\n" + command.discussion }
        return text
    }

    private static func optionList(_ options: [OptionSpec]) -> String {
        options.map { column("  " + $0.synopsis, $0.help) }.joined(separator: "\n")
    }

    /// Left column 24 wide, the help's lines aligned after it.
    private static func column(_ left: String, _ help: String) -> String {
        let pad = String(repeating: " ", count: 24)
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        let first =
            left.count < 24
            ? left + String(repeating: " ", count: 24 - left.count) + (lines.first ?? "") : left + "\n" + pad + (lines.first ?? "")
        return ([first] + lines.dropFirst().map { pad + $0 }).joined(separator: "\n")
    }
}
