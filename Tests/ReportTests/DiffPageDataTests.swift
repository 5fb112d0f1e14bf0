import Foundation
import Report
import SessionComparison
import SessionLog
import Testing

/// The diff page draws each log from the report's frame data: one encoding,
/// read by one script (`Templates/frames.js`), so its phones show what the
/// report shows.
@Suite("Diff page data")
struct DiffPageDataTests {
    /// The text of the JSON block with `id`, its continuation blocks joined on, as the page's `blockText` joins them.
    static func block(_ id: String, in page: String) throws -> String {
        let opening = "<script type=\"application/json\" id=\"\(id)\">"
        let start = try #require(page.range(of: opening)).upperBound
        var text = ""
        var rest = page[start...]
        while true {
            let end = try #require(rest.range(of: "</script>"))
            text += rest[..<end.lowerBound]
            rest = rest[end.upperBound...]
            let continued = "\n<script type=\"application/json\" data-continued>"
            guard rest.hasPrefix(continued) else { return text }
            rest = rest.dropFirst(continued.count)
        }
    }

    static let logs: [(name: String, text: String)] =
        [("the sample", (try? String(contentsOf: ReportTests.sample, encoding: .utf8)) ?? "")]
        + (1...6).map { ("random log \($0)", RandomLog(seed: UInt64($0) * 7919, maxEvents: 40_000 / $0).text) }

    @Test("each side's frame data is the report's of that log, byte for byte, travels, times and lines too", arguments: logs)
    func sameEncoding(log: (name: String, text: String)) throws {
        #expect(!log.text.isEmpty)
        let reportPage = try ReportTests.build(log.text).html()
        let diff = DiffReport(baselineName: "a.jsonl", runName: "b.jsonl", keepingFrames: true)
        let baseline = try LogReplayer.replay(InMemoryByteSource(log.text)) { diff.add($0, baseline: true) }
        let run = try LogReplayer.replay(InMemoryByteSource(log.text)) { diff.add($0, baseline: false) }
        diff.finish(baseline: baseline, run: run, comparison: LogComparison())
        let diffPage = try diff.html()
        let reportData = try Self.block("session-data", in: reportPage)
        #expect(reportData.hasPrefix("{\"v\":"))
        #expect(try Self.block("baseline-data", in: diffPage) == reportData, "\(log.name)")
        #expect(try Self.block("run-data", in: diffPage) == reportData, "\(log.name)")
    }
}
