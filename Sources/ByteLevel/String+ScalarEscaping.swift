extension String {
    /// The text with every Unicode scalar that `replacement` maps replaced
    /// by what it returns, and every other scalar kept: the one loop of the
    /// package's escapers (HTML text, quoted log text in messages). With a
    /// `limit`, only the first `limit` scalars are looked at, and `cut`
    /// follows them when there were more.
    @inlinable
    package func escapingScalars(limit: Int = .max, cut: String = "", _ replacement: (Unicode.Scalar) -> String?) -> String {
        var result = ""
        result.reserveCapacity(utf8.count)
        var count = 0
        for scalar in unicodeScalars {
            if count == limit {
                result += cut
                break
            }
            if let replaced = replacement(scalar) {
                result += replaced
            } else {
                result.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return result
    }
}
