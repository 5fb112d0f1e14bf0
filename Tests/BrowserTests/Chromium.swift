import Foundation

/// Headless Chromium driven over the DevTools protocol on a pipe
/// (`--remote-debugging-pipe`: commands on fd 3, replies on fd 4, each a JSON
/// message ending in NUL). Small and synchronous: enough for tests.
final class Chromium {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Where the browser is: `$CHROMIUM`, else the usual places.
    static var executable: String? {
        let candidates = [
            ProcessInfo.processInfo.environment["CHROMIUM"], "/usr/bin/chromium", "/usr/bin/chromium-browser",
            "/usr/bin/google-chrome", "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
        ]
        return candidates.compactMap { $0 }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private let process: pid_t
    /// The browser's process.
    var processID: pid_t { process }
    private let commands: Int32
    private let replies: Int32
    private let profile: URL
    private var nextID = 0
    private var pending: [UInt8] = []
    /// Events received so far, oldest first.
    private(set) var events: [[String: Any]] = []

    init() throws {
        guard let executable = Self.executable else {
            throw Failure(description: "Chromium is not installed: run Scripts/setup --with-browser (or set $CHROMIUM)")
        }
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
        var toBrowser: [Int32] = [0, 0]
        var fromBrowser: [Int32] = [0, 0]
        guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else { throw Failure(description: "pipe failed") }
        // Close-on-exec (at once: pipe2 is not in Swift's Glibc), so that no program a parallel test starts
        // holds an end; the spawn's dup2 gives the browser fds 3 and 4 without the flag.
        for end in toBrowser + fromBrowser { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // Move the ends the child needs out of the way of fds 3 and 4.
        let childRead = fcntl(toBrowser[0], F_DUPFD_CLOEXEC, 10)
        let childWrite = fcntl(fromBrowser[1], F_DUPFD_CLOEXEC, 10)
        close(toBrowser[0])
        close(fromBrowser[1])
        commands = toBrowser[1]
        replies = fromBrowser[0]

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, childRead, 3)
        posix_spawn_file_actions_adddup2(&actions, childWrite, 4)
        let devNull = open("/dev/null", O_WRONLY | O_CLOEXEC)
        posix_spawn_file_actions_adddup2(&actions, devNull, 1)
        posix_spawn_file_actions_adddup2(&actions, devNull, 2)
        try SpawnIsolation.add(to: &actions, closingFrom: 5)
        let arguments = [
            executable, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--mute-audio",
            "--remote-debugging-pipe", "--user-data-dir=\(profile.path)", "--window-size=1280,900", "about:blank",
        ]
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        // Its own process group, so that stopping it also stops its helpers (zygote, renderers, GPU).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, &argv, environ)
        close(childRead)
        close(childWrite)
        close(devNull)
        guard status == 0 else { throw Failure(description: "could not start \(executable): \(status)") }
        process = pid
    }

    /// A page in a fresh browser context of a browser from `pool`, which goes back to it with the page.
    static func page(from pool: BrowserPool<Chromium>) throws -> BrowserPage {
        var page: BrowserPage?
        _ = try pool.take { page = try $0.newPage(lentBy: pool) }
        guard let page else { throw Failure(description: "no page from the pool") }
        return page
    }

    private var stopped = false

    deinit { stop() }

    /// Closes the browser and stops what is left of its process group; stopping it again does nothing.
    func stop() {
        guard !stopped else { return }
        stopped = true
        _ = try? send("Browser.close", timeout: 5)
        close(commands)
        close(replies)
        var status: Int32 = 0
        var reaped = false
        let deadline = Date().addingTimeInterval(5)
        while !reaped && Date() < deadline {
            reaped = waitpid(process, &status, WNOHANG) == process
            if !reaped { usleep(20_000) }
        }
        // What is left of the group (helpers that outlive the browser, or the browser itself).
        kill(-process, SIGKILL)
        if !reaped { waitpid(process, &status, 0) }
        try? FileManager.default.removeItem(at: profile)
    }

    /// Sends a command and waits for its result, keeping events that arrive meanwhile.
    @discardableResult
    func send(_ method: String, _ parameters: [String: Any] = [:], session: String? = nil, timeout: Double = browserPatience) throws
        -> [String: Any]
    {
        nextID += 1
        let id = nextID
        var message: [String: Any] = ["id": id, "method": method, "params": parameters]
        if let session { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(commands, $0.baseAddress! + offset, $0.count - offset) }
            guard written > 0 else { throw Failure(description: "the browser closed its pipe") }
            offset += written
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let reply = try nextMessage(until: deadline, waitingFor: "the reply to \(method)", timeout: timeout)
            if reply["id"] as? Int == id {
                if let error = reply["error"] { throw Failure(description: "\(method): \(error)") }
                return reply["result"] as? [String: Any] ?? [:]
            }
            if reply["method"] != nil { events.append(reply) }
        }
    }

    /// Closes a page's browser context and forgets the events of its session.
    func closeContext(_ context: String, of session: String) throws {
        try send("Target.disposeBrowserContext", ["browserContextId": context], timeout: browserPatience)
        events.removeAll { $0["sessionId"] as? String == session }
    }

