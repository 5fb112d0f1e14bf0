#if os(Linux) && !PORTABLE_DIGESTS
    import CNettle

    /// An HMAC-SHA256 key made ready on the system's Nettle:
    /// ``HMACSHA256/Key``'s backend on Linux. The same calls as
    /// ``PortableHMACKey``, so either can be that backend.
    struct NettleHMACKey: Sendable {
        private let context: hmac_sha256_ctx

        /// Makes `key` ready.
        init(_ key: [UInt8]) {
            var context = hmac_sha256_ctx()
            key.withUnsafeBufferPointer { todo_report_hmac_sha256_key(&context, $0.baseAddress, $0.count) }
            self.context = context
        }

        /// The 32-byte MAC of `message`.
        func mac(of message: UnsafeRawBufferPointer) -> [UInt8] {
            [UInt8](unsafeUninitializedCapacity: 32) { digest, count in
                withUnsafePointer(to: context) { keyed in
                    todo_report_hmac_sha256_keyed(
                        keyed, message.baseAddress?.assumingMemoryBound(to: UInt8.self), message.count, digest.baseAddress)
                }
                count = 32
            }
        }
    }
#endif
