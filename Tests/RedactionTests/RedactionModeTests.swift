import Redaction
import Testing

@Suite("How a session was redacted, written into and read from a stats file's tool")
struct RedactionModeTests {
    static let keyed = RedactionMode(Pseudonyms(key: Array("team secret".utf8)))

    @Test("a key's mode carries its fingerprint; no key, none")
    func fromPseudonyms() {
        #expect(Self.keyed == .keyed(fingerprint: "b8af948912df3dbd"))
        #expect(RedactionMode(Pseudonyms(key: nil)) == .withoutKey)
        #expect(Self.keyed.keyFingerprint == "b8af948912df3dbd" && RedactionMode.withoutKey.keyFingerprint == nil)
    }

    @Test(
        "the tool text a stats file records, and the mode read back from it",
        arguments: [
            ("todo-report 0.9.0", nil),
            ("todo-report 0.9.0 --redact", RedactionMode.withoutKey),
            ("todo-report 0.9.0 --redact key b8af948912df3dbd", .keyed(fingerprint: "b8af948912df3dbd")),
        ] as [(String, RedactionMode?)])
    func tool(text: String, mode: RedactionMode?) {
        #expect(RedactionMode(tool: text) == mode)
        if let mode { #expect("todo-report 0.9.0" + mode.toolSuffix == text) }
    }

    @Test("one line for a report, and the identifiers of many sessions by every key used, sorted")
    func description() {
        #expect(RedactionMode.withoutKey.description == "typed text masked; identifiers replaced by redacted (no key)")
        #expect(Self.keyed.description == "typed text masked; identifiers pseudonymised with the key whose fingerprint is b8af948912df3dbd")
        let modes: [RedactionMode] = [.keyed(fingerprint: "ff01"), .withoutKey, .keyed(fingerprint: "0a02"), .keyed(fingerprint: "ff01")]
        #expect(RedactionMode.identifiers(modes) == "identifiers pseudonymised with the keys whose fingerprints are 0a02, ff01")
        #expect(RedactionMode.identifiers([.withoutKey, .withoutKey]) == "identifiers replaced by redacted (no key)")
    }

    @Test("a pseudonym's text and its 32 bits are one value both ways; other text has none")
    func pseudonymBits() throws {
        let pseudonym = Pseudonyms(key: Array("team secret".utf8)).pseudonym(of: "analyst-demo-07", as: .user)
        let bits = try #require(Pseudonyms.bits(of: pseudonym, as: .user))
        #expect(bits == 0x1714_846f && Pseudonyms.text(bits, as: .user) == pseudonym)
        #expect(Pseudonyms.text(0x3f, as: .title) == "t-0000003f")
        for other in ["t-1714846f", "u-1714846", "u-1714846f0", "u-1714846F", "redacted", "u-"] {
            #expect(Pseudonyms.bits(of: other, as: .user) == nil, "\(other)")
        }
    }
}
