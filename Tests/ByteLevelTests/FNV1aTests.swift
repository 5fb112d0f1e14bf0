import ByteLevel
import Testing

struct FNV1aTests {
    /// The published FNV-1a 64-bit test vectors (Fowler, Noll and Vo's `test_fnv.c`).
    @Test(arguments: [
        ("", UInt64(0xcbf2_9ce4_8422_2325)), ("a", 0xaf63_dc4c_8601_ec8c), ("b", 0xaf63_df4c_8601_f1a5),
        ("foobar", 0x8594_4171_f739_67e8),
    ])
    func knownVectors(text: String, hash: UInt64) {
        #expect(FNV1a.hash(Array(text.utf8)) == hash)
    }

    @Test func anotherBasisGivesAnotherHash() {
        let bytes = Array("todo-session/1|s|3".utf8)
        #expect(FNV1a.hash(bytes, basis: FNV1a.offsetBasis) == FNV1a.hash(bytes))
        #expect(FNV1a.hash(bytes, basis: 0x8422_2325_CBF2_9CE4) != FNV1a.hash(bytes))
    }
}
