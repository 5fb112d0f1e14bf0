import ByteLevel
import Testing

struct ByteViewTests {
    @Test func partsCountFromZeroAndReadTheirOwnBytes() {
        let bytes = Array("0123456789abcdef".utf8)
        bytes.withByteView { view in
            #expect(view.count == 16)
            let part = view.subview(4..<10)
            #expect(part.count == 6)
            #expect(part[0] == UInt8(ascii: "4"))
            #expect(part.text == "456789")
            #expect(Array(part) == Array("456789".utf8))
            #expect(view.subview(from: 14).text == "ef")
            #expect(view.subview(16..<16).isEmpty)
        }
    }

    @Test func aWordIsEightBytesLittleEndian() {
        let bytes: [UInt8] = [0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09]
        bytes.withByteView { view in
            #expect(view.word(at: 0) == 0x0807_0605_0403_0201)
            #expect(view.word(at: 1) == 0x0908_0706_0504_0302)
        }
    }

    /// Every length from empty to past sixteen, cut from the middle of
    /// bytes of 0xFF: a byte read from outside the view would show in the words.
    @Test(arguments: 0...20)
    func theFirstSixteenBytesAsTwoWordsWithZerosPastTheEnd(count: Int) {
        let inside = (0..<count).map { UInt8(0x41 + $0) }
        let surrounded = [UInt8](repeating: 0xFF, count: 8) + inside + [UInt8](repeating: 0xFF, count: 8)
        var expectedLow: UInt64 = 0
        var expectedHigh: UInt64 = 0
        for (offset, byte) in inside.prefix(16).enumerated() {
            if offset < 8 {
                expectedLow |= UInt64(byte) << (8 * offset)
            } else {
                expectedHigh |= UInt64(byte) << (8 * (offset - 8))
            }
        }
        surrounded.withByteView { view in
            let words = view.subview(8..<8 + count).firstSixteenBytes
            #expect(words.low == expectedLow)
            #expect(words.high == expectedHigh)
        }
    }

    @Test(
        arguments: [
            ("a\\b\\c", UInt8(ascii: "\\"), 0, 1), ("a\\b\\c", UInt8(ascii: "\\"), 2, 3), ("a\\b\\c", UInt8(ascii: "\\"), 4, nil),
            ("abc", UInt8(ascii: "z"), 0, nil), ("", UInt8(ascii: "a"), 0, nil), ("abc", UInt8(ascii: "a"), 3, nil),
        ] as [(String, UInt8, Int, Int?)])
    func findsTheFirstByteFromAnIndex(text: String, byte: UInt8, start: Int, expected: Int?) {
        #expect(text.withByteView { $0.firstIndex(of: byte, from: start) } == expected)
    }

    /// Views of every length to past sixteen (compared as words up to sixteen,
    /// by `memcmp` after), equal, or differing in one byte at each place.
    @Test(arguments: 0...20)
    func equalOnlyWhenEveryByteIs(count: Int) {
        let bytes = (0..<count).map { UInt8(0x61 + $0) }
        bytes.withByteView { view in
            Array(bytes).withByteView { same in #expect(view.bytesEqual(same)) }
            for place in 0..<count {
                var other = bytes
                other[place] ^= 0x20
                other.withByteView { #expect(!view.bytesEqual($0), "byte \(place) of \(count)") }
            }
            (bytes + [0x7A]).withByteView { #expect(!view.bytesEqual($0), "a view one byte longer") }
        }
    }

    @Test func comparesBytesNotIdentity() {
        let one = Array("addItem".utf8)
        let other = Array("xaddItemx".utf8)
        one.withByteView { a in
            other.withByteView { b in
                #expect(a.bytesEqual(b.subview(1..<8)))
                #expect(!a.bytesEqual(b.subview(0..<7)))
                #expect(!a.bytesEqual(b))
                #expect(a.bytesEqual(ByteView("addItem")))
                #expect(ByteView().bytesEqual(b.subview(3..<3)))
            }
        }
    }

    @Test func lendsBytesThatAreNotContiguousFromACopy() {
        let spread = "hello".utf8.lazy.map { $0 + 1 }
        #expect(ByteView.lend(spread) { $0.text } == "ifmmp")
        #expect(ByteView.lend(Array("héllo".utf8)) { $0.text } == "héllo")
    }

    @Test func aFailureInTheBodyIsRethrownAsItsOwnType() {
        struct Stop: Error, Equatable {}
        #expect(throws: Stop()) { try [UInt8](repeating: 1, count: 3).withByteView { (_) throws(Stop) in throw Stop() } }
        var appended: [UInt8] = [9]
        Array("ab".utf8).withByteView { appended.append(contentsOf: $0) }
        #expect(appended == [9, 0x61, 0x62])
    }
}

struct JSONStringDecoderTests {
    /// Content as it stands between a string's quotes, already validated, and its text.
    @Test(arguments: [
        ("plain", "plain"),
        ("", ""),
        (#"a\"b\\c\/d"#, "a\"b\\c/d"),
        (#"\b\f\n\r\t"#, "\u{08}\u{0C}\n\r\t"),
        (#"\u00e9t\u00C9"#, "étÉ"),
        (#"\u20ac"#, "€"),
        (#"\ud83d\ude00!"#, "😀!"),
        (#"\ud83d"#, "\u{FFFD}"),
        (#"\ude00x"#, "\u{FFFD}x"),
        (#"\ud83d\ud83d\ude00"#, "\u{FFFD}😀"),
        (#"\ud83dx"#, "\u{FFFD}x"),
        ("ünï\\ncode", "ünï\ncode"),
    ])
    func decodesEscapesAndSurrogates(content: String, text: String) {
        #expect(content.withByteView { JSONStringDecoder.decode($0) } == text)
    }
}
