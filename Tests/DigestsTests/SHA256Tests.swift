import Digests
import Testing

/// Nettle's SHA-256 and base64 as the page uses them. The expected values were
/// computed with Python's `hashlib.sha256` and `base64.b64encode` when these
/// tests were written (the empty string, "abc" and 1,000,000 × "a" are in
/// `PageBuildingBlockTests`).
@Suite("SHA-256 and base64 from Nettle")
struct SHA256Tests {
    @Test(
        "the digest of an input spanning several 64-byte blocks",
        arguments: [
            // FIPS 180-4's two-block example (112 bytes).
            (
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
                "z1sWp3ivg4ADbOWeewSSNwskmxHo8HpRr6xFA3r+6dE="
            ),
            // 560 bytes of UTF-8: the digest is of the bytes, not of the characters.
            (String(repeating: "<script>\u{e9}\u{2028} ", count: 40), "LX4VvgOmlBJHM5A1mwPIUiskAjO3snWfdf1SIMXYR9g="),
        ])
    func multiBlock(input: String, expected: String) {
        #expect(SHA256.base64Digest(of: input) == expected)
    }

    @Test("the raw digest is 32 bytes in order")
    func rawDigest() {
        let hex = SHA256.hash(Array("abc".utf8)).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
        #expect(hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("every byte value, three times over (768 bytes, 12 blocks)")
    func allByteValues() {
        let bytes = Array((0..<768).map { UInt8(truncatingIfNeeded: $0) })
        #expect(SHA256.base64(SHA256.hash(bytes)) == "86JaqTqi+7oo15JgU1u9al6w/BwkqLDwThK0hMHf42M=")
    }

    @Test(
        "base64 pads to a multiple of four (RFC 4648's examples)",
        arguments: [
            ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
        ])
    func base64(input: String, expected: String) {
        #expect(SHA256.base64(Array(input.utf8)) == expected)
    }

    @Test("base64 uses + and / for the last two digits")
    func base64Alphabet() {
        #expect(SHA256.base64([0xFB, 0xFF, 0xFE]) == "+//+")
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
