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
/// descriptor's name (`/dev/stdout`, `/dev/fd/N`) on a pipe or a terminal
/// where it points; a folder or anything else is refused.
final class OutputFiles {
    /// Each output as the caller named it (for messages), and made ready.
    private var outputs: [(named: String, prepared: PreparedOutput)] = []

    /// Resolves every URL and creates the temporary files, before anything is written.
    init(_ urls: [URL]) throws(SystemCallError) {
        for url in urls {
            let named = url.path(percentEncoded: false)
            guard url.isFileURL else { throw SystemCallError("write", path: url.absoluteString, errno: EINVAL) }
            let destination: OutputDestination
            do {
                destination = try OutputDestination.resolve(Path(named), regularFilesThroughDescriptors: false)
            } catch {
                throw error.systemCallError(path: named)
            }
            guard !outputs.contains(where: { $0.prepared.destination == destination }) else {
                throw SystemCallError("write", path: named, errno: EINVAL)
            }
            do {
                outputs.append((named, try PreparedOutput(destination)))
            } catch {
                // Only a file replaced whole has a temporary file to create: its folder as the system names
                // it, as every other error of the library names its path.
                guard case .replace(let target, _) = destination else { throw error }
                throw SystemCallError("create a file in", path: String(decoding: target.folder.bytes, as: UTF8.self), errno: error.errno)
            }
        }
    }

    deinit { discard() }

    /// Calls `fill` with the descriptor each output is written to, temporary files first, then puts them in place.
    func commit(_ fill: (_ index: Int, _ descriptor: Int32) throws(SystemCallError) -> Void) throws(SystemCallError) {
        let prepared = outputs.map(\.prepared)
        for index in OutputInstall.fillingOrder(prepared) {
            switch prepared[index].destination {
            case .replace:
                if let temporary = prepared[index].temporary { try fill(index, temporary.descriptor) }
            case .standardOutput:
                try fill(index, STDOUT_FILENO)
            case .descriptor(let descriptor):
                try fill(index, descriptor)
            case .inPlace(let path):
                // A FIFO's open waits for a reader: a signal meanwhile is no failure.
                let descriptor = path.withCString { SystemCall.open($0, flags: O_WRONLY | O_CLOEXEC | O_NOCTTY) }
                guard descriptor >= 0 else { throw SystemCallError("open", path: outputs[index].named, errno: errno) }
                defer { close(descriptor) }
                try fill(index, descriptor)
            }
        }
        do {
            try OutputInstall.install(prepared)
        } catch {
            let named = outputs[error.index].named
            let replacing: Bool = if case .replace(_, .some) = prepared[error.index].destination { true } else { false }
            switch error.reason {
            case .finishing(let failure): throw SystemCallError(failure.operation, path: named, errno: failure.errno)
            case .targetChanged: throw SystemCallError("replace", path: named, errno: replacing ? EBUSY : EEXIST)
            case .installing(let failure): throw SystemCallError(replacing ? "replace" : "create", path: named, errno: failure.errno)
            case .keeping(let failure): throw SystemCallError("keep a copy of", path: named, errno: failure.errno)
            }
        }
        discard()
    }

    /// Closes every temporary file and removes those still named: nothing is left.
    private func discard() {
        for output in outputs { output.prepared.discard() }
    }
}
