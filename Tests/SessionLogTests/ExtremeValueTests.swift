import Redaction
import SessionLog
import Testing

/// Values at and past the ends of what a field can hold: each is a
/// diagnostic on its line and column (or none), never a crash, and every
/// time kept can be written as RFC 3339 and read back the same.
@Suite("Extreme values: seq and times at the ends of their range")
struct ExtremeValueTests {
    static let header = #"{"type":"session","schema":"todo-session/1","sessionId":"s1"}"#

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var lines: [String]
        var expected: [Found]
        var frames: Int
        var testDescription: String { name }
    }

    /// An event line with `field` set to the JSON text `value`; the value starts at column 45.
    static func event(_ field: String, _ value: String) -> String {
        #"{"type":"event","event":"startCreatingItem",""# + field + #"":"# + value + "}"
    }

    static let cases: [Case] = [
        Case(
            name: "seq at Int64.max, then a smaller one: backwards, not a gap",
            lines: [event("seq", "9223372036854775807"), event("seq", "5")],
            expected: [Found(3, nil, .seqBackwards)], frames: 3),
        Case(
            name: "seq 0, then Int64.max: a gap of Int64.max - 1",
            lines: [event("seq", "0"), event("seq", "9223372036854775807")],
            expected: [Found(3, nil, .seqGap)], frames: 3),
        Case(
            name: "a time of 1e300 milliseconds", lines: [event("timestamp", "1e300")],
            expected: [Found(2, 57, .wrongType)], frames: 1),
        Case(
            name: "a time of -1e300 milliseconds", lines: [event("timestamp", "-1e300")],
            expected: [Found(2, 57, .wrongType)], frames: 1),
        Case(
            name: "a whole number of milliseconds in the year 57881", lines: [event("timestamp", "1764406800000000")],
            expected: [Found(2, 57, .wrongType)], frames: 1),
        Case(
            name: "the last millisecond of 9999", lines: [event("timestamp", "253402300799999")],
            expected: [], frames: 2),
        Case(
            name: "the first millisecond of the year 0", lines: [event("timestamp", "-62167219200000")],
            expected: [], frames: 2),
        Case(
            name: "RFC 3339 text that is the year 10000 in UTC", lines: [event("timestamp", #""9999-12-31T23:59:59-01:00""#)],
            expected: [Found(2, 57, .wrongType)], frames: 1),
        Case(
            name: "RFC 3339 text that is the year -1 in UTC", lines: [event("timestamp", #""0000-01-01T00:00:00+00:01""#)],
            expected: [Found(2, 57, .wrongType)], frames: 1),
        Case(
            name: "RFC 3339 text at the last millisecond of 9999", lines: [event("timestamp", #""9999-12-31T23:59:59.999Z""#)],
            expected: [], frames: 2),
        Case(
            name: "a header that starts in the year 57881",
            lines: [#"{"type":"event","event":"startCreatingItem"}"#],
            expected: [Found(1, 74, .wrongType)], frames: 2),
    ]

    @Test("is reported on its line and column, and the replay goes on", arguments: cases)
    func reported(_ testCase: Case) throws {
        let first =
            testCase.name.hasPrefix("a header")
            ? #"{"type":"session","schema":"todo-session/1","sessionId":"s1","startedAt":1764406800000000}"# : Self.header
        let result = try replay(([first] + testCase.lines).lines)
        #expect(result.found == testCase.expected, "\(result.diagnostics.map(\.message))")
        #expect(result.outcome?.frameCount == testCase.frames)
    }

    @Test("a time out of range says which years a time may have and quotes what the log wrote")
    func message() throws {
        let result = try replay([Self.header, Self.event("timestamp", #""9999-12-31T23:59:59-01:00""#)].lines)
        let message = try #require(result.diagnostics.first?.message)
        #expect(message.contains("outside the years 0000 to 9999") && message.contains("9999-12-31T23:59:59-01:00"), "\(message)")
    }

    @Test(
        "a number of milliseconds past a double's range is a time out of range too, not a number of the wrong type",
        arguments: ["1e308", "1e309", "-1e400"])
    func hugeNumber(_ written: String) throws {
        let result = try replay([Self.header, Self.event("timestamp", written)].lines)
        #expect(result.found.map(\.code) == [.wrongType])
        #expect(
            result.diagnostics.first?.message
                == #""timestamp" is a time outside the years 0000 to 9999 in UTC, which RFC 3339 cannot write: a number of milliseconds"#)
    }

    @Test("times at both ends, redacted and written again, read back as the same times with no diagnostic")
    func redactedTimesReadBack() throws {
        let log = [
            Self.header, Self.event("timestamp", "-62167219200000"), Self.event("timestamp", #""9999-12-31T23:59:59.999Z""#),
            Self.event("timestamp", "253402300799999.5"),
        ].lines
        var lines: [String] = []
        _ = try RedactedLog.write(
            InMemoryByteSource(log), redaction: LogRedaction(pseudonyms: Pseudonyms(key: nil)), report: { _ in },
            write: { lines.append($0) })
        let again = try replay(lines.joined())
        #expect(again.diagnostics.isEmpty, "\(again.diagnostics.map(\.message))")
        #expect(again.outcome?.frameCount == 4)
        let text = lines.joined()
        #expect(text.contains("0000-01-01T00:00:00.000Z") && text.contains("9999-12-31T23:59:59.999Z"), "\(text)")
    }
}
