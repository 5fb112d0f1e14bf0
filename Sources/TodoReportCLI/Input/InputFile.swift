import Foundation
import SessionLog

/// An input: a file, or standard input for `-`. It is found (``locate(_:standardInput:)``)
/// before the outputs are prepared and opened after, so an unwritable output
/// is reported even when opening the input would wait (a FIFO with no writer yet).
struct InputFile {
    let path: Path
    /// How diagnostics name the input.
    var displayName: String
    /// What it is on disk, to refuse an output that would overwrite it.
    let node: stat?
    private let standardInput: Int32
    private(set) var descriptor: Int32 = -1

    /// Finds the input without opening it: 66 for a missing file or a directory.
    static func locate(_ path: Path, standardInput: Int32) throws(CLIError) -> InputFile {
        var info = stat()
        if path.isStandardStream {
            guard standardInput >= 0, fstat(standardInput, &info) == 0 else {
                throw .cannotRead(path: "standard input", reason: "it is not open")
            }
            return InputFile(path: path, displayName: "<stdin>", node: info, standardInput: standardInput)
        }
        guard path.withCString({ stat($0, &info) }) == 0 else {
            let reason = errno == ENOENT ? "no such file" : SystemCallError("", errno: errno).reason
            throw .cannotRead(path: path.display, reason: reason)
        }
        if info.st_mode & S_IFMT == S_IFDIR {
            throw .cannotRead(path: path.display, reason: "it is a directory; name a todo-session/1 log file")
        }
        return InputFile(path: path, displayName: path.display, node: info, standardInput: standardInput)
    }

    /// Opens it for reading.
    mutating func open() throws(CLIError) {
        if path.isStandardStream {
            descriptor = standardInput
            return
        }
        descriptor = path.withCString { Foundation.open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw .cannotRead(path: path.display, reason: SystemCallError("", errno: errno).reason) }
    }

    /// Where its bytes come from once open, decompressed if they are gzip data.
    func byteSource() -> some ByteSource {
        GzipDetectingByteSource(FileDescriptorByteSource(fileDescriptor: descriptor))
    }

    func close() {
        if !path.isStandardStream && descriptor >= 0 { _ = Foundation.close(descriptor) }
    }
}
