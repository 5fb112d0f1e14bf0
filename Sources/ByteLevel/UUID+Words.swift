#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

extension UUID {
    /// The id's 16 bytes as two 64-bit words, in memory order: a key that
    /// `Hasher` takes in two steps.
    package var words: (UInt64, UInt64) {
        withUnsafeBytes(of: uuid) { ($0.loadUnaligned(as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) }
    }
}
