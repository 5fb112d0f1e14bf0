import ByteLevel
import Testing

struct ScalarEscapingTests {
    private func escaped(_ text: String, limit: Int = .max) -> String {
        text.escapingScalars(limit: limit, cut: "…") { $0 == "<" ? "&lt;" : $0 == "\u{2028}" ? "\\u{2028}" : nil }
    }

    @Test func mappedScalarsAreReplacedAndTheRestKept() {
        #expect(escaped("a<b\u{2028}é😀") == "a&lt;b\\u{2028}é😀")
    }

    @Test func aLimitCutsAfterThatManyScalarsOnlyWhenThereAreMore() {
        #expect(escaped("abc", limit: 3) == "abc")
        #expect(escaped("abcd", limit: 3) == "abc…")
        #expect(escaped("<<<<", limit: 2) == "&lt;&lt;…")
        #expect(escaped("", limit: 0) == "")
    }

    /// Kept scalars are copied in runs: a run that starts or ends inside a character (a combining
    /// mark after a replaced scalar, a flag's halves, CR LF) keeps every scalar once, in order,
    /// whatever the limit. Compared with the scalars mapped one at a time.
    @Test(arguments: ["<\u{301}x<", "e\u{301}<\u{301}\u{302}", "🇫🇷<🇫🇷<", "\r\n<\r\n", "<", "no change", "\u{2028}\u{301}<"])
    func runsAroundAReplacedScalarKeepEveryScalar(text: String) {
        let scalars = Array(text.unicodeScalars)
        for limit in 0...scalars.count + 1 {
            var expected = String.UnicodeScalarView()
            for scalar in scalars.prefix(limit) {
                switch scalar {
                case "<": expected.append(contentsOf: "&lt;".unicodeScalars)
                case "\u{2028}": expected.append(contentsOf: "\\u{2028}".unicodeScalars)
                default: expected.append(scalar)
                }
            }
            if scalars.count > limit { expected.append(contentsOf: "…".unicodeScalars) }
            #expect(Array(escaped(text, limit: limit).unicodeScalars) == Array(expected), "limit \(limit)")
        }
    }
}

@Suite("Layout controls shown in prose")
struct LayoutControlTests {
    @Test(
        "every bidirectional mark, embedding, override and isolate and the two separators is shown as \\u{…}; nothing else",
        arguments: [
            ("\u{202E}evil", "\\u{202E}evil"), ("a\u{202A}b\u{202B}c\u{202C}d\u{202D}e", "a\\u{202A}b\\u{202B}c\\u{202C}d\\u{202D}e"),
            ("\u{2066}x\u{2067}y\u{2068}z\u{2069}", "\\u{2066}x\\u{2067}y\\u{2068}z\\u{2069}"), ("\u{200E}\u{200F}", "\\u{200E}\\u{200F}"),
            ("line\u{2028}para\u{2029}", "line\\u{2028}para\\u{2029}"),
            // Right-to-left letters, the Arabic letter mark, the zero-width joiner and the neighbours of the ranges stay.
            (
                "שלום مرحبا \u{061C}\u{200D}\u{200D}\u{2027}\u{202F}\u{2065}\u{206A}",
                "שלום مرحبا \u{061C}\u{200D}\u{200D}\u{2027}\u{202F}\u{2065}\u{206A}"
            ),
            ("", ""), ("\\u{202E}", "\\u{202E}"),
        ])
    func shown(text: String, expected: String) {
        #expect(text.showingLayoutControls == expected)
        #expect(text.showingLayoutControls.showingLayoutControls == expected, "shown once, not again")
    }
}
