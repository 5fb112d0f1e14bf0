import ByteLevel

extension FunnelChart {
    /// The index page's drawing of the funnel (the batch overall, or one app
    /// version): a bar for each of ``rows``, widths relative to the sheets
    /// opened, each under its label and followed by its number and share of
    /// the sheets opened: readable without any script, and said whole in its
    /// label. It counts the rendered sessions (see its title). The chart is as wide as its longest
    /// text needs (bar and number, or label), so nothing is cut at its edge,
    /// and the page scales it down to fit a narrow window.
    func indexSVG(label: String, sessions: Int) -> String {
        let barWidth = 200.0
        let top = 22
        let rowHeight = 38
        let whole = max(1, opened)
        let numbers = rows.map { Formatting.share($0.count, of: opened) }
        let bars = rows.map { Int((barWidth * Double(min($0.count, whole)) / Double(whole)).rounded()) }
        let title = "\(label) (\(countedNoun(sessions, "rendered session")))"
        // 12 px type: at most about 7.5 pixels a character in the fonts browsers fall back to.
        func textWidth(_ text: String) -> Int { Int((Double(text.count) * 7.5).rounded(.up)) }
        // Labels start 2 px in: glyphs may reach left of where their text starts.
        let width = max(
            2 + textWidth(title), 2 + (rows.map { textWidth($0.longLabel) }.max() ?? 0),
            zip(bars, numbers).map { $0 + 6 + textWidth($1) }.max() ?? 0)
        let height = top + rows.count * rowHeight
        var parts = [
            "<svg class=\"funnel-chart\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" "
                + "aria-label=\"\(title.htmlEscaped): "
                + zip(rows, numbers).map { "\($0.longLabel) \($1)" }.joined(separator: ", ") + "\">"
        ]
        parts.append("<text x=\"2\" y=\"14\">\(title.htmlEscaped)</text>")
        for (index, row) in rows.enumerated() {
            let y = top + index * rowHeight
            parts.append("<text class=\"label\" x=\"2\" y=\"\(y + 14)\">\(row.longLabel)</text>")
            parts.append("<rect class=\"bar \(row.name)\" x=\"0\" y=\"\(y + 19)\" width=\"\(bars[index])\" height=\"14\"/>")
            parts.append("<text x=\"\(bars[index] + 6)\" y=\"\(y + 31)\">\(numbers[index])</text>")
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n")
    }
}
