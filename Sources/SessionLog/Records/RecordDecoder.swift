import Foundation
import TodoDomain

/// Turns a line's top-level members into a ``LogRecord``, with every error of
/// the record, as `session-log.md` specifies for each record type.
struct RecordDecoder {
    /// The keys any record type reads; all others are ignored.
    static let wantedKeys: Set<String> = [
        "type", "schema", "sessionId", "app", "appVersion", "userId", "startedAt", "context",
        "event", "seq", "timestamp", "name", "id", "isDone", "to",
    ]

    struct Outcome {
        /// `nil` when an error drops the record.
        var record: LogRecord?
        var diagnostics: [Diagnostic] = []
        /// A header with an unsupported schema: nothing more is read.
        var stopsReading = false
    }

    let line: Int
    private var fields: [String: JSONField] = [:]
    private var outcome = Outcome()

    private init(fields: [JSONField], line: Int) {
        self.line = line
        for field in fields { self.fields[field.key] = field }
    }

    static func decode(_ fields: [JSONField], line: Int, isFirstRecord: Bool) -> Outcome {
        var decoder = RecordDecoder(fields: fields, line: line)
        decoder.outcome.record = decoder.decodeRecord(isFirstRecord: isFirstRecord)
        if decoder.outcome.diagnostics.contains(where: { $0.severity == .error }) {
            decoder.outcome.record = nil
        }
        return decoder.outcome
    }

    // MARK: Record types

    private mutating func decodeRecord(isFirstRecord: Bool) -> LogRecord? {
        guard let type = requiredString("type", expecting: "\"session\", \"event\" or \"travel\"") else {
            return nil
        }
        switch type {
        case "session": return decodeHeader(isFirstRecord: isFirstRecord)
        case "event": return decodeEvent()
        case "travel": return decodeTravel()
        default:
            report(.unknownType, "unknown record type \(quoted(type)); expected \"session\", \"event\" or \"travel\"")
            return nil
        }
    }

    private mutating func decodeHeader(isFirstRecord: Bool) -> LogRecord? {
        if !isFirstRecord {
            report(.misplacedHeader, "a session header must be the first record of the log; this one is dropped")
        }
        let schema = requiredString("schema", expecting: "\"\(SessionHeader.supportedSchema)\"")
        var header = SessionHeader()
        header.sessionId = optionalString("sessionId")
        header.app = optionalString("app")
        header.appVersion = optionalString("appVersion")
        header.userId = optionalString("userId")
        header.startedAt = optionalTimestamp("startedAt")
        if let field = fields["context"] {
            if case .object(let members) = field.value {
                header.context = members.map { SessionHeader.ContextEntry(key: $0.key, value: $0.value) }
            } else {
                wrongType(field, expected: "an object")
            }
        }
        guard let schema else { return nil }
        if isFirstRecord && schema != SessionHeader.supportedSchema {
            report(
                .unsupportedSchema,
                "schema \(quoted(schema)) is not supported; this reader reads \"\(SessionHeader.supportedSchema)\" only, so nothing else is read"
            )
            outcome.stopsReading = true
            return nil
        }
        header.schema = schema
        return .header(header)
    }

    private mutating func decodeEvent() -> LogRecord? {
        let stamp = decodeStamp()
        let names = TodoEvent.Kind.allCases.map(\.rawValue).joined(separator: ", ")
        guard let name = requiredString("event", expecting: "one of \(names)") else { return nil }
        guard let kind = TodoEvent.Kind(rawValue: name) else {
            report(.unknownEvent, "unknown event \(quoted(name)); expected one of \(names)")
            return nil
        }
        let event: LoggedEvent?
        switch kind {
        case .startCreatingItem:
            event = .startCreatingItem
        case .cancelCreatingItem:
            event = .cancelCreatingItem
        case .changePartialItemName:
            event = requiredString("name", expecting: "the text field's content").map { .changePartialItemName($0) }
        case .addItem:
            if let field = fields["id"] {
                event = uuid(field).map { .addItem(id: $0) }
            } else {
                event = .addItem(id: nil)
            }
        case .setItemDone:
            let id = required("id", expecting: "the item's UUID").flatMap { uuid($0) }
            let isDone = required("isDone", expecting: "true or false").flatMap { field -> Bool? in
                guard case .bool(let value) = field.value else {
                    wrongType(field, expected: "true or false")
                    return nil
                }
                return value
            }
            if let id, let isDone { event = .setItemDone(id: id, isDone: isDone) } else { event = nil }
        }
        guard let event, let stamp else { return nil }
        return .event(event, stamp)
    }

