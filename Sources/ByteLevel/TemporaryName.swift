#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The names todo-report gives the files it writes beside an output:
/// `.todo-report.PID.XXXXXX` (six letters or digits), short enough beside any
/// target name, and recognised by the command line's clean-up of leftovers
/// and nothing else. Other prefixes name other files of ours, such as the
/// links a batch makes before it renames them into place.
package enum TemporaryName {
    package static let prefix = ".todo-report."
    package static let suffixLength = 6

    /// A new name in `folder` for this process.
    package static func make(in folder: Path, prefix: String = prefix) -> Path {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)
        var random = SystemRandomNumberGenerator()
        let suffix = (0..<suffixLength).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
        return folder.appending(Array("\(prefix)\(getpid()).".utf8) + suffix)
    }

    /// The `mkstemp` template of such a name.
    package static func template(in folder: Path) -> Path {
        folder.appending(Array("\(prefix)\(getpid()).XXXXXX".utf8))
    }

    /// Whether `name` (a folder entry) has the pattern exactly.
    package static func matches(_ name: [UInt8], prefix: String = prefix) -> Bool {
        let prefix = Array(prefix.utf8)
        guard name.starts(with: prefix) else { return false }
        let parts = name.dropFirst(prefix.count).split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].allSatisfy(\.isASCIIDigit), parts[1].count == suffixLength else { return false }
        return parts[1].allSatisfy { $0.isASCIIDigit || $0.isASCIILetter }
    }
}
