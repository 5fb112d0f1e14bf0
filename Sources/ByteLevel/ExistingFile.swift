#if canImport(Glibc)
    package import Glibc
#elseif canImport(Darwin)
    package import Darwin
#endif

/// What a regular file was when an output that replaces it was prepared: to
/// keep its owner and permissions, and to notice if it changes before the
/// rename (replaced, or written in place: its size or modification time).
package struct ExistingFile: Equatable, Sendable {
    package var device: dev_t
    package var inode: ino_t
    package var mode: mode_t
    package var owner: uid_t
    package var group: gid_t
    package var size: off_t
    package var modified: FileTime

    package init(_ info: stat) {
        device = info.st_dev
        inode = info.st_ino
        mode = info.st_mode
        owner = info.st_uid
        group = info.st_gid
        size = info.st_size
        modified = FileTime(modifiedOf: info)
    }

    /// Whether `info` is still this file, as it was.
    package func isUnchanged(_ info: stat) -> Bool {
        info.st_mode & S_IFMT == S_IFREG && info.st_dev == device && info.st_ino == inode && info.st_size == size
            && FileTime(modifiedOf: info) == modified
    }

    /// Whether `target` is still what was found there: this file (`existing`)
    /// unchanged, or still nothing (`existing` nil).
    package static func isUnchanged(_ target: Path, since existing: ExistingFile?) -> Bool {
        var info = stat()
        guard target.withCString({ lstat($0, &info) }) == 0 else { return existing == nil && errno == ENOENT }
        guard let existing else { return false }
        return existing.isUnchanged(info)
    }

    /// Gives the open file `descriptor` this file's owner and group where
    /// the system allows (else its set-id bits are dropped) and its
    /// permissions: what a file that takes this one's place keeps. `false`,
    /// with `errno`, when the permissions cannot be set.
    package func giveOwnerAndMode(to descriptor: Int32) -> Bool {
        var permissions = mode & 0o7777
        if owner != geteuid() || group != getegid() {
            if fchown(descriptor, owner, group) != 0 { permissions &= ~(S_ISUID | S_ISGID) }
        }
        return fchmod(descriptor, permissions) == 0
    }
}
