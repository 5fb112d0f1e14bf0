import Foundation
import Report
import SessionLog
import Testing
import TodoDomain

/// Reports loaded from `file://` in real browsers (each engine of
/// ``Engine/available``), checked through the page's stable hooks.
/// Serialized: one page at a time on a small machine.
@Suite("Report in each browser", .serialized)
struct ReportInBrowserTests {
    static let sampleURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("seeds/sample-session.jsonl")

    /// What the page shows, read through its hooks.
    struct Shown: Equatable, CustomStringConvertible {
        var frame: Int
        var stateName: String
        var items: [String]
        var switches: [String]
        var count: Int
        var creating: Bool
        var partial: String
        var scrubber: Int

        init(frame: Int, state: TodoState) {
            self.frame = frame
            stateName = state.stateName
            items = state.todoItems.map(\.title)
            switches = state.todoItems.map { $0.isFinished ? "true" : "false" }
            count = state.todoItems.count
            creating = state.isCreatingItem
            partial = state.partialItemName
            scrubber = frame
        }

        init(_ value: Any?) throws {
            let object = try #require(value as? [String: Any])
            frame = object["frame"] as? Int ?? -1
            stateName = object["stateName"] as? String ?? ""
            items = object["items"] as? [String] ?? []
            switches = object["switches"] as? [String] ?? []
            count = object["count"] as? Int ?? -1
            creating = object["creating"] as? Bool ?? false
            partial = object["partial"] as? String ?? ""
            scrubber = object["scrubber"] as? Int ?? -1
        }

        var description: String { "frame \(frame) \(stateName) items \(items) \(switches) creating \(creating) partial \(partial)" }
    }

    static let snapshot = """
        (() => {
          const view = document.getElementById('frame-view');
          const list = document.getElementById('todo-list');
          const rows = [...list.querySelectorAll(':scope > li')];
          const sheet = document.getElementById('add-sheet');
          return {
            frame: Number(view.dataset.frame), stateName: view.dataset.stateName,
            items: rows.map(li => li.querySelector('.item-title').textContent),
            switches: rows.map(li => li.querySelector('.switch').dataset.done),
            count: Number(list.dataset.count), creating: !sheet.hasAttribute('hidden'),
            partial: document.getElementById('partial-name').textContent,
            scrubber: Number(document.querySelector('input#scrubber[type=range]').value),
          };
        })()
        """

    static func scrub(to frame: Int) -> String {
        "(() => { const s = document.getElementById('scrubber'); s.value = '\(frame)'; s.dispatchEvent(new Event('input', {bubbles: true})); })()"
    }

    /// Opens the sample's report (at `hash`) in a fresh page of `engine`.
    static func withSamplePage(in engine: Engine, hash: String = "", _ body: (any PageDriver, [TodoState]) throws -> Void) throws {
        let (url, states, folder) = try sampleReport()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = try engine.openPage()
        try page.load(url.absoluteString + hash)
        try body(page, states)
    }

    /// Writes the sample's report into a fresh folder and returns its URL with the app's states.
    static func sampleReport() throws -> (url: URL, states: [TodoState], folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let log = try Data(contentsOf: sampleURL)
        let builder = ReportBuilder()
        let outcome = try LogReplayer.replay(InMemoryByteSource(Array(log))) { builder.add($0) }
        builder.finish(with: outcome)
        let url = folder.appendingPathComponent("sample report.html")
        try Data(builder.html().utf8).write(to: url)
        return (url, try LogReplayer.collect(InMemoryByteSource(Array(log))).allStates, folder)
    }

    @Test("every frame, first, middle and last, shows exactly the app's state", arguments: Engine.available)
    func everyFrame(engine: Engine) throws {
        try Self.withSamplePage(in: engine) { page, states in
            // Without a hash the page opens on the last frame.
            #expect(try Shown(page.evaluate(Self.snapshot)) == Shown(frame: states.count - 1, state: states[states.count - 1]))
            #expect(try page.evaluate("document.getElementById('scrubber').max") as? String == String(states.count - 1))
            #expect(try page.evaluate("document.getElementById('scrubber').min") as? String == "0")
            for (index, state) in states.enumerated() {
                _ = try page.evaluate(Self.scrub(to: index))
                #expect(try Shown(page.evaluate(Self.snapshot)) == Shown(frame: index, state: state), "frame \(index)")
            }
            // Going backwards (and so through the travel's branch) gives the same frames.
            for index in stride(from: states.count - 1, through: 0, by: -7) {
                _ = try page.evaluate(Self.scrub(to: index))
                #expect(try Shown(page.evaluate(Self.snapshot)) == Shown(frame: index, state: states[index]), "frame \(index)")
            }
        }
    }

