extension RecordEncoder {
    /// The line for a record as read (`todo-report redact` writes a log
    /// again from its records, `make-test` its fixtures): the same fields,
    /// in the recorder's order, with only what the record holds (an
    /// `addItem` without `id`, an event without `seq` or `digest` stay so).
    /// Fields the reader ignores are not written. (A redacted read keeps no
    /// `digest`, so a redacted log has none.)
    public static func line(for record: LogRecord) -> String {
        switch record {
        case .header(let header):
            return line(for: header)
        case .event(let event, let stamp):
            var object = JSONObjectWriter()
            object.add(.type, string: "event")
            add(stamp, to: &object)
            object.add(.event, string: event.kind.rawValue)
            switch event {
            case .startCreatingItem, .cancelCreatingItem:
                break
            case .changePartialItemName(let name):
                object.add(.name, string: name)
            case .addItem(let id):
                if let id { object.add(.id, id: id) }
            case .setItemDone(let id, let isDone):
                object.add(.id, id: id)
                object.add(.isDone, raw: isDone ? "true" : "false")
            }
            if let digest = stamp.digest { object.add(.digest, string: StateDigest.text(of: digest)) }
            return object.line
        case .travel(let to, let stamp):
            var object = JSONObjectWriter()
            object.add(.type, string: "travel")
            add(stamp, to: &object)
            object.add(.to, integer: to)
            return object.line
        }
    }

    private static func add(_ stamp: RecordStamp, to object: inout JSONObjectWriter) {
        if let seq = stamp.seq { object.add(.seq, integer: seq) }
        if let timestamp = stamp.timestamp { object.add(.timestamp, time: timestamp) }
    }
}
