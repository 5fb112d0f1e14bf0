import Foundation
import SessionLog

/// Every output one run writes, prepared before the input is read and
/// committed together.
///
/// Preparing resolves each path (``OutputDestination``), refuses two outputs
/// that are one file and an output that is the input, and creates each
/// temporary file, so an output that cannot be created is reported before a
/// long read. Committing writes every temporary file completely first, then
/// the streamed outputs, and renames only when all are complete: a failure
/// leaves every existing output as it was.
final class OutputSet {
    /// One requested output: its path as given, and what it is for the messages.
    struct Request {
        var path: Path
        /// `report`, `summary`, `log`.
        var role: String
    }

    private struct Prepared {
        var request: Request
        var destination: OutputDestination
        var temporary: TemporaryFile?
        /// The descriptor opened for an in-place output (closed at the end).
        var opened: Int32?
    }

    private var outputs: [Prepared] = []
    private let streams: StandardStreams

    /// Prepares `requests` (in the order they will be filled).
    init(_ requests: [Request], streams: StandardStreams, input: InputFile?) throws(CLIError) {
        self.streams = streams
        let start = time(nil)
        let destinations = try requests.map { request throws(CLIError) in (request, try OutputDestination.resolve(request.path)) }
        try Self.refuseConflicts(destinations, streams: streams, input: input)
        for (request, destination) in destinations {
            var prepared = Prepared(request: request, destination: destination)
            switch destination {
            case .standardOutput, .descriptor:
                break
            case .inPlace(let path):
                let descriptor = path.withCString { open($0, O_WRONLY | O_CLOEXEC | O_NOCTTY) }
                guard descriptor >= 0 else { throw .cannotWrite(path: request.path.display, reason: SystemCallError("", errno: errno).reason) }
                prepared.opened = descriptor
            case .replace(let path, _):
                StaleTemporaries.remove(in: path.folder, olderThan: start)
                do {
                    prepared.temporary = try TemporaryFile(in: path.folder)
                } catch {
                    throw .cannotWrite(path: request.path.display, reason: Self.folderProblem(path.folder, error))
                }
            }
            outputs.append(prepared)
        }
    }

    deinit { discard() }

    /// Calls `fill` for each output in request order with the descriptor to
    /// write it to, temporary files before streams; then puts every file in place.
    func commit(_ fill: (_ index: Int, _ descriptor: Int32) throws(SystemCallError) -> Void) throws(CLIError) {
        let streamedLast = outputs.indices.sorted { (outputs[$0].temporary == nil ? 1 : 0) < (outputs[$1].temporary == nil ? 1 : 0) }
        for index in streamedLast {
            let output = outputs[index]
            let descriptor: Int32
            switch output.destination {
            case .standardOutput: descriptor = streams.output
            case .descriptor(1): descriptor = streams.output
            case .descriptor(2): descriptor = streams.error
            case .descriptor(let number): descriptor = number
            case .inPlace: descriptor = output.opened ?? -1
            case .replace: descriptor = output.temporary?.descriptor ?? -1
            }
            do {
                try fill(index, descriptor)
            } catch {
                throw .cannotWrite(path: Self.name(of: output), reason: error.reason)
            }
        }
        let mask = umask(0)
        umask(mask)
        for output in outputs {
            guard case .replace(let target, let mode) = output.destination, let temporary = output.temporary else { continue }
            do {
                try temporary.replace(target, mode: mode ?? (0o666 & ~mask))
            } catch {
                throw .cannotWrite(path: output.request.path.display, reason: error.reason)
            }
        }
        discard()
    }

    /// Drops every temporary file and closes what was opened.
    func discard() {
        for output in outputs {
            output.temporary?.discard()
            if let opened = output.opened { close(opened) }
        }
        outputs.removeAll()
    }

    private static func name(of output: Prepared) -> String {
        output.destination == .standardOutput ? "standard output" : output.request.path.display
    }

    private static func folderProblem(_ folder: Path, _ failure: SystemCallError) -> String {
        switch failure.errno {
        case ENOENT: "the folder '\(folder.display)' does not exist"
        case ENOTDIR: "'\(folder.display)' is not a folder"
        default: "cannot create a file in '\(folder.display)': \(failure.reason)"
        }
    }

    // MARK: Conflicts

    /// What a destination is, for telling whether two are one.
    private enum Identity: Hashable {
        case node(dev_t, ino_t)
        case newFile(Path)
    }

    private static func refuseConflicts(
        _ destinations: [(Request, OutputDestination)], streams: StandardStreams, input: InputFile?
    ) throws(CLIError) {
        var seen: [Identity: Request] = [:]
        let inputNode = input?.node
        for (request, destination) in destinations {
            guard let (identity, shareable) = identity(of: destination, streams: streams) else { continue }
            if let first = seen[identity], !shareable {
                let both = first.path == request.path ? "'\(request.path.display)'" : "'\(first.path.display)' and '\(request.path.display)'"
                throw .usage("the \(first.role) and the \(request.role) would both be written to \(both), one over the other; give each its own file.")
            }
            seen[identity] = request
            if case .node = identity, identity == inputNode.map({ Identity.node($0.st_dev, $0.st_ino) }), inputNode.map(isRegular) == true {
                let name = input?.path.isStandardStream == true ? "standard input" : "'\(input?.path.display ?? "")'"
                throw .usage("the \(request.role) '\(request.path.display)' is the input file (\(name)); writing there would destroy the log. Choose another output.")
            }
        }
    }

    /// The identity, and whether several outputs may share it (a terminal, `/dev/null`).
    private static func identity(of destination: OutputDestination, streams: StandardStreams) -> (Identity, Bool)? {
        let info: stat?
        switch destination {
        case .standardOutput:
            info = node(ofDescriptor: streams.output)
        case .descriptor(let number):
            info = node(ofDescriptor: number == 1 ? streams.output : number == 2 ? streams.error : number)
        case .inPlace(let path):
            info = node(ofPath: path)
        case .replace(let path, let mode):
            if mode == nil { return (.newFile(canonical(path)), false) }
            info = node(ofPath: path)
        }
        guard let info else { return nil }
        return (.node(info.st_dev, info.st_ino), info.st_mode & S_IFMT == S_IFCHR)
    }

    private static func isRegular(_ info: stat) -> Bool { info.st_mode & S_IFMT == S_IFREG }

    private static func node(ofDescriptor descriptor: Int32) -> stat? {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? info : nil
    }

    private static func node(ofPath path: Path) -> stat? {
        var info = stat()
        return path.withCString({ stat($0, &info) }) == 0 ? info : nil
    }

    /// A path that does not exist yet, with its folder made absolute and free of links.
    private static func canonical(_ path: Path) -> Path {
        guard let resolved = path.folder.withCString({ realpath($0, nil) }) else { return path }
        defer { free(resolved) }
        return Path(bytes: Array(UnsafeBufferPointer(start: resolved, count: strlen(resolved))).map { UInt8(bitPattern: $0) })
            .appending(path.lastComponent)
    }
}