    @Test("#frame=N opens frame N, and scrubbing keeps the hash up to date", arguments: Engine.available)
    func deepLink(engine: Engine) throws {
        try Self.withSamplePage(in: engine, hash: "#frame=12") { page, states in
            #expect(try Shown(page.evaluate(Self.snapshot)) == Shown(frame: 12, state: states[12]))
            _ = try page.evaluate(Self.scrub(to: 30))
            try page.waitUntil("location.hash === '#frame=30'", "the address follows the frame shown")
            _ = try page.evaluate("location.hash = '#frame=5'")
            try page.waitUntil("document.getElementById('frame-view').dataset.frame === '5'")
            #expect(try Shown(page.evaluate(Self.snapshot)) == Shown(frame: 5, state: states[5]))
        }
    }

    @Test("keys: arrows step, Home and End jump, Space plays and pauses", arguments: Engine.available)
    func keys(engine: Engine) throws {
        try Self.withSamplePage(in: engine, hash: "#frame=10") { page, states in
            func frame() throws -> Int { try Shown(page.evaluate(Self.snapshot)).frame }
            try page.press("ArrowRight")
            #expect(try frame() == 11)
            try page.press("ArrowLeft")
            try page.press("ArrowLeft")
            #expect(try frame() == 9)
            try page.press("Home")
            #expect(try frame() == 0)
            try page.press("End")
            #expect(try frame() == states.count - 1)
            // On the focused range input the browser's own keys step it.
            _ = try page.evaluate("document.getElementById('scrubber').focus()")
            try page.press("Home")
            try page.press("ArrowRight")
            #expect(try frame() == 1)
            try page.waitUntil("location.hash === '#frame=1'", "the address follows the frame shown")
            // Space plays at the chosen speed, and pauses. At 1x the sample plays for about 20 s, so that
            // playback cannot end by itself while a loaded machine takes seconds between the steps below.
            _ = try page.evaluate("document.getElementById('speed').value = '1'")
            try page.press(" ")
            #expect(try page.evaluate("document.getElementById('play').textContent") as? String == "Pause")
            try page.waitUntil("Number(document.getElementById('frame-view').dataset.frame) > 1", "playing advances")
            try page.press(" ")
            let paused = try frame()
            #expect(paused > 1)
            #expect(try page.evaluate("document.getElementById('play').textContent") as? String == "Play")
            _ = try page.evaluate("new Promise(r => setTimeout(r, 400))")
            #expect(try frame() == paused)
        }
    }

    @Test("the add sheet shows the partial name, the placeholder and a disabled Add when empty", arguments: Engine.available)
    func addSheet(engine: Engine) throws {
        try Self.withSamplePage(in: engine) { page, states in
            let typing = try #require(states.firstIndex { $0.isCreatingItem && $0.partialItemName == "Buy oat" })
            _ = try page.evaluate(Self.scrub(to: typing))
            #expect(try page.evaluate("document.getElementById('add-sheet').hidden") as? Bool == false)
            #expect(try page.evaluate("document.getElementById('partial-name').textContent") as? String == "Buy oat")
            #expect(try page.evaluate("document.getElementById('add-button').dataset.disabled") as? String == "false")
            let opened = try #require(states.firstIndex { $0.isCreatingItem && $0.partialItemName.isEmpty })
            _ = try page.evaluate(Self.scrub(to: opened))
            #expect(try page.evaluate("document.getElementById('placeholder').hidden") as? Bool == false)
            #expect(try page.evaluate("document.getElementById('add-button').dataset.disabled") as? String == "true")
            _ = try page.evaluate(Self.scrub(to: 0))
            #expect(try page.evaluate("document.getElementById('add-sheet').hasAttribute('hidden')") as? Bool == true)
        }
    }

