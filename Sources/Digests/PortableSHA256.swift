/// SHA-256 (FIPS 180-4) in Swift alone, fed as bytes come: what ``SHA256``,
/// ``SHA256Stream`` and ``HMACSHA256`` run on every platform but Linux, so an
/// app that links this package needs no C library (iOS has no Nettle).
///
/// Compiled on every platform, Linux included, so that the tests compare it
/// with Nettle (``NettleSHA256``) on each run; building with
/// `TODO_REPORT_PORTABLE_DIGESTS=1` makes it the one the whole package uses
/// on Linux too.
package struct PortableSHA256: Sendable {
    /// The eight working words after the blocks so far.
    private var words: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    /// Bytes added that do not yet fill a 64-byte block.
    private var pending: [UInt8] = []
    /// Bytes added so far.
    private var length: UInt64 = 0

    /// An empty digest.
    package init() {
        pending.reserveCapacity(64)
    }

    /// Adds the next bytes.
    package mutating func add(_ bytes: UnsafeRawBufferPointer) {
        guard var start = bytes.baseAddress else { return }
        var count = bytes.count
        length &+= UInt64(count)
        if !pending.isEmpty {
            let taken = min(64 - pending.count, count)
            pending.append(contentsOf: UnsafeRawBufferPointer(start: start, count: taken))
            start += taken
            count -= taken
            guard pending.count == 64 else { return }
            pending.withUnsafeBytes { compress($0.baseAddress, blocks: 1) }
            pending.removeAll(keepingCapacity: true)
        }
        let blocks = count / 64
        if blocks > 0 { compress(start, blocks: blocks) }
        let rest = count - blocks * 64
        if rest > 0 { pending.append(contentsOf: UnsafeRawBufferPointer(start: start + blocks * 64, count: rest)) }
    }

    /// Adds the bytes of a collection.
    package mutating func add(_ bytes: some Collection<UInt8>) {
        if bytes.withContiguousStorageIfAvailable({ add(UnsafeRawBufferPointer($0)) }) == nil {
            Array(bytes).withUnsafeBytes { add($0) }
        }
    }

    /// The 32-byte digest of everything added so far (the stream can go on).
    package func digest() -> [UInt8] {
        var last = self
        // The padding: 0x80, zeros up to 56 bytes into a block, then the length in bits, big-endian.
        let bits = length &* 8
        var padding: [UInt8] = [0x80]
        padding += [UInt8](repeating: 0, count: (119 - pending.count) % 64)
        for shift in stride(from: 56, through: 0, by: -8) { padding.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        padding.withUnsafeBytes { last.add($0) }
        var digest: [UInt8] = []
        digest.reserveCapacity(32)
        for word in last.words {
            for shift in stride(from: 24, through: 0, by: -8) { digest.append(UInt8(truncatingIfNeeded: word >> UInt32(shift))) }
        }
        return digest
    }

    /// Writes the 32-byte digest of everything added so far to `target` (the stream can go on).
    package func digest(into target: UnsafeMutablePointer<UInt8>) {
        for (index, byte) in digest().enumerated() { target[index] = byte }
    }

    /// The implementation's name, for tests and messages.
    package static var implementation: String { "Swift" }

    /// Runs the compression function over `blocks` whole blocks at `start`.
    private mutating func compress(_ start: UnsafeRawPointer?, blocks: Int) {
        guard let start else { return }
        words.withUnsafeMutableBufferPointer { state in
            Self.roundConstants.withUnsafeBufferPointer { k in
                withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
                    for block in 0..<blocks {
                        let base = start + block * 64
                        for i in 0..<16 { w[i] = UInt32(bigEndian: base.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)) }
                        for i in 16..<64 {
                            let x = w[i - 15]
                            let y = w[i - 2]
                            let s0 = rotate(x, 7) ^ rotate(x, 18) ^ (x >> 3)
                            let s1 = rotate(y, 17) ^ rotate(y, 19) ^ (y >> 10)
                            w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
                        }
                        var a = state[0]
                        var b = state[1]
                        var c = state[2]
                        var d = state[3]
                        var e = state[4]
                        var f = state[5]
                        var g = state[6]
                        var h = state[7]
                        for i in 0..<64 {
                            let sum1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
                            let choice = (e & f) ^ (~e & g)
                            let t1 = h &+ sum1 &+ choice &+ k[i] &+ w[i]
                            let sum0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
                            let majority = (a & b) ^ (a & c) ^ (b & c)
                            h = g
                            g = f
                            f = e
                            e = d &+ t1
                            d = c
                            c = b
                            b = a
                            a = t1 &+ sum0 &+ majority
                        }
                        state[0] &+= a
                        state[1] &+= b
                        state[2] &+= c
                        state[3] &+= d
                        state[4] &+= e
                        state[5] &+= f
                        state[6] &+= g
                        state[7] &+= h
                    }
                }
            }
        }
    }

    /// The first 32 bits of the fractional parts of the cube roots of the first 64 primes.
    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]
}

/// `value` rotated right by `count` bits.
@inline(__always)
private func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
    (value >> count) | (value << (32 &- count))
}

/// HMAC-SHA256 (RFC 2104) over ``PortableSHA256``: the inner and outer
/// digests with the key's blocks already added, so that each MAC costs its
/// message's hashing only.
package struct PortableHMACKey: Sendable {
    private let inner: PortableSHA256
    private let outer: PortableSHA256

    /// Makes `key` ready (a key longer than a block is hashed first).
    package init(_ key: [UInt8]) {
        var block = key.count > 64 ? Self.hash(key) : key
        block += [UInt8](repeating: 0, count: 64 - block.count)
        var inner = PortableSHA256()
        inner.add(block.map { $0 ^ 0x36 })
        var outer = PortableSHA256()
        outer.add(block.map { $0 ^ 0x5C })
        self.inner = inner
        self.outer = outer
    }

    /// The 32-byte MAC of `message`.
    package func mac(of message: UnsafeRawBufferPointer) -> [UInt8] {
        var inner = self.inner
        inner.add(message)
        var outer = self.outer
        outer.add(inner.digest())
        return outer.digest()
    }

    private static func hash(_ bytes: [UInt8]) -> [UInt8] {
        var stream = PortableSHA256()
        stream.add(bytes)
        return stream.digest()
    }
}
