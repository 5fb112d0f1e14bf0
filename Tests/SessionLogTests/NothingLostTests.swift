import ByteLevel
import Foundation
import SessionLog
import Testing
import TodoDomain

/// Damaged logs lose nothing that can be kept, and never crash or hang the reader.
@Suite("Nothing lost")
struct NothingLostTests {
    /// A garbage line for every diagnostic that drops or flags a line, with what it must report.
    static let garbage: [(line: String, code: DiagnosticCode)] = [
        (#"{"type":"event" "event":"x"}"#, .invalidJSON),
        ("[1,2]", .notAnObject),
        (#"{"type":"event"}"#, .missingField),
        (#"{"type":"event","event":"startCreatingItem","seq":"one"}"#, .wrongType),
        (#"{"type":"click"}"#, .unknownType),
        (#"{"type":"event","event":"deleteAll"}"#, .unknownEvent),
        (#"{"type":"session","schema":"todo-session/1"}"#, .misplacedHeader),
        (#"{"type":"travel","to":99999999}"#, .travelOutOfRange),
    ]

    @Test("garbage of every kind among N valid events: exactly N + 1 frames and the expected diagnostics", arguments: [1, 50, 400])
    func interleaved(validEvents: Int) throws {
        var lines = [#"{"type":"session","schema":"todo-session/1","sessionId":"s"}"#]
        var expected: [Found] = []
        var random = SplitMix64(seed: UInt64(validEvents))
        for n in 0..<validEvents {
            lines.append(n % 2 == 0 ? #"{"type":"event","event":"startCreatingItem"}"# : #"{"type":"event","event":"cancelCreatingItem"}"#)
            if Bool.random(using: &random) {
                let bad = Self.garbage[Int.random(in: 0..<Self.garbage.count, using: &random)]
                lines.append(bad.line)
                expected.append(Found(lines.count, bad.code == .invalidJSON ? 17 : (bad.code == .wrongType ? 51 : nil), bad.code))
            }
            if Int.random(in: 0..<5, using: &random) == 0 { lines.append("   ") }
        }
        lines.append("\u{FFFD}bad\u{0}")
        expected.append(Found(lines.count, 1, .invalidJSON))
        let result = try replay(lines.map { $0 + "\n" }.joined())
        #expect(result.outcome?.frameCount == validEvents + 1)
        #expect(result.found == expected)
        let tally = try #require(result.outcome?.tally)
        #expect(tally.total == lines.count)
        #expect(tally.events + tally.dropped + tally.blank + tally.header + tally.travels == lines.count)
        #expect(tally.dropped == expected.count)
    }

    struct Hostile: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var expected: [Found]
        var testDescription: String { name }
    }

    static let startLine: String = #"{"type":"event","event":"startCreatingItem"}"# + "\n"
    static let cancelLine: String = #"{"type":"event","event":"cancelCreatingItem"}"# + "\n"

    static let hostile: [Hostile] = {
        var cases: [Hostile] = []
        cases.append(Hostile(name: "an empty file", bytes: [], expected: []))
        cases.append(Hostile(name: "only blank lines", bytes: Array(" \n\t\n\r\n\n".utf8), expected: []))
        let nul: [UInt8] = Array(#"{"type":"event","#.utf8) + [0] + Array(#""event":"x"}"#.utf8) + [0x0A]
        cases.append(Hostile(name: "NUL bytes", bytes: nul, expected: [Found(1, 17, .invalidJSON)]))
        let torn: String = #"{"type":"event","ev{"type":"event","event":"startCreatingItem"}"# + "\n"
        cases.append(Hostile(name: "a torn record glued to the next", bytes: Array(torn.utf8), expected: [Found(1, 22, .invalidJSON)]))
        let outOfRange: String =
            #"{"type":"travel","to":1e400}"# + "\n"
            + #"{"type":"event","event":"startCreatingItem","seq":-99999999999999999999}"# + "\n"
        cases.append(
            Hostile(
                name: "numbers far out of range in checked fields", bytes: Array(outOfRange.utf8),
                expected: [Found(1, 23, .wrongType), Found(2, 51, .wrongType)]))
        let many: [UInt8] =
            Array(String(repeating: startLine, count: 30).utf8) + [0xC3, 0x28, 0x0A]
            + Array(String(repeating: cancelLine, count: 30).utf8)
        cases.append(Hostile(name: "a single bad byte on one line of many", bytes: many, expected: [Found(31, 1, .invalidUTF8)]))
        let surrogates: String = #"{"type":"event","event":"changePartialItemName","name":"\udc00\ud83d\ude00\ud800"}"# + "\n"
        cases.append(
            Hostile(name: "lone and paired surrogate escapes", bytes: Array(surrogates.utf8), expected: [Found(1, nil, .notCreating)]))
        return cases
    }()

    @Test("inputs that must not crash or hang, each with its diagnostics", arguments: hostile)
    func survives(_ input: Hostile) throws {
        let result = try replay(bytes: input.bytes)
        #expect(result.found == input.expected)
    }

    @Test("a 64 MB line is read whole")
    func hugeLine() throws {
        let filler = String(repeating: "a", count: 64 << 20)
        let bytes = Array(
            (#"{"type":"event","event":"changePartialItemName","name":"x","pad":""# + filler + "\"}\n"
                + #"{"type":"event","event":"startCreatingItem"}"# + "\n").utf8)
        let result = try replay(bytes: bytes)
        #expect(result.found == [Found(1, nil, .notCreating)])
        #expect(result.frames.count == 2)
    }

    @Test("nesting 100,000 levels deep, valid and cut short")
    func deepNesting() throws {
        let deep = String(repeating: "{\"a\":[", count: 100_000) + String(repeating: "]}", count: 100_000)
        let valid = #"{"type":"event","event":"startCreatingItem","x":\#(deep)}"#
        let cut = #"{"type":"event","event":"startCreatingItem","x":"# + String(repeating: "[", count: 100_000)
        let result = try replay(valid + "\n" + cut + "\n")
        #expect(result.found == [Found(2, nil, .invalidJSON)])
        #expect(result.frames.count == 1)
    }
}
