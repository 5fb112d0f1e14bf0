import Foundation
import Report
import SessionLog
import Testing
import TodoDomain

/// Runs of keystrokes fold into one row of the event list; the scrubber, the
/// keys and #frame=N still step through every frame.
@Suite("Folded keystrokes in each browser", .serialized)
struct FoldingTests {
    static let rows = """
        [...document.querySelectorAll('#event-list > li')].map(li => ({frame: Number(li.dataset.frame),
          last: li.dataset.last === undefined ? null : Number(li.dataset.last), fold: li.classList.contains('fold'),
          expanded: li.getAttribute('aria-expanded'), current: li.getAttribute('aria-current') === 'true', text: li.textContent}))
        """

    struct Row {
        var frame: Int
        var last: Int?
        var fold: Bool
        var expanded: String?
        var current: Bool
        var text: String

        static func all(_ page: any PageDriver) throws -> [Row] {
            let list = try #require(try page.evaluate(FoldingTests.rows) as? [[String: Any]])
            return list.map {
                Row(
                    frame: $0["frame"] as? Int ?? -1, last: $0["last"] as? Int, fold: $0["fold"] as? Bool ?? false,
                    expanded: $0["expanded"] as? String, current: $0["current"] as? Bool ?? false, text: $0["text"] as? String ?? "")
            }
        }
    }

    @Test(
        "the 12 keystrokes of “Buy oat milk” are one row; it expands and folds on click; the keys step through all 12",
        arguments: Engine.available)
    func twelveKeystrokes(engine: Engine) throws {
        let log = try Data(contentsOf: ReportInBrowserTests.sampleURL)
        let frames = try LogReplayer.collect(InMemoryByteSource(Array(log))).frames
        let typed = try #require(frames[1...12].map(\.stamp.timestamp?.millisecondsSince1970) as [Double?])
        let seconds = ((typed[11] ?? 0) - (typed[0] ?? 0)) / 1_000
        #expect(frames[1...12].allSatisfy { $0.event.kind == .changePartialItemName })
        try ReportInBrowserTests.withSamplePage(in: engine, hash: "#frame=1") { page, _ in
            let folded = try Row.all(page)
            let run = try #require(folded.first { $0.frame == 2 })
            #expect(run.fold && run.last == 13 && run.expanded == "false")
            let tenths = Int((seconds * 10).rounded())
            #expect(run.text.hasSuffix("typed \"Buy oat milk\" · 12 keystrokes · \(tenths / 10).\(tenths % 10) s"), "\(run.text)")
            #expect(!folded.contains { (3...13).contains($0.frame) }, "one row for frames 2 to 13")
            // The keys step through every one of the 12, and the folded row is the current one meanwhile.
            for frame in 2...13 {
                try page.press("ArrowRight")
                #expect(try page.evaluate(ActivityStripTests.shownFrame) as? Int == frame)
                #expect(try page.evaluate("document.getElementById('scrubber').value") as? String == String(frame))
                #expect(try Row.all(page).first { $0.current }?.frame == 2, "frame \(frame): the folded row holds it")
            }
            try page.waitUntil("location.hash === '#frame=13'", "the address names the frame shown")
            // A click opens the run: a head row, then one row per keystroke, the current one marked.
            _ = try page.evaluate("document.querySelector('#event-list li.fold[data-frame=\"2\"]').click()")
            let open = try Row.all(page)
            #expect(open.first { $0.frame == 2 && $0.fold }?.expanded == "true")
            #expect(open.filter { !$0.fold && (2...13).contains($0.frame) }.map(\.frame) == Array(2...13))
            #expect(open.first { $0.current }?.frame == 13)
            #expect(try page.evaluate(ActivityStripTests.shownFrame) as? Int == 13, "opening a run does not move")
            _ = try page.evaluate("document.querySelector('#event-list li[data-frame=\"5\"]:not(.fold)').click()")
            #expect(try page.evaluate(ActivityStripTests.shownFrame) as? Int == 5)
            // A second click on its head folds it again.
            _ = try page.evaluate("document.querySelector('#event-list li.fold[data-frame=\"2\"]').click()")
            #expect(!(try Row.all(page)).contains { (3...13).contains($0.frame) })
        }
    }

    @Test(
        "“Show every event” lists one row per frame; #frame=N inside a run opens that frame with its row marked; Frame N / M",
        arguments: Engine.available)
    func everyEvent(engine: Engine) throws {
        try ReportInBrowserTests.withSamplePage(in: engine, hash: "#frame=20") { page, states in
            #expect(try page.evaluate(ActivityStripTests.shownFrame) as? Int == 20)
            // Frames count from 0, as #frame=N does.
            #expect(try page.evaluate("document.getElementById('frame-position').textContent") as? String == "Frame 20 / 56")
            // A short state gets a short box, not a tall empty one.
            let box = try #require(
                try page.evaluate(
                    "(() => { const b = document.getElementById('state-json'); return [b.clientHeight, b.scrollHeight]; })()") as? [Int])
            #expect(box[0] == box[1] && box[0] < 200, "\(box)")
            let current = try #require(try Row.all(page).first { $0.current })
            #expect(current.fold && current.frame <= 20 && (current.last ?? 0) >= 20)
            _ = try page.evaluate(
                "(() => { const b = document.getElementById('show-every-event'); b.click(); })()")
            let rows = try Row.all(page)
            #expect(!rows.contains { $0.fold })
            #expect(rows.first { $0.current }?.frame == 20)
            _ = try page.evaluate("document.getElementById('event-viewport').scrollTop = 0")
            _ = try page.evaluate(HugeTextTests.painted)  // two animation frames: the scroll event and its redraw
            #expect(try Row.all(page).prefix(12).map(\.frame) == Array(0..<12))
            _ = states
        }
    }
}

