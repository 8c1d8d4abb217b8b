"""The main lines of the proven starts, checked from outside (issue 52).

Rio Kadalis (six holes) is proven lost by 8 for the first player and Rio Kadalis with five holes
a draw, by certificates that mancala-check accepts (docs/results.md). Their main lines, from the
command line (`mancala mainline --json`) and from the API (`GET /api/{variant}/mainline`), must
keep that value at every ply, every ply exact. This script does the arithmetic itself, from the
positions the line gives: before each ply, the seeds the start's mover has captured minus the
other side's, plus the ply's value turned to the start's mover's view, is the start's value; at
the end the final totals differ by it. It shares no code with the program.

Usage: python3 .ci/mainline_check.py BIN DB
"""

import json
import subprocess
import sys
import time
import urllib.request

STARTS = [
    ("rio-kadalis", "4,4,4,4,4,4/4,4,4,4,4,4 S", -8),
    ("rio-kadalis-5", "4,4,4,4,4/4,4,4,4,4 S", 0),
]


def captured(position):
    """The seeds (south, north) captured in a position string `ROWS SIDE [S-N]`."""
    fields = position.split()
    if len(fields) < 3:
        return 0, 0
    south, north = fields[2].split("-")
    return int(south), int(north)


def check(line, variant, start, value, where):
    """Fails unless the line from `start` keeps `value` (for the start's mover) at every ply."""
    problems = []
    mover = start.split()[1]
    if line["value"]["score"] != value or not line["exact"]:
        problems.append(f"the start's value is {line['value']} (exact: {line['exact']}), not exactly {value}")
    if line.get("estimates_from") is not None:
        problems.append(f"estimates from ply {line['estimates_from']}")
    before = start
    for step in line["steps"]:
        south, north = captured(before)
        ahead = south - north if mover == "S" else north - south
        turned = step["value"]["score"] if step["side"] == mover else -step["value"]["score"]
        if not step["exact"]:
            problems.append(f"ply {step['ply']} is an estimate")
        if ahead + turned != value:
            problems.append(
                f"ply {step['ply']} ({step['side']}{step['move']} from {before}): "
                f"{ahead:+} captured and {turned:+} to come is {ahead + turned}, not {value}"
            )
        before = step["position"]
    if line["game_over"]:
        totals = line["totals"]
        margin = totals["south"] - totals["north"] if mover == "S" else totals["north"] - totals["south"]
        if margin != value:
            problems.append(f"the game ends {totals}, a margin of {margin}, not {value}")
    elif not line["endless"]:
        problems.append(f"the line stops without an end: {line['end']}")
    if problems:
        sys.exit(f"mainline check ({where}) {variant} {start}:\n  " + "\n  ".join(problems))
    print(f"mainline check ({where}): {variant} {start}: {len(line['steps'])} plies, every one exact and worth {value}")


def from_cli(binary, db):
    for variant, start, value in STARTS:
        began = time.monotonic()
        out = subprocess.run(
            [binary, "mainline", variant, start, "--db", db, "--json"],
            check=True, capture_output=True, text=True,
        ).stdout
        print(f"  (command line: {time.monotonic() - began:.2f} s)")
        check(json.loads(out), variant, start, value, "command line")


def from_api(binary, db):
    server = subprocess.Popen(
        [binary, "serve", "--bind", "127.0.0.1:0", "--db", db, "--read-only"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    try:
        url = None
        for out in server.stdout:
            if out.startswith("Listening on "):
                url = out.split()[2]
                break
        if url is None:
            sys.exit("mainline check: the server did not say where it listens")
        for variant, start, value in STARTS:
            query = start.replace(" ", "_")
            # As the page asks: the position first, then its main line. (On this file, which
            # has no opening book, the very first search of a fresh server reads the tablebase
            # cold and can stop at its time limit with an estimate; the line is then searched.)
            with urllib.request.urlopen(f"{url}/api/{variant}?position={query}", timeout=120) as r:
                json.load(r)
            began = time.monotonic()
            with urllib.request.urlopen(f"{url}/api/{variant}/mainline?position={query}", timeout=120) as r:
                line = json.load(r)
            print(f"  (API: {time.monotonic() - began:.2f} s)")
            check(line, variant, start, value, "API")
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    from_cli(sys.argv[1], sys.argv[2])
    from_api(sys.argv[1], sys.argv[2])
