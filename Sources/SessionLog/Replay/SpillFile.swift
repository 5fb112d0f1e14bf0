import Foundation

/// Append-only bytes that stay in memory while small and move to an unlinked
/// temporary file when they grow, so memory stays flat however long the log.
/// The file has no name, so nothing is left behind even if the process dies.
package final class SpillFile {
    @exclusivity(unchecked) private var memory: [UInt8] = []
    private var descriptor: Int32 = -1
    private var flushed = 0  // bytes already in the file
    private let memoryLimit: Int

    /// - Parameter memoryLimit: Bytes kept in memory before spilling to disk.
    package init(memoryLimit: Int = 4 << 20) {
        self.memoryLimit = memoryLimit
        memory.reserveCapacity(min(memoryLimit, 1 << 16))
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Bytes appended so far.
    package var count: Int { flushed + memory.count }

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

    package func append(_ text: String) {
        guard text.utf8.count < memoryLimit else {
            var text = text
            text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
            return
        }
        memory.append(contentsOf: text.utf8)
        spillIfNeeded()
    }

    /// Appends `bytes`; as many as the memory limit or more go straight to
    /// disk, never copied into memory (a 200 MB item name costs nothing here).
    package func append(_ bytes: UnsafeRawBufferPointer) {
        if bytes.count >= memoryLimit && writeThrough(bytes) { return }
        memory.append(contentsOf: bytes)
        spillIfNeeded()
    }

    package func append(byte: UInt8) {
        memory.append(byte)
        if memory.count >= memoryLimit { spillIfNeeded() }
    }

    /// Copies `buffer.count` bytes from `offset` into `buffer`; throws when
    /// the file gives back fewer (an I/O error, a file cut short), rather
    /// than leave the rest as zeros.
    package func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws {
        var done = 0
        if offset < flushed, let base = buffer.baseAddress {
            let fromFile = min(buffer.count, flushed - offset)
            while done < fromFile {
                let got = pread(descriptor, base + done, fromFile - done, off_t(offset + done))
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else {
                    throw SpillReadError(offset: offset + done, missing: buffer.count - done, errno: got < 0 ? errno : nil)
                }
                done += got
            }
        }
        let memoryStart = offset + done - flushed
        let remaining = buffer.count - done
        guard remaining > 0 else { return }
        let available = min(remaining, memory.count - memoryStart)
        if available > 0 {
            memory.withUnsafeBytes { raw in
                UnsafeMutableRawBufferPointer(rebasing: buffer[done..<done + available]).copyMemory(
                    from: UnsafeRawBufferPointer(rebasing: raw[memoryStart..<memoryStart + available]))
            }
        }
        if available < remaining {
            throw SpillReadError(offset: count, missing: remaining - max(available, 0), errno: nil)
        }
    }

    /// Calls `body` with the content in order, in chunks.
    package func forEachChunk(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        if flushed > 0 {
            var chunk = [UInt8](repeating: 0, count: 1 << 20)
            var offset = 0
            while offset < flushed {
                let size = min(chunk.count, flushed - offset)
                try chunk.withUnsafeMutableBytes { try read(at: offset, into: UnsafeMutableRawBufferPointer(rebasing: $0[..<size])) }
                try chunk.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[..<size])) }
                offset += size
            }
        }
        try memory.withUnsafeBytes { try body($0) }
    }

    /// The whole content as text (for small spills and tests).
    package var text: String {
        var bytes: [UInt8] = []
        try? forEachChunk { bytes.append(contentsOf: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func spillIfNeeded() {
        guard memory.count >= memoryLimit else { return }
        spill()
    }

    /// Moves what memory holds to the file; `false` if it stays in memory
    /// (no disk, or a full one: kept rather than lost).
    @discardableResult
    private func spill() -> Bool {
        let moved = memory.withUnsafeBytes { writeAtEnd($0) }
        if moved { memory.removeAll(keepingCapacity: memory.capacity <= 4 * memoryLimit) }
        return moved
    }

    /// Writes `bytes` to the file after everything before them; `false`
    /// (and they stay for memory) if memory could not be emptied first or
    /// the file cannot take them.
    private func writeThrough(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard memory.isEmpty || spill() else { return false }
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
        var written = 0
        while written < bytes.count {
            let result = pwrite(descriptor, bytes.baseAddress.map { $0 + written }, bytes.count - written, off_t(flushed + written))
            if result < 0 && errno == EINTR { continue }
            if result <= 0 {
                diskFailure = result < 0 ? errno : EIO
                break
            }
            written += result
        }
        guard written == bytes.count else { return false }
        flushed += written
        return true
    }

    private static func anonymousFile() -> Int32 {
        let folder = Self.folder
        var template = Array("\(folder)/todo-report-spill-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        if descriptor >= 0 { template.withUnsafeBufferPointer { buffer in _ = buffer.baseAddress.map { unlink($0) } } }
        return descriptor
    }
}
