import Redaction
import Testing

@Suite("Masking typed text")
struct TextMaskTests {
    @Test(
        "letters of every script, digits, case, whitespace, punctuation and symbols",
        arguments: [
            ("Buy oat milk", "Xxx xxx xxxx"),
            ("Call Zoë at 5", "Xxxx Xxx xx 9"),
            ("Москва 2026!", "Xxxxxx 9999!"),
            ("Ωmega straße", "Xxxxx xxxxxx"),
            ("牛乳を買う", "xxxxx"),
            ("مرحبا ١٢٣", "xxxxx 999"),
            ("Pay $50, ok?", "Xxx *99, xx?"),
            (#""<tag>" & \ /"#, #""*xxx*" & \ /"#),
            ("🥛 & 🍞", "* & *"),
            ("two\tlines\nhere\u{2028}end", "xxx\txxxxx\nxxxx\u{2028}xxx"),
            ("", ""),
        ])
    func mask(text: String, masked: String) {
        #expect(TextMask.mask(text) == masked)
    }

    @Test(
        "letters of other scripts are x, upper case (where a script has it) X, their digits 9",
        arguments: [
            ("ÉCOLE été", "XXXXX xxx"),  // precomposed accents, both cases
            ("ΑΘΗΝΑ αθήνα", "XXXXX xxxxx"),  // Greek
            ("İstanbul ǅ", "Xxxxxxxx X"),  // dotted capital I, a title-case digraph
            ("נמל תל אביב", "xxx xx xxxx"),  // Hebrew, no case
            ("서울 ０１２", "xx 999"),  // Hangul syllables, full-width digits
            ("カタカナー", "xxxxx"),  // katakana and the long-vowel mark
            ("नमस्ते ४२", "xxx 99"),  // Devanagari: न, म and the conjunct स्ते (a virama joins it into one grapheme)
            ("สวัสดี", "xxxx"),  // Thai: vowel and tone marks join their consonant
        ])
    func scripts(text: String, masked: String) {
        #expect(TextMask.mask(text) == masked)
    }

    @Test(
        "one mask character per user-perceived character",
        arguments: [
            ("Zoe\u{0308}", "Xxx"),  // e + combining diaeresis
            ("👩‍👩‍👧 🇯🇵", "* *"),  // a ZWJ family, a flag
            ("👍🏽👍", "**"),  // a skin tone modifier joins its emoji
            ("e\u{0301}\u{0327}", "x"),  // two combining marks
            ("\r\n", "\r\n"),  // one grapheme, kept as whitespace
        ])
    func graphemes(text: String, masked: String) {
        #expect(TextMask.mask(text) == masked)
        #expect(TextMask.mask(text).count == text.count)
    }

    @Test("typing keystroke by keystroke stays keystroke by keystroke")
    func prefixes() {
        let title = "Buy 2 oat milk 🥛"
        var typed = ""
        for character in title {
            typed.append(character)
            #expect(TextMask.mask(typed).count == typed.count)
            #expect(TextMask.mask(title).hasPrefix(TextMask.mask(typed)))
        }
    }

    @Test("nothing of what was typed survives but its whitespace and punctuation")
    func nothingSurvives() {
        let text = "Zoë's 2 Äpfel, 牛乳 & 🥛 (café)"
        let masked = TextMask.mask(text)
        let kept = Set(masked.unicodeScalars.map(\.value))
        #expect(kept.isSubset(of: Set("xX9* ',&()".unicodeScalars.map(\.value))))
    }

    /// `text` as Unicode tag characters (U+E0000 + ASCII): invisible, and a known way to hide text in text.
    static func tags(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.compactMap { Unicode.Scalar(0xE0000 + $0.value) }))
    }

    /// `text` as variation selectors (VS17 + each byte): invisible after a base character.
    static func selectors(_ text: String) -> String {
        String(String.UnicodeScalarView(text.utf8.compactMap { Unicode.Scalar(0xE0100 + UInt32($0)) }))
    }

    static let hidden: [(String, String)] = [
        ("Buy " + tags("SECRETZOE") + "milk", "Xxx xxxx"),
        (tags("SECRETZOE"), "*"),
        ("." + selectors("SECRETZOE"), "."),
        ("a, " + selectors("SECRET") + "b", "x, x"),
        ("\u{200F}" + tags("SECRET") + "x", "\u{200F}*x"),
        ("\u{2066}abc\u{2069} \u{200D}", "\u{2066}xxx\u{2069} "),  // isolates kept; a joiner after a space goes with what extends it
        ("\u{200D}ab", "\u{200D}xx"),  // a lone joiner keeps its place
    ]

    @Test("text hidden in invisible characters after a space or punctuation, or on its own, does not survive", arguments: hidden)
    func hiddenText(text: String, masked: String) {
        let result = TextMask.mask(text)
        #expect(result == masked, "\(result.unicodeScalars.map { String($0.value, radix: 16) })")
        #expect(!result.unicodeScalars.contains { (0xE0000...0xE01EF).contains($0.value) || (0xFE00...0xFE0F).contains($0.value) })
    }

    @Test(
        "ASCII masks exactly as character by character does, alone or among other characters, every ASCII character and CR LF included"
    )
    func asciiAsCharacters() {
        let every = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self)
        for text in [
            every, "Buy oat milk", "a\r\nb", "\r\n", "$5 + <b>&amp;</b> ~ `x` ^ |", "", String(every.reversed()),
            "é" + every, every + "牛乳", "Crème\r\nbrûlée 5 € \t🥛!", "é\r\n", "\u{2028}\r\n\u{200D}a",
        ] {
            #expect(TextMask.mask(text) == String(text.map(TextMask.mask)), "\(Array(text.utf8))")
        }
    }
}
