#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file an output is written to before it takes its target's place:
/// nameless where the system allows (`O_TMPFILE` on Linux), so a kill leaves
/// nothing; elsewhere a ``TemporaryName``. It is held with `flock` while this
/// run lives, which is how the command line's clean-up of leftovers tells a
/// live run's file from one a killed run left.
package final class TemporaryFile {
    package private(set) var descriptor: Int32
    private let folder: Path
    /// Its name while it has one.
    private var name: Path?

    /// Creates the file in `folder`, or says why it cannot be.
    package init(in folder: Path) throws(SystemCallError) {
        self.folder = folder
        #if os(Linux) && (arch(x86_64) || arch(arm64))
            // O_TMPFILE is a C macro Swift does not import: __O_TMPFILE | O_DIRECTORY on these architectures.
            let tmpFile: Int32 = 0o20_000_000 | O_DIRECTORY
            let nameless = folder.withCString { open($0, tmpFile | O_RDWR | O_CLOEXEC, 0o600) }
            if nameless >= 0, access("/proc/self/fd", X_OK) == 0 {
                descriptor = nameless
                _ = flock(descriptor, LOCK_EX | LOCK_NB)
                return
            }
            if nameless >= 0 { close(nameless) }
        #endif
        guard let file = SystemCall.makeTemporaryFile(TemporaryName.template(in: folder).bytes) else {
            throw SystemCallError("create a file in", path: folder.display, errno: errno)
        }
        descriptor = file.descriptor
        _ = flock(descriptor, LOCK_EX | LOCK_NB)
        name = Path(bytes: file.path)
    }

    deinit { discard() }

    /// Gives the complete file the owner and permissions it should have and
    /// makes it durable: the old file's (owner kept where the system allows,
    /// else set-id bits dropped), or `0666` less the umask for a new file.
    /// With `durably` false the caller makes it durable later, with many
    /// others at once (a batch's one `syncfs`).
    package func finish(replacing existing: ExistingFile?, durably: Bool = true) throws(SystemCallError) {
        let given = existing?.giveOwnerAndMode(to: descriptor) ?? (fchmod(descriptor, 0o666 & ~FileCreationMask.current) == 0)
        guard given else { throw SystemCallError("set the permissions of", errno: errno) }
        guard !durably || fsync(descriptor) == 0 else { throw SystemCallError("write", errno: errno) }
    }

    /// Puts the file at `target`. A target that did not exist is never
    /// replaced (if one appeared meanwhile, this fails with `EEXIST`); one
    /// that did is replaced whole by `rename`.
    package func install(at target: Path, replacing existing: Bool) throws(SystemCallError) {
        if !existing {
            if let name {
                // link(2) fails if the target exists; then the temporary name goes.
                if name.hardLink(to: target) {
                    _ = name.withCString { unlink($0) }
                } else {
                    // A file system without hard links (exFAT, vfat) says EPERM.
                    guard Self.linksAreUnsupported(errno), name.renameWithoutReplacing(to: target) else {
                        throw SystemCallError("create", errno: errno)
                    }
                }
                self.name = nil
            } else {
                guard linkNameless(to: target) else { throw SystemCallError("create", errno: errno) }
            }
            return
        }
        if name == nil {
            let temporary = TemporaryName.make(in: folder)
            guard linkNameless(to: temporary) else { throw SystemCallError("create a file in", errno: errno) }
            name = temporary
        }
        guard let name else { return }
        guard name.withCString({ from in target.withCString { rename(from, $0) } }) == 0 else {
            throw SystemCallError("replace", errno: errno)
        }
        self.name = nil
    }

    /// Makes the folder's new entries last.
    package func syncFolder() {
        folder.syncFolder()
    }

    /// Closes the file and removes its name, if it has one: nothing is left.
    package func discard() {
        if let name { _ = name.withCString { unlink($0) } }
        name = nil
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }

    /// Whether a failed `link(2)` says the file system makes no links at all.
    private static func linksAreUnsupported(_ error: Int32) -> Bool {
        error == EPERM || error == ENOTSUP || error == ENOSYS
    }

    /// Gives the nameless file the name `path`; false (with `errno`) if it cannot.
    private func linkNameless(to path: Path) -> Bool {
        path.withCString { target in linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, target, AT_SYMLINK_FOLLOW) } == 0
    }
}
