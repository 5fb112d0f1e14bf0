import Foundation
import Report
import SessionLog
import Testing
import TodoDomain

/// A log of many bad lines: the page lists every diagnostic from its data
/// block, drawing only the rows in view, and shows log text as text.
@Suite("Diagnostics in each browser", .serialized)
struct DiagnosticListTests {
    static let total = 250_000
    static let hostile = ["<img src=x onerror=window.__pwned=1>", "</script><script>window.__pwned=2</script>"]

    /// `x` lines (invalid JSON), with an unknown event named by a payload first and last.
    static func log() -> String {
        func event(_ name: String) -> String { #"{"type":"event","event":\#(name.scriptSafeJSONLiteralForTests)}"# + "\n" }
        return event(hostile[0]) + String(repeating: "x\n", count: total - 2) + event(hostile[1])
    }

    /// Rows drawn, as [line, text of the row, text of its message].
    static let drawn = """
        [...document.querySelectorAll('#diagnostics li')].map(li => [
          Number(/^line (\\d+)/.exec(li.querySelector('.location').textContent)[1]), li.textContent, li.querySelector('.message').textContent])
        """

    static func nextFrame(_ page: any PageDriver) throws {
        _ = try page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r())))")
    }

    /// Chromium only: WebDriver cannot turn script off for one page.
    @Test("250,000 diagnostics without JavaScript: the first 100 and how many more, hostile text as text")
    func withoutJavaScript() throws {
        let folder = try LongSessionTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (url, _) = try LongSessionTests.report(Self.log(), in: folder)
        let browser = try Chromium()
        let still = try browser.newPage()
        try still.send("Emulation.setScriptExecutionDisabled", ["value": true])
        try still.load(url.absoluteString)
        let items = try #require(
            try still.evaluate("[...document.querySelectorAll('#diagnostics li')].map(li => li.textContent)") as? [String])
        #expect(items.count == 101)
        #expect(items.first?.hasPrefix("line 1 error unknown-event unknown event \"\(Self.hostile[0])\"") == true)
        #expect(items.dropFirst().first == "line 2:1 error invalid-json unexpected 'x'; expected a value")
        #expect(items.last == "… and 249,900 more: enable JavaScript to list them all")
        #expect(try still.evaluate("document.querySelectorAll('img').length") as? Int == 0)
        #expect(try still.evaluate("document.getElementById('no-script').hidden") as? Bool == false)
    }

    @Test("250,000 diagnostics: a window of rows, the last at the end, hostile text as text", arguments: Engine.available)
    func virtualized(engine: Engine) throws {
        let folder = try LongSessionTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (url, _) = try LongSessionTests.report(Self.log(), in: folder)
        let page = try engine.openPage()
        try page.load(url.absoluteString)
        #expect(try page.evaluate("document.documentElement.dataset.ready") as? String == "true")
        #expect(
            try page.evaluate("document.getElementById('diagnostics-heading').textContent") as? String == "Diagnostics (250,000)",
            "the count grouped")
        _ = try page.evaluate("document.getElementById('diagnostic-viewport').scrollIntoView()")
        try Self.nextFrame(page)

        func rows(_ context: String) throws -> [[Any]] {
            let rows = try #require(try page.evaluate(Self.drawn) as? [[Any]])
            #expect(!rows.isEmpty && rows.count < 100, "\(context): only the rows in view are drawn, not \(rows.count)")
            let lines = rows.compactMap { $0[0] as? Int }
            #expect(lines == Array((lines.first ?? 0)..<((lines.first ?? 0) + lines.count)), "\(context): consecutive lines")
            for row in rows where (row[0] as? Int).map({ $0 > 1 && $0 < Self.total }) == true {
                #expect(row[1] as? String == "line \(row[0]):1 frame 0 error invalid-json unexpected 'x'; expected a value", "\(context)")
            }
            return rows
        }
        let top = try rows("top")
        #expect(top.first?[0] as? Int == 1)
        #expect(
            top.first?[2] as? String == "unknown event \"\(Self.hostile[0])\"; expected one of startCreatingItem, cancelCreatingItem, "
                + "changePartialItemName, addItem, setItemDone")

        _ = try page.evaluate("document.getElementById('diagnostic-viewport').scrollTop = 1e9")
        try Self.nextFrame(page)
        let bottom = try rows("bottom")
        #expect(bottom.last?[0] as? Int == Self.total)
        #expect(
            bottom.last?[1] as? String
                == "line \(Self.total) frame 0 error unknown-event unknown event \"\(Self.hostile[1])\"; expected one of "
                + "startCreatingItem, cancelCreatingItem, changePartialItemName, addItem, setItemDone")
        let last = """
            (() => { const box = document.getElementById('diagnostic-viewport').getBoundingClientRect();
              const r = [...document.querySelectorAll('#diagnostics li')].pop().getBoundingClientRect();
              return r.top >= box.top - 1 && r.bottom <= box.bottom + 1; })()
            """
        #expect(try page.evaluate(last) as? Bool == true, "the last row is in view")

        _ = try page.evaluate(
            "document.getElementById('diagnostic-viewport').scrollTop = document.getElementById('diagnostics').offsetHeight / 2")
        try Self.nextFrame(page)
        let middle = try rows("middle")
        #expect(
            middle.contains { ($0[0] as? Int).map { abs($0 - Self.total / 2) < 100 } == true }, "the middle is near line \(Self.total / 2)")

        #expect(
            try page.evaluate("window.__pwned === undefined && document.querySelectorAll('img, #diagnostics script').length === 0") as? Bool
                == true)
        #expect(try page.violations() == [])
    }

    @Test(
        "past 100 diagnostics, Tab goes from one row's link to the next through the whole list, and a row scrolled away leaves the focus on its box",
        arguments: Engine.available)
    func keyboardThroughWindow(engine: Engine) throws {
        let (page, folder) = try PageState.openReport(of: String(repeating: "x\n", count: 300), in: engine)
        defer { withExtendedLifetime(folder) {} }
        let drawn = "document.querySelectorAll('#diagnostics li').length > 0"
        try page.waitUntil(drawn + " && document.getElementById('diagnostics').classList.contains('virtual')")
        _ = try page.evaluate("document.querySelector('#diagnostics a.frame-link').focus()")
        let focusedLine = """
            (() => { const a = document.activeElement;
              if (!a || !a.matches('#diagnostics a.frame-link')) return a ? 'not a link: ' + (a.id || a.tagName) : 'nothing';
              return Number(/^line (\\d+)/.exec(a.closest('li').querySelector('.location').textContent)[1]); })()
            """
        #expect(try page.evaluate(focusedLine) as? Int == 1)
        var lines: [String] = []
        for _ in 0..<40 {
            try page.press("Tab")
            try Self.nextFrame(page)
            lines.append("\(try page.evaluate(focusedLine) ?? "nil")")
        }
        #expect(lines == (2...41).map(String.init), "\(engine): the lines Tab reached")
        _ = try page.evaluate("document.getElementById('diagnostic-viewport').scrollTop = 1e9")
        try Self.nextFrame(page)
        #expect(try page.evaluate("document.activeElement.id") as? String == "diagnostic-viewport")
    }

    @Test("each diagnostic links to the frame shown when its line was read, and the link shows it", arguments: Engine.available)
    func frameLinks(engine: Engine) throws {
        let unknownID = "00000000-0000-4000-8000-00000000000B"
        let log =
            [
                #"{"type":"event","event":"startCreatingItem"}"#,  // frame 1
                "not json",  // dropped: frame 1 was shown
                #"{"type":"event","event":"changePartialItemName","name":"a"}"#,  // frame 2
                #"{"type":"event","event":"setItemDone","id":"\#(unknownID)","isDone":true}"#,  // a warning, kept: frame 3
                #"{"type":"travel","to":99}"#,  // dropped: frame 3 was shown
            ].joined(separator: "\n") + "\n"
        let (page, folder) = try PageState.openReport(of: log, in: engine)
        defer { withExtendedLifetime(folder) {} }
        try page.waitUntil("document.querySelectorAll('#diagnostics a.frame-link').length === 3")
        let links = try page.evaluate(
            "[...document.querySelectorAll('#diagnostics li')].map(li => [li.querySelector('.location').textContent, li.querySelector('a').textContent, li.querySelector('a').getAttribute('href')])"
        )
        #expect(
            links as? [[String]] == [
                ["line 2:2", "frame 1", "#frame=1"], ["line 4", "frame 3", "#frame=3"], ["line 5", "frame 3", "#frame=3"],
            ])
        _ = try page.evaluate("document.querySelector('#diagnostics a.frame-link').click()")
        #expect(try page.evaluate(ActivityStripTests.shownFrame) as? Int == 1)
        #expect(try page.evaluate("document.activeElement.id") as? String == "scrubber")
    }
}
