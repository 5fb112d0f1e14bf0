import ByteLevel
import CCmark
import Foundation
import SessionLog
import Testing

@testable import Report

@Suite("Summary")
struct SummaryTests {
    static func summary(_ lines: [String]) throws -> (markdown: String, html: String) {
        let builder = try ReportTests.build(lines.map { $0 + "\n" }.joined())
        return (builder.summaryMarkdown(), builder.summaryHTML())
    }

    static func titled(_ title: String) -> [String] {
        [
            #"{"type":"event","event":"startCreatingItem","timestamp":1000}"#,
            #"{"type":"event","event":"changePartialItemName","name":\#(title.scriptSafeJSONLiteral),"timestamp":1500}"#,
            #"{"type":"event","event":"addItem","id":"00000000-0000-4000-8000-000000000001","timestamp":3000}"#,
        ]
    }

    @Test("the sample's summary has every section, in order, with its facts")
    func sample() throws {
        let text = try String(contentsOf: ReportTests.sample, encoding: .utf8)
        let markdown = try ReportTests.build(text).summaryMarkdown()
        let sections = ["### Session", "### Creation funnel", "### Items", "### Events by type", "### State chain", "### Data quality"]
        let positions = sections.compactMap { markdown.range(of: $0)?.lowerBound }
        #expect(positions.count == sections.count)
        #expect(positions == positions.sorted())
        for fact in [
            "**Session**: 5f0c9d2e-sample", "**Duration**: 33.5 s", "**Events**: 56", "**Frames**: 57", "**Undone frames**: 2",
            "**Add sheets opened**: 4", "**Added**: 3 (75%)", "**Cancelled**: 1 (25%)", "“Pay rnet”", "**Replaced by another +**: 0 (0%)",
            "**Open at the end**: 0 (0%)", "**Items added**: 3 (0 without a sheet)", "**Conversion**: 75% of opened sheets were added",
            "**Median time from + to Add**: 3.3 s (of 3 timed sheets)",
            "**Keystrokes**: 44 on every branch (36 in the journey's added sheets)",
            // 36 keystrokes of the three kept items over 3 (the 8 of the cancelled "Pay rnet" are not theirs).
            "**Keystrokes per item**: 12.0",
            // The toggles on the branch that the travel back to frame 52 left are not counted.
            "**“Buy oat milk”** — added at +7.2 s, finished at the end, toggled 1 time",
            "**“Call Grandma”** — added at +12.0 s, not finished at the end, toggled 0 times",
            "**“Book dentist”** — added at +22.4 s, finished at the end, toggled 1 time",
            "Time travel left 2 frames out of this chain",
            "`changePartialItemName` x12", "`setItemDone`: 4", "`travel`: 1",
            "Every line accounted for: 58 lines, 56 events made frames, 1 travel, 1 header, 0 dropped, 0 blank.",
        ] {
            #expect(markdown.contains(fact), "missing: \(fact)")
        }
    }

