#if canImport(Glibc)
    package import Glibc
#elseif canImport(Darwin)
    package import Darwin
#endif
#if canImport(CFileSystem)
    import CFileSystem
#endif

/// The few questions todo-report asks of the file system about a path,
/// each answered in one place.
extension Path {
    /// The names in this folder but `.` and `..`, in the order the system
    /// lists them; nil (with `errno`) if it cannot be opened.
    package func folderEntries() -> [[UInt8]]? {
        guard let directory = withCString({ opendir($0) }) else { return nil }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = CStringBytes.bytes(ofCharacterArray: entry.pointee.d_name)
            if name != [UInt8(ascii: ".")] && name != [UInt8(ascii: "."), UInt8(ascii: ".")] { names.append(name) }
        }
        return names
    }

    /// What kind of file is here (`S_IFREG`, `S_IFLNK`, …), a link itself
    /// rather than what it names; nil (with `errno`) if nothing is.
    package var fileType: mode_t? {
        var info = stat()
        guard withCString({ lstat($0, &info) }) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    /// The nearest of this path's folders that exists and is not a folder
    /// (`notes.txt` of `notes.txt/out/r.html`): what an `ENOTDIR` is about.
    package var fileOnTheWay: Path? {
        var folder = self.folder
        while true {
            var info = stat()
            if folder.withCString({ stat($0, &info) }) == 0 { return info.st_mode & S_IFMT == S_IFDIR ? nil : folder }
            let parent = folder.folder
            if parent.bytes == folder.bytes { return nil }
            folder = parent
        }
    }

    /// This path made absolute, with every link, `.` and `..` resolved
    /// (`realpath(3)`); nil (with `errno`) if it names nothing.
    package func resolvingLinks() -> Path? {
        withCString { realpath($0, nil) }.map { Path(bytes: CStringBytes.bytes(freeing: $0)) }
    }

    /// The text of the symbolic link here; nil (with `errno`) if it is not one.
    package func linkText() -> [UInt8]? {
        withCString { name in CStringBytes.filled(capacity: Int(PATH_MAX) + 1) { readlink(name, $0, $1) } }
    }

    /// Gives this file a second name, `other` (`link(2)`, which never
    /// replaces a file already there); false, with `errno`, if it cannot.
    package func hardLink(to other: Path) -> Bool {
        withCString { from in other.withCString { systemLink(from, $0) } } == 0
    }

    /// Renames this file to `other` unless a file is there (then false, with
    /// `errno` `EEXIST`): how a new output is put in place where the file
    /// system makes no hard links (exFAT, vfat), so ``hardLink(to:)`` cannot.
    /// One call where the system can (`renameat2`'s `RENAME_NOREPLACE`,
    /// `renamex_np`'s `RENAME_EXCL`); where it cannot (exFAT through FUSE),
    /// a check and then `rename`, which only a program that does not take
    /// ``FolderInstallLock`` could race.
    package func renameWithoutReplacing(to other: Path) -> Bool {
        let renamed = withCString { from in other.withCString { systemRenameWithoutReplacing(from, $0) } }
        if renamed == 0 { return true }
        guard errno == EINVAL || errno == ENOSYS || errno == ENOTSUP else { return false }
        guard other.fileType == nil else {
            errno = EEXIST
            return false
        }
        guard errno == ENOENT else { return false }
        return withCString { from in other.withCString { rename(from, $0) } } == 0
    }

    /// Makes the entries of this folder durable (what was created, renamed
    /// or removed in it); best effort, as a folder that cannot be opened has
    /// no new entries of ours.
    package func syncFolder() {
        let descriptor = withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }
}

/// A rename that fails rather than replace, where the system has one
/// (else -1 with `ENOSYS`).
private func systemRenameWithoutReplacing(_ from: UnsafePointer<CChar>, _ to: UnsafePointer<CChar>) -> Int32 {
    #if os(Linux)
        renameat2(AT_FDCWD, from, AT_FDCWD, to, TODO_REPORT_RENAME_NOREPLACE)
    #elseif canImport(Darwin)
        renamex_np(from, to, UInt32(RENAME_EXCL))
    #else
        errno = ENOSYS
        return -1
    #endif
}

/// link(2), named apart from the methods that call it.
private func systemLink(_ from: UnsafePointer<CChar>, _ to: UnsafePointer<CChar>) -> Int32 {
    link(from, to)
}
