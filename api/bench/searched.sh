#!/usr/bin/env bash
# The searched-request benchmark of BENCHMARKS.md: the wall time of `GET /api/{variant}?position=
# START&budget=NODES` for positions the tablebase does not hold (every variant's start is beyond
# the default tablebase), asked REPEAT times one after another on one server, and the same with
# HEAD. Prints every time and the median, per variant. Only 127.0.0.1.
#
#   api/bench/searched.sh [REPEAT] [NODES] [VARIANT...]
#       (defaults: 20 times, 100000 nodes, anywoli hawalis)
#
# BIN (default target/release/mancala) and DB (default mancala.db: the default tablebase, built
# with `mancala solve all`) choose the binary and the file, so that two builds can be alternated.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
REPEAT=${1:-20}
NODES=${2:-100000}
shift $(( $# > 2 ? 2 : $# ))
VARIANTS=${*:-anywoli hawalis}
BIN=${BIN:-target/release/mancala}
DB=${DB:-mancala.db}
PORT=${PORT:-18081}

"$BIN" serve --db "$DB" --bind 127.0.0.1:$PORT --compose-seconds 0 --book-minutes 0 >/dev/null 2>/dev/null &
PID=$!
trap 'kill -INT $PID 2>/dev/null || true' EXIT
for _ in $(seq 600); do
  curl -sf http://127.0.0.1:$PORT/healthz >/dev/null && break
  sleep 0.1
done

median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

echo "variant method median_ms times_ms"
for v in $VARIANTS; do
  start=$(curl -s http://127.0.0.1:$PORT/api/variants | python3 -c "import json,sys; print(next(x['start'] for x in json.load(sys.stdin)['variants'] if x['id']=='$v'))")
  url="http://127.0.0.1:$PORT/api/$v?position=$(python3 -c "import urllib.parse,sys; print(urllib.parse.quote(sys.argv[1]))" "$start")&budget=$NODES"
  for method in GET HEAD; do
    times=()
    for _ in $(seq "$REPEAT"); do
      flag=()
      [ "$method" = HEAD ] && flag=(-I)
      t=$(curl -s -o /dev/null "${flag[@]}" -w '%{time_total}' "$url")
      times+=("$(awk -v t="$t" 'BEGIN {printf "%.1f", t * 1000}')")
    done
    med=$(printf '%s\n' "${times[@]}" | median)
    echo "$v $method $med ${times[*]}"
  done
done
