import CNettle

/// SHA-256 of bytes fed as they come (a log as it is read), for when the
/// whole input is never in memory at once.
package struct SHA256Stream: Sendable {
    private var context = sha256_ctx()

    /// An empty digest.
    package init() {
        todo_report_sha256_start(&context)
    }

    /// Adds the next bytes.
    package mutating func add(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        todo_report_sha256_add(&context, base.assumingMemoryBound(to: UInt8.self), bytes.count)
    }

    /// The 32-byte digest of everything added so far (the stream can go on).
    package func digest() -> [UInt8] {
        var copy = context
        var digest = [UInt8](repeating: 0, count: 32)
        digest.withUnsafeMutableBufferPointer { todo_report_sha256_end(&copy, $0.baseAddress) }
        return digest
    }
}
