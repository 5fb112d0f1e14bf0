import Foundation
import Redaction
import Report
import SessionLog
import Testing

@Suite("Redacted summary and page")
struct RedactedSummaryTests {
    static let key = Pseudonyms(key: Array("team secret".utf8))

    static func build(_ text: String, _ pseudonyms: Pseudonyms) throws -> ReportBuilder {
        let redaction = LogRedaction(pseudonyms: pseudonyms)
        let builder = ReportBuilder(redaction: redaction)
        let outcome = try LogReplayer.replay(InMemoryByteSource(text), redaction: redaction) { builder.add($0) }
        builder.finish(with: outcome)
        return builder
    }

    /// "Milk" typed and added; then back to frame 3 ("Mi" typed), cancelled
    /// and added with no sheet open (the text stays "Mi"); then "Milk" once
    /// more. The first Milk (frames 4 and 5) is left on the undone branch.
    static let log =
        [
            #"{"type":"event","event":"startCreatingItem"}"#,
            #"{"type":"event","event":"changePartialItemName","name":"M"}"#,
            #"{"type":"event","event":"changePartialItemName","name":"Mi"}"#,
            #"{"type":"event","event":"changePartialItemName","name":"Milk"}"#,
            #"{"type":"event","event":"addItem"}"#,
            #"{"type":"travel","to":3}"#,
            #"{"type":"event","event":"cancelCreatingItem"}"#,
            #"{"type":"event","event":"addItem"}"#,
            #"{"type":"event","event":"startCreatingItem"}"#,
            #"{"type":"event","event":"changePartialItemName","name":"Milk"}"#,
            #"{"type":"event","event":"addItem"}"#,
        ].joined(separator: "\n") + "\n"

    @Test("each item of the final state shows its mask and the keyed pseudonym of its title as typed, also when typed before a travel")
    func titlePseudonyms() throws {
        let items = try Self.build(Self.log, Self.key).metrics.items
        let milk = Self.key.pseudonym(of: "Milk", as: .title)
        #expect(items.map(\.title) == ["Xx", "Xxxx"])
        #expect(items.map(\.titlePseudonym) == [Self.key.pseudonym(of: "Mi", as: .title), milk])
        let markdown = try Self.build(Self.log, Self.key).summaryMarkdown()
        #expect(markdown.contains("**“Xxxx”** `\(milk)` — "))
    }

    @Test("the summary says it is redacted and names the key by its fingerprint, never the key")
    func summaryLine() throws {
        let keyed = try Self.build(Self.log, Self.key).summaryMarkdown()
        #expect(
            keyed.contains("**Redacted**: typed text masked; identifiers pseudonymised with the key whose fingerprint is b8af948912df3dbd.")
        )
        #expect(!keyed.contains("team secret"))
        let unkeyed = try Self.build(Self.log, Pseudonyms(key: nil)).summaryMarkdown()
        #expect(unkeyed.contains("identifiers replaced by redacted (no key)"))
        #expect(!unkeyed.contains("`t-"))
        #expect(!ReportBuilder().summaryMarkdown().contains("Redacted"))
    }

    @Test("a redacted summary says its digests went unchecked, a digest that differs among them; an unredacted one checks them")
    func digestsNotChecked() throws {
        // Both sheets' digests are wrong: unredacted, two state-mismatches; redacted, dropped unread.
        let log = Self.log.replacingOccurrences(
            of: #"{"type":"event","event":"startCreatingItem"}"#,
            with: #"{"type":"event","event":"startCreatingItem","digest":"0000000000000000"}"#)
        let redacted = try Self.build(log, Self.key).summaryMarkdown()
        #expect(redacted.contains("State digests: not checked, as in every redacted run"), "\(redacted)")
        #expect(!redacted.contains("state-mismatch` (error)"))
        let builder = ReportBuilder()
        builder.finish(with: try LogReplayer.replay(InMemoryByteSource(log)) { builder.add($0) })
        let plain = builder.summaryMarkdown()
        #expect(plain.contains("State digests: 2 checked, 2 differed"), "\(plain)")
        #expect(!plain.contains("not checked"))
    }

    @Test("the page's header has the badge, and says how")
    func badge() throws {
        let page = try Self.build(Self.log, Self.key).html()
        #expect(
            page.contains(
                #"<span class="redacted-badge" title="typed text masked; identifiers pseudonymised with the key whose fingerprint is b8af948912df3dbd">redacted <span class="redaction-how">(keyed)</span></span></h1>"#
            ))
        #expect(try !ReportBuilder().html().contains("redacted-badge\""))
    }
}
