#!/usr/bin/env python3
"""The peer an analyst already has: DuckDB reading a todo-session/1 log with
read_json (newline-delimited, the columns given, 2 threads), in-process.

  duckdb_peer.py LOG [--every-column] [--append-to FILE]

The count query finds one field of every line (events by name); with
--every-column the query uses every field a record can have, timestamps
parsed, ids as UUIDs. Prints, as JSON, the query's own time in seconds (from
the query's start to its last row, the Python start and import left out) and
its rows (with --append-to, as one more line of FILE instead); the whole
process is what Benchmarks/run times beside todo-report.

DuckDB comes from PyPI, pinned (Benchmarks/run installs it into a virtual
environment in Benchmarks/out/venv).
"""
import json
import sys
import time

import duckdb

COUNT = """
select event, count(*) as n
from read_json(?, format = 'newline_delimited', columns = {type: 'VARCHAR', event: 'VARCHAR'})
group by all order by all
"""

EVERY_COLUMN = """
select type, event, count(*) as n, count(seq) as seqs, min(timestamp) as first, max(timestamp) as last,
       count(name) as names, count(distinct id) as ids, count_if(isDone) as done, max("to") as farthest
from read_json(?, format = 'newline_delimited', columns = {
    type: 'VARCHAR', event: 'VARCHAR', seq: 'BIGINT', timestamp: 'TIMESTAMPTZ', name: 'VARCHAR',
    id: 'UUID', isDone: 'BOOLEAN', "to": 'BIGINT'})
group by all order by all
"""


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: duckdb_peer.py LOG [--every-column] [--append-to FILE]")
    log = sys.argv[1]
    query = EVERY_COLUMN if "--every-column" in sys.argv[2:] else COUNT
    connection = duckdb.connect()
    connection.execute("set threads = 2")
    started = time.perf_counter()
    rows = connection.execute(query, [log]).fetchall()
    seconds = time.perf_counter() - started
    line = json.dumps({"seconds": seconds, "rows": [[str(value) for value in row] for row in rows]})
    if "--append-to" in sys.argv:
        with open(sys.argv[sys.argv.index("--append-to") + 1], "a") as out:
            out.write(line + "\n")
    else:
        print(line)


if __name__ == "__main__":
    main()
