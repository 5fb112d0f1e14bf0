import Foundation
import Testing
import TodoReportCLI

/// Every suite that runs the command, one test at a time: a run in-process
/// changes the process's current folder, which all tests share.
@Suite("todo-report command", .serialized)
enum CLISuite {}

/// A temporary folder for one test, with helpers to run the command in it.
final class Workspace {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("todo-report-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try Data(text.utf8).write(to: url.appendingPathComponent(name))
        return path(name)
    }

    func read(_ name: String) -> Data? { FileManager.default.contents(atPath: path(name)) }

    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path(name)) }

    /// Every file in the folder, hidden ones included.
    func listing() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() }

    /// Runs `todo-report` in-process with real files for its streams.
    func run(_ arguments: [String], stdin: String = "") throws -> (code: Int32, stdout: String, stderr: String) {
        let inPath = path(".stdin")
        let outPath = path(".stdout")
        let errPath = path(".stderr")
        try Data(stdin.utf8).write(to: URL(fileURLWithPath: inPath))
        let input = open(inPath, O_RDONLY)
        let output = open(outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let error = open(errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        defer {
            close(input)
            close(output)
            close(error)
            for name in [inPath, outPath, errPath] { unlink(name) }
        }
        // The folder is put back after the run: this folder goes when the
        // test ends, and a process started later from a folder that is gone
        // fails (Java's cannot initialise its VM, as the markup checker's did).
        let previousFolder = FileManager.default.currentDirectoryPath
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previousFolder) }
        let code =
            FileManager.default.changeCurrentDirectoryPath(url.path)
            ? TodoReportCommand.run(arguments, streams: StandardStreams(input: input, output: output, error: error))
            : -1
        let stdout = String(decoding: FileManager.default.contents(atPath: outPath) ?? Data(), as: UTF8.self)
        let stderr = String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self)
        return (code, stdout, stderr)
    }
}

let sampleURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("seeds/sample-session.jsonl")

let cleanLog = """
    {"type":"session","schema":"todo-session/1","sessionId":"t"}
    {"type":"event","event":"startCreatingItem"}
    {"type":"event","event":"changePartialItemName","name":"Milk"}

    """

let brokenLog = """
    {"type":"session","schema":"todo-session/1","sessionId":"t"}
    {"type":"event","event":"startCreatingItem"}
    {"type":"event" "event":"x"}
    {"type":"event","event":"addItem"}

    """

/// The built `todo-report` binary, found beside the test bundle.
let todoReportBinary: String = {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    while folder.path != "/" {
        let candidate = folder.appendingPathComponent("todo-report").path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        folder.deleteLastPathComponent()
    }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/debug/todo-report").path
}()

extension Workspace {
    /// Runs `script` with `/bin/sh` in the folder, `$TR` naming the built
    /// binary, as a person types it: real redirections, FIFOs, limits.
    func shell(_ script: String) throws -> (code: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.environment = ProcessInfo.processInfo.environment.merging(["TR": todoReportBinary]) { $1 }
        process.currentDirectoryURL = url
        let outPath = path(".sh-stdout")
        let errPath = path(".sh-stderr")
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        defer {
            unlink(outPath)
            unlink(errPath)
        }
        return (
            process.terminationStatus,
            String(decoding: FileManager.default.contents(atPath: outPath) ?? Data(), as: UTF8.self),
            String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self)
        )
    }

    /// Whether `name` is still a link, a FIFO or a device (not replaced by a regular file).
    func kind(_ name: String) -> mode_t {
        var info = stat()
        return lstat(path(name), &info) == 0 ? info.st_mode & S_IFMT : 0
    }
}

/// Waits until `condition` holds, checking it every few milliseconds, for at most
/// `timeout` seconds: how a test waits for another process instead of sleeping.
func waitUntil(timeout: Double = 120, _ what: String, _ condition: () throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while try !condition() {
        guard Date() < deadline else { throw WaitTimeout(description: "not within \(timeout) s: \(what)") }
        usleep(2_000)
    }
}

struct WaitTimeout: Error, CustomStringConvertible {
    var description: String
}

/// The writing end of the FIFO at `path`, opened once a reader has it open (a
/// reader waiting in `open` counts): the moment the other process reached it.
/// Writes to it then block as a pipe's do.
func openFIFOWriter(_ path: String, timeout: Double = 120) throws -> FileHandle {
    var descriptor: Int32 = -1
    try waitUntil(timeout: timeout, "a reader opens \(path)") {
        descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 || errno == ENXIO else { throw WaitTimeout(description: "cannot open \(path): errno \(errno)") }
        return descriptor >= 0
    }
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
}
