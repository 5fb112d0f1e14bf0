#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension String {
    /// Whether this string's UTF-8 begins with all of `prefix`'s, compared by
    /// one `memcmp` where both are stored contiguously (a native string is):
    /// the generic `utf8.starts(with:)` compares byte by byte, and the page's
    /// encoder asks this on every keystroke.
    package func utf8HasPrefix(_ prefix: String) -> Bool {
        let compared = utf8.withContiguousStorageIfAvailable { whole in
            prefix.utf8.withContiguousStorageIfAvailable { start -> Bool in
                guard start.count <= whole.count else { return false }
                guard let wholeBytes = whole.baseAddress, let startBytes = start.baseAddress else { return start.isEmpty }
                return memcmp(wholeBytes, startBytes, start.count) == 0
            }
        }
        return (compared ?? nil) ?? utf8.starts(with: prefix.utf8)
    }
}
