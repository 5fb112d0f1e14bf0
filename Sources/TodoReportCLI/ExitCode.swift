/// The tool's exit codes, from `sysexits.h`, as the `todo-session/1` format article names them.
public enum ExitCode: Int32, Sendable {
    case success = 0
    /// `diff`: the two logs differ (as `diff(1)` and `cmp(1)` say it).
    case different = 1
    /// Bad command-line usage.
    case usage = 64
    /// The log has errors under `--strict`, or an unsupported schema.
    case dataError = 65
    /// The input cannot be read at all.
    case noInput = 66
    /// The output cannot be written.
    case cannotCreate = 73
    /// `batch` or `index` with `--no-wait`: another run is writing the folder; try again later.
    case temporaryFailure = 75
}
