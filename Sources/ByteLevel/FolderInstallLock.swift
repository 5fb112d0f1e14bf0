#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An `flock(2)` on each folder a run puts its outputs in, held while it
/// checks that the targets are as it found them and renames its files into
/// place: two runs writing the same outputs then install one after the
/// other, and the later one sees the earlier one's files and refuses (its
/// check fails), so a report and its summary always come from one run. No
/// file is created; a folder that cannot be locked (a file system without
/// `flock`) is installed into as before.
///
/// Folders are told apart by what they are (device and inode), not by how
/// their paths are written: `r.html` and `$PWD/s.md`, or a folder and a link
/// to it, are one folder, locked once (a second `flock` of it, on another
/// descriptor, would wait for the first forever). They are locked in that
/// identity's order, so two runs never wait for each other's second folder.
package final class FolderInstallLock {
    private var descriptors: [Int32] = []

    /// Locks every folder of `folders`, waiting for another run's install to finish.
    package init(_ folders: Set<Path>) {
        var opened: [(identity: FileIdentity, descriptor: Int32)] = []
        for folder in folders {
            let descriptor = folder.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
            guard descriptor >= 0 else { continue }
            guard let identity = FileIdentity(descriptor: descriptor), !opened.contains(where: { $0.identity == identity }) else {
                close(descriptor)
                continue
            }
            opened.append((identity, descriptor))
        }
        for (_, descriptor) in opened.sorted(by: { $0.identity < $1.identity }) {
            if SystemCall.retryingInterrupts({ flock(descriptor, LOCK_EX) }) == 0 {
                descriptors.append(descriptor)
            } else {
                close(descriptor)
            }
        }
    }

    deinit { release() }

    /// Unlocks every folder (closing a descriptor drops its lock).
    package func release() {
        for descriptor in descriptors { close(descriptor) }
        descriptors = []
    }
}
