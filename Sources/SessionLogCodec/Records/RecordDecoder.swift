import ByteLevel
import TodoDomain

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Turns a line's top-level members into a ``LogRecord``, with every error of
/// the record, as the `todo-session/1` format specifies for each record type.
struct RecordDecoder {
    struct Outcome {
        /// `nil` when an error drops the record.
        var record: LogRecord?
        var diagnostics: [Diagnostic] = []
        /// A header with an unsupported schema: nothing more is read.
        var stopsReading = false
        /// The `to` of a travel dropped for another error, when it is a frame index from 0: whether
        /// that frame exists is the replay's to say (see ``LogReading/droppedTravel(to:line:)``).
        var droppedTravel: Int64?
    }

    let line: Int
    private let fields: RecordFields
    /// The line the fields' strings lie in.
    private let bytes: ByteView
    private var outcome = Outcome()
    /// Masks the log's text that messages quote (`--redact`).
    private let redaction: LogRedaction?

    private init(fields: RecordFields, bytes: ByteView, line: Int, redaction: LogRedaction?) {
        self.line = line
        self.fields = fields
        self.bytes = bytes
        self.redaction = redaction
    }

    static func decode(
        _ fields: RecordFields, in bytes: ByteView, line: Int, isFirstRecord: Bool, redaction: LogRedaction? = nil
    ) -> Outcome {
        var decoder = RecordDecoder(fields: fields, bytes: bytes, line: line, redaction: redaction)
        decoder.outcome.record = decoder.decodeRecord(isFirstRecord: isFirstRecord)
        if decoder.outcome.diagnostics.contains(where: { $0.severity == .error }) {
            decoder.outcome.record = nil
        }
        // Moved out of the decoder rather than copied (a copy retains the record's strings).
        var outcome = Outcome()
        swap(&outcome, &decoder.outcome)
        return outcome
    }

    // MARK: Record types

    private mutating func decodeRecord(isFirstRecord: Bool) -> LogRecord? {
        guard let type = requiredRaw(.type, expecting: "\"session\", \"event\" or \"travel\"") else {
            return nil
        }
        if matches(type, "event") { return decodeEvent() }
        if matches(type, "travel") { return decodeTravel() }
        if matches(type, "session") { return decodeHeader(isFirstRecord: isFirstRecord) }
        report(.unknownType, "unknown record type \(quote(decode(type))); expected \"session\", \"event\" or \"travel\"")
        return nil
    }

    private mutating func decodeHeader(isFirstRecord: Bool) -> LogRecord? {
        if !isFirstRecord {
            report(.misplacedHeader, "a session header must be the first record of the log; this one is dropped")
        }
        let schema = requiredString(.schema, expecting: "\"\(SessionHeader.supportedSchema)\"")
        var header = SessionHeader()
        header.sessionId = optionalString(.sessionId)
        header.app = optionalString(.app)
        header.appVersion = optionalString(.appVersion)
        header.userId = optionalString(.userId)
        header.startedAt = optionalTimestamp(.startedAt)
        if let field = fields[.context] {
            if case .object(let start) = field.value {
                header.context = JSONLineParser.membersAsText(ofObjectAt: start, in: bytes).map {
                    SessionHeader.ContextEntry(key: $0.key, value: $0.value)
                }
            } else {
                wrongType(field, expected: "an object")
            }
        }
        guard let schema else { return nil }
        if isFirstRecord && schema != SessionHeader.supportedSchema {
            report(
                .unsupportedSchema,
                "schema \(quote(schema)) is not supported; this reader reads \"\(SessionHeader.supportedSchema)\" only, so nothing else is read"
            )
            outcome.stopsReading = true
            return nil
        }
        header.schema = schema
        return .header(header)
    }

