import ByteLevel
import Foundation
import Synchronization
import Testing

/// Signals the handler has taken (SIGUSR2, installed without `SA_RESTART`,
/// so a blocked `read(2)` returns `EINTR`).
private let handledSignals = Atomic<Int>(0)

private func pipeEnds() throws -> (read: Int32, write: Int32) {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    // Close-on-exec (at once: pipe2 is not in Swift's Glibc), so that no process a parallel test starts
    // holds the write end open, which would keep a read to the end from ending.
    for end in ends { try #require(fcntl(end, F_SETFD, FD_CLOEXEC) == 0) }
    return (ends[0], ends[1])
}

@Suite(.serialized)
struct FileDescriptorIOTests {
    @Test func aReadBlockedWhenASignalArrivesIsRetriedAndGetsTheBytes() throws {
        var action = sigaction()
        #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = { _ in handledSignals.add(1, ordering: .relaxed) }
        #else
            action.__sigaction_u.__sa_handler = { _ in handledSignals.add(1, ordering: .relaxed) }
        #endif
        action.sa_flags = 0  // no SA_RESTART: the kernel hands EINTR to the caller
        var previous = sigaction()
        try #require(sigaction(SIGUSR2, &action, &previous) == 0)
        defer { sigaction(SIGUSR2, &previous, nil) }

        let ends = try pipeEnds()
        defer {
            close(ends.read)
            close(ends.write)
        }
        let reader = Mutex<pthread_t?>(nil)
        let result = Mutex<Result<[UInt8], SystemError>?>(nil)
        let finished = DispatchSemaphore(value: 0)
        defer { finished.signal() }
        let started = DedicatedThread.start(name: "todo-test-reader") {
            var signals = sigset_t()
            sigemptyset(&signals)
            sigaddset(&signals, SIGUSR2)
            pthread_sigmask(SIG_UNBLOCK, &signals, nil)  // the thread that started this one may block it
            reader.withLock { $0 = pthread_self() }
            var buffer = [UInt8](repeating: 0, count: 16)
            let outcome = buffer.withUnsafeMutableBytes { raw in
                Result { () throws(SystemError) in try FileDescriptorIO.read(ends.read, into: raw) }
            }.map { Array(buffer[..<$0]) }
            result.withLock { $0 = outcome }
            // Alive until the test stops signalling it: a signal to a thread that has ended is undefined.
            finished.wait()
        }
        #expect(started)
        try waitUntil("the reading thread started") { reader.withLock { $0 != nil } }
        let target = try #require(reader.withLock { $0 })
        // Signal the reader, which blocks in read(2) on the empty pipe, until its handler has run many times.
        let before = handledSignals.load(ordering: .relaxed)
        try waitUntil("the reader took 50 signals") {
            pthread_kill(target, SIGUSR2)
            return handledSignals.load(ordering: .relaxed) - before >= 50 || result.withLock { $0 != nil }
        }
        let early = result.withLock { $0 }
        #expect(early == nil, "the read returned before any byte was written: \(String(describing: early))")
        #expect(handledSignals.load(ordering: .relaxed) - before >= 50)
        let written = [UInt8]("after the signals".utf8.prefix(16))
        _ = written.withUnsafeBytes { write(ends.write, $0.baseAddress, $0.count) }
        try waitUntil("the read returned") { result.withLock { $0 != nil } }
        #expect(try result.withLock { $0 }?.get() == written)
    }

    @Test func everyByteIsWrittenThroughAPipeThatTakesThemInPieces() throws {
        let ends = try pipeEnds()
        defer { close(ends.read) }
        let bytes = (0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let received = Mutex<[UInt8]?>(nil)
        let readerFinished = DispatchSemaphore(value: 0)
        let started = DedicatedThread.start(name: "todo-test-reader") {
            let all = try? FileDescriptorIO.readToEnd(ends.read)
            received.withLock { $0 = all }
            readerFinished.signal()
        }
        #expect(started)
        try FileDescriptorIO.write(bytes, to: ends.write)
        close(ends.write)
        try #require(readerFinished.wait(timeout: .now() + patience) == .success, "the reader reached the end")
        let same = received.withLock { $0 } == bytes
        #expect(same, "the bytes read are the bytes written")
    }

    @Test func aFailedWriteSaysWhyAndHowManyBytesWent() throws {
        let descriptor = open("/dev/null", O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let failure = #expect(throws: PartialWrite.self) {
            try FileDescriptorIO.write([UInt8](repeating: 1, count: 10), to: descriptor)
        }
        #expect(failure?.written == 0)
        #expect(failure?.errno == EBADF)
    }

    @Test func positionedReadsAndWritesLeaveTheOffsetWhereItWas() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bytelevel-\(UUID().uuidString)").path
        let descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        try #require(descriptor >= 0)
        defer {
            close(descriptor)
            unlink(path)
        }
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 / 3) }
        try bytes.withUnsafeBytes { try FileDescriptorIO.write($0, to: descriptor, at: 0) }
        #expect(lseek(descriptor, 0, SEEK_CUR) == 0)
        var chunks: [Int] = []
        var read: [UInt8] = []
        try FileDescriptorIO.forEachChunk(of: descriptor, fromStart: true, chunkSize: 65_536) {
            chunks.append($0.count)
            read.append(contentsOf: $0)
        }
        #expect(read == bytes)
        #expect(chunks == [65_536, 65_536, 65_536, 3_392])
        #expect(lseek(descriptor, 0, SEEK_CUR) == 0)
        #expect(try FileDescriptorIO.readToEnd(descriptor) == bytes)
    }

    @Test("a kernel file is read whole, past the 4,095 bytes Foundation stops at, though its size reads as 0")
    func kernelFilesAreReadWhole() throws {
        #if os(Linux)
            // This process's memory map, one row per mapping: tens of kilobytes in a test process.
            let smaps = try #require(FileDescriptorIO.kernelFile("/proc/self/smaps"))
            #expect(smaps.count > 4_096)
            #expect(String(decoding: smaps.suffix(200), as: UTF8.self).contains("VmFlags:"))
        #endif
        #expect(FileDescriptorIO.kernelFile("/proc/no-such-file-\(UUID().uuidString)") == nil)
    }

    @Test func aFailedReadThrowsTheSystemsError() throws {
        #expect(throws: SystemError(errno: EBADF)) { try FileDescriptorIO.readToEnd(-1) }
    }
}
