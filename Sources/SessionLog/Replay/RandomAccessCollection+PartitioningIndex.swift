extension RandomAccessCollection {
    /// The first index whose element satisfies `isPast`, or `endIndex` when
    /// none does, found by halving: for a collection whose elements fail
    /// `isPast` up to some point and satisfy it from there on, such as sorted,
    /// disjoint ranges asked where a value falls among them.
    func partitioningIndex(where isPast: (Element) -> Bool) -> Index {
        var low = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if isPast(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}
