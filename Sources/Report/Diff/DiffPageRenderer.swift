import SessionLog

/// Fills the diff page's template (`Templates/diff.html`, `diff.css`,
/// `diff.js`) with the same rules as the report: one self-contained file,
/// its script and stylesheet allowed by their SHA-256 and nothing else,
/// every text from a log escaped for HTML or as script-safe JSON.
struct DiffPageRenderer {
    static let fileNames = (html: "diff.html", css: "diff.css", js: "diff.js")

    var report: DiffReport
    var summaryHTML: String
    var baselineFrames: String
    var runFrames: String

    func html() -> String {
        let files = EmbeddedTemplates.files
        let css = files[Self.fileNames.css] ?? ""
        let js = files[Self.fileNames.js] ?? ""
        let difference = report.comparison.firstDifference
        let lastFrame = max(report.baselineFrameCount, report.runFrameCount) - 1
        let firstLine = report.verdict.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
        let values: [String: String] = [
            "csp": ContentSecurityPolicy.policy(css: css, js: js).htmlEscaped,
            "css": css,
            "js": js,
            "baselineName": report.baselineName.htmlEscaped,
            "redaction": report.redaction.map(PageRenderer.redactionBadge) ?? "",
            "runName": report.runName.htmlEscaped,
            "verdict": firstLine.htmlEscaped,
            "identical": report.isIdentical ? "true" : "false",
            "firstDifference": difference.map { String($0.frame) } ?? "",
            "lastFrame": String(lastFrame),
            "startFrame": String(difference?.frame ?? lastFrame),
            "jumpHidden": difference == nil ? " hidden" : "",
            "summary": summaryHTML,
            "baselineData": baselineFrames,
            "runData": runFrames,
            "compareIDs": report.comparison.comparingIDs ? "true" : "false",
        ]
        var page = ""
        for segment in Template(files[Self.fileNames.html] ?? "").segments {
            switch segment {
            case .text(let text): page += text
            case .placeholder(let name): page += values[name] ?? ""
            }
        }
        return page
    }
}
