import ByteLevel
import Testing

struct UTF8PrefixTests {
    @Test(
        "a UTF-8 prefix, compared by bytes",
        arguments: [
            ("Milk", "Mil", true), ("Milk", "Milk", true), ("Milk", "", true), ("", "", true), ("Mil", "Milk", false),
            ("Milk", "milk", false), ("Milk", "Mik", false), ("Crème", "Cr\u{E8}", true), ("Crème", "Cre", false),
            ("🥛 milk", "🥛", true), (String(repeating: "a", count: 4_096) + "b", String(repeating: "a", count: 4_096), true),
            (String(repeating: "a", count: 4_096), String(repeating: "a", count: 4_095) + "b", false),
        ])
    func prefix(text: String, prefix: String, expected: Bool) {
        #expect(text.utf8HasPrefix(prefix) == expected)
        #expect(text.utf8HasPrefix(prefix) == text.utf8.starts(with: prefix.utf8))
    }
}
