public import TimeTravel
public import TodoDomain

/// Writes records as `todo-session/1` lines: one JSON object, keys in a fixed
/// order, no line break inside, `\n` at the end. Deterministic, so equal
/// sessions give equal logs.
public enum RecordEncoder {
    /// The header line.
    public static func line(for header: SessionHeader) -> String {
        var object = JSONObjectWriter()
        object.add(.type, string: "session")
        object.add(.schema, string: header.schema)
        if let value = header.sessionId { object.add(.sessionId, string: value) }
        if let value = header.app { object.add(.app, string: value) }
        if let value = header.appVersion { object.add(.appVersion, string: value) }
        if let value = header.userId { object.add(.userId, string: value) }
        if let value = header.startedAt { object.add(.startedAt, time: value) }
        if !header.context.isEmpty {
            var context = JSONObjectWriter()
            for entry in header.context { context.add(entry.key, string: entry.value) }
            object.add(.context, raw: context.finished)
        }
        return object.finished + "\n"
    }

    /// The line for a store change: an `event` or a `travel` record, as
    /// ``line(for:)-(LogRecord)`` writes one, its time to the millisecond;
    /// an event gets `digest` (see ``StateDigest/value(of:hasLoggedID:)``) when one is given.
    public static func line(for change: StoreChange<TodoEvent>, seq: Int64, timestamp: Timestamp, digest: UInt64? = nil) -> String {
        // Whole milliseconds, as the recorder writes times (RFC 3339 with milliseconds).
        let stamp = RecordStamp(
            seq: seq, timestamp: Timestamp(wholeMilliseconds: timestamp.wholeMilliseconds), digest: digest)
        switch change {
        case .dispatched(let event): return line(for: .event(LoggedEvent(event), stamp))
        case .traveled(let to): return line(for: .travel(to: Int64(to), stamp))
        }
    }
}

/// Builds one JSON object's text member by member.
struct JSONObjectWriter {
    private var text = "{"

    mutating func add(_ key: RecordKey, string value: String) {
        add(key.name, string: value)
    }

    mutating func add(_ key: RecordKey, raw value: String) {
        add(key.name, raw: value)
    }

    /// A time as the package writes every time of a log: RFC 3339 with
    /// milliseconds (the recorder's form) when it is a whole millisecond, and
    /// as the number of milliseconds it is otherwise, so that a log written
    /// again (redacted, a fixture) keeps every time, and every number made
    /// from them, exactly.
    mutating func add(_ key: RecordKey, time: Timestamp) {
        if time.nanoseconds != 0 {
            add(key, raw: time.decimalMilliseconds)
        } else {
            add(key, string: time.rfc3339)
        }
    }

    mutating func add(_ key: String, string value: String) {
        add(key, raw: JSONString.literal(value))
    }

    mutating func add(_ key: String, raw value: String) {
        if text.utf8.count > 1 { text += "," }
        text += JSONString.literal(key)
        text += ":"
        text += value
    }

    var finished: String { text + "}" }
}
