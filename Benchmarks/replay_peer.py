#!/usr/bin/env python3
"""The peer a data team would write: replay a todo-session/1 log in Python.

json.loads per line and the same reducer as the app, with the app Store's
semantics (an event applies to the state at the cursor; a travel moves the
cursor), the state mutated in place with an id index, and a snapshot every
4096 frames so travels stay cheap. It checks nothing and writes no report: it
is the floor of what reading and replaying costs in Python. Prints the frame
count and the number of items at the cursor.
"""
import json
import sys

SNAPSHOT_EVERY = 1024


class State:
    __slots__ = ("creating", "partial", "items", "index", "name")

    def __init__(self):
        self.creating, self.partial, self.items, self.index, self.name = False, "", [], {}, "runStart"

    def copy(self):
        other = State()
        other.creating, other.partial, other.name = self.creating, self.partial, self.name
        other.items, other.index = list(self.items), dict(self.index)
        return other

    def apply(self, record):
        event = record["event"]
        if event == "startCreatingItem":
            self.creating, self.partial = True, ""
        elif event == "cancelCreatingItem":
            self.creating = False
        elif event == "changePartialItemName":
            self.partial = record["name"]
        elif event == "addItem":
            item_id = record.get("id", "").upper()
            self.index.setdefault(item_id, len(self.items))
            self.items.append((item_id, self.partial, False))
            self.partial, self.creating = "", False
        elif event == "setItemDone":
            position = self.index.get(record["id"].upper())
            if position is None:
                return
            item = self.items[position]
            self.items[position] = (item[0], item[1], record["isDone"])
        self.name = event


def main(path):
    parents, events, snapshots = [-1], [None], {0: State()}
    cursor, current = 0, State()
    with open(path, "rb") as log:
        for line in log:
            if not line.strip():
                continue
            record = json.loads(line)
            kind = record.get("type")
            if kind == "event":
                current.apply(record)
                parents.append(cursor)
                events.append(record)
                cursor = len(events) - 1
                if cursor % SNAPSHOT_EVERY == 0:
                    snapshots[cursor] = current.copy()
            elif kind == "travel":
                target = record["to"]
                path_back, frame = [], target
                while frame not in snapshots:
                    path_back.append(frame)
                    frame = parents[frame]
                current = snapshots[frame].copy()
                for frame in reversed(path_back):
                    current.apply(events[frame])
                cursor = target
    print(f"{len(events)} frames, {len(current.items)} items at the cursor")


if __name__ == "__main__":
    main(sys.argv[1])