    /// Waits until an event named `method` has arrived (counting those already kept).
    func waitForEvent(_ method: String, session: String? = nil, after index: Int = 0, timeout: Double = browserPatience) throws -> [String:
        Any]
    {
        let deadline = Date().addingTimeInterval(timeout)
        var seen = index
        while true {
            while seen < events.count {
                let event = events[seen]
                seen += 1
                if event["method"] as? String == method && (session == nil || event["sessionId"] as? String == session) {
                    return event
                }
            }
            let message = try nextMessage(until: deadline, waitingFor: "the event \(method)", timeout: timeout)
            if message["method"] != nil { events.append(message) }
        }
    }

    private func nextMessage(until deadline: Date, waitingFor what: String, timeout: Double) throws -> [String: Any] {
        while true {
            if let end = pending.firstIndex(of: 0) {
                let data = Data(pending[..<end])
                pending.removeSubrange(...end)
                return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw Failure(description: "Chromium: no \(what) within \(Int(timeout)) s") }
            var poller = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(remaining, 1) * 1000))
            if ready <= 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = chunk.withUnsafeMutableBytes { read(replies, $0.baseAddress!, $0.count) }
            guard count > 0 else { throw Failure(description: "the browser closed its pipe") }
            pending.append(contentsOf: chunk[..<count])
        }
    }

    /// Opens a new tab in a browser context of its own (no storage, cache or
    /// history shared with another page) and attaches to it; the context
    /// closes with the page, which gives this browser back to `pool` if there is one.
    func newPage(lentBy pool: BrowserPool<Chromium>? = nil) throws -> BrowserPage {
        let created = try send("Target.createBrowserContext")
        guard let context = created["browserContextId"] as? String else { throw Failure(description: "no browser context id") }
        let target = try send("Target.createTarget", ["url": "about:blank", "browserContextId": context, "width": 1280, "height": 900])
        guard let targetID = target["targetId"] as? String else { throw Failure(description: "no target id") }
        let attached = try send("Target.attachToTarget", ["targetId": targetID, "flatten": true])
        guard let session = attached["sessionId"] as? String else { throw Failure(description: "no session id") }
        let page = BrowserPage(browser: self, session: session, context: context, pool: pool)
        for domain in ["Page.enable", "Runtime.enable", "Network.enable", "Log.enable"] { try page.send(domain) }
        try page.send("Emulation.setFocusEmulationEnabled", ["enabled": true])
        // Collects CSP violations from before any page script runs (not subject to the page's CSP).
        try page.send(
            "Page.addScriptToEvaluateOnNewDocument",
            [
                "source": """
                window.__violations = [];
                document.addEventListener('securitypolicyviolation', e => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));
                """
            ])
        return page
    }
}

/// One tab of a ``Chromium``.
final class BrowserPage {
    let browser: Chromium
    let session: String

    /// Its browser context, closed with it.
    private let context: String
    /// The pool its browser goes back to when it goes, if any.
    private let pool: BrowserPool<Chromium>?

    init(browser: Chromium, session: String, context: String, pool: BrowserPool<Chromium>?) {
        self.browser = browser
        self.session = session
        self.context = context
        self.pool = pool
    }

    deinit {
        let (context, session) = (context, session)
        let close = { (browser: Chromium) in try browser.closeContext(context, of: session) }
        if let pool {
            pool.giveBack(browser, cleaning: close)
        } else {
            try? close(browser)
        }
    }

    @discardableResult
    func send(_ method: String, _ parameters: [String: Any] = [:]) throws -> [String: Any] {
        try browser.send(method, parameters, session: session)
    }

    /// Loads `url` and waits for its load event.
    func load(_ url: String) throws {
        let mark = browser.events.count
        try send("Page.navigate", ["url": url])
        _ = try browser.waitForEvent("Page.loadEventFired", session: session, after: mark)
    }

    /// Evaluates JavaScript and returns its value (JSON-like).
    func evaluate(_ expression: String) throws -> Any? {
        let result = try send("Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true])
        if let exception = result["exceptionDetails"] { throw Chromium.Failure(description: "\(expression): \(exception)") }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Presses and releases a key, as a person would.
    func press(_ key: String) throws {
        let codes: [String: (code: String, keyCode: Int)] = [
            "ArrowLeft": ("ArrowLeft", 37), "ArrowRight": ("ArrowRight", 39), "Home": ("Home", 36), "End": ("End", 35), " ": ("Space", 32),
            "ArrowUp": ("ArrowUp", 38), "ArrowDown": ("ArrowDown", 40), "Enter": ("Enter", 13), "Tab": ("Tab", 9),
            "PageUp": ("PageUp", 33), "PageDown": ("PageDown", 34), "Escape": ("Escape", 27), "d": ("KeyD", 68),
        ]
        guard let (code, keyCode) = codes[key] else { throw Chromium.Failure(description: "unknown key \(key)") }
        var down: [String: Any] = [
            "type": "keyDown", "key": key, "code": code, "windowsVirtualKeyCode": keyCode, "nativeVirtualKeyCode": keyCode,
        ]
        if key == " " || key == "d" { down["text"] = key }
        if key == "Enter" { down["text"] = "\r" }
        try send("Input.dispatchKeyEvent", down)
        try send(
            "Input.dispatchKeyEvent",
            ["type": "keyUp", "key": key, "code": code, "windowsVirtualKeyCode": keyCode, "nativeVirtualKeyCode": keyCode])
    }

    /// Events of this tab so far.
    var events: [[String: Any]] { browser.events.filter { $0["sessionId"] as? String == session } }
}
