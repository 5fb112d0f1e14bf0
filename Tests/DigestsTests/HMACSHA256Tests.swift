import ByteLevel
import Digests
import Testing

/// HMAC-SHA256 as this build runs it and the Swift one on its own, against
/// RFC 4231's test vectors (checked with Python's `hmac` when these tests
/// were written) and against each other.
@Suite("HMAC-SHA256")
struct HMACSHA256Tests {
    @Test(
        "RFC 4231 vectors: a short key, a text key, a key longer than a block, a message longer than a block, and nothing at all",
        arguments: [
            ([UInt8](repeating: 0x0B, count: 20), "Hi There", "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
            (Array("Jefe".utf8), "what do ya want for nothing?", "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
            (
                [UInt8](repeating: 0xAA, count: 131), "Test Using Larger Than Block-Size Key - Hash Key First",
                "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
            ),
            (
                [UInt8](repeating: 0xAA, count: 131),
                "This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.",
                "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"
            ),
            ([], "", "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad"),
        ])
    func vectors(key: [UInt8], message: String, expected: String) {
        #expect(HMACSHA256.mac(key: key, message: message.utf8).lowercaseHex == expected)
        // A key made ready once gives the same MAC, message after message, in both implementations.
        let keyed = HMACSHA256.Key(key)
        let portable = PortableHMACKey(key)
        for _ in 0..<3 {
            #expect(Array(message.utf8).withUnsafeBytes { keyed.mac(of: $0) }.lowercaseHex == expected)
            #expect(Array(message.utf8).withUnsafeBytes { portable.mac(of: $0) }.lowercaseHex == expected)
        }
    }

    @Test(
        "the MAC of two texts with a separator is the MAC of the three joined, texts of no bytes and of many included",
        arguments: [("u", "abc"), ("", ""), ("t", String(repeating: "é🥛", count: 100)), ("context", "")])
    func joined(first: String, second: String) {
        let keyed = HMACSHA256.Key(Array("Jefe".utf8))
        let whole = Array(first.utf8) + [0] + Array(second.utf8)
        #expect(keyed.mac(of: first, second, separatedBy: 0) == HMACSHA256.mac(key: Array("Jefe".utf8), message: whole))
        #expect(keyed.mac(of: first, second, separatedBy: 0) != keyed.mac(of: first, second, separatedBy: 1))
    }

    @Test("the Swift HMAC agrees with this build's for 500 random keys (up to 3 blocks long) and messages")
    func agree() {
        var random = SplitMix64(seed: 4231)
        for index in 0..<500 {
            let key = (0..<(index % 200)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let message = (0..<Int.random(in: 0...300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let portable = message.withUnsafeBytes { PortableHMACKey(key).mac(of: $0) }
            #expect(portable == HMACSHA256.mac(key: key, message: message), "key of \(key.count) bytes, message of \(message.count)")
        }
    }

    @Test("another key gives another MAC")
    func keyMatters() {
        let one = HMACSHA256.mac(key: Array("team key".utf8), message: "user-17".utf8)
        let two = HMACSHA256.mac(key: Array("other key".utf8), message: "user-17".utf8)
        #expect(one != two)
        #expect(one == HMACSHA256.mac(key: Array("team key".utf8), message: "user-17".utf8))
    }
}
