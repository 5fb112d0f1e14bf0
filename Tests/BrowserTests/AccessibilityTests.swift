import Foundation
import Report
import SessionLog
import Testing

/// axe-core (WCAG 2.0, 2.1 and 2.2 A and AA, and best practices) over every
/// page in every state a person reaches, in each engine; in Chromium also in
/// the dark scheme and as printed (paper has no pointer: `target-size` is left
/// out there, and the print layout packs the index's table tighter). Any violation of impact serious or critical fails,
/// printed with its rule, the elements and how to fix them.
@Suite("Accessibility by axe-core in each browser", .serialized)
struct AccessibilityTests {
    static var cases: [(Engine, PageState)] { Engine.available.flatMap { engine in PageState.all.map { (engine, $0) } } }

    @Test("no serious or critical violation", arguments: cases)
    func noSeriousViolations(engine: Engine, state: PageState) throws {
        let (page, folder, _) = try state.open(in: engine)
        defer { _ = folder }
        var schemes: [(name: String, media: [String: Any])] = [("light", [:])]
        if engine == .chromium {
            schemes += [
                ("dark", ["media": "screen", "features": [["name": "prefers-color-scheme", "value": "dark"]]]),
                ("print", ["media": "print", "features": [["name": "prefers-color-scheme", "value": "dark"]]]),
            ]
        }
        for (scheme, media) in schemes {
            if let chromium = page as? BrowserPage, !media.isEmpty {
                try chromium.send("Emulation.setEmulatedMedia", media)
                _ = try page.evaluate(PageState.painted)
            }
            let violations = try Checkers.axe(page, skipping: scheme == "print" ? ["target-size"] : [])
            #expect(
                violations.isEmpty,
                "\(engine), \(state.name), \(scheme) scheme: \(violations.count) serious or critical:\n\(violations.map(\.description).joined(separator: "\n"))"
            )
        }
        #expect(try page.violations() == [])
    }

    /// The defects the checkers found before, put back into a copy of the templates.
    static let defects: [(name: String, rule: String, templates: @Sendable () -> PageTemplates)] = [
        (
            "the travel note in #ff9500 again", "color-contrast",
            {
                var templates = PageTemplates.builtIn
                templates.css += "\n#event-list .travel-note { color: #ff9500; }\n"
                return templates
            }
        ),
        (
            "the (empty) diagnostics' scroll box a named div without a role again", "aria-prohibited-attr",
            {
                var templates = PageTemplates.builtIn
                templates.html = templates.html.replacingOccurrences(
                    of: "id=\"diagnostic-viewport\" tabindex=\"0\" role=\"region\"", with: "id=\"diagnostic-viewport\" tabindex=\"0\"")
                return templates
            }
        ),
    ]

    @Test("axe fails a report with a contrast or an ARIA defect put back", arguments: Engine.available)
    func defectsFail(engine: Engine) throws {
        for defect in Self.defects {
            let templates = defect.templates()
            #expect(templates.html != PageTemplates.builtIn.html || templates.css != PageTemplates.builtIn.css, "\(defect.name): changed")
            let folder = try TemporaryFolder("defect")
            let builder = ReportBuilder()
            let outcome = try LogReplayer.replay(InMemoryByteSource(try PageState.sample())) { builder.add($0) }
            builder.finish(with: outcome)
            let url = folder.url.appendingPathComponent("defect.html")
            try Data(builder.html(templates: templates).utf8).write(to: url)
            let page = try engine.openPage()
            try page.load(url.absoluteString)
            try page.waitUntil("document.documentElement.dataset.ready === 'true'")
            // The sample's frame 55 is made right after a travel: its row carries the travel note.
            _ = try page.evaluate(ReportInBrowserTests.scrub(to: 55))
            let rules = try Checkers.axe(page).map(\.rule)
            #expect(rules.contains(defect.rule), "\(engine), \(defect.name): axe reported \(rules)")
        }
    }
}

