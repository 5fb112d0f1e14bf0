import Synchronization

#if canImport(Glibc)
    import Glibc
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a spill puts on disk instead of its bytes, and takes back: a
/// keystream XORed over them by their offset in the file, so that text a
/// command must not store in the clear (a log read unredacted beside its
/// redacted reading) never reaches the disk as it is. Applying it twice
/// gives the bytes back.
package protocol SpillSealing: Sendable {
    /// XORs the keystream of file `file` for offsets `offset..<offset + bytes.count`
    /// over `bytes`. Each spill file has a number of its own, so that no two
    /// share a keystream (which would give away the XOR of their bytes).
    func apply(to bytes: UnsafeMutableRawBufferPointer, at offset: Int, file: UInt64)
}

/// Append-only bytes that stay in memory while small and move to an unlinked
/// temporary file when they grow, so memory stays flat however long the log.
/// The file has no name, so nothing is left behind even if the process dies.
///
/// The bytes in memory are a buffer of its own rather than an array: a
/// replay appends a few bytes at a time millions of times, and each append
/// is then a bounds check and a copy (no uniqueness check, no generic
/// `append(contentsOf:)`), inlined into the caller. Its stored properties
/// skip the runtime's exclusivity checks: they are private, and no method
/// hands out access to them that could overlap another.
public final class SpillFile {
    /// The bytes not yet on disk: `used` of `capacity`, allocated whole at
    /// first (a little over the memory limit), so that appends never copy it.
    @exclusivity(unchecked) @usableFromInline var buffer: UnsafeMutableRawPointer
    @exclusivity(unchecked) @usableFromInline var used = 0
    @exclusivity(unchecked) @usableFromInline var capacity: Int
    @exclusivity(unchecked) private var descriptor: Int32 = -1
    @exclusivity(unchecked) @usableFromInline var flushed = 0  // bytes already in the file
    @usableFromInline let memoryLimit: Int
    /// How the bytes on disk are sealed, if they are, and this file's number for it.
    private let sealing: (any SpillSealing)?
    private let sealedFile: UInt64

    /// The number of the next spill made to be sealed.
    private static let nextSealedFile = Atomic<UInt64>(0)

    /// - Parameters:
    ///   - memoryLimit: Bytes kept in memory before spilling to disk
    ///     (`Int.max`: never, for a reader that must not need a temporary folder).
    ///   - sealing: How the bytes on disk are sealed, if they are: for text a
    ///     command must not store in the clear.
    package init(memoryLimit: Int = 4 << 20, sealing: (any SpillSealing)? = nil) {
        self.memoryLimit = memoryLimit
        self.sealing = sealing
        sealedFile = sealing == nil ? 0 : Self.nextSealedFile.add(1, ordering: .relaxed).oldValue
        capacity = min(memoryLimit, Self.largestFirstBuffer) + 4_096
        buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    }

    /// The most memory a spill sets aside at first: past it, the buffer grows as bytes come.
    private static let largestFirstBuffer = 64 << 20

    deinit {
        buffer.deallocate()
        if descriptor >= 0 { close(descriptor) }
    }

    /// Bytes appended so far.
    @usableFromInline package var count: Int { flushed + used }

    /// Bytes already moved to disk: everything from here on is in memory.
    package var onDisk: Int { flushed }

    /// The `errno` of the first write to disk that failed (`EFBIG` under
    /// `ulimit -f`, `ENOSPC` on a full disk), if one did. From then on the
    /// bytes stay in memory, kept rather than lost, and no write is tried
    /// again; a command should report it, since its memory is no longer bounded.
    package private(set) var diskFailure: Int32?

    /// The folder spill files are made in: `TMPDIR`, else `/tmp`.
    package static var folder: String {
        ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }

    /// Appends `bytes`; as many as the memory limit or more go straight to
    /// disk, never copied into memory (a 200 MB item name costs nothing here).
    @inlinable @inline(__always)
    package func append(_ bytes: UnsafeRawBufferPointer) {
        let size = bytes.count
        guard let source = bytes.baseAddress, size > 0 else { return }
        if size >= memoryLimit && writeThrough(bytes) { return }
        if size > capacity - used { grow(toHold: size) }
        (buffer + used).copyMemory(from: source, byteCount: size)
        used += size
        if used >= memoryLimit { spill() }
    }

    @inlinable @inline(__always)
    package func append(byte: UInt8) {
        if used == capacity { grow(toHold: 1) }
        buffer.storeBytes(of: byte, toByteOffset: used, as: UInt8.self)
        used += 1
        if used >= memoryLimit { spill() }
    }

    /// Lets `write` put at most `maxCount` bytes at the end, in place, and
    /// keeps the number it returns: a number or an id is written straight
    /// into the spill, with no buffer of its own.
    @inlinable @inline(__always)
    package func appendInPlace(maxCount: Int, _ write: (UnsafeMutableRawPointer) -> Int) {
        if maxCount > capacity - used { grow(toHold: maxCount) }
        used += write(buffer + used)
        if used >= memoryLimit { spill() }
    }

