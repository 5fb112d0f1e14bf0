import Foundation
import Report
import SessionLog
import Testing

/// What axe-core does not measure: the report read in a window 320 CSS px
/// wide or with WCAG's text spacing (WCAG 1.4.10 and 1.4.12), a diagnostic
/// row's whole text by keyboard (1.4.13), and the contrast of a switch's
/// parts that show its state (1.4.11). The focus while frames are redrawn is
/// in ``KeyboardTests``.
@Suite("Reflow, text spacing and switches in each browser", .serialized)
struct ReflowTests {
    /// WCAG 1.4.12's spacing, put into the page's own style sheet through the
    /// CSSOM (its policy refuses a new `<style>`, not a rule added to a sheet it allowed).
    static let textSpacing = """
        (() => { const sheet = document.styleSheets[0];
          sheet.insertRule('* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }', sheet.cssRules.length);
          sheet.insertRule('p { margin-bottom: 2em !important; }', sheet.cssRules.length);
          return true; })()
        """

    /// Scrolls the event list from top to bottom, a box at a time, and
    /// returns the parts of drawn rows that a row cuts (a number, a travel
    /// note or an undone mark that does not fit inside its row), and how many
    /// such parts were drawn in all.
    static let cutParts = """
        (async () => {
          const box = document.getElementById('event-viewport'), cut = [], seen = {index: 0, 'travel-note': 0, 'undone-mark': 0};
          const painted = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
          for (let top = 0; ; top += box.clientHeight) {
            box.scrollTop = top;
            await painted();
            for (const li of document.querySelectorAll('#event-list li')) {
              const row = li.getBoundingClientRect();
              for (const part of li.querySelectorAll('.index, .travel-note, .undone-mark')) {
                seen[part.className]++;
                const r = part.getBoundingClientRect();
                if (r.left < row.left - 0.5 || r.right > row.right + 0.5 || part.scrollWidth > part.clientWidth + 1)
                  cut.push(li.dataset.frame + ' ' + part.className + ' ' + JSON.stringify(part.textContent) + ': ' + Math.round(r.right - row.right) + ' px past the row');
              }
              // The payload gives way before the name: a name is cut only when no payload is left to show.
              const name = li.querySelector('.name'), payload = li.querySelector('.payload');
              const text = document.createRange();
              if (name) text.selectNodeContents(name);
              if (name && payload && text.getBoundingClientRect().width > name.getBoundingClientRect().width + 0.01 && payload.clientWidth > 0)
                cut.push(li.dataset.frame + ' name ' + JSON.stringify(name.textContent) + ' cut while ' + payload.clientWidth + ' px of its payload show');
            }
            if (top + box.clientHeight >= box.scrollHeight) break;
          }
          return {cut: cut, seen: seen};
        })()
        """

    @Test(
        "in a narrow window and with text spacing, an event row keeps its number, travel note and undone mark whole, and its name before its payload",
        arguments: Engine.available, [false, true])
    func eventRowsKeepTheirMarks(engine: Engine, spaced: Bool) throws {
        // The sample ends after a travel back, so that rows are undone too.
        let (page, folder) = try PageState.openReport(
            of: try PageState.sample() + Array(#"{"type":"travel","to":13}"#.utf8) + [0x0A], in: engine)
        defer { withExtendedLifetime(folder) {} }
        let width = try page.resize(width: 320)
        if spaced { _ = try page.evaluate(Self.textSpacing) }
        let found = try #require(try page.evaluate(Self.cutParts) as? [String: Any])
        let seen = try #require(found["seen"] as? [String: Int])
        #expect(
            (seen["travel-note"] ?? 0) > 0 && (seen["undone-mark"] ?? 0) > 0,
            "the sample's rows have travel notes and undone marks to check: \(seen)")
        let cut = found["cut"] as? [String] ?? ["nothing measured"]
        #expect(cut.isEmpty, "\(engine), \(width) px wide\(spaced ? ", text spacing" : ""): \(cut.joined(separator: "\n"))")
    }

    @Test("a long app name and session id with no space wrap: the report never scrolls sideways", arguments: Engine.available)
    func longHeaderWraps(engine: Engine) throws {
        let long = String(repeating: "Supercalifragilistic", count: 20)
        let header = #"{"type":"session","schema":"todo-session/1","app":"\#(long)","sessionId":"\#(long)"}"#
        let log = header + "\n" + #"{"type":"event","event":"startCreatingItem"}"# + "\n"
        let (page, folder) = try PageState.openReport(of: log, in: engine)
        defer { withExtendedLifetime(folder) {} }
        for width in [320, 1280] {
            let reached = try page.resize(width: width)
            let pageWidth = try #require(try page.evaluate("document.documentElement.scrollWidth") as? Int)
            let windowWidth = try #require(try page.evaluate("window.innerWidth") as? Int)
            #expect(pageWidth <= windowWidth, "\(engine) at \(reached) px: the page is \(pageWidth) px wide")
        }
    }

    @Test(
        "two lines of a diagnostic fit its row at WCAG's text spacing, in a list drawn a screenful at a time", arguments: Engine.available)
    func diagnosticRowsHoldTwoSpacedLines(engine: Engine) throws {
        let (page, folder) = try PageState.openReport(of: try PageState.sampleWithDiagnostics(), in: engine)
        defer { withExtendedLifetime(folder) {} }
        _ = try page.evaluate(Self.textSpacing)
        _ = try page.evaluate("(() => { document.getElementById('diagnostic-viewport').scrollIntoView(); return true; })()")
        _ = try page.evaluate(PageState.painted)
        let rows = try #require(
            try page.evaluate(
                """
                [...document.querySelectorAll('#diagnostics.virtual li')].map(li => { const s = getComputedStyle(li);
                  return [li.clientHeight - parseFloat(s.paddingTop) - parseFloat(s.paddingBottom), 2 * parseFloat(s.lineHeight)]; })
                """) as? [[Double]])
        #expect(!rows.isEmpty, "the list is drawn a screenful at a time")
        let short = rows.filter { $0[0] + 0.01 < $0[1] }
        #expect(short.isEmpty, "\(engine): rows of \(short.first?[0] ?? 0) px for two lines of \(short.first?[1] ?? 0) px")
    }

