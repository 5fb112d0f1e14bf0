#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one loop that calls a system call again when a signal interrupted it
/// (`EINTR`): every read, write, blocking lock, open that may wait (a FIFO's)
/// and wait of the package goes through it, so none can fail only because a
/// signal arrived. (An `open` of a regular file or folder and an `flock` with
/// `LOCK_NB` do not wait, so a signal cannot interrupt them.)
package enum SystemCall {
    /// The result of `call`, run again for as long as it returns -1 with
    /// `errno` set to `EINTR`; any other failure is returned, with `errno`
    /// as the call left it.
    package static func retryingInterrupts<Result: BinaryInteger>(_ call: () -> Result) -> Result {
        while true {
            let result = call()
            if result != -1 || errno != EINTR { return result }
        }
    }

    /// A new file made from `template`, a path whose last six bytes are
    /// `XXXXXX`, which `mkstemp(3)` replaces to find a name no file has; the
    /// descriptor is closed on exec. Its descriptor and path, or `nil` with
    /// `errno` set.
    package static func makeTemporaryFile(_ template: [UInt8]) -> (descriptor: Int32, path: [UInt8])? {
        var name = template.map { CChar(bitPattern: $0) } + [0]
        let descriptor = name.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard descriptor >= 0 else { return nil }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        return (descriptor, name.dropLast().map { UInt8(bitPattern: $0) })
    }

    /// `open(2)` of `path`, again when interrupted: the descriptor, or -1
    /// with `errno` set.
    package static func open(_ path: String, flags: Int32, mode: Int) -> Int32 {
        path.withCString { path in open(path, flags: flags, mode: mode) }
    }

    /// `open(2)` of the C string `path`, again when interrupted.
    package static func open(_ path: UnsafePointer<CChar>, flags: Int32, mode: Int = 0) -> Int32 {
        retryingInterrupts { systemOpen(path, flags, mode_t(mode)) }
    }
}

/// A failed system call's `errno`, for the helpers of this module: their
/// callers name the call and the file in the error they report.
package struct SystemError: Error, Equatable {
    /// The system's error number.
    package var errno: Int32

    /// The error of `errno`.
    package init(errno: Int32) { self.errno = errno }
}

/// A write that stopped before its end: how many bytes went, and why.
package struct PartialWrite: Error, Equatable {
    /// Bytes written before the failure.
    package var written: Int
    /// The system's error number (`EIO` for a write that wrote nothing).
    package var errno: Int32

    /// The failure as the one error of writing an output: `cannot write: …`.
    package var writeError: SystemCallError { SystemCallError("write", errno: errno) }
}

// `open(2)`, named apart from SystemCall's own.
private func systemOpen(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}
