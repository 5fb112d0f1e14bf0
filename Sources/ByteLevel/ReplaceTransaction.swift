#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Several renames as one: each replaced target that a later failure could
/// need put back is first kept under a second name (a hard link, or a copy
/// where the file system makes no links; held with `flock` like a temporary
/// file), so that if a later output cannot be put in place, every earlier
/// one is put back as it was and every new one removed.
package struct ReplaceTransaction {
    private struct Kept {
        var target: Path
        var copy: Path?
        var descriptor: Int32
    }

    private var kept: [Kept] = []
    private var done: [(target: Path, replaced: Bool)] = []

    package init() {}

    /// Keeps the file at `target` under a second name: a hard link, or where
    /// the system refuses one (a file system without links, no inode left
    /// for one), a copy of its bytes, owner and permissions. Throws when
    /// neither can be made: then the file must not be replaced, as it could
    /// not be put back.
    package mutating func keep(_ target: Path) throws(SystemCallError) {
        let copy = TemporaryName.make(in: target.folder)
        var descriptor: Int32
        if target.hardLink(to: copy) {
            descriptor = copy.withCString { SystemCall.open($0, flags: O_RDONLY | O_CLOEXEC | O_NOFOLLOW) }
        } else {
            descriptor = try Self.copyBytes(of: target, to: copy)
        }
        if descriptor >= 0 { _ = flock(descriptor, LOCK_EX | LOCK_NB) }
        kept.append(Kept(target: target, copy: copy, descriptor: descriptor))
    }

    /// Copies the regular file `target` to the new file `copy` with its
    /// owner (where allowed) and permissions, durably; returns the copy's
    /// open descriptor. Nothing is left at `copy` when it fails.
    private static func copyBytes(of target: Path, to copy: Path) throws(SystemCallError) -> Int32 {
        let source = target.withCString { SystemCall.open($0, flags: O_RDONLY | O_CLOEXEC | O_NOFOLLOW) }
        guard source >= 0 else { throw SystemCallError("keep a copy of", errno: errno) }
        defer { close(source) }
        var info = stat()
        guard fstat(source, &info) == 0 else { throw SystemCallError("keep a copy of", errno: errno) }
        let flags = O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW
        let descriptor = copy.withCString { SystemCall.open($0, flags: flags, mode: 0o600) }
        guard descriptor >= 0 else { throw SystemCallError("keep a copy of", errno: errno) }
        do throws(SystemError) {
            guard ExistingFile(info).giveOwnerAndMode(to: descriptor) else { throw SystemError(errno: errno) }
            var offset = 0
            while true {
                let chunk = try FileDescriptorIO.read(source, count: 1 << 20, at: offset)
                if chunk.isEmpty { break }
                do {
                    try FileDescriptorIO.write(chunk, to: descriptor)
                } catch {
                    throw SystemError(errno: error.errno)
                }
                offset += chunk.count
            }
            guard fsync(descriptor) == 0 else { throw SystemError(errno: errno) }
        } catch {
            close(descriptor)
            _ = copy.withCString { unlink($0) }
            throw SystemCallError("keep a copy of", errno: error.errno)
        }
        return descriptor
    }

    /// Notes that `target` now holds its new file.
    package mutating func installed(_ target: Path, replacing: Bool) {
        done.append((target, replacing))
    }

    /// Puts back every replaced file and removes every new one.
    package mutating func rollBack() {
        for (target, replaced) in done.reversed() {
            if replaced, let copy = kept.first(where: { $0.target == target })?.copy {
                _ = copy.withCString { from in target.withCString { rename(from, $0) } }
                if let index = kept.firstIndex(where: { $0.target == target }) { kept[index].copy = nil }
            } else if !replaced {
                _ = target.withCString { unlink($0) }
            }
        }
        done.removeAll()
    }

    /// Drops the second names (the old files go with them unless put back).
    package mutating func finish() {
        for entry in kept {
            if let copy = entry.copy { _ = copy.withCString { unlink($0) } }
            if entry.descriptor >= 0 { close(entry.descriptor) }
        }
        kept.removeAll()
    }
}
