import Foundation
import Report
import SessionLog
import Testing
import TodoDomain

/// Every page (report, index, diff) in every state a person reaches that
/// the checkers are run on: each one written into a fresh folder, opened in
/// an engine and brought into its state.
struct PageState: Sendable, CustomTestStringConvertible {
    var name: String
    /// Writes the page into `folder` and returns its file.
    var write: @Sendable (URL) throws -> URL
    /// Brings the loaded page into the state (nothing for the state it opens in).
    var enter: @Sendable (any PageDriver) throws -> Void = { _ in }

    var testDescription: String { name }

    /// A page opened in `engine` and in this state; the folder lives as long as it is kept.
    func open(in engine: Engine) throws -> (page: any PageDriver, folder: TemporaryFolder, file: URL) {
        let folder = try TemporaryFolder("checked")
        let file = try write(folder.url)
        let page = try engine.openPage()
        try page.load(file.absoluteString)
        try page.waitUntil("document.documentElement.dataset.ready === 'true'", "\(name): the page's script ran")
        try enter(page)
        return (page, folder, file)
    }

    static func report(_ log: [UInt8], redaction: LogRedaction? = nil, in folder: URL, named name: String) throws -> URL {
        let builder = ReportBuilder(redaction: redaction)
        let outcome = try LogReplayer.replay(InMemoryByteSource(log), redaction: redaction) { builder.add($0) }
        builder.finish(with: outcome)
        let url = folder.appendingPathComponent(name)
        try Data(builder.html().utf8).write(to: url)
        return url
    }

    /// The report of `log` opened in `engine` once its script has drawn it; the folder lives as long as it is kept.
    static func openReport(of log: String, in engine: Engine) throws -> (page: any PageDriver, folder: TemporaryFolder) {
        try openReport(of: Array(log.utf8), in: engine)
    }

    /// The report of the log's bytes opened in `engine` once its script has drawn it; the folder lives as long as it is kept.
    static func openReport(of log: [UInt8], in engine: Engine) throws -> (page: any PageDriver, folder: TemporaryFolder) {
        let folder = try TemporaryFolder("report")
        let file = try report(log, in: folder.url, named: "report.html")
        let page = try engine.openPage()
        try page.load(file.absoluteString)
        try page.waitUntil("document.documentElement.dataset.ready === 'true'", "the page's script ran")
        return (page, folder)
    }

    static func sample() throws -> [UInt8] { Array(try Data(contentsOf: ReportInBrowserTests.sampleURL)) }

    /// The sample with 150 bad lines after it: more diagnostics than are drawn at once.
    static func sampleWithDiagnostics() throws -> [UInt8] {
        try sample()
            + Array((0..<150).map { $0 % 2 == 0 ? "not json \($0)\n" : "{\"type\":\"travel\",\"to\":\($0 * 1000)}\n" }.joined().utf8)
    }

    static let painted = "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))"

