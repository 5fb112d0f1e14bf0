import Foundation
import SessionLog

/// The record that makes several renames one transaction across a kill:
/// before the first new file is put in place, a file names every new file
/// (each already complete and durable under a name of its own) and the
/// target it goes to. A run killed between two renames leaves the record;
/// the next run that takes the folder's lock finishes the renames from it
/// (``recover(at:)``) before it does anything else, so the targets end all
/// new. Killed before the record is in place, nothing was renamed: all old.
///
/// Its bytes: `todo-report commit/1` and a line break, then for each file
/// its path, a NUL, its target's path, a NUL (absolute paths, as bytes).
enum CommitRecord {
    static let header = Array("todo-report commit/1\n".utf8)

    /// Writes the record at `path`, whole and durable, before any target is replaced.
    static func write(_ entries: [(file: Path, target: Path)], at path: Path) throws(SystemCallError) {
        var bytes = header
        for entry in entries { bytes += entry.file.absolute.bytes + [0] + entry.target.absolute.bytes + [0] }
        let record = try TemporaryFile(in: path.folder)
        try writeAll(bytes, to: record.descriptor)
        try record.finish(replacing: nil)
        try record.install(at: path, replacing: false)
        record.syncFolder()
    }

    /// Removes the record once every target holds its new file.
    static func remove(at path: Path) {
        _ = path.withCString { unlink($0) }
        syncFolder(path.folder)
    }

    /// Finishes the transaction a killed run left at `path`, if any: each
    /// new file still under its own name is renamed onto its target (or, if
    /// the target already is that file, its extra name removed). Returns
    /// whether there was one. A record that is not one (cut, or edited) is
    /// removed and said so, since nothing can be done with it.
    static func recover(at path: Path, streams: StandardStreams) throws(CLIError) -> Bool {
        let bytes: [UInt8]
        do {
            bytes = try SmallFile.read(path)
        } catch {
            if error.errno == ENOENT { return false }
            throw .cannotRead(path: path.display, reason: error.reason)
        }
        let fields = bytes.starts(with: header) ? bytes.dropFirst(header.count).split(separator: 0, omittingEmptySubsequences: false) : []
        guard fields.count % 2 == 1, fields.last?.isEmpty == true, !fields.dropLast().contains(where: \.isEmpty) else {
            streams.printError("\(path.display): warning: not a commit record that todo-report wrote; removed")
            remove(at: path)
            return true
        }
        var folders = Set<Path>()
        for pair in stride(from: 0, to: fields.count - 1, by: 2) {
            let (file, target) = (Path(bytes: fields[pair]), Path(bytes: fields[pair + 1]))
            var fileInfo = stat()
            guard file.withCString({ lstat($0, &fileInfo) }) == 0 else { continue }  // renamed before the kill
            var targetInfo = stat()
            if target.withCString({ lstat($0, &targetInfo) }) == 0, targetInfo.st_dev == fileInfo.st_dev,
                targetInfo.st_ino == fileInfo.st_ino
            {
                _ = file.withCString { unlink($0) }  // linked in place before the kill, its own name left
            } else if file.withCString({ from in target.withCString { rename(from, $0) } }) != 0 {
                throw .cannotWrite(
                    path: target.display, reason: "cannot finish the commit a killed run left: \(SystemCallError("", errno: errno).reason)")
            }
            folders.insert(target.folder)
        }
        for folder in folders { syncFolder(folder) }
        remove(at: path)
        return true
    }

    private static func syncFolder(_ folder: Path) {
        let descriptor = folder.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }
}
