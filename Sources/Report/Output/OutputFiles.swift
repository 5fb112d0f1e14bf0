import ByteLevel

#if canImport(Glibc)
    import Glibc
    import FoundationEssentials
#else
    import Foundation
#endif

/// Files written all or nothing, as `todo-report` writes its outputs, with the
/// same parts (``TemporaryFile``, ``ExistingFile``, ``ReplaceTransaction``):
/// each regular file (or new one) to a temporary file beside it, written whole
/// and flushed, then all renamed into place together; an existing one keeps
/// its permissions and is kept under a second name until every file is in
/// place, and put back if one cannot be. A symbolic link is followed (the file
/// it names is replaced, the link stays). A FIFO or a character device
/// (`/dev/null`) is written in place; a folder or anything else is refused.
final class OutputFiles {
    private enum Kind {
        /// A regular file (`existing`: what it was) or a new one (`existing` nil), replaced whole.
        case replace(existing: ExistingFile?)
        case inPlace
    }

    private struct Output {
        /// As the caller named it, for messages.
        var named: String
        /// Where the bytes go, links followed.
        var path: Path
        var kind: Kind
        var temporary: TemporaryFile?
    }

    private var outputs: [Output] = []

    /// Resolves every URL and creates the temporary files, before anything is written.
    init(_ urls: [URL]) throws(SystemCallError) {
        for url in urls {
            let named = url.path(percentEncoded: false)
            guard url.isFileURL else { throw SystemCallError("write", path: url.absoluteString, errno: EINVAL) }
            let (path, kind) = try Self.resolve(named)
            guard !outputs.contains(where: { $0.path == path }) else { throw SystemCallError("write", path: named, errno: EINVAL) }
            var output = Output(named: named, path: path, kind: kind)
            if case .replace = kind {
                do {
                    output.temporary = try TemporaryFile(in: path.folder)
                } catch {
                    throw SystemCallError("create a file in", path: String(decoding: path.folder.bytes, as: UTF8.self), errno: error.errno)
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
            if let temporary = output.temporary {
                try fill(index, temporary.descriptor)
            } else {
                // A FIFO's open waits for a reader: a signal meanwhile is no failure.
                let descriptor = output.path.withCString { SystemCall.open($0, flags: O_WRONLY | O_CLOEXEC | O_NOCTTY) }
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
        let files = outputs.compactMap { output -> (output: Output, existing: ExistingFile?, temporary: TemporaryFile)? in
            guard case .replace(let existing) = output.kind, let temporary = output.temporary else { return nil }
            return (output, existing, temporary)
        }
        for file in files {
            do {
                try file.temporary.finish(replacing: file.existing)
            } catch {
                throw SystemCallError(error.operation, path: file.output.named, errno: error.errno)
            }
            guard ExistingFile.isUnchanged(file.output.path, since: file.existing) else {
                throw SystemCallError("replace", path: file.output.named, errno: file.existing == nil ? EEXIST : EBUSY)
            }
        }
        var transaction = ReplaceTransaction()
        defer { transaction.finish() }
        for file in files {
            let replacing = file.existing != nil
            do {
                if replacing { transaction.keep(file.output.path) }
                try file.temporary.install(at: file.output.path, replacing: replacing)
                transaction.installed(file.output.path, replacing: replacing)
            } catch {
                transaction.rollBack()
                throw SystemCallError(replacing ? "replace" : "create", path: file.output.named, errno: error.errno)
            }
        }
        for folder in Set(files.map(\.output.path.folder)) { folder.syncFolder() }
    }

    /// Closes every temporary file and removes those still named: nothing is left.
    private func discard() {
        for output in outputs { output.temporary?.discard() }
    }

    /// Follows `named` through symbolic links to what it names.
    private static func resolve(_ named: String) throws(SystemCallError) -> (Path, Kind) {
        var path = Path(named)
        for _ in 0..<40 {
            var info = stat()
            guard path.withCString({ lstat($0, &info) }) == 0 else {
                if errno == ENOENT { return (path, .replace(existing: nil)) }
                throw SystemCallError("write", path: named, errno: errno)
            }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                guard let target = path.linkText(), !target.isEmpty else {
                    throw SystemCallError("read the link", path: named, errno: errno)
                }
                path = path.sibling(target)
            case S_IFREG:
                return (path, .replace(existing: ExistingFile(info)))
            case S_IFIFO, S_IFCHR:
                return (path, .inPlace)
            case S_IFDIR:
                throw SystemCallError("write", path: named, errno: EISDIR)
            default:
                throw SystemCallError("write", path: named, errno: EINVAL)
            }
        }
        throw SystemCallError("write", path: named, errno: ELOOP)
    }
}
