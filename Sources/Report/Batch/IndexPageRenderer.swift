import ByteLevel
import SessionLog

/// The batch's `index.html`: one self-contained page under the same policy
/// as a report (the inlined stylesheet and script allowed by their SHA-256,
/// nothing fetched, the data in a script-safe JSON block that the script
/// reads and shows with `textContent`). Without JavaScript it shows the
/// funnel and the first ``staticRowLimit`` rows.
struct IndexPageRenderer {
    /// Rows written as HTML; the script draws any number, a screenful at a time.
    static let staticRowLimit = 100
    /// The table's columns: label, and whether they are measures, sorted largest first by their
    /// first click (who sorts by errors wants the most first), where names, versions and starts
    /// sort ascending.
    static let columns: [(label: String, largestFirst: Bool)] = [
        ("Log", false), ("Session", false), ("User", false), ("App version", false), ("Start", false), ("Duration", true),
        ("Events", true), ("Items added", true), ("Sheets opened", true), ("Sheets cancelled", true), ("Conversion", true),
        ("Errors", true), ("Warnings", true), ("Activity", true),
    ]
    /// Which data field each column sorts by (see `Templates/index.js`).
    static let sortFields = [0, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]

    var aggregate: BatchAggregate
    var title: String

    func html() -> String {
        var page = ""
        write { page += $0 }
        return page
    }

    /// The page piece by piece: the rows and their data a session at a time.
    func write<Failure: Error>(_ output: (String) throws(Failure) -> Void) throws(Failure) {
        let files = EmbeddedTemplates.files
        let css = files["index.css"] ?? ""
        let js = files["index.js"] ?? ""
        let csp = ContentSecurityPolicy.policy(css: css, js: js)
        let total = aggregate.sessions.count
        // How many ended how, as the batch's closing line says it: the funnels count the rendered ones.
        let ended = [SessionStats.Status.rendered, .rejected, .unreadable].compactMap { status in
            aggregate.count(status) > 0 || status == .rendered ? "\(groupedDigits(aggregate.count(status))) \(status.rawValue)" : nil
        }
        let values: [String: String] = [
            "csp": csp.htmlEscaped,
            "css": css,
            "js": js,
            "title": title.htmlEscaped,
            "totals":
                ("\(countedNoun(total, "session")): \(ended.joined(separator: ", "))"
                + (aggregate.redactionNote.map { "; redacted: " + $0 } ?? "")).htmlEscaped,
            "funnel": funnel(),
            "overall": overall().htmlEscaped,
            // By position, not by text: a version may be written `(no version)` or be empty.
            "versionOptions": aggregate.sessionVersions.enumerated().map {
                // A version's layout controls shown: an option's text cannot be isolated from the page's.
                "<option value=\"\($0)\">\(BatchAggregate.label(of: $1).showingLayoutControls.htmlEscaped)</option>"
            }.joined(separator: "\n"),
            "shown": "\(groupedDigits(min(total, Self.staticRowLimit))) of \(groupedDigits(total)) sessions",
            "count": String(total),
            "rowCount": String(total + 1),
            // The rows come sorted by name: the first column says so until another is chosen.
            "headers": zip(Self.columns, Self.sortFields).map { column, field in
                "<th scope=\"col\" aria-sort=\"\(field == 0 ? "ascending" : "none")\" data-column=\"\(field)\""
                    + (column.largestFirst ? " data-first=\"descending\"" : "")
                    + "><button type=\"button\">\(column.label.htmlEscaped)<span class=\"sort-mark\" aria-hidden=\"true\"></span></button></th>"
            }.joined(separator: "\n"),
            "rows": aggregate.sessions.prefix(Self.staticRowLimit).enumerated().map { row($1, position: $0) }.joined(separator: "\n"),
        ]
        for segment in Template(files["index.html"] ?? "").segments {
            switch segment {
            case .text(let text): try output(String(text))
            case .placeholder("data"): try writeData(output)
            case .placeholder(let name): try output(values[name] ?? "")
            }
        }
    }

    // MARK: Rows

