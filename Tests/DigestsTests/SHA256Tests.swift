import ByteLevel
import Digests
import Testing

/// SHA-256 as this build runs it (Nettle on Linux, Swift elsewhere and with
/// `TODO_REPORT_PORTABLE_DIGESTS=1`) and the Swift one on its own, against
/// FIPS 180-4's examples and digests computed with Python's `hashlib.sha256`
/// when these tests were written, and against each other.
@Suite("SHA-256")
struct SHA256Tests {
    /// The two implementations a test runs: the one this build uses, and the Swift one.
    enum Implementation: String, CaseIterable, CustomTestStringConvertible {
        case selected
        case portable

        var testDescription: String { self == .selected ? "this build's (\(SHA256Stream.implementation))" : "the Swift one" }

        /// The digest of `bytes`, added in pieces of `piece` bytes (all at once when nil).
        func hash(_ bytes: [UInt8], piece: Int? = nil) -> [UInt8] {
            let size = max(piece ?? bytes.count, 1)
            var selected = SHA256Stream()
            var portable = PortableSHA256()
            bytes.withUnsafeBytes { all in
                for start in stride(from: 0, to: all.count, by: size) {
                    let part = UnsafeRawBufferPointer(rebasing: all[start..<min(start + size, all.count)])
                    switch self {
                    case .selected: selected.add(part)
                    case .portable: portable.add(part)
                    }
                }
            }
            return self == .selected ? selected.digest() : portable.digest()
        }
    }

    static let vectors: [(input: [UInt8], hex: String)] = [
        ([], "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        (Array("abc".utf8), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        // FIPS 180-4's two-block example (56 bytes: its padding needs a second block).
        (
            Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        // 112 bytes.
        (
            Array(
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
                    .utf8),
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
        // Lengths on each side of a block's edge and of the padding's.
        ([UInt8](repeating: 0x61, count: 55), "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
        ([UInt8](repeating: 0x61, count: 63), "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"),
        ([UInt8](repeating: 0x61, count: 64), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
        ([UInt8](repeating: 0x61, count: 1_000_000), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
        // Every byte value, three times over (768 bytes, 12 blocks).
        ((0..<768).map { UInt8(truncatingIfNeeded: $0) }, "f3a25aa93aa2fbba28d79260535bbd6a5eb0fc1c24a8b0f04e12b484c1dfe363"),
    ]

    @Test("FIPS 180-4 and Python's digests, whole and in pieces that straddle blocks", arguments: Implementation.allCases)
    func vectors(implementation: Implementation) {
        for (input, hex) in Self.vectors {
            for piece in [nil, 1, 7, 63, 64, 65, 4_096] as [Int?] {
                #expect(implementation.hash(input, piece: piece).lowercaseHex == hex, "\(input.count) bytes in pieces of \(piece ?? 0)")
            }
        }
    }

    /// In a build whose SHA-256 is the Swift one (off Linux, or built with
    /// `TODO_REPORT_PORTABLE_DIGESTS=1`) there is nothing to compare it with.
    @Test(
        "the Swift SHA-256 agrees with this build's on 2,000 random inputs of every length up to 5 blocks, and a 3 MB one",
        .enabled(if: SHA256Stream.implementation != "Swift"))
    func agree() {
        var random = SplitMix64(seed: 21)
        var inputs = (0..<2_000).map { index in (0..<(index % 321)).map { _ in UInt8.random(in: 0...255, using: &random) } }
        inputs.append((0..<3_000_000).map { _ in UInt8.random(in: 0...255, using: &random) })
        for input in inputs {
            let piece = Int.random(in: 1...200, using: &random)
            #expect(Implementation.portable.hash(input, piece: piece) == Implementation.selected.hash(input), "\(input.count) bytes")
        }
    }

    @Test("a stream's digest can be taken midway, and the stream goes on", arguments: Implementation.allCases)
    func midway(implementation: Implementation) {
        var selected = SHA256Stream()
        var portable = PortableSHA256()
        let abc = Array("abc".utf8)
        abc.withUnsafeBytes { implementation == .selected ? selected.add($0) : portable.add($0) }
        let first = implementation == .selected ? selected.digest() : portable.digest()
        abc.withUnsafeBytes { implementation == .selected ? selected.add($0) : portable.add($0) }
        let second = implementation == .selected ? selected.digest() : portable.digest()
        #expect(first.lowercaseHex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(second == implementation.hash(abc + abc))
    }

    @Test("digest(into:) writes what digest() returns, midway too, and the stream goes on", arguments: Implementation.allCases)
    func digestInto(implementation: Implementation) {
        var selected = SHA256Stream()
        var portable = PortableSHA256()
        var written = [UInt8](repeating: 0, count: 32)
        var added: [UInt8] = []
        for length in [0, 3, 64, 200] {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 7) }
            added += bytes
            bytes.withUnsafeBytes { implementation == .selected ? selected.add($0) : portable.add($0) }
            written.withUnsafeMutableBufferPointer { target in
                guard let base = target.baseAddress else { return }
                implementation == .selected ? selected.digest(into: base) : portable.digest(into: base)
            }
            #expect(written == (implementation == .selected ? selected.digest() : portable.digest()), "after \(length) more bytes")
            #expect(written == implementation.hash(added), "\(added.count) bytes in all")
        }
    }

    @Test("the page's base64 digests: the hash of bytes, not of characters")
    func base64Digests() {
        #expect(SHA256.base64Digest(of: "") == "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
        #expect(
            SHA256.base64Digest(of: String(repeating: "<script>\u{e9}\u{2028} ", count: 40))
                == "LX4VvgOmlBJHM5A1mwPIUiskAjO3snWfdf1SIMXYR9g=")
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
        #expect(SHA256.base64([0x00, 0x10, 0x83]) == "ABCD")
    }
}
