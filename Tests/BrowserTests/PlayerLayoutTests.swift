import Foundation
import Testing

/// The player (phone, scrubber, frame details) stays in view beside the rest
/// of the report on a laptop's screen: its phone is as tall as leaves the
/// scrubber and the frame's details inside the window while it sticks, and
/// it never lies over another section, the diagnostics at the page's end
/// included.
@Suite("The player on a laptop's screen in each browser", .serialized)
struct PlayerLayoutTests {
    static let sizes = [(width: 1280, height: 720), (width: 1366, height: 768), (width: 1280, height: 900)]

    /// The player's parts that must be in the window, and every section the player overlaps.
    static let measure = """
        (() => {
          const box = id => document.getElementById(id).getBoundingClientRect();
          const player = box('player'), out = [];
          for (const id of ['scrubber', 'frame-position', 'frame-line']) {
            const r = box(id);
            if (r.top < 0 || r.bottom > window.innerHeight) out.push(id + ' is outside the window: ' + Math.round(r.top) + '–' + Math.round(r.bottom) + ' of ' + window.innerHeight);
          }
          document.querySelectorAll('main > section:not(#player)').forEach(section => {
            const r = section.getBoundingClientRect();
            if (r.height > 0 && r.left < player.right && player.left < r.right && r.top < player.bottom && player.top < r.bottom)
              out.push('the player (' + Math.round(player.top) + '–' + Math.round(player.bottom) + ') lies over ' + (section.id || section.className) + ' (' + Math.round(r.top) + '–' + Math.round(r.bottom) + ')');
          });
          return out;
        })()
        """

    @Test(
        "scrolled to the events, the summary and the diagnostics, the scrubber and the frame's details stay in the window",
        arguments: Engine.available)
    func playerStaysInView(engine: Engine) throws {
        // A state digest that differs adds the player's tallest part, the note that the frames are not verified;
        // a travel after the last event, the note that says where the session ended.
        let log =
            try PageState.sampleWithDiagnostics()
            + Array(#"{"type":"event","event":"startCreatingItem","digest":"0000000000000000"}"#.utf8) + [0x0A]
            + Array(#"{"type":"travel","to":3}"#.utf8) + [0x0A]
        let folder = try TemporaryFolder("layout")
        let file = try PageState.report(log, in: folder.url, named: "layout.html")
        let page = try engine.openPage()
        try page.load(file.absoluteString)
        try page.waitUntil("document.documentElement.dataset.ready === 'true'")
        #expect(try page.evaluate("document.getElementById('unverified').hidden") as? Bool == false, "the note is shown")
        #expect(try page.evaluate("document.getElementById('ended-on') !== null") as? Bool == true, "the session's end is said")
        for size in Self.sizes {
            // A window manager may keep a window a little larger or smaller than asked: the player must fit
            // at whatever height the window has, as long as it sticks (690 px and more).
            let reached = try page.resize(width: size.width, height: size.height)
            #expect(abs(reached.height - size.height) <= 60 && reached.height >= 690, "\(engine): the window is \(reached), not \(size)")
            let size = reached
            for place in ["events", "summary", "diagnostics-heading"] {
                let target = place == "events" ? "document.querySelector('.events')" : "document.getElementById('\(place)')"
                _ = try page.evaluate("\(target).scrollIntoView({block: 'start'})")
                _ = try page.evaluate(PageState.painted)
                let problems = try page.evaluate(Self.measure) as? [String] ?? ["not measured"]
                #expect(problems.isEmpty, "\(engine) at \(size.width)×\(size.height), scrolled to \(place): \(problems)")
            }
            _ = try page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
            _ = try page.evaluate(PageState.painted)
            let problems = try page.evaluate(Self.measure) as? [String] ?? ["not measured"]
            #expect(problems.isEmpty, "\(engine) at \(size.width)×\(size.height), scrolled to the end: \(problems)")
        }
    }

    @Test(
        "at a phone's width every frame's event is said whole (an id, a title and the value after them), and the details keep one height",
        arguments: Engine.available)
    func phoneWidthEventWhole(engine: Engine) throws {
        let folder = try TemporaryFolder("layout")
        let file = try PageState.report(try PageState.sample(), in: folder.url, named: "phone.html")
        let page = try engine.openPage()
        try page.load(file.absoluteString)
        try page.waitUntil("document.documentElement.dataset.ready === 'true'")
        let reached = try page.resize(width: 390, height: 844)
        let frames = try #require(Int(try page.evaluate("document.getElementById('scrubber').max") as? String ?? ""))
        var heights = Set<Int>()
        for frame in 0...frames {
            _ = try page.evaluate(
                "(() => { const s = document.getElementById('scrubber'); s.value = '\(frame)'; s.dispatchEvent(new Event('input')); })()")
            try DiagnosticListTests.nextFrame(page)
            let measured = try #require(
                try page.evaluate(
                    """
                    (() => { const line = document.querySelector('.frame-info .event-line');
                      return [line.scrollHeight - line.clientHeight, Math.round(document.querySelector('.frame-info').getBoundingClientRect().height)]; })()
                    """) as? [Int])
            #expect(measured[0] <= 1, "\(engine) at \(reached.width) px, frame \(frame): the event line hides \(measured[0]) px")
            heights.insert(measured[1])
        }
        #expect(heights.count == 1, "\(engine): the frame's details change height from frame to frame: \(heights.sorted())")
    }

    @Test(
        "in one column on a short window (a laptop at 200 % zoom), the phone and the scrubber under it fit in the window together",
        arguments: Engine.available)
    func oneColumnShortWindow(engine: Engine) throws {
        let folder = try TemporaryFolder("layout")
        let file = try PageState.report(try PageState.sample(), in: folder.url, named: "short.html")
        let page = try engine.openPage()
        try page.load(file.absoluteString)
        try page.waitUntil("document.documentElement.dataset.ready === 'true'")
        let reached = try page.resize(width: 640, height: 480)
        _ = try page.evaluate("document.querySelector('#frame-view').scrollIntoView({block: 'start'})")
        _ = try page.evaluate(PageState.painted)
        let fit =
            try page.evaluate(
                """
                (() => { const phone = document.getElementById('frame-view').getBoundingClientRect();
                  const scrubber = document.getElementById('scrubber').getBoundingClientRect();
                  return [Math.round(phone.height), Math.round(scrubber.bottom - phone.top), window.innerHeight, window.innerWidth]; })()
                """) as? [Int]
        let (phoneHeight, together, height, width) = (fit?[0] ?? 0, fit?[1] ?? .max, fit?[2] ?? 0, fit?[3] ?? .max)
        try #require(width <= 800, "\(engine): one column needs a window at most 800 px wide, not \(reached)")
        #expect(phoneHeight >= 300, "\(engine): the phone keeps its shortest height")
        #expect(together <= height, "\(engine) at \(width)×\(height): the phone's top to the scrubber's bottom is \(together) px")
    }
}