    /// The row of `s`, the `position`th (from 0) of the table's body.
    private func row(_ s: SessionStats, position: Int) -> String {
        let first: String
        if let report = s.report {
            first = "<th scope=\"row\"><a href=\"\(report.htmlEscaped)\">\(s.name.htmlEscaped)</a></th>"
        } else {
            // A failed session's reason, whole in its title where the column cuts it.
            let failed = Self.failedName(s).htmlEscaped
            first = "<th scope=\"row\" title=\"\(failed)\">\(failed)</th>"
        }
        var cells = [first]
        // Log text with its layout controls shown (so one id cannot pass for another), whole in a
        // tooltip where the column may cut it; the script draws its rows the same way.
        for text in [s.sessionId, s.userId, s.appVersion, s.numbers.start] {
            let plain = (text ?? "—").showingLayoutControls
            let shown = plain.htmlEscaped
            cells.append(plain.count > 16 ? "<td title=\"\(shown)\">\(shown)</td>" : "<td>\(shown)</td>")
        }
        let n = s.numbers
        let numbers: [String] = [
            Self.durationText(n), groupedDigits(n.events), groupedDigits(n.sheets.itemsAdded),
            groupedDigits(n.sheets.opened),
            groupedDigits(n.sheets.cancelled), Self.conversionText(n), groupedDigits(n.errors), groupedDigits(n.warnings),
        ]
        // An unreadable session has no numbers: a dash, not 0s (as in sessions.csv).
        cells += numbers.map { "<td class=\"number\">\((s.status == .unreadable ? "—" : $0).htmlEscaped)</td>" }
        cells.append(
            "<td>\(Self.sparkline(s.numbers.activity.counts))<span class=\"visually-hidden\">\(Self.activityText(n.activity).htmlEscaped)</span></td>"
        )
        let failed = s.status == .rendered ? "" : " class=\"failed\""
        return
            "<tr aria-rowindex=\"\(position + 2)\" data-session-id=\"\((s.sessionId ?? "").htmlEscaped)\" data-name=\"\(s.name.htmlEscaped)\"\(failed)>"
            + cells.joined() + "</tr>"
    }

    /// The Log column's text for a session with no report: its name, how it
    /// ended and why (also in the data, for the script).
    static func failedName(_ s: SessionStats) -> String {
        "\(s.name) (\(s.status.rawValue)\(s.problem.map { ": " + $0.showingLayoutControls } ?? ""))"
    }

    /// The Duration column's text (also in the data, for the script).
    static func durationText(_ n: SessionNumbers) -> String { n.durationMs.map { Formatting.duration(milliseconds: $0) } ?? "—" }

    /// The Conversion column's text (also in the data, for the script).
    static func conversionText(_ n: SessionNumbers) -> String { n.sheets.conversion?.percent ?? "—" }

    /// The number the Conversion column sorts by: the JSON's, or the exact ratio where that is 0
    /// or 1 and the ratio is not, so that 19,999 of 20,000 (99.9%) sorts below 20,000 of 20,000.
    static func conversionSortValue(_ n: SessionNumbers) -> String {
        guard let ratio = n.sheets.conversion else { return "null" }
        let json = ratio.json
        guard (json == "0" && ratio.part != 0) || (json == "1" && ratio.part != ratio.whole) else { return json }
        return String(Double(ratio.part) / Double(ratio.whole))
    }

    /// The Activity column's words for those who do not see its line (also
    /// in the data, for the script): the busiest bucket, when, and its share
    /// of the events, such as `busiest +16.0 s to +24.0 s: 12 of 40 events`.
    /// The first bucket also holds the events before the session's start,
    /// so it is said as `before +1.0 s`, which stays true of them.
    static func activityText(_ activity: SessionNumbers.Activity) -> String {
        let total = activity.counts.reduce(0) { $0.addingReportingOverflow($1).overflow ? Int.max : $0 + $1 }
        guard total > 0, let peak = activity.counts.indices.max(by: { activity.counts[$0] < activity.counts[$1] }) else {
            return "no events with a time"
        }
        let share = "\(groupedDigits(activity.counts[peak])) of \(countedNoun(total, "event"))"
        // Numbers made by hand (a library caller's, never a stats file's) may not fit: then the share alone.
        let (from, fromOverflows) = Int64(peak).multipliedReportingOverflow(by: activity.bucketMs)
        let (to, toOverflows) = from.addingReportingOverflow(activity.bucketMs)
        guard !fromOverflows, !toOverflows, let end = Formatting.offset(to) else { return "busiest: \(share)" }
        let range = peak == 0 ? "before \(end)" : "\(Formatting.offset(from) ?? "") to \(end)"
        return "busiest \(range): \(share)"
    }

