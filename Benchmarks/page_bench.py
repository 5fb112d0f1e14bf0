#!/usr/bin/env python3
"""Measures a report in a browser: headless Chromium over the DevTools pipe,
or WebKit (WebKitGTK's MiniBrowser under WebKitWebDriver, on an Xvfb display
of its own) or Firefox (headless, under geckodriver) over W3C WebDriver.

Prints, as JSON: milliseconds from navigation to the page being interactive
(last frame drawn, slider enabled), and the time to draw a frame after a jump,
over N random jumps (median and 95th percentile), then after N steps to the
next frame from the middle of the session (step_*: playback and the arrow
keys, where most rows stay as they were), each measured from the
scrubber's input event until the new frame's DOM is built, styled and laid
out (jump_*), and until the next frame has been painted: two animation
frames later, the first callback running before that paint and the second
after it (jump_paint_*).

Usage: page_bench.py REPORT.html [JUMPS] [--engine chromium|webkit|firefox] [--profile OUT.cpuprofile]

--profile (Chromium only) records a V8 CPU profile from navigation until the
page is interactive, writes it to OUT (open it in DevTools' Performance
panel), and prints the functions with the most self time to stderr.
Environment: CHROMIUM, WEBKIT_WEBDRIVER, MINIBROWSER, GECKODRIVER, FIREFOX
override where each is found; any other variable (say
WEBKIT_DISABLE_COMPOSITING_MODE=1) reaches the browser.
"""
import fcntl
import glob
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request


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


class WebDriver:
    """A WebDriver server and one session of its browser, in a process group of their own."""

    def __init__(self, engine):
        self.engine = engine
        self.display = None
        self.folder = tempfile.mkdtemp(prefix=f"page-bench-{engine}-")
        self.log = open(os.path.join(self.folder, "driver.log"), "wb")
        # The server picks its own port (--port 0), read back from /proc once it
        # listens: a port found free here and handed over could be taken first.
        self.port = None
        self.host_port = None
        environment = dict(os.environ)
        if engine == "webkit":
            server = os.environ.get("WEBKIT_WEBDRIVER") or shutil.which("WebKitWebDriver")
            browser = os.environ.get("MINIBROWSER") or next(iter(sorted(glob.glob("/usr/lib/*-linux-gnu/webkit2gtk-4.*/MiniBrowser"))), None)
            if not server or not browser or not shutil.which("Xvfb"):
                sys.exit("page_bench: WebKit not found (Scripts/setup --with-browser)")
            read_end, write_end = os.pipe()
            self.display = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                                            pass_fds=(write_end,), stdout=self.log, stderr=self.log, start_new_session=True)
            os.close(write_end)
            with os.fdopen(read_end) as numbers:
                environment["DISPLAY"] = ":" + numbers.readline().strip()
            command = [server, "--port=0", "--host=127.0.0.1"]
            capabilities = {"webkitgtk:browserOptions": {"binary": browser, "args": ["--automation"]}}
        else:
            root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
            server = os.environ.get("GECKODRIVER") or next(
                (c for c in [os.path.join(root, ".build/browser-drivers/geckodriver"), shutil.which("geckodriver")] if c and os.access(c, os.X_OK)), None)
            browser = os.environ.get("FIREFOX") or shutil.which("firefox-esr") or shutil.which("firefox")
            if not server or not browser:
                sys.exit("page_bench: Firefox or geckodriver not found (Scripts/setup --with-browser)")
            command = [server, "--port", "0", "--host", "127.0.0.1", "--log", "error"]
            # geckodriver checks that the Host header names the port it was given (0).
            self.host_port = 0
            capabilities = {"moz:firefoxOptions": {"binary": browser, "args": ["-headless"]}}
        capabilities["pageLoadStrategy"] = "none"
        self.process = subprocess.Popen(command, env=environment, stdout=self.log, stderr=self.log, start_new_session=True)
        deadline = time.time() + 20
        while self.port is None:
            self.port = listening_port(self.process.pid)
            if self.port is None:
                if time.time() > deadline or self.process.poll() is not None:
                    self.close()
                    sys.exit(f"page_bench: the {engine} driver did not listen")
                time.sleep(0.02)
        while True:
            try:
                self.command("GET", "/status", timeout=2)
                break
            except (OSError, RuntimeError):
                if time.time() > deadline:
                    self.close()
                    sys.exit(f"page_bench: the {engine} driver did not start")
                time.sleep(0.1)
        self.session = "/session/" + self.command("POST", "/session", {"capabilities": {"alwaysMatch": capabilities}}, timeout=90)["sessionId"]
        self.command("POST", self.session + "/timeouts", {"script": 600_000, "pageLoad": 600_000})
        self.command("POST", self.session + "/window/rect", {"width": 1280, "height": 900})

    def command(self, method, path, body=None, timeout=600):
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"}
        if self.host_port is not None:
            headers["Host"] = f"127.0.0.1:{self.host_port}"
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as reply:
                return json.loads(reply.read())["value"]
        except urllib.error.HTTPError as error:
            raise RuntimeError(f"{self.engine} {method} {path}: {error.read()[:500]!r}") from None

    def navigate(self, url):
        self.command("POST", self.session + "/url", {"url": url})

    def evaluate(self, expression):
        return self.command("POST", self.session + "/execute/sync", {"script": f"return (\n{expression}\n);", "args": []})

    def close(self):
        if getattr(self, "session", None):
            try:
                self.command("DELETE", self.session, timeout=10)
            except Exception:
                pass
        for process in (self.process, self.display):
            if process and process.poll() is None:
                try:
                    os.killpg(process.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                process.wait(timeout=10)
        self.log.close()
        shutil.rmtree(self.folder, ignore_errors=True)


def listening_port(pid):
    """The TCP port process `pid` listens on (IPv4 or IPv6), or None: its
    sockets' inodes matched against the LISTEN rows of /proc/net/tcp{,6}."""
    inodes = set()
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try:
                target = os.readlink(f"/proc/{pid}/fd/{fd}")
            except OSError:
                continue
            if target.startswith("socket:["):
                inodes.add(target[8:-1])
    except OSError:
        return None
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table) as rows:
                next(rows)
                for row in rows:
                    fields = row.split()
                    if fields[3] == "0A" and fields[9] in inodes:
                        return int(fields[1].rsplit(":", 1)[1], 16)
        except OSError:
            continue
    return None


