import Foundation
import Report
import Testing

/// The batch's `index.html` in real headless Chromium: made by the built
/// `todo-report batch` from simulated logs, loaded from `file://`.
@Suite("Batch index in each browser", .serialized)
struct IndexPageTests {
    /// The built `todo-report` binary, beside the test bundle.
    static let binary: String = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("todo-report").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/todo-report").path
    }()

    /// Runs `script` with `$TR` in `folder`; fails the test on a non-zero exit.
    static func shell(_ script: String, in folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.environment = ProcessInfo.processInfo.environment.merging(["TR": binary]) { $1 }
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(script) exited \(process.terminationStatus)")
    }

    /// Six sessions in two app versions (one a copy with its version changed), and a batch of them.
    static func withIndex(in engine: Engine, _ body: (any PageDriver, URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("index-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try shell(
            """
            set -e
            mkdir -p "logs/old" "logs/new <b>"
            for seed in 1 2 3; do $TR simulate --events $((100 * seed)) --seed $seed -o logs/old/s$seed.jsonl; done
            for seed in 4 5 6; do $TR simulate --events $((50 * seed)) --seed $seed | sed 's/"appVersion":"simulator"/"appVersion":"1.5"/' > "logs/new <b>/s$seed.jsonl"; done
            $TR batch logs -o "out dir" --quiet
            """, in: folder)
        let page = try engine.openPage()
        try page.load(folder.appendingPathComponent("out dir/index.html").absoluteString)
        try body(page, folder.appendingPathComponent("out dir"))
    }

    static let rows = "[...document.querySelectorAll('#sessions tbody tr[data-session-id]')]"

    /// Writes `folder/index.html` for `count` made-up sessions (`s000000`, `id-0`, …) and returns its address.
    static func writeIndex(of count: Int, in folder: URL) throws -> URL {
        let sessions = (0..<count).map { (index: Int) -> SessionStats in
            var stats = SessionStats(
                name: String(format: "s%06d", index), input: "s\(index).jsonl", status: .rendered, problem: nil, tool: "test", strict: false
            )
            stats.sessionId = "id-\(index)"
            stats.numbers.events = index
            stats.report = "sessions/\(stats.name).html"
            stats.numbers.activity = .init(bucketMs: 1_000, counts: [index % 7, 3, index % 5])
            return stats
        }
        let url = folder.appendingPathComponent("index.html")
        try Data(BatchAggregate(sessions).indexHTML().utf8).write(to: url)
        return url
    }

    @Test(
        "six sessions: every row links to a report that exists, the funnel is drawn per version, nothing fetched, no CSP violation",
        arguments: Engine.available)
    func linksFunnelAndPolicy(engine: Engine) throws {
        try Self.withIndex(in: engine) { page, folder in
            #expect(try page.evaluate("document.documentElement.dataset.ready") as? String == "true")
            #expect(try page.evaluate("document.getElementById('sessions').dataset.count") as? String == "6")
            let links = try #require(try page.evaluate("\(Self.rows).map(r => r.querySelector('a').getAttribute('href'))") as? [String])
            #expect(links.count == 6)
            // Every session is a row to a screen reader, though only those in view are drawn; each is named by its log.
            #expect(try page.evaluate("document.getElementById('sessions').getAttribute('aria-rowcount')") as? String == "7")
            #expect(
                try page.evaluate(
                    "\(Self.rows).map(r => r.getAttribute('aria-rowindex') + r.firstElementChild.localName + r.firstElementChild.scope)")
                    as? [String] == (2...7).map { "\($0)throw" })
            #expect(
                try page.evaluate("document.querySelector('#sessions th[data-column=\"0\"]').getAttribute('aria-sort')") as? String
                    == "ascending")
            let activity = try #require(try page.evaluate("\(Self.rows).map(r => r.lastElementChild.textContent)") as? [String])
            #expect(
                activity.count == 6 && activity.allSatisfy { $0.hasPrefix("busiest ") || $0 == "no events with a time" },
                "the Activity cells say in words what their line shows: \(activity)")
            for link in links {
                #expect(!link.hasPrefix("/") && !link.contains(":"), "relative: \(link)")
                let target = try #require(URL(string: link, relativeTo: folder.appendingPathComponent("index.html")))
                #expect(FileManager.default.fileExists(atPath: target.path), "\(link) resolves to a report")
            }
            let funnels = try #require(
                try page.evaluate("[...document.querySelectorAll('#funnel svg')].map(s => s.getAttribute('aria-label'))") as? [String])
            #expect(funnels.count == 3)
            #expect(funnels[1].hasPrefix("Version 1.5 (3 rendered sessions): Sheets opened "), "\(funnels[1])")
            #expect(funnels[1].contains(" (100%), At least one keystroke "), "each count with its share: \(funnels[1])")
            #expect(try page.violations() == [])
            let requests = try page.requests()
            #expect(requests.count == 1 && requests.first?.hasSuffix("index.html") == true, "\(requests)")
            let errors = try page.errors()
            #expect(errors.isEmpty, "\(errors)")
        }
    }

    @Test(
        "sorting by a column orders the rows both ways, a measure's largest first, and says so in aria-sort; the filters narrow them",
        arguments: Engine.available)
    func sortAndFilter(engine: Engine) throws {
        try Self.withIndex(in: engine) { page, _ in
            let eventsColumn = "[...document.querySelectorAll('#sessions th')].find(th => th.textContent === 'Events')"
            let events = "\(Self.rows).map(r => Number(r.children[6].textContent))"
            _ = try page.evaluate("\(eventsColumn).querySelector('button').click()")
            #expect(try page.evaluate("\(eventsColumn).getAttribute('aria-sort')") as? String == "descending")
            #expect(
                try page.evaluate("document.querySelector('#sessions th[data-column=\"0\"]').getAttribute('aria-sort')") as? String
                    == "none")
            #expect(
                try page.evaluate("document.getElementById('shown-count').textContent") as? String
                    == "6 of 6 sessions, by Events, descending")
            let descending = try #require(try page.evaluate(events) as? [Int])
            #expect(descending == descending.sorted(by: >) && descending.count == 6 && Set(descending).count > 1)
            _ = try page.evaluate("\(eventsColumn).querySelector('button').click()")
            #expect(try page.evaluate("\(eventsColumn).getAttribute('aria-sort')") as? String == "ascending")
            #expect(try page.evaluate(events) as? [Int] == descending.reversed())
            // A name's first click: ascending.
            let userColumn = "[...document.querySelectorAll('#sessions th')].find(th => th.textContent === 'User')"
            _ = try page.evaluate("\(userColumn).querySelector('button').click()")
            #expect(try page.evaluate("\(userColumn).getAttribute('aria-sort')") as? String == "ascending")

            _ = try page.evaluate(
                "(() => { const f = document.getElementById('session-filter'); f.value = 'simulated-5'; f.dispatchEvent(new Event('input')); })()"
            )
            #expect(try page.evaluate("\(Self.rows).map(r => r.dataset.sessionId)") as? [String] == ["simulated-5"])
            #expect(try page.evaluate("document.getElementById('sessions').getAttribute('aria-rowcount')") as? String == "2")
            _ = try page.evaluate(
                "(() => { const f = document.getElementById('session-filter'); f.value = ''; f.dispatchEvent(new Event('input')); })()")
            _ = try page.evaluate(
                "(() => { const s = document.getElementById('version-filter'); s.value = [...s.options].find(o => o.text === '1.5').value; s.dispatchEvent(new Event('change')); })()"
            )
            let versions = try #require(try page.evaluate("\(Self.rows).map(r => r.children[3].textContent)") as? [String])
            #expect(versions == ["1.5", "1.5", "1.5"])
            _ = try page.evaluate(
                "(() => { const s = document.getElementById('version-filter'); s.value = ''; s.dispatchEvent(new Event('change')); })()")
            #expect(try page.evaluate("\(Self.rows).length") as? Int == 6, "both filters cleared: every session again")
        }
    }

    @Test(
        "the version filter tells a version written (no version), an empty version and no version apart",
        arguments: Engine.available)
    func versionsLikeTheirAbsence(engine: Engine) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("index-versions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.shell(
            """
            set -e
            mkdir logs
            $TR simulate --events 20 --seed 1 | sed 's/"appVersion":"simulator"/"appVersion":"(no version)"/' > logs/written.jsonl
            $TR simulate --events 30 --seed 2 | sed 's/"appVersion":"simulator"/"appVersion":""/' > logs/empty.jsonl
            $TR simulate --events 40 --seed 3 | sed 's/,"appVersion":"simulator"//' > logs/none.jsonl
            $TR simulate --events 50 --seed 4 -o logs/simulator.jsonl
            $TR batch logs -o out --quiet
            """, in: folder)
        let page = try engine.openPage()
        try page.load(folder.appendingPathComponent("out/index.html").absoluteString)
        let options = try #require(
            try page.evaluate("[...document.getElementById('version-filter').options].map(o => o.text)") as? [String])
        #expect(
            options == ["All versions", "(empty)", "simulator", "\"(no version)\"", "(no version)"],
            "sort -V order, the sessions without one last, the version written as their label in quotes")
        var shown: [[String]] = []
        for index in options.indices {
            _ = try page.evaluate(
                "(() => { const s = document.getElementById('version-filter'); s.selectedIndex = \(index); s.dispatchEvent(new Event('change')); })()"
            )
            shown.append(try #require(try page.evaluate("\(Self.rows).map(r => r.querySelector('a').textContent)") as? [String]))
        }
        #expect(shown == [["empty", "none", "simulator", "written"], ["empty"], ["simulator"], ["written"], ["none"]])
        // Sorted by the column, the versions come in the filter's order (sort -V), not as text.
        _ = try page.evaluate(
            "(() => { const s = document.getElementById('version-filter'); s.selectedIndex = 0; s.dispatchEvent(new Event('change')); })()")
        _ = try page.evaluate("document.querySelector('#sessions th[data-column=\"5\"] button').click()")
        #expect(
            try page.evaluate("\(Self.rows).map(r => r.querySelector('a').textContent)") as? [String]
                == ["empty", "simulator", "written", "none"])
    }

    @Test(
        "sorting keeps equal values in name order (s9 before s10) and absent values last, both ways, for names, numbers and text",
        arguments: Engine.available)
    func sortTiesAndAbsentValues(engine: Engine) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("index-sort-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let users: [String?] = ["b", "B", "é", "😀", "a", nil, "ab", "\u{FF21}"]
        let sessions = (0..<30).map { (index: Int) -> SessionStats in
            var stats = SessionStats(
                name: "s\(index)", input: "s\(index).jsonl", status: .rendered, problem: nil, tool: "test", strict: false
            )
            stats.sessionId = "id-\(index)"
            stats.numbers.events = index % 4
            stats.numbers.durationMs = index % 5 == 0 ? nil : Int64((index * 7) % 11) * 250
            stats.userId = users[index % users.count]
            stats.report = "sessions/\(stats.name).html"
            return stats
        }
        let url = folder.appendingPathComponent("index.html")
        try Data(BatchAggregate(sessions).indexHTML().utf8).write(to: url)
        let page = try engine.openPage()
        try page.load(url.absoluteString)

        /// The order a stable sort gives: equal keys in name order, nil last in both directions.
        func expected<Key>(_ key: (SessionStats) -> Key?, _ before: (Key, Key) -> Bool, descending: Bool) -> [String] {
            let present = sessions.filter { key($0) != nil }
            let absent = sessions.filter { key($0) == nil }
            var sorted: [SessionStats] = []
            for stats in present {
                // Insert after every row that does not come after it: stable.
                let position =
                    sorted.firstIndex { other in
                        descending ? before(key(other)!, key(stats)!) : before(key(stats)!, key(other)!)
                    } ?? sorted.endIndex
                sorted.insert(stats, at: position)
            }
            return (sorted + absent).compactMap(\.sessionId)
        }
        // Each column's orders, in the order its clicks give them: a measure's largest first. Names
        // sort as `ls -v` lists them (s9 before s10), the rows' first order: a click reverses it.
        let byName = sessions.compactMap(\.sessionId)
        let columns: [(String, [String], [String])] = [
            ("Log", byName.reversed(), byName),
            ("Events", expected({ $0.numbers.events }, <, descending: true), expected({ $0.numbers.events }, <, descending: false)),
            (
                "Duration", expected({ $0.numbers.durationMs }, <, descending: true),
                expected({ $0.numbers.durationMs }, <, descending: false)
            ),
            (
                "User", expected({ $0.userId }, { $0.utf16.lexicographicallyPrecedes($1.utf16) }, descending: false),
                expected({ $0.userId }, { $0.utf16.lexicographicallyPrecedes($1.utf16) }, descending: true)
            ),
        ]
        for (title, first, second) in columns {
            let header = "[...document.querySelectorAll('#sessions th')].find(th => th.textContent === '\(title)')"
            // The arrow shows the order but is no part of the button's name ("Events", not "Events ▼"): aria-sort says it.
            let arrow =
                "(() => { const m = \(header).querySelector('button .sort-mark[aria-hidden=\"true\"]'); return m ? getComputedStyle(m, '::after').content : 'no hidden mark'; })()"
            for (clicked, order) in [first, second].enumerated() {
                _ = try page.evaluate("\(header).querySelector('button').click()")
                #expect(
                    try page.evaluate("\(Self.rows).map(r => r.dataset.sessionId)") as? [String] == order, "\(title), click \(clicked + 1)")
                let sort = try page.evaluate("\(header).getAttribute('aria-sort')") as? String
                let shown = try page.evaluate(arrow) as? String
                #expect(shown?.contains(sort == "descending" ? "▼" : "▲") == true, "\(title): \(sort ?? ""), \(shown ?? "")")
                #expect((title == "User") == ((clicked == 0) == (sort == "ascending")), "\(title), click \(clicked + 1): \(sort ?? "")")
            }
        }
    }

    @Test(
        "log text in the table shows its layout controls as the static rows do (one id cannot pass for another), long text whole in a tooltip",
        arguments: Engine.available)
    func layoutControlsShown(engine: Engine) throws {
        let folder = try TemporaryFolder("index-bidi")
        var stats = SessionStats(name: "s0", input: "s0.jsonl", status: .rendered, problem: nil, tool: "test", strict: false)
        (stats.sessionId, stats.userId, stats.report) = ("\u{202E}di-live", "a user id longer than the column", "sessions/s0.html")
        let html = BatchAggregate([stats]).indexHTML()
        let url = folder.url.appendingPathComponent("index.html")
        try Data(html.utf8).write(to: url)
        let page = try engine.openPage()
        try page.load(url.absoluteString)
        let cells = try #require(
            try page.evaluate("\(Self.rows).map(r => [...r.children].slice(1, 3).map(c => [c.textContent, c.title])).flat()") as? [[String]]
        )
        #expect(cells == [["\\u{202E}di-live", ""], ["a user id longer than the column", "a user id longer than the column"]])
        #expect(html.contains("<td>\\u{202E}di-live</td>"), "the static row says the same")
    }

    @Test(
        "only the table scrolls: at a desktop's and a phone's width the page is as wide as the window and ends with its content",
        arguments: Engine.available)
    func pageDoesNotOverflow(engine: Engine) throws {
        try Self.withIndex(in: engine) { page, _ in
            for width in [1280, 390] {
                let size = try page.resize(width: width, height: 800)
                // The Activity cells' words for screen readers sit far right in the table: they must stay in its box.
                let overflow = try #require(
                    try page.evaluate(
                        """
                        (() => { const root = document.scrollingElement;
                          const content = Math.max(...[...document.body.children].map(e => e.getBoundingClientRect().bottom + window.scrollY));
                          return [root.scrollWidth - root.clientWidth, Math.round(root.scrollHeight - Math.max(content, root.clientHeight))]; })()
                        """) as? [Int])
                #expect(overflow[0] <= 0, "the page scrolls \(overflow[0]) px sideways at \(size.width) px")
                #expect(overflow[1] <= 40, "the page scrolls \(overflow[1]) px past its content at \(size.width) px")
            }
        }
    }

    @Test(
        "printed, every session is a row; the skip link goes past the sort buttons to the first session, or to the filter when it leaves none",
        arguments: Engine.available)
    func printedAndSkipped(engine: Engine) throws {
        let folder = try TemporaryFolder("index-print")
        let sessions = (0..<300).map { (index: Int) -> SessionStats in
            var stats = SessionStats(
                name: String(format: "p%03d", index), input: "p\(index).jsonl", status: .rendered, problem: nil, tool: "test", strict: false
            )
            stats.sessionId = "id-\(index)"
            stats.report = "sessions/\(stats.name).html"
            return stats
        }
        let url = folder.url.appendingPathComponent("index.html")
        try Data(BatchAggregate(sessions).indexHTML().utf8).write(to: url)
        let page = try engine.openPage()
        try page.load(url.absoluteString)
        let drawn = try #require(try page.evaluate("\(Self.rows).length") as? Int)
        #expect(drawn < 300)
        _ = try page.evaluate("window.dispatchEvent(new Event('beforeprint'))")
        #expect(try page.evaluate("\(Self.rows).length") as? Int == 300, "every row, to print")
        _ = try page.evaluate("window.dispatchEvent(new Event('afterprint'))")
        #expect(try page.evaluate("\(Self.rows).length") as? Int == drawn)
        _ = try page.evaluate("document.getElementById('skip-to-sessions').click()")
        #expect(try page.evaluate("document.activeElement.textContent") as? String == "p000")
        // A filter that leaves no row: the table says so, and the skip link goes to the filter.
        #expect(try page.evaluate("document.getElementById('no-session').hidden") as? Bool == true)
        _ = try page.evaluate(
            "(() => { const f = document.getElementById('session-filter'); f.value = 'no such session'; "
                + "f.dispatchEvent(new Event('input')); })()")
        #expect(try page.evaluate("\(Self.rows).length") as? Int == 0)
        #expect(try page.evaluate("document.getElementById('no-session').hidden") as? Bool == false)
        _ = try page.evaluate("document.getElementById('skip-to-sessions').click()")
        #expect(try page.evaluate("document.activeElement.id") as? String == "session-filter")
        #expect(try page.violations() == [])
    }

    @Test(
        "100,000 sessions: only a screenful of rows is in the document, and scrolling to the end shows the last",
        arguments: Engine.available)
    func virtualizedRows(engine: Engine) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("index-big-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try Self.writeIndex(of: 100_000, in: folder)
        let page = try engine.openPage()
        try page.load(url.absoluteString)
        #expect(try page.evaluate("document.getElementById('sessions').dataset.count") as? String == "100000")
        let drawn = try #require(try page.evaluate("\(Self.rows).length") as? Int)
        #expect(drawn > 0 && drawn < 200)
        _ = try page.evaluate(
            "(() => { const v = document.getElementById('table-viewport'); v.scrollTop = v.scrollHeight; v.dispatchEvent(new Event('scroll')); })()"
        )
        let last = try #require(try page.evaluate("\(Self.rows).map(r => r.dataset.sessionId)") as? [String])
        #expect(last.last == "id-99999")
        #expect(last.count < 200)

        // Tab through the links: the table scrolls and its rows are made anew, and the focus stays on a link.
        _ = try page.evaluate(
            "(() => { const v = document.getElementById('table-viewport'); v.scrollTop = 0; v.dispatchEvent(new Event('scroll')); })()")
        _ = try page.evaluate("document.querySelector('#sessions tbody a').focus()")
        for _ in 0..<60 { try page.press("Tab") }
        let focused =
            try page.evaluate("(() => { const e = document.activeElement; return e.tagName + ' ' + e.textContent; })()") as? String
        #expect(focused == "A s000060", "the 61st link has the focus")
    }
}
