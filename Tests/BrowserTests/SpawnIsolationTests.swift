import Foundation
import Testing

/// A helper program started for the browser tests lives until the run ends:
/// it must hold none of the test process's descriptors, so that another
/// test's pipe reaches its end when that test closes its own end, and it
/// must not start in a folder that a test removes.
@Suite("Helper programs hold nothing of the tests")
struct SpawnIsolationTests {
    @Test("a pipe open while a helper starts reaches its end once the test closes it; the helper starts in the temporary folder")
    func pipeEndsAndFolder() throws {
        let pipe = Pipe()
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("spawn-isolation-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        // A helper that outlives the read below by far.
        let helper = try ChildProcess(["/bin/sh", "-c", "pwd; exec sleep 600"], log: log)
        defer { helper.stop(grace: 0) }
        try pipe.fileHandleForWriting.close()
        let ended = DispatchSemaphore(value: 0)
        let reader = pipe.fileHandleForReading
        DispatchQueue.global().async {
            _ = reader.readDataToEndOfFile()
            ended.signal()
        }
        #expect(ended.wait(timeout: .now() + 60) == .success, "the helper holds the pipe's write end")
        let started = Date()
        while (try? String(contentsOf: log, encoding: .utf8))?.isEmpty ?? true, Date().timeIntervalSince(started) < 60 {
            usleep(10_000)
        }
        let folder = try String(contentsOf: log, encoding: .utf8).trimmingCharacters(in: .newlines)
        #expect(
            URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
                == FileManager.default.temporaryDirectory.resolvingSymlinksInPath().path)
    }
}
