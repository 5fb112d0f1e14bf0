import Foundation
import Testing

/// A browser engine the suite runs in. `$BROWSERS` (comma-separated, set by
/// Scripts/test) names the engines that must run: one of them missing fails
/// its tests. Without it: Chromium, and WebKit where it is installed.
enum Engine: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case chromium, webkit, firefox

    var testDescription: String { rawValue }

    /// The engines to run in: `$BROWSERS`, or Chromium and the installed WebKit.
    static var available: [Engine] {
        if let named = ProcessInfo.processInfo.environment["BROWSERS"], !named.isEmpty {
            return named.split(separator: ",").compactMap { Engine(rawValue: $0.trimmingCharacters(in: .whitespaces)) }
        }
        return [.chromium] + (webKitWebDriver != nil && miniBrowser != nil && ChildProcess.which("Xvfb") != nil ? [.webkit] : [])
    }

    /// A fresh page of this engine, in a browser that `pools` lends it until it goes (see ``BrowserPool``).
    func openPage(from pools: BrowserPools = .shared) throws -> any PageDriver {
        switch self {
        case .chromium: return try Chromium.page(from: pools.chromium)
        case .webkit: return try WebDriverPage(self, from: pools.webKit)
        case .firefox: return try WebDriverPage(self, from: pools.firefox)
        }
    }

    /// Writes `html` as `name` into a new temporary folder and returns its
    /// URL; the caller removes the folder (`url.deletingLastPathComponent()`).
    static func writeTemporaryPage(_ html: String, named name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(html.utf8).write(to: url)
        return url
    }

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    private static func executable(_ variable: String, _ candidates: [String?]) -> String? {
        ([ProcessInfo.processInfo.environment[variable]] + candidates).compactMap { $0 }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    static var webKitWebDriver: String? { executable("WEBKIT_WEBDRIVER", [ChildProcess.which("WebKitWebDriver")]) }

    /// WebKitGTK's MiniBrowser, in Debian under /usr/lib/<triplet>/webkit2gtk-4.x.
    static var miniBrowser: String? {
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib")) ?? []).sorted().filter {
            $0.hasSuffix("-linux-gnu")
        }
        let candidates = folders.flatMap { folder in
            ["webkit2gtk-4.1", "webkit2gtk-4.0", "webkitgtk-6.0"].map { "/usr/lib/\(folder)/\($0)/MiniBrowser" }
        }
        return executable("MINIBROWSER", candidates)
    }

    /// geckodriver: `$GECKODRIVER`, the one Scripts/setup installs under .build, or on `$PATH`.
    static var geckodriver: String? {
        executable(
            "GECKODRIVER",
            [packageRoot.appendingPathComponent(".build/browser-drivers/geckodriver").path, ChildProcess.which("geckodriver")])
    }

    static var firefoxBrowser: String? { executable("FIREFOX", [ChildProcess.which("firefox-esr"), ChildProcess.which("firefox")]) }
}

/// What the browser tests need of a page, in any engine.
protocol PageDriver: AnyObject {
    var engine: Engine { get }
    /// Which browser the page is in (a process or a session): the same for pages lent the same browser.
    var browserIdentity: String { get }
    /// Loads `url` and waits for its load event.
    func load(_ url: String) throws
    /// Evaluates a JavaScript expression (awaiting a promise) and returns its JSON-like value.
    func evaluate(_ expression: String) throws -> Any?
    /// Presses and releases a key, as a person would: ArrowLeft, ArrowRight, ArrowUp, ArrowDown, Home, End, Enter, Tab or " ".
    func press(_ key: String) throws
    /// CSP violations seen, as "directive blocked-URI".
    func violations() throws -> [String]
    /// Script errors and console errors seen.
    func errors() throws -> [String]
    /// URLs the page fetched, the document first.
    func requests() throws -> [String]
}

/// How long one step of a browser (its display or driver starting, a reply,
/// a page load, a condition in the page) may take before a test fails: long
/// enough for a machine whose cores other processes keep busy, where a step
/// that takes 2 s when idle was seen to take over 120 s, and short enough
/// that a step that never ends fails the run instead of hanging it.
let browserPatience: Double = 300

extension PageDriver {
    /// Waits until the JavaScript expression `condition` is true, checking it in the page every
    /// 10 ms for at most `timeout` seconds: what a test would otherwise guess with a fixed sleep.
    /// The default is under ``browserPatience``, so the page answers before its transport gives up.
    func waitUntil(_ condition: String, timeout: Double = browserPatience - 60, _ comment: @autoclosure () -> String = "") throws {
        let met = try evaluate(
            """
            new Promise(resolve => {
              const end = performance.now() + \(Int(timeout * 1000));
              (function check() {
                if (\(condition)) resolve(true);
                else if (performance.now() > end) resolve(false);
                else setTimeout(check, 10);
              })();
            })
            """)
        guard met as? Bool == true else {
            throw ChildProcess.Failure(description: "\(engine): not true within \(timeout) s: \(condition) \(comment())")
        }
    }
}

extension BrowserPage: PageDriver {
    var engine: Engine { .chromium }
    var browserIdentity: String { "process \(browser.processID)" }

    func violations() throws -> [String] {
        try evaluate("window.__violations") as? [String] ?? ["no record of violations"]
    }

    func errors() throws -> [String] {
        events.compactMap { event in
            let parameters = event["params"] as? [String: Any]
            if event["method"] as? String == "Runtime.exceptionThrown" {
                let details = parameters?["exceptionDetails"] as? [String: Any]
                return ((details?["exception"] as? [String: Any])?["description"] as? String) ?? details?["text"] as? String ?? "\(event)"
            }
            let entry = parameters?["entry"] as? [String: Any]
            return entry?["level"] as? String == "error" ? entry?["text"] as? String ?? "\(event)" : nil
        }
    }

    func requests() throws -> [String] {
        events.filter { $0["method"] as? String == "Network.requestWillBeSent" }
            .compactMap { (($0["params"] as? [String: Any])?["request"] as? [String: Any])?["url"] as? String }
    }
}

/// Every engine named in `$BROWSERS` is known and installed: a CI run never
/// passes by running fewer engines than it asked for.
@Suite("Browser engines")
struct EngineTests {
    @Test("each engine in $BROWSERS is known and starts")
    func requiredEnginesStart() throws {
        let named = (ProcessInfo.processInfo.environment["BROWSERS"] ?? "").split(separator: ",")
        for name in named {
            let engine = try #require(Engine(rawValue: name.trimmingCharacters(in: .whitespaces)), "unknown engine \(name) in $BROWSERS")
            let page = try engine.openPage()
            try page.load("about:blank")
            #expect(try page.evaluate("1 + 1") as? Int == 2, "\(engine)")
        }
    }
}
