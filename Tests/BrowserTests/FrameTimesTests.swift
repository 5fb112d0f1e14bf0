import Foundation
import SessionLog
import Testing

@testable import Report

/// Each frame's time as the page reads it from its data (`times`: a delta
/// from the previous timed frame, or `null`) is the time of the frame's record,
/// from `t0`: small and large deltas, a record with no time, time going
/// backwards, a fraction of a millisecond, decades at once, a time written as
/// milliseconds since 1970, and a travel between.
@Suite("Frame times in each browser", .serialized)
struct FrameTimesTests {
    static let header =
        #"{"type":"session","schema":"todo-session/1","sessionId":"times","startedAt":"2026-11-29T09:00:00.000Z"}"#
    static func event(_ event: String, _ time: String?) -> String {
        let name = event == "changePartialItemName" ? #","name":"ab""# : ""
        let stamp = time.map { $0.allSatisfy(\.isNumber) ? #","timestamp":\#($0)"# : #","timestamp":"\#($0)""# } ?? ""
        return #"{"type":"event","event":"\#(event)""# + name + stamp + "}"
    }

    static let log =
        [
            header,
            event("startCreatingItem", "2026-11-29T09:00:00.000Z"),  // 0 ms
            event("changePartialItemName", "2026-11-29T09:00:00.031Z"),  // 31
            event("cancelCreatingItem", "2026-11-29T09:00:00.063Z"),  // 32
            event("startCreatingItem", "2026-11-29T09:00:01.086Z"),  // 1,023
            event("changePartialItemName", nil),  // no time
            event("changePartialItemName", "2026-11-29T09:00:02.110Z"),  // 1,024 from the last timed frame
            event("cancelCreatingItem", "2026-11-29T09:00:00.610Z"),  // -1,500: backwards
            event("startCreatingItem", "2026-11-29T09:00:00.6105Z"),  // 0.5: a fraction
            event("changePartialItemName", "2026-11-29T09:00:33.6105Z"),  // 33,000
            #"{"type":"travel","to":2,"timestamp":"2026-11-29T09:00:40Z"}"#,
            event("cancelCreatingItem", "2099-12-31T23:59:59.999Z"),  // decades
            event("startCreatingItem", "4102444800000"),  // milliseconds since 1970, backwards again
            event("cancelCreatingItem", "2100-01-01T00:00:01.000Z"),
        ].joined(separator: "\n") + "\n"

    /// Each frame's time in milliseconds from the header's `startedAt`, as the replay reads it (frame 0 has none).
    static func expectedTimes() throws -> [Double?] {
        let result = try LogReplayer.collect(InMemoryByteSource(Array(log.utf8)))
        let origin = 1_795_942_800_000.0
        return [nil] + result.frames.map { $0.stamp.timestamp.map { $0.millisecondsSince1970 - origin } }
    }

    @Test("every frame's time is its record's, from t0", arguments: Engine.available)
    func timesAreTheRecords(engine: Engine) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("times-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let builder = ReportBuilder()
        let outcome = try LogReplayer.replay(InMemoryByteSource(Array(Self.log.utf8))) { builder.add($0) }
        builder.finish(with: outcome)
        let url = folder.appendingPathComponent("times.html")
        try Data(builder.html().utf8).write(to: url)
        let expected = try Self.expectedTimes()
        #expect(expected.count == 13)
        #expect(expected.compactMap { $0 }.count == 11)
        let page = try engine.openPage()
        try page.load(url.absoluteString)
        let shown =
            try page.evaluate(
                """
                Array.from(TodoFrames.open(JSON.parse(TodoFrames.blockText(document.getElementById('session-data')))).times,
                  t => isNaN(t) ? null : t)
                """) as? [Any]
        let times = try #require(shown).map { ($0 as? NSNumber)?.doubleValue }
        #expect(times == expected)
    }

    /// A log with no header, so `start` is its earliest time, which comes second; each frame's
    /// offset "from the start" as metrics.md writes durations, worked out by hand.
    static let offsetLog =
        [
            #"{"type":"event","event":"startCreatingItem","timestamp":10000}"#,  // t_ms 10,000 (start is 0)
            #"{"type":"event","event":"cancelCreatingItem","timestamp":0}"#,  // 0: the start
            #"{"type":"event","event":"startCreatingItem","timestamp":999.4}"#,  // 999
            #"{"type":"event","event":"cancelCreatingItem","timestamp":999.5}"#,  // 1,000 (half away from zero)
            #"{"type":"event","event":"startCreatingItem","timestamp":59950}"#,  // a minute, not 60.0 s
            #"{"type":"event","event":"cancelCreatingItem","timestamp":3599500}"#,  // an hour, not 60 min
            #"{"type":"event","event":"startCreatingItem","timestamp":5431000}"#,  // 1 h 31 min, not 1 h 30 min
            #"{"type":"event","event":"cancelCreatingItem"}"#,  // no time
        ].joined(separator: "\n") + "\n"
    static let offsets = [
        "", "(+10.0 s from the start)", "(+0 ms from the start)", "(+999 ms from the start)", "(+1.0 s from the start)",
        "(+1 min 00 s from the start)", "(+1 h 00 min from the start)", "(+1 h 31 min from the start)", "",
    ]

    @Test("each frame's offset is its t_ms from the session's start, written as the summary writes durations", arguments: Engine.available)
    func offsetsFromTheStart(engine: Engine) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("offsets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let builder = ReportBuilder(recordingEventTable: true)
        let outcome = try LogReplayer.replay(InMemoryByteSource(Array(Self.offsetLog.utf8))) { builder.add($0) }
        builder.finish(with: outcome)
        #expect(builder.metrics.numbers.start == "1970-01-01T00:00:00.000Z")
        let url = folder.appendingPathComponent("offsets.html")
        try Data(builder.html().utf8).write(to: url)
        let page = try engine.openPage()
        try page.load(url.absoluteString)
        var shown: [String] = []
        for frame in Self.offsets.indices {
            _ = try page.evaluate(ReportInBrowserTests.scrub(to: frame))
            shown.append(try page.evaluate("document.getElementById('frame-offset').textContent") as? String ?? "?")
        }
        #expect(shown == Self.offsets)
        #expect(try page.evaluate("document.getElementById('frame-position').textContent") as? String == "Frame 8 / 8")

        // The page's durations are the summary's, value for value, around every edge of every form.
        var values: [Int64] = [0, 1, -1, 999, -999, 1_049, 1_050, 59_949, 59_950, 3_599_499, 3_599_500, 86_400_000, 1 << 40]
        for edge: Int64 in [1_000, 60_000, 3_600_000] {
            for delta: Int64 in -600...600 { values.append(edge + delta) }
        }
        for step: Int64 in 0..<2_000 { values.append(step * 7_919 + step * step * 131) }
        values += values.map { -$0 }
        let list = values.map(String.init).joined(separator: ",")
        let texts = try #require(try page.evaluate("[\(list)].map(TodoPage.duration)") as? [String])
        let mismatches = zip(values, texts).filter { Formatting.duration(milliseconds: $0) != $1 }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        #expect(try page.evaluate("TodoPage.grouped(1234567)") as? String == "1,234,567")
    }

    /// The newest frame's time, offset and line as the page's markup says them, without its script.
    static func staticFrameInfo(_ html: String) throws -> [String] {
        try ["frame-time", "frame-offset", "frame-line"].map { id in
            let match = try #require(html.firstMatch(of: try Regex<(Substring, Substring)>("<span id=\"\(id)\">([^<]*)</span>")))
            return String(match.1)
        }
    }

    @Test(
        "without its script the page says the newest frame's time, offset and line, as the script then draws them",
        arguments: Engine.available)
    func staticFrameInfoIsTheScripts(engine: Engine) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("static-info-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases: [(log: String, info: [String])] = [
            // The newest frame is the last line's (a travel before it moved the cursor back).
            (Self.log, ["2100-01-01T00:00:01.000Z", "(+640,695 h 00 min from the start)", "line 14"]),
            // Its record had no time; the line after a header-less log's first.
            (Self.offsetLog, ["—", "", "line 8"]),
            // Before 1970, a fraction of a millisecond: cut toward zero, as a Date is.
            (
                #"{"type":"event","event":"startCreatingItem","timestamp":-1.5}"# + "\n",
                ["1969-12-31T23:59:59.999Z", "(+0 ms from the start)", "line 1"]
            ),
            // A header alone: frame 0, which has neither.
            (Self.header + "\n", ["—", "", "—"]),
            // A trailing travel: the page opens on the newest frame, not where the cursor ended.
            (
                Self.header + "\n" + Self.event("startCreatingItem", "2026-11-29T09:00:01.5Z") + "\n" + #"{"type":"travel","to":0}"# + "\n",
                ["2026-11-29T09:00:01.500Z", "(+1.5 s from the start)", "line 2"]
            ),
        ]
        let page = try engine.openPage()
        for (index, (log, info)) in cases.enumerated() {
            let builder = ReportBuilder()
            let outcome = try LogReplayer.replay(InMemoryByteSource(Array(log.utf8))) { builder.add($0) }
            builder.finish(with: outcome)
            let html = try builder.html()
            #expect(try Self.staticFrameInfo(html) == info, "case \(index)")
            let url = folder.appendingPathComponent("static-\(index).html")
            try Data(html.utf8).write(to: url)
            try page.load(url.absoluteString)
            let drawn = try page.evaluate("['frame-time', 'frame-offset', 'frame-line'].map(id => document.getElementById(id).textContent)")
            #expect(drawn as? [String] == info, "case \(index): the script draws what the markup said")
        }
    }
}
