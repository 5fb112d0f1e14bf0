public import TimeTravel
public import TodoDomain

/// Writes records as `todo-session/1` lines: one JSON object, keys in a fixed
/// order, no line break inside, `\n` at the end. Deterministic, so equal
/// sessions give equal logs.
public enum RecordEncoder {
    /// The header line.
    public static func line(for header: SessionHeader) -> String {
        var object = JSONObjectWriter()
        object.add("type", string: "session")
        object.add("schema", string: header.schema)
        if let value = header.sessionId { object.add("sessionId", string: value) }
        if let value = header.app { object.add("app", string: value) }
        if let value = header.appVersion { object.add("appVersion", string: value) }
        if let value = header.userId { object.add("userId", string: value) }
        if let value = header.startedAt { object.add("startedAt", string: value.rfc3339) }
        if !header.context.isEmpty {
            var context = JSONObjectWriter()
            for entry in header.context { context.add(entry.key, string: entry.value) }
            object.add("context", raw: context.finished)
        }
        return object.finished + "\n"
    }

    /// The line for a store change: an `event` or a `travel` record; an
    /// event gets `digest` (see ``StateDigest/value(of:hasLoggedID:)``) when one is given.
    public static func line(for change: StoreChange<TodoEvent>, seq: Int64, timestamp: Timestamp, digest: UInt64? = nil) -> String {
        var object = JSONObjectWriter()
        switch change {
        case .dispatched(let event):
            object.add("type", string: "event")
            object.add("seq", raw: String(seq))
            object.add("timestamp", string: timestamp.rfc3339)
            object.add("event", string: event.kind.rawValue)
            switch event {
            case .startCreatingItem, .cancelCreatingItem:
                break
            case .changePartialItemName(let name):
                object.add("name", string: name)
            case .addItem(let id):
                object.add("id", string: id.uuidString)
            case .setItemDone(let id, let isDone):
                object.add("id", string: id.uuidString)
                object.add("isDone", raw: isDone ? "true" : "false")
            }
            if let digest { object.add("digest", string: StateDigest.text(of: digest)) }
        case .traveled(let to):
            object.add("type", string: "travel")
            object.add("seq", raw: String(seq))
            object.add("timestamp", string: timestamp.rfc3339)
            object.add("to", raw: String(to))
        }
        return object.finished + "\n"
    }
}

/// Builds one JSON object's text member by member.
struct JSONObjectWriter {
    private var text = "{"

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
