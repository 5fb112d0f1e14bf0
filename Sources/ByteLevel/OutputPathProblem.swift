#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a path cannot be an output (``OutputDestination/resolve(_:regularFilesThroughDescriptors:)``).
package enum OutputPathProblem: Error, Equatable {
    /// The path is empty.
    case emptyName
    /// `lstat` failed with `errno` (other than `ENOENT`, which is a new file).
    case cannotExamine(errno: Int32)
    /// A symbolic link on the way could not be read.
    case unreadableLink(errno: Int32)
    /// More than 40 links, or a loop of them.
    case tooManyLinks
    /// A folder, which no output replaces.
    case directory
    /// A disk or a partition, which no output is written over.
    case blockDevice
    /// A socket, or another kind of file that cannot be written.
    case unwritableKind

    /// The problem as the failed write of `path` that the library's callers
    /// handle like any other (`EISDIR` for a folder, `EINVAL` for a kind of
    /// file that is not written).
    package func systemCallError(path: String) -> SystemCallError {
        switch self {
        case .emptyName, .blockDevice, .unwritableKind: SystemCallError("write", path: path, errno: EINVAL)
        case .cannotExamine(let errno): SystemCallError("write", path: path, errno: errno)
        case .unreadableLink(let errno): SystemCallError("read the link", path: path, errno: errno)
        case .tooManyLinks: SystemCallError("write", path: path, errno: ELOOP)
        case .directory: SystemCallError("write", path: path, errno: EISDIR)
        }
    }
}
