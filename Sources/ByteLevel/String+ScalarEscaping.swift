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
        let scalars = unicodeScalars
        // Scalars kept as they are go in runs, each copied in one step.
        var run = scalars.startIndex
        var index = run
        var count = 0
        while index != scalars.endIndex {
            if count == limit {
                result += Substring(scalars[run..<index])
                result += cut
                return result
            }
            let next = scalars.index(after: index)
            if let replaced = replacement(scalars[index]) {
                result += Substring(scalars[run..<index])
                result += replaced
                run = next
            }
            index = next
            count += 1
        }
        result += Substring(scalars[run..<index])
        return result
    }
}