class ChromiumPage:
    """The Browser above with one tab, behind the same navigate/evaluate/close as WebDriver."""

    def __init__(self):
        self.browser = Browser()
        target = self.browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.browser.send("Page.enable", session=self.session)
        self.browser.send("Runtime.enable", session=self.session)

    def navigate(self, url):
        self.browser.send("Page.navigate", {"url": url}, self.session)

    def evaluate(self, expression):
        result = self.browser.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True}, self.session)
        if "exceptionDetails" in result:
            raise RuntimeError(result["exceptionDetails"])
        return result["result"].get("value")

    def close(self):
        self.browser.close()


def main():
    arguments = sys.argv[1:]
    engine = "chromium"
    if "--engine" in arguments:
        at = arguments.index("--engine")
        engine = arguments[at + 1]
        del arguments[at:at + 2]
    profile = None
    if "--profile" in arguments:
        at = arguments.index("--profile")
        profile = arguments[at + 1]
        del arguments[at:at + 2]
    if engine not in ("chromium", "webkit", "firefox") or not arguments or (profile and engine != "chromium"):
        sys.exit(__doc__)
    path = os.path.abspath(arguments[0])
    jumps = int(arguments[1]) if len(arguments) > 1 else 200
    page = ChromiumPage() if engine == "chromium" else WebDriver(engine)
    try:
        print(json.dumps(measure(page, path, jumps, engine, profile)))
    finally:
        page.close()


def self_times(profile, top=25):
    """(milliseconds, function, location) of the functions with the most self time, most first."""
    nodes = {node["id"]: node for node in profile["nodes"]}
    spent = {}
    deltas = profile.get("timeDeltas", [])
    for i, sample in enumerate(profile.get("samples", [])):
        # A sample's time is the gap to the next one.
        gap = deltas[i + 1] if i + 1 < len(deltas) else 0
        frame = nodes[sample]["callFrame"]
        key = (frame["functionName"] or "(anonymous)", f"{frame['url'].rsplit('/', 1)[-1]}:{frame['lineNumber'] + 1}" if frame["url"] else "")
        spent[key] = spent.get(key, 0) + gap
    total = sum(spent.values())
    rows = sorted(((us / 1000, name, where) for (name, where), us in spent.items()), reverse=True)[:top]
    return total / 1000, rows


