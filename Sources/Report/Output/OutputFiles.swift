import ByteLevel

#if canImport(Glibc)
    import Glibc
    import FoundationEssentials
#else
    import Foundation
#endif

/// Files written all or nothing, as `todo-report` writes its outputs, with its
/// parts: ``OutputDestination`` says what each path names, and
/// ``OutputInstall`` puts the complete temporary files in place together.
/// Each regular file (or new one) is written whole to a temporary file beside
/// it; an existing one keeps its permissions and is kept under a second name
/// until every file is in place, and put back if one cannot be. A symbolic
/// link is followed (the file it names is replaced, the link stays). A FIFO
/// or a character device (`/dev/null`) is written in place, and an open
/// descriptor (`/dev/stdout`, `/dev/fd/N`) where it points; a folder or
/// anything else is refused.
final class OutputFiles {
    private struct Output {
        /// As the caller named it, for messages.
        var named: String
        var destination: OutputDestination
        var temporary: TemporaryFile?
    }

    private var outputs: [Output] = []

    /// Resolves every URL and creates the temporary files, before anything is written.
    init(_ urls: [URL]) throws(SystemCallError) {
        for url in urls {
            let named = url.path(percentEncoded: false)
            guard url.isFileURL else { throw SystemCallError("write", path: url.absoluteString, errno: EINVAL) }
            let destination: OutputDestination
            do {
                destination = try OutputDestination.resolve(Path(named))
            } catch {
                throw error.systemCallError(path: named)
            }
            guard !outputs.contains(where: { $0.destination == destination }) else {
                throw SystemCallError("write", path: named, errno: EINVAL)
            }
            var output = Output(named: named, destination: destination)
            if case .replace(let path, _) = destination {
                do {
                    output.temporary = try TemporaryFile(in: path.folder)
                } catch {
                    throw SystemCallError("create a file in", path: path.folder.display, errno: error.errno)
                }
            }
            outputs.append(output)
        }
    }

    deinit { discard() }

    /// Calls `fill` with the descriptor each output is written to, temporary files first, then puts them in place.
    func commit(_ fill: (_ index: Int, _ descriptor: Int32) throws(SystemCallError) -> Void) throws(SystemCallError) {
        let order = outputs.indices.filter { outputs[$0].temporary != nil } + outputs.indices.filter { outputs[$0].temporary == nil }
        for index in order {
            let output = outputs[index]
            switch output.destination {
            case .replace:
                try fill(index, output.temporary?.descriptor ?? -1)
            case .standardOutput:
                try fill(index, STDOUT_FILENO)
            case .descriptor(let descriptor):
                try fill(index, descriptor)
            case .inPlace(let path):
                // A FIFO's open waits for a reader: a signal meanwhile is no failure.
                let descriptor = path.withCString { SystemCall.open($0, flags: O_WRONLY | O_CLOEXEC | O_NOCTTY) }
                guard descriptor >= 0 else { throw SystemCallError("open", path: output.named, errno: errno) }
                defer { close(descriptor) }
                try fill(index, descriptor)
            }
        }
        try install()
        discard()
    }

    /// Puts every temporary file at its target, all or none.
    private func install() throws(SystemCallError) {
        var installed: [(output: Output, file: OutputInstall.File)] = []
        for output in outputs {
            guard case .replace(let target, let existing) = output.destination, let temporary = output.temporary else { continue }
            installed.append((output, OutputInstall.File(target: target, existing: existing, temporary: temporary)))
        }
        do {
            try OutputInstall.install(installed.map(\.file))
        } catch {
            let output = installed[error.index]
            switch error.reason {
            case .finishing(let failure):
                throw SystemCallError(failure.operation, path: output.output.named, errno: failure.errno)
            case .targetChanged:
                throw SystemCallError("replace", path: output.output.named, errno: output.file.existing == nil ? EEXIST : EBUSY)
            case .installing(let failure):
                throw SystemCallError(output.file.existing != nil ? "replace" : "create", path: output.output.named, errno: failure.errno)
            }
        }
    }

    /// Closes every temporary file and removes those still named: nothing is left.
    private func discard() {
        for output in outputs { output.temporary?.discard() }
    }
}
