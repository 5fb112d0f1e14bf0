import ByteLevel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension OutputDestination {
    /// Resolves the output `path` as
    /// ``resolve(_:regularFilesThroughDescriptors:)`` does, a descriptor's
    /// name written through whatever it is open on (the shell's `3>file`),
    /// and a problem said as the command line says it: an empty name is a
    /// usage mistake, any other problem the path's, with what to do.
    static func resolve(output path: Path) throws(CLIError) -> OutputDestination {
        do {
            return try resolve(path, regularFilesThroughDescriptors: true)
        } catch .emptyName {
            throw .usage("an output file name is empty; name a file, or - for standard output.")
        } catch .cannotExamine(let code) where code == ENOTDIR {
            throw .cannotWrite(path: path.display, reason: path.notAFolderReason(elseNaming: nil))
        } catch {
            throw .cannotWrite(path: path.display, reason: error.reason)
        }
    }

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
}

extension OutputPathProblem {
    /// Why, and what to do, as a message says it after the path.
    var reason: String {
        switch self {
        case .emptyName: "the name is empty"
        case .cannotExamine(let errno): SystemCallError.reason(of: errno)
        case .unreadableLink(let errno): "cannot read the link: \(SystemCallError.reason(of: errno))"
        case .tooManyLinks: SystemCallError.reason(of: ELOOP)
        case .directory: "it is a directory; name a file in it"
        case .blockDevice: "it is a block device (a disk); name a file"
        case .unwritableKind: "it is a socket or another kind of file that cannot be written"
        }
    }
}
