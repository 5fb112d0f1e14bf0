import Foundation

/// Writes a file so that readers see the old file or the whole new one, never
/// part of it: a temporary file in the same folder, `fsync`, `rename`, then
/// `fsync` of the folder so the rename itself survives a crash.
enum AtomicFile {
    static func write(_ bytes: [UInt8], to path: String) throws(CLIError) {
        try write(to: path) { descriptor throws(POSIXFailure) in try writeAll(bytes, to: descriptor) }
    }

    /// Creates the temporary file, lets `fill` write it, then makes it `path`.
    static func write(to path: String, _ fill: (Int32) throws(POSIXFailure) -> Void) throws(CLIError) {
        let folder = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        var template = Array("\(folder)/.\(name).tmp-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: POSIXFailure(code: errno).description) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var finished = false
        defer {
            if !finished { unlink(temporary) }
        }
        do throws(POSIXFailure) {
            defer { close(descriptor) }
            try fill(descriptor)
            // mkstemp creates the file 0600; a report is for sharing, so it gets the usual 0666 less the umask.
            let mask = umask(0)
            umask(mask)
            guard fchmod(descriptor, 0o666 & ~mask) == 0, fsync(descriptor) == 0 else { throw POSIXFailure(code: errno) }
        } catch {
            throw .cannotWrite(path: path, reason: error.description)
        }
        guard rename(temporary, path) == 0 else {
            throw .cannotWrite(path: path, reason: POSIXFailure(code: errno).description)
        }
        finished = true
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY)
        if folderDescriptor >= 0 {
            _ = fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }
}
