import ByteLevel
import SessionLog

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Fills the diff page's template (`Templates/diff.html`, with
/// `diff-side.html` once for each log, `diff.css`, `diff.js`) with the same
/// rules as the report: one self-contained file, its script and stylesheet
/// allowed by their SHA-256 and nothing else, every text from a log escaped
/// for HTML or as script-safe JSON.
struct DiffPageRenderer {
    static let fileNames = (html: "diff.html", css: "diff.css", js: "diff.js", side: "diff-side.html")

    var report: DiffReport
    var summaryHTML: String
    /// Each log's frames as ``FrameEncoder`` writes them for the report.
    var baselineFrames: [PagePart]
    var runFrames: [PagePart]

    /// `["…","…"]`: ids as JSON strings.
    private static func list(_ ids: [UUID]) -> String {
        "[" + ids.map { JSONString.literal($0.uuidString) }.joined(separator: ",") + "]"
    }

    /// A side's app version after its heading's name, isolated from the text around it; nothing without one.
    static func versionText(_ version: String?) -> String {
        guard let version else { return "" }
        return " <span class=\"side-version\">" + (version.isEmpty ? "empty version" : "version <bdi>" + version.htmlEscaped + "</bdi>")
            + "</span>"
    }

    func html() throws(SystemCallError) -> String {
        let files = EmbeddedTemplates.files
        let css = files[Self.fileNames.css] ?? ""
        let js = files[Self.fileNames.js] ?? ""
        // One log's side: its heading, its phone and the fields under it.
        let side = Template(files[Self.fileNames.side] ?? "")
        let difference = report.comparison.firstDifference
        let lastFrame = max(report.baselineFrameCount, report.runFrameCount) - 1
        let firstLine = report.verdict.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
        let derivedIDs =
            report.comparison.comparingIDs || !report.derivedIDs.baseline.isEmpty || !report.derivedIDs.run.isEmpty
            ? ",\"derivedIDs\":[" + Self.list(report.derivedIDs.baseline) + "," + Self.list(report.derivedIDs.run) + "]" : ""
        let values: [String: String] = [
            "csp": ContentSecurityPolicy.policy(css: css, js: js).htmlEscaped,
            "css": css,
            "js": js,
            "baselineName": report.baselineName.htmlEscaped,
            "redaction": report.redaction.map(PageRenderer.redactionBadge) ?? "",
            "runName": report.runName.htmlEscaped,
            "verdict": firstLine.htmlEscaped,
            // Said under the banner as under the verdict's first line: identical replays can hide a damaged log.
            "caveats": report.identicalCaveats.map { "<span class=\"verdict-caveat\">" + $0.htmlEscaped + "</span>" }.joined(),
            "hasCaveats": report.identicalCaveats.isEmpty ? "false" : "true",
            "identical": report.isIdentical ? "true" : "false",
            "firstDifference": difference.map { String($0.frame) } ?? "",
            "lastFrame": String(lastFrame),
            "startFrame": String(difference?.frame ?? lastFrame),
            "lastFrameText": groupedDigits(lastFrame),
            "startFrameText": groupedDigits(difference?.frame ?? lastFrame),
            "jumpHidden": difference == nil ? " hidden" : "",
            "summary": summaryHTML,
            "compareIDs": report.comparison.comparingIDs ? "true" : "false",
            // The comparison's own fields at the first difference: under redaction two texts
            // that differ can share a mask, and the page, which compares what it shows, would mark nothing.
            "firstFields": (difference?.fields).flatMap { $0.isEmpty ? nil : $0 }.map {
                ",\"firstFields\":[" + $0.map(\.path.scriptSafeJSONLiteral).joined(separator: ",") + "]"
            } ?? "",
            "derivedIDs": derivedIDs,
            "baselineSide": side.filled([
                "side": "baseline", "Side": "Baseline", "name": report.baselineName.htmlEscaped,
                "title": report.baselineTitle.htmlEscaped, "version": Self.versionText(report.baselineVersion),
            ]),
            "runSide": side.filled([
                "side": "run", "Side": "Run", "name": report.runName.htmlEscaped, "title": report.runTitle.htmlEscaped,
                "version": Self.versionText(report.runVersion),
            ]),
        ]
        var page = MemorySink()
        // Memory takes every write, but the frames are read back from temporary files, which can fail.
        try ReportBuilder.systemCall {
            for segment in Template(files[Self.fileNames.html] ?? "").segments {
                switch segment {
                case .text(let text): try page.write(String(text))
                case .placeholder("baselineData"): try PagePart.writeBlocks(baselineFrames, to: &page)
                case .placeholder("runData"): try PagePart.writeBlocks(runFrames, to: &page)
                case .placeholder(let name): try page.write(values[name] ?? "")
                }
            }
        }
        return String(decoding: page.bytes, as: UTF8.self)
    }
}
