import Foundation
import SessionLog
import TodoDomain

/// Builds the analyst's summary of a session as a Markdown tree, from the
/// running totals of its replay. Deterministic: the same log gives the same
/// summary.
enum SummaryBuilder {
    static func build(_ metrics: SessionMetrics, title: String, redaction: LogRedaction? = nil) -> [MarkdownBlock] {
        var blocks: [MarkdownBlock] = [.heading(level: 2, [.text("Session summary: "), .text(title)])]
        if let redaction {
            blocks.append(.paragraph([.strong([.text("Redacted")]), .text(": " + redaction.description + ".")]))
        }
        blocks += facts(metrics)
        blocks += funnel(metrics)
        blocks += items(metrics)
        blocks += eventCounts(metrics)
        blocks += stateChain(metrics)
        blocks += dataQuality(metrics)
        return blocks
    }

    // MARK: Sections

    private static func facts(_ s: SessionMetrics) -> [MarkdownBlock] {
        let header = s.header
        let numbers = s.numbers
        let rows: [(String, String?)] = [
            ("Session", header?.sessionId),
            ("App", header?.app),
            ("Version", header?.appVersion),
            ("User", header?.userId),
            ("Start", numbers.start),
            ("End", numbers.end),
            ("Duration", numbers.durationMs.map { Formatting.duration(milliseconds: $0) }),
            ("Events", String(numbers.events)),
            ("Frames", String(numbers.frames)),
            ("Travels", String(numbers.travels)),
        ]
        var list = rows.map { label, value in
            [MarkdownBlock.paragraph([.strong([.text(label)]), .text(": "), .text(value ?? "unknown")])]
        }
        for entry in header?.context ?? [] {
            list.append([.paragraph([.strong([.text("Context")]), .text(" "), .code(entry.key), .text(": "), .text(entry.value)])])
        }
        return [.heading(level: 3, [.text("Session")]), .bulletList(list)]
    }

    private static func funnel(_ s: SessionMetrics) -> [MarkdownBlock] {
        let numbers = s.numbers
        let (opened, added, keystrokes) = (numbers.sheetsOpened, numbers.itemsAdded, numbers.keystrokes)
        var cancelled: [[MarkdownBlock]] = s.cancelledNames.map { name in
            [.paragraph(name.isEmpty ? [.emphasis([.text("nothing typed")])] : [.text("“"), .text(name), .text("”")])]
        }
        if numbers.sheetsCancelled > s.cancelledNames.count {
            cancelled.append([.paragraph([.emphasis([.text("and \(numbers.sheetsCancelled - s.cancelledNames.count) more")])])])
        }
        var cancelledItem: [MarkdownBlock] = [.paragraph([.strong([.text("Sheets cancelled")]), .text(": \(numbers.sheetsCancelled)")])]
        if !cancelled.isEmpty { cancelledItem.append(.bulletList(cancelled)) }
        let rows: [[MarkdownBlock]] = [
            [.paragraph([.strong([.text("Add sheets opened")]), .text(": \(opened)")])],
            [.paragraph([.strong([.text("Items added")]), .text(": \(added)")])],
            cancelledItem,
            [
                .paragraph([
                    .strong([.text("Conversion")]), .text(": \(Formatting.percent(added, of: opened)) of opened sheets became items"),
                ])
            ],
            [
                .paragraph([
                    .strong([.text("Median time from + to Add")]),
                    .text(": " + (numbers.medianPlusToAddMs.map { Formatting.duration(milliseconds: $0) } ?? "n/a")),
                ])
            ],
            [
                .paragraph([
                    .strong([.text("Keystrokes per item")]),
                    .text(": " + (added > 0 ? Formatting.oneDecimal(Double(keystrokes) / Double(added)) : "n/a")),
                ])
            ],
        ]
        return [.heading(level: 3, [.text("Creation funnel")]), .bulletList(rows)]
    }

