import ByteLevel
import SessionLog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every output one run writes, prepared before the input is read and
/// committed together.
///
/// Preparing resolves each path (``OutputDestination``), refuses two outputs
/// that are one file and an output that is the input, and creates each
/// temporary file, so an output that cannot be created is reported before a
/// long read. Committing writes every temporary file completely, then the
/// streamed outputs, and only then puts the files in place, as one
/// transaction: an existing target is kept under a second name until every
/// output is in place, and put back if one fails. (A kill between two
/// renames can still leave some new and some old; a batch folder's
/// aggregates, which must change together, change by one rename instead:
/// ``AggregateGenerations``.)
final class OutputSet {
    /// One requested output: its path as given, and what it is for the messages.
    struct Request {
        var path: Path
        /// `report`, `summary`, `log`.
        var role: String
        /// How messages name it, where not by its path (a batch's `index.html`,
        /// written in a folder of the tool's own before it is shown there).
        var shownAs: String?

        /// How messages name it.
        var shown: String { shownAs ?? path.display }
    }

    /// Each output as requested, and made ready.
    private var outputs: [(request: Request, prepared: PreparedOutput)] = []
    private let streams: StandardStreams

    /// Prepares `requests`, in the order they will be filled.
    convenience init(_ requests: [Request], streams: StandardStreams, input: InputFile?, keyFile: InputFile? = nil) throws(CLIError) {
        try self.init(requests, streams: streams, inputs: input.map { [$0] } ?? [], keyFile: keyFile)
    }

    /// Prepares `requests` as above, none of which may be any of `inputs`
    /// or the `--redact-key` file.
    init(_ requests: [Request], streams: StandardStreams, inputs: [InputFile], keyFile: InputFile? = nil) throws(CLIError) {
        self.streams = streams
        let start = FileTime.now()
        let destinations = try requests.map { request throws(CLIError) in (request, try OutputDestination.resolve(output: request.path)) }
        for input in inputs.isEmpty ? [nil] : inputs.map(Optional.some) {
            try OutputConflicts.refuse(destinations, streams: streams, input: input, keyFile: keyFile)
        }
        for (request, destination) in destinations {
            switch destination {
            case .standardOutput, .descriptor:
                break
            case .inPlace(let path):
                // Opened when there is something to write: a FIFO's open waits for a reader.
                guard path.withCString({ access($0, W_OK) }) == 0 else {
                    throw .cannotWrite(path: request.shown, reason: SystemCallError.reason(of: errno))
                }
            case .replace(let path, let existing):
                // A file this user may not write is not replaced behind its back, as `cp` and `>` would not.
                if existing != nil, path.withCString({ access($0, W_OK) }) != 0 {
                    let advice = errno == EROFS ? "choose another output" : "make it writable (chmod u+w) or choose another output"
                    throw .cannotWrite(path: request.shown, reason: SystemCallError.reason(of: errno) + "; " + advice)
                }
                StaleTemporaries.remove(in: path.folder, olderThan: start)
            }
            do {
                outputs.append((request, try PreparedOutput(destination)))
            } catch {
                throw .cannotWrite(path: request.shown, reason: Self.folderProblem(destination, error))
            }
        }
    }

    deinit { discard() }

    /// Calls `fill` for each output with the descriptor to write it to,
    /// temporary files first and streams after; then puts every file in place.
    func commit(_ fill: (_ index: Int, _ descriptor: Int32) throws(SystemCallError) -> Void) throws(CLIError) {
        for index in OutputInstall.fillingOrder(outputs.map(\.prepared)) {
            do {
                try write(index, fill)
            } catch {
                throw .cannotWrite(path: name(of: index), reason: error.reason)
            }
        }
        do {
            try OutputInstall.install(outputs.map(\.prepared))
        } catch {
            let path = outputs[error.index].request.shown
            switch error.reason {
            case .finishing(let failure):
                throw .cannotWrite(path: path, reason: failure.reason)
            case .targetChanged:
                throw .cannotWrite(path: path, reason: "it changed while the input was read; nothing was written")
            case .installing(let failure):
                let reason = failure.errno == EEXIST ? "a file appeared there while the input was read" : failure.reason
                throw .cannotWrite(path: path, reason: reason + "; nothing was written")
            case .keeping(let failure):
                let reason = "the file there could not be kept to put back if a later output failed: \(failure.reason)"
                throw .cannotWrite(path: path, reason: reason + "; nothing was written")
            }
        }
        discard()
    }

    /// Drops every temporary file.
    func discard() {
        for output in outputs { output.prepared.discard() }
        outputs.removeAll()
    }

    private func write(_ index: Int, _ fill: (Int, Int32) throws(SystemCallError) -> Void) throws(SystemCallError) {
        let (request, prepared) = outputs[index]
        let destination = prepared.destination
        if let descriptor = destination.openDescriptor(in: streams) { return try fill(index, descriptor) }
        switch destination {
        case .standardOutput, .descriptor: break
        case .replace: if let temporary = prepared.temporary { try fill(index, temporary.descriptor) }
        case .inPlace(let path):
            // A FIFO with no reader yet (ENXIO without waiting): say what the run waits for, then wait.
            var descriptor = path.withCString { open($0, O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK) }
            if descriptor < 0, errno == ENXIO {
                streams.printError("\(request.shown): waiting for a program to read this FIFO")
                descriptor = path.withCString { SystemCall.open($0, flags: O_WRONLY | O_CLOEXEC | O_NOCTTY) }
            } else if descriptor >= 0 {
                // Written as the blocking descriptor it would have been.
                _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
            }
            guard descriptor >= 0 else { throw SystemCallError("open", errno: errno) }
            defer { close(descriptor) }
            try fill(index, descriptor)
        }
    }

    private func name(of index: Int) -> String {
        switch outputs[index].prepared.destination {
        case .standardOutput, .descriptor(1): "standard output"
        default: outputs[index].request.shown
        }
    }

    /// Why no temporary file could be made beside `destination`'s target.
    private static func folderProblem(_ destination: OutputDestination, _ failure: SystemCallError) -> String {
        guard case .replace(let target, _) = destination else { return failure.reason }
        let folder = target.folder
        switch failure.errno {
        case ENOENT where folder.fileType == nil: return "the folder '\(folder.display)' does not exist"
        case ENOTDIR: return target.notAFolderReason(elseNaming: folder)
        default: return "cannot create a file in '\(folder.display)': \(failure.reason)"
        }
    }
}
