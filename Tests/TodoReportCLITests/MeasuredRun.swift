import Foundation

/// A child process run to its end under GNU time (`/usr/bin/time`, which
/// Scripts/setup installs), for its peak resident memory alone.
///
/// Not `wait4` from the test process: on Linux a process started from this
/// one (fork or `posix_spawn`) carries this process's memory high-water
/// mark across `exec` into its own peak, and the test process holds
/// hundreds of megabytes while other suites run. `time` is small, and the
/// command it forks starts from that.
struct MeasuredRun {
    /// The command's exit code.
    var status: Int32
    /// Its peak resident set, in bytes.
    var peakBytes: Int
    /// What it wrote to standard error.
    var stderr: String

    static let time = "/usr/bin/time"

    /// Runs `executable` with `arguments`, standard input and output on
    /// `/dev/null`, `environment` added to this process's.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> MeasuredRun {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("measured-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let peakFile = folder.appendingPathComponent("peak")
        let errorFile = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let error = try FileHandle(forWritingTo: errorFile)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: time)
        process.arguments = ["-f", "%M", "-o", peakFile.path, executable] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = error
        try process.run()
        process.waitUntilExit()
        try error.close()
        // GNU time writes "Command exited with non-zero status N" before the figure when it fails.
        let report = String(decoding: try Data(contentsOf: peakFile), as: UTF8.self)
        let kibibytes = report.split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? -1
        return MeasuredRun(
            status: process.terminationStatus, peakBytes: kibibytes * 1024,
            stderr: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self))
    }
}
