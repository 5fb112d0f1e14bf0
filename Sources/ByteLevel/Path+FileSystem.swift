#if canImport(Glibc)
    package import Glibc
#elseif canImport(Darwin)
    package import Darwin
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

    /// The text of the symbolic link here; nil (with `errno`) if it is not one.
    package func linkText() -> [UInt8]? {
        withCString { name in CStringBytes.filled(capacity: Int(PATH_MAX) + 1) { readlink(name, $0, $1) } }
    }

    /// Gives this file a second name, `other` (`link(2)`, which never
    /// replaces a file already there); false, with `errno`, if it cannot.
    package func hardLink(to other: Path) -> Bool {
        withCString { from in other.withCString { systemLink(from, $0) } } == 0
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

/// link(2), named apart from the methods that call it.
private func systemLink(_ from: UnsafePointer<CChar>, _ to: UnsafePointer<CChar>) -> Int32 {
    link(from, to)
}
