#!/usr/bin/env python3
"""What the service adds to a searched answer: the time of `GET /api/{variant}?position=START`
minus the engine's own time (the answer's `search.seconds`), for the Anywoli and Hawalis starts,
asked N times one after another of a `mancala serve` already running on PORT (BENCHMARKS.md,
"One evaluator").

    python3 api/bench/overhead.py PORT N [QUERY]     (QUERY default `&budget=100000`; `''`: the
                                                      server's default budget)
"""
import json
import statistics
import sys
import time
import urllib.parse
import urllib.request


def main():
    port, n = sys.argv[1], int(sys.argv[2])
    query = sys.argv[3] if len(sys.argv) > 3 else "&budget=100000"
    base = f"http://127.0.0.1:{port}"
    variants = json.load(urllib.request.urlopen(f"{base}/api/variants"))["variants"]
    starts = {v["id"]: v["start"] for v in variants if v["id"] in ("anywoli", "hawalis")}
    for variant, start in sorted(starts.items()):
        url = f"{base}/api/{variant}?position={urllib.parse.quote(start)}{query}"
        total, outside = [], []
        for _ in range(n):
            began = time.perf_counter()
            answer = json.loads(urllib.request.urlopen(url).read())
            took = time.perf_counter() - began
            total.append(took * 1000)
            outside.append((took - answer["search"]["seconds"]) * 1000)
        print(
            f"{variant}: median {statistics.median(total):.1f} ms in all, "
            f"{statistics.median(outside):.2f} ms outside the engine"
        )


if __name__ == "__main__":
    main()
