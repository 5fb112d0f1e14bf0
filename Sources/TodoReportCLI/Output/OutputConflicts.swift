import ByteLevel
import SessionLog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Refuses outputs that would destroy data before anything is written: two
/// outputs that are one file, an output that is the input, and an output to
/// a standard stream or descriptor that is closed.
enum OutputConflicts {
    /// What a destination is, for telling whether two are one.
    private enum Identity: Hashable {
        case node(FileIdentity)
        case newFile(Path)
    }

    /// Refuses `input` when it is the key file of `--redact-key` (or a link
    /// to it): read as a log, the key would be quoted, masked, in diagnostics
    /// and its report.
    static func refuseKeyFile(asInput input: InputFile, keyFile: InputFile?) throws(CLIError) {
        guard let key = keyFile?.node, let node = input.node, FileIdentity(key) == FileIdentity(node) else { return }
        throw .usage("the input '\(input.path.display)' is the key file given to --redact-key; name the log to read.")
    }

    static func refuse(
        _ destinations: [(OutputSet.Request, OutputDestination)], streams: StandardStreams, input: InputFile?, keyFile: InputFile? = nil
    ) throws(CLIError) {
        var seen: [Identity: OutputSet.Request] = [:]
        let inputNode = input?.node.map { Identity.node(FileIdentity($0)) }
        let keyNode = keyFile?.node.map { Identity.node(FileIdentity($0)) }
        if let input { try refuseKeyFile(asInput: input, keyFile: keyFile) }
        for (request, destination) in destinations {
            let (identity, shareable) = try identity(of: destination, request: request, streams: streams)
            if identity == keyNode {
                throw .usage(
                    "the \(request.role) '\(request.shown)' is the key file given to --redact-key; writing there would destroy the team's secret. Choose another output."
                )
            }
            if let first = seen[identity], !shareable {
                let both =
                    first.path == request.path ? "'\(request.shown)'" : "'\(first.shown)' and '\(request.shown)'"
                throw .usage(
                    "the \(first.role) and the \(request.role) would both be written to \(both), one over the other; give each its own file."
                )
            }
            seen[identity] = request
            if identity == inputNode, !shareable {
                let name = input?.path.isStandardStream == true ? "standard input" : "'\(input?.path.display ?? "")'"
                let role = input?.role ?? "the input file"
                if case .replace(let path, _) = destination, let input, !input.path.isStandardStream, !sameEntry(path, input.path) {
                    // Replaced whole, the other name goes to the output and the input keeps its own.
                    throw .usage(
                        "the \(request.role) '\(request.shown)' is a hard link to \(role) (\(name)), so writing there would replace one of "
                            + "the input's names with the output. Choose another output, or remove the link first."
                    )
                }
                throw .usage(
                    "the \(request.role) '\(request.shown)' is \(role) (\(name)); writing there would destroy it. Choose another output."
                )
            }
        }
    }

    /// Whether any destination is where the command's standard output goes:
    /// `-`, or a path such as `/dev/stdout`, `/dev/fd/1` or the FIFO or
    /// terminal standard output is. Text printed to standard output would
    /// then land inside that output (a page's verdict before its markup).
    static func anyIsStandardOutput(_ destinations: [(OutputSet.Request, OutputDestination)], streams: StandardStreams) -> Bool {
        var output = stat()
        guard streams.output >= 0, fstat(streams.output, &output) == 0 else {
            return destinations.contains { $0.1 == .standardOutput }
        }
        return destinations.contains { request, destination in
            destination == .standardOutput
                || (try? identity(of: destination, request: request, streams: streams).0) == .node(FileIdentity(output))
        }
    }

    /// The identity, and whether several outputs (and the input) may share it: a terminal or `/dev/null`.
    private static func identity(
        of destination: OutputDestination, request: OutputSet.Request, streams: StandardStreams
    ) throws(CLIError) -> (Identity, Bool) {
        var info = stat()
        switch destination {
        case .standardOutput, .descriptor:
            guard let descriptor = destination.openDescriptor(in: streams), descriptor >= 0, fstat(descriptor, &info) == 0 else {
                let name = destination == .standardOutput ? "standard output" : request.shown
                throw .cannotWrite(path: name, reason: "it is not open")
            }
        case .inPlace(let path):
            guard path.withCString({ stat($0, &info) }) == 0 else {
                throw .cannotWrite(path: request.shown, reason: SystemCallError.reason(of: errno))
            }
        case .replace(let path, let existing):
            guard existing != nil, path.withCString({ stat($0, &info) }) == 0 else { return (.newFile(canonical(path)), false) }
        }
        return (.node(FileIdentity(info)), info.st_mode & S_IFMT == S_IFCHR)
    }

    /// Whether two paths of one file are one name of it (after links), not
    /// two hard links; true when either cannot be resolved, the careful answer.
    private static func sameEntry(_ one: Path, _ other: Path) -> Bool {
        guard let one = one.resolvingLinks(), let other = other.resolvingLinks() else { return true }
        return one == other
    }

    /// A path that does not exist yet, with its folder made absolute and free of links.
    private static func canonical(_ path: Path) -> Path {
        guard let folder = path.folder.resolvingLinks() else { return path }
        return folder.appending(path.lastComponent)
    }
}
