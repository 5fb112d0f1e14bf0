import Foundation
import Report
import SessionLog
import Testing
import TodoDomain

/// The page draws whatever the frames' patches say, knowing nothing of what
/// events do: a change to the reducer shows in the report with no edit to
/// JavaScript.
@Suite("Patches drawn in each browser", .serialized)
struct PatchDrawingTests {
    static let idA = UUID(uuidString: "0000000A-0000-4000-8000-000000000000")!
    static let idB = UUID(uuidString: "0000000B-0000-4000-8000-000000000000")!

    /// Patches no version of the Todo reducer makes: a cancel that appends
    /// a finished item, a start that changes nothing, a typed name that
    /// finishes an item and invents a state name.
    static let patches: [(TodoEvent, TodoPatch)] = [
        (
            .cancelCreatingItem,
            TodoPatch(
                isCreatingItem: .init(old: false, new: true), partialItemName: .init(old: "", new: "typed by a patch"),
                appendedItem: TodoItem(id: idA, title: "appended by a cancel", isFinished: true),
                stateName: .init(old: "runStart", new: "aStateNoReducerNames"))
        ),
        (.startCreatingItem, TodoPatch()),
        (
            .changePartialItemName("ignored"),
            TodoPatch(
                appendedItem: TodoItem(id: idB, title: "second"),
                itemFinished: .init(index: 0, old: true, new: false),
                stateName: .init(old: "aStateNoReducerNames", new: "another"))
        ),
        (.addItem(id: idB), TodoPatch(partialItemName: .init(old: "typed by a patch", new: ""))),
    ]

    @Test("each frame shows the state its patches make, whatever the event", arguments: Engine.available)
    func drawsPatches(engine: Engine) throws {
        let builder = ReportBuilder()
        var state = TodoState()
        var states = [state]
        for (number, (event, patch)) in Self.patches.enumerated() {
            state.redo(patch)
            states.append(state)
            builder.add(
                .frame(
                    Frame(
                        index: number + 1, parent: number, event: event, patch: patch, line: number + 1, stateName: state.stateName)))
        }
        let url = try Engine.writeTemporaryPage(builder.html(), named: "patches.html")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }

        let page = try engine.openPage()
        try page.load(url.absoluteString + "#frame=0")
        for (index, expected) in states.enumerated() {
            _ = try page.evaluate(ReportInBrowserTests.scrub(to: index))
            #expect(
                try ReportInBrowserTests.Shown(page.evaluate(ReportInBrowserTests.snapshot))
                    == ReportInBrowserTests.Shown(frame: index, state: expected), "frame \(index)")
        }
        // The event list names the events as logged, beside what their patches did.
        let names = try page.evaluate("[...document.querySelectorAll('#event-list li .name')].map(e => e.textContent)") as? [String]
        #expect(names == ["runStart (initial state)"] + Self.patches.map { $0.0.kind.rawValue })
    }

    @Test("data of another format version is not drawn; the page says why", arguments: Engine.available)
    func otherVersion(engine: Engine) throws {
        let builder = ReportBuilder()
        let html = try builder.html().replacingOccurrences(of: #"{"v":5,"#, with: #"{"v":99,"#)
        let url = try Engine.writeTemporaryPage(html, named: "old.html")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let page = try engine.openPage()
        try page.load(url.absoluteString)
        let message = try page.evaluate("document.getElementById('no-script').textContent") as? String ?? ""
        #expect(message.contains("version 5, but its data is of version 99"))
        #expect(try page.evaluate("document.getElementById('no-script').hidden") as? Bool == false)
        #expect(try page.evaluate("document.getElementById('scrubber').disabled") as? Bool == true)
    }
}

/// Keystrokes that add to the name typed are written as what they add; the
/// page rebuilds every name, in the phone, the frame's payload and the event
/// list, through emoji, combining marks, a deletion and a travel back into the typing.
@Suite("Typed names rebuilt in each browser", .serialized)
struct TypedNameTests {
    static let names = ["a", "ab", "ab😀", "ab😀e", "ab😀e\u{301}", "ab", "abc", "abcd"]

    @Test("every keystroke's name, whole, wherever the page shows it", arguments: Engine.available)
    func everyName(engine: Engine) throws {
        var lines = [#"{"type":"session","schema":"todo-session/1"}"#, #"{"type":"event","event":"startCreatingItem"}"#]
        lines += Self.names.map { #"{"type":"event","event":"changePartialItemName","name":\#(JSONString.literal($0))}"# }
        // Back to "ab😀" (frame 4), then typing on from there: an extension of a name set before the travel.
        lines += [#"{"type":"travel","to":4}"#, #"{"type":"event","event":"changePartialItemName","name":"ab😀!"}"#]
        let log = lines.map { $0 + "\n" }.joined()
        let states = try LogReplayer.collect(InMemoryByteSource(log)).allStates
        let builder = ReportBuilder()
        let outcome = try LogReplayer.replay(InMemoryByteSource(log)) { builder.add($0) }
        builder.finish(with: outcome)
        let html = try builder.html()
        #expect(html.contains(#","plus":0}"#), "keystrokes are written as what they add")
        let url = try Engine.writeTemporaryPage(html, named: "typed.html")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let page = try engine.openPage()
        try page.load(url.absoluteString)
        _ = try page.evaluate("document.getElementById('show-every-event').click()")
        let rows = try #require(
            try page.evaluate("[...document.querySelectorAll('#event-list li')].map(li => li.querySelector('.payload')?.textContent ?? '')")
                as? [String])
        for frame in 1..<states.count {
            _ = try page.evaluate(ReportInBrowserTests.scrub(to: frame))
            let partial = states[frame].partialItemName
            #expect(try page.evaluate("document.getElementById('partial-name').textContent") as? String == partial, "frame \(frame)")
            if frame >= 2 {
                let payload = "name " + JSONString.literal(partial)
                #expect(try page.evaluate("document.getElementById('frame-payload').textContent") as? String == payload, "frame \(frame)")
                #expect(rows[safe: frame] == payload, "frame \(frame)'s row")
            }
        }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
