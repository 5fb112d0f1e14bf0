import Foundation

/// An opened input: a file, or standard input for `-`.
struct InputFile {
    let path: String
    let descriptor: Int32
    /// How diagnostics name the input.
    let displayName: String
    private let ownsDescriptor: Bool

    static func open(_ path: String, standardInput: Int32) throws(CLIError) -> InputFile {
        if path == "-" {
            return InputFile(path: path, descriptor: standardInput, displayName: "<stdin>", ownsDescriptor: false)
        }
        let descriptor = Foundation.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = errno == ENOENT ? "no such file" : POSIXFailure(code: errno).description
            throw .cannotRead(path: path, reason: reason)
        }
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            _ = Foundation.close(descriptor)
            throw .cannotRead(path: path, reason: "it is a directory; name a todo-session/1 log file")
        }
        return InputFile(path: path, descriptor: descriptor, displayName: path, ownsDescriptor: true)
    }

    /// Whether `other` names this same file (through another path, `./` or a hard link).
    func isSameFile(as other: String) -> Bool {
        guard path != "-" else { return false }
        var mine = stat()
        var theirs = stat()
        guard fstat(descriptor, &mine) == 0, stat(other, &theirs) == 0 else { return false }
        return mine.st_dev == theirs.st_dev && mine.st_ino == theirs.st_ino
    }

    func close() {
        if ownsDescriptor { _ = Foundation.close(descriptor) }
    }
}
