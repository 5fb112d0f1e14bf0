import Foundation
import Report
import SessionLog
import Testing
import TodoDomain

/// A 5 MB title: the page draws it cut, with its length, everywhere log text
/// shows, stays usable, and still gives the whole title on demand.
@Suite("Huge text in each browser", .serialized)
struct HugeTextTests {
    static let length = 5 << 20

    /// `length` characters, not all alike, starting with `tag` and ending with `|end`.
    static func title(_ tag: String, length: Int = length) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz ".utf8)
        var bytes = Array(tag.utf8)
        bytes.reserveCapacity(length)
        while bytes.count < length - 4 { bytes.append(letters[bytes.count * 7 % letters.count]) }
        bytes += Array("|end".utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Waits for two animation frames: the page has been laid out and painted.
    static let painted = "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))"

    @Test(
        "a 5 MB title: every frame draws, shortened with `… 5,242,880 characters`, and the whole title is retrievable",
        arguments: Engine.available)
    func fiveMegabyteTitle(engine: Engine) throws {
        let title = Self.title("huge:")
        let id = "00000000-0000-4000-8000-000000000001"
        let log = [
            #"{"type":"session","schema":"todo-session/1","app":"Huge"}"#,
            #"{"type":"event","event":"startCreatingItem"}"#,
            #"{"type":"event","event":"changePartialItemName","name":"\#(title)"}"#,
            #"{"type":"event","event":"addItem","id":"\#(id)"}"#,
            #"{"type":"event","event":"setItemDone","id":"\#(id)","isDone":true}"#,
            #"{"type":"event","event":"startCreatingItem"}"#,
            #"{"type":"event","event":"changePartialItemName","name":"\#(title)"}"#,
        ].map { $0 + "\n" }.joined()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("huge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let builder = ReportBuilder()
        let outcome = try LogReplayer.replay(InMemoryByteSource(log)) { builder.add($0) }
        builder.finish(with: outcome)
        let url = folder.appendingPathComponent("huge.html")
        try Data(builder.html().utf8).write(to: url)

        let page = try engine.openPage()
        try page.load(url.absoluteString)
        #expect(try page.evaluate(Self.painted) as? Bool == true)
        #expect(try page.evaluate("document.documentElement.dataset.ready") as? String == "true")
        let note = "… 5,242,880 characters"
        for frame in 0...6 {
            _ = try page.evaluate(ReportInBrowserTests.scrub(to: frame))
            #expect(try page.evaluate(Self.painted) as? Bool == true, "frame \(frame) is drawn")
            let longest =
                try page.evaluate(
                    """
                    Math.max(...[...document.querySelectorAll('#frame-view *, #frame-info *, #event-list li, #state-json .line')]
                      .filter(e => e.children.length === 0 || e.classList.contains('line')).map(e => e.textContent.length))
                    """) as? Int
            #expect((longest ?? .max) < 1_200, "frame \(frame): no text drawn whole")
        }
        // The item's row: its title cut, its length on a button that opens it whole.
        #expect(try page.evaluate("document.querySelector('#todo-list .item-title').textContent") as? String == String(title.prefix(1_000)))
        #expect(try page.evaluate("document.querySelector('#todo-list .more-text').textContent") as? String == note)
        #expect((try page.evaluate("document.getElementById('partial-name').textContent") as? String)?.hasSuffix(note) == true)
        let stateLines = try page.evaluate("[...document.querySelectorAll('#state-json .line')].map(l => l.textContent)") as? [String] ?? []
        #expect(stateLines.filter { $0.contains(note) }.count == 2, "the typed name and the item's title")
        // Each says its length once, before a button that says what it does.
        #expect(
            stateLines.filter { $0.contains(note) }.allSatisfy { $0.components(separatedBy: note).count == 2 && $0.hasSuffix(" show all") },
            "\(stateLines.map { $0.suffix(60) })")
        _ = try page.evaluate("document.querySelector('#todo-list .more-text').click()")
        let whole =
            try page.evaluate(
                "(() => { const t = document.getElementById('full-text-body').textContent; return [t.length, t.slice(0, 5), t.slice(-4)]; })()"
            )
            as? [Any]
        #expect(whole?[0] as? Int == Self.length)
        #expect(whole?[1] as? String == "huge:" && whole?[2] as? String == "|end")
        #expect(try page.evaluate(Self.painted) as? Bool == true)
        #expect(try page.evaluate("document.getElementById('full-text-length').textContent") as? String == "5,242,880 characters")
        _ = try page.evaluate("document.getElementById('full-text-close').click()")
        #expect(try page.evaluate("document.getElementById('full-text').hidden") as? Bool == true)
        // The state panel's button gives the same whole text.
        _ = try page.evaluate("document.querySelector('#state-json .more-text').click()")
        #expect(try page.evaluate("document.getElementById('full-text-body').textContent.length") as? Int == Self.length)
        #expect(try page.violations() == [])
    }
}
