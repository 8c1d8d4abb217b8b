#!/usr/bin/env bash
# The tablebase route while searches run (issue 54, item 3): requests per second and latency of
# `GET /api/rio-kadalis?position=...` (random positions of 12 and 16 seeds, the chunk cache warm,
# as api/bench/run.sh) with SEARCHES clients meanwhile asking, one request after another, for a
# position beyond the tablebase with a large budget (each a search of up to the server's cap),
# so that the searches' probes of the file and the route's reads meet (SEARCHES 0: the route
# alone). The last column counts the searches answered (200) during the run. Only 127.0.0.1.
#
#   api/bench/under_searches.sh [RUNS] [SECONDS] [SEARCHES]   (defaults: 3 runs, 10 s, 4)
#
# BIN (default target/release/mancala) chooses the binary, so that two builds can be
# alternated; DB defaults to target/bench-api.db (Rio Kadalis up to 16 seeds, as run.sh).
# Needs `wrk` and curl.
set -euo pipefail
# A search loop is a pipeline in a subshell: it is stopped with every process under it, and
# everything started is stopped however the script ends.
LOOPS=()
PID=
kill_tree() {
  local child
  for child in $(pgrep -P "$1" || true); do kill_tree "$child"; done
  kill "$1" 2>/dev/null || true
}
stop_all() {
  for p in "${LOOPS[@]}" $PID; do kill_tree "$p"; done
}
trap stop_all EXIT
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
RUNS=${1:-3}
SECS=${2:-10}
SEARCHES=${3:-4}
BIN=${BIN:-target/release/mancala}
DB=${DB:-target/bench-api.db}
PORT=${PORT:-18082}
LUA=api/bench/eval.lua
# Positions of 40 seeds, beyond the 16-seed table and searched down to it, a different one each
# request (an answer asked again would be a kept one, not a search).
positions() {
  python3 -c '
import random, sys
rng = random.Random(int(sys.argv[1]))
for _ in range(10000):
    cells = [0] * 12
    for _ in range(40):
        cells[rng.randrange(12)] += 1
    print(",".join(map(str, cells[6:][::-1])) + "/" + ",".join(map(str, cells[:6])) + "_S")
' "$1"
}

"$BIN" solve rio-kadalis --max-seeds 16 --db "$DB" --quiet 2>/dev/null
echo "run requests/s p50 p90 p99 non-2xx searches_answered"
for i in $(seq "$RUNS"); do
  "$BIN" serve --db "$DB" --bind 127.0.0.1:$PORT --book-minutes 0 --compose-seconds 0 >/dev/null 2>/dev/null &
  PID=$!
  for _ in $(seq 600); do
    curl -sf http://127.0.0.1:$PORT/healthz >/dev/null && break
    sleep 0.1
  done
  wrk -t1 -c32 -d3s -s $LUA http://127.0.0.1:$PORT >/dev/null   # warm the chunk cache
  COUNT=$(mktemp)
  LOOPS=()
  for _ in $(seq "$SEARCHES"); do
    ( positions "$RANDOM" | while read -r p; do
        curl -sf -o /dev/null "http://127.0.0.1:$PORT/api/rio-kadalis?position=$p&budget=100000000" \
          && echo >>"$COUNT"
      done ) &
    LOOPS+=($!)
  done
  sleep 1
  out=$(wrk -t1 -c32 -d"${SECS}s" --latency -s $LUA http://127.0.0.1:$PORT)
  if [ "${#LOOPS[@]}" -gt 0 ]; then
    for p in "${LOOPS[@]}"; do kill_tree "$p"; done
    wait "${LOOPS[@]}" 2>/dev/null || true   # (a bare `wait` would wait for the server too)
    LOOPS=()
  fi
  kill -TERM $PID 2>/dev/null || true
  wait $PID 2>/dev/null || true
  PID=
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1=="50%" {print $2}' <<<"$out")
  p90=$(awk '$1=="90%" {print $2}' <<<"$out")
  p99=$(awk '$1=="99%" {print $2}' <<<"$out")
  bad=$(awk '/Non-2xx/ {print $NF}' <<<"$out")
  echo "$i $rps $p50 $p90 $p99 ${bad:-0} $(wc -l <"$COUNT")"
  rm -f "$COUNT"
done
