import Testing

@testable import Report

@Suite("CSV fields")
struct CSVFieldTests {
    @Test(
        "a field is quoted when it holds a comma, a quote, CR or LF, as bytes, and its quotes are doubled",
        arguments: [
            ("plain", "plain"), ("", ""), ("café 買い物", "café 買い物"), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""),
            ("line\nbreak", "\"line\nbreak\""), ("cr\rlf", "\"cr\rlf\""), ("crlf\r\n", "\"crlf\r\n\""),
            // A comma or a quote with a combining mark after it is one character with the mark, but still a comma or a quote to a CSV reader.
            ("a,\u{301}b", "\"a,\u{301}b\""), ("\"\u{301}", "\"\"\"\u{301}\""),
        ])
    func quoted(value: String, expected: String) {
        #expect(CSVField.quoted(value) == expected)
    }

    @Test(
        "a text from a log that a spreadsheet would run as a formula starts with '",
        arguments: ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"])
    func inert(text: String) {
        #expect(CSVField.inert(text) == "'" + text)
        #expect(CSVField.inert("x" + text) == "x" + text)
    }

    @Test("a lone '-', the event table's session of standard input, is no formula and stays as metrics.md names it")
    func loneDash() {
        #expect(CSVField.inert("-") == "-")
        #expect(CSVField.inert("--") == "'--")
    }
}
