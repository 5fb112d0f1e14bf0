import Foundation
import Report
import SessionLog
import Testing
import TodoDomain

/// The diff page (`todo-report diff -o`) and the report's marking of
/// unverified frames, loaded from `file://` in each browser engine (see
/// ``Engine/available``) and checked through their hooks.
@Suite("Diff page and unverified frames in each browser", .serialized)
struct DiffPageTests {
    /// The built binary, found beside the test bundle.
    static var binary: String { IndexPageTests.binary }

    /// A log of `titles` typed key by key and added, timed from `start`; ids new each time.
    static func log(_ titles: [String], start: Double) -> String {
        var events: [TodoEvent] = []
        for title in titles {
            events.append(.startCreatingItem)
            for length in 1...title.count { events.append(.changePartialItemName(String(title.prefix(length)))) }
            events.append(.addItem(id: UUID()))
        }
        if case .addItem(let id) = events[events.count - 1] { events.append(.setItemDone(id: id, isDone: true)) }
        var text = RecordEncoder.line(for: SessionHeader(sessionId: UUID().uuidString))
        for (seq, event) in events.enumerated() {
            text += RecordEncoder.line(
                for: .dispatched(event), seq: Int64(seq), timestamp: Timestamp(millisecondsSince1970: start + Double(seq) * 300))
        }
        return text
    }

    /// Writes the logs into a fresh folder and runs `todo-report` there with `arguments`.
    static func run(_ arguments: [String], logs: [String: String]) throws -> (folder: URL, status: Int32) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("diff-page-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in logs { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (folder, process.terminationStatus)
    }

    static let sides = """
        (() => ['baseline', 'run'].map(name => {
          const root = document.getElementById(name);
          const view = root.querySelector('.frame-view');
          const list = root.querySelector('.todo-list');
          return {
            frame: view.dataset.frame, stateName: view.dataset.stateName, count: Number(list.dataset.count),
            items: [...list.querySelectorAll(':scope > li')].map(li => li.querySelector('.item-title').textContent),
            switches: [...list.querySelectorAll(':scope > li .switch')].map(s => s.dataset.done),
            creating: !root.querySelector('.add-sheet').hidden, partial: root.querySelector('.partial-name').textContent,
            differing: [...root.querySelectorAll('.fields dt.differs, .todo-list li.differs')]
              .map(e => e.tagName === 'LI' ? e.querySelector('.item-title').textContent : e.textContent),
            saidInWords: [...root.querySelectorAll('.todo-list li.differs')].every(li => li.textContent.endsWith('(differs)')),
          };
        }))()
        """

    static func scrub(to frame: Int) -> String {
        "(() => { const s = document.querySelector('input#scrubber'); s.value = '\(frame)'; s.dispatchEvent(new Event('input', {bubbles: true})); })()"
    }

    /// Two sessions that part at the last letters of their second title ("Call Grandm", "Call Grandp"), recorded 79 s apart.
    static let partingLogs = [
        "base.jsonl": log(["Buy milk", "Call Grandma"], start: 1_000), "run.jsonl": log(["Buy milk", "Call Grandpa"], start: 80_000),
    ]

