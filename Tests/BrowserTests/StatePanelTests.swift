import Foundation
import Testing

/// The state panel of a long list: it lists the first items and says how many
/// it left out, and a button on that line lists more, at every frame after.
@Suite("State panel in each browser", .serialized)
struct StatePanelTests {
    /// 1,200 items, each added with its own sheet.
    static func log() -> String {
        var lines = [#"{"type":"session","schema":"todo-session/1","app":"Long list"}"#]
        for item in 1...1_200 {
            lines += [
                #"{"type":"event","event":"startCreatingItem"}"#,
                #"{"type":"event","event":"changePartialItemName","name":"item \#(item)"}"#,
                #"{"type":"event","event":"addItem"}"#,
            ]
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// What the panel lists: its item lines, and its "… N more" line (`more` after the items listed,
    /// `gap` before the item the frame's event added) with its button, if any.
    static let listed = """
        (() => {
          const box = document.getElementById('state-json');
          const items = [...box.querySelectorAll('.line[data-key^="item"]')];
          const more = box.querySelector('.line[data-key="more"], .line[data-key="gap"]');
          const button = more && more.querySelector('button');
          return JSON.stringify({
            items: items.length,
            last: items.length > 0 && items[items.length - 1].textContent.includes('"item 1200"'),
            more: more ? more.dataset.key + ': ' + more.firstChild.textContent.trim() : null,
            button: button ? button.textContent : null,
            focusedButton: document.activeElement === button,
            focusedPanel: document.activeElement === box,
          });
        })()
        """

    static func listed(_ page: any PageDriver) throws -> [String: Any] {
        let text = try #require(try page.evaluate(listed) as? String)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func items(_ count: Int) -> String {
        "document.querySelectorAll('#state-json .line[data-key^=\"item\"]').length === \(count)"
    }

    @Test(
        "a line the frame's event changed stays in line with its neighbours, and a long title's button shows its whole length",
        arguments: Engine.available)
    func markedLinesAlignAndLengthShows(engine: Engine) throws {
        let title = String(repeating: "x", count: 1_212) + "y"
        let log = [
            #"{"type":"session","schema":"todo-session/1"}"#, #"{"type":"event","event":"startCreatingItem"}"#,
            #"{"type":"event","event":"changePartialItemName","name":"short"}"#, #"{"type":"event","event":"addItem"}"#,
            #"{"type":"event","event":"startCreatingItem"}"#, #"{"type":"event","event":"changePartialItemName","name":"\#(title)"}"#,
            #"{"type":"event","event":"addItem"}"#,
        ].map { $0 + "\n" }.joined()
        let (page, folder) = try PageState.openReport(of: log, in: engine)
        defer { _ = folder }
        // The last frame added the long item: its line and the state's top-level lines it changed are marked.
        let offsets = try #require(
            try page.evaluate(
                """
                (() => { const lines = [...document.querySelectorAll('#state-json .line')];
                  const probe = document.createElement('span'); probe.textContent = '0'.repeat(10);
                  document.getElementById('state-json').append(probe); const ch = probe.getBoundingClientRect().width / 10; probe.remove();
                  return lines.map(line => { const text = line.firstChild, at = text.textContent.search(/\\S/);
                    if (at < 0) return null; const range = document.createRange(); range.setStart(text, at); range.setEnd(text, at + 1);
                    return [line.classList.contains('changed'), Math.round(range.getBoundingClientRect().left - at * ch)]; }).filter(Boolean); })()
                """) as? [[Any]])
        let marked = offsets.filter { $0[0] as? Bool == true }.compactMap { $0[1] as? Int }
        let plain = offsets.filter { $0[0] as? Bool == false }.compactMap { $0[1] as? Int }
        #expect(!marked.isEmpty && !plain.isEmpty, "\(offsets)")
        #expect(
            Set(marked + plain).count == 1, "\(engine): where each line's text starts, less its indent: marked \(marked), others \(plain)")
        let button = try #require(
            try page.evaluate(
                "(() => { const b = document.querySelector('#todo-list .more-text'); return [b.textContent, b.scrollWidth - b.clientWidth]; })()"
            )
                as? [Any])
        #expect(button[0] as? String == "… 1,213 characters")
        #expect((button[1] as? Int ?? 1) <= 0, "\(engine): the button's label is cut by \(button[1]) px")
    }

    @Test(
        "'… N more' items: its button lists 1,000 more by key, keeps the focus, and the panel keeps listing them at other frames",
        arguments: Engine.available)
    func moreItemsByKey(engine: Engine) throws {
        let (page, folder) = try PageState.openReport(of: Self.log(), in: engine)
        defer { _ = folder }
        // Frame 3,301: a sheet opened over 1,100 items.
        _ = try page.evaluate("location.hash = '#frame=3301'")
        try page.waitUntil(Self.items(50), "the first 50 items")
        var shown = try Self.listed(page)
        #expect(shown["more"] as? String == "more: … 1,050 more" && shown["button"] as? String == "list 1,000 more", "\(shown)")

        _ = try page.evaluate("document.querySelector('#state-json .line[data-key=\"more\"] button').focus()")
        try page.press("Enter")
        try page.waitUntil(Self.items(1_050), "1,000 more listed")
        shown = try Self.listed(page)
        #expect(shown["more"] as? String == "more: … 50 more" && shown["button"] as? String == "list them", "\(shown)")
        #expect(shown["focusedButton"] as? Bool == true, "the focus moves to the redrawn line's button: \(shown)")

        // The last frame, 1,200 items: the first 1,050, as asked, then the one just added.
        _ = try page.evaluate("location.hash = '#frame=3600'")
        try page.waitUntil(Self.items(1_051), "1,050 and the added one")
        shown = try Self.listed(page)
        #expect(shown["more"] as? String == "gap: … 149 more" && shown["last"] as? Bool == true, "\(shown)")
        _ = try page.evaluate("document.querySelector('#state-json .line[data-key=\"gap\"] button').focus()")
        try page.press("Enter")
        try page.waitUntil(Self.items(1_200), "all listed")
        shown = try Self.listed(page)
        #expect(shown["more"] is NSNull && shown["last"] as? Bool == true, "\(shown)")
        #expect(shown["focusedPanel"] as? Bool == true, "with its button gone, the focus stays in the panel: \(shown)")
        #expect(try page.violations() == [] && page.errors() == [])
    }
}
