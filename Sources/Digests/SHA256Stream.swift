package import ByteLevel

#if os(Linux) && !PORTABLE_DIGESTS
    import CNettle
#endif

/// SHA-256 of bytes fed as they come (a log as it is read, a state as its
/// canonical JSON is written), for when the whole input is never in memory
/// at once.
///
/// On Linux it runs on the system's Nettle, which uses the processor's
/// SHA instructions where there are some: a replay that checks state digests
/// hashes megabytes per digest. Everywhere else, and on Linux when built with
/// `TODO_REPORT_PORTABLE_DIGESTS=1`, it is ``PortableSHA256``.
package struct SHA256Stream: Sendable {
    #if os(Linux) && !PORTABLE_DIGESTS
        private var context = sha256_ctx()
    #else
        private var context = PortableSHA256()
    #endif

    /// An empty digest.
    package init() {
        #if os(Linux) && !PORTABLE_DIGESTS
            todo_report_sha256_start(&context)
        #endif
    }

    /// Adds the next bytes.
    package mutating func add(_ bytes: ByteView) {
        bytes.withUnsafeBytes { add($0) }
    }

    /// Adds the next bytes, lent by a C function or a byte source.
    package mutating func add(_ bytes: UnsafeRawBufferPointer) {
        #if os(Linux) && !PORTABLE_DIGESTS
            guard let base = bytes.baseAddress else { return }
            todo_report_sha256_add(&context, base.assumingMemoryBound(to: UInt8.self), bytes.count)
        #else
            context.add(bytes)
        #endif
    }

    /// The 32-byte digest of everything added so far (the stream can go on).
    package func digest() -> [UInt8] {
        #if os(Linux) && !PORTABLE_DIGESTS
            var copy = context
            var digest = [UInt8](repeating: 0, count: 32)
            digest.withUnsafeMutableBufferPointer { todo_report_sha256_end(&copy, $0.baseAddress) }
            return digest
        #else
            return context.digest()
        #endif
    }

    /// Writes the 32-byte digest of everything added so far to `target`,
    /// with no allocation (the stream can go on): for many small digests.
    package func digest(into target: UnsafeMutablePointer<UInt8>) {
        #if os(Linux) && !PORTABLE_DIGESTS
            var copy = context
            todo_report_sha256_end(&copy, target)
        #else
            let bytes = context.digest()
            for index in 0..<32 { target[index] = bytes[index] }
        #endif
    }

    /// Which implementation this build runs, for tests and messages: `Nettle` or `Swift`.
    package static var implementation: String {
        #if os(Linux) && !PORTABLE_DIGESTS
            "Nettle"
        #else
            "Swift"
        #endif
    }
}
