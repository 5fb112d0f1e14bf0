#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads and writes on an open file descriptor that survive `EINTR` and
/// short counts: the one read loop, write loop and read-to-end loop of the
/// package. The descriptor stays the caller's.
package enum FileDescriptorIO {
    /// Reads once into `buffer` (at `offset` with `pread(2)`, else from the
    /// descriptor's position) and returns how many bytes came; 0 at the end.
    package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int? = nil) throws(SystemError)
        -> Int
    {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        let count = SystemCall.retryingInterrupts {
            if let offset { pread(descriptor, base, buffer.count, off_t(offset)) } else { systemRead(descriptor, base, buffer.count) }
        }
        guard count >= 0 else { throw SystemError(errno: errno) }
        return count
    }

    /// Up to `count` bytes from `offset` (`pread(2)`, again after a short
    /// read): fewer only at the file's end.
    package static func read(_ descriptor: Int32, count: Int, at offset: Int) throws(SystemError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = try bytes.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemError) in
                    try read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[done...]), at: offset + done)
                }
            }.get()
            if got == 0 { break }
            done += got
        }
        bytes.removeLast(count - done)
        return bytes
    }

    /// Writes every byte of `bytes` (at `offset` with `pwrite(2)`, else at
    /// the descriptor's position), retrying short writes; a failure says how
    /// many bytes went first.
    package static func write(_ bytes: ByteView, to descriptor: Int32, at offset: Int? = nil) throws(PartialWrite) {
        try write(UnsafeRawBufferPointer(bytes.buffer), to: descriptor, at: offset)
    }

    /// Writes every byte of `bytes`, as ``write(_:to:at:)-(ByteView,_,_)`` does.
    package static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, at offset: Int? = nil) throws(PartialWrite) {
        guard let base = bytes.baseAddress else { return }
        var written = 0
        while written < bytes.count {
            let count = SystemCall.retryingInterrupts {
                if let offset {
                    pwrite(descriptor, base + written, bytes.count - written, off_t(offset + written))
                } else {
                    systemWrite(descriptor, base + written, bytes.count - written)
                }
            }
            guard count > 0 else { throw PartialWrite(written: written, errno: count < 0 ? errno : EIO) }
            written += count
        }
    }

    /// Writes every byte of `bytes` at the descriptor's position, its
    /// failure as the one error of writing an output (`cannot write: …`),
    /// which the caller names with its path.
    package static func writeOutput(_ bytes: ByteView, to descriptor: Int32) throws(SystemCallError) {
        do {
            try write(bytes, to: descriptor)
        } catch {
            throw error.writeError
        }
    }

    /// Writes every byte of `bytes` at the descriptor's position, as
    /// ``write(_:to:at:)`` does.
    package static func write(_ bytes: [UInt8], to descriptor: Int32) throws(PartialWrite) {
        try bytes.withUnsafeBytes { raw in Result { () throws(PartialWrite) in try write(raw, to: descriptor) } }.get()
    }

    /// Calls `body` with the descriptor's bytes in order, in chunks of at
    /// most `chunkSize`, until the end: from its position, or with
    /// `fromStart` by position from byte 0, leaving its offset where it was.
    package static func forEachChunk(
        of descriptor: Int32, fromStart: Bool = false, chunkSize: Int = 1 << 16, _ body: (ByteView) -> Void
    ) throws(SystemError) {
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { chunk.deallocate() }
        var offset = 0
        while true {
            let count = try read(descriptor, into: chunk, at: fromStart ? offset : nil)
            if count == 0 { return }
            body(ByteView(UnsafeRawBufferPointer(rebasing: chunk[..<count])))
            offset += count
        }
    }

    /// Every byte from the descriptor's position to its end.
    package static func readToEnd(_ descriptor: Int32) throws(SystemError) -> [UInt8] {
        var bytes: [UInt8] = []
        try forEachChunk(of: descriptor) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// All of a kernel file such as `/proc/locks` or `/proc/self/status`, or
    /// `nil` when it cannot be read. Their size reads as 0, and Foundation's
    /// `String(contentsOfFile:)` stops after the first 4,095 bytes of one: a
    /// busy machine's lock or socket table is longer than that.
    package static func kernelFile(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return try? readToEnd(descriptor)
    }
}

// `read(2)` and `write(2)`, named apart from FileDescriptorIO's own.
#if canImport(Glibc)
    private func systemRead(_ fd: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int { Glibc.read(fd, bytes, count) }
    private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { Glibc.write(fd, bytes, count) }
#else
    private func systemRead(_ fd: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int { Darwin.read(fd, bytes, count) }
    private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { Darwin.write(fd, bytes, count) }
#endif
