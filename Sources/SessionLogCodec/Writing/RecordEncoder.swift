import ByteLevel
public import TimeTravel
public import TodoDomain

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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
            for entry in header.context { context.add(named: entry.key, string: entry.value) }
            object.add(.context, raw: context.finished)
        }
        return object.line
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

/// Builds one JSON object's bytes member by member, with no string made on
/// the way: the recorder writes a line for every event an app dispatches.
struct JSONObjectWriter {
    private(set) var bytes: [UInt8] = [UInt8(ascii: "{")]

    mutating func add(_ key: RecordKey, string value: String) {
        addKey(key)
        JSONStringWriter.write(value, scriptSafe: false) { bytes.append(contentsOf: $0) }
    }

    /// `value` as it is: JSON the caller made (a number, `true`, an object).
    mutating func add(_ key: RecordKey, raw value: StaticString) {
        addKey(key)
        value.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func add(_ key: RecordKey, raw value: [UInt8]) {
        addKey(key)
        bytes.append(contentsOf: value)
    }

    mutating func add(_ key: RecordKey, integer value: Int64) {
        addKey(key)
        bytes.appendDecimal(value)
    }

    /// An id as `UUID.uuidString` spells it: upper case.
    mutating func add(_ key: RecordKey, id: UUID) {
        addKey(key)
        bytes.append(UInt8(ascii: "\""))
        UUIDText.append(id.uuid, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// A time as the package writes every time of a log: RFC 3339 with
    /// milliseconds (the recorder's form) when it is a whole millisecond, and
    /// as the number of milliseconds it is otherwise, so that a log written
    /// again (redacted, a fixture) keeps every time, and every number made
    /// from them, exactly.
    mutating func add(_ key: RecordKey, time: Timestamp) {
        addKey(key)
        if time.nanoseconds != 0 {
            bytes.append(contentsOf: time.decimalMilliseconds.utf8)
        } else {
            bytes.append(UInt8(ascii: "\""))
            time.appendRFC3339(to: &bytes)
            bytes.append(UInt8(ascii: "\""))
        }
    }

    /// A member named by a header's context: any text, escaped.
    mutating func add(named key: String, string value: String) {
        addSeparator()
        JSONStringWriter.write(key, scriptSafe: false) { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: ":"))
        JSONStringWriter.write(value, scriptSafe: false) { bytes.append(contentsOf: $0) }
    }

    /// The object, closed.
    var finished: [UInt8] { bytes + [UInt8(ascii: "}")] }

    /// The object, closed, as a log's line with its `\n`.
    var line: String {
        var line = bytes
        line.append(UInt8(ascii: "}"))
        line.append(UInt8(ascii: "\n"))
        return String(decoding: line, as: UTF8.self)
    }

    /// A key the format names: plain ASCII, quoted with nothing to escape.
    private mutating func addKey(_ key: RecordKey) {
        addSeparator()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: key.name.utf8)
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
    }

    private mutating func addSeparator() {
        if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
    }
}
