#!/usr/bin/env bash
# End-to-end tests of the player web page: builds the release binary, solves a small tablebase
# in a temporary folder (Rio Kadalis up to 12 seeds and its shape tables to 8, Hawalis up to 4), serves it on a free port,
# and drives headless Chromium (/usr/bin/chromium, through playwright-core) against it.
# Run e2e/setup.sh once first. `e2e/run.sh --screenshots` also rewrites the README's
# screenshots, docs/explore.png, docs/puzzle.png, docs/phone.png, docs/play-390.png,
# docs/arabic.png, docs/review.png and docs/match-390.png (otherwise they go to the temporary
# folder).
set -euo pipefail
E2E="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$E2E/.." && pwd)"
cd "$ROOT"

if [ ! -x /usr/bin/chromium ] || [ ! -d "$E2E/node_modules/playwright-core" ]; then
  echo "e2e: run e2e/setup.sh first (needs /usr/bin/chromium and npm ci in e2e/)" >&2
  exit 2
fi

cargo build --release
BIN="$ROOT/target/release/mancala"

TMP="$(mktemp -d)"
SERVER_PID=""
cleanup() {
  if [ -n "$SERVER_PID" ]; then
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  rm -rf "$TMP"
}
trap cleanup EXIT

DB="$TMP/e2e.db"
"$BIN" solve rio-kadalis --max-seeds 12 --db "$DB" -q
# Its boards with closed pits to 8 seeds (a match's later rounds), for the closed-pit puzzles.
"$BIN" solve rio-kadalis --max-seeds 8 --shapes all --db "$DB" -q
"$BIN" solve hawalis --max-seeds 4 --db "$DB" -q
# A few Anuak problems beyond the tablebase (16 seeds, proven by search), for the collection.
"$BIN" puzzles compose rio-kadalis --seeds 16 --min-moves 1 --count 3 --db "$DB" -q

"$BIN" serve --bind 127.0.0.1:0 --db "$DB" --book-minutes 0 >"$TMP/server.out" 2>"$TMP/server.err" &
SERVER_PID=$!
URL=""
for _ in $(seq 1 1200); do
  URL="$(sed -n 's/^Listening on \(http:\/\/[^ ]*\).*/\1/p' "$TMP/server.out" | head -n 1)"
  [ -n "$URL" ] && break
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then
    echo "e2e: the server stopped before listening:" >&2
    cat "$TMP/server.err" >&2
    exit 1
  fi
  sleep 0.1
done
if [ -z "$URL" ]; then
  echo "e2e: the server did not say where it listens within 120 s" >&2
  tail -n 20 "$TMP/server.err" >&2
  exit 1
fi
echo "e2e: server at $URL"
# It listens at once and builds what the file lacks (here the starter puzzles) in the
# background: the tests start when /api/status says the build is over.
node -e '
const url = process.argv[1] + "/api/status";
(async () => {
  for (let i = 0; i < 6000; i++) {
    try {
      const s = await (await fetch(url)).json();
      if (!s.building) {
        if (s.error) { console.error("e2e: the background build failed: " + s.error); process.exit(1); }
        process.exit(0);
      }
    } catch (e) { /* not answering yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  console.error("e2e: the server was still building after 10 minutes");
  process.exit(1);
})();' "$URL"

# E2E_SHOTS keeps them in a folder of your choice, to look at; E2E_ONLY runs only the tests
# whose names match that pattern (node --test-name-pattern).
SHOTS="${E2E_SHOTS:-$TMP/screenshots}"
if [ "${1:-}" = "--screenshots" ]; then SHOTS="$ROOT/docs"; fi
mkdir -p "$SHOTS"

set +e
BASE_URL="$URL" MANCALA_BIN="$BIN" SCREENSHOT_DIR="$SHOTS" CHROMIUM="${CHROMIUM:-/usr/bin/chromium}" \
  node --test --test-concurrency=1 --test-reporter=spec ${E2E_ONLY:+"--test-name-pattern=$E2E_ONLY"} "$E2E/page.test.mjs"
STATUS=$?
set -e
if [ "$STATUS" != 0 ]; then
  echo "e2e: server log (last lines):" >&2
  tail -n 30 "$TMP/server.err" >&2
fi
exit "$STATUS"
