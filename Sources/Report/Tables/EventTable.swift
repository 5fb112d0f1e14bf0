public import ByteLevel
import SessionLog
import SessionLogCodec
import TodoDomain

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension SessionMetrics {
    /// The event table's columns, in order.
    public static let eventTableColumns = [
        "session", "session_id", "app_version", "line", "seq", "time", "t_ms", "type", "event", "frame", "parent", "on_journey",
        "sheet", "sheet_end", "item", "item_id", "is_done", "name_length", "changed", "items_after", "creating_after",
    ]

    /// Writes the event table (CSV, RFC 4180, UTF-8, CRLF, a header row):
    /// one row per kept record in file order, the chain of the person's
    /// actions with the journey's sheets marked, and no typed text. Needs
    /// ``init(recordingEventTable:)`` and ``finish(with:)``; the bytes come
    /// in blocks of about 64 KiB.
    /// - Parameters:
    ///   - session: The `session` column: the session's NAME.
    ///   - write: Called with each block of bytes, in order; what it throws
    ///     stops the writing and is rethrown.
    public func writeEventTable<Failure: Error>(
        session: String, _ write: (ByteView) throws(Failure) -> Void
    ) throws(Failure) {
        let fromLog = [session, header?.sessionId ?? "", header?.appVersion ?? ""].map { CSVField.quoted(CSVField.inert($0)) }
        let prefix = fromLog.joined(separator: ",") + ","
        var out = TableBytes(rowsStartingWith: prefix)
        out.append(Self.eventTableColumns.joined(separator: ","))
        out.endRow()
        guard let rows = eventRows else {
            try out.flush(write)
            return
        }
        var sheets = SheetTracker()
        var range = journey.count - 1
        var current = range >= 0 ? journey[range] : JourneyRange(first: 0, last: 0)
        let kinds = TodoEvent.Kind.allCases
        for index in 0..<rows.count {
            let row = rows[index]
            out.append(prefix)
            out.append(row.line)
            out.comma()
            if row.flags.contains(.hasSeq) { out.append(row.seq) }
            out.comma()
            if let time = row.timestamp, let offset = offset(time) {
                out.appendTimestamp(time)
                out.comma()
                out.append(offset)
            } else {
                out.comma()
            }
            out.comma()
            guard row.kind != EventTableRow.travelKind else {
                // type, event, frame, parent (the travel's to), and nothing a frame would have.
                out.append(literal: "travel,,,")
                out.append(row.parent)
                out.append(literal: ",,,,,,,,,,")
                out.endRow()
                if out.count >= TableBytes.blockSize { try out.flush(write) }
                continue
            }
            let kind = kinds[Int(row.kind)]
            out.append(literal: "event,")
            out.append(kind.rawValue)
            out.comma()
            out.append(row.frame)
            out.comma()
            out.append(row.parent)
            out.comma()
            while row.frame > current.last && range > 0 {
                range -= 1
                current = journey[range]
            }
            let onJourney = row.frame >= current.first && row.frame <= current.last
            out.append(literal: onJourney ? "true," : "false,")
            if onJourney, let sheet = sheets.apply(kind).sheet {
                out.append(Int64(sheet))
                out.comma()
                out.append(sheetEnds[sheet - 1].name)
            } else {
                out.comma()
            }
            out.comma()
            if row.item >= 0 { out.append(row.item) }
            out.comma()
            if row.flags.contains(.hasID) { out.appendUUID(row.id) }
            out.comma()
            if row.flags.contains(.hasDone) { out.append(literal: row.flags.contains(.isDone) ? "true" : "false") }
            out.comma()
            if kind == .changePartialItemName { out.append(Int64(row.nameLength)) }
            out.comma()
            out.append(literal: row.flags.contains(.changed) ? "true," : "false,")
            out.append(row.itemsAfter)
            out.append(literal: row.flags.contains(.creatingAfter) ? ",true" : ",false")
            out.endRow()
            if out.count >= TableBytes.blockSize { try out.flush(write) }
        }
        try out.flush(write)
    }
}

/// A table's bytes as they are written, a block at a time: rows go straight
/// into a buffer that holds a block and one more row, handed on after the row
/// that fills the block.
private struct TableBytes {
    private let buffer: FixedByteBuffer

    /// The size of a block.
    static let blockSize = 1 << 16
    /// The most bytes a row holds past its text from the log (the prefix):
    /// eight numbers, a time, an id and the names of an event and a sheet's end.
    static let rowRoom = 1 << 10

    /// A buffer for rows that start with `prefix`.
    init(rowsStartingWith prefix: String) {
        buffer = FixedByteBuffer(capacity: Self.blockSize + prefix.utf8.count + Self.rowRoom)
    }

    var count: Int { buffer.count }

    mutating func append(_ text: String) { text.withByteView { buffer.append($0) } }

    mutating func append(literal: StaticString) { buffer.append(ByteView(literal)) }

    mutating func comma() { buffer.append(UInt8(ascii: ",")) }

    mutating func endRow() {
        buffer.append(0x0D)
        buffer.append(0x0A)
    }

    /// A whole number in decimal, written in place.
    mutating func append(_ value: Int64) {
        buffer.append(decimal: value)
    }

    /// A time as RFC 3339 text, written in place.
    mutating func appendTimestamp(_ time: Timestamp) {
        buffer.append(count: Timestamp.rfc3339Count) { time.writeRFC3339(to: $0) }
    }

    /// An id as upper-case UUID text.
    mutating func appendUUID(_ id: uuid_t) {
        buffer.append(uuid: id)
    }

    /// Hands on what it holds: after the row that fills a block, and at the end.
    mutating func flush<Failure: Error>(_ write: (ByteView) throws(Failure) -> Void) throws(Failure) {
        guard buffer.count > 0 else { return }
        try buffer.drain(write)
    }
}
