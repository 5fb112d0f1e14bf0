#!/usr/bin/env python3
"""Measures a report in headless Chromium over the DevTools pipe.

Prints, as JSON: milliseconds from navigation to the page being interactive
(last frame drawn, slider enabled), and the time to draw a frame after a jump,
over N random jumps (median and 95th percentile), each measured from the
scrubber's input event until the new frame's DOM is built, styled and laid
out (paint follows on the next animation frame, which is not counted).

Usage: page_bench.py REPORT.html [JUMPS]
"""
import fcntl
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time


class Browser:
    def __init__(self):
        executable = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
        if not executable:
            sys.exit("page_bench: chromium not found (Scripts/setup --with-browser)")
        self.profile = tempfile.mkdtemp(prefix="page-bench-")
        # The browser reads commands on fd 3 and writes replies on fd 4.
        ends = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 100) for pair in (os.pipe(), os.pipe()) for fd in pair]
        to_child_r, self.to_child, self.from_child, from_child_w = ends
        for fd in range(3, 100):
            if fd not in (3, 4):
                continue
            try:
                os.close(fd)
            except OSError:
                pass
        os.dup2(to_child_r, 3, inheritable=True)
        os.dup2(from_child_w, 4, inheritable=True)
        self.process = subprocess.Popen(
            [executable, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
             "--remote-debugging-pipe", f"--user-data-dir={self.profile}", "--window-size=1280,900", "about:blank"],
            pass_fds=(3, 4), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for fd in (3, 4, to_child_r, from_child_w):
            os.close(fd)
        self.next_id = 0
        self.pending = b""
        self.events = []

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_child, json.dumps(message).encode() + b"\0")
        while True:
            reply = self.receive()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def receive(self):
        while b"\0" not in self.pending:
            chunk = os.read(self.from_child, 1 << 20)
            if not chunk:
                raise RuntimeError("browser closed the pipe")
            self.pending += chunk
        message, self.pending = self.pending.split(b"\0", 1)
        return json.loads(message)

    def wait_for(self, method, session):
        for index, event in enumerate(self.events):
            if event.get("method") == method and event.get("sessionId") == session:
                return self.events.pop(index)
        while True:
            event = self.receive()
            if event.get("method") == method and event.get("sessionId") == session:
                return event
            self.events.append(event)

    def close(self):
        try:
            self.send("Browser.close")
        except Exception:
            pass
        self.process.wait(timeout=10)
        shutil.rmtree(self.profile, ignore_errors=True)


def main():
    path = os.path.abspath(sys.argv[1])
    jumps = int(sys.argv[2]) if len(sys.argv) > 2 else 200
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
    # Interactive: the script has drawn the last frame and enabled the slider.
    ready = ("(() => { try { return location.protocol === 'file:' && document.documentElement.dataset.ready === 'true'"
             " && !document.getElementById('scrubber').disabled; } catch (e) { return false; } })()")
    while not evaluate(ready):
        if time.perf_counter() - started > 60:
            sys.exit("page_bench: the page did not become interactive within 60 s (blocked script?)")
        time.sleep(0.005)
    interactive_ms = (time.perf_counter() - started) * 1000
    frames = int(evaluate("Number(document.getElementById('scrubber').max) + 1"))
    items = int(evaluate("Number(document.getElementById('todo-list').dataset.count)"))
    timings = evaluate(f"""
      (async () => {{
        const scrubber = document.getElementById('scrubber');
        const times = [];
        let seed = 12345;
        const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
        for (let i = 0; i < {jumps}; i++) {{
          const frame = Math.floor(random() * {frames});
          const start = performance.now();
          scrubber.value = String(frame);
          scrubber.dispatchEvent(new Event('input'));
          document.body.getBoundingClientRect();  // style and layout of the new frame, done now
          times.push(performance.now() - start);
          await new Promise(r => requestAnimationFrame(() => r()));
          if (Number(document.getElementById('frame-view').dataset.frame) !== frame) throw new Error('frame ' + frame + ' not drawn');
        }}
        return times;
      }})()
    """)
    timings.sort()
    browser.close()
    print(json.dumps({
        "frames": frames, "items_in_last_frame": items, "interactive_ms": round(interactive_ms),
        "jump_median_ms": round(timings[len(timings) // 2], 2),
        "jump_p95_ms": round(timings[int(len(timings) * 0.95) - 1], 2), "jumps": jumps,
    }))


if __name__ == "__main__":
    main()
