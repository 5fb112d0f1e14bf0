import CNettle

/// HMAC-SHA256 (RFC 2104): a keyed digest, so that a value's pseudonym is
/// stable for whoever holds the key and says nothing to anyone else.
package enum HMACSHA256 {
    /// A key made ready once: each MAC under it then costs its message's
    /// hashing only (a pseudonym for every keystroke of a million).
    package final class Key: Sendable {
        private let context: hmac_sha256_ctx

        package init(_ key: [UInt8]) {
            var context = hmac_sha256_ctx()
            key.withUnsafeBufferPointer { todo_report_hmac_sha256_key(&context, $0.baseAddress, $0.count) }
            self.context = context
        }

        /// The 32-byte MAC of `message`.
        package func mac(of message: UnsafeRawBufferPointer) -> [UInt8] {
            [UInt8](unsafeUninitializedCapacity: 32) { digest, count in
                withUnsafePointer(to: context) { keyed in
                    todo_report_hmac_sha256_keyed(
                        keyed, message.baseAddress?.assumingMemoryBound(to: UInt8.self), message.count, digest.baseAddress)
                }
                count = 32
            }
        }
    }

    /// The 32-byte MAC of `message` under `key`.
    package static func mac(key: [UInt8], message: some Collection<UInt8>) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        let message = Array(message)
        key.withUnsafeBufferPointer { key in
            message.withUnsafeBufferPointer { input in
                digest.withUnsafeMutableBufferPointer { output in
                    todo_report_hmac_sha256(key.baseAddress, key.count, input.baseAddress, input.count, output.baseAddress)
                }
            }
        }
        return digest
    }
}

extension Collection<UInt8> {
    /// The bytes as lower-case hexadecimal digits.
    package var lowercaseHex: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(count * 2)
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