    private static func items(_ s: SessionMetrics) -> [MarkdownBlock] {
        guard !s.items.isEmpty else {
            return [.heading(level: 3, [.text("Items")]), .paragraph([.text("No item was added.")])]
        }
        // The final list can hold tens of thousands of items, the kept ones
        // are a few hundred: the final list is looked up in a table of the
        // kept ids (small, so it stays in cache), not indexed whole.
        var slots: [UUID: Int] = [:]
        for item in s.items where slots[item.id] == nil { slots[item.id] = slots.count }
        var finalDone = [Bool?](repeating: nil, count: slots.count)
        for item in s.outcome?.newestFrameState.todoItems ?? [] {
            if let slot = slots[item.id], finalDone[slot] == nil { finalDone[slot] = item.isFinished }
        }
        var rows: [[MarkdownBlock]] = s.items.map { item in
            let end: String
            if let slot = slots[item.id], let done = finalDone[slot] {
                end = done ? "finished at the end" : "not finished at the end"
            } else {
                end = "not in the final state (added on another branch)"
            }
            let added = Formatting.offset(item.addedAt, from: s.start).map { "added at \($0)" } ?? "added on line \(item.line)"
            let title: [MarkdownInline] = item.title.isEmpty ? [.emphasis([.text("untitled")])] : [.text(item.title)]
            let pseudonym: [MarkdownInline] = item.titlePseudonym.map { [.text(" "), .code($0)] } ?? []
            return [
                .paragraph(
                    [.strong(title)] + pseudonym + [.text(" — \(added), \(end), toggled \(Formatting.plural(item.toggles, "time"))")])
            ]
        }
        if s.numbers.itemsAdded > s.items.count {
            rows.append([.paragraph([.emphasis([.text("and \(s.numbers.itemsAdded - s.items.count) more items")])])])
        }
        return [.heading(level: 3, [.text("Items")]), .bulletList(rows)]
    }

    private static func eventCounts(_ s: SessionMetrics) -> [MarkdownBlock] {
        let rows: [[MarkdownBlock]] =
            TodoEvent.Kind.allCases.map { kind in
                [.paragraph([.code(kind.rawValue), .text(": \(s.eventCounts[kind] ?? 0)")])]
            } + [[.paragraph([.code("travel"), .text(": \(s.numbers.travels)")])]]
        return [.heading(level: 3, [.text("Events by type")]), .bulletList(rows)]
    }

    private static func stateChain(_ s: SessionMetrics) -> [MarkdownBlock] {
        var inlines: [MarkdownInline] = []
        for (index, run) in s.stateRuns.enumerated() {
            if index > 0 { inlines.append(.text(" → ")) }
            inlines.append(.code(run.name))
            if run.count > 1 { inlines.append(.text(" x\(run.count)")) }
        }
        if s.omittedRuns > 0 {
            inlines.append(
                .text(" → … and \(Formatting.plural(s.omittedRuns, "more run")) (\(Formatting.plural(s.omittedRunStates, "state")))"))
        }
        return [.heading(level: 3, [.text("State chain")]), .paragraph(inlines)]
    }

    /// `State digests: 57 checked, 0 differed: …`.
    static func digestLine(_ digests: DigestTally) -> String {
        let counts = "State digests: \(digests.checked) checked, \(digests.differed) differed"
        guard let frame = digests.firstMismatchFrame else { return counts + ": the replay shows what the app showed." }
        return counts + ": from frame \(frame) on the report does not show what the app showed (another app version or reducer?)."
    }

    /// The data-quality section (the diff's summary has one per log).
    static func dataQuality(_ s: SessionMetrics) -> [MarkdownBlock] {
        var blocks: [MarkdownBlock] = [.heading(level: 3, [.text("Data quality")])]
        if let tally = s.outcome?.tally {
            var parts = [
                Formatting.plural(tally.total, "line"), "\(Formatting.plural(tally.events, "event")) made frames",
                Formatting.plural(tally.travels, "travel"), Formatting.plural(tally.header, "header"),
                "\(tally.dropped) dropped", "\(tally.blank) blank",
            ]
            if tally.unread > 0 { parts.append("\(tally.unread) unread") }
            blocks.append(.paragraph([.text("Every line accounted for: " + parts.joined(separator: ", ") + ".")]))
        }
        if let digests = s.outcome?.digests, digests.checked > 0 { blocks.append(.paragraph([.text(digestLine(digests))])) }
        let counts = s.diagnosticCounts.values.sorted { $0.code < $1.code }
        if counts.isEmpty {
            blocks.append(.paragraph([.text("No diagnostics: the log is clean.")]))
        } else {
            blocks.append(
                .bulletList(
                    counts.map { count in
                        let lines = count.firstLines.map(String.init).joined(separator: ", ")
                        let more = count.count > count.firstLines.count ? ", …" : ""
                        return [
                            .paragraph([
                                .code(count.code.rawValue),
                                .text(
                                    " (\(count.code.severity.rawValue)): \(count.count) — line\(count.firstLines.count == 1 ? "" : "s") \(lines)\(more)"
                                ),
                            ])
                        ]
                    }))
        }
        return blocks
    }
}
