import Foundation
import SessionLog
import Testing

/// `make-test` end to end, as a package's user would run it: the generated tests
/// go into a scratch Swift package that depends on this one by path, and
/// `swift test` runs them there, against this package and against a copy whose
/// reducer was changed.
@Suite("make-test: recorded sessions as regression tests", .serialized)
struct MakeTestTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A program's exit status and its output and error, joined.
    struct Run {
        var status: Int32
        var output: String
    }

    static func run(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let log = folder.appendingPathComponent(".run-output")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        defer { try? FileManager.default.removeItem(at: log) }
        return Run(status: process.terminationStatus, output: try String(contentsOf: log, encoding: .utf8))
    }

    /// A package with one test target per generated folder, depending on `dependency` by path.
    static func scratchPackage(at folder: URL, dependency: URL, targets: [String]) throws {
        // A path dependency's identity is its folder's name.
        let identity = dependency.lastPathComponent.lowercased()
        let testTargets = targets.map {
            """
                    .testTarget(
                        name: "\($0)",
                        dependencies: [
                            .product(name: "SessionTesting", package: "\(identity)"), .product(name: "TodoDomain", package: "\(identity)"),
                        ],
                        exclude: ["RecordedSessions/Fixtures"]),
            """
        }
        let manifest = """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "App",
                platforms: [.macOS(.v15), .iOS(.v18)],
                dependencies: [.package(path: "\(dependency.path)")],
                targets: [
            \(testTargets.joined(separator: "\n"))
                ]
            )

            """
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("Package.swift"))
    }

    /// This package's files, for a copy whose reducer a test changes.
    static func copyOfPackage(to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["Package.swift", "Sources", "Plugins", "Templates", "Tests", "seeds"] {
            try FileManager.default.copyItem(at: root.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
    }

    @Test(
        "tests made from the sample, a 5,000-event session with travels and a log with digests pass; a changed reducer fails them at its first frame, naming the field; record mode re-records, fails once, then passes; --from-digests fails where the app's digest differs"
    )
    func endToEnd() throws {
        let space = try Workspace()
        let logs = space.url.appendingPathComponent("logs")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: sampleURL, to: logs.appendingPathComponent("sample.jsonl"))
        for (name, events, extra) in [("simulated", 5_000, [String]()), ("digests", 300, ["--digests", "1"])] {
            let made = try Self.run(
                [todoReportBinary, "simulate", "--events", "\(events)", "--seed", "5", "-o", "logs/\(name).jsonl"] + extra, in: space.url)
            try #require(made.status == 0, "\(made.output)")
        }
        let simulated = try String(contentsOf: logs.appendingPathComponent("simulated.jsonl"), encoding: .utf8)
        #expect(simulated.contains("\"type\":\"travel\""), "the simulated session travels")
        // The digests log with the digest of its 120th event replaced by the one before it: a state-mismatch log.
        var lines = try String(contentsOf: logs.appendingPathComponent("digests.jsonl"), encoding: .utf8).components(separatedBy: "\n")
        let events = lines.indices.filter { lines[$0].contains("\"type\":\"event\"") }
        func digest(_ line: String) -> String { String(line.components(separatedBy: "\"digest\":\"").last?.prefix(16) ?? "") }
        lines[events[119]] = lines[events[119]].replacingOccurrences(of: digest(lines[events[119]]), with: digest(lines[events[118]]))
        try Data(lines.joined(separator: "\n").utf8).write(to: space.url.appendingPathComponent("mismatch.jsonl"))
        let mismatchFrame = try #require(
            try Self.firstMismatchFrame(in: space.url.appendingPathComponent("mismatch.jsonl"), atLine: events[119] + 1))

        let app = space.url.appendingPathComponent("App")
        let generated = app.appendingPathComponent("Tests/AppTests/RecordedSessions")
        // Two runs into one folder: the test has a case for every fixture there.
        for logs in [["logs/sample.jsonl"], ["logs/simulated.jsonl", "logs/digests.jsonl"]] {
            let made = try Self.run([todoReportBinary, "make-test"] + logs + ["-o", generated.path], in: space.url)
            try #require(made.status == 0, "\(made.output)")
        }
        let fromDigests = try Self.run(
            [todoReportBinary, "make-test", "mismatch.jsonl", "--from-digests", "-o", "App/Tests/DigestTests/RecordedSessions"],
            in: space.url)
        try #require(fromDigests.status == 0, "\(fromDigests.output)")
        for folder in [generated, app.appendingPathComponent("Tests/DigestTests/RecordedSessions")] {
            let lint = try Self.run(
                [
                    "swift", "format", "lint", "--strict", "--configuration", Self.root.appendingPathComponent(".swift-format").path,
                    folder.appendingPathComponent("RecordedSessionTests.swift").path,
                    folder.appendingPathComponent("RecordedState.swift").path,
                ], in: space.url)
            #expect(lint.status == 0 && lint.output.isEmpty, "swift format lint: \(lint.output)")
        }

        try Self.scratchPackage(at: app, dependency: Self.root, targets: ["AppTests", "DigestTests"])
        let build = try Self.run(["swift", "build", "--build-tests"], in: app)
        try #require(build.status == 0, "\(build.output.suffix(3_000))")
        let warnings = build.output.split(separator: "\n").filter {
            ($0.contains("RecordedSessionTests.swift") || $0.contains("RecordedState.swift")) && $0.contains("warning:")
        }
        #expect(warnings.isEmpty, "\(warnings)")
        let passing = try Self.run(["swift", "test", "--skip-build", "--filter", "AppTests"], in: app)
        #expect(passing.status == 0, "\(passing.output.suffix(3_000))")
        #expect(passing.output.contains("with 3 test cases passed"), "\(passing.output.suffix(2_000))")
        let appDiffers = try Self.run(["swift", "test", "--skip-build", "--filter", "DigestTests"], in: app)
        #expect(appDiffers.status != 0)
        #expect(appDiffers.output.contains("session mismatch: frame \(mismatchFrame) "), "\(appDiffers.output.suffix(3_000))")

        // The same tests against a copy of this package whose cancel also clears the typed name.
        let changed = space.url.appendingPathComponent("changed")
        try Self.copyOfPackage(to: changed)
        let reducer = changed.appendingPathComponent("Sources/TodoDomain/TodoState.swift")
        var text = try String(contentsOf: reducer, encoding: .utf8)
        let cancel = try #require(text.range(of: "case .cancelCreatingItem:"))
        let unchanged = try #require(text.range(of: "partialItemName: nil,", range: cancel.upperBound..<text.endIndex))
        text.replaceSubrange(unchanged, with: "partialItemName: .init(old: Self.take(&partialItemName, \"\"), new: \"\"),")
        try Data(text.utf8).write(to: reducer)
        try Self.scratchPackage(at: app, dependency: changed, targets: ["AppTests", "DigestTests"])
        let failing = try Self.run(["swift", "test", "--filter", "AppTests"], in: app)
        #expect(failing.status != 0)
        let firstCancel = try #require(try Self.firstCancelLeavingAName(in: sampleURL))
        let sampleFailure = failing.output.components(separatedBy: "session sample:").dropFirst().first ?? ""
        #expect(sampleFailure.hasPrefix(" frame \(firstCancel) "), "\(failing.output.suffix(3_000))")
        #expect(sampleFailure.prefix(400).contains("partialItemName: expected"), "\(failing.output.suffix(3_000))")
        let simulatedFailure = failing.output.components(separatedBy: "session simulated:").dropFirst().first ?? ""
        #expect(simulatedFailure.prefix(400).contains("partialItemName: expected"), "\(failing.output.suffix(3_000))")

        let recording = try Self.run(
            ["swift", "test", "--skip-build", "--filter", "AppTests"], in: app, environment: ["TODO_REPORT_RECORD": "1"])
        #expect(recording.status != 0, "the run that re-records fails")
        #expect(recording.output.contains("Re-recorded sample from the reducer as it is now"))
        let rerun = try Self.run(["swift", "test", "--skip-build", "--filter", "AppTests"], in: app)
        #expect(rerun.status == 0, "\(rerun.output.suffix(3_000))")
    }

    /// The frame of the sample's first cancel that leaves a typed name in the state (which the
    /// changed reducer clears): the first frame the changed reducer makes differently.
    static func firstCancelLeavingAName(in log: URL) throws -> Int? {
        let result = try LogReplayer.collect(InMemoryByteSource(Array(try Data(contentsOf: log))))
        let states = result.allStates
        return result.frames.first { frame in
            if case .cancelCreatingItem = frame.event { return !states[frame.index].partialItemName.isEmpty }
            return false
        }?.index
    }

    /// The frame the event on `line` of the log makes.
    static func firstMismatchFrame(in log: URL, atLine line: Int) throws -> Int? {
        try LogReplayer.collect(InMemoryByteSource(Array(try Data(contentsOf: log)))).frames.first { $0.line == line }?.index
    }
}
