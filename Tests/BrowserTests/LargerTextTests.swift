import Foundation
import Testing

/// The pages with the browser's text at twice its size (WCAG 1.4.4): a
/// default font size of 32 px, as a person sets it in the browser, not the
/// zoom (which scales the pixels too). The long lists draw only the rows in
/// view, each at a height the script knows, so their rows must grow with the
/// text, and must do so when the size changes while the page is open.
@Suite("Text at twice its size, in each browser", .serialized)
struct LargerTextTests {
    /// The root font size a browser set to 32 px gives, put into the page's
    /// own style sheet through the CSSOM (its policy refuses a new `<style>`).
    static let doubledText = """
        (() => { const sheet = document.styleSheets[0];
          sheet.insertRule('html { font-size: 32px !important; }', sheet.cssRules.length);
          return true; })()
        """

    /// Scrolls the event list from top to bottom, a box at a time, and
    /// returns each drawn row part that a row cuts (taller than its row) and
    /// each row that covers the one before it.
    static let cutEventRows = """
        (async () => {
          const box = document.getElementById('event-viewport'), problems = [];
          const painted = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
          let rowsSeen = 0;
          for (let top = 0; ; top += box.clientHeight) {
            box.scrollTop = top;
            await painted();
            const rows = [...document.querySelectorAll('#event-list li')].map(li => [li, li.getBoundingClientRect()])
              .sort((a, b) => a[1].top - b[1].top);
            rows.forEach(([li, row], k) => {
              rowsSeen++;
              for (const part of li.children) {
                const r = part.getBoundingClientRect();
                if (r.height > 0 && (r.top < row.top - 0.5 || r.bottom > row.bottom + 0.5))
                  problems.push(li.dataset.frame + ' ' + part.className + ': ' + Math.round(r.height) + ' px high in a row of ' + Math.round(row.height));
              }
              if (k > 0 && row.top < rows[k - 1][1].bottom - 0.5) problems.push(li.dataset.frame + ' covers the row before it');
            });
            if (top + box.clientHeight >= box.scrollHeight) break;
          }
          return {problems: problems, rows: rowsSeen};
        })()
        """

    @Test(
        "the event list's rows and the diagnostics' two lines grow with the text, also when it grows while the page is open",
        arguments: Engine.available)
    func reportRows(engine: Engine) throws {
        let (page, folder) = try PageState.openReport(of: try PageState.sampleWithDiagnostics(), in: engine)
        defer { withExtendedLifetime(folder) {} }
        _ = try page.evaluate(Self.doubledText)
        try page.waitUntil(
            "document.querySelector('#event-list li').getBoundingClientRect().height >= 48", timeout: 120, "\(engine): the event rows grew")
        let found = try #require(try page.evaluate(Self.cutEventRows) as? [String: Any])
        #expect((found["rows"] as? Int ?? 0) > 20, "\(engine): rows were drawn: \(found)")
        let problems = found["problems"] as? [String] ?? ["nothing measured"]
        #expect(problems.isEmpty, "\(engine): \(problems.prefix(5).joined(separator: "\n"))")

        _ = try page.evaluate("(() => { document.getElementById('diagnostic-viewport').scrollIntoView(); return true; })()")
        _ = try page.evaluate(PageState.painted)
        let rows = try #require(
            try page.evaluate(
                """
                [...document.querySelectorAll('#diagnostics.virtual li')].map(li => { const s = getComputedStyle(li);
                  return [li.clientHeight - parseFloat(s.paddingTop) - parseFloat(s.paddingBottom), 2 * parseFloat(s.fontSize) * 1.2,
                    li.getBoundingClientRect().top]; })
                """) as? [[Double]])
        #expect(!rows.isEmpty, "\(engine): the list is drawn a screenful at a time")
        let short = rows.filter { $0[0] + 0.01 < $0[1] }
        #expect(short.isEmpty, "\(engine): rows of \(short.first?[0] ?? 0) px for two lines of \(short.first?[1] ?? 0) px")
        let tops = rows.map { $0[2] }.sorted()
        let overlapping = zip(tops, tops.dropFirst()).filter { $1 - $0 + 0.5 < (rows.first?[0] ?? 0) }
        #expect(overlapping.isEmpty, "\(engine): rows placed closer than their height: \(overlapping.prefix(3))")
    }

    @Test(
        "the index's rows grow with the text, and the row scrolled to is the one its place says",
        arguments: Engine.available, [false, true])
    func indexRows(engine: Engine, doubled: Bool) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("index-text-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try IndexPageTests.writeIndex(of: 2_000, in: folder)
        let page = try engine.openPage()
        try page.load(url.absoluteString)
        if doubled { _ = try page.evaluate(Self.doubledText) }
        let rowTops = "[...document.querySelectorAll('#sessions tbody tr[data-session-id]')].map(r => r.getBoundingClientRect().top)"
        try page.waitUntil(
            "(t => t[1] - t[0] >= \(doubled ? 48 : 20))(\(rowTops))", timeout: 120, "\(engine): the rows are drawn (and grew)")
        // Scrolled to the middle: the row at the box's top is the one whose place (the rows'
        // pitch times its number) is there, and the table is as high as all its rows.
        let found = try #require(
            try page.evaluate(
                """
                (async () => {
                  const v = document.getElementById('table-viewport'), painted = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
                  const tops = \(rowTops), pitch = tops[1] - tops[0];
                  const head = document.querySelector('#sessions thead').getBoundingClientRect().height;
                  v.scrollIntoView(); v.scrollTop = 1000 * pitch; v.dispatchEvent(new Event('scroll')); await painted();
                  const box = v.getBoundingClientRect(), row = document.elementFromPoint(box.left + 20, box.top + head + pitch / 2).closest('tr');
                  return [Number(row.getAttribute('aria-rowindex')) - 2, Math.round((v.scrollHeight - head) / pitch), pitch];
                })()
                """) as? [Double])
        let size = doubled ? "text at 32 px" : "text at 16 px"
        #expect(found.count == 3 && abs(found[0] - 1000) <= 1, "\(engine), \(size): [row at the top, rows' heights, pitch] \(found)")
        #expect(found.count == 3 && abs(found[1] - 2_000) <= 1, "\(engine), \(size): [row at the top, rows' heights, pitch] \(found)")
    }
}
