import ByteLevel
import SessionLog

/// The diff's verdict as a Markdown tree: identical or not, the first
/// difference with both events and the differing fields, the frame counts,
/// and each log's data quality (as the session summary words it).
enum DiffSummaryBuilder {
    static func build(_ report: DiffReport, baseline: SessionMetrics, run: SessionMetrics) -> [MarkdownBlock] {
        var blocks: [MarkdownBlock] = [
            .heading(level: 2, [.text("Session diff: "), .code(report.baselineName), .text(" vs "), .code(report.runName)])
        ]
        if let redaction = report.redaction {
            blocks.append(.labelled("Redacted", redaction.description + "."))
        }
        if let difference = report.comparison.firstDifference {
            blocks.append(.paragraph([.strong([.text("Differ at frame \(groupedDigits(difference.frame))")]), .text(".")]))
            var rows: [[MarkdownBlock]] = [
                [.paragraph([.strong([.text("Baseline event")]), .text(": "), event(difference.baselineEvent)])],
                [.paragraph([.strong([.text("Run event")]), .text(": "), event(difference.runEvent)])],
                MarkdownBlock.labelledItem("Log lines", DiffReport.lines(of: difference)),
            ]
            if !difference.fields.isEmpty {
                var listed: [[MarkdownBlock]] = difference.fields.prefix(DiffReport.listedFieldLimit).map { field in
                    [.paragraph([.code(field.path), .text(": baseline "), .code(field.baseline), .text(", run "), .code(field.run)])]
                }
                if let unlisted = DiffReport.unlistedFieldCount(difference) {
                    listed.append([.paragraph([.text("… and \(groupedDigits(unlisted)) more")])])
                }
                rows.append([.paragraph([.strong([.text("Differing fields")])]), .bulletList(listed)])
            }
            blocks.append(.bulletList(rows))
        } else {
            let mismatches = report.digestMismatches
            if mismatches.isEmpty && report.logsWithLinesLeftOut.isEmpty {
                blocks.append(.paragraph([.strong([.text("Identical")]), .text(": every frame shows the same state.")]))
            } else if mismatches.isEmpty {
                // Two replays can be identical while a log lost lines to damage: said as the digest case is.
                blocks.append(
                    .paragraph([
                        .strong([.text("Identical as replayed")]), .text(": every frame of the two replays shows the same state."),
                    ]))
            } else {
                // Identical replays, but a log's own digests say its app showed something else.
                let sides = mismatches.map { "the \($0.side)'s from frame \(groupedDigits($0.frame)) on" }.joined(separator: " and ")
                blocks.append(
                    .paragraph([
                        .strong([.text("Identical as replayed")]),
                        .text(": every frame of the two replays shows the same state, but the digests the app recorded differ, "),
                        .text(sides + " ("), .code("state-mismatch"), .text("): that app showed another state than this replay."),
                    ]))
            }
            for damaged in report.logsWithLinesLeftOut {
                let said = DiffReport.linesLeftOut(
                    side: damaged.side, errors: damaged.errors, linesLeftOut: damaged.linesLeftOut, grouped: true)
                blocks.append(.paragraph([.text("But " + said + ". Its data quality below says which.")]))
            }
        }
        // Which builds were compared, when a header says: a version is never compared, only shown.
        func version(_ text: String?) -> MarkdownInline {
            guard let text else { return .text("none given") }
            return text.isEmpty ? .text("empty") : .code(text)
        }
        let versions: [[MarkdownBlock]] =
            report.baselineVersion == nil && report.runVersion == nil
            ? []
            : [
                [
                    .paragraph([
                        .strong([.text("App versions")]), .text(": baseline "), version(report.baselineVersion), .text(", run "),
                        version(report.runVersion),
                    ])
                ]
            ]
        blocks.append(
            .bulletList(
                [
                    MarkdownBlock.labelledItem("Baseline frames", groupedDigits(report.baselineFrameCount)),
                    MarkdownBlock.labelledItem("Run frames", groupedDigits(report.runFrameCount)),
                ] + versions + [
                    [
                        .paragraph([
                            .strong([.text("Compared")]),
                            .text(
                                ": isCreatingItem, partialItemName, stateName, the items' titles and isFinished in order"
                                    + (report.comparison.comparingIDs ? ", item ids" : " (item ids ignored)") + "; timing never"),
                        ])
                    ]
                ]))
        for (side, name, metrics) in [("baseline", report.baselineName, baseline), ("run", report.runName, run)] {
            var quality = SummaryBuilder.dataQuality(metrics)
            quality[0] = .heading(level: 3, [.text("Data quality of the \(side), "), .code(name)])
            blocks += quality
        }
        return blocks
    }

    private static func event(_ text: String?) -> MarkdownInline {
        text.map { .code($0) } ?? .emphasis([.text("no such frame")])
    }
}
