import Foundation
import SessionLog
import Testing
import TodoDomain

/// The "precise rules" of `session-log.md`, one behaviour per test.
@Suite("Reader: precise rules")
struct PreciseRulesTests {
    static let header = #"{"type":"session","schema":"todo-session/1","sessionId":"s1"}"#
    static let start = #"{"type":"event","event":"startCreatingItem"}"#

    @Test("a BOM is skipped and not counted in columns; CRLF and blank lines are fine")
    func bomAndLineEnds() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{\"type\" \"session\"}\r\n  \t\r\n\(Self.start)\r\n".utf8)
        let result = try replay(bytes: bytes)
        #expect(result.found == [Found(1, 9, .invalidJSON)])
        #expect(result.outcome?.frameCount == 2)
        #expect(result.outcome?.tally.blank == 1)
    }

    @Test("an invalid line that is both bad UTF-8 and bad JSON is invalid-utf8")
    func utf8BeforeJSON() throws {
        let result = try replay(bytes: Array("{\"a\" ".utf8) + [0xFF] + [0x0A])
        #expect(result.found == [Found(1, 6, .invalidUTF8)])
    }

    @Test("invalid-json has no column when the line just ends too early")
    func endsTooEarly() throws {
        let result = try replay([#"{"type":"event""#, Self.start].lines)
        #expect(result.found == [Found(1, nil, .invalidJSON)])
    }

    @Test(
        "wrong-type for values that are not what a field needs",
        arguments: [
            (#"{"type":"event","event":"changePartialItemName","name":null}"#, 56),
            (#"{"type":"event","event":"startCreatingItem","seq":1e2}"#, 51),
            (#"{"type":"event","event":"startCreatingItem","seq":-1}"#, 51),
            (#"{"type":"event","event":"startCreatingItem","seq":99999999999999999999}"#, 51),
            (#"{"type":"event","event":"startCreatingItem","timestamp":"2026-02-30T09:00:00Z"}"#, 57),
            (#"{"type":"event","event":"startCreatingItem","timestamp":"2026-11-29 09:00:00Z"}"#, 57),
            (#"{"type":"event","event":"startCreatingItem","timestamp":true}"#, 57),
            (#"{"type":"event","event":"addItem","id":"not-a-uuid"}"#, 40),
            (#"{"type":"event","event":"setItemDone","id":"00000000-0000-4000-8000-000000000001","isDone":"yes"}"#, 92),
            (#"{"type":"travel","to":1.5}"#, 23),
            (#"{"type":7}"#, 9),
        ])
    func wrongType(line: String, column: Int) throws {
        let result = try replay([Self.header, line].lines)
        #expect(result.found == [Found(2, column, .wrongType)])
        #expect(result.outcome?.frameCount == 1)
    }

    @Test("every error of a record is reported, and the record is dropped")
    func severalErrors() throws {
        let result = try replay([Self.header, #"{"type":"event","seq":"1","timestamp":false}"#].lines)
        #expect(result.found == [Found(2, 23, .wrongType), Found(2, 39, .wrongType), Found(2, nil, .missingField)])
        #expect(result.outcome?.tally.dropped == 1)
    }

    @Test(
        "timestamps: RFC 3339 forms that are valid",
        arguments: [
            "2026-11-29T09:00:01Z", "2026-11-29t09:00:01z", "2026-11-29T09:00:01.123456789Z",
            "2026-11-29T17:00:01+08:00", "2016-12-31T23:59:60Z", "2024-02-29T00:00:00-00:30",
        ])
    func validTimestamps(_ text: String) throws {
        let line = #"{"type":"event","event":"startCreatingItem","timestamp":"\#(text)"}"#
        let result = try replay([line].lines)
        #expect(result.found.isEmpty)
        #expect(result.frames.first?.stamp.timestamp != nil)
    }

    @Test("timestamps: offsets and numbers name the same instant")
    func timestampInstants() {
        #expect(Timestamp(rfc3339: "2026-11-29T17:00:01+08:00") == Timestamp(rfc3339: "2026-11-29T09:00:01Z"))
        #expect(Timestamp(rfc3339: "1970-01-01T00:00:01.5Z")?.millisecondsSince1970 == 1500)
        #expect(Timestamp(rfc3339: "2023-02-29T00:00:00Z") == nil)
        #expect(Timestamp(millisecondsSince1970: 1_795_942_801_250).rfc3339 == "2026-11-29T09:00:01.250Z")
        #expect(Timestamp(millisecondsSince1970: -1).rfc3339 == "1969-12-31T23:59:59.999Z")
    }

    /// Every field at its fixed width, the first and last writable years, and a time past either
    /// end written as the nearest that is writable. The texts were worked out with Python's `datetime`.
    @Test(
        "timestamps: written as RFC 3339 with milliseconds",
        arguments: [
            (Int64(0), "1970-01-01T00:00:00.000Z"), (1_795_942_801_250, "2026-11-29T09:00:01.250Z"),
            (951_782_400_007, "2000-02-29T00:00:00.007Z"), (-62_167_219_200_000, "0000-01-01T00:00:00.000Z"),
            (253_402_300_799_999, "9999-12-31T23:59:59.999Z"), (-61_851_600_000_001, "0009-12-31T23:59:59.999Z"),
            (.min, "0000-01-01T00:00:00.000Z"), (.max, "9999-12-31T23:59:59.999Z"), (-86_400_001, "1969-12-30T23:59:59.999Z"),
        ])
    func timestampTexts(milliseconds: Int64, text: String) {
        let time = Timestamp(wholeMilliseconds: milliseconds)
        #expect(time.rfc3339 == text)
        #expect(time.rfc3339.utf8.count == 24)
    }

    /// Instants worked out with Python's `datetime` and `calendar.timegm`: whole milliseconds, and nanoseconds past them.
    static let validTimes: [(String, Int64, Int32)] = [
        ("2026-11-29T09:00:01Z", 1_795_942_801_000, 0),
        ("2026-11-29t09:00:01z", 1_795_942_801_000, 0),
        ("2026-11-29T17:00:01+08:00", 1_795_942_801_000, 0),
        ("2026-11-29T03:30:01-05:30", 1_795_942_801_000, 0),
        ("1970-01-01T00:00:01.5Z", 1_500, 0),
        ("2026-11-29T09:00:02.756000+00:00", 1_795_942_802_756, 0),
        ("2026-11-29T09:00:01.123456789Z", 1_795_942_801_123, 456_789),
        // Digits past the nanosecond are cut.
        ("2026-11-29T09:00:01.1234567899Z", 1_795_942_801_123, 456_789),
        ("2026-11-29T09:00:01.0004999Z", 1_795_942_801_000, 499_900),
        ("2000-02-29T12:00:00Z", 951_825_600_000, 0),
        ("1969-12-31T23:59:59.999Z", -1, 0),
        ("1969-12-31T23:59:59.9995Z", -1, 500_000),
        ("0001-01-01T00:00:00Z", -62_135_596_800_000, 0),
        ("9999-12-31T23:59:59Z", 253_402_300_799_000, 0),
        // A leap second, whatever its fraction: the last nanosecond of its minute.
        ("2016-12-31T23:59:60Z", 1_483_228_799_999, 999_999),
        ("2016-12-31T23:59:60.999999Z", 1_483_228_799_999, 999_999),
        ("2016-12-31T23:59:60.5+01:00", 1_483_225_199_999, 999_999),
        ("2026-06-30T23:59:59.1+23:59", 1_782_777_659_100, 0),
    ]

    @Test("RFC 3339 times read as the instant they name, to the nanosecond", arguments: validTimes)
    func validTime(_ text: String, _ milliseconds: Int64, _ nanoseconds: Int32) throws {
        let time = try #require(Timestamp(rfc3339: text))
        #expect(time == Timestamp(wholeMilliseconds: milliseconds, nanoseconds: nanoseconds))
        #expect(time.wholeMilliseconds == milliseconds && time.nanoseconds == nanoseconds)
    }

    /// Numbers of milliseconds as a log writes them, and the instants they name: exact to the
    /// nanosecond, where a double is a quarter of a microsecond apart at today's times.
    static let numberTimes: [(String, Int64, Int32)] = [
        ("1795942801250", 1_795_942_801_250, 0),
        ("1795942801250.4999", 1_795_942_801_250, 499_900),
        ("1795942801250.5", 1_795_942_801_250, 500_000),
        ("1795942800000.0001", 1_795_942_800_000, 100),
        ("1.7959428012504999e12", 1_795_942_801_250, 499_900),
        ("17959428012504999E-4", 1_795_942_801_250, 499_900),
        ("1795942801250.0000009", 1_795_942_801_250, 0),
        ("0.5", 0, 500_000),
        ("-0", 0, 0),
        ("-0.25", -1, 750_000),
        ("-1.0000001", -2, 999_999),
        ("-1e-9", -1, 999_999),
        ("1e-400", 0, 0),
        ("0e400", 0, 0),
        ("253402300799999.999999", 253_402_300_799_999, 999_999),
    ]

    @Test(
        "a number of milliseconds reads as the instant it names, to the nanosecond, finer digits cut toward the past",
        arguments: numberTimes)
    func numberTime(_ number: String, _ milliseconds: Int64, _ nanoseconds: Int32) throws {
        let line = #"{"type":"event","event":"startCreatingItem","timestamp":\#(number)}"#
        let result = try replay([line].lines)
        #expect(result.found.isEmpty)
        #expect(result.frames.first?.stamp.timestamp == Timestamp(wholeMilliseconds: milliseconds, nanoseconds: nanoseconds))
    }

    @Test(
        "a number of milliseconds past the years RFC 3339 writes, or past 64 bits, is wrong-type",
        arguments: ["1e400", "-1e19", "253402300800000.5", "-62167219200000.5"])
    func numberTimeOutOfRange(_ number: String) throws {
        let line = #"{"type":"event","event":"startCreatingItem","timestamp":\#(number)}"#
        let result = try replay([line].lines)
        #expect(result.found == [Found(1, 57, .wrongType)])
    }

    @Test(
        "the milliseconds between two times are rounded half away from zero, exactly",
        arguments: [
            ("2026-11-29T09:00:01.0004999Z", "2026-11-29T09:00:00Z", 1_000), ("2026-11-29T09:00:01.0005Z", "2026-11-29T09:00:00Z", 1_001),
            ("2026-11-29T09:00:01.000499999Z", "2026-11-29T09:00:00.000000001Z", 1_000),
            ("2026-11-29T09:00:00.5Z", "2026-11-29T09:00:00.0000001Z", 500), ("2026-11-29T09:00:00Z", "2026-11-29T09:00:00.0005Z", -1),
            ("2026-11-29T09:00:00Z", "2026-11-29T09:00:00.0004999Z", 0), ("2026-11-29T09:00:00Z", "2026-11-29T09:00:01.5005Z", -1_501),
            ("2026-11-29T09:00:00.25Z", "2026-11-29T09:00:01.75Z", -1_500),
            ("0000-01-01T00:00:00Z", "9999-12-31T23:59:59.9995Z", -315_569_520_000_000),
        ])
    func millisecondsBetween(_ time: String, _ start: String, _ milliseconds: Int64) throws {
        let (a, b) = (try #require(Timestamp(rfc3339: time)), try #require(Timestamp(rfc3339: start)))
        #expect(a.milliseconds(since: b) == milliseconds)
    }

    /// A finer fraction is cut to the millisecond, never rounded into the next one, even where a
    /// double has no room for the digits cut (`metrics.md`: "RFC 3339 in UTC with milliseconds (a
    /// finer fraction cut)").
    @Test(
        "a fraction finer than a millisecond is cut when the time is written",
        arguments: [
            ("2026-11-29T09:00:59.999999999Z", "2026-11-29T09:00:59.999Z"),
            ("2026-11-29T09:00:59.9999999999999Z", "2026-11-29T09:00:59.999Z"),
            ("2026-12-31T23:59:59.9999996Z", "2026-12-31T23:59:59.999Z"),
            ("2026-11-29T09:00:00.0009999999Z", "2026-11-29T09:00:00.000Z"),
            ("2026-11-29T09:00:00.001Z", "2026-11-29T09:00:00.001Z"),
            ("1969-12-31T23:59:59.9999999Z", "1969-12-31T23:59:59.999Z"),
            ("0000-01-01T00:00:00.9999999Z", "0000-01-01T00:00:00.999Z"),
            ("9999-12-31T23:59:59.9999999Z", "9999-12-31T23:59:59.999Z"),
            ("9999-12-31T23:59:60Z", "9999-12-31T23:59:59.999Z"),
            ("8999-12-31T23:59:60Z", "8999-12-31T23:59:59.999Z"),
            ("2026-11-29T18:00:59.9999999+09:00", "2026-11-29T09:00:59.999Z"),
        ])
    func finerFractionCut(_ text: String, _ written: String) throws {
        let time = try #require(Timestamp(rfc3339: text))
        #expect(time.rfc3339 == written)
    }

    @Test("times that differ below a double's precision stay in order: the later one is never earlier")
    func cutTimesKeepTheirOrder() throws {
        let earlier = try #require(Timestamp(rfc3339: "2026-11-29T09:00:59.9999990Z"))
        let later = try #require(Timestamp(rfc3339: "2026-11-29T09:00:59.9999999999Z"))
        let nextSecond = try #require(Timestamp(rfc3339: "2026-11-29T09:01:00Z"))
        #expect(earlier <= later)
        #expect(later < nextSecond)
    }

    @Test(
        "what RFC 3339 does not allow is no time",
        arguments: [
            "2023-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-00-10T00:00:00Z",
            "2026-11-00T00:00:00Z", "2026-11-31T00:00:00Z", "2026-11-29T24:00:00Z", "2026-11-29T09:60:00Z",
            "2026-11-29T09:00:61Z", "2026-11-29T09:00:01", "2026-11-29T09:00:01.Z", "2026-11-29T09:00:01.5",
            "2026-11-29T09:00:01+0800", "2026-11-29T09:00:01+24:00", "2026-11-29T09:00:01+08:60",
            "2026-11-29T09:00:01+08", "2026-11-29 09:00:01Z", "2026-11-29T09:00:01Zx", "2026-11-29T09:00:01+08:00x",
            "26-11-29T09:00:01Z", "2026-1a-29T09:00:01Z", "", "Z", "+2026-11-29T09:00:01Z", "2026-11-29T09:00:0\u{FF11}Z",
            "2026/11/29T09:00:01Z", "2026-11-29T09-00-01Z",
        ])
    func invalidTime(_ text: String) {
        #expect(Timestamp(rfc3339: text) == nil)
    }

    @Test("a leap second falls between the second before it and the minute after: no time-backwards either side")
    func leapSecondInOrder() throws {
        let log = [
            #"{"type":"event","event":"startCreatingItem","timestamp":"2016-12-31T23:59:59.9995Z"}"#,
            // Closer to the leap second than a microsecond.
            #"{"type":"event","event":"cancelCreatingItem","timestamp":"2016-12-31T23:59:59.9999999Z"}"#,
            #"{"type":"event","event":"cancelCreatingItem","timestamp":"2016-12-31T23:59:60.5Z"}"#,
            #"{"type":"event","event":"startCreatingItem","timestamp":"2017-01-01T00:00:00Z"}"#,
        ].lines
        let result = try replay(log)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.frames[2].stamp.timestamp?.rfc3339 == "2016-12-31T23:59:59.999Z")
    }

    @Test("time-backwards says a step back under a millisecond is one, where the times it shows look the same")
    func timeBackwardsUnderAMillisecond() throws {
        let log = [
            #"{"type":"event","event":"startCreatingItem","timestamp":"2026-11-29T09:00:00.0002Z"}"#,
            #"{"type":"event","event":"cancelCreatingItem","timestamp":"2026-11-29T09:00:00.0001Z"}"#,
            #"{"type":"event","event":"startCreatingItem","timestamp":"2026-11-29T08:59:59Z"}"#,
        ].lines
        let messages = try replay(log).diagnostics.map(\.message)
        #expect(
            messages == [
                "timestamp 2026-11-29T09:00:00.000Z is earlier than the previous record's 2026-11-29T09:00:00.000Z, by less than a millisecond",
                "timestamp 2026-11-29T08:59:59.000Z is earlier than the previous record's 2026-11-29T09:00:00.000Z",
            ])
    }

    @Test("the header's startedAt takes no part in time-backwards")
    func startedAtIgnored() throws {
        let header = #"{"type":"session","schema":"todo-session/1","startedAt":"2030-01-01T00:00:00Z"}"#
        let result = try replay([header, #"{"type":"event","event":"startCreatingItem","timestamp":0}"#].lines)
        #expect(result.found.isEmpty)
    }

    @Test("a header with a wrong-type field is dropped and the log reads as if it had none")
    func badHeaderDropped() throws {
        let result = try replay([#"{"type":"session","schema":"todo-session/1","app":5}"#, Self.start].lines)
        #expect(result.found == [Found(1, 51, .wrongType)])
        #expect(result.outcome?.header == nil)
        #expect(result.outcome?.frameCount == 2)
    }

    @Test("a header without schema is missing-field; a misplaced one is misplaced even with a bad schema")
    func headerRules() throws {
        let result = try replay([#"{"type":"session"}"#, #"{"type":"session","schema":"todo-session/9"}"#].lines)
        #expect(result.found == [Found(1, nil, .missingField), Found(2, nil, .misplacedHeader)])
    }

    @Test("the first record is the first non-blank line, whatever it holds")
    func firstRecord() throws {
        let result = try replay(["", "garbage", Self.header].lines)
        #expect(result.found == [Found(2, 1, .invalidJSON), Found(3, nil, .misplacedHeader)])
    }

    @Test("unsupported-schema stops reading: nothing after it is reported")
    func unsupportedStops() throws {
        let result = try replay([#"{"type":"session","schema":"todo-session/2"}"#, "garbage", Self.start].lines)
        #expect(result.found == [Found(1, nil, .unsupportedSchema)])
        #expect(result.outcome?.stoppedOnUnsupportedSchema == true)
        #expect(result.outcome?.tally.unread == 2)
    }

    @Test("fields that are not named are ignored, whatever they hold")
    func ignoredFields() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let line = #"{"type":"event","extra":\#(deep),"big":1e400,"event":"startCreatingItem","x":{"a":1,"a":2}}"#
        let result = try replay([line].lines)
        #expect(result.found.isEmpty)
        #expect(result.outcome?.frameCount == 2)
    }

    @Test("a lone surrogate escape is valid JSON and shows as U+FFFD; a pair is one scalar")
    func surrogates() throws {
        let result = try replay(
            [
                Self.start,
                #"{"type":"event","event":"changePartialItemName","name":"a\ud800b\ud83d\ude00\udc00"}"#,
            ].lines)
        #expect(result.found.isEmpty)
        #expect(result.frames.last?.state?.partialItemName == "a\u{FFFD}b😀\u{FFFD}")
    }

    @Test("UUIDs compare case-insensitively")
    func uuidCase() throws {
        let result = try replay(
            [
                Self.start, #"{"type":"event","event":"changePartialItemName","name":"Milk"}"#,
                #"{"type":"event","event":"addItem","id":"0000000a-0000-4000-8000-00000000000b"}"#,
                #"{"type":"event","event":"setItemDone","id":"0000000A-0000-4000-8000-00000000000B","isDone":true}"#,
            ].lines)
        #expect(result.found.isEmpty)
        #expect(result.frames.last?.state?.todoItems.first?.isFinished == true)
    }

    @Test(
        "an id is read as Foundation reads the 36-character form, or is wrong-type",
        arguments: [
            "01234567-89ab-cdef-0123-456789ABCDEF", "FEDCBA98-7654-3210-FEDC-BA9876543210", "00000000-0000-0000-0000-000000000000",
            "ffffffff-ffff-ffff-ffff-ffffffffffff", "0123456g-89ab-cdef-0123-456789abcdef", "01234567-89ab-cdef-0123-456789abcdeG",
            "/1234567-89ab-cdef-0123-456789abcdef", "01234567-89ab-cdef-0123-456789abcde:", "01234567-89@b-cdef-0123-456789abcdef",
            "01234567-89ab-cdef-0123-456789abcde`", "01234567+89ab-cdef-0123-456789abcdef", "0123456789ab-cdef-0123-456789abcdef-",
            "01234567-89ab-cdef-0123-456789abcdef0", "01234567-89ab-cdef-0123-456789abcde", "{1234567-89ab-cdef-0123-456789abcdef}",
            "01234567-89ab-cdef-0123-456789abcd\u{E9}", "01234567089ab-cdef-0123-456789abcdef", "01234567-89ab0cdef-0123-456789abcdef",
            "01234567-89ab-cdef00123-456789abcdef", "01234567-89ab-cdef-01230456789abcdef",
        ])
    func uuidForms(_ id: String) throws {
        let result = try replay(
            [
                Self.start, #"{"type":"event","event":"changePartialItemName","name":"Milk"}"#,
                #"{"type":"event","event":"addItem","id":"\#(id)"}"#,
            ]
            .lines)
        if let expected = UUID(uuidString: id), id.utf8.count == 36 {
            #expect(result.found.isEmpty)
            #expect(result.frames.last?.event == .addItem(id: expected))
        } else {
            #expect(result.found == [Found(3, 40, .wrongType)])
        }
    }

    /// Every key the reader knows, with one letter changed (the next
    /// letter, or the other case) at each position: none of them is that key.
    static let nearKeys: [String] = [
        "type", "schema", "sessionId", "app", "appVersion", "userId", "startedAt", "context",
        "event", "seq", "timestamp", "name", "id", "isDone", "to", "digest",
    ].flatMap(oneLetterAway)

    /// `word` with one letter changed (the next letter, or the other case), at each position.
    static func oneLetterAway(_ word: String) -> [String] {
        word.unicodeScalars.indices.flatMap { index -> [String] in
            let letter = word.unicodeScalars[index]
            let next = Unicode.Scalar(letter.value == 0x7A ? 0x61 : letter.value + 1) ?? letter
            let otherCase = Character(letter).isUppercase ? Character(letter).lowercased() : Character(letter).uppercased()
            return [String(next), otherCase].map { replacement in
                var changed = word.unicodeScalars
                changed.replaceSubrange(index...index, with: replacement.unicodeScalars)
                return String(changed)
            }
        }
    }

    @Test(
        "an event name one letter away from a known one is unknown-event",
        arguments: TodoEvent.Kind.allCases.flatMap { oneLetterAway($0.rawValue) })
    func nearEventName(_ name: String) throws {
        let result = try replay([#"{"type":"event","event":"\#(name)"}"#].lines)
        #expect(result.found == [Found(1, nil, .unknownEvent)])
    }

    @Test("every event name is read as its event", arguments: TodoEvent.Kind.allCases)
    func eventNames(_ kind: TodoEvent.Kind) throws {
        let fields = [
            TodoEvent.Kind.changePartialItemName: #","name":"Milk""#, .addItem: "",
            .setItemDone: #","id":"0000000a-0000-4000-8000-00000000000b","isDone":true"#,
        ]
        let result = try replay([#"{"type":"event","event":"\#(kind.rawValue)"\#(fields[kind] ?? "")}"#].lines)
        #expect(result.frames.first?.event.kind == kind)
    }

    @Test("a key one letter away from a known key is not read as it", arguments: nearKeys)
    func nearKey(_ key: String) throws {
        // Were `key` read as a known key, `true` would be a wrong type, or a duplicate of the key the line has.
        let extra = #","\#(key)":true}"#
        let lines = [
            #"{"type":"session","schema":"todo-session/1""# + extra, Self.start + "",
            #"{"type":"event","event":"changePartialItemName","name":"Milk""# + extra,
            #"{"type":"event","event":"addItem","id":"0000000a-0000-4000-8000-00000000000b""# + extra,
            #"{"type":"event","event":"setItemDone","id":"0000000a-0000-4000-8000-00000000000b","isDone":true"# + extra,
            #"{"type":"travel","to":0"# + extra,
        ]
        let result = try replay(lines.lines)
        #expect(result.found.isEmpty)
        #expect(result.frames.count == 4)
    }

    @Test("addItem without an id gets one derived from the session and the line, the same every time")
    func derivedIDs() throws {
        let log = [
            Self.header, Self.start, #"{"type":"event","event":"changePartialItemName","name":"Milk"}"#,
            #"{"type":"event","event":"addItem"}"#,
        ].lines
        let first = try replay(log).frames.last?.state?.todoItems.first?.id
        let second = try replay(log).frames.last?.state?.todoItems.first?.id
        #expect(first != nil)
        #expect(first == second)
        #expect(first == DerivedItemID.make(sessionId: "s1", line: 4))
        // Pinned: a change to the derivation would change every report of a log without ids.
        #expect(first == UUID(uuidString: "BE36B491-0341-8F14-8AFE-B8AA17AAEE93"))
        #expect(DerivedItemID.make(sessionId: "s1", line: 4) != DerivedItemID.make(sessionId: "s2", line: 4))
    }

    @Test("every frame counts the items of its state, after travels back and forth too")
    func itemCounts() throws {
        var lines = [Self.header]
        for name in ["a", "b", "c"] {
            lines += [
                Self.start, #"{"type":"event","event":"changePartialItemName","name":"\#(name)"}"#, #"{"type":"event","event":"addItem"}"#,
            ]
        }
        // Back to frame 3 (one item), on from there, forward to the newest frame, and back to the start.
        lines += [
            #"{"type":"travel","to":3}"#, Self.start, #"{"type":"travel","to":9}"#, Self.start, #"{"type":"travel","to":0}"#, Self.start,
        ]
        let result = try replay(lines.lines)
        #expect(result.found.isEmpty)
        #expect(result.frames.map(\.itemCount) == result.frames.map { $0.state?.todoItems.count ?? -1 })
        #expect(result.frames.suffix(3).map(\.itemCount) == [1, 3, 0])
    }

    @Test("travel: to the newest frame changes nothing; the last of several counts")
    func travels() throws {
        let result = try replay(
            [
                Self.start,
                #"{"type":"travel","to":1}"#,
                #"{"type":"event","event":"cancelCreatingItem"}"#,
                #"{"type":"travel","to":0}"#,
                #"{"type":"travel","to":1}"#,
                #"{"type":"event","event":"changePartialItemName","name":"x"}"#,
            ].lines)
        #expect(result.found.isEmpty)
        #expect(result.frames.map(\.parent) == [0, 1, 1])
        #expect(result.frames.last?.state == TodoState(isCreatingItem: true, partialItemName: "x", stateName: "changePartialItemName"))
        #expect(result.travels.map(\.to) == [1, 0, 1])
    }

    @Test("travel to a negative frame is out of range, also beside the record's other errors (every error of a record is reported)")
    func negativeTravel() throws {
        let result = try replay(
            [
                Self.start, #"{"type":"travel","to":-1}"#, #"{"type":"travel","seq":-1,"to":-5}"#,
                #"{"type":"travel","seq":"x","timestamp":"no","to":-2}"#,
            ].lines)
        #expect(
            result.found == [
                Found(2, nil, .travelOutOfRange), Found(3, 24, .wrongType), Found(3, nil, .travelOutOfRange),
                Found(4, 24, .wrongType), Found(4, 40, .wrongType), Found(4, nil, .travelOutOfRange),
            ])
        #expect(result.frames.count == 1 && result.travels.isEmpty)
    }

    /// Found by an audit: a travel to a frame not made yet lost that error when another one
    /// dropped it. The frames made so far are counted when it is read, like a kept travel's.
    @Test("travel to a frame not made yet is out of range beside the record's other errors, and counted once")
    func travelPastTheNewestFrameWithOtherErrors() throws {
        let result = try replay(
            [
                #"{"type":"travel","to":5,"seq":1.0}"#, Self.start, #"{"type":"travel","timestamp":"bad","to":2}"#,
                #"{"type":"travel","timestamp":"bad","to":1}"#, #"{"type":"travel","to":0,"seq":"x"}"#,
            ].lines)
        #expect(
            result.found == [
                Found(1, 31, .wrongType), Found(1, nil, .travelOutOfRange), Found(3, 30, .wrongType),
                Found(3, nil, .travelOutOfRange), Found(4, 30, .wrongType), Found(5, 31, .wrongType),
            ])
        #expect(result.frames.count == 1 && result.travels.isEmpty)
        #expect(result.outcome?.tally.dropped == 4)
    }

    @Test("unknown-item is judged in the state the event applies to (another branch's item is unknown)")
    func unknownOnOtherBranch() throws {
        let result = try replay(
            [
                Self.start,  // frame 1
                #"{"type":"event","event":"changePartialItemName","name":"Milk"}"#,  // frame 2
                #"{"type":"event","event":"addItem","id":"00000000-0000-4000-8000-000000000001"}"#,  // frame 3
                #"{"type":"travel","to":2}"#,
                #"{"type":"event","event":"setItemDone","id":"00000000-0000-4000-8000-000000000001","isDone":true}"#,
            ].lines)
        #expect(result.found == [Found(5, nil, .unknownItem)])
        #expect(result.frames.last?.state?.stateName == "changePartialItemName")
    }

    @Test("sequence checks: duplicate drops before the reducer; events and travels share one sequence")
    func sequence() throws {
        let result = try replay(
            [
                #"{"type":"event","seq":0,"event":"startCreatingItem"}"#,
                #"{"type":"travel","seq":1,"to":0}"#,
                #"{"type":"event","seq":1,"event":"cancelCreatingItem"}"#,
                #"{"type":"event","seq":2,"event":"cancelCreatingItem"}"#,
            ].lines)
        #expect(result.found == [Found(3, nil, .duplicateSeq)])
        #expect(result.outcome?.frameCount == 3)
        #expect(result.frames.map(\.parent) == [0, 0])
    }

    @Test("warnings about sequence and time skip records dropped by an error")
    func droppedRecordsTakeNoPart() throws {
        let result = try replay(
            [
                #"{"type":"event","seq":0,"timestamp":5000,"event":"startCreatingItem"}"#,
                #"{"type":"event","seq":9,"timestamp":1,"event":"nope"}"#,
                #"{"type":"event","seq":1,"timestamp":6000,"event":"cancelCreatingItem"}"#,
            ].lines)
        #expect(result.found == [Found(2, nil, .unknownEvent)])
    }

    @Test("lines are split on 0x0A only: U+2028 inside a string is part of its line")
    func lineSeparatorInString() throws {
        let result = try replay([Self.start, "{\"type\":\"event\",\"event\":\"changePartialItemName\",\"name\":\"a\u{2028}b\"}"].lines)
        #expect(result.found.isEmpty)
        #expect(result.frames.last?.state?.partialItemName == "a\u{2028}b")
    }

    @Test("a file with no newline at the end still reads its valid last line")
    func noFinalNewline() throws {
        let result = try replay(Self.header + "\n" + Self.start)
        #expect(result.found.isEmpty)
        #expect(result.outcome?.frameCount == 2)
    }

    @Test("lines longer than the buffer and lines split across reads give the same result")
    func smallBuffers() throws {
        var lines = [Self.header]
        for n in 0..<200 {
            lines.append(Self.start)
            lines.append(#"{"type":"event","event":"changePartialItemName","name":"\#(String(repeating: "ü", count: n))"}"#)
        }
        let bytes = Array(lines.lines.utf8)
        let expected = try replay(bytes: bytes).allStates
        for size in [16, 17, 64, 333, 4096] {
            let result = try replay(bytes: bytes, bufferSize: size)
            #expect(result.allStates == expected, "buffer \(size)")
            #expect(result.found.isEmpty)
        }
    }

    @Test(
        "input that arrives a few bytes at a time (a pipe) splits as it does read whole",
        arguments: [
            "\n", "\r\n", "\u{FEFF}\n", "\u{FEFF}\r\n", " \n", "\n\n",
        ])
    func trickle(firstLines: String) throws {
        let text = firstLines + [Self.start, "", Self.start].lines
        let whole = try replay(text)
        for chunk in 1...3 {
            var result = ReplayResult()
            result.outcome = try LogReplayer.replay(TrickleSource(Array(text.utf8), chunk: chunk), bufferSize: 16) { entry in
                if case .frame(let frame) = entry { result.frames.append(frame) }
                if case .diagnostic(let diagnostic) = entry { result.diagnostics.append(diagnostic) }
            }
            #expect(result.frames.map(\.line) == whole.frames.map(\.line), "\(chunk) bytes a read")
            #expect(result.found == whole.found)
            #expect(result.outcome?.tally == whole.outcome?.tally)
        }
    }

    @Test("every line is accounted for")
    func tally() throws {
        let result = try replay([Self.header, "", Self.start, "junk", #"{"type":"travel","to":0}"#, #"{"type":"travel","to":9}"#].lines)
        let tally = try #require(result.outcome?.tally)
        #expect(tally.header == 1)
        #expect(tally.blank == 1)
        #expect(tally.events == 1)
        #expect(tally.travels == 1)
        #expect(tally.dropped == 2)
        #expect(tally.total == 6)
    }
}
