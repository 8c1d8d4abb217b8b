#!/usr/bin/env bash
# The Python package (issue 34, docs/python.md): a virtual environment with pip's tools from the
# package index, the package installed with the README's command (`pip install ./python`,
# which builds in the workspace's target/ and so reuses the release build of e2e/run.sh and
# .ci/proofs.sh), its pytest suite, the README's three-line example run on the default
# tablebase, and the example script writing its plot.
#
# The default tablebase: $MANCALA_CI_DB (kept by .ci/proofs.sh), else built here.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT="$PWD"
cargo build --release
BIN="$ROOT/target/release/mancala"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

VENV="$TMP/venv"
python3 -m venv "$VENV"
"$VENV/bin/python" -m pip install -q --upgrade pip
# The README's command, with the test and example extras (pytest, matplotlib).
"$VENV/bin/python" -m pip install "./python[test,examples]"

MANCALA_BIN="$BIN" "$VENV/bin/python" -m pytest -q python/tests

DB="${MANCALA_CI_DB:-}"
if [ -z "$DB" ] || [ ! -f "$DB" ]; then
  DB="$TMP/mancala.db"
  time "$BIN" solve all --db "$DB" -q
fi
# The README's example, as written there (between its markers), in a folder whose mancala.db
# is the default tablebase.
mkdir "$TMP/readme"
ln -s "$(realpath "$DB")" "$TMP/readme/mancala.db"
sed -n '/<!-- python-example -->/,/<!-- \/python-example -->/p' README.md \
  | sed -n '/^```python$/,/^```$/p' | sed '1d;$d' > "$TMP/readme/example.py"
test -s "$TMP/readme/example.py"
(cd "$TMP/readme" && "$VENV/bin/python" example.py | tee "$TMP/readme.out")
# The value of the README's position: a draw with perfect play (docs/results.md's tablebase).
grep -qx '+0' "$TMP/readme.out"

"$VENV/bin/python" python/examples/sacrifices.py --db "$DB" --out "$TMP/outcomes.png"
test -s "$TMP/outcomes.png"
# The same as a notebook: its code cells run in order (no Jupyter needed), in the folder whose
# mancala.db is the default tablebase, writing outcomes.png there.
(cd "$TMP/readme" && MPLBACKEND=Agg "$VENV/bin/python" -c '
import json, sys
cells = json.load(open(sys.argv[1]))["cells"]
code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
exec(compile(code, sys.argv[1], "exec"), {"__name__": "__main__"})
' "$ROOT/python/examples/sacrifices.ipynb")
test -s "$TMP/readme/outcomes.png"
echo "python: the package installed, its tests passed, the README's example, the example script and its notebook ran"
