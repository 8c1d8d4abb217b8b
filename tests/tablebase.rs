//! End-to-end tests of the tablebase commands (`solve`, `eval`, `db info`, `db verify`): the
//! binary is run as a user would run it, on databases in temporary directories.
//!
//! Expected values come from hand-worked games (the working is in the comments, from RULES.md) or
//! from `Oracle`, a small exhaustive search written here: it explores the positions reachable from
//! the positions under test with `Position::successors` and solves them by sweeping each
//! threshold's win and loss sets to a fixed point and then the depth levels of RULES.md §2, one
//! seed total at a time. It shares nothing with the solver but the rules engine, and nothing with
//! the database at all. Slice sizes are checked against stars-and-bars counts computed here.
//!
//! Pits are written `S3` (South's pit 3) and `N8` (North's pit 8) in their owner's numbering.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use mancala_solver::{Board, BySide, Played, Position, Scoring, Side, Slice, Variant};
use rusqlite::{params, Connection, OpenFlags};
use serde_json::Value as Json;
use tempfile::TempDir;

// ---------------------------------------------------------------------------------------------
// Running the binary
// ---------------------------------------------------------------------------------------------

/// The binary, with no `$MANCALA_DB` inherited from the environment.
fn mancala() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_mancala"));
    c.env_remove("MANCALA_DB");
    c
}

/// Runs `mancala ARGS --db DB`.
fn run_db(args: &[&str], db: &Path) -> Output {
    mancala()
        .args(args)
        .arg("--db")
        .arg(db)
        .output()
        .expect("the mancala binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Asserts that the command succeeded; returns (stdout, stderr).
fn ok(out: Output, what: &str) -> (String, String) {
    let (o, e) = (text(&out.stdout), text(&out.stderr));
    assert!(
        out.status.success(),
        "{what} failed ({:?}): {e}{o}",
        out.status
    );
    assert!(!e.contains("panicked"), "{what}: {e}");
    (o, e)
}

/// Asserts that the command failed cleanly (non-zero exit, `error: ` on stderr, no panic, no
/// value on stdout); returns stderr.
fn fails(out: Output, what: &str) -> String {
    let (o, e) = (text(&out.stdout), text(&out.stderr));
    assert!(!out.status.success(), "{what} should fail: {o}{e}");
    assert!(
        matches!(out.status.code(), Some(1) | Some(2)),
        "{what}: exit {:?} (a signal or a panic?): {e}",
        out.status
    );
    assert!(!e.contains("panicked"), "{what}: {e}");
    assert!(e.contains("error: "), "{what}: {e}");
    assert!(
        o.trim().is_empty(),
        "{what} printed something on stdout: {o}"
    );
    e
}

/// `mancala solve ARGS... -q --db DB`, which must succeed; returns its stderr.
fn solve(db: &Path, args: &[&str]) -> String {
    let mut all = vec!["solve"];
    all.extend_from_slice(args);
    all.push("-q");
    ok(run_db(&all, db), &format!("solve {args:?}")).1
}

/// `mancala eval VARIANT POSITION --json --db DB`, parsed, with its shape checked.
fn eval_json(db: &Path, variant: &str, position: &str) -> Json {
    let (out, _) = ok(
        run_db(&["eval", variant, position, "--json"], db),
        &format!("eval {variant} {position:?}"),
    );
    assert_eq!(out.lines().count(), 1, "one line of JSON: {out}");
    let json: Json = serde_json::from_str(&out).expect("eval prints valid JSON");
    let mut keys: Vec<&str> = json
        .as_object()
        .unwrap()
        .keys()
        .map(|k| k.as_str())
        .collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "game_over",
            "moves",
            "outcome",
            "position",
            "side",
            "value",
            "variant"
        ],
        "{out}"
    );
    assert_eq!(json["variant"], variant, "{out}");
    for m in json["moves"].as_array().expect("moves is an array") {
        let mut keys: Vec<&str> = m.as_object().unwrap().keys().map(|k| k.as_str()).collect();
        keys.sort_unstable();
        assert_eq!(keys, ["after", "best", "move", "value"], "{out}");
    }
    json
}

fn tempdir() -> TempDir {
    tempfile::tempdir().expect("a temporary directory")
}

// ---------------------------------------------------------------------------------------------
// Reading databases directly
// ---------------------------------------------------------------------------------------------

/// A slice row without `solved_at` and `seconds`, which differ between runs.
type SliceRow = (
    String,
    String,
    i64,
    i64,
    i64,
    String,
    String,
    i64,
    i64,
    i64,
    String,
);
/// A chunk row: variant, slice, chunk, data, crc32.
type ChunkRow = (String, String, i64, Vec<u8>, i64);

fn read_only(db: &Path) -> Connection {
    Connection::open_with_flags(db, OpenFlags::SQLITE_OPEN_READ_ONLY).expect("opens read-only")
}

fn slice_rows(db: &Path) -> Vec<SliceRow> {
    let conn = read_only(db);
    let mut stmt = conn
        .prepare(
            "SELECT variant, slice, seeds, positions, chunk_size, solver_version, rules_version,
                    wins, draws, losses, histogram
             FROM slices ORDER BY variant, seeds, slice",
        )
        .unwrap();
    let rows = stmt
        .query_map([], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
                r.get(6)?,
                r.get(7)?,
                r.get(8)?,
                r.get(9)?,
                r.get(10)?,
            ))
        })
        .unwrap();
    rows.collect::<Result<_, _>>().unwrap()
}

fn chunk_rows(db: &Path) -> Vec<ChunkRow> {
    let conn = read_only(db);
    let mut stmt = conn
        .prepare(
            "SELECT variant, slice, chunk, data, crc32 FROM chunks ORDER BY variant, slice, chunk",
        )
        .unwrap();
    let rows = stmt
        .query_map([], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
        })
        .unwrap();
    rows.collect::<Result<_, _>>().unwrap()
}

/// The slices stored (variant, slice), in solving order.
fn stored_slices(db: &Path) -> Vec<(String, String)> {
    slice_rows(db).into_iter().map(|r| (r.0, r.1)).collect()
}

/// Slice rows committed so far, or 0 while the file or its schema does not exist yet.
fn committed_slices(db: &Path) -> usize {
    if !db.exists() {
        return 0;
    }
    let Ok(conn) = Connection::open_with_flags(db, OpenFlags::SQLITE_OPEN_READ_ONLY) else {
        return 0;
    };
    conn.query_row("SELECT COUNT(*) FROM slices", [], |r| r.get::<_, i64>(0))
        .map(|n| n as usize)
        .unwrap_or(0)
}

/// Positions and CRC-32s of every chunk of a slice, for messages without megabytes of BLOB.
fn summary_of_chunks(rows: &[ChunkRow]) -> Vec<(String, String, i64, usize, i64)> {
    rows.iter()
        .map(|r| (r.0.clone(), r.1.clone(), r.2, r.3.len(), r.4))
        .collect()
}