/// On paper: the header, the final frame, the activity strip and the summary.
@Suite("Printing in each browser", .serialized)
struct PrintTests {
    /// What the print style shows: for each part, whether it is displayed.
    static let printedParts = """
        ['.report-header', '#frame-view', '#frame-info', '#activity', '#summary', '#funnel-chart', '.events', '.state', '.scrubber-row', '.playback', '.diagnostics-section']
          .map(s => getComputedStyle(document.querySelector(s)).display !== 'none')
        """

    /// Print media by hand, in any engine: the page's `@media print` rules apply to the screen
    /// too (the window stays 1280 px wide, as under Chromium's print media emulation).
    static let printRulesOnScreen = """
        (() => { let flipped = 0;
          for (const sheet of document.styleSheets) for (const rule of sheet.cssRules)
            if (rule.media && /\\bprint\\b/.test(rule.media.mediaText)) {
              rule.media.mediaText = rule.media.mediaText.replace(/\\bprint\\b/, 'all'); flipped++; }
          return flipped; })()
        """

    @Test(
        "printing shows the final frame, then returns to the frame shown; the print style keeps the strip and the summary",
        arguments: Engine.available)
    func print(engine: Engine) throws {
        try ReportInBrowserTests.withSamplePage(in: engine, hash: "#frame=7") { page, _ in
            _ = try page.evaluate("window.dispatchEvent(new Event('beforeprint'))")
            #expect(try page.evaluate(ActivityStripTests.shownFrame) as? Int == 56)
            _ = try page.evaluate("window.dispatchEvent(new Event('afterprint'))")
            #expect(try page.evaluate(ActivityStripTests.shownFrame) as? Int == 7)
            #expect(try page.evaluate("location.hash") as? String == "#frame=7")
            let expected = [true, true, true, true, true, true, false, false, false, false, false]
            // Chromium only: its print media emulation (WebDriver has none); every engine does it by hand below.
            if let chromium = page as? BrowserPage {
                try chromium.send("Emulation.setEmulatedMedia", ["media": "print"])
                #expect(try page.evaluate(Self.printedParts) as? [Bool] == expected)
                try chromium.send("Emulation.setEmulatedMedia", ["media": ""])
            }
            #expect(try page.evaluate(Self.printedParts) as? [Bool] != expected, "on screen the page is not as printed")
            // The report's two print blocks, page.css's (the light scheme on paper) and phone.css's (its colours kept).
            #expect(try page.evaluate(Self.printRulesOnScreen) as? Int == 4)
            #expect(try page.evaluate(Self.printedParts) as? [Bool] == expected)
            // White paper to its end; the player may begin under the header, its phone whole.
            let paper = """
                [getComputedStyle(document.documentElement).backgroundColor, getComputedStyle(document.getElementById('player')).breakInside,
                 getComputedStyle(document.querySelector('.player .device')).breakInside].join(' | ')
                """
            #expect(try page.evaluate(paper) as? String == "rgb(255, 255, 255) | auto | avoid", "\(engine)")
            let colours =
                try page.evaluate(
                    "(() => { const s = getComputedStyle(document.getElementById('frame-view')); return s.printColorAdjust || s.webkitPrintColorAdjust; })()"
                ) as? String
            #expect(colours == "exact", "a switch that is on prints green")
        }
    }
    @Test(
        "printed, the phone grows to show every item of a list drawn whole; a list too long for that keeps its screen",
        arguments: Engine.available)
    func printedItems(engine: Engine) throws {
        for (count, whole) in [(20, true), (80, false)] {
            let events = (0..<count).flatMap { index in
                let id = String(index, radix: 16)
                return [
                    #"{"type":"event","event":"startCreatingItem"}"#,
                    #"{"type":"event","event":"changePartialItemName","name":"Item \#(index)"}"#,
                    #"{"type":"event","event":"addItem","id":"00000000-0000-4000-8000-\#(String(repeating: "0", count: 12 - id.count) + id)"}"#,
                ]
            }
            let (page, folder) = try KeyboardTests.openReport(of: events, in: engine, at: 1)
            defer { _ = folder }
            let shown = """
                (() => { const view = document.getElementById('frame-view').getBoundingClientRect();
                  const rows = document.querySelectorAll('#todo-list li');
                  return [rows.length, rows[rows.length - 1].getBoundingClientRect().bottom <= view.bottom, view.height]; })()
                """
            _ = try page.evaluate("window.dispatchEvent(new Event('beforeprint'))")
            #expect(try page.evaluate(Self.printRulesOnScreen) as? Int ?? 0 >= 1)
            let printed = try #require(page.evaluate(shown) as? [Any])
            if whole {
                #expect(printed[0] as? Int == count, "\(engine): every item drawn")
                #expect(printed[1] as? Bool == true, "\(engine): the last item on the phone")
                #expect((printed[2] as? Double ?? 0) > 560, "\(engine): the phone grew")
            } else {
                #expect((printed[0] as? Int ?? count) < count, "\(engine): only the rows in view, as on screen")
                #expect(printed[2] as? Double == 560, "\(engine): the phone keeps its screen")
                let overflow = try page.evaluate("getComputedStyle(document.getElementById('list-viewport')).overflowY") as? String
                #expect(overflow == "hidden", "\(engine): no scroll bar on paper")
            }
            _ = try page.evaluate("window.dispatchEvent(new Event('afterprint'))")
            #expect(try page.evaluate("document.getElementById('frame-view').classList.contains('print-whole')") as? Bool == false)
            #expect(
                try page.evaluate("Number(document.getElementById('frame-view').dataset.frame)") as? Int == 1, "back to the frame shown")
        }
    }
}
