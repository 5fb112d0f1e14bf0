/// FNV-1a, 64 bits: a hash that is the same on every machine and in every
/// run (Swift's `Hasher` is seeded per process), for names and ids that must
/// not change: batch shards and file names, derived item ids.
package enum FNV1a {
    /// The standard offset basis.
    package static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
    /// The 64-bit FNV prime.
    package static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// The hash of `bytes`, starting from `basis` (the standard one unless
    /// a second, independent hash of the same bytes is wanted).
    package static func hash(_ bytes: some Sequence<UInt8>, basis: UInt64 = offsetBasis) -> UInt64 {
        var hash = basis
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* prime
        }
        return hash
    }
}
