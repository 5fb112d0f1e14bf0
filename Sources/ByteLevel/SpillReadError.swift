#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A read of a ``SpillFile`` that got fewer bytes back than were written:
/// the temporary file failed (`errno`) or was cut short under the process.
package struct SpillReadError: Error, Equatable, CustomStringConvertible {
    /// Where the missing bytes start.
    package var offset: Int
    /// How many bytes did not come back.
    package var missing: Int
    /// The failed `pread`'s `errno`, or `nil` when the file simply ended.
    package var errno: Int32?

    /// The error of a read at `offset` that came `missing` bytes short.
    package init(offset: Int, missing: Int, errno: Int32?) {
        self.offset = offset
        self.missing = missing
        self.errno = errno
    }

    /// The `errno` to report: the read's own, else `EIO`.
    package var code: Int32 { errno ?? EIO }

    /// The `errno` to report for a failed read of a spill: a ``SpillReadError``'s ``code``, `EIO` for any other error.
    package static func code(of error: any Error) -> Int32 { (error as? SpillReadError)?.code ?? EIO }

    package var description: String {
        "a temporary file gave back \(missing) bytes too few at offset \(offset)"
            + (errno.map { " (\(SystemCallError.reason(of: $0)))" } ?? " (it ended early)")
    }
}
