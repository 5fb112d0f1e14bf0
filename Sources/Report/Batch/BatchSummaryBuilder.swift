import ByteLevel

/// The aggregate summary of a batch (`summary.md`) as a Markdown tree, like
/// the session summary: text from logs is always a text node.
enum BatchSummaryBuilder {
    /// Sessions listed under "most cancellations".
    static let mostCancellations = 10

    static func build(_ aggregate: BatchAggregate) -> [MarkdownBlock] {
        var blocks: [MarkdownBlock] = [.heading(level: 2, [.text("Batch summary")])]
        if let note = aggregate.redactionNote { blocks.append(.labelled("Redacted", note + ".")) }
        blocks += totals(aggregate)
        blocks += funnel(aggregate)
        blocks += cancellations(aggregate)
        blocks += dataQuality(aggregate)
        return blocks
    }

    private static func totals(_ a: BatchAggregate) -> [MarkdownBlock] {
        let events = a.sessions.reduce(0) { $0 + ($1.status == .rendered ? $1.numbers.events : 0) }
        return [
            .heading(level: 3, [.text("Totals")]),
            .bulletList([
                MarkdownBlock.labelledItem("Sessions", groupedDigits(a.sessions.count)),
                MarkdownBlock.labelledItem("Rendered", groupedDigits(a.count(.rendered))),
                MarkdownBlock.labelledItem("Rejected", groupedDigits(a.count(.rejected))),
                MarkdownBlock.labelledItem("Unreadable", groupedDigits(a.count(.unreadable))),
                MarkdownBlock.labelledItem("Events of rendered sessions", groupedDigits(events)),
                MarkdownBlock.labelledItem(
                    "App versions", a.versions.isEmpty ? "none" : a.versions.map(BatchAggregate.label(of:)).joined(separator: ", ")),
            ]),
        ]
    }

    /// The funnel's lines, with the four ways a sheet ends.
    static func funnelItems(_ f: BatchAggregate.Funnel) -> [[MarkdownBlock]] {
        let sheets = f.sheets
        return [
            MarkdownBlock.labelledItem("Add sheets opened", groupedDigits(sheets.opened)),
            MarkdownBlock.labelledItem("With at least one keystroke", sheets.share(sheets.typed)),
            MarkdownBlock.labelledItem("Ended by Add", sheets.share(sheets.added)),
            MarkdownBlock.labelledItem("Cancelled", sheets.share(sheets.cancelled)),
        ] + sheets.closingSummaryItems + [
            MarkdownBlock.labelledItem("Keystrokes per item", sheets.keystrokesPerItemText)
        ]
    }

    private static func funnel(_ a: BatchAggregate) -> [MarkdownBlock] {
        var overall = funnelItems(a.funnel)
        overall.append(MarkdownBlock.labelledItem("Median time from + to Add", a.medianPlusToAddText))
        var blocks: [MarkdownBlock] = [.heading(level: 3, [.text("Creation funnel")]), .bulletList(overall)]
        blocks.append(.heading(level: 3, [.text("Creation funnel per app version")]))
        if a.funnelByVersion.isEmpty {
            blocks.append(.paragraph([.text("No session was rendered.")]))
        } else {
            blocks.append(
                .bulletList(
                    a.funnelByVersion.map { version, funnel in
                        // A version as written, in code; none or an empty one in words.
                        let name: MarkdownInline =
                            if let version, !version.isEmpty { .code(version) } else { .text(BatchAggregate.label(of: version)) }
                        return [
                            .paragraph([name, .text(" — \(countedNoun(funnel.sessions, "session"))")]),
                            .bulletList(funnelItems(funnel)),
                        ]
                    }))
        }
        return blocks
    }

    private static func cancellations(_ a: BatchAggregate) -> [MarkdownBlock] {
        // The few with the most, picked in one pass: sorting a filtered copy
        // of 100,000 sessions doubled the index's peak memory.
        // Ties stay in the sessions' order, which is their names'.
        let first: (SessionStats, SessionStats) -> Bool = { $0.numbers.sheets.cancelled > $1.numbers.sheets.cancelled }
        var top: [SessionStats] = []
        for stats in a.sessions where stats.status == .rendered && stats.numbers.sheets.cancelled > 0 {
            guard top.count < mostCancellations || top.last.map({ first(stats, $0) }) == true else { continue }
            top.insert(stats, at: top.firstIndex { first(stats, $0) } ?? top.endIndex)
            if top.count > mostCancellations { top.removeLast() }
        }
        var blocks: [MarkdownBlock] = [.heading(level: 3, [.text("Sessions with the most cancellations")])]
        guard !top.isEmpty else { return blocks + [.paragraph([.text("No add sheet was cancelled.")])] }
        blocks.append(.paragraph([.text("Rendered sessions with at least one cancelled sheet, most first:")]))
        blocks.append(
            .bulletList(
                top.map { stats in
                    [
                        .paragraph([
                            .code(stats.name),
                            .text(
                                ": \(countedNoun(stats.numbers.sheets.cancelled, "cancelled sheet")) of \(groupedDigits(stats.numbers.sheets.opened)) opened"
                                    + (stats.sessionId.map { " (session \($0))" } ?? "")),
                        ])
                    ]
                }))
        return blocks
    }

    private static func dataQuality(_ a: BatchAggregate) -> [MarkdownBlock] {
        // Counted in one pass: a filtered copy of 100,000 sessions' stats
        // (about 560 bytes each, with their strings retained) was the
        // index's peak memory.
        var (withErrors, withWarnings) = (0, 0)
        for stats in a.sessions where stats.status != .unreadable {
            if stats.numbers.errors > 0 { withErrors += 1 }
            if stats.numbers.warnings > 0 { withWarnings += 1 }
        }
        var rows = [
            MarkdownBlock.labelledItem("Errors", "\(groupedDigits(a.errors)) in \(countedNoun(withErrors, "session"))"),
            MarkdownBlock.labelledItem("Warnings", "\(groupedDigits(a.warnings)) in \(countedNoun(withWarnings, "session"))"),
        ]
        if !a.codes.isEmpty {
            rows.append([
                .paragraph([.strong([.text("Diagnostics by code")])]),
                .bulletList(
                    a.codes.sorted { $0.key < $1.key }.map { [.paragraph([.code($0.key), .text(": \(groupedDigits($0.value))")])] }),
            ])
        }
        var blocks: [MarkdownBlock] = [.heading(level: 3, [.text("Data quality")]), .bulletList(rows)]
        let failed = a.sessions.filter { $0.status != .rendered }
        if !failed.isEmpty {
            blocks.append(.paragraph([.text("Not rendered:")]))
            blocks.append(
                .bulletList(
                    failed.map { stats in
                        [.paragraph([.code(stats.input), .text(" — \(stats.status.rawValue)" + (stats.problem.map { ": \($0)" } ?? ""))])]
                    }))
        }
        return blocks
    }
}

extension BatchAggregate {
    /// `summary.md`: totals, the funnel overall and per app version, the
    /// median time from + to Add, keystrokes per item, the sessions with the
    /// most cancellations and data quality, rendered by libcmark.
    public func summaryMarkdown() -> String {
        CommonMarkRenderer.commonMark(BatchSummaryBuilder.build(self))
    }
}
