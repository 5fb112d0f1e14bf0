import Redaction
import SessionLog
import Testing

/// Every diagnostic code of `session-log.md`, each on a known line, with its
/// column where the spec gives one.
@Suite("Diagnostics: every code, its line and column")
struct DiagnosticCodeTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var code: DiagnosticCode
        var log: String
        var expected: [Found]
        var frames: Int
        var testDescription: String { code.rawValue }
    }

    static let header = #"{"type":"session","schema":"todo-session/1","sessionId":"s1"}"#
    static let start = #"{"type":"event","event":"startCreatingItem"}"#
    static let name = #"{"type":"event","event":"changePartialItemName","name":"Milk"}"#
    static let add = #"{"type":"event","event":"addItem","id":"00000000-0000-4000-8000-000000000001"}"#

    static let cases: [Case] = [
        Case(
            code: .invalidJSON, log: [header, #"{"type" "event"}"#, start].lines,
            expected: [Found(2, 9, .invalidJSON)], frames: 2),
        Case(
            code: .notAnObject, log: [header, "[1,2]", start].lines,
            expected: [Found(2, nil, .notAnObject)], frames: 2),
        Case(
            code: .missingField, log: [header, #"{"type":"event"}"#].lines,
            expected: [Found(2, nil, .missingField)], frames: 1),
        Case(
            code: .wrongType, log: [header, #"{"type":"event","event":"startCreatingItem","seq":1.0}"#].lines,
            expected: [Found(2, 51, .wrongType)], frames: 1),
        Case(
            code: .unknownType, log: [header, #"{"type":"click"}"#, start].lines,
            expected: [Found(2, nil, .unknownType)], frames: 2),
        Case(
            code: .unknownEvent, log: [header, #"{"type":"event","event":"deleteItem"}"#].lines,
            expected: [Found(2, nil, .unknownEvent)], frames: 1),
        Case(
            code: .unsupportedSchema, log: [#"{"type":"session","schema":"todo-session/2"}"#, start, "garbage"].lines,
            expected: [Found(1, nil, .unsupportedSchema)], frames: 1),
        Case(
            code: .misplacedHeader, log: [start, header].lines,
            expected: [Found(2, nil, .misplacedHeader)], frames: 2),
        Case(
            code: .travelOutOfRange, log: [header, start, #"{"type":"travel","to":2}"#].lines,
            expected: [Found(3, nil, .travelOutOfRange)], frames: 2),
        Case(
            code: .truncatedLine, log: [header, start].lines + #"{"type":"event","ev"#,
            expected: [Found(3, nil, .truncatedLine)], frames: 2),
        Case(
            code: .duplicateSeq,
            log: [
                header, #"{"type":"event","seq":1,"event":"startCreatingItem"}"#, #"{"type":"event","seq":1,"event":"startCreatingItem"}"#,
            ].lines,
            expected: [Found(3, nil, .duplicateSeq)], frames: 2),
        Case(
            code: .seqGap,
            log: [
                header, #"{"type":"event","seq":1,"event":"startCreatingItem"}"#, #"{"type":"event","seq":5,"event":"cancelCreatingItem"}"#,
            ].lines,
            expected: [Found(3, nil, .seqGap)], frames: 3),
        Case(
            code: .seqBackwards,
            log: [
                header, #"{"type":"event","seq":1,"event":"startCreatingItem"}"#, #"{"type":"event","seq":3,"event":"cancelCreatingItem"}"#,
                #"{"type":"event","seq":2,"event":"startCreatingItem"}"#,
            ].lines,
            expected: [Found(3, nil, .seqGap), Found(4, nil, .seqBackwards)], frames: 4),
        Case(
            code: .timeBackwards,
            log: [
                header, #"{"type":"event","timestamp":"2026-11-29T09:00:02Z","event":"startCreatingItem"}"#,
                #"{"type":"event","timestamp":1795942801000,"event":"cancelCreatingItem"}"#,
            ].lines,
            expected: [Found(3, nil, .timeBackwards)], frames: 3),
        Case(
            code: .duplicateKey, log: [header, #"{"type":"event","event":"startCreatingItem","event":"cancelCreatingItem"}"#].lines,
            expected: [Found(2, nil, .duplicateKey)], frames: 2),
        Case(
            code: .unknownItem,
            log: [header, #"{"type":"event","event":"setItemDone","id":"00000000-0000-4000-8000-000000000009","isDone":true}"#].lines,
            expected: [Found(2, nil, .unknownItem)], frames: 2),
        Case(
            code: .duplicateItem, log: [header, start, name, add, start, name, add].lines,
            expected: [Found(7, nil, .duplicateItem)], frames: 7),
        Case(
            code: .emptyTitle, log: [header, start, add].lines,
            expected: [Found(3, nil, .emptyTitle)], frames: 3),
        Case(
            code: .notCreating, log: [header, name].lines,
            expected: [Found(2, nil, .notCreating)], frames: 2),
    ]

    @Test("is reported on its line and column", arguments: cases)
    func reported(_ testCase: Case) throws {
        let result = try replay(testCase.log)
        #expect(result.found == testCase.expected)
        #expect(result.outcome?.frameCount == testCase.frames)
    }

    /// The severities of the spec's table, written out here rather than read
    /// from the code under test.
    static let specSeverities: [(DiagnosticCode, Diagnostic.Severity)] = [
        (.invalidJSON, .error), (.invalidUTF8, .error), (.notAnObject, .error), (.missingField, .error),
        (.wrongType, .error), (.unknownType, .error), (.unknownEvent, .error), (.unsupportedSchema, .error),
        (.misplacedHeader, .error), (.travelOutOfRange, .error), (.truncatedLine, .warning), (.duplicateSeq, .warning),
        (.seqGap, .warning), (.seqBackwards, .warning), (.timeBackwards, .warning), (.duplicateKey, .warning),
        (.unknownItem, .warning), (.duplicateItem, .warning), (.emptyTitle, .warning), (.notCreating, .warning),
        (.lineTooLong, .error), (.stateMismatch, .error),
    ]

    @Test("each code has the spec's severity", arguments: specSeverities)
    func severity(code: DiagnosticCode, severity: Diagnostic.Severity) {
        #expect(code.severity == severity)
    }

    /// The one code that is the tool's, not the format's: a file's bytes that end early are no line's problem.
    static let toolSeverities: [(DiagnosticCode, Diagnostic.Severity)] = [(.cutShort, .warning)]

    @Test("the tool's own code has its severity", arguments: toolSeverities)
    func toolSeverity(code: DiagnosticCode, severity: Diagnostic.Severity) {
        #expect(code.severity == severity)
    }

    @Test("the severity tables cover every code")
    func everyCodeHasASeverity() {
        #expect(Set((Self.specSeverities + Self.toolSeverities).map(\.0)) == Set(DiagnosticCode.allCases))
    }

    /// Bytes that say they ended early, as a gzip file cut short does.
    struct EndedEarly: ByteSource {
        var bytes: InMemoryByteSource
        mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int { try bytes.read(into: buffer) }
        var endedEarly: String? { "the data ends early" }
    }

    @Test("bytes that ended early give cut-short, a warning on the line after the last, in a replay, a stepped replay and a redaction")
    func cutShort() throws {
        let log = [Self.header, #"{"type":"event","event":"startCreatingItem"}"#, ""].joined(separator: "\n")
        let source = EndedEarly(bytes: InMemoryByteSource(log))
        let expected = Diagnostic.cutShort("the data ends early", afterLines: 2)
        #expect(expected.line == 3 && expected.code == .cutShort && expected.severity == .warning)
        #expect(expected.message.hasPrefix("the data ends early: the file is cut short, and whatever it held after the cut is lost"))

        let replayed = try LogReplayer.collect(source)
        #expect(replayed.diagnostics == [expected])
        #expect(replayed.outcome?.warningCount == 1 && replayed.outcome?.frameCount == 2)

        let stepper = LogStepper(source)
        var stepped: [Diagnostic] = []
        try stepper.finish { if case .diagnostic(let diagnostic) = $0 { stepped.append(diagnostic) } }
        #expect(stepped == [expected] && stepper.outcome.warningCount == 1)
        try stepper.finish { _ in Issue.record("nothing after the end") }

        var redacted: [Diagnostic] = []
        _ = try RedactedLog.write(
            source, redaction: LogRedaction(pseudonyms: Pseudonyms(key: nil)), report: { redacted.append($0) }, write: { _ in })
        #expect(redacted == [expected])

        // Plain bytes end where they end.
        #expect(try LogReplayer.collect(InMemoryByteSource(log)).diagnostics.isEmpty)
    }

    /// A line with ill-formed UTF-8, and where Python's `UnicodeDecodeError.start`
    /// (Rust's `Utf8Error::valid_up_to()`) puts the problem, plus one.
    struct IllFormed: CustomTestStringConvertible, Sendable {
        var name: String
        var line: [UInt8]
        var column: Int
        /// The byte the message names, `0xE9`.
        var byte: String
        /// Line 1 after a BOM, instead of line 2 after a header.
        var afterBOM = false
        var testDescription: String { name }

        /// `{"type":"` + `bytes` + `"}`: the first of `bytes` is column 10.
        init(_ name: String, _ bytes: [UInt8], _ column: Int, _ byte: String, afterBOM: Bool = false) {
            self.init(name, line: Array(#"{"type":""#.utf8) + bytes + Array(#""}"#.utf8), column, byte, afterBOM: afterBOM)
        }

        init(_ name: String, line: [UInt8], _ column: Int, _ byte: String, afterBOM: Bool = false) {
            self.name = name
            self.line = line
            self.column = column
            self.byte = byte
            self.afterBOM = afterBOM
        }
    }

    // Columns computed with `bytes.decode("utf-8")` in Python 3: `UnicodeDecodeError.start + 1`.
    static let illFormed: [IllFormed] = [
        IllFormed("caf\\xE9 (the spec's example)", line: Array(#"{"a":"caf"#.utf8) + [0xE9] + Array(#""}"#.utf8), 10, "0xE9"),
        IllFormed("2-byte sequence cut short", [0xC3], 10, "0xC3"),
        IllFormed("3-byte sequence cut after 1 byte", [0xE2, 0x82], 10, "0xE2"),
        IllFormed("3-byte sequence cut short mid-line", [0x61, 0x62, 0xE2, 0x82, 0x41], 12, "0xE2"),
        IllFormed("4-byte sequence cut after 2 bytes", [0xF0, 0x9F, 0x98], 10, "0xF0"),
        IllFormed("overlong C0 80", [0xC0, 0x80], 10, "0xC0"),
        IllFormed("overlong C1 BF", [0xC1, 0xBF], 10, "0xC1"),
        IllFormed("overlong E0 80 80", [0xE0, 0x80, 0x80], 10, "0xE0"),
        IllFormed("overlong F0 80 80 80", [0xF0, 0x80, 0x80, 0x80], 10, "0xF0"),
        IllFormed("overlong '/' after a letter", [0x65, 0xC0, 0xAF], 11, "0xC0"),
        IllFormed("surrogate ED A0 80", [0xED, 0xA0, 0x80], 10, "0xED"),
        IllFormed("surrogate ED BF BF", [0xED, 0xBF, 0xBF], 10, "0xED"),
        IllFormed("past U+10FFFF: F4 90 80 80", [0xF4, 0x90, 0x80, 0x80], 10, "0xF4"),
        IllFormed("F5 lead", [0xF5, 0x80, 0x80, 0x80], 10, "0xF5"),
        IllFormed("FF", [0xFF], 10, "0xFF"),
        IllFormed("lone continuation byte", [0x80], 10, "0x80"),
        IllFormed("continuation byte after a whole scalar", [0xC3, 0xA9, 0xBF], 12, "0xBF"),
        IllFormed("valid 2-, 3- and 4-byte scalars, then a bad byte", Array("é€😀".utf8) + [0xE9], 19, "0xE9"),
        IllFormed("3-byte sequence cut by the end of the line", line: Array(#"{"type":"x"}"#.utf8) + [0xE2, 0x82], 13, "0xE2"),
        IllFormed("2-byte lead at the end of the line", line: Array(#"{"type":"x"} "#.utf8) + [0xDF], 14, "0xDF"),
        IllFormed("after a BOM on line 1 (not counted)", [0xE9, 0x22], 10, "0xE9", afterBOM: true),
        IllFormed("cut short at the end, after a BOM on line 1", line: Array(#"{}"#.utf8) + [0xF0, 0x9F], 3, "0xF0", afterBOM: true),
    ]

    @Test("invalid-utf8 gives and names the first byte of the first ill-formed sequence", arguments: illFormed)
    func invalidUTF8(_ testCase: IllFormed) throws {
        let first =
            testCase.afterBOM ? [0xEF, 0xBB, 0xBF] + testCase.line : Array((DiagnosticCodeTests.header + "\n").utf8) + testCase.line
        let bytes = first + [0x0A] + Array((DiagnosticCodeTests.start + "\n").utf8)
        let result = try replay(bytes: bytes)
        let line = testCase.afterBOM ? 1 : 2
        #expect(result.found == [Found(line, testCase.column, .invalidUTF8)])
        #expect(result.diagnostics.first?.message.contains("byte \(testCase.byte) ") == true, "\(result.diagnostics)")
        #expect(result.outcome?.frameCount == 2)
    }

    /// A field that must be one of the format's integers and is another number: the message
    /// shows it as written and says which of the spec's rules it breaks.
    static let integerMessages: [(field: String, value: String, message: String)] = [
        ("seq", "-1", #""seq" must be a whole number ≥ 0, not -1 (a negative number)"#),
        ("seq", "1.0", #""seq" must be a whole number ≥ 0, not 1.0 (a fraction or an exponent)"#),
        ("seq", "1E2", #""seq" must be a whole number ≥ 0, not 1E2 (a fraction or an exponent)"#),
        (
            "seq", "9223372036854775808",
            #""seq" must be a whole number ≥ 0, not 9223372036854775808 (above 9223372036854775807, the largest signed 64-bit integer)"#
        ),
        (
            "seq", String(repeating: "9", count: 40),
            #""seq" must be a whole number ≥ 0, not "# + String(repeating: "9", count: 32)
                + "… (above 9223372036854775807, the largest signed 64-bit integer)"
        ),
        ("seq", #""3""#, #""seq" must be a whole number ≥ 0, not a string"#),
        ("to", "1e0", #""to" must be a whole number (a frame index), not 1e0 (a fraction or an exponent)"#),
        (
            "to", "-9223372036854775809",
            #""to" must be a whole number (a frame index), not -9223372036854775809 (below -9223372036854775808, the smallest signed 64-bit integer)"#
        ),
        ("to", "null", #""to" must be a whole number (a frame index), not null"#),
    ]

    @Test(
        "duplicate-key compares keys as RFC 8259 does, code unit by code unit, escaped or not",
        arguments: [
            (#""\ud800":1,"\udc00":2"#, false), (#""\ud800":1,"\ufffd":2"#, false), (#""\ud800":1,"\ud800":2"#, true),
            (#""\u0061":1,"a":2"#, true), (#""\ud83d\ude00":1,"😀":2"#, true), (#""\ud83d":1,"\ude00":2"#, false),
        ])
    func duplicateKeys(members: String, duplicate: Bool) throws {
        let result = try replay([Self.header, #"{"type":"event","event":"startCreatingItem",\#(members)}"#].lines)
        #expect(result.found == (duplicate ? [Found(2, nil, .duplicateKey)] : []))
    }

    @Test("a key repeated many times in one record is said once, each repeated key once, in the order they first repeat")
    func keyRepeatedOften() throws {
        let repeats = String(repeating: #","x":1,"type":"event","\u0078":2"#, count: 10_000)
        let result = try replay([Self.header, #"{"type":"event","event":"startCreatingItem""# + repeats + "}"].lines)
        #expect(result.found == [Found(2, nil, .duplicateKey), Found(2, nil, .duplicateKey)])
        #expect(result.diagnostics.map(\.message).map { $0.hasPrefix("key \"type\"") || $0.hasPrefix("key \"x\"") } == [true, true])
        #expect(result.diagnostics.first?.message.hasPrefix("key \"type\"") == true, "type repeats first")
    }

    @Test("wrong-type of an integer field says what keeps the number from being one", arguments: integerMessages)
    func integerMessage(field: String, value: String, message: String) throws {
        let before = #"{"type":""# + (field == "to" ? "travel" : "event") + #"","event":"startCreatingItem",""# + field + #"":"#
        let result = try replay([Self.header, before + value + "}"].lines)
        #expect(result.diagnostics.map(\.message) == [message])
        #expect(result.found == [Found(2, before.utf8.count + 1, .wrongType)], "the column of the value's first byte")
    }

    @Test(
        "every code of the spec has a case here (invalid-utf8 in its own table, line-too-long in LineLimitTests, state-mismatch in DigestCheckingTests)"
    )
    func everyCodeCovered() {
        #expect(
            Set(Self.cases.map(\.code)).union([.invalidUTF8, .lineTooLong, .stateMismatch, .cutShort]) == Set(DiagnosticCode.allCases))
    }
}

extension Array where Element == String {
    /// Lines joined, each ending in `\n`.
    var lines: String { map { $0 + "\n" }.joined() }
}