    @Test(
        "logs that part at a known frame: the verdict, both phones there, the fields that differ, the jump button and the keys",
        arguments: Engine.available)
    func parting(engine: Engine) throws {
        let parting = 1 + 9 + 1 + "Call Grand".count + 1  // frame of "Call Grandp"
        let (folder, status) = try Self.run(["diff", "base.jsonl", "run.jsonl", "-o", "diff page.html"], logs: Self.partingLogs)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(status == 1)
        let page = try engine.openPage()
        try page.load(folder.appendingPathComponent("diff page.html").absoluteString)
        // The script ran under the page's own policy.
        #expect(try page.evaluate("document.documentElement.dataset.ready") as? String == "true")
        #expect(try page.evaluate("document.getElementById('verdict').dataset.identical") as? String == "false")
        #expect(try page.evaluate("document.getElementById('verdict').dataset.firstDifference") as? String == String(parting))
        #expect(
            try page.evaluate("document.getElementById('verdict').textContent.startsWith('differ at frame \(parting) ')") as? Bool == true)
        // It opens on the first difference.
        var shown = try #require(page.evaluate(Self.sides) as? [[String: Any]])
        #expect(shown.map { $0["frame"] as? String } == [String(parting), String(parting)])
        #expect(shown.map { $0["partial"] as? String } == ["Call Grandm", "Call Grandp"])
        #expect(shown.map { $0["creating"] as? Bool } == [true, true])
        #expect(shown.map { $0["differing"] as? [String] } == [["partialItemName"], ["partialItemName"]])
        // Before it, nothing is highlighted; the jump button brings it back; the keys step.
        _ = try page.evaluate(Self.scrub(to: 10))
        shown = try #require(page.evaluate(Self.sides) as? [[String: Any]])
        #expect(shown.map { $0["frame"] as? String } == ["10", "10"])
        #expect(
            try page.evaluate("document.querySelector('input#scrubber').getAttribute('aria-valuetext')") as? String
                == "Frame 10 of " + String(try #require(try page.evaluate("Number(document.querySelector('input#scrubber').max)") as? Int)))
        #expect(shown.map { $0["items"] as? [String] } == [["Buy milk"], ["Buy milk"]])
        #expect(shown.map { $0["switches"] as? [String] } == [["false"], ["false"]])
        #expect(shown.map { $0["stateName"] as? String } == ["addItem", "addItem"])
        #expect(shown.map { ($0["differing"] as? [String])?.isEmpty } == [true, true])
        _ = try page.evaluate("document.getElementById('jump').click()")
        #expect(try page.evaluate("document.querySelector('input#scrubber').value") as? String == String(parting))
        _ = try page.evaluate("document.getElementById('jump').focus()")
        try page.press("ArrowLeft")
        #expect(try page.evaluate("document.querySelector('#baseline .frame-view').dataset.frame") as? String == String(parting - 1))
        // D goes to the first difference from the slider alone, never from elsewhere (a dictated word's letter).
        _ = try page.evaluate(Self.scrub(to: 3))
        try page.press("d")
        #expect(try page.evaluate("document.querySelector('input#scrubber').value") as? String == "3", "D on a button does nothing")
        _ = try page.evaluate("document.querySelector('input#scrubber').focus()")
        try page.press("d")
        #expect(try page.evaluate("document.querySelector('input#scrubber').value") as? String == String(parting), "D on the slider")
        _ = try page.evaluate("document.getElementById('jump').focus()")
        try page.press("End")
        shown = try #require(page.evaluate(Self.sides) as? [[String: Any]])
        #expect(shown.map { $0["items"] as? [String] } == [["Buy milk", "Call Grandma"], ["Buy milk", "Call Grandpa"]])
        #expect(shown.map { $0["switches"] as? [String] } == [["false", "true"], ["false", "true"]])
        // The row, and under the phone the first item that differs, by its path in diff's verdict.
        #expect(shown.map { $0["differing"] as? [String] } == [["Call Grandma", "todoItems[1]"], ["Call Grandpa", "todoItems[1]"]])
        #expect(shown.map { $0["saidInWords"] as? Bool } == [true, true], "a differing row says so in words, not by colour alone")
        // The event rows are aligned by frame, and the first difference's row is marked.
        #expect(
            try page.evaluate("[...document.querySelectorAll('#event-rows tr.first-difference td')].map(td => td.textContent)") as? [String]
                == [String(parting), #"changePartialItemName name "Call Grandm""#, #"changePartialItemName name "Call Grandp""#])
        // The rows around the frame shown, in order, only its own marked current: after a step both ways,
        // and after a click on a row's button, which keeps the focus it was clicked with.
        let eventRows =
            "[...document.querySelectorAll('#event-rows tr')].map(tr => [Number(tr.dataset.frame), tr.getAttribute('aria-current')])"
        let last = try #require(try page.evaluate("Number(document.querySelector('input#scrubber').max)") as? Int)
        for step in ["ArrowLeft", "ArrowLeft", "ArrowRight", "Home", "ArrowRight", "End"] {
            try page.press(step)
            let value = try page.evaluate("document.querySelector('input#scrubber').value") as? String
            let frame = try #require(value.flatMap { Int($0) })
            let rows = try #require(try page.evaluate(eventRows) as? [[Any]])
            #expect(rows.map { $0[0] as? Int } == Array(max(0, frame - 12)...min(last, frame + 12)), "\(step)")
            #expect(rows.filter { $0[1] as? String == "true" }.map { $0[0] as? Int } == [frame], "\(step)")
        }
        _ = try page.evaluate("document.querySelector('#event-rows button[data-frame=\"\(parting - 2)\"]').focus()")
        _ = try page.evaluate("document.querySelector('#event-rows button[data-frame=\"\(parting - 2)\"]').click()")
        #expect(try page.evaluate("document.activeElement.dataset.frame") as? String == String(parting - 2))
        #expect(try page.evaluate("document.querySelector('#event-rows tr[aria-current]').dataset.frame") as? String == String(parting - 2))
        // Every control has a name; nothing is loaded from outside.
        #expect(
            try page.evaluate(
                "[...document.querySelectorAll('input, button, select')].every(c => (c.labels && c.labels.length > 0) || c.getAttribute('aria-label') || c.textContent.trim())"
            ) as? Bool == true)
        #expect(try page.evaluate("document.querySelectorAll('[src], link[href]').length") as? Int == 0)
    }

