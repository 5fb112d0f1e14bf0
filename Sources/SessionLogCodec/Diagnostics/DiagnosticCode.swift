/// The stable codes of the `todo-session/1` diagnostics (listed in SessionLog's article *The todo-session/1 Log Format*), each with its severity.
public enum DiagnosticCode: String, CaseIterable, Sendable, Comparable {
    case invalidJSON = "invalid-json"
    case invalidUTF8 = "invalid-utf8"
    case notAnObject = "not-an-object"
    case missingField = "missing-field"
    case wrongType = "wrong-type"
    case unknownType = "unknown-type"
    case unknownEvent = "unknown-event"
    case unsupportedSchema = "unsupported-schema"
    case misplacedHeader = "misplaced-header"
    case travelOutOfRange = "travel-out-of-range"
    case truncatedLine = "truncated-line"
    case duplicateSeq = "duplicate-seq"
    case seqGap = "seq-gap"
    case seqBackwards = "seq-backwards"
    case timeBackwards = "time-backwards"
    case duplicateKey = "duplicate-key"
    case unknownItem = "unknown-item"
    case duplicateItem = "duplicate-item"
    case emptyTitle = "empty-title"
    case notCreating = "not-creating"
    case lineTooLong = "line-too-long"
    case stateMismatch = "state-mismatch"

    /// Errors drop their record; warnings keep it (but for `truncated-line`
    /// and `duplicate-seq`, whose record is dropped all the same).
    public var severity: Diagnostic.Severity {
        switch self {
        case .invalidJSON, .invalidUTF8, .notAnObject, .missingField, .wrongType, .unknownType,
            .unknownEvent, .unsupportedSchema, .misplacedHeader, .travelOutOfRange, .lineTooLong, .stateMismatch:
            .error
        case .truncatedLine, .duplicateSeq, .seqGap, .seqBackwards, .timeBackwards, .duplicateKey,
            .unknownItem, .duplicateItem, .emptyTitle, .notCreating:
            .warning
        }
    }

    /// Orders codes as the spec lists them.
    public static func < (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}
