extension Array where Element == UInt8 {
    /// Whether the bytes end with `suffix`'s UTF-8 and have something before it:
    /// a file name with that ending (`a.jsonl`, not `.jsonl`), compared byte for byte.
    package func hasSuffix(_ suffix: String) -> Bool {
        count > suffix.utf8.count && reversed().starts(with: suffix.utf8.reversed())
    }
}
