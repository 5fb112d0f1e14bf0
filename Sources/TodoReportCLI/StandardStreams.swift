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
        Self.write(Array((text + "\n").utf8), to: error)
    }

    func printOutput(_ text: String) {
        Self.write(Array((text + "\n").utf8), to: output)
    }

    /// Writes what the run says on a standard stream (a verdict, diagnostics,
    /// the count line, progress): a failure does not stop the run, but is
    /// kept in ``lostWrite``, and the run then exits 73 however it ends
    /// (a `validate … 2>&-`, or a verdict into a full disk or a closed
    /// pipe, in CI must not look clean).
    static func write(_ bytes: [UInt8], to descriptor: Int32) {
        do {
            try writeAll(bytes, to: descriptor)
        } catch {
            lostWrite.withLock { lost in if lost == nil { lost = (descriptor, error.errno) } }
        }
    }

    /// The first write ``write(_:to:)`` lost since the run began: the stream's
    /// descriptor and the `errno` (`EBADF` for a stream closed when the
    /// process started, whose descriptor is -1, see ``TodoReportCommand/runProcess()``).
    static let lostWrite = Mutex<(descriptor: Int32, errno: Int32)?>(nil)
}

/// Writes every byte, retrying short writes and interruptions.
func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(SystemCallError) {
    if descriptor < 0 {
        // Nothing to say is nothing lost (a printer flushing an empty buffer).
        guard !bytes.isEmpty else { return }
        throw SystemCallError("write", errno: EBADF)
    }
    try bytes.withByteView { view throws(SystemCallError) in try FileDescriptorIO.writeOutput(view, to: descriptor) }
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
