import Foundation
import Testing

/// The focus while the page draws frames under it: playback, and buttons a
/// frame draws again.
extension KeyboardTests {
    @Test("focus coming into the event list stops playback, so that it stays on the row it came to", arguments: Engine.available)
    func focusInTheListStopsPlayback(engine: Engine) throws {
        try ReportInBrowserTests.withSamplePage(in: engine, hash: "#frame=1") { page, _ in
            _ = try page.evaluate("(() => { document.getElementById('play').click(); return true; })()")
            try page.waitUntil("document.getElementById('play').textContent === 'Pause'", "playing")
            _ = try page.evaluate("(() => { document.querySelector('#event-list li[tabindex=\"0\"]').focus(); return true; })()")
            #expect(try page.evaluate("document.getElementById('play').textContent") as? String == "Play", "\(engine): playback stopped")
            let row = try page.evaluate("document.activeElement.dataset.row") as? String
            _ = try page.evaluate(PageState.painted)
            #expect(try page.evaluate("document.activeElement.dataset.row") as? String == row, "\(engine): the focus stays")
        }
    }

    /// Events whose item and typed name are long enough to have a "… N characters" button, each
    /// drawn again at the next frame: the item's switch turns (frame 4), the name grows (frame 7).
    static let longTexts: [String] = {
        let title = String(repeating: "Long title ", count: 200)
        let id = "6A1B2C3D-0000-4000-8000-000000000001"
        return [
            #"{"type":"event","event":"startCreatingItem"}"#,
            #"{"type":"event","event":"changePartialItemName","name":"\#(title)"}"#,
            #"{"type":"event","event":"addItem","id":"\#(id)"}"#,
            #"{"type":"event","event":"setItemDone","id":"\#(id)","isDone":true}"#,
            #"{"type":"event","event":"startCreatingItem"}"#,
            #"{"type":"event","event":"changePartialItemName","name":"\#(title)a"}"#,
            #"{"type":"event","event":"changePartialItemName","name":"\#(title)ab"}"#,
            #"{"type":"event","event":"changePartialItemName","name":"Short"}"#,
            #"{"type":"event","event":"changePartialItemName","name":"\#(title)"}"#,
            #"{"type":"event","event":"cancelCreatingItem"}"#,
        ]
    }()

    @Test(
        "a focused \"… N characters\" button drawn again at the next frame keeps the focus: an item's whose switch turned, a typed name's",
        arguments: Engine.available)
    func focusedTextButtonsKeepTheFocus(engine: Engine) throws {
        let (page, folder) = try Self.openReport(of: Self.longTexts, in: engine)
        defer { withExtendedLifetime(folder) {} }
        let cases = [
            (frame: 3, button: "#todo-list li[data-index=\"0\"] .more-text"), (frame: 6, button: "#partial-name .more-text"),
        ]
        for (frame, button) in cases {
            _ = try page.evaluate(ReportInBrowserTests.scrub(to: frame))
            try page.waitUntil("document.querySelector('\(button)') !== null", "frame \(frame) has the button")
            _ = try page.evaluate("(() => { document.querySelector('\(button)').focus(); return true; })()")
            #expect(try page.evaluate("document.activeElement === document.querySelector('\(button)')") as? Bool == true)
            _ = try page.evaluate(ReportInBrowserTests.scrub(to: frame + 1))
            try page.waitUntil("document.getElementById('frame-view').dataset.frame === '\(frame + 1)'")
            let focused = try page.evaluate("document.activeElement.outerHTML.slice(0, 80)") as? String ?? "nothing"
            #expect(
                try page.evaluate("document.activeElement === document.querySelector('\(button)')") as? Bool == true,
                "\(engine), frame \(frame + 1): the focus is on \(focused)")
        }
    }

    @Test(
        "a focused typed name's \"… N characters\" button whose name turns short, or whose sheet closes, hands the focus to the list's box",
        arguments: Engine.available)
    func typedNameButtonHandsTheFocusOn(engine: Engine) throws {
        let (page, folder) = try Self.openReport(of: Self.longTexts, in: engine)
        defer { withExtendedLifetime(folder) {} }
        let button = "#partial-name .more-text"
        // Frame 8 types a short name after frame 7's long one; frame 10 closes the sheet frame 9 typed long in.
        for frame in [7, 9] {
            _ = try page.evaluate(ReportInBrowserTests.scrub(to: frame))
            try page.waitUntil("document.querySelector('\(button)') !== null", "frame \(frame) has the button")
            _ = try page.evaluate("(() => { document.querySelector('\(button)').focus(); return true; })()")
            _ = try page.evaluate(ReportInBrowserTests.scrub(to: frame + 1))
            try page.waitUntil("document.getElementById('frame-view').dataset.frame === '\(frame + 1)'")
            let focused = try page.evaluate("document.activeElement.outerHTML.slice(0, 80)") as? String ?? "nothing"
            #expect(
                try page.evaluate("document.activeElement.id") as? String == "list-viewport",
                "\(engine), frame \(frame + 1): the focus is on \(focused)")
        }
    }
}
