#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The last step of writing outputs all or nothing: complete temporary files
/// put at their targets together. Each is given its owner and permissions
/// and made durable, each target is checked to be as it was found, and
/// then every file is renamed into place as one transaction
/// (``ReplaceTransaction``): if one cannot be, every earlier one is put back.
/// The checks and renames run under their folders' locks
/// (``FolderInstallLock``), so two runs writing the same outputs install one
/// after the other, and the later one refuses. The one definition for the
/// command line and for the library's `ReportBuilder`.
package enum OutputInstall {
    /// A complete temporary file and the target it replaces.
    package struct File {
        package var target: Path
        /// What was at `target` when the output was prepared (nil: nothing).
        package var existing: ExistingFile?
        package var temporary: TemporaryFile

        package init(target: Path, existing: ExistingFile?, temporary: TemporaryFile) {
            self.target = target
            self.existing = existing
            self.temporary = temporary
        }
    }

    /// Which file could not be put in place, and why; none was.
    package struct Failure: Error {
        package enum Reason {
            /// Its permissions or its flush to disk failed.
            case finishing(SystemCallError)
            /// The target was replaced, written or created by someone else meanwhile.
            case targetChanged
            /// Its rename failed (`EEXIST`: a file appeared where there was none).
            case installing(SystemCallError)
        }

        /// The file's place in the array given to ``install(_:)``.
        package var index: Int
        package var reason: Reason
    }

    /// Puts every file at its target, all or none.
    package static func install(_ files: [File]) throws(Failure) {
        let lock = FolderInstallLock(Set(files.map(\.target.folder)))
        defer { lock.release() }
        for (index, file) in files.enumerated() {
            do {
                try file.temporary.finish(replacing: file.existing)
            } catch {
                throw Failure(index: index, reason: .finishing(error))
            }
            guard ExistingFile.isUnchanged(file.target, since: file.existing) else {
                throw Failure(index: index, reason: .targetChanged)
            }
        }
        var transaction = ReplaceTransaction()
        defer { transaction.finish() }
        for (index, file) in files.enumerated() {
            let replacing = file.existing != nil
            do {
                if replacing { transaction.keep(file.target) }
                try file.temporary.install(at: file.target, replacing: replacing)
                transaction.installed(file.target, replacing: replacing)
            } catch {
                transaction.rollBack()
                throw Failure(index: index, reason: .installing(error))
            }
        }
        // Each temporary file is in its target's folder: one flush per folder.
        for folder in Set(files.map(\.target.folder)) { folder.syncFolder() }
    }
}