    /// Makes room for `size` more bytes in memory: twice the room. The
    /// buffer is made a little over the memory limit to start with (pages
    /// untouched cost no memory) and a spill empties it there, so it grows
    /// only when the disk failed and the bytes stay, or for a long append.
    @usableFromInline
    func grow(toHold size: Int) {
        let needed = used + size
        let newCapacity = max(needed, 2 * capacity)
        let bigger = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
        bigger.copyMemory(from: buffer, byteCount: used)
        buffer.deallocate()
        buffer = bigger
        capacity = newCapacity
    }

    /// Copies `buffer.count` bytes from `offset` into `buffer`; throws when
    /// the file gives back fewer (an I/O error, a file cut short), rather
    /// than leave the rest as zeros.
    @usableFromInline package func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws {
        var done = 0
        if offset < flushed, let base = buffer.baseAddress {
            let fromFile = min(buffer.count, flushed - offset)
            while done < fromFile {
                let got: Int
                do {
                    got = try FileDescriptorIO.read(
                        descriptor, into: UnsafeMutableRawBufferPointer(start: base + done, count: fromFile - done), at: offset + done)
                } catch {
                    throw SpillReadError(offset: offset + done, missing: buffer.count - done, errno: error.errno)
                }
                guard got > 0 else { throw SpillReadError(offset: offset + done, missing: buffer.count - done, errno: nil) }
                done += got
            }
            sealing?.apply(to: UnsafeMutableRawBufferPointer(start: base, count: fromFile), at: offset, file: sealedFile)
        }
        let memoryStart = offset + done - flushed
        let remaining = buffer.count - done
        guard remaining > 0 else { return }
        let available = min(remaining, used - memoryStart)
        if available > 0, let target = buffer.baseAddress {
            (target + done).copyMemory(from: self.buffer + memoryStart, byteCount: available)
        }
        if available < remaining {
            throw SpillReadError(offset: count, missing: remaining - max(available, 0), errno: nil)
        }
    }

    /// Calls `body` with the content in order, in chunks.
    package func forEachChunk(_ body: (ByteView) throws -> Void) throws {
        if flushed > 0 {
            var chunk = [UInt8](repeating: 0, count: 1 << 20)
            var offset = 0
            while offset < flushed {
                let size = min(chunk.count, flushed - offset)
                try chunk.withUnsafeMutableBytes { try read(at: offset, into: UnsafeMutableRawBufferPointer(rebasing: $0[..<size])) }
                try chunk.withUnsafeBytes { try body(ByteView(UnsafeRawBufferPointer(rebasing: $0[..<size]))) }
                offset += size
            }
        }
        try body(ByteView(UnsafeRawBufferPointer(start: buffer, count: used)))
    }

    /// The whole content as text (for small spills and tests).
    package var text: String {
        var bytes: [UInt8] = []
        try? forEachChunk { bytes.append(contentsOf: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Moves what memory holds to the file; `false` if it stays in memory
    /// (no disk, or a full one: kept rather than lost).
    @discardableResult
    @usableFromInline
    func spill() -> Bool {
        let moved = writeAtEnd(UnsafeRawBufferPointer(start: buffer, count: used))
        if moved {
            used = 0
            if capacity / 4 > memoryLimit {
                buffer.deallocate()
                capacity = memoryLimit + 4_096
                buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
            }
        }
        return moved
    }

    /// Writes `bytes` to the file after everything before them; `false`
    /// (and they stay for memory) if memory could not be emptied first or
    /// the file cannot take them.
    @usableFromInline
    func writeThrough(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard used == 0 || spill() else { return false }
        return writeAtEnd(bytes)
    }

    /// Writes `bytes` at the end of the file, creating it if need be;
    /// `true` once all of them are there.
    private func writeAtEnd(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard !bytes.isEmpty else { return true }
        guard diskFailure == nil else { return false }
        if descriptor < 0 {
            descriptor = SpillFile.anonymousFile()
            guard descriptor >= 0 else {  // no disk: keep it in memory
                diskFailure = errno
                return false
            }
        }
        do {
            if let sealing {
                let sealed = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 16)
                defer { sealed.deallocate() }
                sealed.copyMemory(from: bytes)
                sealing.apply(to: sealed, at: flushed, file: sealedFile)
                try FileDescriptorIO.write(UnsafeRawBufferPointer(sealed), to: descriptor, at: flushed)
            } else {
                try FileDescriptorIO.write(bytes, to: descriptor, at: flushed)
            }
        } catch {
            diskFailure = error.errno
            return false
        }
        flushed += bytes.count
        return true
    }

    /// Whether the bytes on disk are sealed (see ``SpillSealing``).
    package var isSealed: Bool { sealing != nil }

    /// The descriptor of the file the bytes spilled to, if any: for tests
    /// that look at what reached the disk.
    package var fileDescriptor: Int32? { descriptor >= 0 ? descriptor : nil }

    private static func anonymousFile() -> Int32 {
        guard let file = SystemCall.makeTemporaryFile(Array("\(Self.folder)/todo-report-spill-XXXXXX".utf8)) else { return -1 }
        _ = unlink(String(decoding: file.path, as: UTF8.self))
        return file.descriptor
    }
}
