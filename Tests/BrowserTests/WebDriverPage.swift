import Foundation

/// A page in WebKit (WebKitGTK's MiniBrowser under `WebKitWebDriver`, on a
/// display of its own) or Firefox (headless, under geckodriver), driven
/// over W3C WebDriver, in a browser lent to it until it goes (see ``BrowserPool``).
final class WebDriverPage: PageDriver {
    let engine: Engine
    private let server: WebDriverServer
    private let pool: BrowserPool<WebDriverServer>

    /// A page in a browser from `pool`, given back when the page goes.
    init(_ engine: Engine, from pool: BrowserPool<WebDriverServer>) throws {
        self.engine = engine
        self.pool = pool
        server = try WebDriverServer.take(from: pool)
    }

    deinit { server.giveBack(to: pool) }

    var browserIdentity: String { server.session }

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
        try server.sessionCommand("POST", "/url", ["url": url])
        try server.sessionCommand("POST", "/execute/sync", ["script": Self.collectors, "args": [Any]()])
    }

    /// Runs `body` as the body of a function (WebDriver's execute), returning what it returns.
    @discardableResult
    func execute(_ body: String) throws -> Any? {
        try server.sessionCommand("POST", "/execute/sync", ["script": body, "args": [Any]()])
    }

    func evaluate(_ expression: String) throws -> Any? {
        let value = try server.sessionCommand("POST", "/execute/sync", ["script": "return (\n\(expression)\n);", "args": [Any]()])
        return value is NSNull ? nil : value
    }

    func press(_ key: String) throws {
        let codes = [
            "ArrowLeft": "\u{E012}", "ArrowRight": "\u{E014}", "Home": "\u{E011}", "End": "\u{E010}", " ": " ", "ArrowUp": "\u{E013}",
            "ArrowDown": "\u{E015}", "Enter": "\u{E007}", "Tab": "\u{E004}", "PageUp": "\u{E00E}", "PageDown": "\u{E00F}",
            "Escape": "\u{E00C}", "d": "d",
        ]
        guard let value = codes[key] else { throw ChildProcess.Failure(description: "unknown key \(key)") }
        let keys: [String: Any] = [
            "type": "key", "id": "keyboard", "actions": [["type": "keyDown", "value": value], ["type": "keyUp", "value": value]],
        ]
        try server.sessionCommand("POST", "/actions", ["actions": [keys]])
    }

    /// Sizes the window so that its viewport is `width` CSS pixels wide, as far as the window manager lets it.
    func setWindowWidth(_ width: Int) throws { try setWindowSize(width: width, height: nil) }

    /// Sizes the window so that its viewport is `width` by `height` CSS pixels (the window's
    /// height 900 when `height` is nil), as far as the window manager lets it.
    func setWindowSize(width: Int, height: Int?) throws {
        var outer = (width: width, height: height ?? 900)
        for _ in 0..<3 {
            try server.sessionCommand("POST", "/window/rect", ["width": outer.width, "height": outer.height])
            let inner = try evaluate("[window.innerWidth, window.innerHeight]") as? [Int] ?? [width, height ?? 0]
            let missing = (width: width - inner[0], height: height.map { $0 - inner[1] } ?? 0)
            if missing == (0, 0) { return }
            let next = (width: outer.width + missing.width, height: outer.height + missing.height)
            // The window manager's minimum: it will not shrink further.
            if next.width < 200 || next.height < 200 || next == outer { return }
            outer = next
        }
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