    @Test("the event list jumps on click and highlights the current frame; travels are marked", arguments: Engine.available)
    func eventList(engine: Engine) throws {
        try Self.withSamplePage(in: engine) { page, _ in
            #expect(try page.evaluate("document.querySelector('#event-list li[aria-current=true]').dataset.frame") as? String == "56")
            _ = try page.evaluate("document.getElementById('event-viewport').scrollTop = 0")
            _ = try page.evaluate("new Promise(r => requestAnimationFrame(() => r()))")
            // Frame 1 (frame 3 is a keystroke, folded in a run of them; see FoldingTests).
            _ = try page.evaluate("document.querySelector('#event-list li[data-frame=\"1\"]').click()")
            #expect(try Shown(page.evaluate(Self.snapshot)).frame == 1)
            #expect(try page.evaluate("document.querySelector('#event-list li[aria-current=true]').dataset.frame") as? String == "1")
            // The one travel, at frame 54 of 56, is one line over the scrubber, 54/56 of the way along.
            #expect(try page.evaluate("document.querySelector('#travel-marks path').getAttribute('d').split('M').length - 1") as? Int == 1)
            let markAt = """
                (() => {
                  const track = document.getElementById('travel-marks').getBoundingClientRect();
                  const line = document.querySelector('#travel-marks path').getBoundingClientRect();
                  return Math.round(((line.left + line.right) / 2 - track.left) / track.width * 1000);
                })()
                """
            let permille = try #require(page.evaluate(markAt) as? Int)
            #expect(abs(permille - 964) <= 5, "the travel's mark is \(permille)‰ along the track, not 964‰ (frame 54 of 56)")
            _ = try page.evaluate(Self.scrub(to: 55))
            #expect(
                try page.evaluate("document.querySelector('#event-list li[data-frame=\"55\"] .travel-note').textContent") as? String
                    == "↶ after travel to 52")
        }
    }

    @Test("the summary and the diagnostics are on the page", arguments: Engine.available)
    func summaryAndDiagnostics(engine: Engine) throws {
        var log = try String(contentsOf: Self.sampleURL, encoding: .utf8)
        log += "not json\n{\"type\":\"travel\",\"to\":999}\n"
        let builder = ReportBuilder()
        let outcome = try LogReplayer.replay(InMemoryByteSource(log)) { builder.add($0) }
        builder.finish(with: outcome)
        let url = try Engine.writeTemporaryPage(builder.html(), named: "r.html")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let page = try engine.openPage()
        try page.load(url.absoluteString)
        let headings = try page.evaluate("[...document.querySelectorAll('#summary h3')].map(h => h.textContent)") as? [String]
        #expect(headings == ["Session", "Creation funnel", "Items", "Events by type", "State chain", "Data quality"])
        #expect((try page.evaluate("document.getElementById('summary').textContent") as? String)?.contains("Buy oat milk") == true)
        let diagnostics = try page.evaluate("[...document.querySelectorAll('#diagnostics li')].map(li => li.textContent)") as? [String]
        #expect(diagnostics?.count == 2)
        #expect(diagnostics?.first?.contains("invalid-json") == true)
        #expect(diagnostics?.first?.contains("line 59:2") == true)
        #expect(diagnostics?.last?.contains("travel-out-of-range") == true)
    }

    @Test("loading and using a report makes no network request and breaks no CSP rule", arguments: Engine.available)
    func noRequestsNoViolations(engine: Engine) throws {
        try Self.withSamplePage(in: engine) { page, _ in
            for frame in [0, 20, 40, 56] { _ = try page.evaluate(Self.scrub(to: frame)) }
            try page.press("Home")
            try page.press(" ")
            _ = try page.evaluate("new Promise(r => setTimeout(r, 300))")
            try page.press(" ")
            #expect(try page.violations() == [])
            #expect(try page.evaluate("document.documentElement.dataset.ready") as? String == "true")
            let document = try page.evaluate("location.href.split('#')[0]") as? String
            #expect(document?.hasPrefix("file:///") == true)
            #expect(try page.requests() == [document].compactMap { $0 }, "the report itself, and nothing else")
            let errors = try page.errors()
            #expect(errors.isEmpty, "\(errors)")
        }
    }

    /// Chromium only: WebDriver cannot turn script off for one page.
    @Test("without JavaScript the page still shows the final frame, the summary and a note")
    func withoutJavaScript() throws {
        try Self.withSamplePageWithoutScript { page, states throws in
            #expect(try Shown(page.evaluate(Self.snapshot)) == Shown(frame: states.count - 1, state: states[states.count - 1]))
            #expect(try page.evaluate("document.getElementById('no-script').hidden") as? Bool == false)
            #expect(try page.evaluate("document.getElementById('scrubber').disabled") as? Bool == true)
            #expect(try page.evaluate("document.querySelectorAll('#summary h3').length") as? Int == 6)
        }
    }

    /// Loads the sample's report in Chromium with script turned off (then on
    /// again, to read the page): what a reader without JavaScript sees.
    /// Chromium only: WebDriver cannot turn script off for one page.
    static func withSamplePageWithoutScript(_ body: (BrowserPage, [TodoState]) throws -> Void) throws {
        let (url, states, folder) = try sampleReport()
        defer { try? FileManager.default.removeItem(at: folder) }
        let browser = try Chromium()
        let page = try browser.newPage()
        try page.send("Emulation.setScriptExecutionDisabled", ["value": true])
        try page.load(url.absoluteString)
        try page.send("Emulation.setScriptExecutionDisabled", ["value": false])
        try body(page, states)
    }
}