def poll(page, expression):
    """The expression's value, or False while the page is still being replaced
    (WebKit's driver fails a script that a navigation interrupts)."""
    try:
        return page.evaluate(expression)
    except RuntimeError as error:
        if "unload" in str(error) or "no such frame" in str(error):
            return False
        raise


def measure(page, path, jumps, engine, profile=None):
    if profile:
        page.browser.send("Profiler.enable", session=page.session)
        page.browser.send("Profiler.setSamplingInterval", {"interval": 200}, page.session)
        page.browser.send("Profiler.start", session=page.session)
    started = time.perf_counter()
    page.navigate("file://" + path)
    # Interactive: the script has drawn the last frame and enabled the slider.
    ready = ("(() => { try { return location.protocol === 'file:' && document.documentElement.dataset.ready === 'true'"
             " && !document.getElementById('scrubber').disabled; } catch (e) { return false; } })()")
    while not poll(page, ready):
        if time.perf_counter() - started > 120:
            sys.exit(f"page_bench: the page did not become interactive in {engine} within 120 s (blocked script?)")
        time.sleep(0.005)
    interactive_ms = (time.perf_counter() - started) * 1000
    if profile:
        recorded = page.browser.send("Profiler.stop", session=page.session)["profile"]
        with open(profile, "w") as out:
            json.dump(recorded, out)
        total, rows = self_times(recorded)
        print(f"self time, {total:.0f} ms sampled from navigation to interactive:", file=sys.stderr)
        for ms, name, where in rows:
            print(f"{ms:8.1f} ms  {name}  {where}", file=sys.stderr)
    frames = int(page.evaluate("Number(document.getElementById('scrubber').max) + 1"))
    items = int(page.evaluate("Number(document.getElementById('todo-list').dataset.count)"))
    timings = page.evaluate(f"""
      (async () => {{
        const scrubber = document.getElementById('scrubber');
        const layout = [], painted = [];
        let seed = 12345;
        const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
        const frame = () => new Promise(r => requestAnimationFrame(() => r()));
        const steps = [], stepsPainted = [];
        await frame();
        for (let i = 0; i < 2 * {jumps}; i++) {{
          // First the random jumps, then as many steps to the next frame from the middle (playback, the arrow keys).
          const stepping = i >= {jumps};
          const target = stepping ? Math.floor({frames} / 2) + i - {jumps} : Math.floor(random() * {frames});
          const start = performance.now();
          scrubber.value = String(target);
          scrubber.dispatchEvent(new Event('input'));
          document.body.getBoundingClientRect();  // style and layout of the new frame, done now
          (stepping ? steps : layout).push(performance.now() - start);
          await frame();  // runs just before the frame with the jump is painted
          await frame();  // runs once it has been
          (stepping ? stepsPainted : painted).push(performance.now() - start);
          if (Number(document.getElementById('frame-view').dataset.frame) !== target) throw new Error('frame ' + target + ' not drawn');
        }}
        return [layout, painted, steps, stepsPainted];
      }})()
    """)
    layout, painted, steps, steps_painted = (sorted(t) for t in timings)

    def median(values):
        return round(values[len(values) // 2], 2)

    def p95(values):
        return round(values[max(0, int(len(values) * 0.95) - 1)], 2)

    return {
        "engine": engine, "frames": frames, "items_in_last_frame": items, "interactive_ms": round(interactive_ms),
        "jump_median_ms": median(layout), "jump_p95_ms": p95(layout),
        "jump_paint_median_ms": median(painted), "jump_paint_p95_ms": p95(painted), "jumps": jumps,
        "step_median_ms": median(steps), "step_p95_ms": p95(steps),
        "step_paint_median_ms": median(steps_painted), "step_paint_p95_ms": p95(steps_painted),
    }


if __name__ == "__main__":
    main()
