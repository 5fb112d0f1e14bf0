import ByteLevel
import Foundation
import Report
import SessionLog
import Testing
import TodoDomain

/// Text from a log is shown, never run: every payload below tries to run
/// script or set an attribute, from every place a log puts text on the page.
@Suite("Hostile text in each browser", .serialized)
struct HostileInputTests {
    static let payloads: [String] = [
        "<script>window.__pwned=1</script>",
        "</script><script>window.__pwned=2</script>",
        "</SCRIPT ><script>window.__pwned=3</script>",
        "</script/><img src=x onerror=\"window.__pwned=4\">",
        "<!--<script>window.__pwned=5</script>",
        "<img src=x onerror=window.__pwned=6>",
        "\" onmouseover=\"window.__pwned=7\" x=\"",
        "' autofocus onfocus='window.__pwned=8' x='",
        "[click](javascript:window.__pwned=9)",
        "[data](data:text/html,<script>window.__pwned=10</script>)",
        "![img](javascript:window.__pwned=11)",
        "<a href=\"javascript:window.__pwned=12\">link</a>",
        "&lt;b&gt;not bold&lt;/b&gt;",
        "$1 $& $' $` \\1 \\\\ {{title}} {{js}} {{data}}",
        "line\u{2028}separator\u{2029}paragraph",
        "\u{202E}evil\u{202C} and \u{2066}isolate\u{2069} \u{200F}",
        "\"double\" 'single' `back` “curly” ‘curly’ «guillemets»",
        "*emphasis* _under_ **strong** # heading `code`",
        String(repeating: "long ", count: 4_000),
    ]

