#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The last steps of writing outputs all or nothing: the order they are
/// filled in, and their complete temporary files put at their targets
/// together. Each file is given its owner and permissions and made durable,
/// each target is checked to be as it was found, and then every file is
/// renamed into place as one transaction (``ReplaceTransaction``): if one
/// cannot be, every earlier one is put back. The checks and renames run under
/// their folders' locks (``FolderInstallLock``), so two runs writing the same
/// outputs install one after the other, and the later one refuses. The one
/// definition for the command line and for the library's `ReportBuilder`.
package enum OutputInstall {
    /// Which output could not be put in place, and why; none was.
    package struct Failure: Error {
        package enum Reason {
            /// Its permissions or its flush to disk failed.
            case finishing(SystemCallError)
            /// The target was replaced, written or created by someone else meanwhile.
            case targetChanged
            /// Its rename failed (`EEXIST`: a file appeared where there was none).
            case installing(SystemCallError)
            /// The file it replaces could be neither linked nor copied to be
            /// put back if a later output failed, so it was not replaced.
            case keeping(SystemCallError)
        }

        /// The output's place in the array given to ``install(_:)``.
        package var index: Int
        package var reason: Reason
    }

    /// The order to fill `outputs` in: the files replaced whole first, then
    /// the streams (standard output, a FIFO's reader), so that nothing
    /// reaches a stream before every file has been written whole.
    package static func fillingOrder(_ outputs: [PreparedOutput]) -> [Int] {
        outputs.indices.filter { outputs[$0].temporary != nil } + outputs.indices.filter { outputs[$0].temporary == nil }
    }

    /// Puts every output's complete temporary file at its target, all or
    /// none; outputs written in place or to a stream are already written.
    package static func install(_ outputs: [PreparedOutput]) throws(Failure) {
        let files = outputs.indices.compactMap { index -> (index: Int, target: Path, existing: ExistingFile?, temporary: TemporaryFile)? in
            guard case .replace(let target, let existing) = outputs[index].destination, let temporary = outputs[index].temporary else {
                return nil
            }
            return (index, target, existing, temporary)
        }
        let lock = FolderInstallLock(Set(files.map(\.target.folder)))
        defer { lock.release() }
        for file in files {
            do {
                try file.temporary.finish(replacing: file.existing)
            } catch {
                throw Failure(index: file.index, reason: .finishing(error))
            }
            guard ExistingFile.isUnchanged(file.target, since: file.existing) else {
                throw Failure(index: file.index, reason: .targetChanged)
            }
        }
        var transaction = ReplaceTransaction()
        defer { transaction.finish() }
        for (position, file) in files.enumerated() {
            let replacing = file.existing != nil
            // Only a file that a later one's failure would put back is kept.
            if replacing && position < files.count - 1 {
                do {
                    try transaction.keep(file.target)
                } catch {
                    transaction.rollBack()
                    throw Failure(index: file.index, reason: .keeping(error))
                }
            }
            do {
                try file.temporary.install(at: file.target, replacing: replacing)
                transaction.installed(file.target, replacing: replacing)
            } catch {
                transaction.rollBack()
                throw Failure(index: file.index, reason: .installing(error))
            }
        }
        // Each temporary file is in its target's folder: one flush per folder.
        for folder in Set(files.map(\.target.folder)) { folder.syncFolder() }
    }
}
