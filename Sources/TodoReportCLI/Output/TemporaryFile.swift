import Foundation
import SessionLog

/// The file an output is written to before it replaces its target: nameless
/// where the system allows (`O_TMPFILE` on Linux), so a kill leaves nothing;
/// elsewhere a short hidden name that ``StaleTemporaries`` recognises and a
/// later run removes.
final class TemporaryFile {
    /// Temporary names: `.todo-report.PID.XXXXXX`, short enough for any target name.
    static let prefix = ".todo-report."

    private(set) var descriptor: Int32
    private let folder: Path
    /// Its name while it has one.
    private var name: Path?

    /// Creates the file in `folder`, or says why it cannot be.
    init(in folder: Path) throws(SystemCallError) {
        self.folder = folder
        #if os(Linux) && (arch(x86_64) || arch(arm64))
        // O_TMPFILE is a C macro Swift does not import: __O_TMPFILE | O_DIRECTORY on these architectures.
        let tmpFile: Int32 = 0o20_000_000 | O_DIRECTORY
        let nameless = folder.withCString { open($0, tmpFile | O_RDWR | O_CLOEXEC, 0o600) }
        if nameless >= 0, access("/proc/self/fd", X_OK) == 0 {
            descriptor = nameless
            return
        }
        if nameless >= 0 { close(nameless) }
        #endif
        var template = (folder.appending(Array("\(Self.prefix)\(getpid()).XXXXXX".utf8)).bytes + [0]).map { CChar(bitPattern: $0) }
        let created = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard created >= 0 else { throw SystemCallError("", errno: errno) }
        descriptor = created
        name = Path(bytes: template.dropLast().map { UInt8(bitPattern: $0) })
    }

    deinit { discard() }

    /// Makes the complete file `target`: directly when `target` does not exist
    /// (a nameless file is linked in), else through a temporary name and
    /// `rename`, which replaces `target` whole. Then makes the folder's entry last.
    func replace(_ target: Path, mode: mode_t) throws(SystemCallError) {
        guard fchmod(descriptor, mode) == 0, fsync(descriptor) == 0 else { throw SystemCallError("", errno: errno) }
        if name == nil {
            if link(to: target) { return syncFolder() }
            guard errno == EEXIST else { throw SystemCallError("", errno: errno) }
            var random = SystemRandomNumberGenerator()
            let suffix = String(random.next() % 1_000_000_000, radix: 36)
            let temporary = folder.appending(Array("\(Self.prefix)\(getpid()).\(suffix)".utf8))
            guard link(to: temporary) else { throw SystemCallError("", errno: errno) }
            name = temporary
        }
        guard let name else { return }
        let renamed = name.withCString { from in target.withCString { to in rename(from, to) } }
        guard renamed == 0 else { throw SystemCallError("", errno: errno) }
        self.name = nil
        syncFolder()
    }

    /// Closes the file and removes its name, if it has one: nothing is left.
    func discard() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        if let name { _ = name.withCString { unlink($0) } }
        name = nil
    }

    /// Gives the nameless file the name `path`; false (with `errno`) if it cannot.
    private func link(to path: Path) -> Bool {
        path.withCString { target in linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, target, AT_SYMLINK_FOLLOW) } == 0
    }

    private func syncFolder() {
        let folderDescriptor = folder.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        if folderDescriptor >= 0 {
            _ = fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }
}
