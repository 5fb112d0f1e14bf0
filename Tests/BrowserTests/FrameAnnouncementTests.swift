import Foundation
import Testing

/// What a screen reader hears of the frame shown: the page's live region says
/// it once the keys rest, leaves out what the focused scrubber's value says,
/// and says nothing while playing.
@Suite("What a screen reader hears of a frame, in each browser", .serialized)
struct FrameAnnouncementTests {
    static let said = "document.getElementById('frame-said').textContent"

    /// Counts the changes of the live region from now on, in `window.saidChanges`.
    static let countChanges = """
        (() => { window.saidChanges = 0;
          if (!window.saidObserver) {
            window.saidObserver = new MutationObserver(() => window.saidChanges++);
            window.saidObserver.observe(document.getElementById('frame-said'), {childList: true, characterData: true, subtree: true});
          }
          return true; })()
        """

    @Test(
        "steps in a row are said once, at rest, without the scrubber's own words; from elsewhere with them; a travel and a stop are said",
        arguments: Engine.available)
    func saidOnceAtRest(engine: Engine) throws {
        let (page, folder) = try PageState.openReport(of: String(decoding: try PageState.sample(), as: UTF8.self), in: engine)
        defer { _ = folder }
        #expect(try page.evaluate(Self.said) as? String == "", "nothing is said as the page opens")
        _ = try page.evaluate("document.getElementById('scrubber').focus()")
        _ = try page.evaluate(Self.countChanges)
        // Three steps in one task, faster than keys repeat: one sentence, of the last. The sample's frame 55
        // is made right after a travel.
        _ = try page.evaluate(
            "[53, 54, 55].forEach(f => { const s = document.getElementById('scrubber'); s.value = String(f); s.dispatchEvent(new Event('input', {bubbles: true})); })"
        )
        try page.waitUntil("\(Self.said) !== ''", "the frame is said")
        let words = try #require(try page.evaluate(Self.said) as? String)
        #expect(try page.evaluate("window.saidChanges") as? Int == 1, "said once: \(words)")
        #expect(!words.contains("Frame"), "the scrubber's value says the frame: \(words)")
        #expect(words.contains("after travel to "), "\(words)")
        #expect(
            try page.evaluate("document.getElementById('scrubber').getAttribute('aria-valuetext').startsWith('Frame 55 / ')") as? Bool
                == true)

        // A row of the event list, with the focus off the scrubber: the frame and its event too.
        _ = try page.evaluate("document.activeElement.blur()")
        let row = try #require(
            try page.evaluate("document.querySelector('#event-list li[data-frame]:not(.fold):not([aria-current])').dataset.frame")
                as? String)
        _ = try page.evaluate("document.querySelector('#event-list li[data-frame=\"\(row)\"]').click()")
        try page.waitUntil("\(Self.said).startsWith('Frame \(row) / ')", "the row's frame is said with its number")

        // Playing says nothing, even where a frame stays longer than the rest the words wait for (the sample's
        // frames 14 and 15, 0.7 and 1.4 s at 1x); where it stops, it says the frame.
        _ = try page.evaluate(
            "(() => { const s = document.getElementById('speed'); s.value = '1'; s.dispatchEvent(new Event('change')); })()")
        _ = try page.evaluate(ReportInBrowserTests.scrub(to: 0))
        try page.waitUntil("\(Self.said).startsWith('Frame 0 / ')")
        _ = try page.evaluate(Self.countChanges)
        _ = try page.evaluate("document.getElementById('play').click()")
        try page.waitUntil("Number(document.getElementById('scrubber').value) >= 16", "playback moved past frame 15")
        #expect(
            try page.evaluate("document.getElementById('play').textContent === 'Pause' ? window.saidChanges : 0") as? Int == 0,
            "nothing is said while playing")
        // Paused unless it reached the end first on a slow machine (then it stopped by itself): said once either way.
        _ = try page.evaluate(
            "(() => { const b = document.getElementById('play'); if (b.textContent === 'Pause') b.click(); return true; })()")
        try page.waitUntil("window.saidChanges > 0", "where playback stopped is said")
        let stopped = try #require(try page.evaluate("document.getElementById('scrubber').value") as? String)
        #expect(try page.evaluate("window.saidChanges") as? Int == 1)
        #expect(try page.evaluate("\(Self.said).startsWith('Frame \(stopped) / ')") as? Bool == true)
        #expect(try page.violations() == [])
    }
}
