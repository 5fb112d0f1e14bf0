import ByteLevel
import Digests
import Testing

@Suite("Sealing spill files")
struct SpillKeystreamTests {
    static let key = (0..<32).map { UInt8($0) }

    static func sealed(_ bytes: [UInt8], at offset: Int, by keystream: SpillKeystream, file: UInt64 = 0) -> [UInt8] {
        var copy = bytes
        copy.withUnsafeMutableBytes { keystream.apply(to: $0, at: offset, file: file) }
        return copy
    }

    static func littleEndian(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    @Test("each 32 bytes are XORed with SHA-256 of the key, the file's and the block's number; twice gives the bytes back")
    func counterMode() {
        let keystream = SpillKeystream(key: Self.key)
        let zeros = [UInt8](repeating: 0, count: 96)
        let pads = (0..<3).map { block in SHA256.hash(Self.key + Self.littleEndian(5) + Self.littleEndian(UInt64(block))) }
        #expect(Self.sealed(zeros, at: 0, by: keystream, file: 5) == pads.flatMap { $0 })
        let text = Array("Buy milk, call Grandma".utf8)
        #expect(Self.sealed(Self.sealed(text, at: 1_000, by: keystream), at: 1_000, by: keystream) == text)
    }

    @Test("a range sealed in pieces is the range sealed whole, wherever the pieces start", arguments: [0, 1, 31, 32, 33, 1_000_003])
    func pieces(offset: Int) {
        let keystream = SpillKeystream(key: Self.key)
        let bytes = (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let whole = Self.sealed(bytes, at: offset, by: keystream)
        var cuts = [0, 5, 37, 64, 65, 150, 200]
        if offset % 2 == 1 { cuts = [0, 1, 2, 100, 199, 200] }
        let pieced = zip(cuts, cuts.dropFirst()).flatMap { start, end in
            Self.sealed(Array(bytes[start..<end]), at: offset + start, by: keystream)
        }
        #expect(pieced == whole)
    }

    @Test("another key, a new random one, or another file gives another keystream")
    func keys() {
        let zeros = [UInt8](repeating: 0, count: 64)
        let first = Self.sealed(zeros, at: 0, by: SpillKeystream(key: Self.key))
        #expect(first != Self.sealed(zeros, at: 0, by: SpillKeystream(key: Self.key), file: 1))
        #expect(first != Self.sealed(zeros, at: 0, by: SpillKeystream(key: Self.key.reversed())))
        #expect(Self.sealed(zeros, at: 0, by: SpillKeystream()) != Self.sealed(zeros, at: 0, by: SpillKeystream()))
    }
}