    /// The WCAG contrast ratios of the parts that show a switch's state, read from the styles:
    /// a done switch's fill against the list, and a not-done switch's knob ring (an opaque
    /// shadow with no blur and a spread, 1:1 when there is none) against its fill.
    static let switchContrast = """
        (() => {
          const rgb = text => (text.match(/rgba?\\(([^)]*)\\)/) || [, '0, 0, 0'])[1].split(',').slice(0, 3).map(Number);
          const ring = shadow => shadow.split(/,(?![^(]*\\))/).map(s => ({colour: s.match(/rgba?\\([^)]*\\)/), lengths: s.replace(/rgba?\\([^)]*\\)/, '').match(/-?[\\d.]+px/g) || []}))
            .find(s => s.colour && !/rgba\\([^)]*,\\s*0?\\.\\d+\\)/.test(s.colour[0]) && parseFloat(s.lengths[2]) === 0 && parseFloat(s.lengths[3]) > 0);
          const luminance = c => { const [r, g, b] = c.map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
            return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
          const ratio = (a, b) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
          const on = document.querySelector('#todo-list .switch[data-done="true"]'), off = document.querySelector('#todo-list .switch[data-done="false"]');
          if (!on || !off) return null;
          const list = rgb(getComputedStyle(document.getElementById('todo-list')).backgroundColor);
          return {onFillAgainstList: ratio(rgb(getComputedStyle(on).backgroundColor), list),
            knobRingAgainstOffFill: (k => k ? ratio(rgb(k.colour[0]), rgb(getComputedStyle(off).backgroundColor)) : 1)(ring(getComputedStyle(off, '::after').boxShadow))};
        })()
        """

    @Test(
        "a switch's state is drawn at 3:1 or more: a done one's fill against the list, a not-done one's knob ring against its fill",
        arguments: Engine.available)
    func switchStatesHaveContrast(engine: Engine) throws {
        try ReportInBrowserTests.withSamplePage(in: engine) { page, states in
            let last = try #require(states.last)
            try #require(
                last.todoItems.contains(where: \.isFinished) && last.todoItems.contains(where: { !$0.isFinished }),
                "the sample ends with items of both states")
            var schemes: [(String, [String: Any])] = [("light", [:])]
            if engine == .chromium {
                schemes.append(("dark", ["media": "screen", "features": [["name": "prefers-color-scheme", "value": "dark"]]]))
            }
            for (scheme, media) in schemes {
                if let chromium = page as? BrowserPage, !media.isEmpty {
                    try chromium.send("Emulation.setEmulatedMedia", media)
                    _ = try page.evaluate(PageState.painted)
                }
                // The switches' fills change over 0.15 s: measured once they have.
                try page.waitUntil("document.getAnimations().every(a => a.playState !== 'running')", "\(scheme): transitions ended")
                let ratios = try #require(try page.evaluate(Self.switchContrast) as? [String: Double], "\(scheme): both switches drawn")
                for (part, ratio) in ratios.sorted(by: { $0.key < $1.key }) {
                    #expect(ratio >= 3, "\(engine), \(scheme) scheme: \(part) \(String(format: "%.2f", ratio)):1")
                }
            }
        }
    }

    @Test(
        "a diagnostic row cut to two lines shows its whole text while its link has the focus, and two lines again after Escape",
        arguments: Engine.available)
    func aFocusedDiagnosticRowShowsItAll(engine: Engine) throws {
        // More diagnostics than are drawn at once, each about an event name too long for two lines.
        let name = String(repeating: "aVeryLongEventName", count: 30)
        let log = try PageState.sample() + Array(String(repeating: #"{"type":"event","event":"\#(name)"}"# + "\n", count: 120).utf8)
        let (page, folder) = try PageState.openReport(of: log, in: engine)
        defer { withExtendedLifetime(folder) {} }
        _ = try page.evaluate("(() => { document.getElementById('diagnostic-viewport').scrollIntoView(); return true; })()")
        _ = try page.evaluate(PageState.painted)
        let row = "document.querySelector('#diagnostics.virtual li')"
        #expect(try page.evaluate("\(row).scrollHeight > \(row).clientHeight + 1") as? Bool == true, "\(engine): the row is cut")
        // From the list's box, Tab reaches the first row's link: a key, so that WebKit's window takes
        // the focus too (its :focus-within matches only then).
        _ = try page.evaluate("(() => { document.getElementById('diagnostic-viewport').focus(); return true; })()")
        try page.press("Tab")
        #expect(try page.evaluate("\(row).contains(document.activeElement)") as? Bool == true, "\(engine): the row's link has the focus")
        _ = try page.evaluate(PageState.painted)
        let heights = try page.evaluate("[\(row).scrollHeight, \(row).clientHeight]") as? [Int]
        #expect(
            heights.map { $0[0] <= $0[1] + 1 && $0[1] > 44 } == true,
            "\(engine): focused, the row shows all of its text: \(heights ?? [])")
        try page.press("Escape")
        _ = try page.evaluate(PageState.painted)
        #expect(try page.evaluate("\(row).clientHeight <= 44") as? Bool == true, "\(engine): Escape puts it back to two lines")
        #expect(try page.evaluate("\(row).contains(document.activeElement)") as? Bool == true, "\(engine): the focus stays")
    }
}
