#!/usr/bin/env python3
"""Writes a todo-session/1 log whose travels go to random frames of a long
list: what a tool, or someone on purpose, could make, and a person would not.

  make_far_travel_log.py OUTPUT [--items M] [--travels T] [--seed S] [--with-adds]

Shape (deterministic for a seed; with the defaults, 99,000 events building
33,000 items, then 10,000 travels, about 9 MB):

- M sheets, each `startCreatingItem`, one `changePartialItemName` with the
  whole title, and `addItem` with a random id: a list of M items, each added
  three frames after the last.
- Then T pairs: a `travel` to a frame drawn from all the frames so far (so
  mostly on the list's long line, far from the newest), and one event on the
  state travelled to: `startCreatingItem` or `cancelCreatingItem`, which name
  no item, or `setItemDone` of one of the first thousand items, which must
  be looked up (unknown in a frame before its `addItem`: a warning). With
  --with-adds, a fourth kind: a sheet that adds an item with one of those
  ids again (a duplicate where the frame has it already).
- No timestamps, seqs or digests.

Each travel loads a state with thousands of items and redoes up to as many
frames, so the log times how a travel's cost grows with the list.
"""
import argparse
import random
import uuid


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("output")
    parser.add_argument("--items", type=int, default=33_000)
    parser.add_argument("--travels", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--with-adds", action="store_true")
    options = parser.parse_args()
    random.seed(options.seed)
    ids = []
    frames = 1
    with open(options.output, "w", encoding="utf-8") as out:
        out.write('{"type":"session","schema":"todo-session/1","sessionId":"far-travels"}\n')
        for n in range(options.items):
            ids.append(str(uuid.UUID(int=random.getrandbits(128))))
            out.write('{"type":"event","event":"startCreatingItem"}\n')
            out.write('{"type":"event","event":"changePartialItemName","name":"item %d"}\n' % n)
            out.write('{"type":"event","event":"addItem","id":"%s"}\n' % ids[-1])
            frames += 3
        for _ in range(options.travels):
            out.write('{"type":"travel","to":%d}\n' % random.randrange(frames))
            kind = random.randrange(4 if options.with_adds else 3)
            if kind == 3:
                out.write('{"type":"event","event":"startCreatingItem"}\n')
                out.write('{"type":"event","event":"changePartialItemName","name":"again"}\n')
                out.write('{"type":"event","event":"addItem","id":"%s"}\n' % random.choice(ids[:1000]))
                frames += 2
            elif kind == 2:
                done = random.choice(["true", "false"])
                out.write('{"type":"event","event":"setItemDone","id":"%s","isDone":%s}\n' % (random.choice(ids[:1000]), done))
            else:
                out.write('{"type":"event","event":"%s"}\n' % ["startCreatingItem", "cancelCreatingItem"][kind])
            frames += 1


if __name__ == "__main__":
    main()
