/// SHA-256 and base64: the page's Content-Security-Policy hashes, state
/// digests and key fingerprints. The hashing is ``SHA256Stream``'s (Nettle on
/// Linux, ``PortableSHA256`` elsewhere); base64 is a few lines of Swift.
package enum SHA256 {
    /// The 32-byte digest of `bytes`.
    package static func hash(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var stream = SHA256Stream()
        let contiguous = Array(bytes)
        contiguous.withUnsafeBytes { stream.add($0) }
        return stream.digest()
    }

    /// The digest in padded base64, as CSP's `'sha256-…'` sources want it.
    package static func base64Digest(of text: String) -> String {
        base64(hash(text.utf8))
    }

    /// Padded base64 (RFC 4648, `+/` alphabet) of `bytes`.
    package static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var text: [UInt8] = []
        text.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var group = UInt32(bytes[index]) << 16
            if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
            if count > 2 { group |= UInt32(bytes[index + 2]) }
            for digit in 0..<4 {
                text.append(digit <= count ? alphabet[Int(group >> UInt32(18 - 6 * digit) & 0x3F)] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: text, as: UTF8.self)
    }
}
