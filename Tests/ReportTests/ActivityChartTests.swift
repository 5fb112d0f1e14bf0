import ByteLevel
import Foundation
import SessionLog
import Testing
import TodoDomain

@testable import Report

/// The binning shared by the batch's sparkline and the report's activity
/// strip, and the two static SVG pictures of the page.
@Suite("Activity strip and funnel chart")
struct ActivityChartTests {
    static func frame(
        _ index: Int, at milliseconds: Double?, _ event: TodoEvent = .startCreatingItem, position: Int? = nil, parent: Int? = nil,
        items: Int = 0, patch: TodoPatch = TodoPatch()
    ) -> ReplayEntry {
        .frame(
            Frame(
                index: index, parent: parent ?? index - 1, event: event, patch: patch,
                stamp: RecordStamp(timestamp: milliseconds.map { Timestamp(millisecondsSince1970: $0) }), line: index + 1,
                stateName: "s", itemPosition: position, itemCount: items))
    }

    @Test("bins double in width past the last one, keeping every count; a time before the origin moves it back by whole bins")
    func doubling() {
        var bins = DoublingBins<Int>(capacity: 4, initialWidth: 1, origin: 1_000)
        for time in [1_000.0, 1_001, 1_002, 1_003] { bins.update(bins.bin(of: time)) { $0 += 1 } }
        #expect(bins.values == [1, 1, 1, 1] && bins.width == 1)
        bins.update(bins.bin(of: 1_005)) { $0 += 1 }
        #expect(bins.values == [2, 2, 1, 0] && bins.width == 2)
        bins.update(bins.bin(of: 1_100)) { $0 += 1 }
        #expect(bins.width == 32 && bins.values == [5, 0, 0, 1] && bins.lastUsed == 3)
        // 990 ms back: the bins widen until the ones in use and the shift fit (512 ms, two bins back).
        bins.update(bins.bin(of: 10)) { $0 += 1 }
        #expect(bins.values == [1, 0, 6, 0] && bins.width == 512 && bins.origin == -24 && bins.lastUsed == 2)
        #expect(bins.bin(of: .infinity) == 3 && bins.width == 512, "a time beyond any session does not widen forever")
        #expect(bins.bin(of: -.infinity) == 0 && bins.origin == -24, "nor does one before any session move the origin")

        var roomy = DoublingBins<Int>(capacity: 4, initialWidth: 1, origin: 1_000)
        for time in [1_000.0, 1_001, 999] { roomy.update(roomy.bin(of: time)) { $0 += 1 } }
        #expect(roomy.values == [1, 1, 1, 0] && roomy.width == 1 && roomy.origin == 999)
    }

    @Test("each time falls in the bin its offset and the current width give, in order or not, across widenings")
    func binOfEveryTime() {
        var bins = DoublingBins<Int>(capacity: 8, initialWidth: 1, origin: 0)
        // Seeded, so that a failure comes again.
        var random = SplitMix64(seed: 26)
        var time = 0.0
        for step in 0..<5_000 {
            // Mostly small steps forward (runs in one bin), now and then a jump or a step back.
            switch step % 50 {
            case 0: time += Double.random(in: 0..<100_000, using: &random)
            case 1: time = max(0, time - Double.random(in: 0..<Double(bins.width * 3), using: &random))
            default: time += Double.random(in: 0..<50, using: &random)
            }
            let index = bins.bin(of: time)
            #expect(index == Int(Int64(time.rounded(.down)) / bins.width), "time \(time), width \(bins.width)")
            bins.update(index) { $0 += 1 }
        }
        #expect(bins.values.reduce(0, +) == 5_000)
        #expect(bins.width >= 1 << 14, "the bins widened many times")
    }

    @Test("a million events over a month: at most 1,000 bins, every event counted, and a strip of a few KB")
    func millionEvents() throws {
        let metrics = SessionMetrics()
        metrics.add(.header(SessionHeader(startedAt: Timestamp(millisecondsSince1970: 0))))
        var items = 0
        for index in 1...1_000_000 {
            // One a second, with twenty days of nothing halfway.
            let time = Double(index) * 1_000 + (index > 500_000 ? 20 * 86_400_000 : 0)
            if index % 4 == 0 {
                items += 1
                metrics.add(Self.frame(index, at: time, .addItem(id: UUID()), position: items - 1, items: items))
            } else {
                metrics.add(Self.frame(index, at: time, items: items))
            }
        }
        let strip = try #require(metrics.strip)
        #expect(strip.bins.count <= SessionMetrics.stripBinLimit && strip.bins.count > SessionMetrics.stripBinLimit / 2)
        let total = strip.bins.reduce(into: ActivityBin()) { $0.absorb($1) }
        #expect(total.events == 1_000_000 && total.added == 250_000)
        #expect(strip.bins.last?.items == items)
        #expect(strip.idleStretches.count == 1)
        let svg = strip.svg()
        #expect(svg.utf8.count < 40_000, "\(svg.utf8.count) bytes")
        #expect(svg.contains("<title>") && svg.contains("aria-label=\"Activity over about"))
        #expect(svg.contains("1,000,000 events, 250,000 addItem events"))
    }

