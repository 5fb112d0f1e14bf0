#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where one output goes, decided from what its path names before anything is
/// written: only a regular file, or a path where nothing exists yet, is
/// replaced whole (a temporary file, then `rename`); a symbolic link is
/// followed and the file it names is replaced in *its* folder, the link kept;
/// a FIFO or a character device is written in place, streaming; an open
/// descriptor (`-`, `/dev/stdout`, `/dev/fd/N`) is written where it points
/// (see ``resolve(_:regularFilesThroughDescriptors:)`` for one open on a regular file).
/// Directories, sockets and block devices (disks) are refused. The one
/// definition for the command line and for the library's `ReportBuilder`.
package enum OutputDestination: Equatable {
    /// The command's standard output (`-`).
    case standardOutput
    /// An already open descriptor, named as `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` or `/proc/self/fd/N`.
    case descriptor(Int32)
    /// A FIFO or a character device, opened and written as it is.
    case inPlace(Path)
    /// A regular file (`existing` says what it was) or a new one (`existing` nil), replaced atomically.
    case replace(Path, existing: ExistingFile?)

    /// Follows `path` (symbolic links included) to what it names.
    ///
    /// - Parameters:
    ///   - path: The output's path as given.
    ///   - regularFilesThroughDescriptors: Whether a descriptor's name
    ///     (`/dev/fd/3`) open on a regular file is written through that
    ///     descriptor, as a shell's `3>file` asks of a command; otherwise the
    ///     file it names is replaced whole, as any file is, which is what a
    ///     library does with a path that happens to name one of the app's
    ///     descriptors. A pipe, a terminal or a socket is always written through.
    package static func resolve(_ path: Path, regularFilesThroughDescriptors: Bool) throws(OutputPathProblem) -> OutputDestination {
        if path.isStandardStream { return .standardOutput }
        guard !path.bytes.isEmpty else { throw .emptyName }
        var current = path
        for _ in 0..<40 {
            // `/dev/stdout` is itself a link, to `/proc/self/fd/1` and then to a pipe or terminal that has no path.
            if let descriptor = descriptorAlias(current), regularFilesThroughDescriptors || !isRegularFile(descriptor) {
                return .descriptor(descriptor)
            }
            var info = stat()
            guard current.withCString({ lstat($0, &info) }) == 0 else {
                if errno == ENOENT { return .replace(current, existing: nil) }
                throw .cannotExamine(errno: errno)
            }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                guard let target = current.linkText(), !target.isEmpty else { throw .unreadableLink(errno: errno) }
                current = current.folder.appending(target)
            case S_IFREG:
                return .replace(current, existing: ExistingFile(info))
            case S_IFDIR:
                throw .directory
            case S_IFIFO, S_IFCHR:
                return .inPlace(current)
            case S_IFBLK:
                throw .blockDevice
            default:
                throw .unwritableKind
            }
        }
        throw .tooManyLinks
    }

    private static func isRegularFile(_ descriptor: Int32) -> Bool {
        var info = stat()
        return fstat(descriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// The descriptor a path such as `/dev/stdout` stands for.
    private static func descriptorAlias(_ path: Path) -> Int32? {
        switch path.bytes {
        case Array("/dev/stdout".utf8): return 1
        case Array("/dev/stderr".utf8): return 2
        default: break
        }
        for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.bytes.starts(with: prefix.utf8) {
            let number = String(decoding: path.bytes.dropFirst(prefix.utf8.count), as: UTF8.self)
            if let descriptor = Int32(number), descriptor >= 0 { return descriptor }
        }
        return nil
    }
}
