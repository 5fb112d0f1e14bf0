/// HMAC-SHA256 (RFC 2104): a keyed digest, so that a value's pseudonym is
/// stable for whoever holds the key and says nothing to anyone else. Nettle
/// (``NettleHMACKey``) on Linux, ``PortableHMACKey`` elsewhere (as
/// ``SHA256Stream``); only the backend's type depends on the platform.
package enum HMACSHA256 {
    /// A key made ready once: each MAC under it then costs its message's
    /// hashing only (a pseudonym for every keystroke of a million).
    package final class Key: Sendable {
        #if os(Linux) && !PORTABLE_DIGESTS
            private typealias Backend = NettleHMACKey
        #else
            private typealias Backend = PortableHMACKey
        #endif

        private let backend: Backend

        /// Makes `key` ready (a key longer than a block is hashed first).
        package init(_ key: [UInt8]) {
            backend = Backend(key)
        }

        /// The 32-byte MAC of `message`.
        package func mac(of message: UnsafeRawBufferPointer) -> [UInt8] {
            backend.mac(of: message)
        }

        /// The 32-byte MAC of `first`'s UTF-8, `separator` and `second`'s,
        /// joined on the stack: a pseudonym's message is its kind, a NUL and
        /// the value, for every value of a log.
        package func mac(of first: String, _ second: String, separatedBy separator: UInt8) -> [UInt8] {
            var (first, second) = (first, second)
            return first.withUTF8 { one in
                second.withUTF8 { two in
                    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: one.count + 1 + two.count) { message in
                        var end = message.initialize(fromContentsOf: one)
                        message[end] = separator
                        end += 1
                        _ = message[end...].initialize(fromContentsOf: two)
                        return mac(of: UnsafeRawBufferPointer(message))
                    }
                }
            }
        }
    }

    /// The 32-byte MAC of `message` under `key`.
    package static func mac(key: [UInt8], message: some Collection<UInt8>) -> [UInt8] {
        Array(message).withUnsafeBytes { Key(key).mac(of: $0) }
    }
}
