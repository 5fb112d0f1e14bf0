import ByteLevel
import SessionLog

#if canImport(Glibc)
    import Glibc
    import FoundationEssentials
#else
    import Foundation
#endif

/// Files written all or nothing, as `todo-report` writes its outputs: each
/// regular file (or new one) to a temporary file beside it, written whole and
/// flushed, then all renamed into place together; an existing one keeps its
/// permissions and is kept under a second name until every file is in place,
/// and put back if one cannot be. A symbolic link is followed (the file it
/// names is replaced, the link stays). A FIFO or a character device
/// (`/dev/null`) is written in place; a folder or anything else is refused.
final class OutputFiles {
    private enum Kind {
        /// A regular file (`existing`: what it was) or a new one (`existing` nil), replaced whole.
        case replace(existing: stat?)
        case inPlace
    }

    private struct Output {
        /// As the caller named it, for messages.
        var named: String
        /// Where the bytes go, links followed.
        var path: String
        var kind: Kind
        var temporary: Int32 = -1
        var temporaryName: String?
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
                let folder = String(decoding: Path(path).folder.bytes, as: UTF8.self)
                let template = Array("\(folder)/.todo-report.\(getpid()).XXXXXX".utf8)
                guard let file = SystemCall.makeTemporaryFile(template) else {
                    throw SystemCallError("create a file in", path: folder, errno: errno)
                }
                // Held while this lives: the command line's clean-up of leftovers passes over a locked file.
                _ = flock(file.descriptor, LOCK_EX | LOCK_NB)
                output.temporary = file.descriptor
                output.temporaryName = String(decoding: file.path, as: UTF8.self)
            }
            outputs.append(output)
        }
    }

    deinit { discard() }

    /// Calls `fill` with the descriptor each output is written to, temporary files first, then puts them in place.
    func commit(_ fill: (_ index: Int, _ descriptor: Int32) throws(SystemCallError) -> Void) throws(SystemCallError) {
        let order = outputs.indices.filter { outputs[$0].temporary >= 0 } + outputs.indices.filter { outputs[$0].temporary < 0 }
        for index in order {
            let output = outputs[index]
            if output.temporary >= 0 {
                try fill(index, output.temporary)
            } else {
                let descriptor = output.path.withCString { open($0, O_WRONLY | O_CLOEXEC | O_NOCTTY) }
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
        for output in outputs {
            guard case .replace(let existing) = output.kind else { continue }
            try Self.finish(output.temporary, replacing: existing, named: output.named)
            guard Self.isUnchanged(output.path, since: existing) else {
                throw SystemCallError("replace", path: output.named, errno: existing == nil ? EEXIST : EBUSY)
            }
        }
        var kept: [(target: String, copy: String)] = []
        var installed: [(target: String, replaced: Bool)] = []
        defer {
            for entry in kept { _ = entry.copy.withCString { unlink($0) } }
        }
        for index in outputs.indices {
            guard case .replace(let existing) = outputs[index].kind, let name = outputs[index].temporaryName else { continue }
            let target = outputs[index].path
            let failed: Int32?
            if existing != nil {
                let copy = Self.secondName(beside: target)
                if link(target, copy) == 0 { kept.append((target, copy)) }
                failed = rename(name, target) == 0 ? nil : errno
            } else {
                // link(2) fails if a file appeared there meanwhile: it is never replaced.
                failed = link(name, target) == 0 ? nil : errno
                if failed == nil { _ = unlink(name) }
            }
            if let failed {
                for (done, replaced) in installed.reversed() {
                    if replaced, let copy = kept.first(where: { $0.target == done })?.copy {
                        _ = rename(copy, done)
                    } else if !replaced {
                        _ = unlink(done)
                    }
                }
                throw SystemCallError(existing == nil ? "create" : "replace", path: outputs[index].named, errno: failed)
            }
            outputs[index].temporaryName = nil
            installed.append((target, existing != nil))
        }
        for (target, _) in installed {
            let descriptor = Path(target).folder.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
            if descriptor >= 0 {
                _ = fsync(descriptor)
                close(descriptor)
            }
        }
    }

    /// Closes every temporary file and removes those still named: nothing is left.
    private func discard() {
        for index in outputs.indices {
            if let name = outputs[index].temporaryName { _ = unlink(name) }
            if outputs[index].temporary >= 0 { close(outputs[index].temporary) }
            outputs[index].temporaryName = nil
            outputs[index].temporary = -1
        }
    }

    /// Follows `path` through symbolic links to what it names.
    private static func resolve(_ named: String) throws(SystemCallError) -> (String, Kind) {
        var path = named
        for _ in 0..<40 {
            var info = stat()
            guard lstat(path, &info) == 0 else {
                if errno == ENOENT { return (path, .replace(existing: nil)) }
                throw SystemCallError("write", path: named, errno: errno)
            }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let length = readlink(path, &buffer, buffer.count - 1)
                guard length > 0 else { throw SystemCallError("read the link", path: named, errno: errno) }
                let target = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                path = String(decoding: Path(path).sibling(Array(target.utf8)).bytes, as: UTF8.self)
            case S_IFREG:
                return (path, .replace(existing: info))
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

    /// Gives the written file its target's permissions (and owner, where it
    /// can; else set-id bits go), or `0666` less the umask, and flushes it.
    private static func finish(_ descriptor: Int32, replacing existing: stat?, named: String) throws(SystemCallError) {
        let mask = umask(0)
        umask(mask)
        var mode = 0o666 & ~mask
        if let existing {
            mode = existing.st_mode & 0o7777
            if existing.st_uid != geteuid() || existing.st_gid != getegid() {
                if fchown(descriptor, existing.st_uid, existing.st_gid) != 0 { mode &= ~(S_ISUID | S_ISGID) }
            }
        }
        guard fchmod(descriptor, mode) == 0 else { throw SystemCallError("set the permissions of", path: named, errno: errno) }
        guard fsync(descriptor) == 0 else { throw SystemCallError("write", path: named, errno: errno) }
    }

    /// Whether `path` is still what resolving found: the same regular file, or still nothing.
    private static func isUnchanged(_ path: String, since existing: stat?) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return existing == nil && errno == ENOENT }
        guard let existing else { return false }
        return info.st_mode & S_IFMT == S_IFREG && info.st_dev == existing.st_dev && info.st_ino == existing.st_ino
    }

    /// A free `.todo-report.PID.XXXXXX` name in `target`'s folder.
    private static func secondName(beside target: String) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        let suffix = String((0..<6).map { _ in alphabet[Int.random(in: 0..<alphabet.count)] })
        return String(decoding: Path(target).sibling(Array(".todo-report.\(getpid()).\(suffix)".utf8)).bytes, as: UTF8.self)
    }
}
