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
        Case(code: .invalidJSON, log: [header, #"{"type" "event"}"#, start].lines,
             expected: [Found(2, 9, .invalidJSON)], frames: 2),
        Case(code: .notAnObject, log: [header, "[1,2]", start].lines,
             expected: [Found(2, nil, .notAnObject)], frames: 2),
        Case(code: .missingField, log: [header, #"{"type":"event"}"#].lines,
             expected: [Found(2, nil, .missingField)], frames: 1),
        Case(code: .wrongType, log: [header, #"{"type":"event","event":"startCreatingItem","seq":1.0}"#].lines,
             expected: [Found(2, 51, .wrongType)], frames: 1),
        Case(code: .unknownType, log: [header, #"{"type":"click"}"#, start].lines,
             expected: [Found(2, nil, .unknownType)], frames: 2),
        Case(code: .unknownEvent, log: [header, #"{"type":"event","event":"deleteItem"}"#].lines,
             expected: [Found(2, nil, .unknownEvent)], frames: 1),
        Case(code: .unsupportedSchema, log: [#"{"type":"session","schema":"todo-session/2"}"#, start, "garbage"].lines,
             expected: [Found(1, nil, .unsupportedSchema)], frames: 1),
        Case(code: .misplacedHeader, log: [start, header].lines,
             expected: [Found(2, nil, .misplacedHeader)], frames: 2),
        Case(code: .travelOutOfRange, log: [header, start, #"{"type":"travel","to":2}"#].lines,
             expected: [Found(3, nil, .travelOutOfRange)], frames: 2),
        Case(code: .truncatedLine, log: [header, start].lines + #"{"type":"event","ev"#,
             expected: [Found(3, nil, .truncatedLine)], frames: 2),
        Case(code: .duplicateSeq,
             log: [header, #"{"type":"event","seq":1,"event":"startCreatingItem"}"#, #"{"type":"event","seq":1,"event":"startCreatingItem"}"#].lines,
             expected: [Found(3, nil, .duplicateSeq)], frames: 2),
        Case(code: .seqGap,
             log: [header, #"{"type":"event","seq":1,"event":"startCreatingItem"}"#, #"{"type":"event","seq":5,"event":"cancelCreatingItem"}"#].lines,
             expected: [Found(3, nil, .seqGap)], frames: 3),
        Case(code: .seqBackwards,
             log: [header, #"{"type":"event","seq":1,"event":"startCreatingItem"}"#, #"{"type":"event","seq":3,"event":"cancelCreatingItem"}"#,
                   #"{"type":"event","seq":2,"event":"startCreatingItem"}"#].lines,
             expected: [Found(3, nil, .seqGap), Found(4, nil, .seqBackwards)], frames: 4),
        Case(code: .timeBackwards,
             log: [header, #"{"type":"event","timestamp":"2026-11-29T09:00:02Z","event":"startCreatingItem"}"#,
                   #"{"type":"event","timestamp":1795942801000,"event":"cancelCreatingItem"}"#].lines,
             expected: [Found(3, nil, .timeBackwards)], frames: 3),
        Case(code: .duplicateKey, log: [header, #"{"type":"event","event":"startCreatingItem","event":"cancelCreatingItem"}"#].lines,
             expected: [Found(2, nil, .duplicateKey)], frames: 2),
        Case(code: .unknownItem,
             log: [header, #"{"type":"event","event":"setItemDone","id":"00000000-0000-4000-8000-000000000009","isDone":true}"#].lines,
             expected: [Found(2, nil, .unknownItem)], frames: 2),
        Case(code: .duplicateItem, log: [header, start, name, add, start, name, add].lines,
             expected: [Found(7, nil, .duplicateItem)], frames: 7),
        Case(code: .emptyTitle, log: [header, start, add].lines,
             expected: [Found(3, nil, .emptyTitle)], frames: 3),
        Case(code: .notCreating, log: [header, name].lines,
             expected: [Found(2, nil, .notCreating)], frames: 2),
    ]

    @Test("is reported on its line and column", arguments: cases)
    func reported(_ testCase: Case) throws {
        let result = try replay(testCase.log)
        #expect(result.found == testCase.expected)
        #expect(result.outcome?.frameCount == testCase.frames)
        #expect(result.diagnostics.allSatisfy { $0.severity == $0.code.severity })
    }

    @Test("invalid-utf8 gives the first bad byte", arguments: [
        // (line bytes after `{"type":"`, column of the first bad byte)
        ([0xFF], 10),                     // a byte that never appears in UTF-8
        ([0x65, 0xC0, 0xAF], 11),         // overlong '/'
        ([0xED, 0xA0, 0x80], 11),         // an encoded surrogate: bad from its second byte
        ([0xF4, 0x90, 0x80, 0x80], 11),   // past U+10FFFF
        ([0x80], 10),                     // a continuation byte with no lead
        ([0xE2, 0x82, 0x41], 12),         // a sequence cut short mid-line
    ])
    func invalidUTF8(tail: [UInt8], column: Int) throws {
        let line = Array(#"{"type":""#.utf8) + tail + Array(#""}"#.utf8)
        let bytes = Array((DiagnosticCodeTests.header + "\n").utf8) + line + [0x0A] + Array((DiagnosticCodeTests.start + "\n").utf8)
        let result = try replay(bytes: bytes)
        #expect(result.found == [Found(2, column, .invalidUTF8)])
        #expect(result.outcome?.frameCount == 2)
    }

    @Test("every code of the spec has a case here (invalid-utf8 in its own table)")
    func everyCodeCovered() {
        #expect(Set(Self.cases.map(\.code)).union([.invalidUTF8]) == Set(DiagnosticCode.allCases))
    }
}

extension Array where Element == String {
    /// Lines joined, each ending in `\n`.
    var lines: String { map { $0 + "\n" }.joined() }
}