    /// A 72×18 polyline of the activity counts, as the script draws it.
    static func sparkline(_ counts: [Int]) -> String {
        let peak = max(1, counts.max() ?? 1)
        let step = counts.count > 1 ? 72 / Double(counts.count - 1) : 0
        let points = counts.enumerated().map { index, count in
            "\(tenths(Double(index) * step)),\(tenths(17 - Double(count) / Double(peak) * 16))"
        }
        return
            "<svg class=\"spark\" width=\"72\" height=\"18\" viewBox=\"0 0 72 18\" aria-hidden=\"true\"><polyline points=\"\(points.joined(separator: " "))\"/></svg>"
    }

    /// A coordinate rounded to tenths, written as JavaScript writes it (`12`, `12.5`).
    private static func tenths(_ value: Double) -> String {
        let scaled = Int((value * 10).rounded())
        return scaled % 10 == 0 ? String(scaled / 10) : "\(scaled / 10).\(abs(scaled % 10))"
    }

    // MARK: Funnel

    /// The batch's numbers beside the funnels, as `summary.md` gives them:
    /// the pooled median from + to Add, keystrokes per item, and the
    /// diagnostics over every session read.
    private func overall() -> String {
        let sheets = aggregate.funnel.sheets
        return "Median time from + to Add: \(aggregate.medianPlusToAddText). Keystrokes per item: \(sheets.keystrokesPerItemText). "
            + "Diagnostics over the sessions read: \(countedNoun(aggregate.errors, "error")), "
            + "\(countedNoun(aggregate.warnings, "warning"))."
    }

    private func funnel() -> String {
        var charts = [FunnelChart(aggregate.funnel.sheets).indexSVG(label: "All versions", sessions: aggregate.funnel.sessions)]
        for (version, funnel) in aggregate.funnelByVersion {
            charts.append(
                FunnelChart(funnel.sheets).indexSVG(
                    label: "Version \(BatchAggregate.label(of: version).showingLayoutControls)", sessions: funnel.sessions))
        }
        return "<div class=\"funnels\">\n" + charts.joined(separator: "\n") + "\n</div>"
    }

    // MARK: Data

    /// `{"versions": [appVersion or null, …], "rows": [[name, report, status, sessionId, userId,
    /// appVersion, start, durationMs, events, itemsAdded, sheetsOpened,
    /// sheetsCancelled, conversion, errors, warnings, [activity…],
    /// durationText, conversionText, activityText, failedName or null], …]}`: the script sorts by the numbers
    /// and shows the texts, written here once.
    private func writeData<Failure: Error>(_ output: (String) throws(Failure) -> Void) throws(Failure) {
        func text(_ value: String?) -> String { value.map { $0.scriptSafeJSONLiteral } ?? "null" }

        // The version filter's options in order; null for the sessions without one.
        let versions = aggregate.sessionVersions.map { $0?.scriptSafeJSONLiteral ?? "null" }
        try output("{\"versions\":[" + versions.joined(separator: ",") + "],\"rows\":[\n")
        for (index, s) in aggregate.sessions.enumerated() {
            let n = s.numbers
            // An unreadable session has no numbers: null, shown as a dash and sorted last.
            func count(_ value: Int) -> String { s.status == .unreadable ? "null" : String(value) }
            let fields = [
                text(s.name), text(s.report), text(s.status.rawValue), text(s.sessionId), text(s.userId), text(s.appVersion), text(n.start),
                n.durationMs.map(String.init) ?? "null", count(n.events), count(n.sheets.itemsAdded), count(n.sheets.opened),
                count(n.sheets.cancelled), Self.conversionSortValue(n), count(n.errors), count(n.warnings),
                "[" + n.activity.counts.map(String.init).joined(separator: ",") + "]",
                text(Self.durationText(n)), text(Self.conversionText(n)), text(Self.activityText(n.activity)),
                s.report == nil ? text(Self.failedName(s)) : "null",
            ]
            try output((index > 0 ? ",\n[" : "[") + fields.joined(separator: ",") + "]")
        }
        try output("\n]}")
    }
}

extension BatchAggregate {
    /// The title of `index.html`.
    public static let indexTitle = "Sessions"

    /// `index.html`: the funnel overall and per app version, and the table of
    /// sessions, each row linking to `sessions/NAME.html`.
    public func indexHTML(title: String = BatchAggregate.indexTitle) -> String {
        IndexPageRenderer(aggregate: self, title: ReportTitle.clean(title)).html()
    }

    /// ``indexHTML(title:)`` piece by piece, for writing to a file without holding it whole.
    public func writeIndexHTML<Failure: Error>(
        title: String = BatchAggregate.indexTitle, _ output: (String) throws(Failure) -> Void
    ) throws(Failure) {
        try IndexPageRenderer(aggregate: self, title: ReportTitle.clean(title)).write(output)
    }
}
