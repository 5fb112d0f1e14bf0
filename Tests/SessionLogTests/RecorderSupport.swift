import Foundation
import SessionLog
import Testing

/// How a test hands the recorder its file.
enum LogOpening: String, Codable, Sendable, CaseIterable, CustomTestStringConvertible {
    /// `SessionRecorder(url:)`: the recorder opens the file for appending.
    case byURL
    /// `SessionRecorder(fileDescriptor:)` on a file the caller opened
    /// without `O_APPEND`, so the file position is what places each write.
    case byDescriptor

    var testDescription: String {
        switch self {
        case .byURL: "opened by URL"
        case .byDescriptor: "the caller's descriptor, no O_APPEND"
        }
    }

    func recorder(path: String) throws -> SessionRecorder {
        switch self {
        case .byURL:
            return try SessionRecorder(url: URL(fileURLWithPath: path), header: SessionHeader(), digests: .never)
        case .byDescriptor:
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            try #require(descriptor >= 0, "open \(path): errno \(errno)")
            return try SessionRecorder(fileDescriptor: descriptor, header: SessionHeader(), digests: .never)
        }
    }
}

/// Runs `body` with this process's file-size limit (`ulimit -f`) `bytes`
/// above the current size of `path`, so that a write crossing it is cut
/// short and the next one fails with `EFBIG`, as on a full disk. Only for
/// the child process of an exit test: the limit is process-wide, and
/// `SIGXFSZ` must be ignored for the write to fail instead of killing it.
func withFileSizeLimit(bytes: Int, above path: String, _ body: () throws -> Void) throws {
    signal(SIGXFSZ, SIG_IGN)
    var saved = rlimit()
    try #require(getrlimit(resourceFileSize, &saved) == 0)
    let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    var limited = saved
    limited.rlim_cur = rlim_t(size + bytes)
    try #require(setrlimit(resourceFileSize, &limited) == 0)
    defer { setrlimit(resourceFileSize, &saved) }
    try body()
}

#if os(Linux)
    private let resourceFileSize = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
#else
    private let resourceFileSize = RLIMIT_FSIZE
#endif

/// A pipe whose write end does not block: a record longer than the room left
/// in it is written in part, and the rest fails with `EAGAIN`.
final class NonBlockingPipe {
    let readEnd: Int32
    let writeEnd: Int32
    private var writeEndIsOpen = true

    init() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        // Close-on-exec (at once: pipe2 is not in Swift's Glibc), so that no process a parallel test starts holds an end.
        for end in ends { try #require(fcntl(end, F_SETFD, FD_CLOEXEC) == 0) }
        readEnd = ends[0]
        writeEnd = ends[1]
        for end in ends {
            try #require(fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) == 0)
        }
    }

    /// Everything in the pipe now, without waiting for more.
    func drain() -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count <= 0 { return bytes }
            bytes += buffer[..<count]
        }
    }

    func closeWriteEnd() {
        if writeEndIsOpen { close(writeEnd) }
        writeEndIsOpen = false
    }

    deinit {
        closeWriteEnd()
        close(readEnd)
    }
}

/// How far the wall clock is ahead of the monotonic one, in seconds. It moves
/// only when the wall clock is set (stepped by a time service), so two
/// readings tell whether it was set back between them.
func wallClockLead() -> Double {
    var wall = timespec()
    var steady = timespec()
    clock_gettime(CLOCK_REALTIME, &wall)
    clock_gettime(CLOCK_MONOTONIC, &steady)
    return Double(wall.tv_sec - steady.tv_sec) + Double(wall.tv_nsec - steady.tv_nsec) / 1e9
}

/// Asks `condition` every millisecond until it holds, failing the test after
/// two minutes (a 2-core machine running browsers beside these tests can
/// keep a thread from a core for seconds): how a test waits for the
/// recorder's queue, never by sleeping a fixed time.
func waitUntil(_ what: Comment, _ condition: () -> Bool) throws {
    let deadline = Date().addingTimeInterval(120)
    while !condition() {
        try #require(Date() < deadline, what)
        usleep(1_000)
    }
}