    @Test(
        "the address names the frame: the page opens at #frame=N, writes the frame it shows there, and follows Back and Forward",
        arguments: Engine.available)
    func frameInAddress(engine: Engine) throws {
        let (folder, status) = try Self.run(["diff", "base.jsonl", "run.jsonl", "-o", "diff.html"], logs: Self.partingLogs)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(status == 1)
        let page = try engine.openPage()
        try page.load(folder.appendingPathComponent("diff.html").absoluteString + "#frame=5")
        try page.waitUntil("document.documentElement.dataset.ready === 'true'")
        let shownFrame = "document.querySelector('#baseline .frame-view').dataset.frame"
        #expect(try page.evaluate(shownFrame) as? String == "5")
        _ = try page.evaluate(Self.scrub(to: 7))
        try page.waitUntil("location.hash === '#frame=7'", "the address names the frame shown")
        _ = try page.evaluate("location.hash = '#frame=3'")
        try page.waitUntil("\(shownFrame) === '3'", "the frame the address names")
        // Past the last frame: the last.
        _ = try page.evaluate("location.hash = '#frame=99999'")
        try page.waitUntil("\(shownFrame) === document.querySelector('input#scrubber').max", "the last frame")
        #expect(try page.violations() == [] && page.errors() == [])
    }

    /// The titles of two recordings of one session that diff calls the same: the same text, or text
    /// that is the same for Swift's `String` (canonically equivalent: "é" as one scalar or as "e" and a combining accent).
    static let sameTitles: [(baseline: [String], run: [String])] = [
        (["Buy milk", "Zoë 🥛 <b>"], ["Buy milk", "Zoë 🥛 <b>"]),
        (["Caf\u{E9} au lait", "Zo\u{EB}"], ["Cafe\u{301} au lait", "Zoe\u{308}"]),
    ]

