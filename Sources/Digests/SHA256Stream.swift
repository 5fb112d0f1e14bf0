package import ByteLevel

/// SHA-256 of bytes fed as they come (a log as it is read, a state as its
/// canonical JSON is written), for when the whole input is never in memory
/// at once.
///
/// On Linux it runs on the system's Nettle (``NettleSHA256``), which uses
/// the processor's SHA instructions where there are some: a replay that
/// checks state digests hashes megabytes per digest. Everywhere else, and on
/// Linux when built with `TODO_REPORT_PORTABLE_DIGESTS=1`, it is
/// ``PortableSHA256``. Only the backend's type depends on the platform: this
/// type's code is the same in every build, and both backends are tested on
/// Linux, against each other too.
package struct SHA256Stream: Sendable {
    #if os(Linux) && !PORTABLE_DIGESTS
        private typealias Backend = NettleSHA256
    #else
        private typealias Backend = PortableSHA256
    #endif

    private var backend = Backend()

    /// An empty digest.
    package init() {}

    /// Adds the next bytes.
    package mutating func add(_ bytes: ByteView) {
        bytes.withUnsafeBytes { backend.add($0) }
    }

    /// Adds the next bytes, lent by a C function or a byte source.
    package mutating func add(_ bytes: UnsafeRawBufferPointer) {
        backend.add(bytes)
    }

    /// The 32-byte digest of everything added so far (the stream can go on).
    package func digest() -> [UInt8] {
        backend.digest()
    }

    /// Writes the 32-byte digest of everything added so far to `target` (the
    /// stream can go on): for many small digests, with no allocation on
    /// Nettle (the Swift backend makes one array).
    package func digest(into target: UnsafeMutablePointer<UInt8>) {
        backend.digest(into: target)
    }

    /// Which implementation this build runs, for tests and messages: `Nettle` or `Swift`.
    package static var implementation: String { Backend.implementation }
}