/// CRC-32 (IEEE, reflected, as zlib), written out here to forge a matching checksum.
fn crc32(data: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in data {
        crc ^= b as u32;
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// `n` choose `k`.
fn binom(n: u64, k: u64) -> u64 {
    let k = k.min(n - k);
    (0..k).fold(1u64, |acc, i| acc * (n - i) / (i + 1))
}

/// Ways to put `seeds` seeds into `pits` pits (stars and bars): C(seeds + pits - 1, pits - 1).
fn distributions(pits: u64, seeds: u64) -> u64 {
    binom(seeds + pits - 1, pits - 1)
}

// ---------------------------------------------------------------------------------------------
// Writing positions
// ---------------------------------------------------------------------------------------------

fn join(counts: impl Iterator<Item = u8>) -> String {
    counts.map(|c| c.to_string()).collect::<Vec<_>>().join(",")
}

/// A two-row position string (RULES.md §1): North's row `P..1`, then South's `1..P`.
/// `south[k]` and `north[k]` are pit `k + 1` of each side.
fn two_row(south: &[u8], north: &[u8], side: char) -> String {
    format!(
        "{}/{} {side}",
        join(north.iter().rev().copied()),
        join(south.iter().copied())
    )
}

/// A four-row position string: North outer `P..1`, North inner `P+1..2P`, South inner
/// `2P..P+1`, South outer `1..P`. `south[k]` and `north[k]` are pit `k + 1` of each side.
fn four_row(south: &[u8], north: &[u8], side: char) -> String {
    let p = south.len() / 2;
    format!(
        "{}/{}/{}/{} {side}",
        join(north[..p].iter().rev().copied()),
        join(north[p..].iter().copied()),
        join(south[p..].iter().rev().copied()),
        join(south[..p].iter().copied()),
    )
}

/// A small deterministic pseudo-random generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// `seeds` seeds dropped one by one into random pits among `pits`.
fn scatter(rng: &mut Rng, pits: usize, seeds: u32) -> Vec<u8> {
    let mut v = vec![0u8; pits];
    for _ in 0..seeds {
        v[rng.below(pits as u64) as usize] += 1;
    }
    v
}

// ---------------------------------------------------------------------------------------------
// The oracle: an exhaustive search over the reachable positions
// ---------------------------------------------------------------------------------------------

/// The value of a position or move as the oracle sees it: the score from the mover's point of
/// view (win/draw/loss as 1/0/-1) and the depth (None exactly when the score is 0).
type Val = (i32, Option<u32>);

/// What a move does, for the oracle: either its value is known without the current seed total
/// (a capture, the end of the game), or it passes the turn to a position of the same total.
#[derive(Clone, Copy, Debug)]
enum Edge {
    Exit(i32),
    Child(usize),
}

struct Oracle {
    variant: Variant,
    /// Positions by the board seen from the side to move (its pits first).
    index: HashMap<Board, usize>,
    /// One position of each board (with whatever captured counts it was reached with).
    positions: Vec<Position>,
    value: Vec<i32>,
    depth: Vec<Option<u32>>,
}

/// Seeds the mover gains minus those the opponent gains with a move (score variants), from
/// the captured totals before and after.
fn margin(variant: Variant, mover: Side, before: BySide<u32>, after: BySide<u32>) -> i32 {
    match variant.scoring() {
        Scoring::WinDrawLoss => 0,
        Scoring::Score => {
            (after[mover] - before[mover]) as i32 - (after[!mover] - before[!mover]) as i32
        }
    }
}

impl Oracle {
    /// Explores and solves every position reachable from `roots`.
    fn new(variant: Variant, roots: &[Position]) -> Oracle {
        let mut o = Oracle {
            variant,
            index: HashMap::new(),
            positions: Vec::new(),
            value: Vec::new(),
            depth: Vec::new(),
        };
        let mut todo = Vec::new();
        for r in roots {
            o.add(*r, &mut todo);
        }
        while let Some(i) = todo.pop() {
            let p = o.positions[i];
            for m in p.successors() {
                if !m.ends_game {
                    o.add(m.after, &mut todo);
                }
            }
        }
        let n = o.positions.len();
        o.value = vec![0; n];
        o.depth = vec![None; n];
        // Seeds never come back onto the board: solve one total at a time, smallest first.
        let mut totals: Vec<u32> = o.positions.iter().map(Position::seeds_on_board).collect();
        totals.sort_unstable();
        totals.dedup();
        for t in totals {
            let level: Vec<usize> = (0..n)
                .filter(|&i| o.positions[i].seeds_on_board() == t)
                .collect();
            o.solve_level(&level, t);
        }
        o
    }

    fn add(&mut self, p: Position, todo: &mut Vec<usize>) {
        let key = p.relative_board();
        if !self.index.contains_key(&key) {
            self.index.insert(key, self.positions.len());
            todo.push(self.positions.len());
            self.positions.push(p);
        }
    }

    fn id(&self, p: &Position) -> usize {
        self.index[&p.relative_board()]
    }

    /// A move as an edge: an exit with its value, or the position it passes the turn to.
    fn edge(&self, p: &Position, m: &Played) -> Edge {
        let mover = p.side();
        let gain = margin(self.variant, mover, p.captured(), m.after.captured());
        if m.endless {
            return Edge::Exit(-1);
        }
        if m.ends_game {
            return Edge::Exit(match self.variant.scoring() {
                Scoring::Score => gain,
                // The side left to move cannot move and has lost.
                Scoring::WinDrawLoss => {
                    if m.after.side() == mover {
                        -1
                    } else {
                        1
                    }
                }
            });
        }
        let child = self.id(&m.after);
        let same_side = m.after.side() == mover;
        let captured = m.after.captured() != p.captured();
        if !captured && !same_side {
            return Edge::Child(child);
        }
        let v = self.value[child];
        Edge::Exit(if same_side { gain + v } else { gain - v })
    }

    /// The value of a finished game for the side to move, or None.
    fn terminal(&self, p: &Position) -> Option<i32> {
        let totals = p.game_over()?;
        Some(match self.variant.scoring() {
            Scoring::Score => margin(self.variant, p.side(), p.captured(), totals),
            Scoring::WinDrawLoss => -1,
        })
    }

    fn solve_level(&mut self, level: &[usize], total: u32) {
        let edges: Vec<Vec<Edge>> = level
            .iter()
            .map(|&i| {
                let p = self.positions[i];
                p.successors().iter().map(|m| self.edge(&p, m)).collect()
            })
            .collect();
        let terminal: Vec<Option<i32>> = level
            .iter()
            .map(|&i| self.terminal(&self.positions[i]))
            .collect();
        let local: HashMap<usize, usize> = level.iter().enumerate().map(|(k, &i)| (i, k)).collect();
        let max = match self.variant.scoring() {
            Scoring::Score => total as i32,
            Scoring::WinDrawLoss => 1,
        };
        // win[k] / lose[k]: the largest t with v >= t / v <= -t found so far.
        let mut win = vec![0i32; level.len()];
        let mut lose = vec![0i32; level.len()];
        for t in (1..=max).rev() {
            loop {
                let mut changed = false;
                for k in 0..level.len() {
                    if win[k] > 0 || lose[k] > 0 {
                        continue;
                    }
                    if let Some(v) = terminal[k] {
                        if v >= t {
                            win[k] = t;
                            changed = true;
                        } else if v <= -t {
                            lose[k] = t;
                            changed = true;
                        }
                        continue;
                    }
                    let good = |e: &Edge| match *e {
                        Edge::Exit(v) => v >= t,
                        Edge::Child(c) => lose[local[&c]] >= t,
                    };
                    let bad = |e: &Edge| match *e {
                        Edge::Exit(v) => v <= -t,
                        Edge::Child(c) => win[local[&c]] >= t,
                    };
                    if edges[k].iter().any(good) {
                        win[k] = t;
                        changed = true;
                    } else if edges[k].iter().all(bad) {
                        lose[k] = t;
                        changed = true;
                    }
                }
                if !changed {
                    break;
                }
            }
        }
        let value: Vec<i32> = (0..level.len())
            .map(|k| if win[k] > 0 { win[k] } else { -lose[k] })
            .collect();
        // Depth levels (RULES.md §2): terminal positions 0; an exit is 1 ply; the side ahead
        // takes the smallest value-keeping move, the side behind the largest.
        let mut depth: Vec<Option<u32>> = vec![None; level.len()];
        for k in 0..level.len() {
            if terminal[k].is_some() && value[k] != 0 {
                depth[k] = Some(0);
            }
        }
        for d in 1.. {
            let mut resolved = false;
            for k in 0..level.len() {
                if value[k] == 0 || depth[k].is_some() {
                    continue;
                }
                let keeping: Vec<Option<u32>> = edges[k]
                    .iter()
                    .filter_map(|e| match *e {
                        Edge::Exit(v) => (v == value[k]).then_some(Some(1)),
                        Edge::Child(c) => {
                            let c = local[&c];
                            (-value[c] == value[k]).then(|| depth[c].map(|x| x + 1))
                        }
                    })
                    .collect();
                let done = if value[k] > 0 {
                    keeping.iter().any(|x| matches!(x, Some(x) if *x <= d))
                } else {
                    keeping.iter().all(|x| matches!(x, Some(x) if *x <= d))
                };
                if done {
                    depth[k] = Some(d);
                    resolved = true;
                }
            }
            if !resolved {
                break;
            }
        }
        for k in 0..level.len() {
            assert!(
                value[k] == 0 || depth[k].is_some(),
                "oracle: no depth for {}",
                self.positions[level[k]]
            );
            self.value[level[k]] = value[k];
            self.depth[level[k]] = depth[k];
        }
    }

    /// The value of a position for its side to move.
    fn value_of(&self, p: &Position) -> Val {
        let i = self.id(p);
        (self.value[i], self.depth[i])
    }

    /// The value of a move for the mover.
    fn move_value(&self, p: &Position, m: &Played) -> Val {
        match self.edge(p, m) {
            Edge::Exit(v) => (v, (v != 0).then_some(1)),
            Edge::Child(c) => (-self.value[c], self.depth[c].map(|d| d + 1)),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Reading and checking evaluations
// ---------------------------------------------------------------------------------------------

/// A JSON value object as (score, depth): `result` win/draw/loss read as 1/0/-1.
fn val(v: &Json) -> Val {
    let score = if let Some(s) = v.get("score") {
        assert!(v.get("result").is_none(), "both score and result: {v}");
        s.as_i64().expect("score is an integer") as i32
    } else {
        match v["result"].as_str().expect("score or result") {
            "win" => 1,
            "draw" => 0,
            "loss" => -1,
            other => panic!("result {other}"),
        }
    };
    assert!(
        v.get("depth").is_some(),
        "depth is always given (null at 0): {v}"
    );
    let depth = match &v["depth"] {
        Json::Null => None,
        d => Some(d.as_u64().expect("depth is a number") as u32),
    };
    (score, depth)
}

/// RULES.md §2 sort key, larger is better: value first; among equal positive values the
/// smaller depth, among equal negative values the larger depth.
fn key((score, depth): Val) -> (i32, i64) {
    let d = depth.unwrap_or(0) as i64;
    (score, if score > 0 { -d } else { d })
}

/// (captured by South, captured by North) of a position string.
fn captured_of(position: &str) -> [u32; 2] {
    let fields: Vec<&str> = position.split(' ').collect();
    match fields.get(2) {
        None => [0, 0],
        Some(c) => {
            let (s, n) = c.split_once('-').expect("CAPTURED is s-n");
            [s.parse().unwrap(), n.parse().unwrap()]
        }
    }
}

/// The properties every evaluation has, whatever the position: moves best first by the
/// RULES.md §2 key, the best ones first and sharing one value, the position's value that of its
/// best move, a value's depth null exactly at score 0, and the outcome that CAPTURED implies.
fn check_properties(json: &Json, scoring: Scoring) {
    let value = val(&json["value"]);
    assert_eq!(
        value.1.is_none(),
        value.0 == 0,
        "depth null exactly at 0: {json}"
    );
    let moves = json["moves"].as_array().unwrap();
    let vals: Vec<Val> = moves.iter().map(|m| val(&m["value"])).collect();
    for v in &vals {
        assert_eq!(v.1.is_none(), v.0 == 0, "depth null exactly at 0: {json}");
    }
    for w in vals.windows(2) {
        assert!(key(w[0]) >= key(w[1]), "moves not best first: {json}");
    }
    if json["game_over"].is_null() {
        assert!(
            !moves.is_empty(),
            "a game that is not over has moves: {json}"
        );
    } else {
        assert!(moves.is_empty(), "a finished game has no moves: {json}");
        assert_eq!(
            value.1.unwrap_or(0),
            0,
            "a finished game has depth 0: {json}"
        );
    }
    if let Some(first) = vals.first() {
        assert_eq!(value, *first, "the value is the best move's value: {json}");
        let best: Vec<bool> = moves.iter().map(|m| m["best"].as_bool().unwrap()).collect();
        for (i, b) in best.iter().enumerate() {
            assert_eq!(
                *b,
                vals[i] == *first,
                "best = the top value and depth: {json}"
            );
        }
    }
    let position = json["position"].as_str().unwrap();
    let cap = captured_of(position);
    let side = match json["side"].as_str().unwrap() {
        "S" => 0,
        "N" => 1,
        s => panic!("side {s}"),
    };
    assert!(position.split(' ').nth(1) == Some(json["side"].as_str().unwrap()));
    let sign = match scoring {
        Scoring::Score => (cap[side] as i64 + value.0 as i64 - cap[1 - side] as i64).signum(),
        Scoring::WinDrawLoss => value.0 as i64,
    };
    let outcome = ["loss", "draw", "win"][(sign + 1) as usize];
    assert_eq!(
        json["outcome"], outcome,
        "outcome from value and CAPTURED: {json}"
    );
}

/// The evaluation against the oracle: the position's value and every move's (the moves are
/// exactly the legal moves, each with its canonical position after).
fn check_against_oracle(json: &Json, oracle: &Oracle, p: &Position) {
    assert_eq!(json["position"], p.to_string(), "{json}");
    assert_eq!(
        val(&json["value"]),
        oracle.value_of(p),
        "value of {p}: {json}"
    );
    let successors = p.successors();
    let moves = json["moves"].as_array().unwrap();
    assert_eq!(
        moves.len(),
        successors.len(),
        "every legal move once: {json}"
    );
    for m in &successors {
        let mv = m.mv.to_string();
        let j = moves
            .iter()
            .find(|x| x["move"] == mv.as_str())
            .unwrap_or_else(|| panic!("move {mv} missing: {json}"));
        assert_eq!(j["after"], m.after.to_string(), "{json}");
        assert_eq!(
            val(&j["value"]),
            oracle.move_value(p, m),
            "value of move {mv} in {p}: {json}"
        );
    }
    assert_eq!(
        json["game_over"].is_null(),
        p.game_over().is_none(),
        "{json}"
    );
}

/// Every move's value against `eval` of the position after it: a move that captures nothing
/// and passes the turn is worth minus the value after it and one ply more; a capture is worth
/// its margin minus the value after it, in one ply; a move that ends the game is worth what it
/// allocates, in one ply.
fn check_moves_against_after(db: &Path, json: &Json, scoring: Scoring) {
    let variant = json["variant"].as_str().unwrap();
    let position = json["position"].as_str().unwrap();
    let before = captured_of(position);
    let mover = if json["side"] == "S" { 0 } else { 1 };
    for m in json["moves"].as_array().unwrap() {
        let after_text = m["after"].as_str().unwrap();
        let after = eval_json(db, variant, after_text);
        check_properties(&after, scoring);
        let (mv_score, mv_depth) = val(&m["value"]);
        let (af_score, af_depth) = val(&after["value"]);
        let cap = captured_of(after_text);
        let gain = match scoring {
            Scoring::Score => {
                (cap[mover] - before[mover]) as i32 - (cap[1 - mover] - before[1 - mover]) as i32
            }
            Scoring::WinDrawLoss => 0,
        };
        assert_ne!(
            after["side"], json["side"],
            "no extra turns in these variants: {m}"
        );
        if !after["game_over"].is_null() {
            // The game ended with this move (or the opponent is left without a move).
            let expect = match scoring {
                Scoring::Score => gain,
                Scoring::WinDrawLoss => 1,
            };
            assert_eq!(mv_score, expect, "{position} {m}");
            assert_eq!(mv_depth, (expect != 0).then_some(1), "{position} {m}");
        } else if cap == before {
            assert_eq!(mv_score, -af_score, "{position} {m} vs {after}");
            assert_eq!(
                mv_depth,
                af_depth.map(|d| d + 1),
                "{position} {m} vs {after}"
            );
        } else {
            assert_eq!(mv_score, gain - af_score, "{position} {m} vs {after}");
            assert_eq!(mv_depth, (mv_score != 0).then_some(1), "{position} {m}");
        }
    }
}

/// One database with the small slices that the value tests probe, solved once for all tests.
fn fixture() -> &'static Path {
    static DB: OnceLock<(TempDir, PathBuf)> = OnceLock::new();
    let (_, path) = DB.get_or_init(|| {
        let dir = tempdir();
        let db = dir.path().join("small.db");
        solve(&db, &["rio-kadalis", "--max-seeds", "8"]);
        solve(&db, &["rio-kadalis-5", "--max-seeds", "8"]);
        solve(&db, &["al-manqala", "--max-seeds", "6"]);
        solve(&db, &["hawalis", "--max-seeds", "4"]);
        (dir, db)
    });
    path
}

// ---------------------------------------------------------------------------------------------
// 1. A solve killed at two moments resumes to the same database
// ---------------------------------------------------------------------------------------------

/// The solve used for the kill test, and its slices in solving order (al-manqala holds even
/// totals only). The last slice (12 seeds, 5,200,300 positions) takes a few seconds, the
/// others about one in all.
const KILL_SOLVE: [&str; 5] = ["solve", "al-manqala", "--max-seeds", "12", "-q"];
const KILL_ORDER: [&str; 7] = ["0", "2", "4", "6", "8", "10", "12"];

/// A child process that is killed if the test fails while it runs.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        if let Ok(None) = self.0.try_wait() {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
}

/// Starts the solve, waits until `rows` slices are committed, runs `meanwhile` (while the solve
/// goes on) and waits until `extra` has passed since then, checks that the solve is still
/// running, kills it (SIGKILL) and returns the slices left behind.
fn start_and_kill(
    db: &Path,
    rows: usize,
    extra: Duration,
    meanwhile: impl FnOnce(),
) -> Vec<String> {
    let mut child = Running(
        mancala()
            .args(KILL_SOLVE)
            .arg("--db")
            .arg(db)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("the solve starts"),
    );
    let started = Instant::now();
    while committed_slices(db) < rows {
        if let Some(status) = child.0.try_wait().unwrap() {
            panic!("the solve ended ({status}) before {rows} slices were committed");
        }
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "the solve is stuck"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
    let reached = Instant::now();
    meanwhile();
    std::thread::sleep(extra.saturating_sub(reached.elapsed()));
    assert!(
        child.0.try_wait().unwrap().is_none(),
        "the solve finished before it could be killed: the test needs a longer solve"
    );
    child.0.kill().expect("SIGKILL");
    let status = child.0.wait().unwrap();
    assert!(!status.success(), "killed: {status}");
    let left: Vec<String> = stored_slices(db)
        .into_iter()
        .map(|(v, s)| {
            assert_eq!(v, "al-manqala");
            s
        })
        .collect();
    eprintln!(
        "killed after {:?} with slices {left:?} stored",
        started.elapsed()
    );
    left
}

/// After a kill: the file opens, `db info` and `db verify` work, and what is stored is a prefix
/// of the solving order whose every slice is whole and identical to the uninterrupted solve's.
fn check_after_kill(db: &Path, reference: &Path, left: &[String]) {
    assert!(!left.is_empty());
    assert!(
        left.len() < KILL_ORDER.len(),
        "the kill came after the end: {left:?}"
    );
    assert_eq!(
        left,
        &KILL_ORDER[..left.len()],
        "whole slices, smallest first"
    );
    let (out, _) = ok(run_db(&["db", "verify"], db), "db verify after a kill");
    assert!(out.contains("intact"), "{out}");
    ok(run_db(&["db", "info"], db), "db info after a kill");
    let full = slice_rows(reference);
    let part = slice_rows(db);
    assert_eq!(
        part,
        full[..part.len()].to_vec(),
        "slices stored before the kill"
    );
    let full_chunks = chunk_rows(reference);
    let part_chunks = chunk_rows(db);
    let expected: Vec<ChunkRow> = full_chunks
        .into_iter()
        .filter(|c| left.contains(&c.1))
        .collect();
    assert!(
        part_chunks == expected,
        "chunks of the slices stored before the kill differ: {:?} vs {:?}",
        summary_of_chunks(&part_chunks),
        summary_of_chunks(&expected)
    );
}

#[test]
fn a_killed_solve_resumes_from_the_last_whole_slice_to_the_same_database() {
    let dir = tempdir();
    let reference = dir.path().join("reference.db");
    let killed = dir.path().join("killed.db");

    let out = ok(run_db(&KILL_SOLVE[..], &reference), "uninterrupted solve");
    assert!(
        out.1.contains("solving 7 slices up to 12 seeds"),
        "{}",
        out.1
    );
    assert_eq!(
        stored_slices(&reference),
        KILL_ORDER
            .map(|s| ("al-manqala".to_owned(), s.to_owned()))
            .to_vec()
    );
    // Slice sizes: n seeds over 14 pits.
    for row in slice_rows(&reference) {
        let n: u64 = row.1.parse().unwrap();
        assert_eq!(row.3 as u64, distributions(14, n), "{row:?}");
        assert_eq!((row.7 + row.8 + row.9) as u64, row.3 as u64, "{row:?}");
    }

    // Early: as soon as the first slice is committed.
    let left = start_and_kill(&killed, 1, Duration::ZERO, || {});
    check_after_kill(&killed, &reference, &left);

    // Later: a second into the last and largest slice, after slice 10 was stored.
    // Meanwhile, readers are served from the file being written: slice 10 is there already.
    let ten = "0,0,0,0,0,0,3/2,0,0,1,0,0,4 N";
    let left2 = start_and_kill(&killed, 6, Duration::from_secs(1), || {
        let json = eval_json(&killed, "al-manqala", ten);
        check_properties(&json, Scoring::Score);
        assert_eq!(json, eval_json(&reference, "al-manqala", ten));
        ok(run_db(&["db", "info"], &killed), "db info during a solve");
    });
    assert_eq!(left2, &KILL_ORDER[..6]);
    check_after_kill(&killed, &reference, &left2);

    // Run to completion: it resumes (solving only the missing slice) ...
    let (_, err) = ok(run_db(&KILL_SOLVE[..], &killed), "resumed solve");
    assert!(
        err.contains("solving 1 slices up to 12 seeds") && err.contains("6 solved already"),
        "the resumed solve should solve only slice 12: {err}"
    );
    // ... and ends with the same database as the uninterrupted solve.
    assert_eq!(slice_rows(&killed), slice_rows(&reference));
    let (a, b) = (chunk_rows(&killed), chunk_rows(&reference));
    assert!(
        a == b,
        "chunks differ: {:?} vs {:?}",
        summary_of_chunks(&a),
        summary_of_chunks(&b)
    );
    let (out, _) = ok(run_db(&["db", "verify"], &killed), "db verify");
    assert!(out.contains("all 7 slices intact"), "{out}");
}

// ---------------------------------------------------------------------------------------------
// 2. Damage is reported, never served
// ---------------------------------------------------------------------------------------------

/// A Rio Kadalis (5 pits) position with South to move from a board seen from South.
fn rio5_south(board: &Board) -> String {
    two_row(&board.cells[..5], &board.cells[5..10], 'S')
}

/// Chunks (of 65,536 positions) of a position and of every position its moves lead to, as
/// (slice total, chunk).
fn chunks_touched(p: &Position) -> Vec<(u32, u64)> {
    let chunk = |b: &Board| {
        let s = Slice::of(p.variant(), b);
        (s.id.total(), s.index(b) / 65536)
    };
    let mut out = vec![chunk(&p.relative_board())];
    for m in p.successors() {
        if !m.ends_game {
            out.push(chunk(&m.after.relative_board()));
        }
    }
    out
}

#[test]
fn damaged_chunks_are_reported_by_verify_and_never_served() {
    let dir = tempdir();
    let db = dir.path().join("damaged.db");
    solve(&db, &["rio-kadalis-5", "--max-seeds", "12"]);
    // Slice 12: 12 seeds over 10 pits, C(21,9) = 293,930 positions: 5 chunks (0..4).
    let rows = slice_rows(&db);
    let twelve = rows.iter().find(|r| r.1 == "12").expect("slice 12");
    assert_eq!(twelve.3 as u64, binom(21, 9));
    let chunks = chunk_rows(&db);
    assert_eq!(chunks.iter().filter(|c| c.1 == "12").count(), 5);
    let before = chunks.clone();

    // Flip one bit in the middle of chunk 2 of slice 12.
    {
        let conn = Connection::open(&db).unwrap();
        let mut data: Vec<u8> = conn
            .query_row(
                "SELECT data FROM chunks WHERE variant = 'rio-kadalis-5' AND slice = '12' AND chunk = 2",
                [],
                |r| r.get(0),
            )
            .unwrap();
        let mid = data.len() / 2;
        data[mid] ^= 0x04;
        conn.execute(
            "UPDATE chunks SET data = ?1 WHERE variant = 'rio-kadalis-5' AND slice = '12' AND chunk = 2",
            params![data],
        )
        .unwrap();
    }
    let err = fails(
        run_db(&["db", "verify"], &db),
        "db verify of a damaged file",
    );
    assert!(err.contains("rio-kadalis-5 slice 12 chunk 2"), "{err}");
    assert!(err.contains("checksum"), "{err}");
    assert_eq!(
        err.matches("damaged:").count(),
        1,
        "only the damaged chunk: {err}"
    );

    // A position in chunk 2 (South to move, so its index is that of the board as written).
    let slice12 = Slice {
        variant: Variant::RioKadalis5,
        id: "12".parse().unwrap(),
    };
    let in_chunk2 = rio5_south(&slice12.board(2 * 65536 + 12345));
    let err = fails(
        run_db(&["eval", "rio-kadalis-5", &in_chunk2, "--json"], &db),
        "eval in the damaged chunk",
    );
    assert!(err.contains("rio-kadalis-5 slice 12 chunk 2"), "{err}");
    assert!(err.contains("damaged"), "{err}");
    // The same board seen from North, North to move, is the same entry.
    let mirrored = {
        let b = slice12.board(2 * 65536 + 12345);
        two_row(&b.cells[5..10], &b.cells[..5], 'N')
    };
    let err = fails(
        run_db(&["eval", "rio-kadalis-5", &mirrored], &db),
        "eval in the damaged chunk, North to move",
    );
    assert!(err.contains("rio-kadalis-5 slice 12 chunk 2"), "{err}");

    // Positions of other chunks, whose moves lead outside chunk 2 too, still evaluate.
    let mut served = 0;
    for i in (0..slice12.len()).step_by(9973) {
        let text = rio5_south(&slice12.board(i));
        let p = Position::parse(Variant::RioKadalis5, &text).unwrap();
        if chunks_touched(&p).contains(&(12, 2)) {
            continue;
        }
        let json = eval_json(&db, "rio-kadalis-5", &text);
        check_properties(&json, Scoring::Score);
        served += 1;
        if served == 5 {
            break;
        }
    }
    assert_eq!(served, 5);
    let json = eval_json(&db, "rio-kadalis-5", "0,0,0,0,0/1,3,0,0,0 S");
    check_properties(&json, Scoring::Score);

    // Resuming on top of the damage never uses it: either it fails naming the chunk, or the
    // damage is gone afterwards.
    let out = run_db(&["solve", "rio-kadalis-5", "--max-seeds", "12", "-q"], &db);
    if out.status.success() {
        ok(
            run_db(&["db", "verify"], &db),
            "verify after a solve over damage",
        );
    } else {
        let err = text(&out.stderr);
        assert!(err.contains("rio-kadalis-5 slice 12 chunk 2"), "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }

    // Damage that the checksum does not catch: chunk 3 replaced by 5 bytes of itself with a
    // matching CRC-32. It cannot be decoded, so it is reported and not served either.
    {
        let conn = Connection::open(&db).unwrap();
        let original = &before.iter().find(|c| c.1 == "12" && c.2 == 3).unwrap().3;
        let cut = original[..5].to_vec();
        conn.execute(
            "UPDATE chunks SET data = ?1, crc32 = ?2 WHERE variant = 'rio-kadalis-5' AND slice = '12' AND chunk = 3",
            params![cut, crc32(&cut) as i64],
        )
        .unwrap();
    }
    let err = fails(
        run_db(&["db", "verify"], &db),
        "db verify, undecodable chunk",
    );
    assert!(err.contains("rio-kadalis-5 slice 12 chunk 3"), "{err}");
    let in_chunk3 = rio5_south(&slice12.board(3 * 65536 + 7));
    let err = fails(
        run_db(&["eval", "rio-kadalis-5", &in_chunk3], &db),
        "eval in an undecodable chunk",
    );
    assert!(err.contains("rio-kadalis-5 slice 12 chunk 3"), "{err}");
}

#[test]
fn files_that_are_not_tablebases_give_clear_errors() {
    let dir = tempdir();
    let junk = dir.path().join("junk.db");
    let content = "this is not a database, just some text that is long enough\n".repeat(20);
    std::fs::write(&junk, &content).unwrap();
    let start = "4,4,4,4,4,4/4,4,4,4,4,4 S";
    for args in [
        vec!["eval", "rio-kadalis", start],
        vec!["db", "info"],
        vec!["db", "verify"],
        vec!["solve", "rio-kadalis", "--max-seeds", "4", "-q"],
    ] {
        let err = fails(run_db(&args, &junk), &format!("{args:?} on a text file"));
        assert!(err.contains("junk.db"), "names the file: {err}");
        assert!(err.contains("not a database"), "says what is wrong: {err}");
    }
    assert_eq!(
        std::fs::read_to_string(&junk).unwrap(),
        content,
        "left alone"
    );

    // A directory that does not exist: solve cannot create the file there.
    let nowhere = dir.path().join("no").join("such").join("dir.db");
    let err = fails(
        run_db(
            &["solve", "rio-kadalis", "--max-seeds", "4", "-q"],
            &nowhere,
        ),
        "solve into a missing directory",
    );
    assert!(err.contains("dir.db"), "names the file: {err}");

    let missing = dir.path().join("missing.db");
    for args in [
        vec!["eval", "rio-kadalis", start],
        vec!["db", "info"],
        vec!["db", "verify"],
    ] {
        let err = fails(
            run_db(&args, &missing),
            &format!("{args:?} on a missing file"),
        );
        assert!(err.contains("missing.db"), "names the file: {err}");
        assert!(err.contains("mancala solve"), "says how to make one: {err}");
        assert!(!missing.exists(), "{args:?} must not create the file");
    }
}

/// The tables of an SQLite file, and its journal mode.
fn sqlite_shape(db: &Path) -> (Vec<String>, String) {
    let conn = read_only(db);
    let mut stmt = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .unwrap();
    let tables = stmt
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<Vec<String>, _>>()
        .unwrap();
    let mode = conn
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    (tables, mode)
}

/// The commands that only read the tablebase (`eval`, `db info`, `db verify`) must not turn
/// another program's SQLite file into a tablebase: they say that it is not one, and leave it
/// as it was. (`Tablebase::open_read_only` has exactly this error; the commands open the file
/// for writing and migrate it instead.)
#[test]
fn reading_commands_leave_a_foreign_sqlite_file_alone() {
    let dir = tempdir();
    let foreign = dir.path().join("notes.sqlite");
    {
        let conn = Connection::open(&foreign).unwrap();
        conn.execute("CREATE TABLE notes (body TEXT)", []).unwrap();
        conn.execute("INSERT INTO notes VALUES ('keep me')", [])
            .unwrap();
    }
    let shape = sqlite_shape(&foreign);
    assert_eq!(shape, (vec!["notes".to_owned()], "delete".to_owned()));
    for args in [
        vec!["eval", "rio-kadalis", "0,0,0,0,0,0/1,3,0,0,0,0 S"],
        vec!["db", "info"],
        vec!["db", "verify"],
    ] {
        let out = run_db(&args, &foreign);
        let after = sqlite_shape(&foreign);
        assert_eq!(
            after,
            shape,
            "{args:?} changed another program's SQLite file (exit {:?}, stdout {:?})",
            out.status,
            text(&out.stdout)
        );
        let err = fails(out, &format!("{args:?} on a foreign SQLite file"));
        assert!(err.contains("notes.sqlite"), "{err}");
        assert!(err.contains("not a mancala tablebase"), "{err}");
    }
}

// ---------------------------------------------------------------------------------------------
// 3. Values: hand-worked endgames, and the oracle
// ---------------------------------------------------------------------------------------------

#[test]
fn rio_kadalis_binikh_worked_by_hand() {
    let db = fixture();
    // North: N6 = 4. South: S1 = 1, S2 = 3. South to move; 8 seeds.
    //
    // S1: its one seed makes S2 hold 4 with the last seed of the hand: binikh, South captures 4
    //     (+4). North is left with N6 = 4 and its only move sows S1..S4 one each (no pit
    //     reaches 4; the last seed falls into empty S4 and the sowing ends). South then has 4
    //     seeds and North none: S4 -> S5 ends in an empty pit and North cannot move, so the
    //     round ends and South takes its own 4 (+4), at once. So S1 is worth 4 + 4 = 8, every
    //     seed on the board, and as a capture it is 1 ply deep: value +8, depth 1.
    // S2: sows S3, S4, S5 and ends in empty S5: no capture, so at best +8 in 2 plies or more:
    //     not a best move.
    let p = "4,0,0,0,0,0/1,3,0,0,0,0 S";
    let json = eval_json(db, "rio-kadalis", p);
    check_properties(&json, Scoring::Score);
    assert_eq!(val(&json["value"]), (8, Some(1)), "{json}");
    assert_eq!(json["outcome"], "win");
    assert!(json["game_over"].is_null());
    let moves = json["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 2, "{json}");
    assert_eq!(moves[0]["move"], "1");
    assert_eq!(moves[0]["after"], "4,0,0,0,0,0/0,0,0,0,0,0 N 4-0");
    assert_eq!(val(&moves[0]["value"]), (8, Some(1)));
    assert_eq!(moves[0]["best"], true);
    assert_eq!(moves[1]["move"], "2");
    assert_eq!(moves[1]["after"], "4,0,0,0,0,0/1,0,1,1,1,0 N");
    assert_eq!(moves[1]["best"], false);
    let (s2, d2) = val(&moves[1]["value"]);
    assert!(s2 < 8 || d2.unwrap() >= 2, "{json}");

    // After the binikh North must sow N6, and then South takes the rest in one ply:
    // North's value is -4 in 2 plies, South's after that +4 in 1 ply.
    let after = eval_json(db, "rio-kadalis", "4,0,0,0,0,0/0,0,0,0,0,0 N 4-0");
    check_properties(&after, Scoring::Score);
    assert_eq!(val(&after["value"]), (-4, Some(2)), "{after}");
    assert_eq!(after["outcome"], "loss"); // North: 0 + (-4) against 4
    assert_eq!(after["moves"].as_array().unwrap().len(), 1);
    assert_eq!(after["moves"][0]["move"], "6");
    assert_eq!(after["moves"][0]["after"], "0,0,0,0,0,0/1,1,1,1,0,0 S 4-0");
    // South: S1..S4 = 1, North empty. S1 -> S2 (2, lifted) -> S3, S4 (2, lifted) -> S5, S6;
    // S2 -> S3 (lifted) -> S4 (lifted) -> S5, S6; S3 -> S4 (lifted) -> S5, S6; S4 -> S5. Every
    // move ends in an empty pit of South's row with North's row still empty: North cannot
    // move, the round ends and South takes its 4 seeds. All four moves: +4 in 1 ply.
    let last = eval_json(db, "rio-kadalis", "0,0,0,0,0,0/1,1,1,1,0,0 S 4-0");
    check_properties(&last, Scoring::Score);
    assert_eq!(val(&last["value"]), (4, Some(1)), "{last}");
    let mut all: Vec<(String, Val, bool)> = last["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["move"].as_str().unwrap().to_owned(),
                val(&m["value"]),
                m["best"] == true,
            )
        })
        .collect();
    all.sort_by(|a, b| a.0.cmp(&b.0));
    let expect: Vec<(String, Val, bool)> = ["1", "2", "3", "4"]
        .map(|m| (m.to_owned(), (4, Some(1)), true))
        .to_vec();
    assert_eq!(all, expect, "{last}");
    // The game is then over: South took 4 + 4.
    let end = eval_json(db, "rio-kadalis", "0,0,0,0,0,0/0,0,0,0,0,0 N 8-0");
    assert_eq!(
        end["game_over"],
        serde_json::json!({"south": 8, "north": 0})
    );
    assert_eq!(val(&end["value"]), (0, None));
    assert_eq!(end["outcome"], "loss");

    check_moves_against_after(db, &json, Scoring::Score);

    // The text form says the same.
    let (out, _) = ok(run_db(&["eval", "rio-kadalis", p], db), "eval as text");
    assert!(out.contains("+8") && out.contains("depth 1"), "{out}");
    assert!(out.contains("wins"), "{out}");
    assert!(out.contains("4,0,0,0,0,0/0,0,0,0,0,0 N 4-0"), "{out}");
}

#[test]
fn the_outcome_counts_what_was_captured() {
    let db = fixture();
    // The binikh position is worth +8 to South (worked out above).
    // South 0, North 8 captured: 0 + 8 = 8: a draw. South 8, North 0: a win. North 12: a loss.
    for (captured, outcome) in [
        ("0-8", "draw"),
        ("8-0", "win"),
        ("0-12", "loss"),
        ("4-8", "win"),
    ] {
        let p = format!("4,0,0,0,0,0/1,3,0,0,0,0 S {captured}");
        let json = eval_json(db, "rio-kadalis", &p);
        assert_eq!(json["position"], p.as_str());
        assert_eq!(
            val(&json["value"]),
            (8, Some(1)),
            "CAPTURED changes no value: {json}"
        );
        assert_eq!(json["outcome"], outcome, "{json}");
        // Moves carry CAPTURED along: the binikh adds 4 to South's.
        let [s, n] = captured_of(&p);
        assert_eq!(
            json["moves"][0]["after"],
            format!("4,0,0,0,0,0/0,0,0,0,0,0 N {}-{n}", s + 4)
        );
        check_properties(&json, Scoring::Score);
    }
    // North to move after the binikh is worth -4 to North: North 0 against South 4 -> loss;
    // North 8 against 0: 8 - 4 = 4 > 0, a win; North 4 against 0: 0, a draw.
    for (captured, outcome) in [("4-0", "loss"), ("0-8", "win"), ("0-4", "draw")] {
        let p = format!("4,0,0,0,0,0/0,0,0,0,0,0 N {captured}");
        let json = eval_json(db, "rio-kadalis", &p);
        assert_eq!(val(&json["value"]), (-4, Some(2)), "{json}");
        assert_eq!(json["outcome"], outcome, "{json}");
    }
}

#[test]
fn hawalis_captures_and_the_side_without_a_move_loses() {
    let db = fixture();
    // South: S7 = 1. North: N14 = 1 (inner, facing S8) and N1 = 1 (outer, behind N14).
    // South has no pit of 2 or more; S7 holds 1 and the next pit S8 is empty, so 7 is the only
    // move. The seed ends in S8, an empty pit of South's inner row, and the pit opposite, N14,
    // holds a seed: captured, and N1 behind it too. North is left with no seeds, has no move
    // and loses. So: win in 1 ply.
    let p = "0,0,0,0,0,0,1/0,0,0,0,0,0,1/0,0,0,0,0,0,0/0,0,0,0,0,0,1 S";
    assert_eq!(
        p,
        four_row(
            &[0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0],
            &[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
            'S'
        )
    );
    let json = eval_json(db, "hawalis", p);
    check_properties(&json, Scoring::WinDrawLoss);
    assert_eq!(
        json["value"],
        serde_json::json!({"result": "win", "depth": 1})
    );
    assert_eq!(json["outcome"], "win");
    let moves = json["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1, "{json}");
    assert_eq!(moves[0]["move"], "7");
    let after = "0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,1/0,0,0,0,0,0,0 N 2-0";
    assert_eq!(moves[0]["after"], after);
    assert_eq!(
        moves[0]["value"],
        serde_json::json!({"result": "win", "depth": 1})
    );

    // North to move there has no seeds, so no legal move: a loss, the game over, depth 0.
    let json = eval_json(db, "hawalis", after);
    check_properties(&json, Scoring::WinDrawLoss);
    assert_eq!(
        json["value"],
        serde_json::json!({"result": "loss", "depth": 0})
    );
    assert_eq!(json["outcome"], "loss");
    assert!(!json["game_over"].is_null());
    assert_eq!(json["moves"], serde_json::json!([]));

    // Same with seeds left to the opponent only: South to move with none loses.
    let json = eval_json(
        db,
        "hawalis",
        "0,0,0,1,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0 S",
    );
    assert_eq!(
        json["value"],
        serde_json::json!({"result": "loss", "depth": 0})
    );
    assert!(!json["game_over"].is_null());
}

#[test]
fn al_manqala_starvation_and_feeding() {
    let db = fixture();
    // North's row is empty; South: S1 = 1, S2 = 1. South must feed North, but S1 -> S2 makes 2
    // there (captured, North still empty) and S2 -> S3 stays in South's row: no move feeds. The
    // game ends and the starved North takes the 2 seeds left: South's value is -2, over.
    let json = eval_json(db, "al-manqala", "0,0,0,0,0,0,0/1,1,0,0,0,0,0 S");
    check_properties(&json, Scoring::Score);
    assert_eq!(val(&json["value"]), (-2, Some(0)), "{json}");
    assert_eq!(
        json["game_over"],
        serde_json::json!({"south": 0, "north": 2})
    );
    assert_eq!(json["outcome"], "loss");
    assert_eq!(json["moves"], serde_json::json!([]));
    // With 2 captured already by South against none, the same end is a draw; with 4, a win.
    let json = eval_json(db, "al-manqala", "0,0,0,0,0,0,0/1,1,0,0,0,0,0 S 2-0");
    assert_eq!(json["outcome"], "draw");
    let json = eval_json(db, "al-manqala", "0,0,0,0,0,0,0/1,1,0,0,0,0,0 S 4-0");
    assert_eq!(json["outcome"], "win");

    // South: S6 = 1, S7 = 1, North empty. S6 -> S7 makes 2 there, captured, and leaves North
    // empty: not feeding, so not legal. S7 -> N1 feeds: the only move.
    let json = eval_json(db, "al-manqala", "0,0,0,0,0,0,0/0,0,0,0,0,1,1 S");
    check_properties(&json, Scoring::Score);
    let moves: Vec<&str> = json["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert_eq!(moves, ["7"], "{json}");
    assert_eq!(json["moves"][0]["after"], "0,0,0,0,0,0,1/0,0,0,0,0,1,0 N");

    // South: S7 = 1, North: N1 = 1. S7 -> N1 makes 2 there: captured (+2), the board is empty
    // and the game over. +2 in 1 ply.
    let json = eval_json(db, "al-manqala", "0,0,0,0,0,0,1/0,0,0,0,0,0,1 S");
    check_properties(&json, Scoring::Score);
    assert_eq!(val(&json["value"]), (2, Some(1)), "{json}");
    assert_eq!(
        json["moves"][0]["after"],
        "0,0,0,0,0,0,0/0,0,0,0,0,0,0 N 2-0"
    );
}

/// Random positions of `seeds` seeds (per side for four-row boards: `(m, o)` drawn with
/// `m + o <= seeds`), either side to move, as position strings.
fn random_positions(variant: Variant, seeds: u32, count: usize, rng: &mut Rng) -> Vec<String> {
    let l = variant.pits_per_side();
    (0..count)
        .map(|_| {
            let side = if rng.below(2) == 0 { 'S' } else { 'N' };
            if variant.rows() == 4 {
                let total = 1 + rng.below(seeds as u64) as u32;
                let m = rng.below(total as u64 + 1) as u32;
                let south = scatter(rng, l, m);
                let north = scatter(rng, l, total - m);
                four_row(&south, &north, side)
            } else {
                let all = scatter(rng, 2 * l, seeds);
                two_row(&all[..l], &all[l..], side)
            }
        })
        .collect()
}

/// Evaluates `positions` and checks each against the oracle and the general properties; the
/// first `with_after` also against `eval` of the positions after their moves.
fn check_variant(variant: Variant, positions: &[String], with_after: usize) {
    let db = fixture();
    let parsed: Vec<Position> = positions
        .iter()
        .map(|t| Position::parse(variant, t).unwrap_or_else(|e| panic!("{t}: {e}")))
        .collect();
    let oracle = Oracle::new(variant, &parsed);
    let mut seen = [0usize; 3];
    for (i, (t, p)) in positions.iter().zip(&parsed).enumerate() {
        let json = eval_json(db, variant.id(), t);
        check_properties(&json, variant.scoring());
        check_against_oracle(&json, &oracle, p);
        seen[(oracle.value_of(p).0.signum() + 1) as usize] += 1;
        if i < with_after {
            check_moves_against_after(db, &json, variant.scoring());
        }
    }
    let deepest = parsed
        .iter()
        .filter_map(|p| oracle.value_of(p).1)
        .max()
        .unwrap_or(0);
    eprintln!(
        "{variant}: {} positions checked against {} explored; (loss, draw, win) {seen:?}; deepest {deepest}",
        positions.len(),
        oracle.positions.len()
    );
    assert!(
        deepest >= 3,
        "{variant}: only shallow positions in the sample"
    );
    // The sample is worth something only if it holds wins, draws and losses.
    assert!(
        seen.iter().filter(|&&n| n > 0).count() >= 2,
        "{variant}: values seen (loss, draw, win) {seen:?}"
    );
}

#[test]
fn rio_kadalis_values_match_an_exhaustive_search() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut positions = vec![
        "4,0,0,0,0,0/1,3,0,0,0,0 S".to_owned(),
        "0,0,0,0,0,4/1,3,0,0,0,0 S".to_owned(),
        "0,0,1,0,2,1/1,0,0,3,0,0 S".to_owned(),
        "0,0,1,0,2,1/1,0,0,3,0,0 N".to_owned(),
        "0,0,0,0,0,0/0,0,0,0,0,0 S".to_owned(),
    ];
    positions.extend(random_positions(Variant::RioKadalis, 4, 6, &mut rng));
    positions.extend(random_positions(Variant::RioKadalis, 8, 14, &mut rng));
    check_variant(Variant::RioKadalis, &positions, 4);
}

#[test]
fn rio_kadalis_5_values_match_an_exhaustive_search() {
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let mut positions = vec![
        "0,0,0,0,0/1,3,0,0,0 S".to_owned(),
        "0,0,0,0,4/4,0,0,0,0 N".to_owned(),
    ];
    positions.extend(random_positions(Variant::RioKadalis5, 4, 8, &mut rng));
    positions.extend(random_positions(Variant::RioKadalis5, 8, 16, &mut rng));
    check_variant(Variant::RioKadalis5, &positions, 4);
}

#[test]
fn al_manqala_values_match_an_exhaustive_search() {
    let mut rng = Rng(0x94D0_49BB_1331_11EB);
    let mut positions = vec![
        "0,0,0,0,0,0,0/0,0,0,0,0,1,1 S".to_owned(),
        "0,0,0,0,0,0,0/1,1,0,0,0,0,0 N".to_owned(),
        "0,0,0,1,0,0,1/0,0,0,0,0,0,0 S".to_owned(), // South must pass
    ];
    positions.extend(random_positions(Variant::AlManqala, 4, 6, &mut rng));
    positions.extend(random_positions(Variant::AlManqala, 6, 16, &mut rng));
    check_variant(Variant::AlManqala, &positions, 4);
}

#[test]
fn hawalis_values_match_an_exhaustive_search() {
    let mut rng = Rng(0xBF58_476D_1CE4_E5B9);
    let mut positions = vec![
        "0,0,0,0,0,0,1/0,0,0,0,0,0,1/0,0,0,0,0,0,0/0,0,0,0,0,0,1 S".to_owned(),
        "0,0,0,0,0,0,1/0,0,0,0,0,0,1/0,0,0,0,0,0,0/0,0,0,0,0,0,1 N".to_owned(),
    ];
    positions.extend(random_positions(Variant::Hawalis, 4, 24, &mut rng));
    check_variant(Variant::Hawalis, &positions, 4);
}

// ---------------------------------------------------------------------------------------------
// 4. Unsolved slices, $MANCALA_DB and the default file
// ---------------------------------------------------------------------------------------------

#[test]
fn an_unsolved_slice_is_named_with_the_command_that_solves_it() {
    let dir = tempdir();
    let db = dir.path().join("small.db");
    solve(&db, &["rio-kadalis", "--max-seeds", "4"]);
    solve(&db, &["hawalis", "--max-seeds", "2"]);
    let dbs = db.display().to_string();

    // 8 seeds on the board: slice 8, not solved.
    let err = fails(
        run_db(
            &["eval", "rio-kadalis", "0,0,0,0,0,4/4,0,0,0,0,0 S", "--json"],
            &db,
        ),
        "eval of an unsolved slice",
    );
    assert!(err.contains("rio-kadalis slice 8 is not solved"), "{err}");
    assert!(
        err.contains(&format!(
            "mancala solve rio-kadalis --max-seeds 8 --db {dbs}"
        )),
        "{err}"
    );
    // The command given solves it: run it as written, and the position evaluates.
    let command = err
        .split('`')
        .find(|part| part.starts_with("mancala solve"))
        .expect("a command in backquotes");
    let words: Vec<&str> = command.split_whitespace().collect();
    let out = mancala().args(&words[1..]).arg("-q").output().unwrap();
    ok(out, command);
    let json = eval_json(&db, "rio-kadalis", "0,0,0,0,0,4/4,0,0,0,0,0 S");
    check_properties(&json, Scoring::Score);
    // The start position: slice 48.
    let err = fails(
        run_db(&["eval", "rio-kadalis", "4,4,4,4,4,4/4,4,4,4,4,4 S"], &db),
        "eval of the start",
    );
    assert!(
        err.contains("slice 48") && err.contains("--max-seeds 48"),
        "{err}"
    );
    // A variant with nothing solved at all.
    let err = fails(
        run_db(
            &["eval", "al-manqala", "0,0,0,0,0,0,1/0,0,0,0,0,0,1 S"],
            &db,
        ),
        "eval of another variant",
    );
    assert!(err.contains("al-manqala slice 2"), "{err}");
    assert!(
        err.contains("mancala solve al-manqala --max-seeds 2"),
        "{err}"
    );
    // Four rows: North to move with 3 seeds against South's 1 is slice 3-1 (mover first).
    let p = four_row(
        &[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        &[1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        'N',
    );
    let err = fails(run_db(&["eval", "hawalis", &p], &db), "eval of hawalis 3-1");
    assert!(err.contains("hawalis slice 3-1 is not solved"), "{err}");
    assert!(err.contains("mancala solve hawalis --max-seeds 4"), "{err}");
    // Solved ones still answer.
    eval_json(&db, "rio-kadalis", "0,0,0,0,0,0/1,3,0,0,0,0 S");
    eval_json(
        &db,
        "hawalis",
        &four_row(
            &[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            &[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            'N',
        ),
    );
}

#[test]
fn mancala_db_variable_and_default_file() {
    let dir = tempdir();
    let p = "0,0,0,0,0,0/1,3,0,0,0,0 S";

    // No --db, no $MANCALA_DB: mancala.db in the working directory.
    let out = mancala()
        .current_dir(dir.path())
        .args(["solve", "rio-kadalis", "--max-seeds", "4", "-q"])
        .output()
        .unwrap();
    ok(out, "solve into the default file");
    let default = dir.path().join("mancala.db");
    assert!(
        default.exists(),
        "mancala.db created in the working directory"
    );
    assert_eq!(stored_slices(&default).len(), 2); // slices 0 and 4
    let out = mancala()
        .current_dir(dir.path())
        .args(["eval", "rio-kadalis", p, "--json"])
        .output()
        .unwrap();
    let (json, _) = ok(out, "eval from the default file");
    assert!(json.contains("\"score\":4"), "{json}");
    for args in [vec!["db", "info"], vec!["db", "verify"]] {
        let out = mancala()
            .current_dir(dir.path())
            .args(&args)
            .output()
            .unwrap();
        let (o, _) = ok(out, &format!("{args:?} on the default file"));
        assert!(o.contains("mancala.db"), "{o}");
    }

    // $MANCALA_DB names another file, which every command then uses.
    let other = dir.path().join("sub").join("env.db");
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    let out = mancala()
        .current_dir(dir.path())
        .env("MANCALA_DB", &other)
        .args(["solve", "rio-kadalis-5", "--max-seeds", "4", "-q"])
        .output()
        .unwrap();
    ok(out, "solve into $MANCALA_DB");
    assert_eq!(
        stored_slices(&other),
        [
            ("rio-kadalis-5".to_owned(), "0".to_owned()),
            ("rio-kadalis-5".to_owned(), "4".to_owned())
        ]
    );
    assert!(
        !stored_slices(&default)
            .iter()
            .any(|s| s.0 == "rio-kadalis-5"),
        "the default file is not touched"
    );
    let out = mancala()
        .current_dir(dir.path())
        .env("MANCALA_DB", &other)
        .args(["eval", "rio-kadalis-5", "0,0,0,0,0/1,3,0,0,0 S", "--json"])
        .output()
        .unwrap();
    ok(out, "eval from $MANCALA_DB");
    let out = mancala()
        .current_dir(dir.path())
        .env("MANCALA_DB", &other)
        .args(["db", "info", "--json"])
        .output()
        .unwrap();
    let (info, _) = ok(out, "db info from $MANCALA_DB");
    let info: Json = serde_json::from_str(&info).unwrap();
    assert_eq!(info.as_array().unwrap().len(), 2, "{info}");
    // The Rio Kadalis slices are in the default file, not in $MANCALA_DB's.
    let out = mancala()
        .current_dir(dir.path())
        .env("MANCALA_DB", &other)
        .args(["eval", "rio-kadalis", p])
        .output()
        .unwrap();
    let err = fails(out, "eval of a slice missing from $MANCALA_DB");
    assert!(err.contains("env.db"), "{err}");
    // --db wins over $MANCALA_DB.
    let out = mancala()
        .current_dir(dir.path())
        .env("MANCALA_DB", &other)
        .args(["eval", "rio-kadalis", p, "--db"])
        .arg(&default)
        .output()
        .unwrap();
    ok(out, "--db over $MANCALA_DB");
    // $MANCALA_DB naming a missing file: an error naming it, and no file made.
    let nowhere = dir.path().join("nowhere.db");
    let out = mancala()
        .current_dir(dir.path())
        .env("MANCALA_DB", &nowhere)
        .args(["eval", "rio-kadalis", p])
        .output()
        .unwrap();
    let err = fails(out, "eval with $MANCALA_DB missing");
    assert!(err.contains("nowhere.db"), "{err}");
    assert!(!nowhere.exists());
}

// ---------------------------------------------------------------------------------------------
// 5. Idempotent solves, `solve all`, `db info`
// ---------------------------------------------------------------------------------------------

/// Every slice with at most `max` seeds that the rules can reach, and its size (stars and bars).
fn expected_slices(variant: Variant, max: u32) -> Vec<(String, u64)> {
    let l = variant.pits_per_side() as u64;
    let mut out = Vec::new();
    for total in 0..=max {
        if variant.rows() == 4 {
            for m in 0..=total {
                let o = total - m;
                out.push((
                    format!("{m}-{o}"),
                    distributions(l, m as u64) * distributions(l, o as u64),
                ));
            }
        } else {
            let step = match variant {
                Variant::AlManqala => 2,
                Variant::Anywoli | Variant::RioKadalis | Variant::RioKadalis5 => 4,
                // Kalah and Oware: every total occurs.
                _ => 1,
            };
            if total % step == 0 {
                out.push((total.to_string(), distributions(2 * l, total as u64)));
            }
        }
    }
    out
}

#[test]
fn solve_all_then_again_solves_nothing_and_info_lists_every_slice() {
    let dir = tempdir();
    let db = dir.path().join("all.db");
    let err = solve(&db, &["all", "--max-seeds", "4"]);
    assert!(err.contains("Solved"), "{err}");

    let info: Json = serde_json::from_str(&ok(run_db(&["db", "info", "--json"], &db), "db info").0)
        .expect("db info --json is JSON");
    let info = info.as_array().unwrap();
    let mut listed: Vec<(String, String, u64)> = info
        .iter()
        .map(|s| {
            (
                s["variant"].as_str().unwrap().to_owned(),
                s["slice"].as_str().unwrap().to_owned(),
                s["positions"].as_u64().unwrap(),
            )
        })
        .collect();
    let mut expected = Vec::new();
    for v in Variant::ALL {
        for (slice, n) in expected_slices(v, 4) {
            expected.push((v.id().to_owned(), slice, n));
        }
    }
    listed.sort();
    expected.sort();
    assert_eq!(listed, expected);
    // A few by hand: Rio Kadalis 4 seeds over 12 pits, C(15,11) = 1365; Rio Kadalis (5 pits)
    // 4 over 10, C(13,9) = 715; Al-manqala 4 over 14, C(17,13) = 2380; Anywoli 4 over 24,
    // C(27,23) = 17550; Hawalis 2-2: 2 over 14 on each side, C(15,13)^2 = 105^2 = 11025;
    // Bao la Kiarabu 4-0: C(19,15) = 3876.
    for (v, s, n) in [
        ("rio-kadalis", "4", 1365),
        ("rio-kadalis-5", "4", 715),
        ("al-manqala", "4", 2380),
        ("anywoli", "4", 17550),
        ("hawalis", "2-2", 11025),
        ("bao-la-kiarabu", "4-0", 3876),
        ("rio-kadalis", "0", 1),
    ] {
        assert!(
            listed.contains(&(v.to_owned(), s.to_owned(), n)),
            "{v} {s} {n}"
        );
    }
    for s in info {
        let (w, d, l) = (
            s["wins"].as_u64().unwrap(),
            s["draws"].as_u64().unwrap(),
            s["losses"].as_u64().unwrap(),
        );
        assert_eq!(w + d + l, s["positions"].as_u64().unwrap(), "{s}");
        let hist: u64 = s["histogram"]
            .as_object()
            .unwrap()
            .values()
            .map(|n| n.as_u64().unwrap())
            .sum();
        assert_eq!(hist, s["positions"].as_u64().unwrap(), "{s}");
        assert_eq!(s["solver_version"], "1");
        assert_eq!(s["rules_version"], "1");
        assert!(s["bytes"].as_u64().unwrap() > 0);
    }
    // The empty board: nothing left to win, a draw for the side to move.
    let empty = info
        .iter()
        .find(|s| s["variant"] == "rio-kadalis" && s["slice"] == "0")
        .unwrap();
    assert_eq!(
        (empty["wins"].as_u64(), empty["draws"].as_u64()),
        (Some(0), Some(1))
    );

    // The text form lists every variant and the sizes.
    let (text_info, _) = ok(run_db(&["db", "info"], &db), "db info");
    for v in Variant::ALL {
        assert!(text_info.contains(v.id()), "{text_info}");
    }
    assert!(
        text_info.contains("1,365") && text_info.contains("17,550"),
        "{text_info}"
    );
    assert!(
        text_info.contains(&format!("{} slices", expected.len())),
        "{text_info}"
    );

    // Again: nothing to do, and nothing written.
    let rows = slice_rows(&db);
    let chunks = chunk_rows(&db);
    let stamps = |db: &Path| -> Vec<(String, String, String, f64)> {
        let conn = read_only(db);
        let mut stmt = conn
            .prepare(
                "SELECT variant, slice, solved_at, seconds FROM slices ORDER BY variant, slice",
            )
            .unwrap();
        let rows = stmt
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
            .unwrap();
        rows.collect::<Result<_, _>>().unwrap()
    };
    let stamped = stamps(&db);
    let err = solve(&db, &["all", "--max-seeds", "4"]);
    assert!(err.contains("Nothing to solve"), "{err}");
    for v in Variant::ALL {
        assert!(err.contains(&format!("{}: all", v.id())), "{err}");
    }
    let err = solve(&db, &["rio-kadalis", "--max-seeds", "4"]);
    assert!(
        err.contains("rio-kadalis: all 2 slices up to 4 seeds are solved already"),
        "{err}"
    );
    assert_eq!(slice_rows(&db), rows);
    assert!(chunk_rows(&db) == chunks);
    assert_eq!(
        stamps(&db),
        stamped,
        "a solve with nothing to do writes nothing"
    );

    // One more seed total: only the new slices are solved.
    let err = solve(&db, &["al-manqala", "--max-seeds", "6"]);
    assert!(err.contains("solving 1 slices up to 6 seeds"), "{err}");
    assert!(err.contains("3 solved already"), "{err}");
    let kept: Vec<_> = stamps(&db)
        .into_iter()
        .filter(|r| !(r.0 == "al-manqala" && r.1 == "6"))
        .collect();
    assert_eq!(kept, stamped, "slices solved already are not written again");
    let six = slice_rows(&db)
        .into_iter()
        .find(|r| r.0 == "al-manqala" && r.1 == "6")
        .expect("al-manqala 6");
    assert_eq!(six.3 as u64, distributions(14, 6)); // C(19,13) = 27132
    assert_eq!(six.3, 27132);
}

#[test]
fn a_slice_solved_under_other_rules_is_not_served_and_is_solved_again() {
    let dir = tempdir();
    let db = dir.path().join("stale.db");
    solve(&db, &["rio-kadalis-5", "--max-seeds", "8"]);
    let chunks = chunk_rows(&db);
    let p = "0,0,0,1,0/3,0,0,0,4 S";
    let before = eval_json(&db, "rio-kadalis-5", p);
    {
        let conn = Connection::open(&db).unwrap();
        conn.execute(
            "UPDATE slices SET rules_version = '0' WHERE variant = 'rio-kadalis-5' AND slice = '8'",
            [],
        )
        .unwrap();
    }
    let err = fails(
        run_db(&["eval", "rio-kadalis-5", p], &db),
        "eval of a stale slice",
    );
    assert!(err.contains("rio-kadalis-5 slice 8 is not solved"), "{err}");
    let (info, _) = ok(run_db(&["db", "info"], &db), "db info");
    assert!(info.contains("stale"), "{info}");
    let err = solve(&db, &["rio-kadalis-5", "--max-seeds", "8"]);
    assert!(
        err.contains("solving 1 slices") && err.contains("2 solved already"),
        "{err}"
    );
    assert!(chunk_rows(&db) == chunks, "the same slice again");
    assert_eq!(eval_json(&db, "rio-kadalis-5", p), before);
}
