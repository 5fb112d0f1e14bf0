#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a path cannot be an output (``OutputDestination/resolve(_:)``).
package enum OutputPathProblem: Error, Equatable {
    /// The path is empty.
    case emptyName
    /// `lstat` failed with `errno` (other than `ENOENT`, which is a new file).
    case cannotExamine(errno: Int32)
    /// A symbolic link on the way could not be read.
    case unreadableLink(errno: Int32)
    /// More than 40 links, or a loop of them.
    case tooManyLinks
    case directory
    case blockDevice
    /// A socket, or another kind of file that cannot be written.
    case unwritableKind

    /// Why, and what to do, as a message says it after the path.
    package var reason: String {
        switch self {
        case .emptyName: "an output file name is empty; name a file, or - for standard output"
        case .cannotExamine(let errno): SystemCallError.reason(of: errno)
        case .unreadableLink(let errno): "cannot read the link: \(SystemCallError.reason(of: errno))"
        case .tooManyLinks: SystemCallError.reason(of: ELOOP)
        case .directory: "it is a directory; name a file in it"
        case .blockDevice: "it is a block device (a disk); name a file"
        case .unwritableKind: "it is a socket or another kind of file that cannot be written"
        }
    }

    /// The error as a failed call of `operation` on `path`, for APIs that throw ``SystemCallError``.
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
