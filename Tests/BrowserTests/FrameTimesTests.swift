import Foundation
import Report
import SessionLog
import Testing

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
}
