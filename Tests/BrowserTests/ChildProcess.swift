import Foundation

/// A helper program (a WebDriver server, Xvfb) started in its own process
/// group, so that stopping it also stops whatever it started (the browser
/// and its web processes): no process outlives the test that needed it.
final class ChildProcess {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let pid: pid_t
    /// Where its standard output and error go.
    let log: URL
    /// Set once it is stopped: stopping it again does nothing.
    private var stopped = false
    /// Set once it has been reaped (its exit status collected).
    private var reaped = false

    /// Starts `arguments[0]` with `environment` added to this process's;
    /// its standard output may go to a pipe instead of the log (for `Xvfb -displayfd 1`).
    init(_ arguments: [String], environment extra: [String: String] = [:], log: URL, pipeStandardOutput: Int32? = nil) throws {
        self.log = log
        let logFD = open(log.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard logFD >= 0 else { throw Failure(description: "cannot write \(log.path)") }
        defer { close(logFD) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let devNull = open("/dev/null", O_RDONLY | O_CLOEXEC)
        defer { close(devNull) }
        posix_spawn_file_actions_adddup2(&actions, devNull, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeStandardOutput ?? logFD, 1)
        posix_spawn_file_actions_adddup2(&actions, logFD, 2)
        try SpawnIsolation.add(to: &actions, closingFrom: 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own group; no signal blocked or ignored (the test runner's threads may block some).
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGPIPE, SIGHUP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)

        var environment = ProcessInfo.processInfo.environment
        environment.merge(extra) { $1 }
        var envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for entry in envp { free(entry) } }
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, &envp)
        guard status == 0 else { throw Failure(description: "could not start \(arguments[0]): error \(status)") }
        self.pid = pid
    }

    /// Whether it is still running.
    var isRunning: Bool {
        guard !reaped else { return false }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid { reaped = true }
        return result == 0
    }

    /// The end of its log, for error messages.
    var logTail: String {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return String(text.suffix(2_000))
    }

    /// Asks the whole group to stop, then kills what is left after `grace` seconds.
    /// Stopping it again does nothing.
    func stop(grace: Double = 3) {
        guard !stopped else { return }
        stopped = true
        kill(-pid, SIGTERM)
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(grace)
        while !reaped && Date() < deadline {
            if waitpid(pid, &status, WNOHANG) == pid {
                reaped = true
                break
            }
            usleep(20_000)
        }
        // Children of the group (a browser's helpers) may outlive the leader.
        kill(-pid, SIGKILL)
        if !reaped {
            waitpid(pid, &status, 0)
            reaped = true
        }
    }

    /// The first executable named `name` on `$PATH`.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// An X server of its own for a browser that needs a display (WebKitGTK's
/// MiniBrowser has no headless mode): `Xvfb -displayfd` picks a free display.
final class VirtualDisplay {
    let server: ChildProcess
    /// `:N`, for `$DISPLAY`.
    let display: String

    init(folder: URL) throws {
        guard let xvfb = ChildProcess.which("Xvfb") else {
            throw ChildProcess.Failure(description: "Xvfb is not installed: run Scripts/setup --with-browser")
        }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw ChildProcess.Failure(description: "pipe failed") }
        defer { close(ends[0]) }
        // Close-on-exec (at once: pipe2 is not in Swift's Glibc), so that no program a parallel test starts
        // holds an end; the spawn's dup2 gives Xvfb its standard output without the flag.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        server = try ChildProcess(
            [xvfb, "-displayfd", "1", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
            log: folder.appendingPathComponent("xvfb.log"), pipeStandardOutput: ends[1])
        close(ends[1])
        var number = ""
        let deadline = Date().addingTimeInterval(browserPatience)
        while !number.hasSuffix("\n") {
            let remaining = deadline.timeIntervalSinceNow
            var poller = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
            guard remaining > 0, poll(&poller, 1, Int32(remaining * 1000)) > 0 else {
                server.stop()
                throw ChildProcess.Failure(description: "Xvfb did not start within \(Int(browserPatience)) s: \(server.logTail)")
            }
            var byte: UInt8 = 0
            guard read(ends[0], &byte, 1) == 1 else {
                server.stop()
                throw ChildProcess.Failure(description: "Xvfb exited: \(server.logTail)")
            }
            number.append(Character(UnicodeScalar(byte)))
        }
        display = ":" + number.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit { server.stop() }
}
