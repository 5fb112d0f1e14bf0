import SessionLog

/// Human-readable numbers for the summary and the page.
enum Formatting {
    /// `850 ms`, `12.4 s`, `3 min 05 s`, `2 h 03 min`.
    static func duration(milliseconds: Double) -> String {
        let sign = milliseconds < 0 ? "−" : ""
        let value = abs(milliseconds)
        if value < 1_000 { return "\(sign)\(Int(value.rounded())) ms" }
        if value < 60_000 { return "\(sign)\(oneDecimal(value / 1_000)) s" }
        let totalSeconds = Int((value / 1_000).rounded())
        if totalSeconds < 3_600 { return "\(sign)\(totalSeconds / 60) min \(twoDigits(totalSeconds % 60)) s" }
        return "\(sign)\(totalSeconds / 3_600) h \(twoDigits(totalSeconds / 60 % 60)) min"
    }

    /// `+12.4 s` from the session's start, or `nil` without both times.
    static func offset(_ timestamp: Timestamp?, from start: Timestamp?) -> String? {
        guard let timestamp, let start else { return nil }
        let delta = timestamp.millisecondsSince1970 - start.millisecondsSince1970
        return (delta >= 0 ? "+" : "") + duration(milliseconds: delta)
    }

    static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    static func percent(_ part: Int, of whole: Int) -> String {
        guard whole > 0 else { return "n/a" }
        return "\(Int((Double(part) / Double(whole) * 100).rounded()))%"
    }

    static func plural(_ count: Int, _ singular: String, _ pluralForm: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : pluralForm ?? singular + "s")"
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
        return String(scalars[..<cut]) + "… \(grouped(scalars.count)) characters"
    }

    /// `12,345,678`.
    static func grouped(_ value: Int) -> String { groupedDigits(value) }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
