import ByteLevel
import Foundation

/// The TCP ports a process listens on, as the kernel reports them. A server
/// started with port 0 takes a free port itself; reading it back here means
/// no port is ever chosen by the harness and then given away to be raced for.
enum ListeningPorts {
    /// IPv4 ports `pid` listens on, lowest first; empty while it has none yet.
    static func of(_ pid: pid_t) -> [UInt16] {
        let sockets = socketInodes(of: pid)
        guard !sockets.isEmpty, let table = FileDescriptorIO.kernelFile("/proc/\(pid)/net/tcp") else { return [] }
        return listening(in: String(decoding: table, as: UTF8.self), inodes: sockets).sorted()
    }

    /// The inodes of the sockets among `pid`'s open files (`socket:[123]`).
    private static func socketInodes(of pid: pid_t) -> Set<String> {
        let folder = "/proc/\(pid)/fd"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return Set(
            names.compactMap { name in
                guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\(name)"),
                    target.hasPrefix("socket:["), target.hasSuffix("]")
                else { return nil }
                return String(target.dropFirst("socket:[".count).dropLast())
            })
    }

    /// Rows of a `/proc/net/tcp` table in state LISTEN (`0A`) whose inode is one of `inodes`:
    /// `sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode …`.
    static func listening(in table: String, inodes: Set<String>) -> [UInt16] {
        table.split(separator: "\n").dropFirst().compactMap { row in
            let fields = row.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count > 9, fields[3] == "0A", inodes.contains(String(fields[9])),
                let colon = fields[1].lastIndex(of: ":")
            else { return nil }
            return UInt16(fields[1][fields[1].index(after: colon)...], radix: 16)
        }
    }
}
