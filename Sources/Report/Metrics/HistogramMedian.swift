/// The median of values kept as a histogram (value → how many times): the
/// values at sorted positions (n−1)/2 and n/2, averaged; nil when empty.
/// Times from + to Add are kept this way, per session and over a batch.
func histogramMedian(_ histogram: [Int64: Int]) -> Double? {
    let total = histogram.values.reduce(0, +)
    guard total > 0 else { return nil }
    let lowRank = (total - 1) / 2
    let highRank = total / 2
    var seen = 0
    var low: Int64?
    for (value, count) in histogram.sorted(by: { $0.key < $1.key }) {
        if low == nil && seen + count > lowRank { low = value }
        if seen + count > highRank, let low { return Double(low + value) / 2 }
        seen += count
    }
    return nil
}
