import Foundation
import SessionLog

/// A whole small file read at once: a template, a stats file.
enum SmallFile {
    /// The bytes of the file at `path`, or the failed call.
    static func read(_ path: Path) throws(SystemCallError) -> [UInt8] {
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw SystemCallError("open", path: path.display, errno: errno) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw SystemCallError("read", path: path.display, errno: errno) }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    }
}
