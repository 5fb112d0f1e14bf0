#!/usr/bin/env python3
"""The twenty lines a data analyst writes to count what a todo-session/1 log
holds: `json.loads` per line, the reducer's effect on the list kept as an id
index (id -> done), counts only. No travel (a `travel` record is skipped, so
on a log with travels its counts are those of a session without them), no
checks, no report. The floor of "just read it in Python" for Benchmarks/run.

  minimal_peer.py LOG    prints: events, items, done
"""
import json
import sys

events, done = 0, {}
with open(sys.argv[1], "rb") as log:
    for line in log:
        if not line.strip():
            continue
        record = json.loads(line)
        if record.get("type") != "event":
            continue
        events += 1
        event = record["event"]
        if event == "addItem":
            done.setdefault(record.get("id", f"#{events}").upper(), False)
        elif event == "setItemDone":
            key = record["id"].upper()
            if key in done:
                done[key] = record["isDone"]
print(f"{events} events, {len(done)} items, {sum(done.values())} done")
