/// Finds repeated keys among those a record does not read: a short list,
/// and a set once the list grows, so a hostile object with many keys stays
/// linear.
struct DuplicateKeyFinder {
    private var few: [[UInt8]] = []
    private var many: Set<[UInt8]> = []

    /// Adds `key`; `true` when it was there already.
    mutating func insert(_ key: [UInt8]) -> Bool {
        if many.isEmpty {
            if few.contains(key) { return true }
            few.append(key)
            if few.count > 16 { many = Set(few) }
            return false
        }
        return !many.insert(key).inserted
    }
}

extension DuplicateKeyFinder? {
    /// Adds `key` to the finder, made if there is none yet; `true` when it was there already.
    mutating func inserting(_ key: [UInt8]) -> Bool {
        if self == nil { self = DuplicateKeyFinder() }
        return self?.insert(key) ?? false
    }
}
