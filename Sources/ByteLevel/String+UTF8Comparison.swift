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

    /// Whether the two strings are the same bytes. Swift's `==` calls two
    /// strings equal when they are canonically equivalent (`"é"` and `"e"`
    /// with a combining accent), but a log, a state's digest and the event
    /// table tell them apart: the app did not show the same text.
    package func utf8Equals(_ other: String) -> Bool {
        // One representation (the same bytes held inline, or one storage) is one text, known at once:
        // a list compared with the copy of it that shares its strings compares no bytes.
        StringRepresentation(self) == StringRepresentation(other) || (utf8.count == other.utf8.count && utf8HasPrefix(other))
    }

    /// Whether the string's UTF-8 is exactly `bytes`, compared in place where
    /// the string is stored contiguously (a native string is). Inlined, so
    /// that a string read in place (``LentElements``) is not copied for the call.
    @inlinable @inline(__always)
    package func utf8Equals(_ bytes: ByteView) -> Bool {
        guard utf8.count == bytes.count else { return false }
        return utf8.withContiguousStorageIfAvailable { ByteView($0).bytesEqual(bytes) } ?? utf8.elementsEqual(bytes)
    }
}
