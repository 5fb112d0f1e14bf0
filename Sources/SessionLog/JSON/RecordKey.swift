/// The top-level keys any record type reads; every other key is validated and
/// skipped.
enum RecordKey: Int, CaseIterable {
    case type, schema, sessionId, app, appVersion, userId, startedAt, context
    case event, seq, timestamp, name, id, isDone, to

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
        }
    }

    private static let utf8Names: [[UInt8]] = allCases.map { Array($0.name.utf8) }

    /// The key spelled by `bytes` (unescaped key text), if it is one.
    init?(bytes: UnsafeBufferPointer<UInt8>) {
        for key in RecordKey.allCases {
            let name = RecordKey.utf8Names[key.rawValue]
            if name.count == bytes.count && name.elementsEqual(bytes) {
                self = key
                return
            }
        }
        return nil
    }

    init?(name: String) {
        guard let key = RecordKey.allCases.first(where: { $0.name == name }) else { return nil }
        self = key
    }
}

/// The members of a record that the reader looks at, by key; the last of a
/// repeated key wins.
struct RecordFields {
    private var slots: (
        JSONField?, JSONField?, JSONField?, JSONField?, JSONField?, JSONField?, JSONField?, JSONField?,
        JSONField?, JSONField?, JSONField?, JSONField?, JSONField?, JSONField?, JSONField?
    ) = (nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil)

    subscript(key: RecordKey) -> JSONField? {
        get {
            switch key {
            case .type: slots.0
            case .schema: slots.1
            case .sessionId: slots.2
            case .app: slots.3
            case .appVersion: slots.4
            case .userId: slots.5
            case .startedAt: slots.6
            case .context: slots.7
            case .event: slots.8
            case .seq: slots.9
            case .timestamp: slots.10
            case .name: slots.11
            case .id: slots.12
            case .isDone: slots.13
            case .to: slots.14
            }
        }
        set {
            switch key {
            case .type: slots.0 = newValue
            case .schema: slots.1 = newValue
            case .sessionId: slots.2 = newValue
            case .app: slots.3 = newValue
            case .appVersion: slots.4 = newValue
            case .userId: slots.5 = newValue
            case .startedAt: slots.6 = newValue
            case .context: slots.7 = newValue
            case .event: slots.8 = newValue
            case .seq: slots.9 = newValue
            case .timestamp: slots.10 = newValue
            case .name: slots.11 = newValue
            case .id: slots.12 = newValue
            case .isDone: slots.13 = newValue
            case .to: slots.14 = newValue
            }
        }
    }
}
