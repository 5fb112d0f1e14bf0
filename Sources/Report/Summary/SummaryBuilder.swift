import ByteLevel
import SessionLog
import TodoDomain

/// Builds the analyst's summary of a session as a Markdown tree, from the
/// running totals of its replay. Deterministic: the same log gives the same
/// summary.
enum SummaryBuilder {
    static func build(_ metrics: SessionMetrics, title: String, redaction: LogRedaction? = nil) -> [MarkdownBlock] {
        var blocks: [MarkdownBlock] = [.heading(level: 2, [.text("Session summary: "), .text(title)])]
        if let redaction {
            blocks.append(.labelled("Redacted", redaction.description + "."))
        }
        blocks += facts(metrics)
        blocks += funnel(metrics)
        blocks += items(metrics)
        blocks += eventCounts(metrics)
        blocks += stateChain(metrics)
        blocks += dataQuality(metrics, redacted: redaction != nil)
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
            ("Events", groupedDigits(numbers.events)),
            ("Frames", groupedDigits(numbers.frames)),
            ("Travels", groupedDigits(numbers.travels)),
            (
                "Undone frames",
                groupedDigits(numbers.undoneFrames) + (numbers.undoneFrames > 0 ? " (left on branches by time travel)" : "")
            ),
        ]
        var list = rows.map { label, value in
            MarkdownBlock.labelledItem(label, value ?? "unknown")
        }
        for entry in header?.context ?? [] {
            list.append([.paragraph([.strong([.text("Context")]), .text(" "), .code(entry.key), .text(": "), .text(entry.value)])])
        }
        return [.heading(level: 3, [.text("Session")]), .bulletList(list)]
    }

    private static func funnel(_ s: SessionMetrics) -> [MarkdownBlock] {
        let n = s.numbers
        let share = n.sheets.share
        var cancelled: [[MarkdownBlock]] = s.cancelledNames.map { name in
            [.paragraph(name.isEmpty ? [.emphasis([.text("nothing typed")])] : [.text("“"), .text(name), .text("”")])]
        }
        if n.sheets.cancelled > s.cancelledNames.count {
            cancelled.append([
                .paragraph([.emphasis([.text("and \(groupedDigits(n.sheets.cancelled - s.cancelledNames.count)) more")])])
            ])
        }
        var cancelledItem = MarkdownBlock.labelledItem("Cancelled", share(n.sheets.cancelled))
        if !cancelled.isEmpty { cancelledItem.append(.bulletList(cancelled)) }
        let timed = n.plusToAddMs.reduce(0) { $0 + $1.count }
        let rows: [[MarkdownBlock]] =
            [
                MarkdownBlock.labelledItem("Add sheets opened", groupedDigits(n.sheets.opened)),
                MarkdownBlock.labelledItem("Typed in", share(n.sheets.typed)),
                MarkdownBlock.labelledItem("Added", share(n.sheets.added)),
                cancelledItem,
            ] + n.sheets.closingSummaryItems + [
                MarkdownBlock.labelledItem(
                    "Median time from + to Add",
                    n.medianPlusToAddMs.map { Formatting.duration(milliseconds: $0) + " (of \(countedNoun(timed, "timed sheet")))" }
                        ?? "n/a"),
                MarkdownBlock.labelledItem(
                    "Keystrokes",
                    "\(groupedDigits(n.keystrokes)) on every branch (\(groupedDigits(n.sheets.addedSheetKeystrokes)) in the journey's added sheets)"
                ),
                MarkdownBlock.labelledItem("Keystrokes per item", n.sheets.keystrokesPerItemText),
            ]
        var blocks: [MarkdownBlock] = [.heading(level: 3, [.text("Creation funnel")]), .bulletList(rows)]
        if n.undoneFrames > 0 {
            blocks.append(
                .paragraph([
                    .text("The sheets and items are those of the session as it ended; what time travel undid is not counted here.")
                ]))
        }
        return blocks
    }

    private static func items(_ s: SessionMetrics) -> [MarkdownBlock] {
        guard !s.items.isEmpty else {
            return [.heading(level: 3, [.text("Items")]), .paragraph([.text("No item was added.")])]
        }
        var rows: [[MarkdownBlock]] = s.items.map { item in
            let end = item.isFinished ? "finished at the end" : "not finished at the end"
            let added = Formatting.offset(item.addedAtMs).map { "added at \($0)" } ?? "added on line \(item.line)"
            // Quoted, so that a title with spaces at its ends is still shown as typed.
            let title: [MarkdownInline] = item.title.isEmpty ? [.emphasis([.text("untitled")])] : [.text("“" + item.title + "”")]
            let pseudonym: [MarkdownInline] = item.titlePseudonym.map { [.text(" "), .code($0)] } ?? []
            return [
                .paragraph(
                    [.strong(title)] + pseudonym + [.text(" — \(added), \(end), toggled \(countedNoun(item.toggles, "time"))")])
            ]
        }
        if s.numbers.sheets.itemsAdded > s.items.count {
            rows.append([
                .paragraph([.emphasis([.text("and \(groupedDigits(s.numbers.sheets.itemsAdded - s.items.count)) more items")])])
            ])
        }
        return [.heading(level: 3, [.text("Items")]), .bulletList(rows)]
    }

    private static func eventCounts(_ s: SessionMetrics) -> [MarkdownBlock] {
        let counts = s.numbers.eventCounts
        let rows: [[MarkdownBlock]] =
            TodoEvent.Kind.allCases.map { kind in
                [.paragraph([.code(kind.rawValue), .text(": \(groupedDigits(counts[kind]))")])]
            } + [[.paragraph([.code("travel"), .text(": \(groupedDigits(counts.travel))")])]]
        return [
            .heading(level: 3, [.text("Events by type")]), .paragraph([.text("Everything the person did, undone branches included:")]),
            .bulletList(rows),
        ]
    }

    private static func stateChain(_ s: SessionMetrics) -> [MarkdownBlock] {
        var inlines: [MarkdownInline] = []
        for (index, run) in s.stateRuns.enumerated() {
            if index > 0 { inlines.append(.text(" → ")) }
            inlines.append(.code(run.name))
            if run.count > 1 { inlines.append(.text(" x\(groupedDigits(run.count))")) }
        }
        if s.omittedRuns > 0 {
            inlines.append(
                .text(" → … and \(countedNoun(s.omittedRuns, "more run")) (\(countedNoun(s.omittedRunStates, "state")))"))
        }
        var blocks: [MarkdownBlock] = [.heading(level: 3, [.text("State chain")]), .paragraph(inlines)]
        let undone = s.numbers.undoneFrames
        if undone > 0 {
            blocks.append(
                .paragraph([
                    .text(
                        "Time travel left \(countedNoun(undone, "frame")) out of this chain: \(undone == 1 ? "it is" : "they are") on branches the session did not end on."
                    )
                ]))
        }
        return blocks
    }

    /// `State digests: 57 checked, 0 differed: …`.
    static func digestLine(_ digests: DigestTally) -> String {
        let counts = "State digests: \(groupedDigits(digests.checked)) checked, \(groupedDigits(digests.differed)) differed"
        guard let frame = digests.firstMismatchFrame else { return counts + ": the replay shows what the app showed." }
        // The frames no digest proves: each that differed, and those made from it until one matched again.
        return counts
            + ": \(countedNoun(digests.unverifiedCount, "frame")) not proven to be what the app showed, from frame \(frame) on "
            + "(another app version or reducer?); the page marks them not verified."
    }

    /// The data-quality section (the diff's summary has one per log).
    /// `redacted`: the log was read redacted, so its digests were dropped
    /// unchecked, and the section says so rather than fall silent (a
    /// `state-mismatch` the unredacted run reports is not counted here).
    static func dataQuality(_ s: SessionMetrics, redacted: Bool = false) -> [MarkdownBlock] {
        var blocks: [MarkdownBlock] = [.heading(level: 3, [.text("Data quality")])]
        let n = s.numbers
        if let tally = s.outcome?.tally {
            var dropped = "\(groupedDigits(n.droppedLines)) dropped"
            if tally.unread > 0 { dropped += " (\(groupedDigits(tally.unread)) unread after the unsupported schema)" }
            let parts = [
                countedNoun(n.lines, "line"), "\(countedNoun(n.events, "event")) made frames",
                countedNoun(n.travels, "travel"), countedNoun(n.headers, "header"), dropped,
                "\(groupedDigits(n.blankLines)) blank",
            ]
            blocks.append(.paragraph([.text("Every line accounted for: " + parts.joined(separator: ", ") + ".")]))
        }
        if let digests = s.outcome?.digests, digests.checked > 0 { blocks.append(.paragraph([.text(digestLine(digests))])) }
        if redacted {
            blocks.append(
                .paragraph([
                    .text(
                        "State digests: not checked, as in every redacted run: they hash the text as typed, so they are dropped as "
                            + "the log is read (check them, and any state-mismatch, in an unredacted run).")
                ]))
        }
        let counts = s.diagnosticCounts.values.sorted { $0.code < $1.code }
        if counts.isEmpty {
            blocks.append(.paragraph([.text("No diagnostics: the log is clean.")]))
        } else {
            blocks.append(
                .paragraph([.text("Diagnostics: \(countedNoun(n.errors, "error")), \(countedNoun(n.warnings, "warning")).")]))
            blocks.append(
                .bulletList(
                    counts.map { count in
                        let lines = count.firstLines.map(String.init).joined(separator: ", ")
                        let more = count.isOnMoreLines ? ", …" : ""
                        return [
                            .paragraph([
                                .code(count.code.rawValue),
                                .text(
                                    " (\(count.code.severity.rawValue)): \(groupedDigits(count.count)) — line\(count.firstLines.count == 1 ? "" : "s") \(lines)\(more)"
                                ),
                            ])
                        ]
                    }))
        }
        return blocks
    }
}