    @Test(
        "the items are the final state's, by position: two items with one id each end as themselves; one added on an undone branch is not listed"
    )
    func itemEnds() throws {
        func event(_ body: String) -> String { #"{"type":"event",\#(body)}"# }
        let first = "00000000-0000-4000-8000-000000000001"
        let second = "00000000-0000-4000-8000-000000000002"
        let (markdown, _) = try Self.summary([
            event(#""event":"startCreatingItem""#), event(#""event":"changePartialItemName","name":"A""#),
            event(#""event":"addItem","id":"\#(first)""#),
            event(#""event":"startCreatingItem""#), event(#""event":"changePartialItemName","name":"B""#),
            event(#""event":"addItem","id":"\#(first)""#),
            event(#""event":"setItemDone","id":"\#(first)","isDone":true"#),
            event(#""event":"startCreatingItem""#), event(#""event":"changePartialItemName","name":"C""#),
            event(#""event":"addItem","id":"\#(second)""#),
            #"{"type":"travel","to":7}"#,
            event(#""event":"startCreatingItem""#),
        ])
        // setItemDone changes the first item with the id (A); B keeps its own isFinished and toggles.
        #expect(markdown.contains("**“A”** — added on line 3, finished at the end, toggled 1 time"))
        #expect(markdown.contains("**“B”** — added on line 6, not finished at the end, toggled 0 times"))
        // C was added on frame 10, which the travel to 7 and the + after it left.
        #expect(!markdown.contains("“C”"))
        #expect(markdown.contains("**Items added**: 2 (0 without a sheet)"))
        // Sheets of frames 1, 4 and 11 (8 is undone): two added, the last open at the end.
        #expect(markdown.contains("**Add sheets opened**: 3") && markdown.contains("**Open at the end**: 1 (33.3%)"))
    }

    @Test("a session that opened no sheet says why its conversion is n/a")
    func conversionWithoutSheets() throws {
        let markdown = try Self.summary([#"{"type":"session","schema":"todo-session/1"}"#]).markdown
        #expect(markdown.contains("**Conversion**: n/a (no sheet was opened)\n"), "\(markdown)")
    }

    @Test("every toggle of a listed item is counted, whatever its id, and toggles of other items are not")
    func toggles() throws {
        func event(_ body: String) -> String { #"{"type":"event",\#(body)}"# }
        let ids = ["4F2A9C31-0000-4000-8000-00000000A510", "00000000-7777-4000-8000-000000000320", "FFFFFFFF-0000-4000-8000-00000000FF30"]
        var lines: [String] = []
        for (n, id) in ids.enumerated() {
            lines += [
                event(#""event":"startCreatingItem""#), event(#""event":"changePartialItemName","name":"item \#(n)""#),
                event(#""event":"addItem","id":"\#(id)""#),
            ]
        }
        for (n, id) in ids.enumerated() {
            for toggle in 0..<(n + 1) { lines.append(event(#""event":"setItemDone","id":"\#(id)","isDone":\#(toggle % 2 == 0)"#)) }
        }
        // An id no item has, next to a listed one in every bit: no toggle, a warning.
        lines.append(event(#""event":"setItemDone","id":"4F2A9C31-0000-4000-8000-00000000A511","isDone":true"#))
        let (markdown, _) = try Self.summary(lines)
        #expect(markdown.contains("**“item 0”** — added on line 3, finished at the end, toggled 1 time"))
        #expect(markdown.contains("**“item 1”** — added on line 6, not finished at the end, toggled 2 times"))
        #expect(markdown.contains("**“item 2”** — added on line 9, finished at the end, toggled 3 times"))
    }

    @Test(
        "typed text never becomes Markdown or HTML",
        arguments: [
            "*emphasis* and **strong**", "[link](javascript:alert(1))", "<script>alert(1)</script>", "<img src=x onerror=alert(1)>",
            "![img](data:text/html,x)", "`code`", "# heading", "&lt;b&gt;", "line\nbreak", "a\u{0}b",
            "see www.evil.example", "https://evil.example/x", "~~struck~~ ~one~", "\u{E000} private use",
        ])
    func typedTextStaysText(_ title: String) throws {
        let (markdown, html) = try Self.summary(Self.titled(title))
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("<a "))
        #expect(!html.contains("<em>emphasis"))
        #expect(!html.contains("<code>code"))
        #expect(!html.contains("<h1"))
        #expect(!html.contains("\u{0}"))
        // The CommonMark written for --summary, parsed again by libcmark, shows the same literal text.
        let reparsed = Self.markdownToHTML(markdown)
        let shown = title.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}")
        if !shown.contains("\n") {
            #expect(reparsed.contains("<strong>“\(shown.htmlEscaped.replacingOccurrences(of: "&#39;", with: "'"))”</strong>"))
        }
        #expect(!reparsed.contains("<script"))
        #expect(!reparsed.contains("<a "))
        if title == "&lt;b&gt;" { #expect(html.contains("&amp;lt;b&amp;gt;")) }
    }

    @Test(
        "text that GitHub-Flavored Markdown alone would link or strike through is escaped in the Markdown, not in the page",
        arguments: [
            ("see www.evil.example", #"see www\.evil.example"#), ("WWW.EVIL.EXAMPLE", #"WWW\.EVIL.EXAMPLE"#),
            ("https://evil.example/x", #"https\://evil.example/x"#), ("~~struck~~", #"\~\~struck\~\~"#),
            ("\u{E000}x", "\u{E000}x"),
        ])
    func gfmEscaped(title: String, written: String) throws {
        let (markdown, html) = try Self.summary(Self.titled(title))
        #expect(markdown.contains("**“\(written)”**"), "\(markdown)")
        #expect(html.contains("“\(title)”"))
    }

    @Test(
        "a title's bidirectional controls are shown as \\u{…} in the Markdown and the page: they cannot reverse the summary's own words",
        arguments: ["\u{202E}evil override", "a\u{2066}b", "x\u{2069}\u{202E}y", "line\u{2029}para"])
    func layoutControlsShown(_ title: String) throws {
        let (markdown, html) = try Self.summary(Self.titled(title))
        for text in [markdown, html] {
            #expect(!text.unicodeScalars.contains { $0.isLayoutControl }, "\(text)")
        }
        #expect(html.contains("<strong>“\(title.showingLayoutControls)”</strong> — added at"), "\(html)")
        #expect(Self.markdownToHTML(markdown).contains("<strong>“\(title.showingLayoutControls)”</strong>"))
    }

    @Test(
        "a title with spaces at its ends, or only spaces, is shown as typed: in quotes, bold",
        arguments: ["  spaced  ", "   ", " a", "b "])
    func spacedTitles(_ title: String) throws {
        let (markdown, _) = try Self.summary(Self.titled(title))
        // **  title  ** is no emphasis in CommonMark: the markers would be shown, the title not bold.
        #expect(Self.markdownToHTML(markdown).contains("<strong>“\(title)”</strong>"), "\(markdown)")
    }

    @Test("two lists in a row are written as one list: no raw HTML in any summary")
    func adjacentLists() {
        let blocks: [MarkdownBlock] = [
            .bulletList([[.paragraph([.text("one")])]]), .bulletList([[.paragraph([.text("two")])]]),
        ]
        let markdown = CommonMarkRenderer.commonMark(blocks)
        #expect(!markdown.contains("<!--") && markdown == "  - one\n  - two\n", "\(markdown)")
        #expect(CommonMarkRenderer.html(blocks) == "<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n")
    }

    @Test(
        "a line break in a code span's text is shown as \\u{A}, so what follows it stays in the span: no heading, no link",
        arguments: ["\n", "\r", "\r\n"])
    func lineBreakInCodeSpan(_ lineBreak: String) {
        let text = "v\(lineBreak)# H\(lineBreak)[a](http://127.0.0.1:8765/x)"
        let blocks: [MarkdownBlock] = [.bulletList([[.paragraph([.code(text), .text(": 1")])]])]
        let markdown = CommonMarkRenderer.commonMark(blocks)
        let html = Self.markdownToHTML(markdown)
        #expect(!html.contains("<h1>") && !html.contains("<a "), "\(markdown)")
        let shown = lineBreak.unicodeScalars.map(\.escapedForDisplay).joined()
        #expect(html.contains("<code>v\(shown)# H\(shown)[a](http://127.0.0.1:8765/x)</code>"), "\(html)")
        #expect(CommonMarkRenderer.html(blocks) == html)
    }

    @Test(
        "a control character in a code span is shown as \\u{1B}, so the summary printed to a terminal runs no escape sequence",
        arguments: ["\u{1B}]0;PWNED\u{7}\u{1B}[2J", "\u{9B}31m", "a\u{0}b\u{8}\u{7F}"])
    func controlsInCodeSpan(_ text: String) {
        let markdown = CommonMarkRenderer.commonMark([.bulletList([[.paragraph([.code("1.0" + text), .text(": 1")])]])])
        #expect(!markdown.unicodeScalars.contains { $0.isControlCharacter && $0 != "\n" }, "\(markdown.debugDescription)")
        let shown = text.unicodeScalars.map { $0.isControlCharacter ? $0.escapedForDisplay : String($0) }.joined()
        #expect(markdown.contains("`1.0\(shown)`"), "\(markdown)")
    }

    static func markdownToHTML(_ markdown: String) -> String {
        guard let html = cmark_markdown_to_html(markdown, markdown.utf8.count, CMARK_OPT_DEFAULT) else { return "" }
        defer { free(html) }
        return String(cString: html)
    }

    @Test(
        "pathological titles stay literal text",
        arguments: [
            String(repeating: "[", count: 25_000), String(repeating: "<!--", count: 10_000), String(repeating: "*a ", count: 10_000),
        ])
    func pathological(_ title: String) throws {
        let (markdown, html) = try Self.summary(Self.titled(title))
        // The summary shows the first 500 scalars of a long title (the page's frame data holds it whole).
        let shown = Formatting.excerpt(title)
        #expect(
            shown.hasPrefix(String(title.prefix(Formatting.excerptLimit)))
                && shown.hasSuffix("… \(groupedDigits(title.unicodeScalars.count)) characters"))
        #expect(html.contains("<strong>“\(shown.htmlEscaped)”</strong>"))
        let reparsed = Self.markdownToHTML(markdown)
        #expect(reparsed.contains(shown.trimmingCharacters(in: .whitespaces).htmlEscaped))
        #expect(!reparsed.contains("<em>"))
        #expect(!reparsed.contains("<a "))
    }

    @Test("long sessions shorten the state chain with a count")
    func longChain() throws {
        var lines: [String] = []
        for n in 0..<300 {
            lines.append(#"{"type":"event","event":"startCreatingItem"}"#)
            lines.append(#"{"type":"event","event":"changePartialItemName","name":"\#(n)"}"#)
            lines.append(#"{"type":"event","event":"cancelCreatingItem"}"#)
        }
        let (markdown, _) = try Self.summary(lines)
        #expect(markdown.contains("… and 701 more runs (701 states)"))
    }

    @Test("diagnostics are counted per code with their first lines")
    func dataQuality() throws {
        let (markdown, _) = try Self.summary(["junk", "junk", #"{"type":"x"}"#, "", #"{"type":"event","event":"startCreatingItem"}"#])
        #expect(markdown.contains("`invalid-json` (error): 2 — lines 1, 2"))
        #expect(markdown.contains("`unknown-type` (error): 1 — line 3"))
        #expect(markdown.contains("5 lines, 1 event made frames, 0 travels, 0 headers, 3 dropped, 1 blank."))
    }

    @Test(
        "a line with a code twice is listed once, and '…' says that the code is on more lines than are listed",
        arguments: [
            (1, 2, "`wrong-type` (error): 2 — line 1\n"),
            (SessionMetrics.keptLinesPerCode, 2, "`wrong-type` (error): \(2 * SessionMetrics.keptLinesPerCode) — lines 1, 2, 3, 4, 5\n"),
            (
                SessionMetrics.keptLinesPerCode + 1, 1,
                "`wrong-type` (error): \(SessionMetrics.keptLinesPerCode + 1) — lines 1, 2, 3, 4, 5, …\n"
            ),
        ])
    func dataQualityLinesOnce(lines: Int, errorsEach: Int, listed: String) throws {
        // `id` and `isDone` both of the wrong type: two errors on one line.
        let line =
            errorsEach == 2
            ? #"{"type":"event","event":"setItemDone","id":"x","isDone":"y"}"#
            : #"{"type":"event","event":"setItemDone","id":"x","isDone":true}"#
        let (markdown, _) = try Self.summary(Array(repeating: line, count: lines))
        #expect(markdown.contains(listed), "\(markdown)")
    }
}
