import ByteLevel
import SessionLog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An input: a file, or standard input for `-`. It is found (``locate(_:standardInput:)``)
/// before the outputs are prepared and opened after, so an unwritable output
/// is reported even when opening the input would wait (a FIFO with no writer yet).
struct InputFile {
    let path: Path
    /// How diagnostics name the input.
    var displayName: String
    /// What it is on disk, to refuse an output that would overwrite it.
    let node: stat?
    /// What it is to the command, as a refusal to write over it says: the log, unless told otherwise.
    var role = "the input file"
    private let standardInput: Int32
    private(set) var descriptor: Int32 = -1

    /// Finds the input without opening it: 66 for a missing file or a directory.
    static func locate(_ path: Path, standardInput: Int32) throws(CLIError) -> InputFile {
        var info = stat()
        if path.isStandardStream {
            guard standardInput >= 0, fstat(standardInput, &info) == 0 else {
                throw .cannotRead(path: "standard input", reason: "it is not open")
            }
            return InputFile(path: path, displayName: "<stdin>", node: info, standardInput: standardInput)
        }
        guard path.withCString({ stat($0, &info) }) == 0 else {
            let reason = errno == ENOENT ? "no such file" : SystemCallError.reason(of: errno)
            throw .cannotRead(path: path.display, reason: reason)
        }
        if info.st_mode & S_IFMT == S_IFDIR {
            throw .cannotRead(path: path.display, reason: "it is a directory; name a todo-session/1 log file")
        }
        if let reason = streamRefusal(path, info) { throw .cannotRead(path: path.display, reason: reason) }
        return InputFile(path: path, displayName: path.display, node: info, standardInput: standardInput)
    }

    /// Why a named input that is neither a file nor a folder cannot be read
    /// as a log, or `nil` when it can: a FIFO, a terminal (typed or pasted
    /// lines, ended with Ctrl-D) and `/dev/null` (an empty log) can; a
    /// socket cannot be opened, and other character devices (`/dev/zero`,
    /// `/dev/urandom`) give bytes that never end.
    private static func streamRefusal(_ path: Path, _ info: stat) -> String? {
        let pipeIt = "to read a program's output, give '-' and pipe it in"
        switch info.st_mode & S_IFMT {
        case S_IFSOCK:
            return "it is a socket, not a log file; \(pipeIt)"
        case S_IFCHR:
            var null = stat()
            if stat("/dev/null", &null) == 0, null.st_rdev == info.st_rdev { return nil }
            let descriptor = path.withCString { SystemCall.open($0, flags: O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
            guard descriptor >= 0 else { return nil }  // Opening it again says why it cannot be read.
            defer { _ = closeDescriptor(descriptor) }
            return isatty(descriptor) == 1 ? nil : "it is a character device, whose bytes may never end, not a log file; \(pipeIt)"
        default:
            return nil
        }
    }

    /// Opens it for reading. A FIFO whose writer has not written yet is
    /// waited on after a note on standard error, as `batch` notes it: the
    /// wait may be long, and a silent one looks like a hang.
    mutating func open(notingWaitsOn streams: StandardStreams) throws(CLIError) {
        if path.isStandardStream {
            descriptor = standardInput
            return
        }
        if let node, node.st_mode & S_IFMT == S_IFIFO {
            let shown = displayName
            return try openWithoutWaiting(streamAllowed: true) {
                streams.printError("\(shown): waiting for a program to write to it")
            }
        }
        descriptor = path.withCString { SystemCall.open($0, flags: O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw Self.openFailure(path, errno: errno) }
    }

    /// Why `open(2)` failed: the input's fault (66), or this run's when it
    /// ran out of open files or memory (``CLIError/shortOfResources(path:reason:)``).
    static func openFailure(_ path: Path, errno code: Int32) -> CLIError {
        let reason = SystemCallError.reason(of: code)
        guard code == EMFILE || code == ENFILE || code == ENOMEM else { return .cannotRead(path: path.display, reason: reason) }
        return .shortOfResources(
            path: path.display,
            reason: reason + " (a limit of this run, not a fault of the log: raise it, as with ulimit -n, or run fewer at once)")
    }

    /// Opens it for reading without waiting in `open(2)`, as `batch` does,
    /// where a FIFO with no writer would hold the whole run there. A
    /// regular file is then read as ``open()`` reads it. A FIFO or a device
    /// is a stream: only with `streamAllowed` (it was named as such), it is
    /// waited on with `poll(2)` until its writer has written or gone, which
    /// holds only the calling thread; otherwise it is refused, since it was
    /// a regular file when it was found.
    /// - Parameter whileWaiting: Called once before the wait, when a stream has no bytes yet (a FIFO
    ///   whose writer has not written): the wait may be long, and the caller says what it waits for.
    mutating func openWithoutWaiting(streamAllowed: Bool, whileWaiting: () -> Void = {}) throws(CLIError) {
        descriptor = path.withCString { SystemCall.open($0, flags: O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
        guard descriptor >= 0 else { throw Self.openFailure(path, errno: errno) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = SystemCallError.reason(of: errno)
            close()
            throw .cannotRead(path: path.display, reason: reason)
        }
        if info.st_mode & S_IFMT != S_IFREG {
            guard streamAllowed else {
                close()
                throw .cannotRead(path: path.display, reason: "it is \(InputDiscovery.kind(info.st_mode)) now, not the regular file it was")
            }
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            if SystemCall.retryingInterrupts({ poll(&ready, 1, 0) }) == 0 {
                whileWaiting()
                _ = SystemCall.retryingInterrupts { poll(&ready, 1, -1) }
            }
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    }

    /// Where its bytes come from once open, decompressed if they are gzip data.
    func byteSource() -> GzipDetectingByteSource<FileDescriptorByteSource> {
        GzipDetectingByteSource(FileDescriptorByteSource(fileDescriptor: descriptor))
    }

    func close() {
        if !path.isStandardStream && descriptor >= 0 { _ = closeDescriptor(descriptor) }
    }
}

#if canImport(Glibc)
    private func closeDescriptor(_ descriptor: Int32) -> Int32 { Glibc.close(descriptor) }
#else
    private func closeDescriptor(_ descriptor: Int32) -> Int32 { Darwin.close(descriptor) }
#endif
