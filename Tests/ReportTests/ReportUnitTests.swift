import Digests
import Foundation
import SessionLog
import Testing
import TodoDomain

@testable import Report

@Suite("Page building blocks")
struct PageBuildingBlockTests {
    @Test(
        "SHA-256 matches the FIPS 180-4 examples",
        arguments: [
            ("", "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="),
            ("abc", "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0="),
            ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "JI1qYdIGOLjlwCaTDD5gOaM85Flk/yFn9uzt1BnbBsE="),
        ])
    func sha256(input: String, base64: String) {
        #expect(SHA256.base64Digest(of: input) == base64)
    }

    @Test("SHA-256 of a message longer than one block")
    func sha256Long() {
        // sha256 of 1,000,000 × "a", from FIPS 180-4's examples.
        #expect(SHA256.base64Digest(of: String(repeating: "a", count: 1_000_000)) == "zcduXJkU+5KBocfihNc+Z/GAmkiklyAOBG05zMcRLNA=")
    }

    @Test("a template is cut into text and placeholders once; values are never rescanned")
    func templateSegments() throws {
        let template = Template("<p>{{a}}</p>{{b}}{{ unclosed")
        #expect(template.segments == [.text("<p>"), .placeholder("a"), .text("</p>"), .placeholder("b"), .text("{{ unclosed")])
        // A value that looks like a placeholder or a regex template stays as it is in the page.
        let builder = try ReportTests.build(#"{"type":"event","event":"changePartialItemName","name":"{{js}} $1 $& \\"}"# + "\n")
        let templates = PageTemplates(html: "<pre>{{stateJSON}}</pre>|{{title}}", css: "", js: "")
        #expect(try builder.html(templates: templates).contains("&quot;partialItemName&quot;: &quot;{{js}} $1 $&amp; \\\\&quot;"))
    }

    @Test("a page's policy names the stylesheet and script it carries, after either is changed")
    func policyFollowsTheTemplates() throws {
        let builder = try ReportTests.build("")
        var templates = PageTemplates(html: "{{csp}}", css: "a{}", js: "1")
        func policy(css: String, js: String) -> String {
            "default-src 'none'; script-src 'sha256-\(SHA256.base64Digest(of: js))'; "
                + "style-src 'sha256-\(SHA256.base64Digest(of: css))'; img-src data:; base-uri 'none'; form-action 'none'"
        }
        #expect(try builder.html(templates: templates) == policy(css: "a{}", js: "1").htmlEscaped)
        templates.js = "2"
        #expect(try builder.html(templates: templates) == policy(css: "a{}", js: "2").htmlEscaped)
        templates.css += "b{}"
        #expect(try builder.html(templates: templates) == policy(css: "a{}b{}", js: "2").htmlEscaped)
    }

    @Test("a page follows its skeleton after it is changed: the skeleton is cut once, again on each change")
    func pageFollowsTheSkeleton() throws {
        let builder = try ReportTests.build("")
        var templates = PageTemplates(html: "<p>{{frameCount}}</p>", css: "", js: "")
        #expect(try builder.html(templates: templates) == "<p>1</p>")
        templates.html = "<i>{{itemCount}}</i>"
        #expect(try builder.html(templates: templates) == "<i>0</i>")
        #expect(templates.problems.map(\.placeholder) == PageTemplates.requiredPlaceholders)
    }

    @Test(
        "script-safe JSON escapes what could end or confuse a script block",
        arguments: [
            ("</script>", #""\u003c/script\u003e""#),
            ("<!--<script>", #""\u003c!--\u003cscript\u003e""#),
            ("a&b", #""a\u0026b""#),
            ("\u{2028}\u{2029}", #""\u2028\u2029""#),
            ("\"\\\n\u{1}", #""\"\\\n\u0001""#),
        ])
    func scriptSafe(input: String, expected: String) throws {
        #expect(input.scriptSafeJSONLiteral == expected)
        let decoded = try JSONSerialization.jsonObject(with: Data(expected.utf8), options: .fragmentsAllowed) as? String
        #expect(decoded == input)
    }

    @Test("HTML escaping covers markup and both quotes")
    func htmlEscaping() {
        #expect("<a href=\"x\" title='y'>&amp;</a>".htmlEscaped == "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;")
    }
}

@Suite("Report")
struct ReportTests {
    static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("seeds/sample-session.jsonl")

    static func build(_ text: String, title: String? = nil) throws -> ReportBuilder {
        let builder = ReportBuilder(title: title)
        let outcome = try LogReplayer.replay(InMemoryByteSource(text)) { builder.add($0) }
        builder.finish(with: outcome)
        return builder
    }

    @Test("the frame data has one delta per event and lets every frame be rebuilt")
    func frameData() throws {
        let text = try String(contentsOf: Self.sample, encoding: .utf8)
        let html = try Self.build(text).html()
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try html.jsonBlock(id: "session-data").utf8)) as? [String: Any])
        let frames = try #require(json["frames"] as? [Any])
        let result = try LogReplayer.collect(InMemoryByteSource(text))
        #expect(frames.count == result.frames.count)
        #expect((json["travels"] as? [[Int]])?.first == [54, 52, 30640, 56])
        // Each frame is a shape's number, alone or first in an array, or the text a keystroke added,
        // alone: a frame of the text shape; the shape says what the patch does.
        let shapes = try #require(json["shapes"] as? [[String: Any]])
        let textShape = try #require(json["textShape"] as? Int)
        let frameShapes = try frames.map { frame in
            let number = frame is String ? textShape : (frame as? Int) ?? ((frame as? [Any])?.first as? Int) ?? -1
            return try #require(shapes[safe: number])
        }
        #expect(frames.filter { $0 is String }.count > 30, "most keystrokes as their text alone")
        #expect(shapes[safe: textShape]?["event"] as? String == "changePartialItemName")
        #expect(frameShapes.filter { $0["append"] != nil }.count == 3, "three items added")
        #expect(frameShapes.filter { $0["finish"] != nil }.count == 4, "four items ticked")
        #expect(frameShapes.map { $0["event"] as? String } == result.frames.map { $0.event.kind.rawValue })
        #expect(json["v"] as? Int == 5)
        #expect(json["t0"] as? Int == 1_795_942_800_000)
        #expect(json["start"] as? Int == 0, "the header's startedAt is t0")
    }

    @Test("the CSP meta comes first after the charset and pins the inline script and style by hash")
    func contentSecurityPolicy() throws {
        let html = try Self.build(#"{"type":"event","event":"startCreatingItem"}"# + "\n").html()
        let head = try #require(html.range(of: "<head>\n<meta charset=\"utf-8\">\n<meta http-equiv=\"Content-Security-Policy\" content=\""))
        let policy = html[head.upperBound...].prefix { $0 != "\"" }
        #expect(policy.hasPrefix("default-src &#39;none&#39;; script-src &#39;sha256-"))
        let templates = PageTemplates.builtIn
        #expect(html.contains("script-src &#39;sha256-\(SHA256.base64Digest(of: templates.js))&#39;"))
        #expect(html.contains("style-src &#39;sha256-\(SHA256.base64Digest(of: templates.css))&#39;"))
        #expect(html.contains("default-src &#39;none&#39;"))
        #expect(html.contains("base-uri &#39;none&#39;; form-action &#39;none&#39;"))
        #expect(html.contains("<style>\(templates.css)</style>"))
        #expect(html.contains("<script>\(templates.js)</script>"))
        #expect(!html.contains(" style=\""))
        #expect(!html.contains("onclick"))
    }

    @Test("building the same log twice in one process gives the same page (across processes: ProcessTests)")
    func deterministic() throws {
        let text = try String(contentsOf: Self.sample, encoding: .utf8)
        #expect(try Self.build(text).html() == Self.build(text).html())
        #expect(try Self.build(text).summaryMarkdown() == Self.build(text).summaryMarkdown())
    }

    @Test("the title: --title, else the header's app, else TimeTrave")
    func title() throws {
        let header = #"{"type":"session","schema":"todo-session/1","app":"Groceries"}"# + "\n"
        #expect(try Self.build(header).title == "Groceries")
        #expect(try Self.build(header, title: "CI run 7").title == "CI run 7")
        #expect(try Self.build("").title == "TimeTrave")
    }

    @Test("an addItem that carried no id has its derived id named so in the page's data; one that carried an id, as its id")
    func derivedIDsNamed() throws {
        let item =
            #"{"type":"event","event":"startCreatingItem"}"# + "\n" + #"{"type":"event","event":"changePartialItemName","name":"Eggs"}"#
            + "\n"
        let log =
            item + #"{"type":"event","event":"addItem"}"# + "\n" + item
            + #"{"type":"event","event":"addItem","id":"00000000-0000-4000-8000-000000000001"}"# + "\n"
        let page = try Self.build(log).html()
        #expect(page.components(separatedBy: #""payload":[["derived id","#).count - 1 == 1)
        #expect(page.components(separatedBy: #""payload":[["id","#).count - 1 == 1)
    }

    @Test(
        "the header counts the frames and gives the numbers the player shows them by, from 0",
        arguments: [(events: 0, fact: "1 (frame 0)"), (events: 1, fact: "2 (0–1)"), (events: 1_000, fact: "1,001 (0–1,000)")])
    func framesFact(events: Int, fact: String) throws {
        let log = String(repeating: #"{"type":"event","event":"startCreatingItem"}"# + "\n", count: events)
        let page = try Self.build(log).html(templates: PageTemplates(html: "{{facts}}", css: "", js: ""))
        #expect(page.contains("<dt>Frames</dt><dd>\(fact)</dd>"), "\(page)")
    }

    @Test(
        "a browser tab names the session first, cleaned and cut short, then the title",
        arguments: [
            (#""sessionId":"s-42","app":"Shop","#, "s-42 — Shop session report"),
            (#""app":"Shop","#, "Shop — session report"),
            (#""sessionId":"<i>\u202e\u0007x","#, "&lt;i&gt;x — TimeTrave session report"),
            // Every layout control is left out (marks and isolates too); a line separator is a space, as a line break is.
            (#""sessionId":"a\u200fb\u2068c\u2028d\u2029e\u200e","#, "abc d e — TimeTrave session report"),
            (#""sessionId":"\#(String(repeating: "é", count: 70))","#, String(repeating: "é", count: 60) + "… — TimeTrave session report"),
        ])
    func documentTitle(header: String, title: String) throws {
        let log = #"{"type":"session","schema":"todo-session/1",\#(header)"startedAt":"2026-01-01T00:00:00Z"}"# + "\n"
        let page = try Self.build(log).html()
        #expect(page.contains("<title>\(title)</title>"), "\(page.prefix(600))")
    }

    @Test(
        "the page gives the frames no digest proves as ranges, and shows its notice on the newest frame only when it is one",
        arguments: [(lastRight: true, hidden: true), (lastRight: false, hidden: false)])
    func unverifiedRanges(lastRight: Bool, hidden: Bool) throws {
        var state = TodoState()
        var log = ""
        let events: [TodoEvent] = [.startCreatingItem, .changePartialItemName("a"), .changePartialItemName("ab")]
        for (index, event) in events.enumerated() {
            state.update(with: event)
            // Frame 2's digest is wrong; frame 3's right, or wrong too.
            let wrong = index == 1 || (index == 2 && !lastRight)
            log += RecordEncoder.line(
                for: .dispatched(event), seq: Int64(index), timestamp: Timestamp(millisecondsSince1970: Double(index)),
                digest: StateDigest.value(of: state) ^ (wrong ? 1 : 0))
        }
        let page = try Self.build(log).html()
        #expect(page.contains(#"data-unverified="\#(lastRight ? "2-3" : "2-4")">"#))
        #expect(page.contains(#"<p id="unverified" class="unverified" role="status"\#(hidden ? " hidden" : "")>"#))
    }

    @Test("the header's session, user and version are shown with their layout controls spelled out, not obeyed")
    func headerFactsShowLayoutControls() throws {
        let header =
            #"{"type":"session","schema":"todo-session/1","sessionId":"<b>sess</b>\u202eevil","userId":"a\u2066b","appVersion":"1.0\u202e"}"#
        let page = try Self.build(header + "\n").html(templates: PageTemplates(html: "{{facts}}", css: "", js: ""))
        #expect(!page.unicodeScalars.contains { $0.isLayoutControl }, "\(page)")
        #expect(page.contains(#"<dt>Session</dt><dd>&lt;b&gt;sess&lt;/b&gt;\u{202E}evil</dd>"#), "\(page)")
        #expect(page.contains(#"<dt>User</dt><dd>a\u{2066}b</dd>"#) && page.contains(#"<dt>App version</dt><dd>1.0\u{202E}</dd>"#))
    }

    @Test("no control character HTML forbids reaches a page, from any part of a log: each is shown as \\u{1B}")
    func noForbiddenControls() throws {
        let hostile = #"x\u001b]0;PWNED\u0007\u001b[2J\u0008\u007f\u009b31m\r\ty"#
        let log =
            [
                #"{"type":"session","schema":"todo-session/1","sessionId":"s\#(hostile)","appVersion":"1.0\#(hostile)","context":{"k\#(hostile)":"v\#(hostile)"}}"#,
                #"{"type":"event","event":"startCreatingItem"}"#,
                #"{"type":"event","event":"changePartialItemName","name":"T\#(hostile)"}"#,
                #"{"type":"event","event":"addItem"}"#,
                #"{"type":"event","event":"startCreatingItem"}"#,
                #"{"type":"event","event":"changePartialItemName","name":"C\#(hostile)"}"#,
                #"{"type":"event","event":"cancelCreatingItem"}"#,
                #"{"type":"event","event":"setItemDone","id":"not-\#(hostile)","isDone":true}"#,
            ].joined(separator: "\n") + "\n"
        let page = try Self.build(log).html()
        let forbidden = page.unicodeScalars.filter { $0.isControlCharacter && !["\t", "\n", "\r"].contains($0) }
        #expect(forbidden.isEmpty, "\(forbidden.map(\.escapedForDisplay))")
        #expect(page.contains(#"<span class="item-title">Tx\u{1B}]0;PWNED\u{7}\u{1B}[2J\u{8}\u{7F}\u{9B}31m"#))
    }

    @Test(
        "control characters and bidi overrides never reach <title>",
        arguments: [
            ("Checkout\u{202E}lmth.exe", "Checkoutlmth.exe"),
            ("a\u{2066}b\u{2069}c\u{202A}d", "abcd"),
            ("bell\u{07}\u{1B}[31mred", "bell[31mred"),
            ("two\nlines\tand\rtab", "two lines and tab"),
            ("next\u{85}line\u{7F}", "nextline"),
            ("Ωmega 牛乳 🥛", "Ωmega 牛乳 🥛"),
        ])
    func titleIsClean(given: String, shown: String) throws {
        let builder = try Self.build("", title: given)
        #expect(builder.title == shown)
        let page = try builder.html(templates: PageTemplates(html: "<title>{{title}}</title>", css: "", js: ""))
        #expect(page == "<title>\(shown)</title>")
        let header = #"{"type":"session","schema":"todo-session/1","app":"#
        #expect(try Self.build(header + JSONString.literal(given) + "}\n").title == shown)
    }
}

extension Array {
    /// The element at `index`, or `nil` outside the array.
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