    private mutating func decodeEvent() -> LogRecord? {
        var stamp = decodeStamp()
        if let field = fields[.digest] {
            let digest: UInt64?
            if case .string(let raw) = field.value, !raw.hasEscapes {
                digest = StateDigest.value(parsing: bytes.subview(raw.start..<raw.end))
            } else {
                digest = nil
            }
            if let digest { stamp?.digest = digest } else { wrongDigest(field) }
        }
        guard let name = requiredRaw(.event, expecting: "one of \(Self.eventNames)") else { return nil }
        guard let kind = eventKind(name) else {
            report(.unknownEvent, "unknown event \(quote(decode(name))); expected one of \(Self.eventNames)")
            return nil
        }
        let event: LoggedEvent?
        switch kind {
        case .startCreatingItem:
            event = .startCreatingItem
        case .cancelCreatingItem:
            event = .cancelCreatingItem
        case .changePartialItemName:
            event = requiredString(.name, expecting: "the text field's content").map { .changePartialItemName($0) }
        case .addItem:
            if let field = fields[.id] {
                event = uuid(field).map { .addItem(id: $0) }
            } else {
                event = .addItem(id: nil)
            }
        case .setItemDone:
            let id = required(.id, expecting: "the item's UUID").flatMap { uuid($0) }
            let isDone = required(.isDone, expecting: "true or false").flatMap { field -> Bool? in
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
        guard let field = required(.to, expecting: "the frame index to travel to") else { return nil }
        guard case .integer(let to) = field.value else {
            notAnInteger(field, expected: "a whole number (a frame index)")
            return nil
        }
        // Out of range whatever came before it, so reported with the record's other errors;
        // a frame not made yet is the replay's to find.
        guard to >= 0 else {
            report(.travelOutOfRange, "travel to frame \(to), but frames are counted from 0; the travel is dropped")
            return nil
        }
        guard let stamp else {
            outcome.droppedTravel = to
            return nil
        }
        return .travel(to: to, stamp)
    }

    private mutating func decodeStamp() -> RecordStamp? {
        var stamp = RecordStamp()
        var valid = true
        if let field = fields[.seq] {
            if case .integer(let seq) = field.value, seq >= 0 {
                stamp.seq = seq
            } else {
                notAnInteger(field, expected: "a whole number ≥ 0")
                valid = false
            }
        }
        if fields[.timestamp] != nil {
            stamp.timestamp = optionalTimestamp(.timestamp)
            if stamp.timestamp == nil { valid = false }
        }
        return valid ? stamp : nil
    }

    // MARK: Fields

    private static let eventNames = TodoEvent.Kind.allCases.map(\.rawValue).joined(separator: ", ")

    private func decode(_ raw: RawString) -> String {
        JSONLineParser.decode(raw, in: bytes)
    }

    /// Whether a string value is exactly `text` (compared as bytes when it has no escapes).
    private func matches(_ raw: RawString, _ text: StaticString) -> Bool {
        guard !raw.hasEscapes else { return decode(raw) == text.description }
        return raw.end - raw.start == text.utf8CodeUnitCount && sameBytes(raw, text)
    }

    /// Whether the (unescaped) string at `raw` holds exactly `text`'s bytes, `text` being as long.
    private func sameBytes(_ raw: RawString, _ text: StaticString) -> Bool {
        bytes.subview(raw.start..<raw.end).bytesEqual(ByteView(text))
    }

    /// The event a name names: the five names differ in length, so the length picks one and a comparison confirms.
    private func eventKind(_ raw: RawString) -> TodoEvent.Kind? {
        guard !raw.hasEscapes else { return TodoEvent.Kind(rawValue: decode(raw)) }
        let kind: TodoEvent.Kind
        let name: StaticString
        switch raw.end - raw.start {
        case 7: (kind, name) = (.addItem, "addItem")
        case 11: (kind, name) = (.setItemDone, "setItemDone")
        case 17: (kind, name) = (.startCreatingItem, "startCreatingItem")
        case 18: (kind, name) = (.cancelCreatingItem, "cancelCreatingItem")
        case 21: (kind, name) = (.changePartialItemName, "changePartialItemName")
        default: return nil
        }
        return sameBytes(raw, name) ? kind : nil
    }

    /// `expecting` is made only when the field is missing: some are built by interpolation.
    private mutating func required(_ key: RecordKey, expecting: @autoclosure () -> String) -> JSONField? {
        guard let field = fields[key] else {
            report(.missingField, "missing field \"\(key.name)\" (\(expecting()))")
            return nil
        }
        return field
    }

    private mutating func requiredRaw(_ key: RecordKey, expecting: @autoclosure () -> String) -> RawString? {
        guard let field = required(key, expecting: expecting()) else { return nil }
        return raw(field)
    }

    private mutating func requiredString(_ key: RecordKey, expecting: @autoclosure () -> String) -> String? {
        requiredRaw(key, expecting: expecting()).map { decode($0) }
    }

    private mutating func optionalString(_ key: RecordKey) -> String? {
        fields[key].flatMap { raw($0) }.map { decode($0) }
    }

    private mutating func raw(_ field: JSONField) -> RawString? {
        guard case .string(let raw) = field.value else {
            wrongType(field, expected: "a string")
            return nil
        }
        return raw
    }

    private mutating func uuid(_ field: JSONField) -> UUID? {
        guard case .string(let raw) = field.value else {
            wrongType(field, expected: "a UUID string")
            return nil
        }
        // Escaped text is read from its decoded bytes by the same parser (Foundation's UUID(uuidString:)
        // stops at a NUL, so an id with `\u0000` and more after it passed as the id before it).
        let parsed =
            raw.hasEscapes
            ? ByteView.lend(decode(raw).utf8) { UUIDText.parse($0) }
            : UUIDText.parse(bytes.subview(raw.start..<raw.end))
        guard let id = parsed else {
            report(.wrongType, column: field.column, "\"\(field.key.name)\" is not a UUID: \(quote(decode(raw)))")
            return nil
        }
        return id
    }

    private mutating func optionalTimestamp(_ key: RecordKey) -> Timestamp? {
        guard let field = fields[key] else { return nil }
        guard let time = timestamp(field) else { return nil }
        guard time.isWritable else {
            let shown = if case .string(let raw) = field.value { quote(decode(raw)) } else { "a number of milliseconds" }
            report(
                .wrongType, column: field.column,
                "\"\(key.name)\" is a time outside the years 0000 to 9999 in UTC, which RFC 3339 cannot write: \(shown)")
            return nil
        }
        return time
    }

    private mutating func timestamp(_ field: JSONField) -> Timestamp? {
        let key = field.key
        switch field.value {
        case .string(let raw):
            let parsed =
                raw.hasEscapes
                ? Timestamp(rfc3339: decode(raw))
                : Timestamp(rfc3339Bytes: bytes.subview(raw.start..<raw.end))
            if let parsed { return parsed }
            report(
                .wrongType, column: field.column,
                "\"\(key.name)\" is not an RFC 3339 time (like 2026-11-29T09:00:01.250Z): \(quote(decode(raw)))")
        case .integer(let milliseconds):
            return Timestamp(wholeMilliseconds: milliseconds)
        case .number(let start, let end):
            if let time = Timestamp(decimalMilliseconds: bytes.subview(start..<end)) { return time }
            // Far past the years RFC 3339 writes (1e400): a number of milliseconds no 64 bits hold.
            report(
                .wrongType, column: field.column,
                "\"\(key.name)\" is a time outside the years 0000 to 9999 in UTC, which RFC 3339 cannot write: a number of milliseconds")
        default:
            wrongType(field, expected: "an RFC 3339 string or milliseconds since 1970")
        }
        return nil
    }

    // MARK: Reporting

    /// The log's `text` quoted for a message, masked under redaction.
    private func quote(_ text: String) -> String {
        quoted(redaction?.quotable(text) ?? text)
    }

    private mutating func wrongDigest(_ field: JSONField) {
        let shown = if case .string(let raw) = field.value { quote(decode(raw)) } else { field.value.typeName }
        report(.wrongType, column: field.column, "\"digest\" must be 16 lower-case hexadecimal digits, not \(shown)")
    }

    private mutating func wrongType(_ field: JSONField, expected: String) {
        report(.wrongType, column: field.column, "\"\(field.key.name)\" must be \(expected), not \(field.value.typeName)")
    }

    /// A field that must be one of the format's integers (a JSON number with
    /// no fraction or exponent that fits in 64 bits) and is not: a number is shown as written, with what keeps it from being one.
    private mutating func notAnInteger(_ field: JSONField, expected: String) {
        report(.wrongType, column: field.column, "\"\(field.key.name)\" must be \(expected), not \(shownAsInteger(field))")
    }

    private func shownAsInteger(_ field: JSONField) -> String {
        switch field.value {
        case .integer(let value) where value < 0:
            return "\(value) (a negative number)"
        case .number:
            // The parser's own scan, again over the number it validated: where it ends, and whether it is an integer.
            var parser = JSONLineParser(bytes: bytes)
            parser.index = field.column - 1
            guard let (start, isInteger) = try? parser.scanNumber() else { return field.value.typeName }
            let end = parser.index
            let written = bytes.subview(start..<min(end, start + 32)).text + (end > start + 32 ? "…" : "")
            // Signed, as the format's integers are: 2^63 fits in 64 bits unsigned, and is still too large.
            let beyond =
                written.hasPrefix("-")
                ? "below -9223372036854775808, the smallest signed 64-bit integer"
                : "above 9223372036854775807, the largest signed 64-bit integer"
            return "\(written) (\(isInteger ? beyond : "a fraction or an exponent"))"
        default:
            return field.value.typeName
        }
    }

    private mutating func report(_ code: DiagnosticCode, column: Int? = nil, _ message: String) {
        outcome.diagnostics.append(Diagnostic(line: line, column: column, code: code, message: message))
    }
}
