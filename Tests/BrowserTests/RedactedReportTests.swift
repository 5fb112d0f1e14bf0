import Foundation
import Redaction
import Report
import SessionLog
import Testing
import TodoDomain

/// A report made with `--redact-key` works in each browser engine (see
/// ``Engine/available``) as an unredacted one does: every frame, the typing,
/// the done switches and the keys, with masked text only.
@Suite("Redacted report in each browser", .serialized)
struct RedactedReportTests {
    static let redaction = LogRedaction(pseudonyms: Pseudonyms(key: Array("team secret".utf8)))

    /// The app's state as a redacted report must show it.
    static func masked(_ state: TodoState) -> TodoState {
        var masked = state
        masked.partialItemName = TextMask.mask(state.partialItemName)
        masked.todoItems = state.todoItems.map { item in
            var item = item
            item.title = TextMask.mask(item.title)
            return item
        }
        return masked
    }

    /// Opens the sample's redacted report in a fresh page of `engine`, with the app's states (unredacted).
    static func withRedactedSample(in engine: Engine, _ body: (any PageDriver, [TodoState]) throws -> Void) throws {
        let log = Array(try Data(contentsOf: ReportInBrowserTests.sampleURL))
        let builder = ReportBuilder(redaction: redaction)
        let outcome = try LogReplayer.replay(InMemoryByteSource(log), redaction: redaction) { builder.add($0) }
        builder.finish(with: outcome)
        let url = try Engine.writeTemporaryPage(builder.html(), named: "redacted.html")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let page = try engine.openPage()
        try page.load(url.absoluteString)
        try body(page, try LogReplayer.collect(InMemoryByteSource(log)).allStates)
    }

    @Test(
        "every frame shows the app's state with its text masked: typing grows keystroke by keystroke, switches toggle",
        arguments: Engine.available)
    func frames(engine: Engine) throws {
        try Self.withRedactedSample(in: engine) { page, states in
            typealias Shown = ReportInBrowserTests.Shown
            #expect(
                try Shown(page.evaluate(ReportInBrowserTests.snapshot))
                    == Shown(frame: states.count - 1, state: Self.masked(states.last ?? TodoState())))
            for (index, state) in states.enumerated() {
                _ = try page.evaluate(ReportInBrowserTests.scrub(to: index))
                #expect(
                    try Shown(page.evaluate(ReportInBrowserTests.snapshot)) == Shown(frame: index, state: Self.masked(state)),
                    "frame \(index)")
            }
            // The typing of the first title, as the page shows it, frame by frame.
            let typing = states.indices.filter { states[$0].isCreatingItem && !states[$0].partialItemName.isEmpty }.prefix(4)
            var shown: [String] = []
            for index in typing {
                _ = try page.evaluate(ReportInBrowserTests.scrub(to: index))
                shown.append(try page.evaluate("document.getElementById('partial-name').textContent") as? String ?? "")
            }
            #expect(shown == typing.map { TextMask.mask(states[$0].partialItemName) })
            #expect(shown.count == 4 && shown.allSatisfy { $0.allSatisfy { "xX9* ".contains($0) } })
            // The done switches of the sample toggle (it toggles an item twice): each frame's switches are the app's.
            let toggles = (1..<states.count).filter { states[$0].todoItems.map(\.isFinished) != states[$0 - 1].todoItems.map(\.isFinished) }
            #expect(toggles.count >= 2)
            for index in toggles {
                _ = try page.evaluate(ReportInBrowserTests.scrub(to: index))
                #expect(
                    try Shown(page.evaluate(ReportInBrowserTests.snapshot)).switches
                        == states[index].todoItems.map { $0.isFinished ? "true" : "false" })
            }
        }
    }

    @Test(
        "keys step and jump, the badge says redacted, nothing typed is on the page, and the policy blocks nothing",
        arguments: Engine.available)
    func keysAndBadge(engine: Engine) throws {
        try Self.withRedactedSample(in: engine) { page, states in
            func frame() throws -> Int { try ReportInBrowserTests.Shown(page.evaluate(ReportInBrowserTests.snapshot)).frame }
            try page.press("Home")
            #expect(try frame() == 0)
            try page.press("ArrowRight")
            try page.press("ArrowRight")
            #expect(try frame() == 2)
            try page.press("End")
            #expect(try frame() == states.count - 1)
            #expect(try page.evaluate("document.querySelector('header .redacted-badge').textContent") as? String == "redacted (keyed)")
            let text = try page.evaluate("document.documentElement.outerHTML + document.body.innerText") as? String ?? ""
            for typed in ["Buy oat milk", "Call Grandma", "Pay rnet"] { #expect(!text.contains(typed)) }
            #expect(try page.violations() == [])
        }
    }
}
