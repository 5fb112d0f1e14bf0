import Foundation
import Report
import SessionLog
import Testing

/// A jump keeps the rows it showed before and changes the text of others
/// (`TodoRows.Kept`): whatever way the page got to a frame, it shows what a
/// page opened at that frame shows.
@Suite("Rows kept across jumps in each browser", .serialized)
struct KeptRowsTests {
    /// A session with what every kind of row shows: 90 items (the phone draws
    /// only the rows in view past 60), one with a title past the page's text
    /// limit, runs of keystrokes (folded rows), items finished and unfinished
    /// again, and travels back into the typing and past added items.
    static func log() -> String {
        var lines = [#"{"type":"session","schema":"todo-session/1"}"#]
        var seed: UInt64 = 7
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for n in 0..<90 {
            lines.append(#"{"type":"event","event":"startCreatingItem"}"#)
            let title = n == 40 ? String(repeating: "long ", count: 300) : "item \(n) \(["🍎", "茶", "é", "x"][n % 4])"
            for end in 1...min(title.count, 1 + next(5)) {
                lines.append(#"{"type":"event","event":"changePartialItemName","name":\#(JSONString.literal(String(title.prefix(end))))}"#)
            }
            lines.append(#"{"type":"event","event":"changePartialItemName","name":\#(JSONString.literal(title))}"#)
            if n % 9 == 4 {
                lines.append(#"{"type":"event","event":"cancelCreatingItem"}"#)
                continue
            }
            lines.append(#"{"type":"event","event":"addItem","id":"00000000-0000-4000-8000-\#(String(format: "%012d", n))"}"#)
            for _ in 0..<next(3) {
                let id = String(format: "%012d", next(n + 1))
                lines.append(
                    #"{"type":"event","event":"setItemDone","id":"00000000-0000-4000-8000-\#(id)","isDone":\#(next(2) == 0)}"#)
            }
            if n % 17 == 16 {
                let frames = lines.count { $0.hasPrefix(#"{"type":"event""#) }
                lines.append(#"{"type":"travel","to":\#(frames - 1 - next(12))}"#)
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// The rows each part shows: the phone's and the state panel's whole, the
    /// event list's by row (its scroll position follows the way the page came).
    /// An element is written with its attributes in name order: an attribute
    /// set again on a kept row may come last, and the order means nothing.
    static let drawn = """
        (() => {
          const text = node => node.nodeType === 3 ? JSON.stringify(node.data) :
            '<' + node.localName + [...node.attributes].map(a => ' ' + a.name + '=' + JSON.stringify(a.value)).sort().join('') + '>' +
            [...node.childNodes].map(text).join('') + '</' + node.localName + '>';
          const events = {};
          let order = true, last = -1;
          for (const li of document.querySelectorAll('#event-list > li')) {
            const row = Number(li.dataset.row), copy = li.cloneNode(true);
            copy.removeAttribute('style');
            copy.removeAttribute('tabindex');
            events[row] = text(copy);
            order = order && row > last;
            last = row;
          }
          const current = document.querySelector('#event-list > li[aria-current=true]');
          return {
            frame: Number(document.getElementById('frame-view').dataset.frame),
            phone: [...document.querySelectorAll('#todo-list > li')].map(text),
            state: text(document.getElementById('state-json')),
            events: events, inOrder: order, currentRow: current ? current.dataset.row : null,
          };
        })()
        """

    /// Opens the report of `log()` in `engine` and hands over the page, its
    /// address and its number of frames.
    static func withPage(in engine: Engine, _ body: (any PageDriver, URL, Int) throws -> Void) throws {
        let folder = try LongSessionTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (url, _) = try LongSessionTests.report(log(), in: folder)
        let page = try engine.openPage()
        try page.load(url.absoluteString)
        let count = try #require(try page.evaluate("Number(document.getElementById('scrubber').max) + 1") as? Int)
        try body(page, url, count)
    }

    /// Scrubs to `frame` and says how many rows of the phone, the state panel
    /// and the event list it kept, how many of those it took out and put back
    /// (moved), and how many it added. A row taken out of the document
    /// collapses a range inside it to its parent: that is how a move is seen
    /// (WebKit's WebDriver scripts see no mutation records of the page's own).
    static func rowsMoved(scrubbingTo frame: Int) -> String {
        """
        (() => {
          const lists = ['todo-list', 'state-json', 'event-list'].map(id => document.getElementById(id));
          const before = lists.flatMap(list => [...list.children].map(row => {
            const range = document.createRange();
            range.selectNodeContents(row);
            return {row, range, list};
          }));
          \(ReportInBrowserTests.scrub(to: frame));
          const kept = before.filter(b => b.row.parentNode === b.list);
          const old = new Set(before.map(b => b.row));
          return {
            moved: kept.filter(b => b.range.startContainer !== b.row).length, kept: kept.length,
            added: lists.reduce((n, list) => n + [...list.children].filter(row => !old.has(row)).length, 0),
          };
        })()
        """
    }

    /// A step to the next frame replaces the rows that changed and leaves the
    /// others where they are: inserting in front of a row on its way out once
    /// moved every row after it, which WebKit then styled and laid out again.
    @Test("a step moves no kept row", arguments: Engine.available)
    func stepsMoveNothing(engine: Engine) throws {
        try Self.withPage(in: engine) { page, _, count in
            _ = try page.evaluate(ReportInBrowserTests.scrub(to: count / 2))
            var kept = 0
            var added = 0
            for frame in count / 2 + 1...count / 2 + 12 {
                let rows = try #require(try page.evaluate(Self.rowsMoved(scrubbingTo: frame)) as? [String: Any])
                #expect(rows["moved"] as? Int == 0, "frame \(frame): \(rows)")
                kept += rows["kept"] as? Int ?? 0
                added += rows["added"] as? Int ?? 0
            }
            #expect(kept > 12 * 50 && added > 0, "the steps kept most rows and changed some: \(kept) kept, \(added) added")
        }
    }

    @Test("jumps, steps, travels and folds draw each frame as a page opened at it does", arguments: Engine.available)
    func sameAsFresh(engine: Engine) throws {
        try Self.withPage(in: engine) { page, url, count in
            #expect(count > 400)
            let fresh = try engine.openPage()
            // Far jumps, single steps both ways (most rows kept), the first and last frames.
            let stops = [count / 2, count / 2 + 1, count / 2 + 2, count / 2 + 1, 3, count - 1, 150, 151, 0, count / 3, count - 2]
            for (number, frame) in stops.enumerated() {
                _ = try page.evaluate(ReportInBrowserTests.scrub(to: frame))
                if number == 6 {
                    // A run opened and folded again on the way.
                    _ = try page.evaluate("document.querySelector('#event-list li.fold')?.click()")
                    _ = try page.evaluate("document.querySelector('#event-list li.fold.open')?.click()")
                }
                let kept = try #require(try page.evaluate(Self.drawn) as? [String: Any])
                try fresh.load("about:blank")
                try fresh.load(url.absoluteString + "#frame=\(frame)")
                let new = try #require(try fresh.evaluate(Self.drawn) as? [String: Any])
                #expect(kept["frame"] as? Int == frame && new["frame"] as? Int == frame)
                #expect(kept["phone"] as? [String] == new["phone"] as? [String], "frame \(frame): the phone's rows")
                #expect(kept["state"] as? String == new["state"] as? String, "frame \(frame): the state panel")
                #expect(kept["inOrder"] as? Bool == true, "frame \(frame): the event rows in the document's order")
                let keptEvents = try #require(kept["events"] as? [String: String])
                let newEvents = try #require(new["events"] as? [String: String])
                let current = try #require(new["currentRow"] as? String, "frame \(frame): the current row is drawn")
                #expect(kept["currentRow"] as? String == current, "frame \(frame)")
                let shared = Set(keptEvents.keys).intersection(newEvents.keys)
                #expect(shared.count >= 10, "frame \(frame): rows around the current one in both")
                for row in shared.sorted() {
                    #expect(keptEvents[row] == newEvents[row], "frame \(frame): event row \(row)")
                }
            }
        }
    }
}
