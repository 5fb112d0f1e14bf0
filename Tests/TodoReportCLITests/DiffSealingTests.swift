import ByteLevel
import Foundation
import Testing

@testable import TodoReportCLI

extension CLISuite {
    @Suite("diff --redact keeps typed text off the disk")
    struct DiffSealingTests {
        /// Reads two logs as `diff` does with `arguments`, and says which replays seal their spills.
        static func sealing(_ arguments: [String]) throws -> [(redacted: Bool, asWritten: Bool?)] {
            let space = try Workspace()
            let log = #"{"type":"event","event":"startCreatingItem"}"# + "\n"
            try space.write("a.jsonl", log)
            try space.write("b.jsonl", log)
            let options = try ReadingOptions(
                ParsedArguments(arguments.map { Array($0.utf8) }[...], options: ReadingOptions.specs, command: "diff"))
            let streams = StandardStreams(input: -1, output: -1, error: -1)
            func opened(_ name: String) throws -> InputFile {
                var file = try InputFile.locate(Path(bytes: Array(space.path(name).utf8)), standardInput: -1)
                try file.open(notingWaitsOn: streams)
                return file
            }
            let (baseline, run) = (try opened("a.jsonl"), try opened("b.jsonl"))
            let verdictFiles = options.redaction == nil ? nil : (baseline: try opened("a.jsonl"), run: try opened("b.jsonl"))
            defer { for file in [baseline, run, verdictFiles?.baseline, verdictFiles?.run] { file?.close() } }
            let reading = DiffReading(baseline: baseline, run: run, verdictFiles: verdictFiles, options: options, streams: streams)
            return reading.spillsAreSealed
        }

        @Test("under --redact the replays of the logs as written seal their spills; the redacted ones need not")
        func redactedReadingsSeal() throws {
            let sealed = try Self.sealing(["--redact"])
            #expect(sealed.map(\.asWritten) == [true, true])
            #expect(sealed.map(\.redacted) == [false, false], "masked text is no secret: no cost there")
            let plain = try Self.sealing([])
            #expect(plain.map(\.asWritten) == [nil, nil] && plain.map(\.redacted) == [false, false])
        }
    }
}
