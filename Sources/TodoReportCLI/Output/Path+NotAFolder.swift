import ByteLevel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Path {
    /// Why a path under a file cannot be written (`ENOTDIR`), as every
    /// command says it: `'notes.txt' is not a folder`, naming the file on
    /// the way (``Path/fileOnTheWay``), else `fallback` (that file went
    /// meanwhile), else the system's words.
    func notAFolderReason(elseNaming fallback: Path?) -> String {
        guard let file = fileOnTheWay ?? fallback else { return SystemCallError.reason(of: ENOTDIR) }
        return "'\(file.display)' is not a folder"
    }
}
