import Foundation
import Testing

@testable import Report

@Suite("App versions in the order of sort -V")
struct VersionOrderTests {
    /// GNU `sort -V` in the C locale over `lines`.
    static func sortV(_ lines: [String]) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sort")
        process.arguments = ["-V"]
        process.environment = ["LC_ALL": "C"]
        // Not the process's folder: a command-line test run in-process works in a folder that goes when it ends.
        process.currentDirectoryURL = FileManager.default.temporaryDirectory
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(lines.map { $0 + "\n" }.joined().utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test("the order GNU sort -V gives, on real versions and on 10,000 random ones", arguments: [1, 2, 3] as [UInt64])
    func sameAsSortV(seed: UInt64) throws {
        let real = [
            "1.10.0", "1.4.2", "1.4.10", "1.4.2 (87)", "1.4.2 (9)", "2.0", "2.0.0", "2.0~beta1", "2.0-beta1", "2.0.beta", "2.00", "10",
            "v1.2", "V1.2", "1.2a", "1.2A", "1.2_3", "1.2+3", ".hidden", ".", "..", "1.2.tar.gz", "1.2.tar", "", "~", "1.0~rc1", "1.0~~",
        ]
        var random = RandomLog.Generator(seed: seed)
        let alphabet = Array("0123456789.~-+_ ()aZz".utf8)
        let generated = (0..<10_000).map { _ in
            String(
                decoding: (0..<Int.random(in: 0...9, using: &random)).map { _ in alphabet.randomElement(using: &random)! }, as: UTF8.self)
        }
        for versions in [real, generated] {
            let ours = versions.sorted { VersionOrder.precedes(Array($0.utf8), Array($1.utf8)) }
            let theirs = try Self.sortV(versions)
            let first = ours.indices.first { $0 >= theirs.count || ours[$0] != theirs[$0] }
            #expect(
                ours == theirs,
                "first difference at \(first.map(String.init) ?? "-"): \(first.map { Array(ours[max(0, $0 - 2)..<min(ours.count, $0 + 3)]) } ?? []) vs \(first.map { Array(theirs[max(0, $0 - 2)..<min(theirs.count, $0 + 3)]) } ?? [])"
            )
        }
    }

    @Test("the funnel per version: sort -V order, equal as bytes together, (no version) last")
    func perVersion() throws {
        let base = try BatchStatsTests.stats()
        let versions: [String?] = ["1.10.0", nil, "1.4.2", "1.4.2", "e\u{301}", "\u{E9}", "1.9"]
        let sessions = versions.enumerated().map { index, version in
            var stats = base
            (stats.name, stats.appVersion) = ("s\(index)", version)
            return stats
        }
        let aggregate = BatchAggregate(sessions)
        // "é" composed and decomposed are equal Strings in Swift, but not equal bytes: two versions.
        #expect(aggregate.funnelByVersion.map(\.version) == ["1.4.2", "1.9", "1.10.0", "e\u{301}", "\u{E9}", nil])
        #expect(aggregate.funnelByVersion.map(\.funnel.sessions) == [2, 1, 1, 1, 1, 1])
    }

    @Test("a version written (no version) is a version: only the sessions without one are told by nil", arguments: [false, true])
    func versionWrittenAsItsAbsence(withoutVersion: Bool) throws {
        let base = try BatchStatsTests.stats()
        let versions: [String?] = ["(no version)", "", "1.0"] + (withoutVersion ? [nil] : [])
        let sessions = versions.enumerated().map { index, version in
            var stats = base
            (stats.name, stats.appVersion) = ("s\(index)", version)
            return stats
        }
        let aggregate = BatchAggregate(sessions)
        #expect(aggregate.sessionVersions == ["", "1.0", "(no version)"] + (withoutVersion ? [nil] : []), "in sort -V order")
        var failed = base
        (failed.name, failed.appVersion, failed.status) = ("rejected", "5.0", .rejected)
        let withFailed = BatchAggregate(sessions + [failed])
        #expect(withFailed.funnelByVersion.map(\.version) == aggregate.funnelByVersion.map(\.version), "funnels count rendered sessions")
        #expect(
            withFailed.sessionVersions == ["", "1.0", "5.0", "(no version)"] + (withoutVersion ? [nil] : []),
            "the filter offers every row's")
        // An empty version is named in words wherever a version is shown, never as nothing.
        #expect(aggregate.funnelByVersion.map { BatchAggregate.label(of: $0.version) }.first == "(empty)")
        #expect(BatchAggregate.label(of: "1.0") == "1.0")
        // A version written as a label is shown in quotes, so that it cannot pass for no version (or an empty one).
        #expect(BatchAggregate.label(of: "(no version)") == "\"(no version)\"")
        #expect(BatchAggregate.label(of: "(empty)") == "\"(empty)\"")
        #expect(BatchAggregate.label(of: nil) == "(no version)")
        let summary = aggregate.summaryMarkdown()
        #expect(summary.contains("- (empty) — 1 session"), "\(summary)")
        let versionsLine = "**App versions**: (empty), 1.0, \"(no version)\"" + (withoutVersion ? ", (no version)" : "") + "\n"
        #expect(summary.contains(versionsLine), "\(summary)")
        #expect(summary.contains("- `(no version)` — 1 session"), "\(summary)")
        #expect(summary.contains("- (no version) — 1 session") == withoutVersion, "\(summary)")
        let page = aggregate.indexHTML()
        #expect(page.contains(">&quot;(no version)&quot;</option>"), "the filter's option")
        #expect(page.contains(">(no version)</option>") == withoutVersion, "the filter's option")
    }
}

@Suite("App versions with layout controls on the index page")
struct IndexVersionTextTests {
    @Test("a version's bidirectional override is shown as \\u{202E} in the funnel's title and the filter's option, not obeyed")
    func overrideShown() throws {
        var stats = try BatchStatsTests.stats()
        (stats.name, stats.appVersion) = ("s0", "1.0 \u{202E}RTL-override")
        let html = BatchAggregate([stats]).indexHTML()
        #expect(html.contains("<option value=\"0\">1.0 \\u{202E}RTL-override</option>"), "the version filter")
        #expect(html.contains(">Version 1.0 \\u{202E}RTL-override (1 rendered session)</text>"), "the funnel's title")
        // The table's cell shows it too: an id or version cannot pass for another.
        #expect(html.contains("<td title=\"1.0 \\u{202E}RTL-override\">1.0 \\u{202E}RTL-override</td>"), "the table's cell")
    }
}
