import CNettle

/// SHA-256 and base64, from the system's Nettle (CryptoKit does not exist on
/// Linux): the page's Content-Security-Policy hashes, state digests and key
/// fingerprints. With ``HMACSHA256``, the only code that imports `CNettle`.
package enum SHA256 {
    /// The 32-byte digest of `bytes`.
    package static func hash(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        let contiguous = Array(bytes)
        contiguous.withUnsafeBufferPointer { input in
            digest.withUnsafeMutableBufferPointer { output in
                todo_report_sha256(input.baseAddress, input.count, output.baseAddress)
            }
        }
        return digest
    }

    /// The digest in padded base64, as CSP's `'sha256-…'` sources want it.
    package static func base64Digest(of text: String) -> String {
        base64(hash(text.utf8))
    }

    /// Padded base64 (RFC 4648, `+/` alphabet) of `bytes`.
    package static func base64(_ bytes: [UInt8]) -> String {
        let length = todo_report_base64_length(bytes.count)
        return String(unsafeUninitializedCapacity: length) { output in
            bytes.withUnsafeBufferPointer { input in
                output.withMemoryRebound(to: CChar.self) { characters in
                    todo_report_base64(input.baseAddress, input.count, characters.baseAddress)
                }
            }
            return length
        }
    }
}
