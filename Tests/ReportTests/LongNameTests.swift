import ByteLevel
import Foundation
import Report
import SessionLog
import Testing

/// A very long item name is stored once in the report (in the frame data
/// that the page's script draws from), not once per place that shows it.
@Suite("Long names in the report")
struct LongNameTests {
    /// `count` bytes of letters, not all alike, starting with `tag`.
    static func name(_ tag: String, count: Int) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz".utf8)
        var bytes = Array(tag.utf8)
        bytes.reserveCapacity(count)
        while bytes.count < count { bytes.append(letters[bytes.count * 7 % 26]) }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("an item added with a 10 MB name and a 5 MB name typed then cancelled: each stored once, whole")
    func storedOnce() throws {
        let added = Self.name("added:", count: 10 << 20)
        let cancelled = Self.name("cancelled:", count: 5 << 20)
        let log = [
            #"{"type":"session","schema":"todo-session/1","app":"Long"}"#,
            #"{"type":"event","event":"startCreatingItem"}"#,
            #"{"type":"event","event":"changePartialItemName","name":"\#(added)"}"#,
            #"{"type":"event","event":"addItem","id":"00000000-0000-4000-8000-000000000001"}"#,
            #"{"type":"event","event":"startCreatingItem"}"#,
            #"{"type":"event","event":"changePartialItemName","name":"\#(cancelled)"}"#,
            #"{"type":"event","event":"cancelCreatingItem"}"#,
        ].map { $0 + "\n" }.joined()

        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let logURL = folder.appendingPathComponent("long.jsonl")
        let reportURL = folder.appendingPathComponent("long.html")
        try Data(log.utf8).write(to: logURL)

        let builder = ReportBuilder()
        let input = open(logURL.path, O_RDONLY)
        try #require(input >= 0)
        let outcome = try LogReplayer.replay(FileDescriptorByteSource(fileDescriptor: input)) { builder.add($0) }
        close(input)
        builder.finish(with: outcome)
        #expect(outcome.errorCount == 0)
        let output = open(reportURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(output >= 0)
        try builder.write(toFileDescriptor: output)
        close(output)

        let report = try Data(contentsOf: reportURL)
        let names = added.utf8.count + cancelled.utf8.count
        // Once, plus the page itself: well under twice the names.
        #expect(report.count < names + (1 << 20), "report \(report.count) bytes for \(names) bytes of names")
        // Whole, in the frame data: a frame's argument, here a keystroke's frame written as its text alone
        // (the data's blocks joined, as the page joins them).
        let frameData = Data(try String(decoding: report, as: UTF8.self).jsonBlock(id: "session-data").utf8)
        for name in [added, cancelled] {
            #expect(frameData.range(of: Data(",\"\(name)\",".utf8)) != nil)
        }
        // Elsewhere (the summary, the static final frame) a long name shows as an excerpt.
        let summary = builder.summaryMarkdown()
        for name in [added, cancelled] {
            #expect(!summary.contains(name))
            #expect(summary.contains("… \(groupedDigits(name.unicodeScalars.count)) characters"), "the length as the page says it")
        }
        #expect(builder.summaryMarkdown().utf8.count < 20_000)
    }
}

/// A fresh temporary folder, removed by the caller.
private func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("todo-report-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
