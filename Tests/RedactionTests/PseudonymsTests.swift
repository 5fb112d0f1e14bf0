import Foundation
import Redaction
import Testing

@Suite("Keyed pseudonyms")
struct PseudonymsTests {
    static let key = Array("team secret".utf8)

    @Test("a pseudonym is the kind's prefix and 8 hex digits of HMAC-SHA256 (checked with Python's hmac)")
    func knownValue() {
        #expect(Pseudonyms(key: Self.key).pseudonym(of: "analyst-demo-07", as: .user) == "u-1714846f")
    }

    @Test("stable with the same key, different with another key or another kind")
    func stability() {
        let one = Pseudonyms(key: Self.key)
        let again = Pseudonyms(key: Self.key)
        let other = Pseudonyms(key: Array("another team".utf8))
        for kind in Pseudonyms.Kind.allCases {
            let value = one.pseudonym(of: "value-42", as: kind)
            #expect(value == again.pseudonym(of: "value-42", as: kind))
            #expect(value != other.pseudonym(of: "value-42", as: kind))
            #expect(value != one.pseudonym(of: "value-43", as: kind))
            #expect(value.hasPrefix(kind.rawValue + "-") && value.count == kind.rawValue.count + 9)
        }
        #expect(one.pseudonym(of: "x", as: .user).dropFirst(2) != one.pseudonym(of: "x", as: .title).dropFirst(2))
    }

    @Test("without a key every value is `redacted`")
    func withoutKey() {
        let pseudonyms = Pseudonyms(key: nil)
        #expect(!pseudonyms.isKeyed)
        #expect(pseudonyms.pseudonym(of: "analyst-demo-07", as: .user) == "redacted")
        #expect(pseudonyms.keyFingerprint == nil)
    }

    @Test("the key's fingerprint names it without showing it (checked with Python's hashlib)")
    func fingerprint() {
        let fingerprint = Pseudonyms(key: Self.key).keyFingerprint
        #expect(fingerprint == "b8af948912df3dbd")
        #expect(fingerprint != Pseudonyms(key: Array("another team".utf8)).keyFingerprint)
    }

    @Test("a key file's trailing line break is not part of the key")
    func keyFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("key-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        let key = "a team secret of 27 bytes.."
        for text in [key + "\n", key + "\r\n", key] {
            try Data(text.utf8).write(to: url)
            #expect(
                try Pseudonyms(keyFile: url).pseudonym(of: "s-1", as: .session)
                    == Pseudonyms(key: Array(key.utf8)).pseudonym(of: "s-1", as: .session))
        }
    }

    @Test(
        "a pseudonym depends on every byte of the value and of the key, and on nothing else",
        arguments: ["alice", "Alice", "alice ", "アリス", "👩‍💻", ""])
    func sensitivity(value: String) {
        let one = Pseudonyms(key: Self.key)
        let pseudonym = one.pseudonym(of: value, as: .user)
        #expect(pseudonym == Pseudonyms(key: Self.key).pseudonym(of: value, as: .user))
        #expect(pseudonym != Pseudonyms(key: Self.key + [1]).pseudonym(of: value, as: .user))
        #expect(pseudonym != Pseudonyms(key: Array("Team secret".utf8)).pseudonym(of: value, as: .user))
        #expect(pseudonym != one.pseudonym(of: value + "\u{0}", as: .user))
        #expect(pseudonym.range(of: "^u-[0-9a-f]{8}$", options: .regularExpression) != nil)
    }

    @Test("a key file's bytes are the key, less one line break")
    func keyFileContents() throws {
        let key = Array("0123456789abcdef".utf8)
        let expected = Pseudonyms(key: key).keyFingerprint
        #expect(try Pseudonyms(keyFileContents: key + Array("\r\n".utf8)).keyFingerprint == expected)
        #expect(try Pseudonyms(keyFileContents: key + Array("\n\n".utf8)).keyFingerprint != expected)
    }

    @Test(
        "a key file with no secret, or one shorter than 16 bytes, is refused: its pseudonyms could be guessed against the fingerprint",
        arguments: [
            ("", KeyFileProblem.noSecret), (" \t\r\n\n", .noSecret), (String(repeating: " ", count: 40), .noSecret),
            ("0123456789abcde\n", .tooShort(bytes: 15)), ("team secret", .tooShort(bytes: 11)),
        ])
    func weakKeyFiles(text: String, problem: KeyFileProblem) {
        #expect(throws: problem) { try Pseudonyms(keyFileContents: Array(text.utf8)) }
        #expect(throws: Never.self) { try Pseudonyms(keyFileContents: Array("0123456789abcdef\n".utf8)) }
    }
}
