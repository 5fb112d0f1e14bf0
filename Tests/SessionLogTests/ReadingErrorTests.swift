import Foundation
import SessionLog
import Testing

/// Reading a log from a URL, and the errors of reads that fail: one type,
/// ``SystemCallError``, with the path and `errno`, that an alert can show.
@Suite("Reading logs at URLs, and read errors")
struct ReadingErrorTests {
    @Test("a log at a URL replays as the same bytes in memory do")
    func replaysAtURL() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("s.jsonl")
        let text = """
            {"type":"session","schema":"todo-session/1","sessionId":"u"}
            {"type":"event","seq":0,"event":"startCreatingItem"}
            {"type":"event","seq":1,"event":"changePartialItemName","name":"Milk"}
            {"type":"event","seq":1,"event":"addItem"}

            """
        try Data(text.utf8).write(to: url)
        let fromFile = try LogReplayer.collect(contentsOf: url)
        let fromMemory = try replay(text)
        #expect(fromFile.found == fromMemory.found)
        #expect(fromFile.found == [Found(4, nil, .duplicateSeq)])
        #expect(fromFile.allStates == fromMemory.allStates)
        var frames = 0
        let outcome = try LogReplayer.replay(contentsOf: url) { entry in
            if case .frame = entry { frames += 1 }
        }
        #expect(frames == 2)
        #expect(outcome.frameCount == 3)
        #expect(outcome.header?.sessionId == "u")
    }

    @Test(
        "a missing file, a folder, a path through a file: the error names the path and errno, in localizedDescription too",
        arguments: ["missing", "folder", "through a file"])
    func failures(kind: String) throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var url = folder.appendingPathComponent("x.jsonl")
        var expected = SystemCallError("open", path: url.path, errno: ENOENT)
        switch kind {
        case "folder":
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
            expected = SystemCallError("read", path: url.path, errno: EISDIR)
        case "through a file":
            try Data("{}\n".utf8).write(to: url)
            url = url.appendingPathComponent("y.jsonl")
            expected = SystemCallError("open", path: url.path, errno: ENOTDIR)
        default: break
        }
        let failure = #expect(throws: SystemCallError.self) { try LogReplayer.collect(contentsOf: url) }
        #expect(failure == expected)
        let reason = String(cString: strerror(expected.errno))
        #expect((failure as (any Error)?)?.localizedDescription == "cannot \(expected.operation) \(url.path): \(reason)")
    }

    @Test("a read that fails midway throws the source's own error, path and errno kept, not a description of it")
    func sourceErrorKept() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Reading a folder's descriptor fails with EISDIR, as a failing disk would with EIO.
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        for concurrently in [true, false] {
            let failure = #expect(throws: SystemCallError.self) {
                try LogReplayer.replay(
                    FileDescriptorByteSource(fileDescriptor: descriptor, path: folder.path), readingConcurrently: concurrently
                ) { _ in }
            }
            #expect(failure == SystemCallError("read", path: folder.path, errno: EISDIR))
        }
    }
}
