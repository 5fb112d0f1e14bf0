import ByteLevel
import Testing

struct UTF8ComparisonTests {
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

    @Test(
        "the same bytes, not canonical equivalence",
        arguments: [
            ("é", "e\u{301}", false), ("é", "é", true), ("", "", true), ("Milk", "Milk ", false), ("Milk", "Milf", false),
            ("Å", "\u{212B}", false), (String(repeating: "日本", count: 2_000), String(repeating: "日本", count: 2_000), true),
        ])
    func equality(one: String, two: String, expected: Bool) {
        #expect(one.utf8Equals(two) == expected)
        #expect(two.utf8Equals(one) == expected)
        #expect(one.utf8Equals(two) == one.utf8.elementsEqual(two.utf8))
    }

    @Test(
        "a string's UTF-8 against bytes, short (held in the string) and long",
        arguments: [
            ("é", Array("e\u{301}".utf8), false), ("é", Array("é".utf8), true), ("", [], true), ("Milk", Array("Milk ".utf8), false),
            ("a title of twenty-two", Array("a title of twenty-two".utf8), true),
            ("a title of twenty-two", Array("a title of twenty-twO".utf8), false),
        ])
    func equalityWithBytes(text: String, bytes: [UInt8], expected: Bool) {
        bytes.withByteView { #expect(text.utf8Equals($0) == expected) }
    }

    @Test("one representation is one text; one text can have two representations")
    func representations() {
        let long = String(repeating: "日本", count: 20)
        let copy = long
        let remade = String(decoding: Array(long.utf8), as: UTF8.self)
        #expect(StringRepresentation(long) == StringRepresentation(copy))
        #expect(remade == long && StringRepresentation(remade) != StringRepresentation(long))
        #expect(StringRepresentation("Milk") == StringRepresentation(String(decoding: Array("Milk".utf8), as: UTF8.self)))
        #expect(StringRepresentation("Milk") != StringRepresentation("Milf"))
    }

    @Test("lent elements are the array's, in order")
    func lentElements() {
        let list = ["é", String(repeating: "Milk", count: 8), ""]
        list.withLentElements { lent in
            #expect(lent.count == 3)
            #expect((0..<lent.count).map { lent[$0] } == list)
        }
    }

    @Test("two arrays share storage until one is written to; equal arrays made apart do not")
    func sharedStorage() {
        let list = ["é", "Milk"]
        var copy = list
        #expect(list.sharesStorage(with: copy))
        copy[0] = "e\u{301}"
        #expect(!list.sharesStorage(with: copy))
        #expect(!list.sharesStorage(with: list.map { $0 }))
        #expect(!list.sharesStorage(with: Array(list.prefix(1))))
        #expect(([] as [String]).sharesStorage(with: []))
    }
}
