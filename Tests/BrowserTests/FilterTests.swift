import Foundation
import Report
import SessionLog
import Testing
import TodoDomain

/// The event list's filter: by event type (with counts) and by text; Enter and
/// Shift+Enter go to the next and previous match.
@Suite("Event filter in each browser", .serialized)
struct FilterTests {
    static let matchCount = "Number(document.getElementById('event-match-count').dataset.count)"
    static let shownFrame = ActivityStripTests.shownFrame

    static func search(_ text: String) -> String {
        """
        (() => { const s = document.getElementById('event-search'); s.value = \(text.debugDescription);
          s.dispatchEvent(new Event('input', {bubbles: true})); })()
        """
    }

    /// Enter (or Shift+Enter) in the search box, as a keydown the page's script reads.
    static func enter(shift: Bool = false) -> String {
        """
        document.getElementById('event-search').dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter', shiftKey: \(shift), bubbles: true, cancelable: true}))
        """
    }

    /// Waits for the search box's timer (0 ms on a small log), then two animation frames: a scroll's
    /// event and the redraw it makes come in the next frame, which a fixed sleep may not reach.
    static func settle(_ page: any PageDriver) throws {
        _ = try page.evaluate("new Promise(r => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(r)), 0))")
    }

    @Test("each event type has a checkbox with its count; unticking one hides its rows and counts the matches", arguments: Engine.available)
    func types(engine: Engine) throws {
        let log = try Data(contentsOf: ReportInBrowserTests.sampleURL)
        let frames = try LogReplayer.collect(InMemoryByteSource(Array(log))).frames
        var counts: [String: Int] = [:]
        for frame in frames { counts[frame.event.kind.rawValue, default: 0] += 1 }
        try ReportInBrowserTests.withSamplePage(in: engine) { page, _ in
            let shown = try #require(
                try page.evaluate(
                    "Object.fromEntries([...document.querySelectorAll('#event-types input[data-type]')].map(b => [b.dataset.type, b.parentNode.textContent]))"
                ) as? [String: String])
            #expect(Set(shown.keys) == Set(counts.keys))
            for (type, count) in counts { #expect(shown[type]?.hasSuffix("(\(count))") == true, "\(type): \(shown[type] ?? "")") }
            _ = try page.evaluate("document.querySelector('#event-types input[data-type=\"changePartialItemName\"]').click()")
            // The events left, the first frame (no event) not counted though it stays in view.
            let left = frames.count - (counts["changePartialItemName"] ?? 0)
            #expect(try page.evaluate(Self.matchCount) as? Int == left)
            #expect(
                try page.evaluate("document.getElementById('event-match-count').textContent") as? String
                    == "\(left) matches of \(frames.count) events")
            _ = try page.evaluate("document.getElementById('event-viewport').scrollTop = 0")
            try Self.settle(page)
            let names = try page.evaluate("[...document.querySelectorAll('#event-list li .name')].map(e => e.textContent)") as? [String]
            #expect(names?.isEmpty == false && names?.contains("changePartialItemName") == false)
            #expect(try page.evaluate("document.querySelectorAll('#event-list li.fold').length") as? Int == 0)
        }
    }

    @Test(
        "a text filter counts the frames whose name, title or item id holds it; Enter and Shift+Enter go from match to match",
        arguments: Engine.available)
    func text(engine: Engine) throws {
        let log = try Data(contentsOf: ReportInBrowserTests.sampleURL)
        let result = try LogReplayer.collect(InMemoryByteSource(Array(log)))
        let states = result.allStates
        // The frames whose typed name, added title or done item's title holds "oat", case aside.
        let matches = result.frames.filter { frame in
            let text: String
            switch frame.event {
            case .changePartialItemName(let name): text = name
            case .addItem: text = frame.addedTitle ?? ""
            case .setItemDone(let id, _): text = states[frame.index].todoItems.first { $0.id == id }?.title ?? ""
            default: text = ""
            }
            return text.lowercased().contains("oat")
        }.map(\.index)
        #expect(matches.count > 3)
        try ReportInBrowserTests.withSamplePage(in: engine, hash: "#frame=0") { page, _ in
            _ = try page.evaluate(Self.search("OAT"))
            try Self.settle(page)
            #expect(try page.evaluate(Self.matchCount) as? Int == matches.count)
            #expect(
                (try page.evaluate("document.getElementById('event-match-count').textContent") as? String)?.hasPrefix(
                    "\(matches.count) matches") == true)
            var seen: [Int] = []
            for _ in matches {
                _ = try page.evaluate(Self.enter())
                seen.append(try #require(try page.evaluate(Self.shownFrame) as? Int))
            }
            #expect(seen == matches)
            _ = try page.evaluate(Self.enter())
            #expect(try page.evaluate(Self.shownFrame) as? Int == matches[0], "past the last, back to the first")
            _ = try page.evaluate(Self.enter(shift: true))
            #expect(try page.evaluate(Self.shownFrame) as? Int == matches[matches.count - 1])
            _ = try page.evaluate(Self.enter(shift: true))
            #expect(try page.evaluate(Self.shownFrame) as? Int == matches[matches.count - 2])
            // An item's id, as the state panel shows it or in lower case: the events that added it and set it done.
            let id = try #require(states.last?.todoItems.first?.id)
            let ofItem = result.frames.filter { frame in
                switch frame.event {
                case .addItem: return states[frame.index].todoItems.last?.id == id
                case .setItemDone(let done, _): return done == id
                default: return false
                }
            }.map(\.index)
            #expect(ofItem.count >= 2)
            for text in [id.uuidString, id.uuidString.lowercased(), String(id.uuidString.suffix(12))] {
                _ = try page.evaluate(Self.search(text))
                try Self.settle(page)
                #expect(try page.evaluate(Self.matchCount) as? Int == ofItem.count, "\(text)")
            }
            _ = try page.evaluate(Self.search("no such text"))
            try Self.settle(page)
            #expect(try page.evaluate(Self.matchCount) as? Int == 0)
            #expect(try page.evaluate("document.querySelectorAll('#event-list li').length") as? Int == 0)
            // The empty list says so, and its box is no stop for Tab.
            let noMatch = "document.getElementById('event-no-match').hidden + ' ' + document.getElementById('event-viewport').tabIndex"
            #expect(try page.evaluate(noMatch) as? String == "false -1")
            _ = try page.evaluate(Self.search(""))
            try Self.settle(page)
            #expect(try page.evaluate("document.getElementById('event-match-count').textContent") as? String == "")
            #expect(try page.evaluate(noMatch) as? String == "true 0")
        }
    }
}
