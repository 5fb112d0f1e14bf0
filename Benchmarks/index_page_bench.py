#!/usr/bin/env python3
"""Measures a batch's index.html in headless Chromium over the DevTools pipe.

Prints, as JSON: milliseconds from navigation to the page being interactive
(the script has drawn the table and set data-ready), and for each sortable
column the time from clicking its header to the sorted rows being laid out
(ascending, then descending: a second click), plus one text filter.
Each time runs from the click (or input event) until the table's DOM is
built, styled and laid out; the paint on the next animation frame is waited
for between measurements, not counted.

Usage: index_page_bench.py INDEX.html
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from page_bench import Browser  # noqa: E402  (the same DevTools pipe client)


def main():
    path = os.path.abspath(sys.argv[1])
    browser = Browser()
    target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    browser.send("Page.enable", session=session)
    browser.send("Runtime.enable", session=session)

    def evaluate(expression):
        result = browser.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True}, session)
        if "exceptionDetails" in result:
            raise RuntimeError(result["exceptionDetails"])
        return result["result"].get("value")

    started = time.perf_counter()
    browser.send("Page.navigate", {"url": "file://" + path}, session)
    ready = ("(() => { try { return location.protocol === 'file:' && document.documentElement.dataset.ready === 'true'; }"
             " catch (e) { return false; } })()")
    while not evaluate(ready):
        if time.perf_counter() - started > 60:
            sys.exit("index_page_bench: the page did not become interactive within 60 s")
        time.sleep(0.005)
    interactive_ms = (time.perf_counter() - started) * 1000
    sessions = int(evaluate("Number(document.getElementById('sessions').dataset.count)"))
    timings = evaluate("""
      (async () => {
        const frame = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r())));
        const result = {};
        for (const th of document.querySelectorAll('#sessions th[aria-sort]')) {
          const name = th.textContent.trim();
          const times = [];
          // The column the rows come sorted by (Log) is marked ascending already: a click turns it round.
          // A measure's column sorts largest first on its first click (data-first).
          const first = th.getAttribute('aria-sort') === 'ascending' || th.dataset.first === 'descending' ? 'descending' : 'ascending';
          for (const direction of [first, first === 'ascending' ? 'descending' : 'ascending']) {
            const start = performance.now();
            th.querySelector('button').click();
            document.body.getBoundingClientRect();
            times.push(performance.now() - start);
            if (th.getAttribute('aria-sort') !== direction) throw new Error(name + ': not ' + direction);
            await frame();
          }
          result[name] = times;
        }
        const filter = document.getElementById('session-filter');
        const start = performance.now();
        filter.value = 'user-1';
        filter.dispatchEvent(new Event('input'));
        document.body.getBoundingClientRect();
        result['(filter "user-1")'] = [performance.now() - start];
        return result;
      })()
    """)
    browser.close()
    every = sorted(t for times in timings.values() for t in times)
    slowest = max(timings.items(), key=lambda item: max(item[1]))
    print(json.dumps({
        "sessions": sessions, "interactive_ms": round(interactive_ms),
        "sort_max_ms": round(max(every), 1), "sort_median_ms": round(every[len(every) // 2], 1),
        "slowest": slowest[0], "per_column_ms": {name: [round(t, 1) for t in times] for name, times in timings.items()},
    }))


if __name__ == "__main__":
    main()
