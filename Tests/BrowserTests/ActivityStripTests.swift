import Foundation
import Report
import SessionLog
import Testing
import TodoDomain

/// The activity strip under the scrubber: a static SVG over the session's
/// wall-clock time; a point on it opens the frame made by that moment.
@Suite("Activity strip in each browser", .serialized)
struct ActivityStripTests {
    /// The sample's frames' times in milliseconds since 1970 (frame 0 has none).
    static func frameTimes() throws -> [Double?] {
        let log = try Data(contentsOf: ReportInBrowserTests.sampleURL)
        let result = try LogReplayer.collect(InMemoryByteSource(Array(log)))
        return [nil] + result.frames.map { $0.stamp.timestamp?.millisecondsSince1970 }
    }

    /// Sends a pointer event of `type` to the strip at `time` (ms since 1970), as the page's own coordinates place it:
    /// at the first whole pixel from that moment on, as a mouse points (WebKit's `clientX` is a whole number).
    static func pointer(_ type: String, at time: Double) -> String {
        """
        (() => { const svg = document.getElementById('activity-strip'), box = svg.getBoundingClientRect();
          const x = Math.ceil(box.left + (\(time) - Number(svg.dataset.start)) / (Number(svg.dataset.binMs) * Number(svg.dataset.bins)) * box.width);
          document.getElementById('activity').dispatchEvent(new PointerEvent('\(type)',
            {clientX: x, clientY: box.top + box.height / 2, button: 0, buttons: 1, pointerId: 1, isPrimary: true, bubbles: true}));
          return x; })()
        """
    }

    static let shownFrame = "Number(document.getElementById('frame-view').dataset.frame)"

    @Test(
        "clicking at a moment opens the frame made by then; dragging follows; the current frame is marked", arguments: Engine.available,
        [3, 20, 41, 56])
    func clickOpensFrame(engine: Engine, frame: Int) throws {
        let times = try Self.frameTimes()
        let at = try #require(times[frame])
        // Halfway to the next frame's time, so the pixel the moment falls on is this frame's.
        let moment = frame + 1 < times.count ? (at + (times[frame + 1] ?? at)) / 2 : at + 50
        try ReportInBrowserTests.withSamplePage(in: engine, hash: "#frame=0") { page, _ in
            #expect(try page.evaluate(Self.shownFrame) as? Int == 0)
            _ = try page.evaluate(Self.pointer("pointerdown", at: moment))
            _ = try page.evaluate(Self.pointer("pointerup", at: moment))
            #expect(try page.evaluate(Self.shownFrame) as? Int == frame)
            try page.waitUntil("location.hash === '#frame=\(frame)'", "the address names the frame opened")
            #expect(try page.evaluate("document.getElementById('activity-cursor').dataset.frame") as? String == String(frame))
            #expect(try page.evaluate("document.getElementById('activity-cursor').hidden") as? Bool == false)
        }
    }

    @Test("dragging along the strip scrubs through the frames; the scrubber moves the cursor", arguments: Engine.available)
    func drag(engine: Engine) throws {
        let times = try Self.frameTimes()
        let early = try #require(times[5])
        let late = try #require(times[30])
        let next = try #require(times[31])
        try ReportInBrowserTests.withSamplePage(in: engine) { page, _ in
            _ = try page.evaluate(Self.pointer("pointerdown", at: early + 1))
            #expect(try page.evaluate(Self.shownFrame) as? Int == 5)
            _ = try page.evaluate(Self.pointer("pointermove", at: (late + next) / 2))
            #expect(try page.evaluate(Self.shownFrame) as? Int == 30)
            _ = try page.evaluate(Self.pointer("pointerup", at: (late + next) / 2))
            // Moving without a button pressed does nothing.
            _ = try page.evaluate(Self.pointer("pointermove", at: early + 1))
            #expect(try page.evaluate(Self.shownFrame) as? Int == 30)
            let left = """
                (() => { const c = document.getElementById('activity-cursor'); return [c.dataset.frame, parseFloat(c.style.left)]; })()
                """
            _ = try page.evaluate(ReportInBrowserTests.scrub(to: 10))
            let atTen = try #require(try page.evaluate(left) as? [Any])
            _ = try page.evaluate(ReportInBrowserTests.scrub(to: 50))
            let atFifty = try #require(try page.evaluate(left) as? [Any])
            #expect(atTen[0] as? String == "10" && atFifty[0] as? String == "50")
            #expect((atTen[1] as? Double ?? 100) < (atFifty[1] as? Double ?? 0))
        }
    }

    /// Chromium only: WebDriver cannot turn script off for one page.
    @Test("without JavaScript the strip is there, with its title, and draws bars, the item line and the marks")
    func staticStrip() throws {
        try ReportInBrowserTests.withSamplePageWithoutScript { page, _ in
            let parts =
                try page.evaluate(
                    "[...document.querySelectorAll('#activity-strip > path')].map(p => p.getAttribute('class'))") as? [String]
            #expect(parts == ["bars", "items", "added", "cancelled", "travels"])
            let title = try page.evaluate("document.querySelector('#activity-strip > title').textContent") as? String
            #expect(title?.contains("56 events, 3 addItem events, 1 cancelCreatingItem event closing a sheet, 1 travel") == true)
            #expect(try page.evaluate("document.getElementById('activity-strip').getBoundingClientRect().width > 200") as? Bool == true)
            #expect(
                try page.evaluate("document.getElementById('funnel-chart').getAttribute('aria-label')") as? String
                    == "Add-sheet funnel: 4 opened, 4 typed in, 3 added, 1 cancelled, 0 replaced, 0 open at the end")
        }
    }
}
