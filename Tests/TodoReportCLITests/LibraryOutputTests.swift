import Foundation
import Report
import SessionLog
import Testing

extension CLISuite {
    /// `ReportBuilder.write(report:summary:)`: the library writes a report
    /// and a summary to URLs as the command line writes them.
    @Suite("the library's report and summary at URLs")
    struct LibraryOutputTests {
        /// Reads the log at `log` into a builder, through the URL entry point.
        static func builder(of log: URL) throws -> ReportBuilder {
            let builder = ReportBuilder()
            let outcome = try LogReplayer.replay(contentsOf: log) { builder.add($0) }
            builder.finish(with: outcome)
            return builder
        }

        @Test("the same bytes as the command line's, for the report and the summary")
        func sameAsCommandLine() throws {
            let space = try Workspace()
            #expect(try space.run([sampleURL.path, "-o", "cli.html", "--summary", "cli.md"]).code == 0)
            try Self.builder(of: sampleURL).write(
                report: URL(fileURLWithPath: space.path("library.html")), summary: URL(fileURLWithPath: space.path("library.md")))
            #expect(space.read("library.html") != nil)
            #expect(space.read("library.html") == space.read("cli.html"))
            #expect(space.read("library.md") == space.read("cli.md"))
            #expect(try space.listing() == ["cli.html", "cli.md", "library.html", "library.md"])
        }

        @Test("a replaced file keeps its permissions, a link is followed and stays, /dev/null is written in place, a folder is refused")
        func whatIsReplaced() throws {
            let space = try Workspace()
            let builder = try Self.builder(of: sampleURL)
            let report = URL(fileURLWithPath: space.path("report.html"))
            try space.write("report.html", "old")
            chmod(report.path, 0o640)
            try FileManager.default.createSymbolicLink(atPath: space.path("link.md"), withDestinationPath: "summary.md")
            try builder.write(report: report, summary: URL(fileURLWithPath: space.path("link.md")))
            #expect(try FileManager.default.attributesOfItem(atPath: report.path)[.posixPermissions] as? Int == 0o640)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: space.path("link.md")) == "summary.md")
            #expect(space.read("summary.md").map { String(decoding: $0, as: UTF8.self) } == builder.summaryMarkdown())
            try builder.write(report: nil, summary: URL(fileURLWithPath: "/dev/null"))
            try FileManager.default.createDirectory(atPath: space.path("folder"), withIntermediateDirectories: false)
            let folder = URL(fileURLWithPath: space.path("folder"))  // a folder's URL ends with a slash
            try space.write("report.html", "old")
            let failure = #expect(throws: SystemCallError.self) { try builder.write(report: report, summary: folder) }
            #expect(failure == SystemCallError("write", path: folder.path(percentEncoded: false), errno: EISDIR))
            #expect(failure?.localizedDescription == "cannot write \(space.path("folder"))/: Is a directory")
            #expect(space.read("report.html") == Data("old".utf8))  // refused before anything was written
        }

        @Test("an open descriptor named as /dev/fd/N is written where it points, as the command line writes it")
        func openDescriptor() throws {
            let builder = try Self.builder(of: sampleURL)
            var ends: [Int32] = [0, 0]
            try #require(pipe(&ends) == 0)
            defer { close(ends[0]) }
            try builder.write(report: nil, summary: URL(fileURLWithPath: "/dev/fd/\(ends[1])"))
            close(ends[1])
            let written = FileHandle(fileDescriptor: ends[0], closeOnDealloc: false).readDataToEndOfFile()
            #expect(!written.isEmpty)
            #expect(String(decoding: written, as: UTF8.self) == builder.summaryMarkdown())
        }

