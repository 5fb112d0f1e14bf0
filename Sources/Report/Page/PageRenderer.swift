import ByteLevel
import SessionLog
import TodoDomain

/// Puts a report together: templates, the static final frame (so the page
/// says something without JavaScript), the summary, the diagnostics and the
/// frame data. Everything from a log is escaped on the way in.
struct PageRenderer {
    /// Rows of the static final frame; the script draws any number.
    static let staticItemLimit = 500

    var templates: PageTemplates
    var title: String
    var metrics: SessionMetrics
    var newestFrameState: TodoState
    var frameCount: Int
    var diagnostics: DiagnosticList
    /// The summary's heading and the rest; a template without `{{summaryHeading}}` (one written
    /// before it) gets both from `{{summary}}`.
    var summaryHTML: (heading: String, body: String)
    var frameData: [PagePart]
    /// The activity strip (an SVG made from the replay's bins) under the scrubber.
    var activityHTML = ""
    /// The funnel chart beside the summary.
    var funnelHTML = ""
    var redaction: LogRedaction? = nil

    /// Writes the page, piece by piece.
    func write<Sink: ByteSink>(to sink: inout Sink) throws {
        let segments = templates.htmlSegments
        let values = self.values(summaryHeadingApart: segments.contains(.placeholder("summaryHeading")))
        for segment in segments {
            switch segment {
            case .text(let text):
                try sink.write(String(text))
            case .placeholder("data"):
                try PagePart.writeBlocks(frameData, to: &sink)
            case .placeholder("diagnostics"):
                try sink.write(diagnostics.staticItems)
            case .placeholder("diagnosticData"):
                try PagePart.writeBlocks(diagnostics.dataParts, to: &sink)
            case .placeholder(let name):
                try sink.write(values[name] ?? "{{\(name)}}")
            }
        }
    }

    private func values(summaryHeadingApart: Bool) -> [String: String] {
        let css = templates.css
        let js = templates.js
        let csp = templates.contentSecurityPolicy
        let values: [String: String] = [
            "csp": csp.htmlEscaped,
            "css": css,
            "js": js,
            "title": title.htmlEscaped,
            "documentTitle": documentTitle.htmlEscaped,
            "redaction": redactionBadge(),
            "facts": facts(),
            "lastFrame": String(frameCount - 1),
            "lastFrameText": groupedDigits(frameCount - 1),
            "frameCount": String(frameCount),
            "stateName": newestFrameState.stateName.htmlEscaped,
            // Cut to the millisecond toward zero, as the script's Date does (RFC 3339 rounds down: they part before 1970).
            "frameTime": metrics.newestFrame?.time.map {
                Timestamp(
                    wholeMilliseconds: $0.wholeMilliseconds < 0 && $0.nanoseconds != 0 ? $0.wholeMilliseconds + 1 : $0.wholeMilliseconds
                )
                .rfc3339
            } ?? "—",
            "frameOffset": metrics.offset(metrics.newestFrame?.time).flatMap(Formatting.offset)
                .map { "(\($0) from the start)" } ?? "",
            "frameLine": metrics.newestFrame.map { "line " + groupedDigits($0.line) } ?? "—",
            "itemCount": String(newestFrameState.todoItems.count),
            "items": staticItems(),
            "creatingHidden": newestFrameState.isCreatingItem ? "" : " hidden",
            "partialName": newestFrameState.partialItemName.htmlEscaped,
            "placeholderHidden": newestFrameState.partialItemName.isEmpty ? "" : " hidden",
            "addDisabled": newestFrameState.partialItemName.isEmpty ? "true" : "false",
            "stateJSON": stateJSON(newestFrameState).htmlEscaped,
            "summaryHeading": summaryHTML.heading,
            "summary": summaryHeadingApart ? summaryHTML.body : summaryHTML.heading + summaryHTML.body,
            "diagnosticCount": groupedDigits(diagnostics.count),
            "activityStrip": activityHTML,
            "funnelChart": funnelHTML,
            // Templates written before unverifiedRanges mark every frame from the first difference on.
            "unverifiedFrom": metrics.outcome?.digests.firstMismatchFrame.map(String.init) ?? "",
            // `2-4 5-6`: each range's first frame and the frame after its last.
            "unverifiedRanges": (metrics.outcome?.digests.unverifiedFrames ?? []).map { "\($0.lowerBound)-\($0.upperBound)" }
                .joined(separator: " "),
            // The static page shows the newest frame.
            "unverifiedHidden": metrics.outcome?.digests.isUnverified(frameCount - 1) == true ? "" : " hidden",
        ]
        return values
    }

