import ByteLevel

/// A funnel's lines as both summaries write them: a session's (`SummaryBuilder`)
/// and a batch's (`BatchSummaryBuilder`).
extension SheetFunnel {
    /// A count of sheets with its share of the sheets opened: `3 (60%)`.
    func share(_ count: Int) -> String {
        Formatting.share(count, of: opened)
    }

    /// Keystrokes per added sheet, with one decimal, or `n/a` when none was added.
    var keystrokesPerItemText: String { keystrokesPerItem?.oneDecimal ?? "n/a" }

    /// The lines that follow the ways a sheet ends, in both summaries: the
    /// sheets replaced and still open, the items added and the conversion.
    var closingSummaryItems: [[MarkdownBlock]] {
        [
            MarkdownBlock.labelledItem("Replaced by another +", share(replaced)),
            MarkdownBlock.labelledItem("Open at the end", share(openAtEnd)),
            MarkdownBlock.labelledItem(
                "Items added", "\(groupedDigits(itemsAdded)) (\(groupedDigits(itemsWithoutSheet)) without a sheet)"),
            MarkdownBlock.labelledItem(
                "Conversion", conversion.map { $0.percent + " of opened sheets were added" } ?? "n/a (no sheet was opened)"),
        ]
    }
}

extension MarkdownBlock {
    /// A paragraph that reads `**label**: value`.
    static func labelled(_ label: String, _ value: String) -> MarkdownBlock {
        .paragraph([.strong([.text(label)]), .text(": " + value)])
    }

    /// A list item that reads `**label**: value`, the shape of every line of the summaries' lists.
    static func labelledItem(_ label: String, _ value: String) -> [MarkdownBlock] {
        [labelled(label, value)]
    }
}
