#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one loop that calls a system call again when a signal interrupted it
/// (`EINTR`): every read, write, lock and wait of the package goes through it,
/// so none can fail only because a signal arrived.
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
}
