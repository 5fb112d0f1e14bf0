import Foundation
import SessionLog
import Synchronization
import Testing
import TimeTravel
import TodoDomain

/// A scripted session as a UI test drives the app: typed key by key, each
/// recording with the app's real `Store` and recorder, new UUIDs and its own clock.
struct ScriptedSession {
    var titles = ["Buy milk", "Call Grandma", "Pay rent"]

    /// The events the script dispatches, in order (travels aside): frame i is made by event i - 1.
    var events: [TodoEvent] {
        var events: [TodoEvent] = []
        for title in titles {
            events.append(.startCreatingItem)
            for length in 1...title.count { events.append(.changePartialItemName(String(title.prefix(length)))) }
            events.append(.addItem(id: UUID()))
        }
        return events
    }

    /// Records the script to `path`, starting the clock at `start` and stepping it by `step` ms.
    func record(to path: String, start: Double, step: Double, digestEvery: Int = 0) throws {
        let clock = Mutex(start)
        let recorder = try SessionRecorder(
            url: URL(fileURLWithPath: path), header: SessionHeader(sessionId: UUID().uuidString), digests: .every(digestEvery),
            clock: {
                Timestamp(
                    millisecondsSince1970: clock.withLock {
                        $0 += step
                        return $0
                    })
            })
        defer { recorder.close() }
        let store = Store(initialState: TodoState(), recorder: recorder)
        var first: UUID?
        for title in titles {
            store.dispatch(.startCreatingItem)
            for length in 1...title.count { store.dispatch(.changePartialItemName(String(title.prefix(length)))) }
            let id = UUID()
            first = first ?? id
            store.dispatch(.addItem(id: id))
        }
        // Scrubs back a little and ticks the first item there: a branch, as people make them.
        store.currentStateIndex = store.stateCount - 3
        if let first { store.dispatch(.setItemDone(id: first, isDone: true)) }
        #expect(throws: Never.self) { try recorder.flush() }
    }
}

