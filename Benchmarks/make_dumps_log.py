#!/usr/bin/env python3
"""Writes a todo-session/1 log the way another tool would: each record made
with Python's `json.dumps`, as a data team's recorder would write it.

  make_dumps_log.py OUTPUT [--events N] [--items M] [--seed S] [--ensure-ascii]

Shape (deterministic for a seed; with the defaults, 1,000,000 events,
60,000 items, about 128 MB):

- `json.dumps(record, ensure_ascii=False)`: the default separators `", "` and
  `": "` (a space after every comma and colon), titles as UTF-8 as they are.
  With --ensure-ascii, json.dumps's other default: every non-ASCII character
  as `\\uXXXX`, an emoji as a surrogate pair.
- Keys in another order than `todo-report simulate` writes them: the payload
  first, then `timestamp`, and `type` last; no `seq`, e.g.
  `{"event": "setItemDone", "id": "…", "isDone": true, "timestamp": "…", "type": "event"}`.
  The header is `{"schema": "todo-session/1", "sessionId": …, "app": …, "startedAt": …, "type": "session"}`.
- Timestamps as Python's `datetime.isoformat()` writes them: microseconds and
  a `+00:00` offset (`2026-11-29T09:00:01.250000+00:00`), not `…Z`.
- Item ids as `str(uuid.UUID)`: lower case (the spec compares them case-insensitively).
- Titles of one to three words drawn from Latin, accented, CJK and emoji words
  (`牛乳`, `買い物`, `🥛`, `🎉` …), typed a character (code point) at a time,
  as the app dispatches them: a sheet is `startCreatingItem`, one
  `changePartialItemName` per keystroke carrying the whole name so far, then
  `addItem` (one sheet in eight ends in `cancelCreatingItem` instead).
- Between sheets, `setItemDone` ticks a random existing item on or off; new
  sheets are started just often enough to reach M items after N events.
- No travels, no digests, no blank lines; `\\n` line ends.
"""
import argparse
import datetime
import json
import random
import uuid

WORDS = [
    "Buy", "oat", "milk", "call", "Grandma", "pay", "rent", "book", "dentist", "water", "plants", "fix", "bike",
    "Crème", "brûlée", "naïve", "café", "Straße", "Ωmega", "牛乳", "寿司", "買い物", "🥛", "🎉", "🚲", "📚",
    "renew", "passport", "email", "Zoë", "façade", "piñata", "São", "Paulo", "Ünal", "報告書", "会議の準備", "🧾🖊️",
]

START = datetime.datetime(2026, 11, 29, 9, 0, 0, tzinfo=datetime.timezone.utc)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output")
    parser.add_argument("--events", type=int, default=1_000_000)
    parser.add_argument("--items", type=int, default=60_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--ensure-ascii", action="store_true")
    options = parser.parse_args()

    rng = random.Random(options.seed)
    ascii_only = options.ensure_ascii
    clock = START
    ids = []  # every item's id, in order
    done = []  # its isFinished
    written = 0

    with open(options.output, "w", encoding="utf-8", newline="\n") as out:
        def emit(payload, record_type="event"):
            nonlocal clock, written
            clock += datetime.timedelta(milliseconds=rng.randint(90, 3_000))
            record = dict(payload)
            record["timestamp"] = clock.isoformat()
            record["type"] = record_type
            out.write(json.dumps(record, ensure_ascii=ascii_only))
            out.write("\n")
            written += 1

        out.write(json.dumps({"schema": "todo-session/1", "sessionId": f"dumps-{options.seed}", "app": "TimeTrave",
                              "startedAt": START.isoformat(), "type": "session"}, ensure_ascii=ascii_only) + "\n")
        while written < options.events:
            left = options.events - written
            # A new sheet when the items are behind their share of the events so far (or none to tick yet).
            behind = len(ids) < options.items * written / options.events
            if (behind or not ids) and left >= 3:
                title = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 3)))
                emit({"event": "startCreatingItem"})
                for count in range(1, len(title) + 1):
                    if written >= options.events - 1:
                        break
                    emit({"event": "changePartialItemName", "name": title[:count]})
                if written >= options.events:
                    break
                if rng.randrange(8) == 0:
                    emit({"event": "cancelCreatingItem"})
                else:
                    item_id = str(uuid.UUID(int=rng.getrandbits(128), version=4))
                    ids.append(item_id)
                    done.append(False)
                    emit({"event": "addItem", "id": item_id})
            elif ids:
                index = rng.randrange(len(ids))
                done[index] = not done[index]
                emit({"event": "setItemDone", "id": ids[index], "isDone": done[index]})
            else:
                emit({"event": "cancelCreatingItem"})


if __name__ == "__main__":
    main()
