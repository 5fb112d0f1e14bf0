import SessionLogCodec
import Testing

/// The diagnostics that are the codec's own, each found by a `LogReader`
/// alone, line by line, with no replay: its line, column and code. (What the
/// replay makes of them, and the codes that are the replay's, are
/// `SessionLogTests`' `DiagnosticCodeTests`.)
@Suite("The codec's diagnostics, through LogReader alone")
struct CodecDiagnosticsTests {
    /// Lines as a reader is given them, the last one with or without its line break.
    struct Case: CustomTestStringConvertible, Sendable {
        var code: DiagnosticCode
        var lines: [[UInt8]]
        var lastHasNewline = true
        /// `line:column code`, `-` for no column, in order.
        var expected: [String]
        var testDescription: String { code.rawValue }

        init(_ code: DiagnosticCode, _ lines: [String], lastHasNewline: Bool = true, _ expected: [String]) {
            self.init(code, bytes: lines.map { Array($0.utf8) }, lastHasNewline: lastHasNewline, expected)
        }

        init(_ code: DiagnosticCode, bytes lines: [[UInt8]], lastHasNewline: Bool = true, _ expected: [String]) {
            self.code = code
            self.lines = lines
            self.lastHasNewline = lastHasNewline
            self.expected = expected
        }
    }

    static let header = #"{"type":"session","schema":"todo-session/1","sessionId":"s1"}"#
    static let start = #"{"type":"event","event":"startCreatingItem"}"#

    /// The codes `RecordLineTests` does not already read line by line.
    static let cases: [Case] = [
        Case(.unknownType, [header, #"{"type":"click"}"#, start], ["2:- unknown-type"]),
        Case(
            .unsupportedSchema, [#"{"type":"session","schema":"todo-session/2"}"#, start, "garbage"],
            ["1:- unsupported-schema"]),
        Case(.misplacedHeader, [start, header], ["2:- misplaced-header"]),
        Case(.truncatedLine, [header, start, #"{"type":"event","ev"#], lastHasNewline: false, ["3:- truncated-line"]),
        Case(
            .truncatedLine, bytes: [Array(header.utf8), Array(#"{"type":"caf"#.utf8) + [0xC3]], lastHasNewline: false,
            ["2:- truncated-line"]),
        Case(.invalidJSON, [header, #"{"type":"event","ev"#, start], ["2:- invalid-json"]),
        Case(.invalidUTF8, bytes: [Array(header.utf8), Array(#"{"a":"caf"#.utf8) + [0xE9] + Array(#""}"#.utf8)], ["2:10 invalid-utf8"]),
        Case(.invalidUTF8, bytes: [Array(header.utf8), Array("{\"a\":\"é€😀".utf8) + [0xE2, 0x82]], ["2:16 invalid-utf8"]),
    ]

    @Test("is found on its line and column", arguments: cases)
    func found(_ testCase: Case) {
        var reader = LogReader()
        var found: [String] = []
        for (index, line) in testCase.lines.enumerated() {
            let isLast = index == testCase.lines.count - 1
            reader.read(line: line, number: index + 1, isLastWithoutNewline: isLast && !testCase.lastHasNewline) { reading in
                if case .diagnostic(let diagnostic) = reading {
                    found.append("\(diagnostic.line):\(diagnostic.column.map(String.init) ?? "-") \(diagnostic.code.rawValue)")
                }
            }
        }
        #expect(found == testCase.expected)
    }

    @Test("a line past the limit is reported with its length and the limit, and no column")
    func lineTooLong() {
        var reader = LogReader()
        var found: [Diagnostic] = []
        reader.skip(longLine: 4, length: 300_000, limit: 1 << 18) { reading in
            if case .diagnostic(let diagnostic) = reading { found.append(diagnostic) }
        }
        #expect(found.map(\.code) == [.lineTooLong])
        #expect(found.first?.line == 4)
        #expect(found.first?.column == nil)
        #expect(found.first?.message.contains("300,000 bytes, more than the limit of 262,144 bytes (256 KiB)") == true)
    }

    /// The codes a replay adds, from what it knows across records.
    static let replayCodes: Set<DiagnosticCode> = [
        .travelOutOfRange, .duplicateSeq, .seqGap, .seqBackwards, .timeBackwards, .unknownItem, .duplicateItem,
        .emptyTitle, .notCreating, .stateMismatch,
        // A replay's, and a redaction's, once the bytes have ended early.
        .cutShort,
    ]

    @Test("every code that is the codec's own is read here or in RecordLineTests")
    func everyCodecCodeCovered() {
        let here = Set(Self.cases.map(\.code)).union([.lineTooLong])
        let inRecordLineTests: Set<DiagnosticCode> = [.invalidJSON, .notAnObject, .missingField, .unknownEvent, .wrongType, .duplicateKey]
        #expect(here.union(inRecordLineTests) == Set(DiagnosticCode.allCases).subtracting(Self.replayCodes))
    }
}