extension CLISuite {
    @Suite("diff BASELINE RUN")
    struct DiffTests {
        @Test("a log diffed with itself is identical: exit 0, the frame count, and a summary that says so")
        func itself() throws {
            let space = try Workspace()
            try ScriptedSession().record(to: space.path("base.jsonl"), start: 1_000, step: 250)
            let result = try space.shell(#""$TR" diff base.jsonl base.jsonl --summary s.md"#)
            #expect(result.code == 0, "\(result.stderr)")
            let frames = ScriptedSession().events.count + 2
            #expect(result.stdout == "identical: \(frames) frames\n")
            let summary = String(decoding: space.read("s.md") ?? Data(), as: UTF8.self)
            #expect(summary.contains("**Identical**: every frame shows the same state."))
            #expect(summary.contains("**Baseline frames**: \(frames)") && summary.contains("**Run frames**: \(frames)"))
        }

        @Test("identical replays whose run's own digests say the app showed another state: exit 0, but the verdict and summary say so")
        func identicalButDigestsDiffer() throws {
            let space = try Workspace()
            try ScriptedSession().record(to: space.path("base.jsonl"), start: 1_000, step: 250, digestEvery: 1)
            // The run: the same log with the digest of its fifth event swapped for the fourth's.
            var lines = String(decoding: space.read("base.jsonl") ?? Data(), as: UTF8.self).components(separatedBy: "\n")
            let events = lines.indices.filter { lines[$0].contains("\"type\":\"event\"") }
            func digest(_ line: String) -> String { String(line.components(separatedBy: "\"digest\":\"").last?.prefix(16) ?? "") }
            lines[events[4]] = lines[events[4]].replacingOccurrences(of: digest(lines[events[4]]), with: digest(lines[events[3]]))
            try space.write("run.jsonl", lines.joined(separator: "\n"))
            let result = try space.shell(#""$TR" diff base.jsonl run.jsonl --summary s.md"#)
            #expect(result.code == 0, "\(result.stderr)")
            let frames = ScriptedSession().events.count + 2
            #expect(
                result.stdout
                    == "identical: \(frames) frames\n  but the run's digests differ from frame 5 on: its app showed another state than this replay\n"
            )
            let summary = String(decoding: space.read("s.md") ?? Data(), as: UTF8.self)
            #expect(
                summary.contains(
                    "**Identical as replayed**: every frame of the two replays shows the same state, but the digests the app recorded differ, "
                        + "the run's from frame 5 on (`state-mismatch`)"), "\(summary)")
            #expect(try space.shell(#""$TR" diff base.jsonl run.jsonl --strict"#).code == 65)
            // The verdict is the same whichever outputs are asked for; the mismatch is no dropped line.
            let bare = try space.shell(#""$TR" diff base.jsonl run.jsonl"#)
            #expect(bare.stdout == result.stdout, "\(bare.stdout)")
            // The page's banner says it under its first line, as the verdict does.
            #expect(try space.shell(#""$TR" diff base.jsonl run.jsonl -o d.html"#).code == 0)
            let page = String(decoding: space.read("d.html") ?? Data(), as: UTF8.self)
            #expect(
                page.contains(#"data-caveats="true">identical: \#(frames) frames<span class="verdict-caveat">but the run"#),
                "\(page.prefix(3000))")
            #expect(page.contains("digests differ from frame 5 on: its app showed another state than this replay</span></p>"))
            // With a broken line as well: two errors, as validate counts them, and one line left out.
            try space.write("run.jsonl", lines.joined(separator: "\n") + #"{"type":"event" "event":"addItem"}"# + "\n")
            let both = try space.shell(#""$TR" diff base.jsonl run.jsonl"#)
            #expect(
                both.stdout.hasSuffix("\n  but the run has 2 errors (--strict fails on them) and 1 line left out of its replay\n"),
                "\(both.stdout)")
            #expect(try space.shell(#""$TR" validate run.jsonl"#).stderr.contains("2 errors"))
        }

        @Test("an empty file or one that is no log compares as one frame, with the note that it is likely not a log")
        func notALogNoted() throws {
            let space = try Workspace()
            try space.write("empty.jsonl", "")
            try space.write("table.csv", "a,b\n1,2\n")
            let result = try space.shell(#""$TR" diff empty.jsonl table.csv"#)
            #expect(result.code == 0, "\(result.stderr)")
            #expect(result.stderr.contains("empty.jsonl: note: holds no record: it is empty"), "\(result.stderr)")
            #expect(
                result.stderr.contains("table.csv: note: holds no todo-session/1 record: none of its 2 lines is one"), "\(result.stderr)")
        }

        @Test("one pipe named as both logs ('-' and /dev/stdin) is refused (64), not compared against its own remains")
        func onePipeTwiceRefused() throws {
            let space = try Workspace()
            try space.write("s.jsonl", cleanLog)
            let result = try space.shell(#"cat s.jsonl | "$TR" diff - /dev/stdin"#)
            #expect(result.code == 64, "\(result.stderr)")
            #expect(
                result.stderr.contains("BASELINE and RUN are one input, a FIFO ('/dev/stdin'), which can be read only once"),
                "\(result.stderr)")
            #expect(try space.shell(#""$TR" diff s.jsonl s.jsonl"#).code == 0, "one file twice is read twice")
        }

        @Test("--strict with errors in both logs says each log's failure, then exits 65 having written nothing")
        func strictSaysBothLogs() throws {
            let space = try Workspace()
            try space.write("a.jsonl", brokenLog)
            try space.write("b.jsonl", brokenLog)
            let result = try space.shell(#""$TR" diff a.jsonl b.jsonl --strict --summary s.md"#)
            #expect(result.code == 65, "\(result.stderr)")
            for log in ["a.jsonl", "b.jsonl"] {
                #expect(result.stderr.contains("Error: \(log): "), "\(log): \(result.stderr)")
            }
            #expect(result.stderr.components(separatedBy: "--strict allows no errors").count == 3, "\(result.stderr)")
            #expect(!space.exists("s.md"))
        }

        @Test("identical replays of a run with a broken line: exit 0, but the verdict and summary say the run has an error")
        func identicalButRunHasErrors() throws {
            let space = try Workspace()
            try ScriptedSession().record(to: space.path("base.jsonl"), start: 1_000, step: 250)
            let base = String(decoding: space.read("base.jsonl") ?? Data(), as: UTF8.self)
            try space.write("run.jsonl", base + #"{"type":"event" "event":"addItem"}"# + "\n")
            let result = try space.shell(#""$TR" diff base.jsonl run.jsonl --summary s.md"#)
            #expect(result.code == 0, "\(result.stderr)")
            let frames = ScriptedSession().events.count + 2
            #expect(
                result.stdout
                    == "identical: \(frames) frames\n  but the run has 1 error (--strict fails on it) and 1 line left out of its replay\n",
                "\(result.stdout)")
            let summary = String(decoding: space.read("s.md") ?? Data(), as: UTF8.self)
            // Identical replays of a log that lost a line: the headline says "as replayed", as for digests that differ.
            #expect(summary.contains("**Identical as replayed**: every frame of the two replays shows the same state."), "\(summary)")
            #expect(
                summary.contains(
                    "But the run has 1 error (--strict fails on it) and 1 line left out of its replay. Its data quality below says which."
                ),
                "\(summary)")
            let clean = try space.shell(#""$TR" diff base.jsonl base.jsonl --summary clean.md"#)
            #expect(!clean.stdout.contains("error"), "a clean pair says nothing of errors")
            let cleanSummary = String(decoding: space.read("clean.md") ?? Data(), as: UTF8.self)
            #expect(cleanSummary.contains("**Identical**: every frame shows the same state."), "\(cleanSummary)")
        }

        /// A caveat's numbers are validate's: every error counts, and a line with two counts once.
        @Test(
            "identical replays of a damaged run: the caveat gives validate's errors and the lines left out",
            arguments: [
                (
                    #"{"type":"event","event":"fly","seq":-1}"#,
                    "the run has 2 errors (--strict fails on them) and 1 line left out of its replay"
                ),
                ("DUPLICATE", "the run has 1 line left out of its replay, by warnings (--strict passes it)"),
            ])
        func identicalButLinesLeftOut(appended: String, caveat: String) throws {
            let space = try Workspace()
            try ScriptedSession().record(to: space.path("base.jsonl"), start: 1_000, step: 250)
            let base = String(decoding: space.read("base.jsonl") ?? Data(), as: UTF8.self)
            let lastLine = base.split(separator: "\n").last.map(String.init) ?? ""
            try space.write("run.jsonl", base + (appended == "DUPLICATE" ? lastLine : appended) + "\n")
            let result = try space.shell(#""$TR" diff base.jsonl run.jsonl --summary s.md"#)
            #expect(result.code == 0, "\(result.stderr)")
            #expect(result.stdout.hasSuffix("\n  but \(caveat)\n"), "\(result.stdout)")
            let summary = String(decoding: space.read("s.md") ?? Data(), as: UTF8.self)
            #expect(summary.contains("But \(caveat). Its data quality below says which."), "\(summary)")
        }

        @Test("frame counts: one frame is one, and the summary groups thousands as every summary does")
        func frameCounts() throws {
            let space = try Workspace()
            let result = try space.shell(
                #": > empty.jsonl && "$TR" diff empty.jsonl empty.jsonl && "$TR" simulate --events 1200 -o long.jsonl && "$TR" diff long.jsonl long.jsonl --summary s.md --quiet"#
            )
            #expect(result.code == 0, "\(result.stderr)")
            #expect(result.stdout == "identical: 1 frame\nidentical: 1201 frames\n")
            let summary = String(decoding: space.read("s.md") ?? Data(), as: UTF8.self)
            #expect(summary.contains("**Baseline frames**: 1,201") && summary.contains("**Run frames**: 1,201"), "\(summary)")
        }

        @Test("two recordings of one scripted session, with other ids and timing, are identical; with --compare-ids they are not")
        func recordedTwice() throws {
            let space = try Workspace()
            try ScriptedSession().record(to: space.path("base.jsonl"), start: 1_000, step: 250)
            try ScriptedSession().record(to: space.path("run.jsonl"), start: 9_999_000, step: 31)
            let base = try #require(space.read("base.jsonl"))
            let run = try #require(space.read("run.jsonl"))
            #expect(base != run)
            let same = try space.shell(#""$TR" diff base.jsonl run.jsonl"#)
            #expect(same.code == 0, "\(same.stderr)")
            #expect(same.stdout.hasPrefix("identical: "))
            let firstAdd = "Buy milk".count + 2  // startCreatingItem at 1, a frame per letter
            let ids = try space.shell(#""$TR" diff --compare-ids base.jsonl run.jsonl"#)
            #expect(ids.code == 1)
            #expect(ids.stdout.hasPrefix(#"differ at frame \#(firstAdd) "#), "\(ids.stdout)")
            #expect(ids.stdout.contains("\n  todoItems[0].id: \""))
        }

        @Test("logs that part at a known frame: exit 1, that frame and both events in the text and the summary, the fields that differ")
        func parting() throws {
            let space = try Workspace()
            let baseline = ScriptedSession()
            var typo = ScriptedSession()
            typo.titles[1] = "Call Grandpa"
            try baseline.record(to: space.path("base.jsonl"), start: 1_000, step: 250)
            try typo.record(to: space.path("run.jsonl"), start: 5_000, step: 90)
            // Frame i is made by event i - 1: the first event that differs makes the first frame that does.
            let parting =
                try #require(
                    Array(zip(baseline.events, typo.events)).firstIndex { one, two in
                        if case .changePartialItemName(let a) = one, case .changePartialItemName(let b) = two { return a != b }
                        return false
                    }) + 1
            let frames = baseline.events.count + 2
            let result = try space.shell(#""$TR" diff base.jsonl run.jsonl --summary s.md -o diff.html"#)
            #expect(result.code == 1, "\(result.stderr)")
            #expect(
                result.stdout == """
                    differ at frame \(parting) (baseline \(frames) frames, run \(frames)): baseline changePartialItemName "Call Grandm", run changePartialItemName "Call Grandp"
                      partialItemName: "Call Grandm" ≠ "Call Grandp"
                      at line \(parting + 1) of the baseline, line \(parting + 1) of the run

                    """)
            #expect(
                result.stderr.hasSuffix("run.jsonl: \(frames) frames, 0 errors, 0 warnings -> diff.html\n"),
                "says where the page went: \(result.stderr)")
            let summary = String(decoding: space.read("s.md") ?? Data(), as: UTF8.self)
            #expect(summary.contains("**Differ at frame \(parting)**"))
            #expect(summary.contains("**Log lines**: at line \(parting + 1) of the baseline, line \(parting + 1) of the run"), "\(summary)")
            #expect(summary.contains(#"**Baseline event**: `changePartialItemName "Call Grandm"`"#))
            #expect(summary.contains(#"`partialItemName`: baseline `"Call Grandm"`, run `"Call Grandp"`"#))
            #expect(
                summary.contains("### Data quality of the baseline, `base.jsonl`")
                    && summary.contains("### Data quality of the run, `run.jsonl`"))
            // The difference and the frame counts are one list: two in a row were written with libcmark's
            // `<!-- end list -->` between them, raw HTML that a renderer escaping HTML shows as text.
            #expect(!summary.contains("<!--"), "\(summary)")
            #expect(summary.contains("  - **Run event**: ") && summary.contains("\n  - **Baseline frames**: \(frames)"))
            let page = String(decoding: space.read("diff.html") ?? Data(), as: UTF8.self)
            #expect(page.contains(#"data-identical="false" data-first-difference="\#(parting)""#))
        }

        @Test(
            "under --redact logs that differ only in which letters were typed still differ, shown masked; standard input is refused"
        )
        func partingRedacted() throws {
            let space = try Workspace()
            var typo = ScriptedSession()
            typo.titles[1] = "Call Grandpa"
            try ScriptedSession().record(to: space.path("base.jsonl"), start: 1_000, step: 250)
            try typo.record(to: space.path("run.jsonl"), start: 5_000, step: 90)
            for option in ["--redact", "--redact-key key.txt"] {
                let result = try space.shell(
                    #"echo a-long-enough-secret > key.txt && "$TR" diff base.jsonl run.jsonl --summary s.md -o diff.html "# + option)
                #expect(result.code == 1, "\(option): \(result.stderr)")
                #expect(
                    result.stdout.hasPrefix("differ at frame ")
                        && result.stdout.contains(#"baseline changePartialItemName "Xxxx Xxxxxx", run changePartialItemName "Xxxx Xxxxxx""#)
                        && result.stdout.contains(#"partialItemName: "Xxxx Xxxxxx" ≠ "Xxxx Xxxxxx""#), "\(result.stdout)")
                let outputs =
                    result.stdout + String(decoding: (space.read("s.md") ?? Data()) + (space.read("diff.html") ?? Data()), as: UTF8.self)
                #expect(!outputs.contains("Grand") && !outputs.contains("Call"))
                #expect(!result.stderr.contains("base.jsonl") && result.stderr.contains("xxxx.xxxxx: "), "\(result.stderr)")
            }
            let piped = try space.shell(#""$TR" diff - run.jsonl --redact < base.jsonl"#)
            #expect(piped.code == 64 && piped.stderr.contains("give BASELINE and RUN as files"), "\(piped.stderr)")
        }

        @Test("under --redact, two logs whose names mask alike each say which one they are")
        func redactedNamesToldApart() throws {
            let space = try Workspace()
            try ScriptedSession().record(to: space.path("session-1.jsonl"), start: 1_000, step: 250)
            try ScriptedSession().record(to: space.path("session-2.jsonl"), start: 1_000, step: 250)
            let result = try space.shell(#""$TR" diff session-1.jsonl session-2.jsonl --redact --summary -"#)
            #expect(result.code == 0, "\(result.stderr)")
            #expect(result.stdout.contains("## Session diff: `xxxxxxx-9.xxxxx (baseline)` vs `xxxxxxx-9.xxxxx (run)`"), "\(result.stdout)")
            #expect(
                result.stderr.contains("xxxxxxx-9.xxxxx (baseline): ") && result.stderr.contains("xxxxxxx-9.xxxxx (run): "),
                "\(result.stderr)")
        }

        @Test(
            "with the page or the summary on standard output, by any name, the verdict goes to standard error, not into them",
            arguments: [
                ("-o -", "<!doctype html>"), ("-o /dev/stdout", "<!doctype html>"), ("-o /dev/fd/1", "<!doctype html>"),
                ("--summary /dev/stdout", "## "),
            ])
        func verdictBesideStandardOutput(option: String, start: String) throws {
            let space = try Workspace()
            try ScriptedSession().record(to: space.path("base.jsonl"), start: 1_000, step: 250)
            let result = try space.shell(#""$TR" diff base.jsonl base.jsonl --quiet "# + option)
            #expect(result.code == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix(start), "\(result.stdout.prefix(80))")
            #expect(result.stderr.hasPrefix("identical: "), "\(result.stderr)")
        }

        @Test("with --compare-ids an item whose addItem carried no id has none: two such are equal, and one beside an id is null")
        func derivedIDsAreNoIDs() throws {
            let space = try Workspace()
            let header = #"{"type":"session","schema":"todo-session/1","sessionId":"s1"}"#
            let events = [
                #"{"type":"event","event":"startCreatingItem"}"#, #"{"type":"event","event":"changePartialItemName","name":"Milk"}"#,
            ]
            let id = "0F6C5C8E-2B0A-4E47-9D55-3E1A2C4B5D6E"
            try space.write("a.jsonl", ([header] + events + [#"{"type":"event","event":"addItem"}"#]).joined(separator: "\n") + "\n")
            try space.write("b.jsonl", ([header, ""] + events + [#"{"type":"event","event":"addItem"}"#]).joined(separator: "\n") + "\n")
            try space.write(
                "c.jsonl", ([header] + events + [#"{"type":"event","event":"addItem","id":"\#(id)"}"#]).joined(separator: "\n") + "\n")
            let same = try space.shell(#""$TR" diff a.jsonl b.jsonl --compare-ids"#)
            #expect(same.code == 0 && same.stdout == "identical: 4 frames\n", "\(same.stdout)")
            let other = try space.shell(#""$TR" diff a.jsonl c.jsonl --compare-ids"#)
            #expect(other.code == 1)
            #expect(
                other.stdout.hasSuffix("\n  todoItems[0].id: null ≠ \"\(id)\"\n  at line 4 of the baseline, line 4 of the run\n"),
                "\(other.stdout)")
        }

        @Test("a difference made by a travel says so: the same event, after a travel to another frame")
        func travelSaysSo() throws {
            let space = try Workspace()
            let start = [
                #"{"type":"event","event":"startCreatingItem"}"#, #"{"type":"event","event":"changePartialItemName","name":"A"}"#,
                #"{"type":"event","event":"addItem"}"#, #"{"type":"event","event":"startCreatingItem"}"#,
            ]
            for (name, to) in [("a", 3), ("b", 2)] {
                let lines = start + [#"{"type":"travel","to":\#(to)}"#, #"{"type":"event","event":"startCreatingItem"}"#]
                try space.write("\(name).jsonl", lines.joined(separator: "\n") + "\n")
            }
            let result = try space.shell(#""$TR" diff a.jsonl b.jsonl --summary s.md"#)
            #expect(result.code == 1)
            #expect(
                result.stdout.hasPrefix(
                    "differ at frame 5 (baseline 6 frames, run 6): baseline startCreatingItem after a travel to frame 3, "
                        + "run startCreatingItem after a travel to frame 2\n"), "\(result.stdout)")
            let summary = String(decoding: space.read("s.md") ?? Data(), as: UTF8.self)
            #expect(summary.contains("`startCreatingItem after a travel to frame 3`"), "\(summary)")
        }

        @Test("where a log that ends early has no line, the verdict says which log ended")
        func endedLogLines() throws {
            let space = try Workspace()
            let start = #"{"type":"event","event":"startCreatingItem"}"# + "\n"
            let cancel = #"{"type":"event","event":"cancelCreatingItem"}"# + "\n"
            try space.write("long.jsonl", start + cancel + start)
            try space.write("short.jsonl", start + cancel)
            let shorter = try space.shell(#""$TR" diff long.jsonl short.jsonl"#)
            #expect(
                shorter.code == 1 && shorter.stdout.hasSuffix("\n  at line 3 of the baseline (the run ends before it)\n"),
                "\(shorter.stdout)")
            let longer = try space.shell(#""$TR" diff short.jsonl long.jsonl"#)
            #expect(
                longer.code == 1 && longer.stdout.hasSuffix("\n  at line 3 of the run (the baseline ends before it)\n"), "\(longer.stdout)")
        }

        @Test("a difference in a long list lists 50 fields and counts the rest, in the verdict and the summary")
        func longListOfFields() throws {
            let space = try Workspace()
            let item = [
                #"{"type":"event","event":"startCreatingItem"}"#, #"{"type":"event","event":"changePartialItemName","name":"x"}"#,
                #"{"type":"event","event":"addItem"}"#,
            ].joined(separator: "\n")
            let items = Array(repeating: item, count: 60).joined(separator: "\n") + "\n"
            let last = #"{"type":"event","event":"startCreatingItem"}"# + "\n"
            try space.write("base.jsonl", items + last)
            // The run travels to the empty list first: at its last frame every item is missing.
            try space.write("run.jsonl", items + #"{"type":"travel","to":0}"# + "\n" + last)
            let result = try space.shell(#""$TR" diff base.jsonl run.jsonl --summary s.md"#)
            #expect(result.code == 1, "\(result.stderr)")
            // 61 fields differ: the count and the 60 items.
            let listed = result.stdout.split(separator: "\n").filter { $0.hasPrefix("  todoItems") }
            #expect(listed.count == 50, "\(result.stdout)")
            #expect(result.stdout.contains("\n  … and 11 more differing fields\n"), "\(result.stdout)")
            let summary = String(decoding: space.read("s.md") ?? Data(), as: UTF8.self)
            #expect(summary.components(separatedBy: "`todoItems").count - 1 == 50, "\(summary)")
            #expect(summary.contains("  - … and 11 more\n"), "\(summary)")
        }

        @Test("the summary and the page name each log's app version, which is never compared")
        func appVersionsShown() throws {
            let space = try Workspace()
            func log(_ version: String) -> String {
                #"{"type":"session","schema":"todo-session/1","appVersion":"\#(version)"}"# + "\n"
                    + #"{"type":"event","event":"startCreatingItem"}"# + "\n"
            }
            try space.write("base.jsonl", log("1.4.2"))
            try space.write("run.jsonl", log("1.5.0 (90)"))
            try space.write("none.jsonl", #"{"type":"event","event":"startCreatingItem"}"# + "\n")
            let result = try space.shell(#""$TR" diff base.jsonl run.jsonl --summary s.md -o d.html"#)
            #expect(result.code == 0 && result.stdout == "identical: 2 frames\n", "\(result.stdout)\(result.stderr)")
            let summary = String(decoding: space.read("s.md") ?? Data(), as: UTF8.self)
            #expect(summary.contains("**App versions**: baseline `1.4.2`, run `1.5.0 (90)`"), "\(summary)")
            let page = String(decoding: space.read("d.html") ?? Data(), as: UTF8.self)
            #expect(page.contains(#"<span class="side-version">version <bdi>1.4.2</bdi></span></h2>"#))
            #expect(page.contains(#"<span class="side-version">version <bdi>1.5.0 (90)</bdi></span></h2>"#))
            // Identical with nothing more to say: no caveat, and no key for a difference there is not.
            #expect(page.contains(#"data-caveats="false">identical: 2 frames</p>"#))
            #expect(page.contains("<span hidden>, D on the slider goes to the first difference</span>"))
            let neither = try space.shell(#""$TR" diff none.jsonl none.jsonl --summary s2.md"#)
            #expect(neither.code == 0)
            #expect(!String(decoding: space.read("s2.md") ?? Data(), as: UTF8.self).contains("App versions"))
            _ = try space.shell(#""$TR" diff none.jsonl run.jsonl --summary s3.md"#)
            #expect(
                String(decoding: space.read("s3.md") ?? Data(), as: UTF8.self).contains(
                    "**App versions**: baseline none given, run `1.5.0 (90)`"))
        }

        @Test("a run that ends early differs at its first missing frame")
        func shorter() throws {
            let space = try Workspace()
            try ScriptedSession().record(to: space.path("base.jsonl"), start: 1_000, step: 250)
            try ScriptedSession(titles: ["Buy milk"]).record(to: space.path("run.jsonl"), start: 1_000, step: 250)
            let result = try space.shell(#""$TR" diff base.jsonl run.jsonl"#)
            #expect(result.code == 1)
            // The run's travel branch starts earlier: its frames part at its setItemDone, frame 11.
            #expect(result.stdout.hasPrefix("differ at frame 11 (baseline "), "\(result.stdout)")
        }

        @Test("each log's diagnostics come prefixed by its path; --strict with an error is 65 and writes nothing")
        func diagnosticsAndStrict() throws {
            let space = try Workspace()
            try ScriptedSession().record(to: space.path("base.jsonl"), start: 1_000, step: 250)
            var text = try #require(space.read("base.jsonl"))
            text.append(Data("{\"type\":\"event\",\"event\":\"nope\"}\n".utf8))
            try text.write(to: URL(fileURLWithPath: space.path("run.jsonl")))
            let lenient = try space.shell(#""$TR" diff base.jsonl run.jsonl"#)
            #expect(lenient.code == 0)
            let lines = ScriptedSession().events.count + 4
            #expect(lenient.stderr.contains("run.jsonl:\(lines): error: unknown-event"))
            let strict = try space.shell(#""$TR" diff --strict base.jsonl run.jsonl -o d.html"#)
            #expect(strict.code == 65)
            #expect(strict.stderr.contains("Error: run.jsonl: "), "which log has the errors: \(strict.stderr)")
            #expect(!space.exists("d.html"))
        }

        @Test("simulate --digests N writes a digest on every Nth event, and validate checks and counts them")
        func simulatedDigests() throws {
            let space = try Workspace()
            #expect(try space.shell(#""$TR" simulate --events 60 --seed 3 --digests 5 -o log.jsonl"#).code == 0)
            let log = String(decoding: space.read("log.jsonl") ?? Data(), as: UTF8.self)
            #expect(log.components(separatedBy: "\"digest\":\"").count - 1 == 12)
            let result = try space.shell(#""$TR" validate log.jsonl"#)
            #expect(result.code == 0)
            #expect(result.stderr.hasSuffix(", 12 digests checked (0 differ)\n"), "\(result.stderr)")
        }

        @Test("simulate --digests default digests as an app's recorder does: every event of a short list")
        func simulatedDefaultDigests() throws {
            let space = try Workspace()
            #expect(try space.run(["simulate", "--events", "300", "--digests", "default", "-o", "log.jsonl"]).code == 0)
            let log = String(decoding: space.read("log.jsonl") ?? Data(), as: UTF8.self)
            #expect(log.components(separatedBy: "\"digest\":\"").count - 1 == 300)
            let result = try space.run(["validate", "log.jsonl"])
            #expect(result.stderr.hasSuffix(", 300 digests checked (0 differ)\n"), "\(result.stderr)")
            let wrong = try space.run(["simulate", "--events", "3", "--digests", "defaul"])
            #expect(wrong.code == 64)
            #expect(wrong.stderr.hasPrefix("Error: --digests takes a whole number ≥ 1 or the word default"), "\(wrong.stderr)")
        }

        @Test(
            "usage and input errors",
            arguments: [
                (#""$TR" diff base.jsonl"#, Int32(64)), (#""$TR" diff base.jsonl missing.jsonl"#, 66),
                (#""$TR" diff - - "#, 64), (#""$TR" diff base.jsonl base.jsonl -o base.jsonl"#, 64),
                // Read twice under --redact, a pipe's bytes would be split between the readers.
                (#"mkfifo p && "$TR" diff --redact base.jsonl p"#, 64),
            ])
        func errors(script: String, code: Int32) throws {
            let space = try Workspace()
            try ScriptedSession().record(to: space.path("base.jsonl"), start: 1_000, step: 250)
            #expect(try space.shell(script).code == code)
        }
    }
}
