"""Evaluations a second from Python, against the command line run once a position and the
HTTP API, on the same positions of the same tablebase; and the NumPy export's positions a
second. Prints medians and ratios for BENCHMARKS.md.

    python python/bench/evaluations.py --db mancala.db --bin target/release/mancala

The positions: every variant's start (searched beyond the tablebase, then kept), and positions
the tablebase holds, taken from its slices.
"""

import argparse
import http.client
import json
import random
import statistics
import subprocess
import sys
import time
import urllib.parse

import mancala_tb


def held_positions(tb, per_variant, rng):
    """`per_variant` positions of each variant's largest stored two-row slice (tablebase
    answers)."""
    out = []
    for variant in mancala_tb.variants():
        stored = [s for s in tb.slices(variant) if s["current"] and "-" not in s["slice"]]
        if not stored:
            continue
        largest = max(stored, key=lambda s: s["seeds"])
        arrays = tb.slice_arrays(variant, largest["slice"])
        boards = arrays["boards"]
        for i in rng.sample(range(len(boards)), min(per_variant, len(boards))):
            out.append(mancala_tb.Position.from_board(variant, boards[i].tolist()))
    return out


def timed(f, items):
    """Seconds of `f(item)` for each item."""
    times = []
    for item in items:
        t = time.perf_counter()
        f(item)
        times.append(time.perf_counter() - t)
    return times


def serve(binary, db):
    """Starts `mancala serve` on a free port; returns the process and its host:port."""
    server = subprocess.Popen(
        [binary, "serve", "--bind", "127.0.0.1:0", "--db", db, "--read-only", "--book-minutes", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    for line in server.stdout:
        if line.startswith("Listening on http://"):
            return server, line.split()[2][len("http://"):].rstrip("/")
    sys.exit("the server stopped before listening")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", default="mancala.db")
    parser.add_argument("--bin", default="target/release/mancala")
    parser.add_argument("--per-variant", type=int, default=30)
    parser.add_argument("--study", type=int, default=20000, help="random positions of the study")
    args = parser.parse_args()
    rng = random.Random(34)
    tb = mancala_tb.Tablebase(args.db)
    positions = held_positions(tb, args.per_variant, rng)
    print(f"{len(positions)} positions held by {args.db}")

    # Each position once, in a fresh process: every chunk it touches is read from the file
    # and decoded (the chunk cache is cold), as for the command line.
    py = timed(lambda p: tb.evaluate(p), positions)
    # The same positions again: their chunks in the evaluator's cache.
    py_warm = timed(lambda p: tb.evaluate(p), positions)
    # A study's workload: many random positions of one slice, the cache filling as it goes
    # (Rio Kadalis, the largest slice: 1,292 chunks of 65,536 positions).
    stored = [s for s in tb.slices("rio-kadalis") if s["current"]]
    largest = max(stored, key=lambda s: s["seeds"])
    boards = tb.slice_arrays("rio-kadalis", largest["slice"])["boards"]
    study = [
        mancala_tb.Position.from_board("rio-kadalis", boards[i].tolist())
        for i in rng.sample(range(len(boards)), args.study)
    ]
    del boards
    t = time.perf_counter()
    for p in study:
        tb.evaluate(p)
    study_mean = (time.perf_counter() - t) / len(study)
    # The command line, one process a position (what a script without the package does).
    cli_sample = positions[:: max(1, len(positions) // 60)]
    cli = timed(
        lambda p: subprocess.run(
            [args.bin, "eval", p.variant.id, str(p), "--json", "--db", args.db],
            check=True, capture_output=True,
        ),
        cli_sample,
    )
    server, host = serve(args.bin, args.db)
    try:
        conn = http.client.HTTPConnection(host)

        def get(p):
            query = urllib.parse.urlencode({"position": str(p)})
            conn.request("GET", f"/api/{p.variant.id}?{query}")
            response = conn.getresponse()
            body = response.read()
            assert response.status == 200, body
            return json.loads(body)

        get(positions[0])
        http_times = timed(get, positions)
    finally:
        server.terminate()
        server.wait()

    def line(name, times):
        median = statistics.median(times)
        print(f"  {name:<28} median {median * 1e6:>10.1f} µs   {1 / median:>10.0f} a second")
        return median

    print("evaluations (tablebase answers):")
    m_py = line("Python, first time", py)
    m_warm = line("Python, chunks cached", py_warm)
    m_http = line("HTTP API (keep-alive)", http_times)
    m_cli = line("CLI, a process a position", cli)
    print(f"  Python, first time: {m_cli / m_py:.0f} times the CLI, {m_http / m_py:.1f} times the HTTP API")
    print(f"  Python, cached: {m_cli / m_warm:.0f} times the CLI")
    print(f"  a study of {len(study):,} random Rio Kadalis positions (slice {largest['slice']}): "
          f"mean {study_mean * 1e6:.1f} µs a position, {m_cli / study_mean:.0f} times the CLI")

    starts = [mancala_tb.Position.start(v) for v in mancala_tb.variants()]
    first = timed(lambda p: tb.evaluate(p, budget=1_000_000), starts)
    again = timed(lambda p: tb.evaluate(p, budget=1_000_000), starts)
    print(f"starts, searched (1 M nodes): median {statistics.median(first):.3f} s; "
          f"asked again: {statistics.median(again) * 1e6:.1f} µs")

    print("NumPy export:")
    for variant, name in [("rio-kadalis", None), ("oware", None), ("kalah", None)]:
        stored = [s for s in tb.slices(variant) if s["current"]]
        largest = max(stored, key=lambda s: s["positions"])
        runs = []
        for _ in range(3):
            t = time.perf_counter()
            arrays = tb.slice_arrays(variant, largest["slice"])
            runs.append(time.perf_counter() - t)
        n = len(arrays["values"])
        median = statistics.median(runs)
        print(f"  {variant} slice {largest['slice']}: {n:,} positions in {median:.3f} s, "
              f"{n / median / 1e6:.1f} M positions a second")


if __name__ == "__main__":
    main()
