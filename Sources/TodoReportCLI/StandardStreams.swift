import ByteLevel
import Report
import SessionLog
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The three streams a run uses, as file descriptors, so tests can run the
/// command in-process with files or pipes in their place.
public struct StandardStreams: Sendable {
    /// Read for the INPUT `-`.
    public var input: Int32
    /// Where `-o -`, `--summary -` and `--help` write.
    public var output: Int32
    /// Diagnostics, the count line and errors.
    public var error: Int32

    /// Streams from open descriptors, which stay the caller's.
    public init(input: Int32, output: Int32, error: Int32) {
        self.input = input
        self.output = output
        self.error = error
    }

    /// The process's own standard input, output and error.
    public static let process = StandardStreams(input: 0, output: 1, error: 2)

    func printError(_ text: String) {
        try? writeAll(Array((text + "\n").utf8), to: error)
    }

    func printOutput(_ text: String) {
        try? writeAll(Array((text + "\n").utf8), to: output)
    }
}

/// Set when something was to be written to a standard stream that was
/// closed when the process started (its descriptor is -1, see
/// ``TodoReportCommand/runProcess()``): the run then exits 73, since what it
/// had to say was lost (a `validate … 2>&-` in CI must not look clean).
let wroteToClosedStream = Atomic<Bool>(false)

/// Writes every byte, retrying short writes and interruptions.
func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(SystemCallError) {
    if descriptor < 0 {
        // Nothing to say is nothing lost (a printer flushing an empty buffer).
        guard !bytes.isEmpty else { return }
        wroteToClosedStream.store(true, ordering: .relaxed)
        throw SystemCallError("write", errno: EBADF)
    }
    do {
        try FileDescriptorIO.write(bytes, to: descriptor)
    } catch {
        throw error.writeError
    }
}

extension SystemCallError {
    /// The system call behind an error of the package's writers (`EIO` for any other error).
    init(_ error: any Error) {
        switch error {
        case let failure as SystemCallError: self = failure
        case let failure as RecorderError: self.init("write", path: failure.path, errno: failure.errno ?? EIO)
        default: self.init("write", errno: EIO)
        }
    }
}
