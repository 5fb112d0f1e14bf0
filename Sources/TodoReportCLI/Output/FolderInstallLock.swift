import ByteLevel

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
/// `flock`) is installed into as before. The folders are locked in one order,
/// so two runs never wait for each other's second folder.
final class FolderInstallLock {
    private var descriptors: [Int32] = []

    /// Locks every folder of `folders`, waiting for another run's install to finish.
    init(_ folders: Set<Path>) {
        for folder in folders.sorted(by: { $0.bytes.lexicographicallyPrecedes($1.bytes) }) {
            let descriptor = folder.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
            guard descriptor >= 0 else { continue }
            if SystemCall.retryingInterrupts({ flock(descriptor, LOCK_EX) }) == 0 {
                descriptors.append(descriptor)
            } else {
                close(descriptor)
            }
        }
    }

    deinit { release() }

    /// Unlocks every folder (closing a descriptor drops its lock).
    func release() {
        for descriptor in descriptors { close(descriptor) }
        descriptors = []
    }
}
