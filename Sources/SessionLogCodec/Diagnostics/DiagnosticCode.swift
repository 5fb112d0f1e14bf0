/// The stable codes of the `todo-session/1` diagnostics (listed in SessionLog's article *The todo-session/1 Log Format*), each with its severity.
public enum DiagnosticCode: String, CaseIterable, Sendable, Comparable {
    /// The line is not valid JSON (the column of its first bad byte).
    case invalidJSON = "invalid-json"
    /// The line is not valid UTF-8.
    case invalidUTF8 = "invalid-utf8"
    /// The line is valid JSON, but not an object.
    case notAnObject = "not-an-object"
    /// A required field is absent.
    case missingField = "missing-field"
    /// A field has the wrong JSON type or an invalid value (a bad UUID or time, a negative `seq`).
    case wrongType = "wrong-type"
    /// `type` is not `session`, `event` or `travel`.
    case unknownType = "unknown-type"
    /// `event` is not one of the five event names.
    case unknownEvent = "unknown-event"
    /// The header names another schema than `todo-session/1`: the whole file is refused.
    case unsupportedSchema = "unsupported-schema"
    /// A `session` record that is not the first record.
    case misplacedHeader = "misplaced-header"
    /// A travel's `to` is not a frame that exists yet.
    case travelOutOfRange = "travel-out-of-range"
    /// The last line has no line break and is not valid JSON (a recorder that died mid-write); it is dropped.
    case truncatedLine = "truncated-line"
    /// The file's bytes end before the data they carry does (a compressed log cut short by a copy or
    /// an upload that stopped): whatever followed the cut is lost. Not a line's problem, so not one of
    /// the format's own codes: its line is the one after the log's last.
    case cutShort = "cut-short"
    /// A `seq` seen before (a delivery retried); the record is dropped.
    case duplicateSeq = "duplicate-seq"
    /// `seq` jumps forward: records are missing.
    case seqGap = "seq-gap"
    /// `seq` is smaller than the last one; the record is kept, in file order.
    case seqBackwards = "seq-backwards"
    /// A time earlier than the previous record's.
    case timeBackwards = "time-backwards"
    /// An object repeats a key.
    case duplicateKey = "duplicate-key"
    /// `setItemDone` names an id no item has (it changes nothing).
    case unknownItem = "unknown-item"
    /// `addItem` with an id an item already has (both items exist).
    case duplicateItem = "duplicate-item"
    /// `addItem` while the typed name is empty (the app's Add button is disabled then).
    case emptyTitle = "empty-title"
    /// `addItem` or `changePartialItemName` while no add sheet is open.
    case notCreating = "not-creating"
    /// The line is longer than the reader's limit; its rest is skipped without being held in memory.
    case lineTooLong = "line-too-long"
    /// An event's `digest` differs from the digest of the state the replay gives; the frame is kept and marked.
    case stateMismatch = "state-mismatch"

    /// Errors drop their record; warnings keep it (but for `truncated-line`
    /// and `duplicate-seq`, whose record is dropped all the same).
    public var severity: Diagnostic.Severity {
        switch self {
        case .invalidJSON, .invalidUTF8, .notAnObject, .missingField, .wrongType, .unknownType,
            .unknownEvent, .unsupportedSchema, .misplacedHeader, .travelOutOfRange, .lineTooLong, .stateMismatch:
            .error
        case .truncatedLine, .cutShort, .duplicateSeq, .seqGap, .seqBackwards, .timeBackwards, .duplicateKey,
            .unknownItem, .duplicateItem, .emptyTitle, .notCreating:
            .warning
        }
    }

    /// Orders codes as the spec lists them.
    public static func < (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}
