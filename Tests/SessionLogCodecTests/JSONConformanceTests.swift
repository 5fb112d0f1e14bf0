import SessionLogCodec
import Testing

/// A conformance suite written from RFC 8259's grammar: every valid form is
/// accepted and every invalid one rejected, wherever it stands in a record:
/// what `LogReader` finds, through the codec alone.
@Suite("JSON conformance (RFC 8259)")
struct JSONConformanceTests {
    static let valid: [String] = [
        // literals and numbers (section 6)
        "true", "false", "null", "0", "-0", "1", "-1", "123456789", "0.5", "-0.5", "1e5", "1E5", "1e+5", "1e-5", "1.5e10",
        "-1.25E-3", "1e400", "-1e400", "123456789012345678901234567890", "0e0",
        // strings (section 7)
        #""""#, #""abc""#, #""\"\\\/\b\f\n\r\t""#, #""\u0000""#, #""\u00e9""#, #""\uD834\uDD1E""#, #""\ud800""#,
        #""\udc00\ud800""#, "\"é€𝄞\"", "\"\u{7F}\"", "\"\u{2028}\"",
        // arrays and objects (sections 4, 5), whitespace (section 2)
        "[]", "{}", "[ ]", "{ }", "[1,2,3]", #"{"a":1,"b":[true,{"c":null}]}"#, " \t\r [ 1 , { \"a\" : [ ] } ] \t",
        #"{"":0}"#, #"{"a":1,"a":2}"#, "[[[[[[[[[[[]]]]]]]]]]]",
    ]

    static let invalid: [String] = [
        // literals and numbers
        "tru", "True", "nul", "NULL", "01", "-01", "+1", ".5", "5.", "1.e5", "1e", "1e+", "-", "--1", "0x10", "NaN",
        "Infinity", "1_000", "1.5.5",
        // strings
        "\"abc", #""\x""#, #""\u12""#, #""\u12G4""#, "'abc'", "\"a\tb\"", "\"\u{1}\"", #""\""#,
        // arrays and objects
        "[", "]", "[1,]", "[,1]", "[1 2]", "{", "{\"a\"}", "{\"a\":}", "{\"a\":1,}", "{a:1}", "{1:1}", "{\"a\" 1}",
        "{\"a\":1 \"b\":2}", "[1]]", "{}}", "[\u{0}]", "\u{C}[]",
    ]

    static func line(_ value: String) -> String {
        #"{"type":"event","event":"startCreatingItem","x":\#(value)}"# + "\n"
    }

    @Test("accepts every valid value (as an ignored field)", arguments: valid)
    func accepts(_ value: String) {
        let result = CodecReading(Self.line(value))
        #expect(result.codes.filter { $0 != .duplicateKey } == [], "\(value)")
        #expect(result.records == [.event(.startCreatingItem, RecordStamp())])
    }

    @Test("rejects every invalid value, as invalid-json", arguments: invalid)
    func rejects(_ value: String) {
        let result = CodecReading(Self.line(value) + #"{"type":"event","event":"cancelCreatingItem"}"# + "\n")
        #expect(result.codes == [.invalidJSON], "\(value)")
        #expect(result.records == [.event(.cancelCreatingItem, RecordStamp())], "the next line is still read")
    }

    @Test("a valid JSON text that is not an object is not-an-object", arguments: ["1", "\"x\"", "[]", "null", " true "])
    func notObjects(_ text: String) {
        #expect(CodecReading(text + "\n").found == ["1:- not-an-object"])
    }

    @Test("trailing characters after the object are invalid-json at their column")
    func trailing() {
        #expect(CodecReading(#"{"type":"event","event":"startCreatingItem"} x"# + "\n").found == ["1:46 invalid-json"])
    }

    /// What a string's special byte does, wherever it falls in the reader's
    /// eight-byte steps: `text` follows `offset` plain letters in a name.
    struct StringCase: Sendable, CustomTestStringConvertible {
        var text: String
        /// The decoded name, or nil when the line is invalid-json at the special byte.
        var decoded: String?
        var testDescription: String { "\(text.unicodeScalars.map { String($0.value, radix: 16) }) -> \(decoded ?? "invalid")" }
    }

    static let stringCases: [StringCase] = [
        .init(text: "", decoded: ""), .init(text: #"\""#, decoded: "\""), .init(text: #"\\"#, decoded: "\\"),
        .init(text: #"\u00e9"#, decoded: "é"), .init(text: #"\n"#, decoded: "\n"), .init(text: "é", decoded: "é"),
        .init(text: "\u{7F}", decoded: "\u{7F}"), .init(text: " ~!#", decoded: " ~!#"), .init(text: "\u{1}", decoded: nil),
        .init(text: "\u{1F}", decoded: nil), .init(text: "\t", decoded: nil), .init(text: "\u{0}", decoded: nil),
    ]

    @Test("a quote, backslash or control character is found at every position of a long string", arguments: stringCases, 0..<20)
    func stringBytesAtEveryOffset(_ special: StringCase, offset: Int) {
        let prefix = String(repeating: "a", count: offset)
        let suffix = "bcdefghijklmnop"
        let start = #"{"type":"event","event":"startCreatingItem"}"# + "\n"
        let head = #"{"type":"event","event":"changePartialItemName","name":""#
        let result = CodecReading(start + head + prefix + special.text + suffix + #""}"# + "\n")
        if let decoded = special.decoded {
            #expect(result.found == [])
            #expect(result.records.last == .event(.changePartialItemName(prefix + decoded + suffix), RecordStamp()))
        } else {
            #expect(result.found == ["2:\(head.utf8.count + offset + 1) invalid-json"])
        }
    }
}
