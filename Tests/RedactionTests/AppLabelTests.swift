import Redaction
import Testing

@Suite("App names and versions under redaction")
struct AppLabelTests {
    @Test(
        "kept when at most 64 bytes of ASCII letters, digits, spaces and . _ - ( ) +; else masked",
        arguments: [
            ("TimeTrave", true), ("1.4.2 (87)", true), ("9.9.9", true), ("Todo+ beta_2-rc", true), ("", true),
            (String(repeating: "a", count: 64), true), (String(repeating: "a", count: 65), false), ("José", false),
            ("ann@example.org", false), ("builds/x", false), ("1.0\n", false), ("v1,2", false), ("<b>", false),
        ])
    func label(text: String, kept: Bool) {
        #expect(AppLabel.isPlain(text) == kept)
        #expect(AppLabel.redacted(text) == (kept ? text : TextMask.mask(text)))
    }
}
