/// Rounding as the numbers are defined: half away from zero, to whole
/// numbers. Every duration of a session is a difference of whole
/// milliseconds (`t_ms`), so the event table reproduces it exactly.
enum WholeNumber {
    /// `value` rounded half away from zero; beyond `Int64` the nearest end of
    /// it, and 0 for NaN. For the mean of two values whose sum `Int64` cannot
    /// hold; a time's `t_ms` is worked out exactly by `Timestamp.milliseconds(since:)`.
    static func rounded(_ value: Double) -> Int64 {
        guard !value.isNaN else { return 0 }
        let whole = value.rounded(.toNearestOrAwayFromZero)
        if whole >= 9_223_372_036_854_775_808.0 { return .max }
        if whole <= -9_223_372_036_854_775_808.0 { return .min }
        return Int64(whole)
    }

    /// The mean of `a` and `b`, rounded half away from zero (the median of
    /// an even count).
    static func mean(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        guard !overflow else { return rounded((Double(a) + Double(b)) / 2) }
        return sum / 2 + (sum % 2 == 0 ? 0 : sum > 0 ? 1 : -1)
    }

    /// The median of values kept as `(value, count)` pairs in ascending
    /// order of value: the middle value, or for an even count the mean of
    /// the two middle ones, rounded; `nil` when there are none.
    static func median(_ histogram: [(value: Int64, count: Int)]) -> Int64? {
        let total = histogram.reduce(0) { $0 + $1.count }
        guard total > 0 else { return nil }
        let lowRank = (total - 1) / 2
        let highRank = total / 2
        var seen = 0
        var low: Int64?
        for (value, count) in histogram {
            if low == nil && seen + count > lowRank { low = value }
            if seen + count > highRank, let low { return mean(low, value) }
            seen += count
        }
        return nil
    }
}
