import Foundation
import Testing

/// What the pool promises: a browser is lent again only once it is taken
/// back to a blank state, one that cannot be is stopped, and a page lent a
/// used browser has nothing of the page before it.
@Suite("Browsers lent by a pool")
struct BrowserPoolTests {
    /// A stand-in browser that counts its starts and stops.
    final class Stub {
        let number: Int
        var stopped = false
        init(number: Int) { self.number = number }
    }

    /// A pool of stubs, numbered in the order they start.
    final class Stubs: @unchecked Sendable {
        var started: [Stub] = []
        lazy var pool = BrowserPool<Stub>(
            start: { [unowned self] in
                let stub = Stub(number: started.count)
                started.append(stub)
                return stub
            },
            stop: { $0.stopped = true })
    }

    struct Refused: Error {}

    @Test("an idle browser is lent again, the last given back first, and a new one starts only when none is idle")
    func idleBrowsersAreLentAgain() throws {
        let stubs = Stubs()
        let first = try stubs.pool.take()
        let second = try stubs.pool.take()
        #expect([first.number, second.number] == [0, 1] as [Int])
        stubs.pool.giveBack(first) { _ in }
        stubs.pool.giveBack(second) { _ in }
        #expect(try stubs.pool.take().number == 1)
        #expect(try stubs.pool.take().number == 0)
        #expect(stubs.started.count == 2)
        #expect(stubs.started.allSatisfy { !$0.stopped })
    }

    @Test("a browser that cannot be cleaned is stopped, not lent; one that cannot be readied is stopped and another started")
    func browsersThatFailAreStopped() throws {
        let stubs = Stubs()
        let dirty = try stubs.pool.take()
        stubs.pool.giveBack(dirty) { _ in throw Refused() }
        #expect(dirty.stopped)
        let unready = try stubs.pool.take()
        #expect(unready.number == 1, "a new one, the stopped one is not lent")
        stubs.pool.giveBack(unready) { _ in }
        let ready = try stubs.pool.take { if $0.number == 1 { throw Refused() } }
        #expect(unready.stopped)
        #expect(ready.number == 2)
    }

    @Test("stopping the pool stops the idle browsers and leaves those lent")
    func stoppingStopsTheIdle() throws {
        let stubs = Stubs()
        let lent = try stubs.pool.take()
        let idle = try stubs.pool.take()
        stubs.pool.giveBack(idle) { _ in }
        stubs.pool.stopIdle()
        #expect(idle.stopped)
        #expect(!lent.stopped)
        #expect(try stubs.pool.take().number == 2, "a stopped browser is never lent")
    }

    @Test(
        "a page lent a used browser has none of the last page's script state or storage, and its window has the focus",
        arguments: Engine.available)
    func aLentPageStartsBlank(engine: Engine) throws {
        let pools = BrowserPools()
        defer { pools.stopIdle() }
        let file = try Self.blankPage()
        let identity = try {
            let used = try engine.openPage(from: pools)
            try used.load(file.page.absoluteString)
            _ = try used.evaluate(
                "(() => { window.leftOver = 1; sessionStorage.setItem('left', 'over'); localStorage.setItem('left', 'over'); return true; })()"
            )
            return used.browserIdentity
        }()
        let page = try engine.openPage(from: pools)
        #expect(page.browserIdentity == identity, "the pool lent the same browser again")
        try page.load(file.page.absoluteString)
        #expect(try page.evaluate("typeof window.leftOver") as? String == "undefined")
        #expect(try page.evaluate("sessionStorage.getItem('left') === null && localStorage.getItem('left') === null") as? Bool == true)
        #expect(try page.evaluate("document.hasFocus()") as? Bool == true, "its window has the focus, as a new browser's has")
    }

    @Test(
        "after a page was resized the same browser is lent at the usual size, its window with the focus (WebKit's loses it while resized)",
        arguments: Engine.available)
    func aResizedBrowserIsLentAtTheUsualSize(engine: Engine) throws {
        let pools = BrowserPools()
        defer { pools.stopIdle() }
        let file = try Self.blankPage()
        let (identity, usual) = try {
            let used = try engine.openPage(from: pools)
            try used.load(file.page.absoluteString)
            let usual = try used.evaluate("[window.innerWidth, window.innerHeight]") as? [Int]
            #expect(usual?.first == 1280, "the first page opened at the usual width")
            #expect(try used.resize(width: 640) == 640, "the first page was resized")
            return (used.browserIdentity, usual)
        }()
        let page = try engine.openPage(from: pools)
        #expect(page.browserIdentity == identity, "the pool lent the same browser again")
        try page.load(file.page.absoluteString)
        #expect(try page.evaluate("[window.innerWidth, window.innerHeight]") as? [Int] == usual)
        #expect(try page.evaluate("document.hasFocus()") as? Bool == true, "its window has the focus, as a new browser's has")
    }

    /// A page with nothing on it, in a folder that lives as long as the pair is kept.
    private static func blankPage() throws -> (page: URL, folder: TemporaryFolder) {
        let folder = try TemporaryFolder("pooled")
        let page = folder.url.appendingPathComponent("blank.html")
        try Data("<!doctype html><html lang=en><title>blank</title><p>blank".utf8).write(to: page)
        return (page, folder)
    }
}