    @Test(
        "two recordings of one session with other ids and timing: identical, no jump button, every frame the same, nothing marked",
        arguments: Engine.available, sameTitles.indices)
    func identical(engine: Engine, titles: Int) throws {
        let (baseline, run) = Self.sameTitles[titles]
        let (folder, status) = try Self.run(
            ["diff", "base.jsonl", "run.jsonl", "-o", "diff.html"],
            logs: ["base.jsonl": Self.log(baseline, start: 1_000), "run.jsonl": Self.log(run, start: 5)])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(status == 0)
        let page = try engine.openPage()
        try page.load(folder.appendingPathComponent("diff.html").absoluteString)
        #expect(try page.evaluate("document.getElementById('verdict').dataset.identical") as? String == "true")
        #expect(try page.evaluate("document.getElementById('verdict').dataset.firstDifference") as? String == "")
        #expect(try page.evaluate("document.getElementById('jump').hidden") as? Bool == true)
        let last = try #require(Int(page.evaluate("document.querySelector('input#scrubber').max") as? String ?? ""))
        for frame in 0...last {
            _ = try page.evaluate(Self.scrub(to: frame))
            let shown = try #require(page.evaluate(Self.sides) as? [[String: Any]])
            #expect(shown.map { $0["frame"] as? String } == [String(frame), String(frame)])
            #expect(shown.map { ($0["differing"] as? [String])?.isEmpty } == [true, true], "frame \(frame)")
            #expect(shown[0]["items"] as? [String] == shown[1]["items"] as? [String])
        }
        #expect(try page.evaluate("document.querySelector('#run .todo-list li .item-title').textContent") as? String == run[0])
        #expect(try page.evaluate("document.querySelectorAll('#run .todo-list b').length") as? Int == 0)
    }

    @Test(
        "under --redact, texts that differ but share a mask are still marked at the first difference, as diff found them",
        arguments: Engine.available)
    func redactedFirstDifferenceMarked(engine: Engine) throws {
        let (folder, status) = try Self.run(
            ["diff", "base.jsonl", "run.jsonl", "--redact", "-o", "diff.html"],
            logs: ["base.jsonl": Self.log(["Buy milk"], start: 1_000), "run.jsonl": Self.log(["Buy mile"], start: 1_000)])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(status == 1)
        let page = try engine.openPage()
        try page.load(folder.appendingPathComponent("diff.html").absoluteString)
        let first = try #require(Int(page.evaluate("document.getElementById('verdict').dataset.firstDifference") as? String ?? ""))
        #expect(first == 9, "the eighth letter typed")
        _ = try page.evaluate(Self.scrub(to: first))
        let shown = try #require(page.evaluate(Self.sides) as? [[String: Any]])
        #expect(shown.map { $0["partial"] as? String } == ["Xxx xxxx", "Xxx xxxx"], "both masked alike")
        #expect(shown.map { $0["differing"] as? [String] } == [["partialItemName"], ["partialItemName"]])
    }

