#if os(Linux) && !PORTABLE_DIGESTS
    import CNettle

    /// SHA-256 on the system's Nettle, which uses the processor's SHA
    /// instructions where there are some: ``SHA256Stream``'s backend on Linux.
    /// The same calls as ``PortableSHA256``, so either can be that backend.
    struct NettleSHA256: Sendable {
        private var context = sha256_ctx()

        /// An empty digest.
        init() {
            todo_report_sha256_start(&context)
        }

        /// Adds the next bytes.
        mutating func add(_ bytes: UnsafeRawBufferPointer) {
            guard let base = bytes.baseAddress else { return }
            todo_report_sha256_add(&context, base.assumingMemoryBound(to: UInt8.self), bytes.count)
        }

        /// The 32-byte digest of everything added so far (the stream can go on).
        func digest() -> [UInt8] {
            [UInt8](unsafeUninitializedCapacity: 32) { digest, count in
                if let base = digest.baseAddress { self.digest(into: base) }
                count = 32
            }
        }

        /// Writes the 32-byte digest of everything added so far to `target` (the stream can go on).
        func digest(into target: UnsafeMutablePointer<UInt8>) {
            var copy = context
            todo_report_sha256_end(&copy, target)
        }

        /// The implementation's name, for tests and messages.
        static var implementation: String { "Nettle" }
    }
#endif
