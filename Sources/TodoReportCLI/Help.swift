/// The text of `--help` and of usage errors.
enum Help {
    static let version = "todo-report 0.1.0"

    static let usage = """
        Usage: todo-report INPUT [-o OUTPUT] [--summary FILE] [--strict] [--title TEXT] [--templates DIR] [--quiet]
               todo-report validate INPUT [--strict]
               todo-report simulate --events N [--seed S] [-o FILE]
               todo-report --help | --version
        """

    static let text = """
        todo-report turns a recorded Todo-app session (todo-session/1, JSON Lines) into one
        self-contained HTML page that replays it frame by frame, with a Markdown summary.

        \(usage)

        Arguments:
          INPUT               A todo-session/1 log, or - for standard input.

        Options:
          -o, --output FILE   Where to write the report (default: INPUT with .html; - for
                              standard output). Written atomically: a failed run leaves an
                              existing file as it was.
          --summary FILE      Also write the Markdown session summary (- for standard output,
                              for example to append to a CI job summary).
          --strict            Write nothing and exit 65 if the log has any error (warnings
                              do not count).
          --title TEXT        The page's title (default: the header's app, else TimeTrave).
          --templates DIR     Use report.html, report.css and report.js from DIR instead of
                              the built-in templates.
          --quiet             Print diagnostics only, without the closing count line.
          -h, --help          Show this help.
          --version           Show the version.

        Subcommands:
          validate INPUT      Print the log's diagnostics and write nothing.
          simulate            Record a simulated person's session through the app's Store:
                              --events N dispatched events, --seed S (default 1; the same
                              seed gives the same log), -o FILE (default standard output).

        Diagnostics go to standard error as FILE:LINE:COLUMN: SEVERITY: CODE: MESSAGE.
        Exit codes: 0 success, 64 usage, 65 rejected log (--strict, unsupported schema),
        66 input unreadable, 73 output unwritable.

        Examples:
          todo-report seeds/sample-session.jsonl -o report.html
          todo-report session.jsonl --strict --summary - >> "$GITHUB_STEP_SUMMARY"
          todo-report validate session.jsonl
          cat session.jsonl | todo-report - -o report.html
          todo-report simulate --events 1000000 --seed 7 -o big.jsonl
        """
}
