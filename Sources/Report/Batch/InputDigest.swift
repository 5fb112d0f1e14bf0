public import ByteLevel
import Digests
import SessionLog
import Synchronization

/// SHA-256 of a stream of bytes, fed as they are read: how a batch run tells
/// that an input is the one its `stats/NAME.json` was made from.
public struct InputDigest: Sendable {
    private var stream = SHA256Stream()
    /// Bytes fed so far.
    public private(set) var byteCount = 0

    /// An empty digest.
    public init() {}

    /// Adds the next bytes.
    public mutating func add(_ bytes: ByteView) {
        byteCount += bytes.count
        stream.add(bytes)
    }

    /// The digest of everything added, as lowercase hex.
    public func hex() -> String {
        stream.digest().lowercaseHex
    }
}

/// A byte source that digests what it passes on. The replayer takes its
/// source by value (and may read on another thread), so the digest lives in
/// a shared, locked ``InputDigestRecorder`` that the caller keeps.
public struct DigestingByteSource<Base: ByteSource>: ByteSource {
    private var base: Base
    private let recorder: InputDigestRecorder

    /// Reads from `base`, digesting into `recorder`.
    public init(_ base: Base, into recorder: InputDigestRecorder) {
        self.base = base
        self.recorder = recorder
    }

    /// Reads from the base and digests the bytes.
    public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = try base.read(into: buffer)
        recorder.add(ByteView.filled(buffer, count: count))
        return count
    }

    /// The base's reason for ending early, if it has one.
    public var endedEarly: String? { base.endedEarly }
}

/// Where a ``DigestingByteSource`` keeps its digest.
public final class InputDigestRecorder: Sendable {
    private let state = Mutex(InputDigest())

    /// An empty digest.
    public init() {}

    func add(_ bytes: ByteView) {
        state.withLock { $0.add(bytes) }
    }

    /// The digest so far.
    public var digest: InputDigest { state.withLock { $0 } }
}
