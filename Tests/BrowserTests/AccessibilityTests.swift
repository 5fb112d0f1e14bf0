import Foundation
import Report
import SessionLog
import Testing

/// axe-core (WCAG 2 A and AA, and best practices) over every page in every
/// state a person reaches, in each engine; in Chromium also in the dark
/// scheme and as printed. Any violation of impact serious or critical fails,
/// printed with its rule, the elements and how to fix them.
@Suite("Accessibility by axe-core in each browser", .serialized)
struct AccessibilityTests {
    static var cases: [(Engine, PageState)] { Engine.available.flatMap { engine in PageState.all.map { (engine, $0) } } }

    @Test("no serious or critical violation", arguments: cases)
    func noSeriousViolations(engine: Engine, state: PageState) throws {
        let (page, folder, _) = try state.open(in: engine)
        defer { _ = folder }
        var schemes: [(String, [String: Any])] = [("light", [:])]
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
            let violations = try Checkers.axe(page)
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
