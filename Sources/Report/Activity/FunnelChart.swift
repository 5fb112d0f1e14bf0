import ByteLevel

/// The add-sheet funnel (sheets opened, typed in, and the four ways a sheet
/// ends: added, cancelled, replaced by another +, open at the end) as a
/// small static SVG bar chart with its numbers, drawn beside the summary,
/// whose Markdown stays CommonMark.
struct FunnelChart: Equatable {
    /// Add sheets opened.
    var opened: Int
    /// Sheets with at least one keystroke.
    var typed: Int
    /// Sheets ended by an Add.
    var added: Int
    /// Sheets cancelled.
    var cancelled: Int
    /// Sheets replaced by another +.
    var replaced = 0
    /// Sheets open at the end.
    var openAtEnd = 0

    /// The chart of a session's funnel, or a batch's.
    init(_ sheets: SheetFunnel) {
        self.init(
            opened: sheets.opened, typed: sheets.typed, added: sheets.added, cancelled: sheets.cancelled, replaced: sheets.replaced,
            openAtEnd: sheets.openAtEnd)
    }

    init(opened: Int, typed: Int, added: Int, cancelled: Int, replaced: Int = 0, openAtEnd: Int = 0) {
        (self.opened, self.typed, self.added, self.cancelled, self.replaced, self.openAtEnd) = (
            opened, typed, added, cancelled, replaced, openAtEnd
        )
    }

    /// The bars, top to bottom, in both drawings (the report's and the
    /// index page's): the class the stylesheets colour each scheme by, the
    /// label (the index page, with room to spare, spells out `typed` as
    /// `longLabel`), the count and the colour the report's SVG has alone.
    var rows: [(name: String, label: String, longLabel: String, count: Int, color: String)] {
        [
            ("opened", "Sheets opened", "Sheets opened", opened, "#0062cc"),
            ("typed", "Typed in", "At least one keystroke", typed, "#5e9cf0"),
            ("added", "Added", "Added", added, "#34c759"), ("cancelled", "Cancelled", "Cancelled", cancelled, "#c4281c"),
            ("replaced", "Replaced by +", "Replaced by +", replaced, "#c93400"),
            ("open", "Open at the end", "Open at the end", openAtEnd, "#636366"),
        ]
    }

    /// Room for a count after its bar: digits and commas are at most about 9
    /// pixels wide in bold 12 px type in the fonts browsers fall back to.
    static func countWidth(_ count: Int) -> Int { 6 + 9 * groupedDigits(count).count + 4 }

    /// In words: the chart's title and accessible name.
    var description: String {
        "Add-sheet funnel: \(groupedDigits(opened)) opened, \(groupedDigits(typed)) typed in, "
            + "\(groupedDigits(added)) added, \(groupedDigits(cancelled)) cancelled, "
            + "\(groupedDigits(replaced)) replaced, \(groupedDigits(openAtEnd)) open at the end"
    }

    /// The chart's SVG element, escaped and self-contained.
    func svg() -> String {
        let rowHeight = 22
        let labelWidth = 110
        let barWidth = 150
        let most = max(1, rows.map(\.count).max() ?? 0)
        let width = labelWidth + barWidth + Self.countWidth(most)
        let label = description.htmlEscaped
        var parts = [
            "<svg class=\"funnel-chart\" id=\"funnel-chart\" xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" "
                + "viewBox=\"0 0 \(width) \(rows.count * rowHeight)\" "
                + "width=\"\(width)\" height=\"\(rows.count * rowHeight)\" aria-label=\"\(label)\">",
            "<title>\(label)</title>",
        ]
        for (index, row) in rows.enumerated() {
            let y = index * rowHeight
            let length = row.count == 0 ? 0 : max(1, Int((Double(row.count) / Double(most) * Double(barWidth)).rounded()))
            parts.append(
                "<g class=\"funnel-row\" data-count=\"\(row.count)\" transform=\"translate(0 \(y))\">"
                    + "<text dx=\"2\" y=\"15\" font-size=\"12\" fill=\"#1c1c1e\">\(row.label.htmlEscaped)</text>"
                    + "<path class=\"\(row.name)\" d=\"M\(labelWidth) 4h\(length)v14h-\(length)z\" fill=\"\(row.color)\"/>"
                    + "<text dx=\"\(labelWidth + length + 6)\" y=\"15\" font-size=\"12\" font-weight=\"600\" fill=\"#1c1c1e\">"
                    + "\(groupedDigits(row.count))</text></g>")
        }
        parts.append("</svg>")
        return parts.joined()
    }
}
