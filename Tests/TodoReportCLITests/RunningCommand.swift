import Foundation
import Testing

/// The built binary started as a process of its own in a workspace, its
/// standard error kept in a file that a test can read while it runs: for
/// tests of runs that wait for each other, meet, or are killed.
final class RunningCommand {
    let process = Process()
    private let errorPath: String
    private let error: FileHandle

    /// Starts `todo-report ARGUMENTS` (or `executable ARGUMENTS`) in `workspace`.
    init(_ arguments: [String], in workspace: Workspace, executable: String = todoReportBinary) throws {
        errorPath = workspace.path(".stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        error = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = workspace.url
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = error
        try process.run()
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? error.close()
        unlink(errorPath)
    }

    /// What it wrote to standard error so far.
    var stderr: String { String(decoding: FileManager.default.contents(atPath: errorPath) ?? Data(), as: UTF8.self) }

    /// Its exit code once it has ended, or nil if it is still running at the
    /// deadline (then it is killed, so that a test that fails does not hang).
    func exitCode(within seconds: Double = 120) -> Int32? {
        guard eventually(within: seconds, { !process.isRunning }) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// Whether `condition` comes to hold within `seconds`, looked at every 5 ms:
/// how a test waits for another process, never by sleeping a fixed time.
func eventually(within seconds: Double = 120, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
        if try condition() { return true }
        if Date() > deadline { return false }
        usleep(5_000)
    }
}