    /// The browser tab's title: the session first, where a tab cut short still shows it (a batch's
    /// reports are otherwise all "App — session report"), then the title.
    private var documentTitle: String {
        guard let session = metrics.header?.sessionId.map(ReportTitle.clean), !session.isEmpty else { return "\(title) — session report" }
        let shown = session.count > Self.titleSessionLimit ? String(session.prefix(Self.titleSessionLimit)) + "…" : session
        return "\(shown) — \(title) session report"
    }

    /// The most characters of a session id that a tab's title shows.
    static let titleSessionLimit = 60

    /// The header's badge: that the page is redacted, and how.
    private func redactionBadge() -> String {
        redaction.map(Self.redactionBadge) ?? ""
    }

    /// The badge for `redaction`, also on the diff page.
    static func redactionBadge(_ redaction: LogRedaction) -> String {
        let how = redaction.isKeyed ? "keyed" : "no key"
        return " <span class=\"redacted-badge\" title=\"\(redaction.description.htmlEscaped)\">redacted"
            + " <span class=\"redaction-how\">(\(how))</span></span>"
    }

    private func facts() -> String {
        let header = metrics.header
        let numbers = metrics.numbers
        let errors = metrics.numbers.errors
        let warnings = metrics.numbers.warnings
        // A header's text with its layout controls shown, as the summary and the index show them: an
        // override would otherwise show an id reversed, not as it is written.
        let rows: [(String, String)] = [
            ("Session", header?.sessionId?.showingLayoutControls ?? "—"),
            ("User", header?.userId?.showingLayoutControls ?? "—"),
            ("App version", header?.appVersion?.showingLayoutControls ?? "—"),
            ("Start", numbers.start ?? "—"),
            ("Duration", numbers.durationMs.map { Formatting.duration(milliseconds: $0) } ?? "—"),
            ("Frames", framesFact),
            ("Diagnostics", "\(countedNoun(errors, "error")), \(countedNoun(warnings, "warning"))"),
        ]
        return rows.map { "<div><dt>\($0.0.htmlEscaped)</dt><dd>\($0.1.htmlEscaped)</dd></div>" }.joined(separator: "\n")
    }

    /// The count of frames and the numbers the player shows them by, which start at 0 (the state
    /// before the first event): "57 (0–56)", so "Frame 56 / 56" beside it does not read as one lost.
    private var framesFact: String {
        let count = groupedDigits(frameCount)
        return frameCount > 1 ? "\(count) (0–\(groupedDigits(frameCount - 1)))" : "\(count) (frame 0)"
    }

    private func staticItems() -> String {
        var rows = newestFrameState.todoItems.prefix(Self.staticItemLimit).enumerated().map { index, item in
            "<li data-index=\"\(index)\"><span class=\"item-title\">\(item.title.htmlEscaped)</span>"
                + "<span class=\"switch\" role=\"img\" aria-label=\"\(item.isFinished ? "done" : "not done")\" data-done=\"\(item.isFinished)\"></span></li>"
        }
        let hidden = newestFrameState.todoItems.count - Self.staticItemLimit
        if hidden > 0 { rows.append("<li class=\"more\">and \(groupedDigits(hidden)) more items</li>") }
        return rows.joined(separator: "\n")
    }
}

/// A state as the page's state panel shows it: JSON, one member per line.
func stateJSON(_ state: TodoState, itemLimit: Int = 50) -> String {
    var lines = [
        "{", "  \"isCreatingItem\": \(state.isCreatingItem),", "  \"partialItemName\": \(JSONString.literal(state.partialItemName)),",
    ]
    if state.todoItems.isEmpty {
        lines.append("  \"todoItems\": [],")
    } else {
        lines.append("  \"todoItems\": [")
        for (index, item) in state.todoItems.prefix(itemLimit).enumerated() {
            let comma = index == state.todoItems.count - 1 ? "" : ","
            lines.append(
                "    {\"id\": \"\(item.id.uuidString)\", \"title\": \(JSONString.literal(item.title)), \"isFinished\": \(item.isFinished)}\(comma)"
            )
        }
        if state.todoItems.count > itemLimit { lines.append("    … \(groupedDigits(state.todoItems.count - itemLimit)) more") }
        lines.append("  ],")
    }
    lines.append("  \"stateName\": \(JSONString.literal(state.stateName))")
    lines.append("}")
    return lines.joined(separator: "\n")
}
