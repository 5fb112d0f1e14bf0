import Foundation
import Testing

extension CLISuite {
    /// `line-too-long` as the binary meets it: a line past the limit is
    /// skipped without being held, whatever the limit.
    @Suite("a 300 MB line in a real process")
    struct LongLineMemoryTests {
        /// A header, one `startCreatingItem` record of 300,000,000 bytes, and a `cancelCreatingItem`.
        static func writeLog(_ path: String) throws {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            defer { try? file.close() }
            let head = #"{"type":"event","event":"startCreatingItem","pad":""#
            try file.write(contentsOf: Data((#"{"type":"session","schema":"todo-session/1","sessionId":"long"}"# + "\n" + head).utf8))
            let padding = Data(repeating: UInt8(ascii: "a"), count: 1 << 20)
            var left = 300_000_000 - head.utf8.count - 2
            while left > 0 {
                let count = min(left, padding.count)
                try file.write(contentsOf: padding.prefix(count))
                left -= count
            }
            try file.write(contentsOf: Data((#""}"# + "\n" + #"{"type":"event","event":"cancelCreatingItem"}"# + "\n").utf8))
        }

        @Test(
            "a 300 MB line under the default limit and under --max-line-bytes 1000000 keeps the process under 100 MB",
            arguments: [
                ["long.jsonl", "-o", "report.html"],
                ["long.jsonl", "-o", "report.html", "--max-line-bytes", "1000000"],
                ["batch", "long.jsonl", "-o", "out"],
            ])
        func peakMemory(arguments: [String]) throws {
            let space = try Workspace()
            try Self.writeLog(space.path("long.jsonl"))
            let absolute = arguments.map { $0.hasSuffix(".jsonl") || $0.hasSuffix(".html") || $0 == "out" ? space.path($0) : $0 }
            // The line waits in a spill file in TMPDIR while its length is unknown: the workspace, removed after.
            let run = try MeasuredRun.run(todoReportBinary, absolute, environment: ["TMPDIR": space.url.path])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.contains("line-too-long: the line has 300,000,000 bytes"), "\(run.stderr)")
            #expect(run.peakBytes > 0, "no figure from \(MeasuredRun.time)")
            #expect(run.peakBytes < 100_000_000, "peak \(run.peakBytes / 1_000_000) MB")
            print("peak resident memory, todo-report \(arguments.joined(separator: " ")): \(run.peakBytes / 1_000_000) MB")
        }
    }
}
