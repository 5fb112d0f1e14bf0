import Foundation
import SessionLog
import Testing
import TodoDomain

/// Forced colours (Windows' contrast themes) drop backgrounds and shadows, with
/// which the phone draws its states. In Chromium's emulation of them, each
/// state the pages draw must still look different from its other state.
@Suite("Forced colours in Chromium", .serialized)
struct ForcedColorsTests {
    static let forced = ["features": [["name": "forced-colors", "value": "active"]]]

    /// What a part looks like, as far as forced colours leave it: its colours, border and outline.
    static func look(_ selector: String) -> String {
        """
        (() => { const e = document.querySelector('\(selector)'); if (!e) return 'missing: \(selector)';
          const c = getComputedStyle(e), k = getComputedStyle(e, '::after');
          return [c.backgroundColor, c.color, c.borderTopStyle + ' ' + c.borderTopWidth + ' ' + c.borderTopColor,
            c.outlineStyle + ' ' + c.outlineColor, k.left].join(' | '); })()
        """
    }

    /// Two items added, the second set done, and a sheet opened again; every event a second apart.
    static var log: String {
        let first = UUID()
        let second = UUID()
        let events: [TodoEvent] = [
            .startCreatingItem, .changePartialItemName("a"), .addItem(id: first), .startCreatingItem, .changePartialItemName("b"),
            .addItem(id: second), .setItemDone(id: second, isDone: true), .startCreatingItem,
        ]
        var text = RecordEncoder.line(for: SessionHeader(sessionId: UUID().uuidString))
        for (seq, event) in events.enumerated() {
            text += RecordEncoder.line(
                for: .dispatched(event), seq: Int64(seq), timestamp: Timestamp(millisecondsSince1970: 1_000 * Double(seq + 1)))
        }
        return text
    }

    @Test(
        "the report: a done switch, an open sheet, its field, its placeholder, a disabled Add, the activity cursor and the current event stay visible",
        .enabled(if: Engine.available.contains(.chromium)))
    func reportPhone() throws {
        let (page, folder) = try PageState.openReport(of: Self.log, in: .chromium)
        defer { _ = folder }
        let chromium = try #require(page as? BrowserPage)
        try chromium.send("Emulation.setEmulatedMedia", Self.forced)
        #expect(try page.evaluate("matchMedia('(forced-colors: active)').matches") as? Bool == true)
        _ = try page.evaluate(ReportInBrowserTests.scrub(to: 7))
        let switches = try (1...2).map { try page.evaluate(Self.look("#todo-list li:nth-child(\($0)) .switch")) as? String }
        #expect(switches[0] != switches[1], "done and not done look alike: \(switches)")
        #expect(switches.allSatisfy { $0?.contains("solid 1px") == true }, "a switch is outlined: \(switches)")
        let body = try page.evaluate(Self.look("html")) as? String
        let cursor = try page.evaluate(Self.look(".activity-cursor")) as? String
        #expect(cursor?.split(separator: "|").first != body?.split(separator: "|").first, "the cursor shows: \(cursor ?? "")")
        _ = try page.evaluate(ReportInBrowserTests.scrub(to: 8))
        // The current event's row, drawn with a background otherwise, keeps a line.
        let current = try page.evaluate(Self.look("#event-list li[aria-current=\"true\"]")) as? String
        #expect(current?.contains("solid") == true, "the current event's row has no line: \(current ?? "")")
        let sheet = try page.evaluate(Self.look(".add-sheet")) as? String
        #expect(sheet?.contains("solid 2px") == true, "the open sheet has an edge: \(sheet ?? "")")
        let field = try page.evaluate(Self.look(".text-field")) as? String
        #expect(field?.contains("solid 1px") == true, "the field has an edge: \(field ?? "")")
        let placeholder = try page.evaluate(Self.look(".text-field .placeholder")) as? String
        let disabled = try page.evaluate(Self.look(".add-button")) as? String
        _ = try page.evaluate(ReportInBrowserTests.scrub(to: 5))
        let typed = try page.evaluate(Self.look("#partial-name")) as? String
        let enabled = try page.evaluate(Self.look(".add-button")) as? String
        #expect(
            placeholder?.split(separator: "|")[1] != typed?.split(separator: "|")[1],
            "placeholder \(placeholder ?? "") typed \(typed ?? "")")
        #expect(disabled != enabled, "a disabled Add looks like an enabled one: \(disabled ?? "")")
        #expect(try page.violations() == [])
    }

    @Test("the diff page: an item row that differs is outlined", .enabled(if: Engine.available.contains(.chromium)))
    func diffMarks() throws {
        let (folder, status) = try DiffPageTests.run(
            ["diff", "base.jsonl", "run.jsonl", "-o", "diff.html"], logs: DiffPageTests.partingLogs)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(status == 1)
        let page = try Engine.chromium.openPage()
        let chromium = try #require(page as? BrowserPage)
        try chromium.send("Emulation.setEmulatedMedia", Self.forced)
        try page.load(folder.appendingPathComponent("diff.html").absoluteString)
        try page.waitUntil("document.documentElement.dataset.ready === 'true'", "the page's script ran")
        try page.press("End")
        let differing = try page.evaluate(Self.look("#baseline .todo-list li.differs")) as? String
        let same = try page.evaluate(Self.look("#baseline .todo-list li:not(.differs)")) as? String
        #expect(differing?.contains("solid") == true && differing != same, "differs \(differing ?? "") same \(same ?? "")")
        #expect(try page.violations() == [])
    }
}
