#!/usr/bin/env python3
"""What a jump to paint costs in WebKit on this machine, for pages far
simpler than the report: is the report's WebKit figure the page's or the
machine's?

Writes small control pages, each shaped like the report where page_bench.py
looks (a range input #scrubber, #frame-view with data-frame, #todo-list with
data-count, data-ready on the root) and each replacing the text of three
boxes on every jump, as the report replaces its phone's rows, its event
rows and its state panel:

- `plain`: the three boxes do not scroll;
- `one scroll box`: the event box scrolls (overflow-y: auto, rows placed in a
  tall list, scrolled to the jump's row, as the report's event list does);
- `three scroll boxes`: all three scroll, as in the report.

Then runs page_bench.py on each in WebKit (Xvfb, no GPU) with its
compositor on and off, the pages taking turns, and prints the medians of
the rounds as a Markdown table: jump p95, jump to paint median and p95.

Usage: Benchmarks/compositing_control.py [--rounds R] [--jumps N]
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

BENCH = os.path.dirname(os.path.abspath(__file__))

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>compositing control: {name}</title>
<style>
body {{ font: 15px system-ui, sans-serif; margin: 16px; display: grid; grid-template-columns: 360px 1fr; gap: 16px; }}
.box {{ border: 1px solid #888; padding: 4px; position: relative; }}
.box div {{ height: 24px; white-space: nowrap; overflow: hidden; }}
#todo-list {{ height: 540px; }} #events {{ height: 320px; }} #state {{ height: 360px; font-family: monospace; font-size: 13px; }}
.scrolls {{ overflow-y: auto; }} .scrolls div {{ position: absolute; left: 0; right: 0; }}
</style></head>
<body>
<div id="frame-view" data-frame="0"><div id="todo-list" class="box" data-count="1000"></div></div>
<div><input id="scrubber" type="range" min="0" max="{last}" value="{last}" aria-label="Frame">
<div id="events" class="box"></div><div id="state" class="box"></div></div>
<script>
var WORDS = ['milk', 'bread', 'call mum', 'pay rent', 'buy oat milk', 'walk dog', 'fix bike', 'email Ann', 'book dentist', 'water plants'];
var SCROLLING = {scrolling};
// Replaces a box's rows with `rows` new ones for frame n; a scrolling box
// places them at row n of a list `last` rows tall and scrolls there.
function fill(id, rows, n) {{
  var box = document.getElementById(id), parts = [];
  var scrolls = SCROLLING.indexOf(id) >= 0;
  if (scrolls) {{ var tall = document.createElement('div'); tall.style.height = ({last} + rows) * 24 + 'px'; parts.push(tall); }}
  for (var i = 0; i < rows; i++) {{
    var row = document.createElement('div');
    row.textContent = (n + i) + ' ' + WORDS[(n * 7 + i) % 10] + ' ' + WORDS[(n + 3 * i) % 10];
    if (scrolls) row.style.top = (n + i) * 24 + 'px';
    parts.push(row);
  }}
  box.classList.toggle('scrolls', scrolls);
  box.replaceChildren.apply(box, parts);
  if (scrolls) box.scrollTop = n * 24;
}}
function draw(n) {{
  fill('todo-list', 24, n);
  fill('events', 14, n);
  fill('state', 16, n);
  document.getElementById('frame-view').dataset.frame = String(n);
}}
var scrubber = document.getElementById('scrubber');
scrubber.addEventListener('input', function () {{ draw(Number(scrubber.value)); }});
draw({last});
document.documentElement.dataset.ready = 'true';
</script></body></html>
"""

PAGES = [("plain", []), ("one scroll box", ["events"]), ("three scroll boxes", ["todo-list", "events", "state"])]
SETUPS = [("compositing on", {}), ("compositing off", {"WEBKIT_DISABLE_COMPOSITING_MODE": "1"})]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--jumps", type=int, default=200)
    options = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="compositing-control-")
    paths = []
    for name, scrolling in PAGES:
        path = os.path.join(folder, name.replace(" ", "-") + ".html")
        with open(path, "w", encoding="utf-8") as out:
            out.write(PAGE.format(name=name, last=999_999, scrolling=json.dumps(scrolling)))
        paths.append(path)
    results = {}
    for round_number in range(options.rounds):
        for setup, environment in SETUPS:
            for (name, _), path in zip(PAGES, paths):
                run = subprocess.run([sys.executable, os.path.join(BENCH, "page_bench.py"), path, str(options.jumps), "--engine", "webkit"],
                                     capture_output=True, text=True, env={**os.environ, **environment})
                if run.returncode != 0:
                    sys.exit(f"compositing_control: page_bench.py failed on {name}: {run.stderr.strip()[-400:]}")
                results.setdefault((setup, name), []).append(json.loads(run.stdout.strip().splitlines()[-1]))
        print(f"  round {round_number + 1}/{options.rounds} done", file=sys.stderr)
    shutil.rmtree(folder, ignore_errors=True)
    print(f"WebKit, {options.jumps} jumps a page, medians of {options.rounds} rounds (the pages taking turns)\n")
    print("| page | WebKit | jump p95 | jump to paint, median / p95 |")
    print("|---|---|---|---|")
    for setup, _ in SETUPS:
        for name, _ in PAGES:
            runs = results[(setup, name)]
            figure = lambda key: round(statistics.median(run[key] for run in runs), 1)
            print(f"| {name} | {setup} | {figure('jump_p95_ms')} ms | {figure('jump_paint_median_ms')} / {figure('jump_paint_p95_ms')} ms |")


if __name__ == "__main__":
    main()