        @Test(
            "/dev/fd/N open on a regular file replaces that file whole, keeping its permissions, not written through the app's descriptor")
        func descriptorOnARegularFile() throws {
            let space = try Workspace()
            let builder = try Self.builder(of: sampleURL)
            try space.write("summary.md", "an old summary, longer than nothing")
            chmod(space.path("summary.md"), 0o640)
            let descriptor = open(space.path("summary.md"), O_RDWR | O_CLOEXEC)
            try #require(descriptor >= 0)
            defer { close(descriptor) }
            lseek(descriptor, 0, SEEK_END)  // written through, the summary would follow the old text
            try builder.write(report: nil, summary: URL(fileURLWithPath: "/dev/fd/\(descriptor)"))
            #expect(space.read("summary.md").map { String(decoding: $0, as: UTF8.self) } == builder.summaryMarkdown())
            #expect(try FileManager.default.attributesOfItem(atPath: space.path("summary.md"))[.posixPermissions] as? Int == 0o640)
            #expect(try space.listing() == ["summary.md"])
        }

        @Test("a target another writer changes while a stream output is written: nothing is put in place, and the error names that target")
        func targetChangedMeanwhile() throws {
            let space = try Workspace()
            // A page far larger than a pipe holds (64 KiB, at most 1 MiB unless raised): its writer waits for the reader.
            try space.write(
                "long.jsonl",
                #"{"type":"session","schema":"todo-session/1"}"# + "\n" + #"{"type":"event","seq":0,"event":"startCreatingItem"}"#
                    + "\n" + #"{"type":"event","seq":1,"event":"changePartialItemName","name":""# + String(repeating: "x", count: 4 << 20)
                    + "\"}\n")
            let builder = try Self.builder(of: URL(fileURLWithPath: space.path("long.jsonl")))
            try #require(try builder.html().utf8.count > 4 << 20)
            try #require(mkfifo(space.path("page.fifo"), 0o600) == 0)
            try space.write("summary.md", "before")
            // The page is written after the summary's temporary file, and waits for its reader, which first
            // replaces the summary as another run would: the summary's check, after the page, must see it.
            let reader = Thread { [fifo = space.path("page.fifo"), summary = space.path("summary.md")] in
                let descriptor = open(fifo, O_RDONLY | O_CLOEXEC)
                guard descriptor >= 0 else { return }
                defer { close(descriptor) }
                _ = FileManager.default.createFile(atPath: summary + ".other", contents: Data("another run's".utf8))
                rename(summary + ".other", summary)
                _ = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).readDataToEndOfFile()
            }
            reader.start()
            let failure = #expect(throws: SystemCallError.self) {
                try builder.write(
                    report: URL(fileURLWithPath: space.path("page.fifo")), summary: URL(fileURLWithPath: space.path("summary.md")))
            }
            #expect(failure == SystemCallError("replace", path: space.path("summary.md"), errno: EBUSY))
            #expect(space.read("summary.md") == Data("another run's".utf8))
            #expect(try space.listing() == ["long.jsonl", "page.fifo", "summary.md"])
        }

        @Test("all or nothing: a report that cannot be written whole (ulimit -f) leaves both files as they were, and no temporary file")
        func allOrNothing() async throws {
            let space = try Workspace()
            try space.write("report.html", "old report")
            try space.write("summary.md", "old summary")
            // The file-size limit is process-wide, so the writing runs in a child process.
            await #expect(processExitsWith: .success) { [folder = space.url.path as String, log = sampleURL.path as String] in
                let builder = try LibraryOutputTests.builder(of: URL(fileURLWithPath: log))
                signal(SIGXFSZ, SIG_IGN)
                #if os(Linux)
                    let resource = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
                #else
                    let resource = RLIMIT_FSIZE
                #endif
                var limit = rlimit()
                try #require(getrlimit(resource, &limit) == 0)
                limit.rlim_cur = 4_096
                try #require(setrlimit(resource, &limit) == 0)
                let report = URL(fileURLWithPath: folder).appendingPathComponent("report.html")
                let failure = #expect(throws: SystemCallError.self) {
                    try builder.write(report: report, summary: URL(fileURLWithPath: folder).appendingPathComponent("summary.md"))
                }
                #expect(failure == SystemCallError("write", path: report.path, errno: EFBIG))
            }
            #expect(space.read("report.html") == Data("old report".utf8))
            #expect(space.read("summary.md") == Data("old summary".utf8))
            #expect(try space.listing() == ["report.html", "summary.md"])
        }
    }
}
