/// What a mistyped word was meant to be: a command (`valdate`) or an option
/// (`--sumary`), by the number of letters added, left out or changed.
enum Misspelling {
    /// The first of `candidates` within `limit` edits of `word`, if any.
    static func meant(_ word: String, among candidates: [String], limit: Int = 2) -> String? {
        let typed = Array(word.lowercased().utf8)
        return candidates.first { editDistance(typed, Array($0.utf8), atMost: limit) <= limit }
    }

    /// Levenshtein distance of `a` and `b`, or more than `limit` once it is sure to be.
    static func editDistance(_ a: [UInt8], _ b: [UInt8], atMost limit: Int) -> Int {
        guard abs(a.count - b.count) <= limit else { return limit + 1 }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
