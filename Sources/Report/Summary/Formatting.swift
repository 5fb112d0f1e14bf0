import ByteLevel
import SessionLog

/// Human-readable numbers for the summary and the page.
enum Formatting {
    /// `850 ms`, `12.4 s`, `3 min 05 s`, `2 h 03 min`: the milliseconds
    /// rounded (half away from zero) to the unit the form ends with before
    /// they are split, and that decides the form (59,960 ms is `1 min 00 s`,
    /// 3,599,500 ms `1 h 00 min`); a negative one has a leading `-`.
    static func duration(milliseconds: Int64) -> String {
        let sign = milliseconds < 0 ? "-" : ""
        let value = milliseconds.magnitude
        if value < 1_000 { return "\(sign)\(value) ms" }
        let tenths = (value + 50) / 100
        if tenths < 600 { return "\(sign)\(tenths / 10).\(tenths % 10) s" }
        let seconds = (value + 500) / 1_000
        if seconds < 3_600 { return "\(sign)\(seconds / 60) min \(twoDigits(seconds % 60)) s" }
        let minutes = (value + 30_000) / 60_000
        return "\(sign)\(groupedDigits(Int(minutes / 60))) h \(twoDigits(minutes % 60)) min"
    }

    /// `+12.4 s` from the session's start (a `t_ms`), or `nil` without one.
    static func offset(_ milliseconds: Int64?) -> String? {
        milliseconds.map { ($0 >= 0 ? "+" : "") + duration(milliseconds: $0) }
    }

    /// A count with its share of a whole, as the funnels write it: `3 (60%)`.
    static func share(_ count: Int, of whole: Int) -> String {
        "\(groupedDigits(count)) (\(percent(count, of: whole)))"
    }

    /// A count's percentage of another (`66.7%`), or `n/a` when the whole is 0.
    static func percent(_ part: Int, of whole: Int) -> String {
        Ratio(part, of: whole)?.percent ?? "n/a"
    }

    /// Longest text from a log (an item's title, a typed name) that the
    /// summary and the page's static frame show whole, in Unicode scalars.
    static let excerptLimit = 500

    /// `text`, or for a longer one its first ``excerptLimit`` scalars and
    /// `… 12,345,678 characters` (its whole length, counted as the page
    /// counts it): a long name is stored once, in the page's frame data,
    /// and shown there whole on demand.
    static func excerpt(_ text: String) -> String {
        guard text.utf8.count > excerptLimit else { return text }
        let scalars = text.unicodeScalars
        guard let cut = scalars.index(scalars.startIndex, offsetBy: excerptLimit, limitedBy: scalars.endIndex),
            cut != scalars.endIndex
        else { return text }
        return String(scalars[..<cut]) + "… \(groupedDigits(scalars.count)) characters"
    }

    private static func twoDigits(_ value: UInt64) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
