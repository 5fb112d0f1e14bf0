import Foundation

/// Browsers kept running between tests, each lent to one test at a time.
///
/// Starting a browser costs about 1 s of CPU for Chromium or WebKit and 4.5 s
/// for Firefox, and the suite opens about a hundred pages in each engine: on
/// CI's two cores, most of the suite's time went to starting browsers. A test
/// still gets a page of its own, with nothing of the one before: Chromium
/// opens each in a fresh browser context, and a WebDriver session is taken
/// back to `about:blank`, at its usual size, before it is lent again. A
/// browser that cannot be taken back is stopped, never lent.
///
/// The browsers left when the test process exits are stopped then, so none
/// outlives the run.
final class BrowserPool<Browser: AnyObject>: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [Browser] = []
    private let start: () throws -> Browser
    private let stop: (Browser) -> Void

    /// A pool that starts a browser with `start` when none is idle and ends one with `stop`.
    init(start: @escaping () throws -> Browser, stop: @escaping (Browser) -> Void) {
        self.start = start
        self.stop = stop
    }

    /// An idle browser that `prepare` readies for a test, or a new one when
    /// none is idle or the idle one cannot be readied (that one is stopped).
    func take(preparing prepare: (Browser) throws -> Void = { _ in }) throws -> Browser {
        while let browser = lock.withLock({ idle.popLast() }) {
            do {
                try prepare(browser)
                return browser
            } catch {
                stop(browser)
            }
        }
        let browser = try start()
        try prepare(browser)
        return browser
    }

    /// Lends `browser` again once `clean` has taken it back to a blank
    /// state; stops it instead when `clean` throws.
    func giveBack(_ browser: Browser, cleaning clean: (Browser) throws -> Void) {
        do {
            try clean(browser)
            lock.withLock { idle.append(browser) }
        } catch {
            stop(browser)
        }
    }

    /// Stops every idle browser.
    func stopIdle() {
        let browsers = lock.withLock {
            defer { idle = [] }
            return idle
        }
        browsers.forEach(stop)
    }
}

/// A pool for each engine. The tests share ``shared``, whose browsers are
/// stopped when the process exits; a test of the pools makes its own.
final class BrowserPools: Sendable {
    static let shared: BrowserPools = {
        let pools = BrowserPools()
        atexit { BrowserPools.shared.stopIdle() }
        return pools
    }()

    let chromium = BrowserPool<Chromium>(start: { try Chromium() }, stop: { $0.stop() })
    let webKit = BrowserPool<WebDriverServer>(start: { try WebDriverServer.start(.webkit) }, stop: { $0.stop() })
    let firefox = BrowserPool<WebDriverServer>(start: { try WebDriverServer.start(.firefox) }, stop: { $0.stop() })

    /// Stops every idle browser of every engine.
    func stopIdle() {
        chromium.stopIdle()
        webKit.stopIdle()
        firefox.stopIdle()
    }
}
