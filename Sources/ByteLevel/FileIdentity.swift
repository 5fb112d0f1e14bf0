#if canImport(Glibc)
    package import Glibc
#elseif canImport(Darwin)
    package import Darwin
#endif

/// What a file is, whatever path names it: its device and inode. Two paths
/// name one file (a folder and a link to it, `x` and `$PWD/x`) exactly when
/// their identities are equal.
package struct FileIdentity: Hashable, Comparable {
    package let device: UInt64
    package let inode: UInt64

    /// The identity `stat` gave.
    package init(_ info: stat) {
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
    }

    /// The identity of the file open on `descriptor`, or nil if `fstat` fails.
    package init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }

    package static func < (a: FileIdentity, b: FileIdentity) -> Bool { (a.device, a.inode) < (b.device, b.inode) }
}
