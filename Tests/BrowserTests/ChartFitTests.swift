import Foundation
import Testing

/// The funnel charts (the report's beside its summary, the index's per app
/// version) keep every text inside the chart's box, and the chart inside
/// its section, at every width from the narrowest the pages are made for
/// (320 px) to a wide desktop window, with text no smaller than 8 px. Chromium
/// is measured at every width; WebKitGTK's and Firefox's windows do not shrink
/// below about 450 px, and are measured from there.
@Suite("Charts fit their text in each browser", .serialized)
struct ChartFitTests {
    static let widths = [320, 360, 400, 480, 600, 700, 800, 1024, 1280, 1400, 1600, 1920]

    /// Each text that leaves its chart, each chart that leaves its section, each text drawn under 8 px.
    static let misfits = """
        (() => {
          const out = [], inside = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
          const charts = [...document.querySelectorAll('svg.funnel-chart')];
          if (charts.length === 0) out.push('no chart');
          charts.forEach((svg, n) => {
            const box = svg.getBoundingClientRect(), section = svg.closest('section').getBoundingClientRect();
            if (!inside(box, section)) out.push('chart ' + n + ' leaves its section: ' + Math.round(box.right) + ' > ' + Math.round(section.right));
            svg.querySelectorAll('text').forEach(text => {
              const r = text.getBoundingClientRect();
              if (!inside(r, box)) out.push('chart ' + n + ' "' + text.textContent + '" leaves it: ' + Math.round(r.left) + '–' + Math.round(r.right) + ' of ' + Math.round(box.left) + '–' + Math.round(box.right));
              if (r.height < 8) out.push('chart ' + n + ' "' + text.textContent + '" is ' + r.height.toFixed(1) + ' px high');
            });
          });
          return out;
        })()
        """

    static let pages = PageState.all.filter { ["report at its last frame", "index filtered by version"].contains($0.name) }

    @Test("every chart's text is inside it at every width, 320 px included", arguments: Engine.available)
    func textInside(engine: Engine) throws {
        for state in Self.pages {
            let (page, folder, _) = try state.open(in: engine)
            defer { _ = folder }
            for width in Self.widths {
                let reached = try page.resize(width: width)
                // Chromium emulates any width; WebKitGTK's and Firefox's windows stop shrinking at
                // about 450 px, so there the narrow widths are measured at that minimum (and 320 px in Chromium).
                if engine == .chromium || reached < width {
                    #expect(reached == width, "\(engine) \(state.name): the window is \(reached) px wide, not \(width)")
                }
                let misfits = try page.evaluate(Self.misfits) as? [String] ?? ["not measured"]
                #expect(misfits.isEmpty, "\(engine) \(state.name) at \(reached) px: \(misfits)")
            }
        }
    }
}

extension PageDriver {
    /// Makes the page's viewport `width` CSS pixels wide (900 high) and returns the width it has then.
    func resize(width: Int) throws -> Int {
        try resize(width: width, height: nil).width
    }

    /// Makes the page's viewport `width` by `height` CSS pixels (900 high when nil) and returns its size then.
    func resize(width: Int, height: Int?) throws -> (width: Int, height: Int) {
        if let chromium = self as? BrowserPage {
            try chromium.send(
                "Emulation.setDeviceMetricsOverride", ["width": width, "height": height ?? 900, "deviceScaleFactor": 1, "mobile": false])
        } else if let webDriver = self as? WebDriverPage {
            try webDriver.setWindowSize(width: width, height: height)
        }
        _ = try evaluate(PageState.painted)
        let size = try evaluate("[window.innerWidth, window.innerHeight]") as? [Int] ?? [0, 0]
        return (size[0], size[1])
    }
}
