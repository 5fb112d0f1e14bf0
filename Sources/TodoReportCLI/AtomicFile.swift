import Foundation

/// Writes a file so that readers see the old file or the whole new one, never
/// part of it, and a crash leaves nothing behind: the data goes to a nameless
/// file in the same folder (`O_TMPFILE` on Linux; elsewhere a hidden
/// temporary name), is `fsync`ed, gets a name only when complete, replaces
/// the target with `rename`, and the folder is `fsync`ed so the rename lasts.
enum AtomicFile {
    static func write(_ bytes: [UInt8], to path: String) throws(CLIError) {
        try write(to: path) { descriptor throws(POSIXFailure) in try writeAll(bytes, to: descriptor) }
    }

    /// Creates the temporary file, lets `fill` write it, then makes it `path`.
    static func write(to path: String, _ fill: (Int32) throws(POSIXFailure) -> Void) throws(CLIError) {
        let folder = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporaryName = "\(folder)/.\(name).tmp-\(getpid())"
        // A file too large for `ulimit -f` must fail its write, not kill the process.
        signal(SIGXFSZ, SIG_IGN)

        var temporary = Temporary.create(in: folder, fallbackName: temporaryName)
        guard temporary.descriptor >= 0 else { throw .cannotWrite(path: path, reason: POSIXFailure(code: errno).description) }
        defer { temporary.discard() }
        do throws(POSIXFailure) {
            try fill(temporary.descriptor)
            // A report is for sharing: the usual 0666 less the umask (mkstemp would make it 0600).
            let mask = umask(0)
            umask(mask)
            guard fchmod(temporary.descriptor, 0o666 & ~mask) == 0, fsync(temporary.descriptor) == 0 else { throw POSIXFailure(code: errno) }
            try temporary.name(temporaryName)
        } catch {
            throw .cannotWrite(path: path, reason: error.description)
        }
        guard rename(temporaryName, path) == 0 else {
            throw .cannotWrite(path: path, reason: POSIXFailure(code: errno).description)
        }
        temporary.isNamedAsTarget = true
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY)
        if folderDescriptor >= 0 {
            _ = fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// The file being written, nameless while that is possible.
    private struct Temporary {
        var descriptor: Int32
        /// The name it has, if any (`nil` while nameless).
        var named: String?
        var isNamedAsTarget = false

        static func create(in folder: String, fallbackName: String) -> Temporary {
            #if os(Linux) && (arch(x86_64) || arch(arm64))
            // O_TMPFILE is a C macro Swift does not import: __O_TMPFILE | O_DIRECTORY on these architectures.
            let tmpFile: Int32 = 0o20_000_000 | O_DIRECTORY
            let nameless = open(folder, tmpFile | O_WRONLY | O_CLOEXEC, 0o600)
            if nameless >= 0 { return Temporary(descriptor: nameless, named: nil) }
            #endif
            var template = Array("\(fallbackName)-XXXXXX".utf8CString)
            let descriptor = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
            let name = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return Temporary(descriptor: descriptor, named: descriptor >= 0 ? name : nil)
        }

        /// Gives the complete file the name `name`, from which it is renamed.
        mutating func name(_ name: String) throws(POSIXFailure) {
            if let named {
                guard rename(named, name) == 0 else { throw POSIXFailure(code: errno) }
            } else {
                unlink(name)  // a leftover of an earlier run of this process id
                guard linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0 else {
                    throw POSIXFailure(code: errno)
                }
            }
            named = name
        }

        mutating func discard() {
            if descriptor >= 0 { close(descriptor) }
            descriptor = -1
            if let named, !isNamedAsTarget { unlink(named) }
        }
    }
}
