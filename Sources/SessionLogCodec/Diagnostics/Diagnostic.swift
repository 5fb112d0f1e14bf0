/// One problem found in a session log, located by line and (where the spec
/// gives one) column.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// Errors drop the record they are on; warnings keep it.
    public enum Severity: String, Sendable {
        /// The record is dropped (the whole file, for `unsupported-schema`); `--strict` fails on any.
        case error
        /// The record is kept (but for `truncated-line` and `duplicate-seq`); `--strict` lets it pass.
        case warning
    }

    /// 1-based line number in the log.
    public var line: Int
    /// 1-based byte offset in the line (a BOM on line 1 not counted), or `nil`.
    public var column: Int?
    /// The stable code of the problem (`invalid-json`).
    public var code: DiagnosticCode
    /// What is wrong and, where it helps, what to do.
    public var message: String

    /// Whether the problem drops its record (error) or keeps it (warning), from its code.
    public var severity: Severity { code.severity }

    /// Makes a diagnostic; the severity follows from `code`.
    public init(line: Int, column: Int? = nil, code: DiagnosticCode, message: String) {
        self.line = line
        self.column = column
        self.code = code
        self.message = message
    }

    /// Compiler style, without a path: `12:17: error: invalid-json: …`.
    public var description: String { formatted(path: nil) }

    /// Compiler style: `session.jsonl:12:17: error: invalid-json: …`.
    public func formatted(path: String?) -> String {
        var location = path.map { "\($0):" } ?? ""
        location += "\(line):"
        if let column { location += "\(column):" }
        return "\(location) \(severity.rawValue): \(code.rawValue): \(message)"
    }
}