    private mutating func decodeTravel() -> LogRecord? {
        let stamp = decodeStamp()
        guard let field = required("to", expecting: "the frame index to travel to") else { return nil }
        guard case .integer(let to) = field.value else {
            wrongType(field, expected: "a whole number (a frame index)")
            return nil
        }
        guard let stamp else { return nil }
        return .travel(to: to, stamp)
    }

    private mutating func decodeStamp() -> RecordStamp? {
        var stamp = RecordStamp()
        var valid = true
        if let field = fields["seq"] {
            if case .integer(let seq) = field.value, seq >= 0 {
                stamp.seq = seq
            } else {
                wrongType(field, expected: "a whole number ≥ 0")
                valid = false
            }
        }
        if fields["timestamp"] != nil {
            stamp.timestamp = optionalTimestamp("timestamp")
            if stamp.timestamp == nil { valid = false }
        }
        return valid ? stamp : nil
    }

    // MARK: Fields

    private mutating func required(_ key: String, expecting: String) -> JSONField? {
        guard let field = fields[key] else {
            report(.missingField, "missing field \"\(key)\" (\(expecting))")
            return nil
        }
        return field
    }

    private mutating func requiredString(_ key: String, expecting: String) -> String? {
        guard let field = required(key, expecting: expecting) else { return nil }
        return string(field)
    }

    private mutating func optionalString(_ key: String) -> String? {
        fields[key].flatMap { string($0) }
    }

    private mutating func string(_ field: JSONField) -> String? {
        guard case .string(let text) = field.value else {
            wrongType(field, expected: "a string")
            return nil
        }
        return text
    }

    private mutating func uuid(_ field: JSONField) -> UUID? {
        guard case .string(let text) = field.value else {
            wrongType(field, expected: "a UUID string")
            return nil
        }
        guard let id = UUID(uuidString: text) else {
            report(.wrongType, column: field.column, "\"\(field.key)\" is not a UUID: \(quoted(text))")
            return nil
        }
        return id
    }

    private mutating func optionalTimestamp(_ key: String) -> Timestamp? {
        guard let field = fields[key] else { return nil }
        switch field.value {
        case .string(let text):
            if let timestamp = Timestamp(rfc3339: text) { return timestamp }
            report(
                .wrongType, column: field.column,
                "\"\(key)\" is not an RFC 3339 time (like 2026-11-29T09:00:01.250Z): \(quoted(text))")
        case .integer(let milliseconds):
            return Timestamp(millisecondsSince1970: Double(milliseconds))
        case .number(let milliseconds) where milliseconds.isFinite:
            return Timestamp(millisecondsSince1970: milliseconds)
        default:
            wrongType(field, expected: "an RFC 3339 string or milliseconds since 1970")
        }
        return nil
    }

    // MARK: Reporting

    private mutating func wrongType(_ field: JSONField, expected: String) {
        report(.wrongType, column: field.column, "\"\(field.key)\" must be \(expected), not \(field.value.typeName)")
    }

    private mutating func report(_ code: DiagnosticCode, column: Int? = nil, _ message: String) {
        outcome.diagnostics.append(Diagnostic(line: line, column: column, code: code, message: message))
    }
}

/// A log's text quoted for a message: escaped, and cut when long, so that a
/// hostile value cannot flood or garble a terminal.
func quoted(_ text: String, limit: Int = 60) -> String {
    var result = "\""
    var count = 0
    for scalar in text.unicodeScalars {
        if count == limit {
            result += "…"
            break
        }
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\t": result += "\\t"
        case "\r": result += "\\r"
        default:
            let value = scalar.value
            if value < 0x20 || value == 0x7F || (0x80...0x9F).contains(value) || (0x200E...0x200F).contains(value)
                || (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            {
                result += "\\u{\(String(value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        count += 1
    }
    return result + "\""
}
