import Foundation
import SessionLogCodec
import Testing
import TimeTravel
import TodoDomain

/// The codec on its own: a record written as its line (`RecordEncoder`) is
/// read back by a `LogReader` as the same record with no diagnostic, and a
/// line that is not a record is reported where it goes wrong.
@Suite("Records and their lines")
struct RecordLineTests {
    /// What `reader` finds on `line` as line `number`.
    static func read(_ line: String, number: Int = 1, with reader: inout LogReader) -> [LogReading] {
        var found: [LogReading] = []
        reader.read(line: line.utf8, number: number) { found.append($0) }
        return found
    }

    /// A written line as the reader is given it: without its `\n`.
    static func withoutLineBreak(_ line: String) -> String { line.hasSuffix("\n") ? String(line.dropLast()) : line }

    static let time = Timestamp(millisecondsSince1970: 1_780_000_123_456)
    static let id = UUID(uuidString: "6A1B2C3D-0000-4000-8000-000000000001") ?? UUID()

    static let records: [LogRecord] = [
        .event(.startCreatingItem, RecordStamp()),
        .event(.cancelCreatingItem, RecordStamp(seq: 0)),
        .event(.changePartialItemName("Zoë 🥛 <b>\"quoted\"\\ \n\u{1}\u{2028}"), RecordStamp(seq: 7, timestamp: time)),
        .event(.changePartialItemName(""), RecordStamp(timestamp: time, digest: 0xDEAD_BEEF_0123_4567)),
        .event(.addItem(id: id), RecordStamp(seq: Int64.max)),
        .event(.addItem(id: nil), RecordStamp()),
        .event(.setItemDone(id: id, isDone: true), RecordStamp(seq: 3, timestamp: time, digest: 1)),
        .event(.setItemDone(id: id, isDone: false), RecordStamp()),
        .travel(to: 0, RecordStamp()),
        .travel(to: 12, RecordStamp(seq: 40, timestamp: time)),
    ]

    @Test("an event or a travel written and read back is the same record, with no diagnostic", arguments: records)
    func roundTrip(record: LogRecord) {
        var reader = LogReader()
        let header = Self.read(RecordEncoder.line(for: SessionHeader(sessionId: "s")), with: &reader)
        #expect(header.count == 1)
        let line = Self.withoutLineBreak(RecordEncoder.line(for: record))
        #expect(Self.read(line, number: 2, with: &reader) == [.record(record, line: 2)])
    }

    @Test(
        "a store's change is written as its record is, each field in the recorder's order, its time to the millisecond (a finer clock's too)",
        arguments: [
            (
                StoreChange<TodoEvent>.dispatched(
                    .setItemDone(id: UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)), isDone: true)),
                #"{"type":"event","seq":7,"timestamp":"1970-01-01T00:00:01.000Z","event":"setItemDone","id":"01020304-0506-0708-090A-0B0C0D0E0F10","isDone":true,"digest":"00000000000000ff"}"#
            ),
            (.traveled(to: 3), #"{"type":"travel","seq":7,"timestamp":"1970-01-01T00:00:01.000Z","to":3}"#),
        ])
    func storeChange(change: StoreChange<TodoEvent>, line: String) {
        let written = RecordEncoder.line(for: change, seq: 7, timestamp: Timestamp(millisecondsSince1970: 1_000.75), digest: 255)
        // A travel has no digest: the one given is not written.
        #expect(written == line + "\n")
    }

    @Test("a header with every field written and read back is the same header")
    func header() {
        let header = SessionHeader(
            sessionId: "5f0c9d2e", app: "Todo ✓", appVersion: "1.4.2 (87)", userId: "analyst <07>", startedAt: Self.time,
            context: [
                .init(key: "locale", value: "de_DE"), .init(key: "device", value: "iPhone16,1"),
                .init(key: "note \"quoted\"\n", value: "back\\slash\ttab 牛乳 \u{2028}"),
            ])
        var reader = LogReader()
        let line = Self.withoutLineBreak(RecordEncoder.line(for: header))
        #expect(line.contains(#""note \"quoted\"\n":"back\\slash\ttab 牛乳 "# + "\u{2028}\""), "\(line)")
        #expect(Self.read(line, with: &reader) == [.record(.header(header), line: 1)])
    }

    @Test(
        "a header's start is written as a record's time is: RFC 3339 to the millisecond, a finer time as its exact number",
        arguments: [
            (0.0, #""startedAt":"1970-01-01T00:00:00.000Z""#), (0.6, #""startedAt":0.6"#),
            (1_772_352_009_999.0, #""startedAt":"2026-03-01T08:00:09.999Z""#), (1_772_352_009_999.625, #""startedAt":1772352009999.625"#),
            (-1.5, #""startedAt":-1.5"#),
        ])
    func headerStart(milliseconds: Double, member: String) {
        let header = SessionHeader(startedAt: Timestamp(millisecondsSince1970: milliseconds))
        let line = Self.withoutLineBreak(RecordEncoder.line(for: header))
        #expect(line.contains(member), "\(line)")
        var reader = LogReader()
        #expect(Self.read(line, with: &reader) == [.record(.header(header), line: 1)])
    }

    @Test(
        "a line that is not a record: its code, line and column",
        arguments: [
            (#"{"type":"event",,"event":"addItem"}"#, DiagnosticCode.invalidJSON, 17 as Int?),
            (#"{"type":"event","event":"a\q"}"#, .invalidJSON, 28),
            (#"[1,2]"#, .notAnObject, nil),
            (#"{"type":"event"}"#, .missingField, nil),
            (#"{"type":"event","event":"flyAway"}"#, .unknownEvent, nil),
            (#"{"type":"travel","to":"3"}"#, .wrongType, 23),
            (#"{"type":"event","event":"startCreatingItem","event":"addItem"}"#, .duplicateKey, nil),
            // A UUID with escapes is read from its decoded text, all of it: a NUL does not end it.
            (#"{"type":"event","event":"addItem","id":"00000000-0000-4000-8000-000000000001\u0000x"}"#, .wrongType, 40),
            (
                #"{"type":"event","event":"setItemDone","isDone":true,"id":"00000000-0000-4000-8000-00000000000\u0031\u0000"}"#, .wrongType,
                58
            ),
        ])
    func notARecord(line: String, code: DiagnosticCode, column: Int?) {
        var reader = LogReader()
        _ = Self.read(RecordEncoder.line(for: SessionHeader(sessionId: "s")), with: &reader)
        let found = Self.read(line, number: 2, with: &reader)
        let diagnostics = found.compactMap { if case .diagnostic(let d) = $0 { d } else { nil } }
        #expect(diagnostics.map(\.code) == [code], "\(found)")
        #expect(diagnostics.first?.line == 2)
        #expect(diagnostics.first?.column == column, "\(diagnostics.first?.message ?? "")")
    }
}