    /// A log with every payload as a title, a partial name, header fields,
    /// context keys and values, and unknown event and type names.
    static func hostileLog() -> String {
        func string(_ text: String) -> String { text.scriptSafeJSONLiteralForTests }
        var lines: [String] = []
        let context = payloads.enumerated().map { "\(string("k\($0.offset) " + $0.element)):\(string($0.element))" }.joined(separator: ",")
        lines.append(
            #"{"type":"session","schema":"todo-session/1","sessionId":\#(string(payloads[0])),"app":\#(string(payloads[1])),"appVersion":\#(string(payloads[6])),"userId":\#(string(payloads[7])),"context":{\#(context)}}"#
        )
        for (n, payload) in payloads.enumerated() {
            lines.append(#"{"type":"event","event":"startCreatingItem"}"#)
            lines.append(#"{"type":"event","event":"changePartialItemName","name":\#(string(payload))}"#)
            lines.append(#"{"type":"event","event":"addItem","id":"00000000-0000-4000-8000-\#(String(format: "%012d", n + 1))"}"#)
            lines.append(#"{"type":"event","event":\#(string(payload))}"#)
            lines.append(#"{"type":\#(string(payload))}"#)
        }
        lines.append(#"{"type":"event","event":"startCreatingItem"}"#)
        lines.append(#"{"type":"event","event":"changePartialItemName","name":\#(string(payloads[3]))}"#)
        return lines.map { $0 + "\n" }.joined()
    }

    /// An element's text, whole: a text past the page's limit is shown cut,
    /// with a button (in it or beside it) that opens it whole.
    static let wholeText = """
        (e => { const b = e.querySelector('.more-text') || e.parentNode.querySelector(':scope > .more-text');
          if (!b) return e.textContent;
          b.click(); const whole = document.getElementById('full-text-body').textContent;
          document.getElementById('full-text-close').click(); return whole; })
        """

    @Test("no payload runs, loads or sets anything, through every frame; every one shows as typed", arguments: Engine.available)
    func nothingRuns(engine: Engine) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let builder = ReportBuilder()
        let outcome = try LogReplayer.replay(InMemoryByteSource(Self.hostileLog())) { builder.add($0) }
        builder.finish(with: outcome)
        let url = folder.appendingPathComponent("hostile.html")
        try Data(builder.html().utf8).write(to: url)

        let page = try engine.openPage()
        try page.load(url.absoluteString)
        let frames = try #require(page.evaluate("Number(document.getElementById('scrubber').max)") as? Int)
        #expect(frames == outcome.frameCount - 1)
        let checks = """
            (() => {
              const attributes = [...document.querySelectorAll('*')].flatMap(e => [...e.attributes].map(a => a.name))
                .filter(n => n.startsWith('on') || n === 'autofocus' || n === 'x');
              return {
                pwned: window.__pwned === undefined ? null : String(window.__pwned),
                scripts: document.scripts.length,
                attributes,
                dangerous: document.querySelectorAll('img, iframe, object, embed, a[href^="javascript"], a[href^="data"], base, form').length,
              };
            })()
            """
        var seenTitles: [String] = []
        for frame in 0...frames {
            _ = try page.evaluate(ReportInBrowserTests.scrub(to: frame))
            let state = try #require(try page.evaluate(checks) as? [String: Any])
            #expect(state["pwned"] is NSNull, "frame \(frame)")
            #expect(state["scripts"] as? Int == 3, "frame \(frame)")
            #expect((state["attributes"] as? [Any])?.isEmpty == true, "frame \(frame): \(state["attributes"] ?? "")")
            #expect(state["dangerous"] as? Int == 0, "frame \(frame)")
            let partial = try page.evaluate(
                "document.getElementById('add-sheet').hidden ? null : (\(Self.wholeText))(document.getElementById('partial-name'))")
            if let partial = partial as? String, !partial.isEmpty { #expect(Self.payloads.contains(partial), "frame \(frame) partial") }
            if frame == frames {
                seenTitles =
                    try page.evaluate("[...document.querySelectorAll('#todo-list > li .item-title')].map(\(Self.wholeText))") as? [String]
                    ?? []
            }
        }
        // Every payload shows exactly as typed: as a title, in the header, the summary and the diagnostics.
        #expect(seenTitles == Self.payloads)
        #expect(try page.evaluate("document.getElementById('partial-name').textContent") as? String == Self.payloads[3])
        #expect(try page.evaluate("document.querySelector('.app-title').textContent") as? String == Self.payloads[1])
        let facts = try page.evaluate("document.querySelector('.facts').textContent") as? String ?? ""
        for payload in [Self.payloads[0], Self.payloads[6], Self.payloads[7]] { #expect(facts.contains(payload)) }
        let summary = try page.evaluate("document.getElementById('summary').textContent") as? String ?? ""
        // In the summary's prose a bidirectional control or a separator is shown as `\u{202E}`: it cannot reorder the words around it.
        for payload in Self.payloads { #expect(summary.contains(payload.showingLayoutControls), "summary: \(payload.prefix(40))") }
        #expect(!summary.unicodeScalars.contains { $0.isLayoutControl }, "no layout control in the summary")
        #expect(summary.contains("k12 &lt;b&gt;not bold&lt;/b&gt;"), "context keys show as typed")
        let diagnostics =
            try page.evaluate("[...document.querySelectorAll('#diagnostics li')].map(li => li.textContent)") as? [String] ?? []
        #expect(diagnostics.filter { $0.contains("unknown-event") }.count == Self.payloads.count)
        #expect(diagnostics.filter { $0.contains("unknown-type") }.count == Self.payloads.count)
        #expect(diagnostics.contains { $0.contains("&lt;b&gt;not bold") })
        // Bidi controls are isolated wherever log text is shown, so they cannot reorder a row.
        let isolation =
            try page.evaluate(
                """
                ['.item-title', '.text-field', '.facts dd', '#diagnostics .message', '#summary li', '#state-json .line', '.app-title']
                  .map(s => document.querySelector(s)).map(e => e ? getComputedStyle(e).unicodeBidi : 'missing')
                """) as? [String]
        #expect(isolation == Array(repeating: "isolate", count: 7))
        #expect(try page.violations() == [])
        #expect(try page.requests().count == 1)
        #expect(try page.errors() == [])
    }
}

extension String {
    /// A JSON string literal, as a recorder would write it.
    var scriptSafeJSONLiteralForTests: String {
        let data = (try? JSONSerialization.data(withJSONObject: [self], options: [])) ?? Data("[\"\"]".utf8)
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }
}
