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
}
