import ByteLevel
import SessionLog

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
/// descriptor (`-`, `/dev/stdout`, `/dev/fd/N`) is written where it points.
/// Directories, sockets and block devices (disks) are refused.
enum OutputDestination: Equatable {
    /// The command's standard output (`-`).
    case standardOutput
    /// An already open descriptor, named as `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` or `/proc/self/fd/N`.
    case descriptor(Int32)
    /// A FIFO or a character device, opened and written as it is.
    case inPlace(Path)
    /// A regular file (`existing` says what it was) or a new one (`existing` nil), replaced atomically.
    case replace(Path, existing: ExistingFile?)

    /// The open descriptor this destination writes to, if it is one: `-`,
    /// `/dev/stdout` and `/dev/stderr` are the command's own streams (which
    /// tests replace), any other `/dev/fd/N` is N.
    func openDescriptor(in streams: StandardStreams) -> Int32? {
        switch self {
        case .standardOutput, .descriptor(1): streams.output
        case .descriptor(2): streams.error
        case .descriptor(let number): number
        case .inPlace, .replace: nil
        }
    }

    /// Follows `path` (symbolic links included) to what it names.
    static func resolve(_ path: Path) throws(CLIError) -> OutputDestination {
        if path.isStandardStream { return .standardOutput }
        guard !path.bytes.isEmpty else { throw .usage("an output file name is empty; name a file, or - for standard output.") }
        var current = path
        for _ in 0..<40 {
            if let descriptor = descriptorAlias(current) { return .descriptor(descriptor) }
            var info = stat()
            guard current.withCString({ lstat($0, &info) }) == 0 else {
                if errno == ENOENT { return .replace(current, existing: nil) }
                throw .cannotWrite(path: path.display, reason: SystemCallError.reason(of: errno))
            }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                current = current.folder.appending(try linkTarget(current, named: path))
            case S_IFREG:
                return .replace(current, existing: ExistingFile(info))
            case S_IFDIR:
                throw .cannotWrite(path: path.display, reason: "it is a directory; name a file in it")
            case S_IFIFO, S_IFCHR:
                return .inPlace(current)
            case S_IFBLK:
                throw .cannotWrite(path: path.display, reason: "it is a block device (a disk); name a file")
            default:
                throw .cannotWrite(path: path.display, reason: "it is a socket or another kind of file that cannot be written")
            }
        }
        throw .cannotWrite(path: path.display, reason: SystemCallError.reason(of: ELOOP))
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

    private static func linkTarget(_ link: Path, named original: Path) throws(CLIError) -> [UInt8] {
        guard let text = link.linkText(), !text.isEmpty else {
            throw .cannotWrite(path: original.display, reason: "cannot read the link: \(SystemCallError.reason(of: errno))")
        }
        return text
    }
}
