import Foundation
import Report
import SessionLog
import Testing
import TodoDomain

/// The page replays every frame once when it opens, keeping checkpoints, and
/// follows a travel back by undoing the last frames or, past what it keeps
/// to undo, by rebuilding from a checkpoint. A long session with travels of
/// every reach (a few frames, thousands, into abandoned branches) shows the
/// app's state at every frame looked at.
@Suite("Travels replayed in each browser", .serialized)
struct TravelReplayTests {
    /// A session of `events` events (travels not counted) whose items stay
    /// few enough to be drawn whole: each frame is checked item by item.
    static func travelingLog(events: Int) -> String {
        var lines = [
            #"{"type":"session","schema":"todo-session/1","sessionId":"travels","app":"TimeTrave","appVersion":"1","startedAt":"2026-11-29T09:00:00.000Z"}"#
        ]
        // The model's items and creating flag at each frame, to write only events that apply.
        struct Model {
            var items: [(id: String, done: Bool)] = []
            var creating = false
            var partial = ""
        }
        var models = [Model()]
        // Each frame's parent and whether its event changed the items (an add or a done), to aim travels.
        var parents = [0]
        var changedItems = [false]
        var model = Model()
        var seed: UInt64 = 7
        func random(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        var seq = 0
        var made = 0
        var at = 0
        while made < events {
            let roll = random(1000)
            // From a tenth to nine tenths of the way, fewer travels and only a few dozen frames back along the path,
            // so the path grows past what the page keeps to undo.
            let calm = made > events / 10 && made < events * 9 / 10
            if at > 10 && roll < (calm ? 4 : 15) {
                var to: Int?
                switch roll % 3 {
                case 0, 1:
                    // Back along the path to just before a frame that changed the items (so undoing one frame too few shows).
                    var frame = at
                    let reach = roll % 3 == 0 || calm ? 60 : random(4) == 0 ? 3000 : 300
                    for _ in 0..<random(reach) where frame > 0 { frame = parents[frame] }
                    while frame > 0 && !changedItems[frame] { frame = parents[frame] }
                    if frame > 0 { to = parents[frame] }
                default:
                    // Anywhere, often into an abandoned branch, or thousands of frames back.
                    if !calm { to = random(2) == 0 ? random(at + 1) : max(0, at - 4500 - random(2000)) }
                }
                if let to {
                    lines.append(#"{"type":"travel","seq":\#(seq),"to":\#(to)}"#)
                    seq += 1
                    model = models[to]
                    at = to
                    continue
                }
            }
            let event: String
            if !model.creating {
                if !model.items.isEmpty && roll < 500 {
                    let index = random(model.items.count)
                    model.items[index].done.toggle()
                    event = #""event":"setItemDone","id":"\#(model.items[index].id)","isDone":\#(model.items[index].done)"#
                } else {
                    model.creating = true
                    model.partial = ""
                    event = #""event":"startCreatingItem""#
                }
            } else if model.partial.count < 3 || (roll < 700 && model.partial.count < 12) {
                let letters = Array("abcdéfgh ✓")
                model.partial.append(letters[random(letters.count)])
                event = #""event":"changePartialItemName","name":"\#(model.partial)""#
            } else if model.items.count < 40 && roll < 960 {
                let id = String(format: "00000000-0000-4000-8000-%012X", made)
                model.items.append((id, false))
                model.creating = false
                model.partial = ""
                event = #""event":"addItem","id":"\#(id)""#
            } else {
                model.creating = false
                event = #""event":"cancelCreatingItem""#
            }
            lines.append(#"{"type":"event","seq":\#(seq),\#(event)}"#)
            seq += 1
            made += 1
            models.append(model)
            parents.append(at)
            changedItems.append(event.contains("addItem") || event.contains("setItemDone"))
            at = models.count - 1
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("after near, far and branch-crossing travels, each frame looked at shows the app's state", arguments: Engine.available)
    func travels(engine: Engine) throws {
        let log = Array(Self.travelingLog(events: 30000).utf8)
        let builder = ReportBuilder()
        let outcome = try LogReplayer.replay(InMemoryByteSource(log)) { builder.add($0) }
        builder.finish(with: outcome)
        let collected = try LogReplayer.collect(InMemoryByteSource(log))
        let states = collected.allStates
        #expect(collected.diagnostics.isEmpty, "\(collected.diagnostics.prefix(3))")
        #expect(collected.travels.count > 80)
        let url = try Engine.writeTemporaryPage(builder.html(), named: "travels.html")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }

        let page = try engine.openPage()
        try page.load(url.absoluteString)
        // The last frame is drawn at start, rebuilt from frame 0; the others once every checkpoint is placed
        // (after the start, 16,384 frames at a time: this session has more), rebuilt from them.
        #expect(states.count > 16_384)
        try page.waitUntil("document.documentElement.dataset.checkpoints === 'placed'", "the checkpoints placed")
        // The last frame, every tenth frame and the two after each travel, in batches of one call each.
        let afterTravels = collected.travels.flatMap { [$0.newestFrame + 1, $0.newestFrame + 2] }.filter { $0 < states.count }
        let looked = [states.count - 1] + Array(Set(Array(stride(from: 0, to: states.count, by: 10)) + afterTravels)).sorted()
        for batch in stride(from: 0, to: looked.count, by: 500) {
            let frames = Array(looked[batch..<min(looked.count, batch + 500)])
            let shown = try page.evaluate(
                "\(frames).map(f => { \(ReportInBrowserTests.scrub(to: 0).replacingOccurrences(of: "'0'", with: "String(f)")); return \(ReportInBrowserTests.snapshot); })"
            )
            let list = try #require(shown as? [Any])
            for (frame, value) in zip(frames, list) {
                #expect(
                    try ReportInBrowserTests.Shown(value) == ReportInBrowserTests.Shown(frame: frame, state: states[frame]),
                    "frame \(frame)")
            }
        }
    }

    @Test(
        "travels in a row are all named on the frame after them; travels after the last event say where the session ended, with a way there",
        arguments: Engine.available)
    func travelsInARowAndAtTheEnd(engine: Engine) throws {
        let log =
            Self.event(#""startCreatingItem""#) + Self.event(#""changePartialItemName","name":"Milk""#) + Self.event(#""addItem""#)
            + #"{"type":"travel","to":2}"# + "\n" + #"{"type":"travel","to":1}"# + "\n" + Self.event(#""cancelCreatingItem""#)
            + #"{"type":"travel","to":3}"# + "\n"
        let (page, folder) = try PageState.openReport(of: log, in: engine)
        defer { withExtendedLifetime(folder) {} }
        try page.waitUntil("document.getElementById('ended-on') !== null")
        #expect(
            try page.evaluate("document.getElementById('ended-on').textContent") as? String
                == "After its last event the person travelled back: the session ended on frame 3. Show frame 3")
        // The page opens on the newest frame, 4; the button goes to where the screen ended.
        #expect(try page.evaluate(ActivityStripTests.shownFrame) as? Int == 4)
        _ = try page.evaluate("document.querySelector('#ended-on button').click()")
        #expect(try page.evaluate(ActivityStripTests.shownFrame) as? Int == 3)
        #expect(
            try page.evaluate("document.querySelector('#event-list li[data-frame=\"4\"] .travel-note').textContent") as? String
                == "↶ after travels to 2, then 1")
        // The addItem had no id: the one the replay derived is said to be that, in the list and the frame's details.
        #expect(
            (try page.evaluate("document.querySelector('#event-list li[data-frame=\"3\"] .payload').textContent") as? String)?
                .hasPrefix("derived id ") == true)
        _ = try page.evaluate(ReportInBrowserTests.scrub(to: 3))
        #expect((try page.evaluate("document.getElementById('frame-payload').textContent") as? String)?.hasPrefix("derived id ") == true)
    }

    /// An event record's line, from what follows its `"event":`.
    static func event(_ body: String) -> String { #"{"type":"event","event":"# + body + "}\n" }

    /// The sheet opened and "a", "ab", "abc" typed (frames 1–4), then a travel back to 3 and "abd" typed (frame 5).
    static let typedThenTravelled =
        event(#""startCreatingItem""#) + event(#""changePartialItemName","name":"a""#) + event(#""changePartialItemName","name":"ab""#)
        + event(#""changePartialItemName","name":"abc""#) + #"{"type":"travel","to":3}"# + "\n"
        + event(#""changePartialItemName","name":"abd""#)

    /// Each drawn row's first frame and its undone mark, if any (`-` for none).
    static let undoneMarks = """
        JSON.stringify([...document.querySelectorAll('#event-list li')].map(li =>
          [Number(li.dataset.frame), (li.querySelector('.undone-mark') || {textContent: '-'}).textContent]))
        """

    @Test(
        "a row whose frames time travel left on a branch is marked undone, a folded run partly so; as many as the summary's undone frames",
        arguments: Engine.available)
    func undoneRowsMarked(engine: Engine) throws {
        let log = Self.typedThenTravelled + #"{"type":"travel","to":1}"# + "\n" + Self.event(#""cancelCreatingItem""#)
        let (page, folder) = try PageState.openReport(of: log, in: engine)
        defer { withExtendedLifetime(folder) {} }
        // Frames: 1 start, 2–4 typed (a run), 5 typed after a travel to 3, 6 cancel after a travel to 1. The journey: 0, 1, 6.
        let folded = try #require(try page.evaluate(Self.undoneMarks) as? String)
        #expect(folded == "[[0,\"-\"],[1,\"-\"],[2,\"undone\"],[5,\"undone\"],[6,\"-\"]]", "\(folded)")
        _ = try page.evaluate("document.getElementById('show-every-event').click()")
        let every = try #require(try page.evaluate(Self.undoneMarks) as? String)
        #expect(every == "[[0,\"-\"],[1,\"-\"],[2,\"undone\"],[3,\"undone\"],[4,\"undone\"],[5,\"undone\"],[6,\"-\"]]", "\(every)")
        #expect(
            try page.evaluate(
                "document.getElementById('summary').textContent.includes('Undone frames: 4 (left on branches by time travel)')")
                as? Bool == true)
        #expect(try page.violations() == [] && page.errors() == [])
    }

    @Test("a folded run that a travel went back into is marked partly undone", arguments: Engine.available)
    func partlyUndoneRun(engine: Engine) throws {
        let (page, folder) = try PageState.openReport(of: Self.typedThenTravelled, in: engine)
        defer { withExtendedLifetime(folder) {} }
        // The run 2–4 holds 2 and 3, on the journey (0, 1, 2, 3, 5), and 4, off it.
        let marks = try #require(try page.evaluate(Self.undoneMarks) as? String)
        #expect(marks == "[[0,\"-\"],[1,\"-\"],[2,\"partly undone\"],[5,\"-\"]]", "\(marks)")
    }
}
