#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a file is, whatever path names it: its device and inode. Two paths
/// name one file (a folder and a link to it, `x` and `$PWD/x`) exactly when
/// their identities are equal.
struct FileIdentity: Hashable, Comparable {
    let device: UInt64
    let inode: UInt64

    /// The identity `stat` gave.
    init(_ info: stat) {
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
    }

    /// The identity of the file open on `descriptor`, or nil if `fstat` fails.
    init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }

    static func < (a: FileIdentity, b: FileIdentity) -> Bool { (a.device, a.inode) < (b.device, b.inode) }
}