/// What the mouse does, the keys do; and the focus always shows.
@Suite("Keyboard and focus in each browser", .serialized)
struct KeyboardTests {
    static let focused = """
        (() => { const e = document.activeElement;
          return {row: e && e.dataset.row !== undefined ? Number(e.dataset.row) : null, frame: e && e.dataset.frame !== undefined ? Number(e.dataset.frame) : null,
            expanded: e ? e.getAttribute('aria-expanded') : null, shown: Number(document.getElementById('frame-view').dataset.frame),
            level: e ? e.getAttribute('aria-level') : null, position: e ? e.getAttribute('aria-posinset') : null, size: e ? e.getAttribute('aria-setsize') : null}; })()
        """

    @Test(
        "the event list's rows: arrows move the focus, Enter goes to a frame, Right and Left open, enter, leave and fold a run, never stepping the frame; each row says its place",
        arguments: Engine.available)
    func eventTree(engine: Engine) throws {
        try ReportInBrowserTests.withSamplePage(in: engine, hash: "#frame=1") { page, _ in
            _ = try page.evaluate("document.querySelector('#event-list li[tabindex=\"0\"]').focus()")
            func now() throws -> [String: Any] { try #require(try page.evaluate(Self.focused) as? [String: Any]) }
            #expect(try now()["frame"] as? Int == 1, "the current frame's row takes the focus")
            try page.press("ArrowDown")
            var row = try now()
            #expect(row["frame"] as? Int == 2 && row["expanded"] as? String == "false", "the folded run of keystrokes: \(row)")
            #expect(row["shown"] as? Int == 1, "moving the focus does not move the frame")
            try page.press("ArrowRight")
            row = try now()
            #expect(row["expanded"] as? String == "true", "Right opens the run: \(row)")
            let runSize = try #require(
                try page.evaluate("Number(document.activeElement.dataset.last) - Number(document.activeElement.dataset.frame) + 1") as? Int)
            #expect(
                row["level"] as? String == "1" && row["position"] as? String == "3",
                "the run is the first level's third row (frames 0 and 1 before it): \(row)")
            try page.press("ArrowRight")
            row = try now()
            #expect(
                row["frame"] as? Int == 2 && row["level"] as? String == "2" && row["position"] as? String == "1"
                    && row["size"] as? String == String(runSize),
                "Right on an open run moves to its first keystroke, 1 of \(runSize): \(row)")
            try page.press("ArrowDown")
            row = try now()
            #expect(row["frame"] as? Int == 3, "the run's second keystroke: \(row)")
            try page.press("Enter")
            #expect(try now()["shown"] as? Int == 3, "Enter goes to the frame")
            try page.press("ArrowLeft")
            row = try now()
            #expect(row["frame"] as? Int == 2 && row["expanded"] as? String == "true", "Left on a keystroke moves to its run: \(row)")
            #expect(row["shown"] as? Int == 3, "Left in the tree does not step the frame")
            try page.press("ArrowLeft")
            #expect(try now()["expanded"] as? String == "false", "Left folds it again")
            try page.press("ArrowUp")
            try page.press("ArrowRight")
            row = try now()
            #expect(row["frame"] as? Int == 1 && row["shown"] as? Int == 3, "Right on a frame's row neither moves nor steps: \(row)")
            try page.press("ArrowDown")
            try page.press(" ")
            #expect(try now()["expanded"] as? String == "true", "Space does what a click does")
            try page.press("End")
            try page.press("Enter")
            #expect(try now()["shown"] as? Int == 56)
        }
    }

    @Test(
        "the event list's focus is always on a row that is drawn: Page Down moves it, scrolling away hands it to a row in view",
        arguments: Engine.available)
    func eventListFocusStaysDrawn(engine: Engine) throws {
        try KeptRowsTests.withPage(in: engine) { page, _, count in
            _ = try page.evaluate(ReportInBrowserTests.scrub(to: count / 2))
            _ = try page.evaluate("document.querySelector('#event-list li[tabindex=\"0\"]').focus()")
            let start = try #require(try page.evaluate("Number(document.activeElement.dataset.row)") as? Int)
            let inList = "document.getElementById('event-list').contains(document.activeElement) && document.activeElement.isConnected"
            for _ in 0..<3 { try page.press("PageDown") }
            #expect(try page.evaluate(inList) as? Bool == true, "Page Down keeps the focus on a row")
            let row = try #require(try page.evaluate("Number(document.activeElement.dataset.row)") as? Int)
            #expect(row > start + 10, "Page Down moves it a page at a time: \(start) → \(row)")
            // Scrolled far away (the wheel, a scroll bar): the focus goes to a row in view, never to the page.
            _ = try page.evaluate("(() => { const v = document.getElementById('event-viewport'); v.scrollTop += 20000; })()")
            try page.waitUntil(
                "(() => { const v = document.getElementById('event-viewport'), e = document.activeElement, r = e.getBoundingClientRect(), b = v.getBoundingClientRect();"
                    + " return \(inList) && r.top >= b.top - 1 && r.bottom <= b.bottom + 1; })()", "the focused row is in view")
            // With the focus elsewhere, Tab still finds a row to land on.
            _ = try page.evaluate("document.getElementById('scrubber').focus()")
            _ = try page.evaluate("(() => { const v = document.getElementById('event-viewport'); v.scrollTop = 0; })()")
            try page.waitUntil("!!document.querySelector('#event-list li[tabindex=\"0\"]')", "a row keeps the list's Tab stop")
        }
    }

    /// The report of a log of `events` (after a header), opened in `engine` at frame `frame` (the last
    /// without one) once its script has run; the folder holding it lives as long as the caller keeps it.
    static func openReport(of events: [String], in engine: Engine, at frame: Int? = nil) throws -> (any PageDriver, TemporaryFolder) {
        let log = ([#"{"type":"session","schema":"todo-session/1","app":"Long"}"#] + events).map { $0 + "\n" }.joined()
        let folder = try TemporaryFolder("keyboard")
        let url = try PageState.report(Array(log.utf8), in: folder.url, named: "report.html")
        let page = try engine.openPage()
        try page.load(url.absoluteString + (frame.map { "#frame=\($0)" } ?? ""))
        try page.waitUntil("document.documentElement.dataset.ready === 'true'", "the page's script ran")
        return (page, folder)
    }

    @Test(
        "the whole text's panel is a modal dialog: the focus stays in it, keys do not move the frame, Escape closes it and gives the focus back",
        arguments: Engine.available)
    func fullTextPanel(engine: Engine) throws {
        let title = String(repeating: "long title ", count: 400)
        let (page, folder) = try Self.openReport(
            of: [
                #"{"type":"event","event":"startCreatingItem"}"#, #"{"type":"event","event":"changePartialItemName","name":"\#(title)"}"#,
                #"{"type":"event","event":"addItem","id":"00000000-0000-4000-8000-000000000001"}"#,
            ], in: engine)
        defer { _ = folder }
        _ = try page.evaluate("document.querySelector('#todo-list .more-text').focus()")
        try page.press("Enter")
        try page.waitUntil("!document.getElementById('full-text').hidden", "the panel opens")
        #expect(try page.evaluate("document.activeElement.id") as? String == "full-text-close")
        #expect(
            try page.evaluate(
                "document.getElementById('scrubber').matches('[inert] *') && !document.getElementById('full-text').closest('[inert]')")
                as? Bool == true, "the page behind the dialog is inert, the dialog is not")
        for _ in 0..<5 {
            try page.press("Tab")
            #expect(try page.evaluate("document.getElementById('full-text').contains(document.activeElement)") as? Bool == true)
        }
        for key in ["Home", "ArrowLeft", "End", " "] { try page.press(key) }
        #expect(try page.evaluate("Number(document.getElementById('frame-view').dataset.frame)") as? Int == 3, "the frame stays")
        try page.press("Escape")
        #expect(try page.evaluate("document.getElementById('full-text').hidden") as? Bool == true)
        #expect(try page.evaluate("document.querySelectorAll('[inert]').length") as? Int == 0, "the page is live again")
        #expect(
            try page.evaluate("document.activeElement.classList.contains('more-text') && document.activeElement.isConnected") as? Bool
                == true,
            "the focus is back on the button that opened it")
    }

    @Test(
        "a focused button keeps the focus while the frame moves: the state panel's and the typed name's, when the name stays; a row's, as playback stops",
        arguments: Engine.available)
    func focusSurvivesSteps(engine: Engine) throws {
        let name = String(repeating: "a long name ", count: 200)
        let (page, folder) = try Self.openReport(
            of: [
                #"{"type":"event","event":"startCreatingItem"}"#, #"{"type":"event","event":"changePartialItemName","name":"\#(name)"}"#,
                #"{"type":"event","event":"changePartialItemName","name":"\#(name)"}"#, #"{"type":"event","event":"cancelCreatingItem"}"#,
            ], in: engine, at: 2)
        defer { _ = folder }
        // The state panel's button, on a line the step redraws (marked changed at frame 2, not at 3): the focus stays on its new button.
        _ = try page.evaluate("document.querySelector('#state-json .more-text').focus()")
        try page.press("ArrowRight")
        #expect(try page.evaluate("Number(document.getElementById('frame-view').dataset.frame)") as? Int == 3, "the step was taken")
        #expect(
            try page.evaluate(
                "document.getElementById('state-json').contains(document.activeElement) && document.activeElement.classList.contains('more-text')"
            ) as? Bool == true, "the state panel's button keeps the focus")
        try page.press("ArrowLeft")
        #expect(try page.evaluate("Number(document.getElementById('frame-view').dataset.frame)") as? Int == 2)
        _ = try page.evaluate("document.querySelector('#partial-name .more-text').focus()")
        try page.press("ArrowRight")
        #expect(try page.evaluate("Number(document.getElementById('frame-view').dataset.frame)") as? Int == 3)
        #expect(
            try page.evaluate("document.activeElement.classList.contains('more-text') && document.activeElement.isConnected") as? Bool
                == true,
            "the name's button keeps the focus")
        // Playing, then moving through the event list: playback stops rather than pull the focus back to its frame.
        _ = try page.evaluate("(() => { location.hash = '#frame=0'; document.getElementById('play').click(); })()")
        _ = try page.evaluate("document.querySelector('#event-list li[tabindex=\"0\"]').focus()")
        try page.press("ArrowDown")
        #expect(try page.evaluate("document.getElementById('play').textContent") as? String == "Play", "playback stopped")
    }

    /// The text a screen reader reads in an element: what is hidden from it (`aria-hidden`, `hidden`) left
    /// out, an image as its name, in brackets.
    static let spokenText = """
        (e => (function spoken(n) {
          if (n.nodeType === 3) return n.data;
          if (n.nodeType !== 1 || n.hidden || n.getAttribute('aria-hidden') === 'true') return '';
          if (n.getAttribute('role') === 'img') return ' [' + n.getAttribute('aria-label') + ']';
          return [...n.childNodes].map(spoken).join('');
        })(e).replace(/\\s+/g, ' ').trim())
        """

    @Test(
        "the phone is a picture: no switch, button, text box or dialog that cannot be used, and each part says its state in words",
        arguments: Engine.available)
    func phoneIsAPicture(engine: Engine) throws {
        let (page, folder) = try Self.openReport(
            of: [
                #"{"type":"event","event":"startCreatingItem"}"#, #"{"type":"event","event":"changePartialItemName","name":"Milk"}"#,
                #"{"type":"event","event":"addItem","id":"00000000-0000-4000-8000-000000000001"}"#,
                #"{"type":"event","event":"setItemDone","id":"00000000-0000-4000-8000-000000000001","isDone":true}"#,
                #"{"type":"event","event":"startCreatingItem"}"#, #"{"type":"event","event":"changePartialItemName","name":"Bread"}"#,
                #"{"type":"event","event":"addItem","id":"00000000-0000-4000-8000-000000000002"}"#,
                #"{"type":"event","event":"startCreatingItem"}"#, #"{"type":"event","event":"changePartialItemName","name":"Oat"}"#,
            ], in: engine, at: 9)
        defer { _ = folder }
        let exposed = """
            [...document.querySelectorAll('#frame-view *')]
              .filter(e => e.hasAttribute('role') || [...e.attributes].some(a => /^aria-(?!hidden$|label$)/.test(a.name)))
              .map(e => e.tagName.toLowerCase() + ':' + e.getAttribute('role'))
            """
        #expect(
            try page.evaluate(exposed) as? [String] == ["div:region", "span:img", "span:img", "div:group"],
            "the list's scroll box, a picture of a switch per item, and the sheet, each named")
        let spoken = "(\(Self.spokenText))"
        #expect(
            try page.evaluate("[...document.querySelectorAll('#todo-list li')].map(\(spoken))") as? [String]
                == ["Milk [done]", "Bread [not done]"])
        #expect(try page.evaluate("\(spoken)(document.getElementById('add-sheet'))") as? String == "Typed: Oat Add")
        try page.press("Home")
        for _ in 0..<8 { try page.press("ArrowRight") }
        #expect(try page.evaluate("\(spoken)(document.getElementById('add-sheet'))") as? String == "Typed: nothing Add")
        // Chromium's accessibility tree, as a screen reader gets it: none of the roles the picture once claimed.
        if let chromium = page as? BrowserPage {
            let tree = try chromium.send("Accessibility.getFullAXTree")
            let roles = ((tree["nodes"] as? [[String: Any]]) ?? []).compactMap { (($0["role"] as? [String: Any])?["value"] as? String) }
            #expect(!roles.isEmpty)
            #expect(roles.filter { ["switch", "textbox", "dialog"].contains($0) } == [])
        }
    }

    @Test("a long typed name shows its end in the field and leaves the Add button inside the sheet", arguments: Engine.available)
    func longTypedName(engine: Engine) throws {
        for name in [String(repeating: "a long name ", count: 80), String(repeating: "a longer name ", count: 200)] {
            let (page, folder) = try Self.openReport(
                of: [
                    #"{"type":"event","event":"startCreatingItem"}"#,
                    #"{"type":"event","event":"changePartialItemName","name":"\#(name)"}"#,
                ],
                in: engine)
            defer { _ = folder }
            let boxes = try #require(
                try page.evaluate(
                    """
                    (() => { const box = id => document.getElementById(id).getBoundingClientRect();
                      const field = document.querySelector('#add-sheet .text-field').getBoundingClientRect();
                      const last = document.getElementById('partial-name').getBoundingClientRect();
                      return [field.top, field.bottom, last.bottom, box('add-button').top, box('add-button').bottom, box('add-sheet').bottom]; })()
                    """) as? [Double])
            let (fieldTop, fieldBottom, textBottom, buttonTop, buttonBottom, sheetBottom) = (
                boxes[0], boxes[1], boxes[2], boxes[3], boxes[4], boxes[5]
            )
            #expect(fieldTop < fieldBottom && fieldBottom <= buttonTop, "\(engine), \(name.count) characters: the field ends above Add")
            #expect(buttonBottom <= sheetBottom, "\(engine), \(name.count) characters: Add stays inside the sheet")
            #expect(
                abs(textBottom - fieldBottom) < 14, "\(engine), \(name.count) characters: the name's end is in view, at the field's bottom")
        }
    }

    @Test("every element Tab reaches on the report shows a focus ring of at least 2 px", arguments: Engine.available)
    func focusVisible(engine: Engine) throws {
        try ReportInBrowserTests.withSamplePage(in: engine) { page, _ in
            var seen: [String] = []
            for _ in 0..<30 {
                try page.press("Tab")
                let ring = try #require(
                    try page.evaluate(
                        """
                        (() => { const e = document.activeElement, s = getComputedStyle(e);
                          return [e.id || e.tagName + '.' + e.className, s.outlineStyle, parseFloat(s.outlineWidth) || 0, e.matches(':focus-visible')]; })()
                        """) as? [Any])
                let name = ring[0] as? String ?? ""
                if name == "BODY." { continue }
                seen.append(name)
                // Firefox does not count focus moved by geckodriver's key actions as keyboard focus
                // (no :focus-visible), so there only what it does count is checked.
                if engine == .firefox, ring[3] as? Bool != true { continue }
                #expect(ring[1] as? String != "none" && (ring[2] as? Double ?? 0) >= 2, "\(engine): \(name) has no visible focus: \(ring)")
            }
            #expect(seen.contains("scrubber") && seen.contains("event-viewport"), "\(engine): Tab reached \(seen)")
            // The sample has no diagnostics: their empty list is no stop for Tab.
            #expect(!seen.contains("diagnostic-viewport"), "\(engine): Tab reached the empty diagnostics: \(seen)")
        }
    }
}
