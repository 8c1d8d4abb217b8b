#!/usr/bin/env bash
# The API benchmark of BENCHMARKS.md: requests per second and latency of `GET /api/rio-kadalis`
# (random positions of 12 and 16 seeds, chunk cache warm) next to `GET /healthz` on the same
# server, under wrk, in interleaved runs. Only 127.0.0.1; every run is bounded in time.
#
#   api/bench/run.sh [RUNS] [SECONDS] [CONNECTIONS]     (defaults: 5 runs, 10 s, 32 connections)
#
# Needs `wrk` (Debian: apt-get install wrk) and a release build (cargo build --release).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
RUNS=${1:-5}
SECS=${2:-10}
CONN=${3:-32}
BIN=${BIN:-target/release/mancala}
DB=${DB:-target/bench-api.db}
PORT=${PORT:-18080}
LUA=api/bench/eval.lua

"$BIN" solve rio-kadalis --max-seeds 16 --db "$DB" --quiet 2>/dev/null
"$BIN" serve --db "$DB" --bind 127.0.0.1:$PORT >/dev/null 2>/dev/null &
PID=$!
trap 'kill -INT $PID 2>/dev/null || true' EXIT
sleep 1
wrk -t1 -c"$CONN" -d3s -s $LUA http://127.0.0.1:$PORT >/dev/null   # warm the chunk cache

echo "run endpoint requests/s p50 p90 p99 non-2xx"
for i in $(seq "$RUNS"); do
  for ep in healthz eval; do
    if [ $ep = healthz ]; then
      out=$(wrk -t1 -c"$CONN" -d"${SECS}s" --latency http://127.0.0.1:$PORT/healthz)
    else
      out=$(wrk -t1 -c"$CONN" -d"${SECS}s" --latency -s $LUA http://127.0.0.1:$PORT)
    fi
    rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
    p50=$(awk '$1=="50%" {print $2}' <<<"$out")
    p90=$(awk '$1=="90%" {print $2}' <<<"$out")
    p99=$(awk '$1=="99%" {print $2}' <<<"$out")
    bad=$(awk '/Non-2xx/ {print $NF}' <<<"$out")
    echo "$i $ep $rps $p50 $p90 $p99 ${bad:-0}"
  done
done