    @Test("the strip's name gives the time it covers as the header's duration, not its bins' wider span")
    func stripNamesTheSessionsDuration() throws {
        // 20 min 51.2 s: bins of a power of two wide end past it.
        let log = """
            {"type":"session","schema":"todo-session/1","startedAt":"2026-11-29T09:00:00.000Z"}
            {"type":"event","timestamp":"2026-11-29T09:00:01.000Z","event":"startCreatingItem"}
            {"type":"event","timestamp":"2026-11-29T09:20:51.200Z","event":"cancelCreatingItem"}

            """
        let page = try ReportTests.build(log).html()
        #expect(page.contains("<dt>Duration</dt><dd>20 min 51 s</dd>"))
        #expect(page.contains("<title>Activity over 20 min 51 s, every branch"), "\(page)")
    }

    @Test("the strip draws bars, the item line, marks and idle stretches; it names what it shows and loads nothing")
    func strip() throws {
        let metrics = SessionMetrics()
        metrics.add(.header(SessionHeader(startedAt: Timestamp(millisecondsSince1970: 10_000))))
        metrics.add(Self.frame(1, at: 10_000))
        metrics.add(Self.frame(2, at: 11_000, .addItem(id: UUID()), position: 0, items: 1))
        metrics.add(
            Self.frame(3, at: 12_000, .cancelCreatingItem, items: 1, patch: TodoPatch(isCreatingItem: .init(old: true, new: false))))
        // After a travel to frame 1 (travels are drawn from the sample's, in the browser tests).
        metrics.add(Self.frame(4, at: 100_000, parent: 1))
        let strip = try #require(metrics.strip)
        #expect(strip.origin == 10_000)
        #expect(strip.idleStretches.count == 1)
        let svg = strip.svg()
        for part in ["class=\"idle\"", "class=\"bars\"", "class=\"items\"", "class=\"added\"", "class=\"cancelled\""] {
            #expect(svg.contains(part), "\(part)")
        }
        #expect(svg.contains("4 events, 1 addItem event, 1 cancelCreatingItem event closing a sheet, 0 travels"))
        #expect(svg.contains("1 idle stretch of 30.0 s or more shaded"))
        // The legend names what is drawn, and only that: no travel here.
        #expect(
            strip.legend()
                == "<p class=\"activity-legend\" aria-hidden=\"true\"><span class=\"key\"><span class=\"swatch bars\"></span>events</span> "
                + "<span class=\"key\"><span class=\"swatch items\"></span>items</span> "
                + "<span class=\"key\"><span class=\"swatch added\"></span>added</span> "
                + "<span class=\"key\"><span class=\"swatch cancelled\"></span>cancelled</span> "
                + "<span class=\"key\"><span class=\"swatch idle\"></span>idle</span></p>")
        #expect(svg.contains("data-start=\"10000\""))
        for external in ["href", "url(", "<script", "<image", "<foreignObject", "style="] {
            #expect(!svg.contains(external), "\(external)")
        }
        #expect(svg.hasPrefix("<svg ") && svg.hasSuffix("</svg>"))
        // The travel continues from frame 1, which had no items: frame 4 has none (the replay counts them, see
        // "every frame counts the items of its state" in the reader's tests).
        #expect(strip.bins.last?.items == 0)
    }

    @Test("the strip counts a sheet cancelled only where a cancel closed one, as the summary does")
    func cancelWithNoSheetOpen() throws {
        let log = [
            #"{"type":"event","timestamp":1000,"event":"cancelCreatingItem"}"#,
            #"{"type":"event","timestamp":2000,"event":"startCreatingItem"}"#,
            #"{"type":"event","timestamp":3000,"event":"cancelCreatingItem"}"#,
        ].map { $0 + "\n" }.joined()
        let metrics = SessionMetrics()
        metrics.finish(with: try LogReplayer.replay(InMemoryByteSource(log)) { metrics.add($0) })
        #expect(metrics.numbers.sheets.cancelled == 1)
        let svg = try #require(metrics.strip).svg()
        #expect(svg.contains("3 events, 0 addItem events, 1 cancelCreatingItem event closing a sheet, 0 travels"), "\(svg)")
        #expect(try #require(metrics.strip).bins.reduce(0) { $0 + $1.cancelled } == 1)
    }

    @Test("an Add that a travel undid is drawn, and the strip's words say every branch, not items added, which the summary gives")
    func undoneAdd() throws {
        let log = [
            #"{"type":"event","timestamp":1000,"event":"startCreatingItem"}"#, #"{"type":"event","timestamp":2000,"event":"addItem"}"#,
            #"{"type":"travel","timestamp":3000,"to":0}"#, #"{"type":"event","timestamp":4000,"event":"cancelCreatingItem"}"#,
        ].map { $0 + "\n" }.joined()
        let metrics = SessionMetrics()
        metrics.finish(with: try LogReplayer.replay(InMemoryByteSource(log)) { metrics.add($0) })
        #expect(metrics.numbers.sheets.itemsAdded == 0)
        let svg = try #require(metrics.strip).svg()
        #expect(svg.contains("every branch: 3 events, 1 addItem event, 0 cancelCreatingItem events closing a sheet, 1 travel"), "\(svg)")
        #expect(!svg.contains("item added"))
    }

    @Test("events and travels with no time are not drawn, and the strip's words say how many it left out")
    func someUntimed() throws {
        let log = [
            #"{"type":"event","timestamp":1000,"event":"startCreatingItem"}"#, #"{"type":"event","event":"cancelCreatingItem"}"#,
            #"{"type":"event","event":"startCreatingItem"}"#, #"{"type":"event","timestamp":3000,"event":"addItem"}"#,
            #"{"type":"travel","to":1}"#, #"{"type":"travel","timestamp":4000,"to":0}"#,
        ].map { $0 + "\n" }.joined()
        let metrics = SessionMetrics()
        metrics.finish(with: try LogReplayer.replay(InMemoryByteSource(log)) { metrics.add($0) })
        #expect(metrics.numbers.events == 4)
        let svg = try #require(metrics.strip).svg()
        #expect(
            svg.contains(
                "every branch: 2 events with a time (2 without), 1 addItem event, 0 cancelCreatingItem events closing a sheet, "
                    + "1 travel with a time (1 without);"), "\(svg)")
        let allTimed = SessionMetrics()
        allTimed.finish(
            with: try LogReplayer.replay(InMemoryByteSource(#"{"type":"event","timestamp":1000,"event":"startCreatingItem"}"# + "\n")) {
                allTimed.add($0)
            })
        #expect(try #require(allTimed.strip).svg().contains("every branch: 1 event, 0 addItem events"))
    }

    @Test("no record with a time: no strip")
    func untimed() {
        let metrics = SessionMetrics()
        metrics.add(Self.frame(1, at: nil))
        #expect(metrics.strip == nil)
    }

    @Test("the funnel chart: a bar per step with its number, longest for the most, named in words")
    func funnel() {
        let chart = FunnelChart(opened: 1_200, typed: 900, added: 600, cancelled: 0)
        let svg = chart.svg()
        #expect(
            svg.contains(
                "aria-label=\"Add-sheet funnel: 1,200 opened, 900 typed in, 600 added, 0 cancelled, 0 replaced, 0 open at the end\""))
        #expect(svg.contains("<title>Add-sheet funnel"))
        for number in [">1,200<", ">900<", ">600<", ">0<"] { #expect(svg.contains(number), "\(number)") }
        #expect(svg.contains("M110 4h150v14h-150z") && svg.contains("M110 4h75v14h-75z") && svg.contains("M110 4h0v14h-0z"))
        for external in ["href", "url(", "<script", "style="] { #expect(!svg.contains(external)) }
    }

    @Test("the page has the strip under the scrubber and the funnel beside the summary, and stays within its policy")
    func onThePage() throws {
        let log = """
            {"type":"session","schema":"todo-session/1","app":"<b>A</b>","startedAt":"2026-01-01T00:00:00Z"}
            {"type":"event","event":"startCreatingItem","timestamp":"2026-01-01T00:00:01Z"}
            {"type":"event","event":"changePartialItemName","name":"Milk","timestamp":"2026-01-01T00:00:02Z"}
            {"type":"event","event":"addItem","timestamp":"2026-01-01T00:00:03.5Z"}

            """
        let builder = ReportBuilder()
        let outcome = try LogReplayer.replay(InMemoryByteSource(log)) { builder.add($0) }
        builder.finish(with: outcome)
        let html = try builder.html()
        #expect(html.contains("<div class=\"activity\" id=\"activity\"><svg class=\"activity-strip\""))
        #expect(html.contains("<figure class=\"funnel\"><svg class=\"funnel-chart\""))
        #expect(builder.funnel == FunnelChart(opened: 1, typed: 1, added: 1, cancelled: 0))
        #expect(!html.contains("{{activityStrip}}") && !html.contains("{{funnelChart}}"))
        // The chart after the summary's heading, not floated into it; the heading once.
        let heading = try #require(html.range(of: "<h2>Session summary: &lt;b&gt;A&lt;/b&gt;</h2>\n<figure class=\"funnel\">"))
        #expect(html.components(separatedBy: "<h2>Session summary").count == 2)
        #expect(html[heading.upperBound...].contains("<h3>Session</h3>"))
        // A template written before {{summaryHeading}} gets the heading from {{summary}}, as it did.
        let older = try builder.html(
            templates: PageTemplates(html: "{{csp}}{{css}}{{js}}{{data}}{{diagnostics}}{{summary}}", css: "", js: ""))
        #expect(older.components(separatedBy: "<h2>Session summary: &lt;b&gt;A&lt;/b&gt;</h2>").count == 2)
        #expect(older.contains("<h3>Session</h3>"))
    }
}