    static let all: [PageState] = [
        PageState(name: "report at its last frame") { try report(try sample(), in: $0, named: "report.html") },
        PageState(name: "report of a session that ended after a travel back") {
            try report(try sample() + Array(#"{"type":"travel","to":13}"#.utf8) + [0x0A], in: $0, named: "ended.html")
        },
        PageState(
            name: "report at a frame with the add sheet open",
            write: { try report(try sample(), in: $0, named: "sheet.html") },
            enter: { page in
                let states = try LogReplayer.collect(InMemoryByteSource(try sample())).allStates
                let typing = try #require(states.firstIndex { $0.isCreatingItem && !$0.partialItemName.isEmpty })
                _ = try page.evaluate(ReportInBrowserTests.scrub(to: typing))
                try page.waitUntil("!document.getElementById('add-sheet').hidden")
            }),
        PageState(
            name: "report with its event list filtered",
            write: { try report(try sample(), in: $0, named: "filtered.html") },
            enter: { page in
                _ = try page.evaluate(
                    "(() => { const s = document.getElementById('event-search'); s.value = 'oat'; s.dispatchEvent(new Event('input')); })()"
                )
                try page.waitUntil("document.getElementById('event-match-count').dataset.count > 0")
                _ = try page.evaluate(
                    "(() => { const b = document.querySelector('#event-types input'); b.click(); })()")
                _ = try page.evaluate(painted)
            }),
        PageState(
            name: "report with a huge title shown whole",
            write: { folder in
                // 64 KiB: 65 times what a frame draws before cutting it (`TEXT_LIMIT`), so the
                // whole-text panel scrolls. The checkers' rules do not depend on its length, and
                // they took over a minute on HugeTextTests' 5 MB title in each engine; those
                // tests draw that title.
                let title = HugeTextTests.title("huge:", length: 1 << 16)
                let log = [
                    #"{"type":"session","schema":"todo-session/1","app":"Huge"}"#, #"{"type":"event","event":"startCreatingItem"}"#,
                    #"{"type":"event","event":"changePartialItemName","name":"\#(title)"}"#,
                    #"{"type":"event","event":"addItem","id":"00000000-0000-4000-8000-000000000001"}"#,
                ].map { $0 + "\n" }.joined()
                return try report(Array(log.utf8), in: folder, named: "huge.html")
            },
            enter: { page in
                _ = try page.evaluate("document.querySelector('#todo-list .more-text').click()")
                try page.waitUntil("document.getElementById('full-text') && !document.getElementById('full-text').hidden")
                _ = try page.evaluate(painted)
            }),
        PageState(name: "redacted report") {
            try report(try sample(), redaction: RedactedReportTests.redaction, in: $0, named: "redacted.html")
        },
        PageState(name: "report with diagnostics") { try report(try sampleWithDiagnostics(), in: $0, named: "diagnostics.html") },
        PageState(
            name: "index filtered by version",
            write: { folder in
                try IndexPageTests.shell(
                    """
                    set -e
                    mkdir -p logs/old logs/new
                    for seed in 1 2 3; do $TR simulate --events $((100 * seed)) --seed $seed -o logs/old/s$seed.jsonl; done
                    for seed in 4 5; do $TR simulate --events $((50 * seed)) --seed $seed | sed 's/"appVersion":"simulator"/"appVersion":"1.5"/' > logs/new/s$seed.jsonl; done
                    $TR batch logs -o out --quiet
                    """, in: folder)
                return folder.appendingPathComponent("out/index.html")
            },
            enter: { page in
                _ = try page.evaluate(
                    "(() => { const s = document.getElementById('version-filter'); s.value = [...s.options].find(o => o.text === '1.5').value; s.dispatchEvent(new Event('change')); })()"
                )
                try page.waitUntil("document.getElementById('sessions').dataset.shown === '2'")
            }),
        PageState(
            name: "diff at its first difference",
            write: { folder in
                let base = DiffPageTests.log(["Buy milk", "Call Grandma"], start: 1_000)
                let run = DiffPageTests.log(["Buy milk", "Call Grandpa"], start: 80_000)
                try Data(base.utf8).write(to: folder.appendingPathComponent("base.jsonl"))
                try Data(run.utf8).write(to: folder.appendingPathComponent("run.jsonl"))
                try IndexPageTests.shell("$TR diff base.jsonl run.jsonl -o diff.html --quiet || test $? -eq 1", in: folder)
                return folder.appendingPathComponent("diff.html")
            },
            enter: { page in
                _ = try page.evaluate("document.getElementById('jump').click()")
                try page.waitUntil("document.getElementById('frame-position').textContent.includes('the first difference')")
            }),
        PageState(
            name: "diff of identical replays, the run with a broken line and another app version",
            write: { folder in
                let base = DiffPageTests.log(["Buy milk"], start: 1_000)
                try Data(base.utf8).write(to: folder.appendingPathComponent("base.jsonl"))
                try Data((base + #"{"type":"event" "event":"addItem"}"# + "\n").utf8).write(to: folder.appendingPathComponent("run.jsonl"))
                try IndexPageTests.shell(
                    """
                    set -e
                    sed -i '1s/}$/,"appVersion":"1.4.2"}/' base.jsonl
                    sed -i '1s/}$/,"appVersion":"1.5.0 (90)"}/' run.jsonl
                    $TR diff base.jsonl run.jsonl -o diff.html --quiet
                    """, in: folder)
                return folder.appendingPathComponent("diff.html")
            },
            enter: { page in
                try page.waitUntil("document.querySelector('#verdict .verdict-caveat') !== null")
            }),
    ]
}
