import Foundation
import Report
import SessionLog
import Testing
import TodoDomain

/// Lists too long to draw whole: the page draws the rows in view, and past
/// the browser's height limit it scales the scroll range.
@Suite("Long lists in each browser", .serialized)
struct LongSessionTests {
    static func report(_ log: String, in folder: URL) throws -> (url: URL, states: [TodoState]?) {
        let builder = ReportBuilder()
        let outcome = try LogReplayer.replay(InMemoryByteSource(log)) { builder.add($0) }
        builder.finish(with: outcome)
        let url = folder.appendingPathComponent("long.html")
        try Data(builder.html().utf8).write(to: url)
        return (url, nil)
    }

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("long-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("a list of 2,000 items draws the rows in view, each with its index, title and switch", arguments: Engine.available)
    func longItemList(engine: Engine) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var lines: [String] = []
        for n in 0..<2_000 {
            lines.append(#"{"type":"event","event":"startCreatingItem"}"#)
            lines.append(#"{"type":"event","event":"changePartialItemName","name":"item \#(n)"}"#)
            lines.append(#"{"type":"event","event":"addItem","id":"00000000-0000-4000-8000-\#(String(format: "%012d", n))"}"#)
            if n % 3 == 0 {
                lines.append(
                    #"{"type":"event","event":"setItemDone","id":"00000000-0000-4000-8000-\#(String(format: "%012d", n))","isDone":true}"#)
            }
        }
        let (url, _) = try Self.report(lines.map { $0 + "\n" }.joined(), in: folder)
        let page = try engine.openPage()
        try page.load(url.absoluteString)
        let rows = """
            [...document.querySelectorAll('#todo-list > li')].map(li => [Number(li.dataset.index),
              li.querySelector('.item-title').textContent, li.querySelector('.switch').dataset.done])
            """
        func check(_ context: String) throws -> [Int] {
            let drawn = try #require(try page.evaluate(rows) as? [[Any]])
            #expect(!drawn.isEmpty && drawn.count < 200, "\(context): only the rows in view are drawn")
            for row in drawn {
                let index = try #require(row[0] as? Int)
                #expect(row[1] as? String == "item \(index)", "\(context)")
                #expect(row[2] as? String == (index % 3 == 0 ? "true" : "false"), "\(context)")
            }
            return drawn.compactMap { $0[0] as? Int }
        }
        #expect(try page.evaluate("document.getElementById('todo-list').dataset.count") as? String == "2000")
        #expect(try check("top").contains(0))
        _ = try page.evaluate("document.getElementById('list-viewport').scrollTop = 1e9")
        // Scroll events come with the next rendering update (in WebKit not always within 100 ms).
        try DiagnosticListTests.nextFrame(page)
        #expect(try check("bottom").contains(1_999))
    }

    @Test(
        "a frame whose event switched an item out of view scrolls the phone's list to it, as the person saw it; other frames leave the list where it is",
        arguments: Engine.available)
    func switchedItemInView(engine: Engine) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func id(_ n: Int) -> String { "00000000-0000-4000-8000-\(String(format: "%012d", n))" }
        var lines: [String] = []
        for n in 0..<300 {
            lines += [
                #"{"type":"event","event":"startCreatingItem"}"#, #"{"type":"event","event":"changePartialItemName","name":"item \#(n)"}"#,
                #"{"type":"event","event":"addItem","id":"\#(id(n))"}"#,
            ]
        }
        // Frames 901, 902 and 903: item 250 switched on, item 3 switched on, item 120 added to nothing (a new sheet opened).
        lines += [
            #"{"type":"event","event":"setItemDone","id":"\#(id(250))","isDone":true}"#,
            #"{"type":"event","event":"setItemDone","id":"\#(id(3))","isDone":true}"#, #"{"type":"event","event":"startCreatingItem"}"#,
        ]
        let (url, _) = try Self.report(lines.map { $0 + "\n" }.joined(), in: folder)
        let page = try engine.openPage()
        try page.load(url.absoluteString + "#frame=901")
        // The items whose rows lie wholly inside the list's box.
        let inView = """
            (() => { const box = document.getElementById('list-viewport').getBoundingClientRect();
              return [...document.querySelectorAll('#todo-list > li')].filter(li => {
                const r = li.getBoundingClientRect(); return r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
              }).map(li => Number(li.dataset.index)); })()
            """
        func jump(_ frame: Int) throws {
            _ = try page.evaluate(
                "(() => { const s = document.getElementById('scrubber'); s.value = '\(frame)'; s.dispatchEvent(new Event('input')); })()")
            try DiagnosticListTests.nextFrame(page)
        }
        try DiagnosticListTests.nextFrame(page)
        let opened = try #require(try page.evaluate(inView) as? [Int])
        #expect(opened.contains(250), "opened at the frame: \(opened)")
        let switchOf250 = "document.querySelector('#todo-list > li[data-index=\"250\"] .switch').dataset.done"
        #expect(try page.evaluate(switchOf250) as? String == "true")
        try jump(902)
        let switched = try #require(try page.evaluate(inView) as? [Int])
        #expect(switched.contains(3), "jumped to the frame: \(switched)")
        try jump(901)
        let back = try #require(try page.evaluate(inView) as? [Int])
        #expect(back.contains(250), "back again: \(back)")
        // A frame that switched nothing leaves the list where it is.
        try jump(903)
        let stayed = try page.evaluate(inView) as? [Int]
        #expect(stayed == back, "a new sheet: the list stays")
    }

    @Test(
        "an event list taller than the browser allows scales its scroll range and keeps the current row in view",
        arguments: Engine.available)
    func scaledEventList(engine: Engine) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pair = #"{"type":"event","event":"startCreatingItem"}"# + "\n" + #"{"type":"event","event":"cancelCreatingItem"}"# + "\n"
        let (url, _) = try Self.report(String(repeating: pair, count: 160_000), in: folder)
        let page = try engine.openPage()
        try page.load(url.absoluteString + "#frame=200000")
        let current = """
            (() => { const box = document.getElementById('event-viewport').getBoundingClientRect();
              const row = document.querySelector('#event-list li[aria-current=true]');
              if (!row) return null;
              const r = row.getBoundingClientRect();
              return [Number(row.dataset.frame), r.top >= box.top - 1 && r.bottom <= box.bottom + 1]; })()
            """
        #expect(try page.evaluate("document.getElementById('event-list').getBoundingClientRect().height <= 8000000") as? Bool == true)
        for frame in [200_000, 0, 320_000, 123_457] {
            _ = try page.evaluate(ReportInBrowserTests.scrub(to: frame))
            let shown = try #require(try page.evaluate(current) as? [Any])
            #expect(shown.first as? Int == frame)
            #expect(shown.last as? Bool == true, "frame \(frame) is in view")
        }
    }
}
