import Testing

/// The page's address names the frame shown (`#frame=N`), so that a link or
/// a reload opens it again; it follows the frame a moment after a jump.
@Suite("The address in each browser", .serialized)
struct AddressTests {
    @Test(
        "a burst of jumps writes the address once, after the last, naming the frame it shows", arguments: Engine.available)
    func burstOfJumps(engine: Engine) throws {
        try ReportInBrowserTests.withSamplePage(in: engine, hash: "#frame=0") { page, _ in
            // Counts the page's writes of its address from here on.
            _ = try page.evaluate(
                """
                (() => { window.addressWrites = 0;
                  const replaceState = history.replaceState.bind(history), replace = location.replace.bind(location);
                  history.replaceState = function (...a) { window.addressWrites++; return replaceState(...a); };
                  try { location.replace = function (...a) { window.addressWrites++; return replace(...a); }; } catch (e) {}
                  return true; })()
                """)
            // 150 jumps at once, more than WebKit lets a page replace its address in quick succession.
            let burst =
                try page.evaluate(
                    """
                    (() => { const scrubber = document.getElementById('scrubber'); let target = 0;
                      for (let i = 1; i <= 150; i++) {
                        target = (i * 7) % (Number(scrubber.max) + 1);
                        scrubber.value = String(target); scrubber.dispatchEvent(new Event('input'));
                      }
                      return [target, Number(document.getElementById('frame-view').dataset.frame), window.addressWrites]; })()
                    """) as? [Int]
            let target = try #require(burst?.first)
            #expect(burst == [target, target, 0], "each jump draws its frame, and none writes the address")
            try page.waitUntil("location.hash === '#frame=\(target)'", "the address names the frame shown")
            #expect(try page.evaluate("window.addressWrites") as? Int == 1)
        }
    }

    @Test(
        "Back to the address without a frame shows the last frame, as the page opens; an address past the last frame is written again",
        arguments: Engine.available)
    func backAndOutOfRange(engine: Engine) throws {
        try ReportInBrowserTests.withSamplePage(in: engine) { page, states in
            let last = states.count - 1
            let shown = "Number(document.getElementById('frame-view').dataset.frame)"
            #expect(try page.evaluate(shown) as? Int == last, "opened without a frame: the last")
            _ = try page.evaluate("location.hash = '#frame=10'")
            try page.waitUntil("\(shown) === 10", "the address's frame")
            _ = try page.evaluate("history.back()")
            try page.waitUntil("location.hash === ''", "back to the address without a frame")
            try page.waitUntil("\(shown) === \(last)", "Back shows the last frame")
            _ = try page.evaluate("location.hash = '#frame=999999'")
            try page.waitUntil("location.hash === '#frame=\(last)'", "the address names the frame shown")
            #expect(try page.evaluate(shown) as? Int == last)
            _ = try page.evaluate("location.hash = '#player'")
            _ = try page.evaluate(PageState.painted)
            #expect(try page.evaluate(shown) as? Int == last, "the skip link's anchor leaves the frame alone")
            #expect(try page.evaluate("location.hash") as? String == "#player")
        }
    }
}