    @Test("the event list says which frame a travel took each event to, as the verdict does", arguments: Engine.available)
    func travelInEventList(engine: Engine) throws {
        let start = [
            #"{"type":"event","event":"startCreatingItem"}"#, #"{"type":"event","event":"changePartialItemName","name":"A"}"#,
            #"{"type":"event","event":"addItem"}"#, #"{"type":"event","event":"startCreatingItem"}"#,
        ]
        func log(travelingTo frame: Int) -> String {
            (start + [#"{"type":"travel","to":\#(frame)}"#, #"{"type":"event","event":"startCreatingItem"}"#]).joined(separator: "\n")
                + "\n"
        }
        let (folder, status) = try Self.run(
            ["diff", "base.jsonl", "run.jsonl", "-o", "diff.html"],
            logs: ["base.jsonl": log(travelingTo: 3), "run.jsonl": log(travelingTo: 2)])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(status == 1)
        let page = try engine.openPage()
        try page.load(folder.appendingPathComponent("diff.html").absoluteString)
        _ = try page.evaluate(Self.scrub(to: 5))
        let row =
            try page.evaluate(
                "[...document.querySelector('#event-rows tr[data-frame=\"5\"]').children].slice(1).map(td => td.textContent)") as? [String]
        #expect(row == ["startCreatingItem after a travel to frame 3", "startCreatingItem after a travel to frame 2"])
        let before =
            try page.evaluate(
                "[...document.querySelector('#event-rows tr[data-frame=\"4\"]').children].slice(1).map(td => td.textContent)") as? [String]
        #expect(before == ["startCreatingItem", "startCreatingItem"])
        _ = try page.evaluate(Self.scrub(to: 0))
        let initial =
            try page.evaluate(
                "[...document.querySelector('#event-rows tr[data-frame=\"0\"]').children].slice(1).map(td => td.textContent)") as? [String]
        #expect(initial?.allSatisfy { !$0.contains("travel") } == true, "frame 0 follows no travel: \(initial ?? [])")
    }

    @Test(
        "items whose addItem carried no id have none on either side: the ids replay derived mark no row and are not shown",
        arguments: Engine.available.flatMap { engine in [(engine, true), (engine, false)] })
    func derivedIDsAreNoIDs(engine: Engine, comparingIDs: Bool) throws {
        let events = [
            #"{"type":"event","event":"startCreatingItem"}"#, #"{"type":"event","event":"changePartialItemName","name":"Milk"}"#,
            #"{"type":"event","event":"addItem"}"#,
        ]
        // The run's blank line moves its records down a line, so its derived ids differ from the baseline's.
        let header = #"{"type":"session","schema":"todo-session/1","sessionId":"s1"}"#
        let (folder, status) = try Self.run(
            ["diff", "base.jsonl", "run.jsonl", "-o", "diff.html"] + (comparingIDs ? ["--compare-ids"] : []),
            logs: [
                "base.jsonl": ([header] + events).joined(separator: "\n") + "\n",
                "run.jsonl": ([header, ""] + events).joined(separator: "\n") + "\n",
            ])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(status == 0, "identical")
        let page = try engine.openPage()
        try page.load(folder.appendingPathComponent("diff.html").absoluteString)
        _ = try page.evaluate(Self.scrub(to: 3))
        let shown = try #require(page.evaluate(Self.sides) as? [[String: Any]])
        #expect(shown.map { $0["items"] as? [String] } == [["Milk"], ["Milk"]])
        #expect(shown.map { ($0["differing"] as? [String])?.isEmpty } == [true, true])
        // The event list says so rather than showing two ids that look as if they differed.
        let added =
            try page.evaluate(
                "[...document.querySelector('#event-rows tr[data-frame=\"3\"]').children].slice(1).map(td => td.textContent)") as? [String]
        #expect(added == ["addItem (no id in the log)", "addItem (no id in the log)"])
    }

    @Test(
        "the first differing row, far down both lists, is scrolled into each, named under the phone, and the lists scroll together",
        arguments: Engine.available)
    func firstDifferingRowInView(engine: Engine) throws {
        // 80 items, the same on both sides; then the baseline ticks item 60, the run item 61.
        func log(ticking index: Int) -> String {
            var lines = [#"{"type":"session","schema":"todo-session/1","sessionId":"s1"}"#]
            for i in 0..<80 {
                lines += [
                    #"{"type":"event","event":"startCreatingItem"}"#,
                    #"{"type":"event","event":"changePartialItemName","name":"item \#(i)"}"#,
                    #"{"type":"event","event":"addItem","id":"00000000-0000-4000-8000-\#(String(format: "%012d", i))"}"#,
                ]
            }
            lines.append(
                #"{"type":"event","event":"setItemDone","id":"00000000-0000-4000-8000-\#(String(format: "%012d", index))","isDone":true}"#)
            return lines.joined(separator: "\n") + "\n"
        }
        let (folder, status) = try Self.run(
            ["diff", "base.jsonl", "run.jsonl", "-o", "diff.html"], logs: ["base.jsonl": log(ticking: 60), "run.jsonl": log(ticking: 61)])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(status == 1, "they differ")
        let page = try engine.openPage()
        try page.load(folder.appendingPathComponent("diff.html").absoluteString)
        try page.waitUntil("document.documentElement.dataset.ready === 'true'")
        _ = try page.evaluate(PageState.painted)
        let inView = """
            ['baseline', 'run'].map(name => { const root = document.getElementById(name), box = root.querySelector('.list-viewport').getBoundingClientRect();
              return [...root.querySelectorAll('.todo-list li.differs')].filter(li => { const r = li.getBoundingClientRect(); return r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5; })
                .map(li => li.querySelector('.item-title').textContent); })
            """
        #expect(
            try page.evaluate(inView) as? [[String]] == [["item 60", "item 61"], ["item 60", "item 61"]],
            "both differing rows in view on each side")
        let named =
            "['baseline', 'run'].map(name => [...document.getElementById(name).querySelectorAll('.fields dt.differs')].map(dt => dt.textContent + ' ' + dt.nextElementSibling.textContent))"
        #expect(
            try page.evaluate(named) as? [[String]] == [
                ["todoItems[60] \"item 60\", done (differs)"], ["todoItems[60] \"item 60\", not done (differs)"],
            ])
        _ = try page.evaluate("document.querySelector('#baseline .list-viewport').scrollTop = 0")
        try page.waitUntil("document.querySelector('#run .list-viewport').scrollTop === 0", "the run's list follows the baseline's")
        _ = try page.evaluate("document.querySelector('#run .list-viewport').scrollTop = 440")
        try page.waitUntil("document.querySelector('#baseline .list-viewport').scrollTop === 440", "and the baseline's the run's")
    }

    @Test(
        "in a narrow window the page does not scroll sideways (a phone scrolls in its side) and the scrubber keeps its track",
        arguments: Engine.available)
    func narrowWindow(engine: Engine) throws {
        let log = Self.log(["Buy milk", "Call Grandma"], start: 1_000)
        let (folder, status) = try Self.run(["diff", "a.jsonl", "b.jsonl", "-o", "diff.html"], logs: ["a.jsonl": log, "b.jsonl": log])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(status == 0)
        let page = try engine.openPage()
        try page.load(folder.appendingPathComponent("diff.html").absoluteString)
        // Some window managers keep a window wider than asked (about 450 px): measured at the width reached.
        let reached = try page.resize(width: 320)
        #expect(try page.evaluate("document.documentElement.scrollWidth <= window.innerWidth") as? Bool == true, "at \(reached) px")
        let track = try #require(try page.evaluate("document.getElementById('scrubber').getBoundingClientRect().width") as? Double)
        #expect(track >= 150, "the scrubber is \(track) px wide at \(reached) px")
    }

    @Test(
        "a typed text with no space (a URL) wraps in the summary and in its own column: the page never scrolls sideways",
        arguments: Engine.available)
    func longWordWraps(engine: Engine) throws {
        let long = "https://shop.example.com/basket?items=" + String(repeating: "oatmilk", count: 60)
        // The name pasted whole, so that the first difference shows it.
        func log(_ name: String) -> String {
            let events: [TodoEvent] = [.startCreatingItem, .changePartialItemName(name), .addItem(id: UUID())]
            return RecordEncoder.line(for: SessionHeader(sessionId: "s"))
                + events.enumerated().map { seq, event in
                    RecordEncoder.line(
                        for: .dispatched(event), seq: Int64(seq), timestamp: Timestamp(millisecondsSince1970: 1_000 + Double(seq) * 300))
                }.joined()
        }
        let (folder, status) = try Self.run(
            ["diff", "a.jsonl", "b.jsonl", "-o", "diff.html"], logs: ["a.jsonl": log("Buy"), "b.jsonl": log(long)])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(status == 1)
        let page = try engine.openPage()
        try page.load(folder.appendingPathComponent("diff.html").absoluteString)
        try page.waitUntil("document.querySelectorAll('#event-rows tr').length > 0")
        let columns = """
            [...document.querySelectorAll('.event-table thead th')].map(th => th.getBoundingClientRect().width / th.closest('table').getBoundingClientRect().width)
            """
        for width in [320, 1280] {
            let reached = try page.resize(width: width)
            let pageWidth = try #require(try page.evaluate("document.documentElement.scrollWidth") as? Int)
            let windowWidth = try #require(try page.evaluate("window.innerWidth") as? Int)
            #expect(pageWidth <= windowWidth, "\(engine) at \(reached) px: the page is \(pageWidth) px wide")
            let shares = try #require(try page.evaluate(columns) as? [Double])
            #expect(shares.count == 3 && abs(shares[1] - shares[2]) < 0.01, "\(engine) at \(reached) px: the two logs' columns \(shares)")
        }
    }

    @Test("printed, the diff gives the verdict, both phones and the frame they show, without the controls", arguments: Engine.available)
    func printed(engine: Engine) throws {
        let (folder, status) = try Self.run(
            ["diff", "a.jsonl", "b.jsonl", "-o", "diff.html"],
            logs: [
                "a.jsonl": Self.log(["Buy milk", "Call Grandma"], start: 1_000),
                "b.jsonl": Self.log(["Buy milk", "Call Grandpa"], start: 1_000),
            ])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(status == 1, "the logs differ")
        let page = try engine.openPage()
        try page.load(folder.appendingPathComponent("diff.html").absoluteString)
        let parts = """
            ['#verdict', '#baseline .phone', '#run .phone', '#frame-position', '.summary', '#scrubber', '#jump', '.keys-hint']
              .map(s => getComputedStyle(document.querySelector(s)).display !== 'none' && document.querySelector(s).getBoundingClientRect().width > 0)
            """
        #expect(try page.evaluate(parts) as? [Bool] == [true, true, true, true, true, true, true, true], "on screen")
        #expect(try page.evaluate(PrintTests.printRulesOnScreen) as? Int ?? 0 >= 1)
        #expect(try page.evaluate(parts) as? [Bool] == [true, true, true, true, true, false, false, false], "as printed")
    }

    @Test("an event row with the focus that leaves the rows drawn hands the focus to the current frame's row", arguments: Engine.available)
    func eventRowFocus(engine: Engine) throws {
        let log = Self.log(["Buy milk and bread", "Call Grandma tonight", "Water the plants"], start: 1_000)
        let (folder, status) = try Self.run(["diff", "a.jsonl", "b.jsonl", "-o", "diff.html"], logs: ["a.jsonl": log, "b.jsonl": log])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(status == 0)
        let page = try engine.openPage()
        try page.load(folder.appendingPathComponent("diff.html").absoluteString)
        let last = try #require(try page.evaluate("Number(document.getElementById('scrubber').max)") as? Int)
        #expect(last > 40)
        _ = try page.evaluate(Self.scrub(to: 20))
        _ = try page.evaluate("document.querySelector('#event-rows button[data-frame=\"10\"]').focus()")
        try page.press("End")
        #expect(try page.evaluate("document.activeElement.dataset.frame") as? String == String(last))
    }

    @Test(
        "a session with travels, diffed with itself: each phone, drawn like the report's, shows the app's state at every frame looked at",
        arguments: Engine.available)
    func travels(engine: Engine) throws {
        let log = TravelReplayTests.travelingLog(events: 4000)
        let collected = try LogReplayer.collect(InMemoryByteSource(Array(log.utf8)))
        let states = collected.allStates
        #expect(collected.travels.count > 10)
        let (folder, status) = try Self.run(["diff", "a.jsonl", "b.jsonl", "-o", "diff.html"], logs: ["a.jsonl": log, "b.jsonl": log])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(status == 0)
        let page = try engine.openPage()
        try page.load(folder.appendingPathComponent("diff.html").absoluteString)
        #expect(try page.evaluate("document.documentElement.dataset.ready") as? String == "true")
        // The report's phone: the app's name in the navigation bar, the + button, the add sheet's field and button.
        let chrome = """
            ['baseline', 'run'].map(name => { const root = document.getElementById(name);
              return [root.querySelector('.nav-bar .nav-title').textContent, !!root.querySelector('.nav-bar .nav-plus'),
                      !!root.querySelector('.add-sheet .text-field .partial-name'), !!root.querySelector('.add-sheet .add-button')].join(' '); })
            """
        #expect(try page.evaluate(chrome) as? [String] == ["TimeTrave true true true", "TimeTrave true true true"])
        let afterTravels = collected.travels.flatMap { [$0.newestFrame + 1, $0.newestFrame + 2] }.filter { $0 < states.count }
        let looked = Array(Set(Array(stride(from: 0, to: states.count, by: 13)) + afterTravels + [states.count - 1])).sorted()
        let everyShown = try #require(
            page.evaluate(
                "\(looked).map(f => { \(Self.scrub(to: 0).replacingOccurrences(of: "'0'", with: "String(f)")); return \(Self.sides); })"
            ) as? [[[String: Any]]])
        #expect(everyShown.count == looked.count)
        for (frame, shown) in zip(looked, everyShown) {
            let state = states[frame]
            for side in shown {
                #expect(side["frame"] as? String == String(frame))
                #expect(side["items"] as? [String] == state.todoItems.map(\.title), "frame \(frame)")
                #expect(side["switches"] as? [String] == state.todoItems.map { String($0.isFinished) }, "frame \(frame)")
                #expect(side["creating"] as? Bool == state.isCreatingItem, "frame \(frame)")
                #expect(side["partial"] as? String == state.partialItemName, "frame \(frame)")
                #expect(side["stateName"] as? String == state.stateName, "frame \(frame)")
            }
        }
    }

    @Test(
        "a report whose digests another reducer made marks the frames no digest proves, and the track",
        arguments: Engine.available)
    func unverifiedFrames(engine: Engine) throws {
        // The other app's reducer, in this test only: cancel also clears what was typed.
        // A session whose cancel parts the reducers at frame 4.
        var text = RecordEncoder.line(for: SessionHeader(sessionId: "other"))
        var state = TodoState()
        let events: [TodoEvent] = [
            .startCreatingItem, .changePartialItemName("B"), .changePartialItemName("Bu"), .cancelCreatingItem, .startCreatingItem,
            .changePartialItemName("Tea"), .addItem(id: UUID()),
        ]
        for (seq, event) in events.enumerated() {
            state.update(with: event)
            if case .cancelCreatingItem = event { state.partialItemName = "" }
            text += RecordEncoder.line(
                for: .dispatched(event), seq: Int64(seq), timestamp: Timestamp(millisecondsSince1970: Double(seq) * 500),
                digest: StateDigest.value(of: state))
        }
        let (folder, status) = try Self.run(["log.jsonl", "-o", "report.html"], logs: ["log.jsonl": text])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(status == 0)
        let page = try engine.openPage()
        try page.load(folder.appendingPathComponent("report.html").absoluteString)
        #expect(try page.evaluate("document.documentElement.dataset.ready") as? String == "true")
        let marked = """
            (() => ({ verified: document.getElementById('frame-view').dataset.verified,
                      notice: !document.getElementById('unverified').hidden }))()
            """
        // Frame 4's digest differs; frame 5's matches again (both reducers empty the name on opening
        // the sheet), which proves it and the frames after it.
        for (frame, verified) in [(0, true), (3, true), (4, false), (5, true), (7, true)] {
            _ = try page.evaluate(Self.scrub(to: frame))
            let shown = try #require(page.evaluate(marked) as? [String: Any])
            #expect(shown["verified"] as? String == (verified ? "true" : "false"), "frame \(frame)")
            #expect(shown["notice"] as? Bool == !verified, "frame \(frame)")
        }
        _ = try page.evaluate(Self.scrub(to: 4))
        #expect(
            try page.evaluate(
                "document.getElementById('unverified').textContent.startsWith('Not verified: this frame may not be what the app showed (a digest on the way to it disagreed')"
            ) as? Bool
                == true)
        // The span starts where frame 4 of 0…7 sits on the track, and ends before frame 5's place.
        let place = """
            (() => { const t = document.querySelector('.track').getBoundingClientRect();
                     const svg = document.querySelector('#unverified-spans svg').getBoundingClientRect();
                     const m = /^M(\\d+) 2H(\\d+)$/.exec(document.querySelector('#unverified-spans path').getAttribute('d'));
                     const x = u => svg.left + u / 10000 * svg.width, at = f => t.left + 8 + f / 7 * (t.width - 16);
                     return [Math.round(Math.abs(x(Number(m[1])) - at(4))), x(Number(m[2])) < at(5) ? 1 : 0]; })()
            """
        #expect(try page.evaluate(place) as? [Int] == [0, 1])
        // The summary counts the digests and the frames they do not prove.
        #expect(
            try page.evaluate(
                "document.getElementById('summary').textContent.includes('State digests: 7 checked, 1 differed: 1 frame not proven to be what the app showed, from frame 4 on')"
            ) as? Bool == true)
    }
}
