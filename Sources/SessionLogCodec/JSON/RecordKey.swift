import ByteLevel

/// The top-level keys any record type reads; every other key is validated and
/// skipped.
enum RecordKey: Int, CaseIterable {
    case type, schema, sessionId, app, appVersion, userId, startedAt, context
    case event, seq, timestamp, name, id, isDone, to, digest

    var name: String {
        switch self {
        case .type: "type"
        case .schema: "schema"
        case .sessionId: "sessionId"
        case .app: "app"
        case .appVersion: "appVersion"
        case .userId: "userId"
        case .startedAt: "startedAt"
        case .context: "context"
        case .event: "event"
        case .seq: "seq"
        case .timestamp: "timestamp"
        case .name: "name"
        case .id: "id"
        case .isDone: "isDone"
        case .to: "to"
        case .digest: "digest"
        }
    }

    /// The key spelled by `bytes` (unescaped key text), if it is one: the
    /// length and first byte pick the one candidate, one comparison confirms.
    init?(bytes: ByteView) {
        guard let first = bytes.first else { return nil }
        let candidate: RecordKey?
        switch (bytes.count, first) {
        case (2, UInt8(ascii: "i")): candidate = .id
        case (2, UInt8(ascii: "t")): candidate = .to
        case (3, UInt8(ascii: "a")): candidate = .app
        case (3, UInt8(ascii: "s")): candidate = .seq
        case (4, UInt8(ascii: "t")): candidate = .type
        case (4, UInt8(ascii: "n")): candidate = .name
        case (5, UInt8(ascii: "e")): candidate = .event
        case (6, UInt8(ascii: "s")): candidate = .schema
        case (6, UInt8(ascii: "u")): candidate = .userId
        case (6, UInt8(ascii: "i")): candidate = .isDone
        case (6, UInt8(ascii: "d")): candidate = .digest
        case (7, UInt8(ascii: "c")): candidate = .context
        case (9, UInt8(ascii: "s")): candidate = bytes[1] == UInt8(ascii: "e") ? .sessionId : .startedAt
        case (9, UInt8(ascii: "t")): candidate = .timestamp
        case (10, UInt8(ascii: "a")): candidate = .appVersion
        default: candidate = nil
        }
        guard let candidate, bytes.firstSixteenBytes == Self.packedNames[candidate.rawValue] else { return nil }
        self = candidate
    }

    /// Each key's name as two words (`ByteView.firstSixteenBytes`),
    /// by raw value: a key holds no NUL and is at most 16 bytes, so two keys
    /// are equal when their words are.
    private static let packedNames: [(low: UInt64, high: UInt64)] = allCases.map { key in
        var name = key.name
        return name.withByteView { $0.firstSixteenBytes }
    }

    init?(name: String) {
        guard let key = RecordKey.allCases.first(where: { $0.name == name }) else { return nil }
        self = key
    }
}

/// The members of a record that the reader looks at, by key; the last of a
/// repeated key wins. One instance is reused line after line.
final class RecordFields {
    /// One slot a key, by raw value; a slot counts only while its bit in
    /// ``present`` is set, so clearing for the next line is one store.
    private let slots = FixedSlots(count: RecordKey.allCases.count, initial: JSONField(key: .type, value: .null, column: 0))
    @exclusivity(unchecked) private var present: UInt32 = 0

    func removeAll() {
        present = 0
    }

    @inline(__always)
    subscript(key: RecordKey) -> JSONField? {
        present & 1 << UInt32(key.rawValue) != 0 ? slots[key.rawValue] : nil
    }

    /// Keeps `field` under its key, in place of one read before.
    @inline(__always)
    func set(_ field: JSONField) {
        slots[field.key.rawValue] = field
        present |= 1 << UInt32(field.key.rawValue)
    }
}
