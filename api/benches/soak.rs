//! The soak benchmark of the HTTP service (issue 36, item 7): `mancala serve` under mixed load
//! for half an hour, killed with SIGKILL every few minutes and started again on the same port,
//! while a `mancala solve` writes to the same file. Not a test and not run by CI:
//!
//! ```text
//! cargo bench -p mancala-api --bench soak -- [--minutes 30] [--kill-every 180] [--bin PATH]
//!     [--db PATH] [--threads 6] [--think-ms 5] [--seed N] [--keep]
//! ```
//!
//! It drives the release binary (`target/release/mancala`, built if missing; `--bin` for
//! another) on a copy of a tablebase: `--db` names a file to copy (it is never written), else a
//! small one is built in a scratch directory. Client threads (std `TcpStream`, one request a
//! connection) evaluate positions inside the table (each answer compared with `mancala eval
//! --json` run once per position beforehand) and above it (searched: a 503 with `Retry-After`
//! is the documented answer when every search slot is busy), ask for main lines and analyses
//! (checked against the same evaluations), create players, play puzzles to their end with a
//! token (every attempt the server acknowledged as recorded is remembered) and read the
//! dashboard. Requests that fail because the server was being killed are counted apart. At the
//! end every acknowledged attempt and player is looked up in the file (`puzzle_attempts`,
//! `players`), and `mancala db verify` must pass.
//!
//! The promises, each a non-zero exit when broken: no 5xx but the documented 503s, no wrong
//! value, no lost attempt or player, no connection failure while the server was up, a clean
//! `db verify`.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;
use std::io::{BufRead, BufReader};
use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use mancala_solver::{BySide, Position, Side, Slice, SliceId, Variant};
use rusqlite::{Connection, OpenFlags};
use serde_json::{json, Value};

#[path = "support/mod.rs"]
mod support;
use support::{http, mancala, q, Response};

// ---------------------------------------------------------------------------------------------
// Options

/// The command line.
struct Options {
    minutes: f64,
    kill_every: u64,
    bin: Option<PathBuf>,
    db: Option<PathBuf>,
    threads: usize,
    think_ms: u64,
    seed: u64,
    keep: bool,
    positions: usize,
}

impl Options {
    fn parse() -> Options {
        let mut o = Options {
            minutes: 30.0,
            kill_every: 180,
            bin: None,
            db: None,
            threads: 6,
            think_ms: 5,
            seed: SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
                | 1,
            keep: false,
            positions: 300,
        };
        let mut args = std::env::args().skip(1);
        while let Some(a) = args.next() {
            let mut value = |name: &str| {
                args.next()
                    .unwrap_or_else(|| usage(&format!("{name} needs a value")))
            };
            match a.as_str() {
                // `cargo bench` passes `--bench` to every bench binary.
                "--bench" => {}
                "--minutes" => o.minutes = number(&value("--minutes")),
                "--kill-every" => o.kill_every = number(&value("--kill-every")),
                "--bin" => o.bin = Some(value("--bin").into()),
                "--db" => o.db = Some(value("--db").into()),
                "--threads" => o.threads = number(&value("--threads")),
                "--think-ms" => o.think_ms = number(&value("--think-ms")),
                "--seed" => o.seed = number(&value("--seed")),
                "--positions" => o.positions = number(&value("--positions")),
                "--keep" => o.keep = true,
                "-h" | "--help" => usage(""),
                other => usage(&format!("unknown argument `{other}`")),
            }
        }
        if o.threads == 0 || o.kill_every == 0 || o.minutes <= 0.0 {
            usage("--threads, --kill-every and --minutes must be above 0");
        }
        o
    }
}

fn number<T: std::str::FromStr>(s: &str) -> T {
    s.parse()
        .unwrap_or_else(|_| usage(&format!("`{s}` is not a number")))
}

fn usage(error: &str) -> ! {
    if !error.is_empty() {
        eprintln!("error: {error}");
    }
    eprintln!(
        "usage: cargo bench -p mancala-api --bench soak -- [--minutes 30] [--kill-every 180] \
         [--bin target/release/mancala] [--db FILE (copied, never written)] [--threads 6] \
         [--think-ms 5] [--positions 300] [--seed N] [--keep]"
    );
    std::process::exit(if error.is_empty() { 0 } else { 2 })
}

/// The `mancala` binary: `--bin`, else the release build, built first when missing.
fn binary(o: &Options) -> PathBuf {
    o.bin.clone().unwrap_or_else(support::release_binary)
}

// ---------------------------------------------------------------------------------------------
// Randomness

/// xorshift64*: enough to pick requests.
#[derive(Clone)]
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len() as u64) as usize]
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

// ---------------------------------------------------------------------------------------------
// The server's lives

/// What the clients need to know about the server: where it is, whether it is being killed.
struct Shared {
    addr: SocketAddr,
    /// Set from just before a kill until the next server answers `/healthz`.
    down: AtomicBool,
    /// The server's life, counted from 0: a request that spans two lives met a kill.
    life: AtomicU64,
    stop: AtomicBool,
    problems: Mutex<Vec<Problem>>,
    started: Instant,
}

/// A broken promise, with what caused it.
struct Problem {
    at: Duration,
    life: u64,
    kind: &'static str,
    request: String,
    detail: String,
}

impl Shared {
    fn problem(&self, kind: &'static str, request: &str, detail: String) {
        let p = Problem {
            at: self.started.elapsed(),
            life: self.life.load(Ordering::SeqCst),
            kind,
            request: request.to_owned(),
            detail,
        };
        eprintln!(
            "PROBLEM [{kind}] at {:.0} s, life {}: {} -> {}",
            p.at.as_secs_f64(),
            p.life,
            p.request,
            p.detail
        );
        self.problems.lock().unwrap().push(p);
    }
}

/// One run of `mancala serve`.
struct Life {
    child: Child,
    log: PathBuf,
    started: Instant,
    /// Largest VmRSS seen by sampling, KiB.
    rss_max: u64,
}

/// How one life ended.
struct LifeReport {
    seconds: f64,
    hwm_kib: u64,
    rss_max_kib: u64,
    ended: &'static str,
    /// From the kill to the next server's first `/healthz`, seconds (none for the last).
    down_seconds: Option<f64>,
}

/// The `VmHWM` and `VmRSS` of a process, KiB.
fn memory(pid: u32) -> Option<(u64, u64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| -> Option<u64> {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))?
            .split_whitespace()
            .next()?
            .parse()
            .ok()
    };
    Some((field("VmHWM:")?, field("VmRSS:")?))
}

/// Starts `mancala serve` on `addr` and waits until it listens and answers `/healthz`; a start
/// that fails (the port not yet free, the file busy) is retried, each failure counted.
fn start_server(
    bin: &Path,
    db: &Path,
    addr: SocketAddr,
    dir: &Path,
    n: u64,
    failed_starts: &mut Vec<String>,
) -> Life {
    for attempt in 0..20 {
        let log = dir.join(format!("serve-{n}-{attempt}.log"));
        let mut child = mancala(bin)
            .args([
                "serve",
                "--compose-seconds",
                "0",
                "--book-minutes",
                "0",
                "--bind",
            ])
            .arg(addr.to_string())
            .arg("--db")
            .arg(db)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log).expect("server log file"))
            .spawn()
            .expect("mancala serve starts");
        let started = Instant::now();
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, rx) = mpsc::channel();
        // Reads the server's standard output to its end, so that it never blocks on it.
        thread::spawn(move || {
            let mut lines = BufReader::new(stdout).lines();
            while let Some(Ok(line)) = lines.next() {
                if line.starts_with("Listening on http://") {
                    let _ = tx.send(());
                }
            }
        });
        let listening = rx.recv_timeout(Duration::from_secs(600)).is_ok();
        let healthy = listening
            && (0..100).any(|_| {
                let ok = http(addr, "GET", "/healthz", &[], b"").is_ok_and(|r| r.status == 200);
                if !ok {
                    thread::sleep(Duration::from_millis(50));
                }
                ok
            });
        if healthy {
            return Life {
                child,
                log,
                started,
                rss_max: 0,
            };
        }
        let _ = child.kill();
        let status = child.wait().ok();
        let tail = tail(&log, 5);
        eprintln!("server start {n}.{attempt} failed ({status:?}): {tail}");
        failed_starts.push(format!("life {n}, try {attempt}: {status:?}: {tail}"));
        thread::sleep(Duration::from_millis(500));
    }
    panic!("mancala serve did not start in 20 tries: {failed_starts:?}");
}

/// The server's log lines of life `life` about `request` (its path), not 200s: what the server
/// said about a broken promise.
fn log_lines(dir: &Path, life: u64, request: &str) -> Vec<String> {
    let path = request.split(' ').nth(1).unwrap_or(request);
    let mut out = Vec::new();
    for attempt in 0..20 {
        let Ok(text) = std::fs::read_to_string(dir.join(format!("serve-{life}-{attempt}.log")))
        else {
            break;
        };
        out.extend(
            text.lines()
                .filter(|l| l.contains(path) && !l.contains("\" 200 "))
                .take(5)
                .map(str::to_owned),
        );
    }
    out
}

/// The log lines of every life above INFO (warnings and errors), counted, the first few kept.
fn log_warnings(dir: &Path) -> (u64, Vec<String>) {
    let mut n = 0;
    let mut first = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return (0, first);
    };
    let mut logs: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|f| f.to_str())
                .is_some_and(|f| f.starts_with("serve-"))
        })
        .collect();
    logs.sort();
    for log in logs {
        let text = std::fs::read_to_string(&log).unwrap_or_default();
        for l in text
            .lines()
            .filter(|l| l.contains(" WARN ") || l.contains(" ERROR "))
        {
            n += 1;
            if first.len() < 10 {
                first.push(format!(
                    "{}: {l}",
                    log.file_name().unwrap_or_default().to_string_lossy()
                ));
            }
        }
    }
    (n, first)
}

/// `/proc/loadavg`'s first three fields.
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .unwrap_or_default()
        .split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The last `n` lines of a file, joined.
fn tail(path: &Path, n: usize) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..].join(" | ")
}

// ---------------------------------------------------------------------------------------------
// The positions asked about

/// A position inside the table with its evaluation by `mancala eval --json`.
struct Known {
    variant: &'static str,
    position: String,
    eval: Value,
}

/// The positions the clients ask about.
struct Pool {
    known: Vec<Known>,
    /// Positions above the table (searched), by variant.
    beyond: Vec<(&'static str, String)>,
    variants: Vec<&'static str>,
}

/// The slices stored in the file, by variant.
fn stored_slices(db: &Path) -> BTreeMap<Variant, Vec<SliceId>> {
    let conn = Connection::open_with_flags(db, OpenFlags::SQLITE_OPEN_READ_ONLY).expect("open");
    let mut stmt = conn
        .prepare("SELECT variant, slice FROM slices")
        .expect("slices");
    let rows: Vec<(String, String)> = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .expect("query")
        .map(|r| r.expect("row"))
        .collect();
    let mut out: BTreeMap<Variant, Vec<SliceId>> = BTreeMap::new();
    for (v, s) in rows {
        if let (Ok(v), Ok(s)) = (v.parse::<Variant>(), s.parse::<SliceId>()) {
            out.entry(v).or_default().push(s);
        }
    }
    out
}

/// A random position of a slice, the side to move at random.
fn random_position(rng: &mut Rng, variant: Variant, id: SliceId) -> Position {
    let slice = Slice { variant, id };
    let board = slice.board(rng.below(slice.len()));
    let side = if rng.chance(50) {
        Side::South
    } else {
        Side::North
    };
    Position::from_relative(variant, &board, side, BySide::default())
}

/// Random positions inside the table of each variant stored (evaluated once by `mancala eval`)
/// and above it. Variants the solve writes to are left out: their table grows meanwhile.
fn pool(bin: &Path, db: &Path, rng: &mut Rng, count: usize, solved_during: &[Variant]) -> Pool {
    let stored = stored_slices(db);
    let variants: Vec<Variant> = stored
        .keys()
        .copied()
        .filter(|v| !solved_during.contains(v))
        .collect();
    assert!(
        !variants.is_empty(),
        "{} holds no slice of a variant the solve leaves alone",
        db.display()
    );
    let mut known = Vec::new();
    let t = Instant::now();
    for i in 0..count {
        let v = variants[i % variants.len()];
        let ids = &stored[&v];
        let id = *rng.pick(ids);
        let p = random_position(rng, v, id);
        let text = p.to_string();
        let out = mancala(bin)
            .args(["eval", v.id(), &text, "--json", "--db"])
            .arg(db)
            .output()
            .expect("mancala eval runs");
        assert!(
            out.status.success(),
            "mancala eval {} '{text}': {}",
            v.id(),
            String::from_utf8_lossy(&out.stderr)
        );
        let eval: Value = serde_json::from_slice(&out.stdout).expect("eval --json is JSON");
        assert_eq!(eval["source"], "tablebase", "{eval}");
        known.push(Known {
            variant: v.id(),
            position: text,
            eval,
        });
    }
    eprintln!(
        "{count} positions inside the table evaluated by `mancala eval` in {:.1} s",
        t.elapsed().as_secs_f64()
    );
    // Above the table: slices with one to eight seeds more than the largest stored.
    let mut beyond = Vec::new();
    for &v in &variants {
        let top = stored[&v].iter().map(|s| s.total()).max().unwrap_or(0);
        let mut tries = 0;
        let mut found = 0;
        while found < 40 && tries < 10_000 {
            tries += 1;
            let total = top + 1 + rng.below(8) as u32;
            let id = if v.seeds_stay_on_their_side() {
                let m = rng.below(total as u64 + 1) as u8;
                SliceId::Sides(m, total as u8 - m)
            } else {
                SliceId::Seeds(total as u8)
            };
            let slice = Slice { variant: v, id };
            if !slice.is_reachable() || stored[&v].contains(&id) {
                continue;
            }
            let p = random_position(rng, v, id);
            // Only legal positions with a move to search.
            let text = p.to_string();
            if Position::parse(v, &text).is_ok() && !p.legal_moves().is_empty() {
                beyond.push((v.id(), text));
                found += 1;
            }
        }
    }
    Pool {
        known,
        beyond,
        variants: variants.iter().map(|v| v.id()).collect(),
    }
}

// ---------------------------------------------------------------------------------------------
// Clients

/// An attempt the server acknowledged as recorded.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Acked {
    token: Option<String>,
    puzzle: i64,
    moves: String,
    solved: bool,
    gave_up: bool,
}

/// What one client thread saw.
#[derive(Default)]
struct Tally {
    /// Route -> answer (a status, `down`: the server was being killed) -> count.
    answers: BTreeMap<&'static str, BTreeMap<String, u64>>,
    /// Route -> latencies of its answers, microseconds.
    latency: BTreeMap<&'static str, Vec<u32>>,
    /// 503s by route and message.
    unavailable: BTreeMap<String, u64>,
    acked: Vec<Acked>,
    players: Vec<String>,
    values_checked: u64,
    wrong_values: u64,
    attempts_solved: u64,
    attempts_failed: u64,
    attempts_given_up: u64,
}

impl Tally {
    fn merge(&mut self, o: Tally) {
        for (r, m) in o.answers {
            let e = self.answers.entry(r).or_default();
            for (k, n) in m {
                *e.entry(k).or_default() += n;
            }
        }
        for (r, l) in o.latency {
            self.latency.entry(r).or_default().extend(l);
        }
        for (k, n) in o.unavailable {
            *self.unavailable.entry(k).or_default() += n;
        }
        self.acked.extend(o.acked);
        self.players.extend(o.players);
        self.values_checked += o.values_checked;
        self.wrong_values += o.wrong_values;
        self.attempts_solved += o.attempts_solved;
        self.attempts_failed += o.attempts_failed;
        self.attempts_given_up += o.attempts_given_up;
    }
}

/// Routes whose 503 is documented: searches (every slot busy, `Retry-After`) and writes (a lock
/// another process holds, `Retry-After: 5`; a full disk).
const MAY_BE_UNAVAILABLE: &[&str] = &[
    "eval (search)",
    "players (new)",
    "attempt",
    "puzzles/next (streak)",
    "puzzles/daily",
];

struct Client<'a> {
    shared: &'a Shared,
    pool: &'a Pool,
    rng: Rng,
    tally: Tally,
    token: Option<String>,
    /// Puzzles this thread's current player finished, as acknowledged.
    finished: HashSet<i64>,
}

impl Client<'_> {
    /// Sends a request and counts its answer. `None` when there is none (the server was being
    /// killed, or a failure already reported) or when it is a 503 (counted).
    fn send(
        &mut self,
        route: &'static str,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> Option<Response> {
        let life = self.shared.life.load(Ordering::SeqCst);
        let was_down = self.shared.down.load(Ordering::SeqCst);
        let t = Instant::now();
        let result = http(self.shared.addr, method, path, headers, body);
        let micros = t.elapsed().as_micros().min(u32::MAX as u128) as u32;
        let what = || format!("{method} {path} {}", String::from_utf8_lossy(body));
        let answers = self.tally.answers.entry(route).or_default();
        match result {
            Err(e) => {
                let killed = was_down
                    || self.shared.down.load(Ordering::SeqCst)
                    || self.shared.life.load(Ordering::SeqCst) != life;
                if killed {
                    *answers.entry("down".into()).or_default() += 1;
                    thread::sleep(Duration::from_millis(20));
                } else {
                    *answers
                        .entry(format!("failed: {:?}", e.kind()))
                        .or_default() += 1;
                    self.shared.problem(
                        "no answer while the server was up",
                        &what(),
                        e.to_string(),
                    );
                }
                None
            }
            Ok(r) => {
                *answers.entry(r.status.to_string()).or_default() += 1;
                self.tally.latency.entry(route).or_default().push(micros);
                if r.status == 503 {
                    let message = r
                        .json()
                        .and_then(|j| j["error"].as_str().map(str::to_owned))
                        .unwrap_or_else(|| r.body.clone());
                    let documented = MAY_BE_UNAVAILABLE.contains(&route)
                        && r.json().is_some()
                        && (r.header("retry-after").is_some() || message.contains("disk"));
                    let key = format!(
                        "{route}: {message} (Retry-After: {})",
                        r.header("retry-after").unwrap_or("none")
                    );
                    *self.tally.unavailable.entry(key).or_default() += 1;
                    if !documented {
                        self.shared
                            .problem("undocumented 503", &what(), r.body.clone());
                    }
                    return None;
                }
                if r.status >= 500 {
                    self.shared
                        .problem("5xx", &what(), format!("{} {}", r.status, r.body));
                    return None;
                }
                Some(r)
            }
        }
    }

    /// A response that must have `status` and a JSON body.
    fn expect(&self, r: Response, status: u16, request: &str) -> Option<Value> {
        match (r.status == status, r.json()) {
            (true, Some(j)) => Some(j),
            _ => {
                self.shared.problem(
                    "unexpected answer",
                    request,
                    format!("{} {}", r.status, r.body),
                );
                None
            }
        }
    }

    fn think(&mut self, ms: u64) {
        if ms > 0 {
            thread::sleep(Duration::from_millis(self.rng.below(2 * ms + 1)));
        }
    }

    fn wrong(&mut self, request: &str, detail: String) {
        self.tally.wrong_values += 1;
        self.shared.problem("wrong value", request, detail);
    }

    fn auth(&self) -> Option<String> {
        self.token.as_ref().map(|t| format!("Bearer {t}"))
    }

    /// `GET /api/{variant}?position=P` of a position inside the table: the answer must be
    /// `mancala eval --json`'s, equal as JSON; sometimes again with its ETag (304).
    fn eval_known(&mut self) {
        let k = self.rng.pick(&self.pool.known);
        let path = format!("/api/{}?position={}", k.variant, q(&k.position));
        let Some(r) = self.send("eval (table)", "GET", &path, &[], b"") else {
            return;
        };
        let etag = r.header("etag").map(str::to_owned);
        let Some(j) = self.expect(r, 200, &path) else {
            return;
        };
        self.tally.values_checked += 1;
        if j != k.eval {
            self.wrong(&path, format!("answered {j}, mancala eval says {}", k.eval));
        }
        if let Some(tag) = etag {
            if self.rng.chance(10) {
                let headers = [("If-None-Match", tag.as_str())];
                if let Some(r) = self.send("eval (304)", "GET", &path, &headers, b"") {
                    if r.status != 304 {
                        self.shared.problem(
                            "unexpected answer",
                            &format!("{path} If-None-Match: {tag}"),
                            format!("{} {}", r.status, r.body),
                        );
                    }
                }
            }
        }
    }

    /// `GET /api/{variant}?position=P` above the table: searched, or 503 when every search
    /// slot is busy. Mostly with a small budget, sometimes the server's whole cap.
    fn eval_beyond(&mut self) {
        let (v, p) = self.rng.pick(&self.pool.beyond);
        let mut path = format!("/api/{v}?position={}", q(p));
        if !self.rng.chance(15) {
            let budget = 10_000 + self.rng.below(500_000);
            let _ = write!(path, "&budget={budget}");
        }
        let Some(r) = self.send("eval (search)", "GET", &path, &[], b"") else {
            return;
        };
        let Some(j) = self.expect(r, 200, &path) else {
            return;
        };
        let moves = j["moves"].as_array().map_or(0, Vec::len);
        if j["source"] != "search" || j["value"].is_null() || moves == 0 {
            self.shared
                .problem("unexpected answer", &path, format!("not a search: {j}"));
        }
    }

    /// A main line from a position inside the table: its value is the evaluation's and its
    /// first move one of the best.
    fn mainline(&mut self) {
        let k = self.rng.pick(&self.pool.known);
        let path = format!("/api/{}/mainline?position={}", k.variant, q(&k.position));
        let Some(r) = self.send("mainline", "GET", &path, &[], b"") else {
            return;
        };
        let Some(j) = self.expect(r, 200, &path) else {
            return;
        };
        self.tally.values_checked += 1;
        let best: Vec<&Value> = k.eval["moves"]
            .as_array()
            .map(|ms| {
                ms.iter()
                    .filter(|m| m["best"] == true)
                    .map(|m| &m["move"])
                    .collect()
            })
            .unwrap_or_default();
        let first = &j["steps"][0]["move"];
        let first_ok = if best.is_empty() {
            j["steps"].as_array().is_some_and(Vec::is_empty)
        } else {
            best.contains(&first)
        };
        if j["value"] != k.eval["value"] || !first_ok {
            self.wrong(
                &path,
                format!(
                    "value {} first move {first}; mancala eval: value {} best {best:?}",
                    j["value"], k.eval["value"]
                ),
            );
        }
    }

    /// An analysis of one random legal move from a position inside the table: the values
    /// before, best and kept are the evaluation's.
    fn analyse(&mut self) {
        let k = self.rng.pick(&self.pool.known);
        let Some(moves) = k.eval["moves"].as_array().filter(|m| !m.is_empty()) else {
            return;
        };
        let m = self.rng.pick(moves);
        let body = json!({"position": k.position, "moves": [m["move"]]}).to_string();
        let path = format!("/api/{}/analyse", k.variant);
        let json_type = [("Content-Type", "application/json")];
        let Some(r) = self.send("analyse", "POST", &path, &json_type, body.as_bytes()) else {
            return;
        };
        let request = format!("POST {path} {body}");
        let Some(j) = self.expect(r, 200, &request) else {
            return;
        };
        self.tally.values_checked += 1;
        let a = &j["moves"][0];
        if a["value_before"] != k.eval["value"]
            || a["best_value"] != k.eval["value"]
            || a["value_kept"] != m["value"]
        {
            self.wrong(
                &request,
                format!(
                    "before {} best {} kept {}; mancala eval: value {}, the move {}",
                    a["value_before"], a["best_value"], a["value_kept"], k.eval["value"], m
                ),
            );
        }
    }

    /// `POST /api/players` with `{}`: a new player, remembered and played as from now on.
    fn new_player(&mut self) {
        let headers = [("Content-Type", "application/json")];
        let Some(r) = self.send("players (new)", "POST", "/api/players", &headers, b"{}") else {
            return;
        };
        let Some(j) = self.expect(r, 201, "POST /api/players {}") else {
            return;
        };
        match j["token"].as_str() {
            Some(t) if t.len() == 32 => {
                self.tally.players.push(t.to_owned());
                self.token = Some(t.to_owned());
                self.finished.clear();
            }
            _ => self
                .shared
                .problem("unexpected answer", "POST /api/players {}", j.to_string()),
        }
    }

    /// The dashboard: it counts at least every puzzle the player finished, as acknowledged.
    fn dashboard(&mut self) {
        let Some(auth) = self.auth() else {
            return;
        };
        let headers = [("Authorization", auth.as_str())];
        let Some(r) = self.send("players/me", "GET", "/api/players/me", &headers, b"") else {
            return;
        };
        let request = format!("GET /api/players/me ({auth})");
        let Some(j) = self.expect(r, 200, &request) else {
            return;
        };
        let counted = j["solved"].as_u64().unwrap_or(0) + j["failed"].as_u64().unwrap_or(0);
        if counted < self.finished.len() as u64 {
            self.shared.problem(
                "lost attempt",
                &request,
                format!(
                    "the dashboard counts {counted} puzzles, {} were acknowledged: {j}",
                    self.finished.len()
                ),
            );
        }
    }

    fn simple(&mut self, route: &'static str, path: &str) {
        if let Some(r) = self.send(route, "GET", path, &[], b"") {
            self.expect(r, 200, path);
        }
    }

    /// One attempt at a puzzle: the next one (sometimes the streak's), played to the end by its
    /// solution, or by a move that is not best, or given up at once.
    fn puzzle(&mut self) {
        let variant = *self.rng.pick(&self.pool.variants);
        let auth = if self.rng.chance(85) {
            self.auth()
        } else {
            None
        };
        let streak = auth.is_some() && self.rng.chance(20);
        let path = if streak {
            format!("/api/puzzles/next?variant={variant}&mode=streak")
        } else {
            format!("/api/puzzles/next?variant={variant}")
        };
        let mut headers: Vec<(&str, &str)> = vec![("Content-Type", "application/json")];
        if let Some(a) = &auth {
            headers.push(("Authorization", a.as_str()));
        }
        let route = if streak {
            "puzzles/next (streak)"
        } else {
            "puzzles/next"
        };
        let Some(r) = self.send(route, "GET", &path, &headers, b"") else {
            return;
        };
        // A streak may run out of puzzles above the last solved one: 404, no puzzle matches.
        if streak && r.status == 404 {
            return;
        }
        let Some(next) = self.expect(r, 200, &path) else {
            return;
        };
        let Some(id) = next["id"].as_i64() else {
            self.shared
                .problem("unexpected answer", &path, next.to_string());
            return;
        };
        let by_id = format!("/api/puzzles/{id}");
        let Some(r) = self.send("puzzles/{id}", "GET", &by_id, &[], b"") else {
            return;
        };
        let Some(full) = self.expect(r, 200, &by_id) else {
            return;
        };
        let solution: Vec<String> = full["solution"]
            .as_array()
            .map(|s| {
                s.iter()
                    .filter_map(|m| m.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default();
        let position = full["position"].as_str().unwrap_or_default().to_owned();
        let attempt = format!("/api/puzzles/{id}/attempt");
        let kind = self.rng.below(100);
        if kind < 60 {
            // Solved by the stored line: each of South's decisions, North's replies and South's
            // forced moves being played by the server.
            let mut mine: Vec<String> = Vec::new();
            let mut i = 0;
            while i < solution.len() && mine.len() < 40 {
                mine.push(solution[i].clone());
                let body = json!({ "moves": mine }).to_string();
                let Some(j) = self.post_attempt(&attempt, &headers, &body) else {
                    return;
                };
                if j["correct"] != true {
                    self.wrong(
                        &format!("POST {attempt} {body}"),
                        format!("the stored solution {solution:?} judged wrong: {j}"),
                    );
                    return;
                }
                if j["complete"] == true {
                    self.acked(&auth, id, &mine, &j, false);
                    return;
                }
                let auto = j["auto_played"].as_array().map_or(0, Vec::len);
                i += 1 + auto;
            }
            self.wrong(
                &format!("POST {attempt} {}", json!({ "moves": mine })),
                format!("the stored solution {solution:?} never completed the puzzle"),
            );
        } else if kind < 80 {
            // A move that is not among the best (the server's own evaluation of the position),
            // then given up if it still keeps the win.
            let path = format!("/api/{variant}?position={}", q(&position));
            let Some(r) = self.send("eval (puzzle)", "GET", &path, &[], b"") else {
                return;
            };
            let Some(e) = self.expect(r, 200, &path) else {
                return;
            };
            let other = e["moves"].as_array().and_then(|ms| {
                ms.iter()
                    .find(|m| m["best"] != true)
                    .and_then(|m| m["move"].as_str())
            });
            let mine: Vec<String> = other.map(str::to_owned).into_iter().collect();
            let body = json!({ "moves": mine }).to_string();
            let Some(j) = self.post_attempt(&attempt, &headers, &body) else {
                return;
            };
            if j["rated"].is_boolean() {
                self.acked(&auth, id, &mine, &j, false);
                return;
            }
            let body = json!({ "moves": mine, "give_up": true }).to_string();
            if let Some(j) = self.post_attempt(&attempt, &headers, &body) {
                self.acked(&auth, id, &mine, &j, true);
            }
        } else {
            let body = json!({ "moves": [], "give_up": true }).to_string();
            if let Some(j) = self.post_attempt(&attempt, &headers, &body) {
                self.acked(&auth, id, &[], &j, true);
            }
        }
    }

    fn post_attempt(&mut self, path: &str, headers: &[(&str, &str)], body: &str) -> Option<Value> {
        let r = self.send("attempt", "POST", path, headers, body.as_bytes())?;
        self.expect(r, 200, &format!("POST {path} {body}"))
    }

    /// An attempt answered as ended: it must say whether it was rated (it was recorded).
    fn acked(
        &mut self,
        auth: &Option<String>,
        id: i64,
        moves: &[String],
        j: &Value,
        give_up: bool,
    ) {
        let solved = j["correct"] == true && j["complete"] == true;
        let ended = solved || j["correct"] == false || give_up;
        if !ended || !j["rated"].is_boolean() {
            self.shared.problem(
                "unexpected answer",
                &format!("POST /api/puzzles/{id}/attempt {moves:?} give_up {give_up}"),
                format!("an ended attempt without `rated`: {j}"),
            );
            return;
        }
        match (solved, give_up) {
            (true, _) => self.tally.attempts_solved += 1,
            (false, true) => self.tally.attempts_given_up += 1,
            (false, false) => self.tally.attempts_failed += 1,
        }
        let token = auth
            .as_ref()
            .and_then(|a| a.strip_prefix("Bearer "))
            .map(str::to_owned);
        if token.is_some() && token == self.token {
            self.finished.insert(id);
        }
        self.tally.acked.push(Acked {
            token,
            puzzle: id,
            moves: moves.join(" "),
            solved,
            gave_up: give_up && !solved,
        });
    }

    fn run(mut self, think_ms: u64) -> Tally {
        while !self.shared.stop.load(Ordering::SeqCst) {
            if self.token.is_none() {
                self.new_player();
                if self.token.is_none() {
                    thread::sleep(Duration::from_millis(50));
                    continue;
                }
            }
            match self.rng.below(100) {
                0..=34 => self.eval_known(),
                35..=44 => self.eval_beyond(),
                45..=54 => self.mainline(),
                55..=64 => self.analyse(),
                65..=84 => self.puzzle(),
                85..=87 => self.new_player(),
                88..=92 => self.dashboard(),
                93..=94 => {
                    let v = *self.rng.pick(&self.pool.variants);
                    self.simple("puzzles/daily", &format!("/api/puzzles/daily?variant={v}"));
                }
                95..=96 => self.simple("variants", "/api/variants"),
                _ => self.simple("healthz", "/healthz"),
            }
            self.think(think_ms);
        }
        self.tally
    }
}

// ---------------------------------------------------------------------------------------------
// The solve writing to the same file

/// The solves run one after another on the file, each adding larger slices.
fn solve_plan() -> Vec<(Variant, u32)> {
    let mut plan = Vec::new();
    for n in (20..=32).step_by(2) {
        plan.push((Variant::Kalah4, n));
    }
    for n in (12..=20).step_by(2) {
        plan.push((Variant::Kalah, n));
    }
    for n in (12..=20).step_by(2) {
        plan.push((Variant::Oware, n));
    }
    for n in (16..=28).step_by(2) {
        plan.push((Variant::RioKadalis5, n));
    }
    for n in (14..=22).step_by(2) {
        plan.push((Variant::Kalah5, n));
    }
    // Larger, minutes each on two cores: more than half an hour in all.
    for n in [30, 32] {
        plan.push((Variant::RioKadalis5, n));
    }
    for n in [22, 24] {
        plan.push((Variant::Oware, n));
    }
    // Tens of minutes each: the solve is still writing when the soak ends (then stopped).
    plan.push((Variant::RioKadalis5, 36));
    plan.push((Variant::Oware, 26));
    plan
}

/// What a finished solve says it did: `Solved 2 groups (kalah 19 .. kalah 20): 1,545,830
/// positions`, shortened to the groups and the positions.
fn solved_line(log: &Path) -> String {
    let text = std::fs::read_to_string(log).unwrap_or_default();
    match text.lines().rev().find(|l| l.starts_with("Solved ")) {
        Some(l) => l.split(" in ").next().unwrap_or(l).to_owned(),
        None => text.lines().last().unwrap_or("").to_owned(),
    }
}

/// One solve run.
struct SolveRun {
    what: String,
    seconds: f64,
    outcome: String,
}

fn solve_loop(bin: PathBuf, db: PathBuf, dir: PathBuf, shared: Arc<Shared>) -> Vec<SolveRun> {
    let mut runs = Vec::new();
    for (k, (v, n)) in solve_plan().into_iter().enumerate() {
        if shared.stop.load(Ordering::SeqCst) {
            break;
        }
        let args = [
            "solve".to_owned(),
            v.id().to_owned(),
            "--max-seeds".into(),
            n.to_string(),
            "-q".into(),
        ];
        let what = format!("mancala {} --db COPY", args.join(" "));
        let log = dir.join(format!("solve-{k}.log"));
        let start = Instant::now();
        let mut child = mancala(&bin)
            .args(&args)
            .arg("--db")
            .arg(&db)
            .stdin(Stdio::null())
            .stdout(std::fs::File::create(&log).expect("solve log"))
            .stderr(Stdio::from(
                std::fs::File::options()
                    .append(true)
                    .open(&log)
                    .expect("solve log"),
            ))
            .spawn()
            .expect("mancala solve starts");
        let mut second_tried = false;
        let status: Option<ExitStatus> = loop {
            if let Some(s) = child.try_wait().expect("wait for the solve") {
                break Some(s);
            }
            if shared.stop.load(Ordering::SeqCst) {
                break None;
            }
            // Once per run, a second solve of the same file while the first runs: refused.
            if !second_tried && start.elapsed() > Duration::from_secs(3) {
                second_tried = true;
                let t = Instant::now();
                let out = mancala(&bin)
                    .args(&args)
                    .arg("--db")
                    .arg(&db)
                    .output()
                    .expect("second solve runs");
                let err = String::from_utf8_lossy(&out.stderr);
                let outcome = if !out.status.success() && err.contains("is in use by another solve")
                {
                    "refused: the file is in use by another solve".to_owned()
                } else if out.status.success() {
                    "ran (the first had just ended)".to_owned()
                } else {
                    shared.problem(
                        "second solve failed",
                        &format!("{what} (a second one)"),
                        err.trim().to_owned(),
                    );
                    format!("failed: {}", err.trim())
                };
                runs.push(SolveRun {
                    what: format!("{what} (a second, at once)"),
                    seconds: t.elapsed().as_secs_f64(),
                    outcome,
                });
            }
            thread::sleep(Duration::from_millis(200));
        };
        let outcome = match status {
            None => {
                // Stopped at the end of the soak: Ctrl-C, as an operator would.
                let _ = Command::new("kill")
                    .args(["-INT", &child.id().to_string()])
                    .status();
                let t = Instant::now();
                let s = loop {
                    if let Some(s) = child.try_wait().expect("wait") {
                        break Some(s);
                    }
                    if t.elapsed() > Duration::from_secs(60) {
                        let _ = child.kill();
                        break child.wait().ok();
                    }
                    thread::sleep(Duration::from_millis(100));
                };
                let s = s.map_or("killed".to_owned(), |s| s.to_string());
                format!("stopped at the end (SIGINT; {s})")
            }
            Some(s) if s.success() => format!("finished: {}", solved_line(&log)),
            Some(s) => {
                let t = tail(&log, 3);
                if t.contains("is in use by another solve") {
                    "refused: the file is in use by another solve".to_owned()
                } else {
                    shared.problem("solve failed", &what, format!("{s}: {t}"));
                    format!("failed ({s}): {t}")
                }
            }
        };
        runs.push(SolveRun {
            what,
            seconds: start.elapsed().as_secs_f64(),
            outcome,
        });
    }
    runs
}

// ---------------------------------------------------------------------------------------------
// The end: the file checked

/// Every acknowledged attempt and player looked up in the file: the number absent of each, and
/// the rows there are that no answer acknowledged (killed before answering).
fn check_file(db: &Path, acked: &[Acked], players: &[String]) -> (u64, u64, u64, u64, u64) {
    let conn = Connection::open_with_flags(db, OpenFlags::SQLITE_OPEN_READ_ONLY).expect("open");
    let tokens: HashSet<String> = conn
        .prepare("SELECT token FROM players")
        .expect("players")
        .query_map([], |r| r.get(0))
        .expect("query")
        .map(|r| r.expect("row"))
        .collect();
    let lost_players = players.iter().filter(|t| !tokens.contains(*t)).count() as u64;
    let mut rows: HashMap<Acked, u64> = HashMap::new();
    let mut stmt = conn
        .prepare(
            "SELECT p.token, a.puzzle_id, a.moves, a.solved, a.gave_up
             FROM puzzle_attempts a LEFT JOIN players p ON p.id = a.player_id",
        )
        .expect("attempts");
    let all = stmt
        .query_map([], |r| {
            Ok(Acked {
                token: r.get(0)?,
                puzzle: r.get(1)?,
                moves: r.get(2)?,
                solved: r.get::<_, i64>(3)? != 0,
                gave_up: r.get::<_, i64>(4)? != 0,
            })
        })
        .expect("query");
    let mut total = 0;
    for row in all {
        *rows.entry(row.expect("row")).or_default() += 1;
        total += 1;
    }
    let mut lost = 0;
    for a in acked {
        match rows.get_mut(a) {
            Some(n) if *n > 0 => *n -= 1,
            _ => {
                lost += 1;
                eprintln!("LOST attempt: {a:?}");
            }
        }
    }
    let unacked: u64 = rows.values().sum();
    (lost, lost_players, total, unacked, tokens.len() as u64)
}

// ---------------------------------------------------------------------------------------------
// Figures

fn median(xs: &mut [f64]) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2.0
    }
}

fn percentile(xs: &mut [u32], p: f64) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    xs.sort_unstable();
    let i = ((xs.len() as f64 - 1.0) * p).round() as usize;
    xs[i] as f64 / 1000.0
}

fn mib(kib: u64) -> f64 {
    kib as f64 / 1024.0
}

fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

// ---------------------------------------------------------------------------------------------

fn main() {
    let o = Options::parse();
    let bin = binary(&o);
    let dir = std::env::temp_dir().join(format!("mancala-soak-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch directory");
    let db = dir.join("soak.db");
    let mut rng = Rng(o.seed);
    eprintln!(
        "soak: {} minutes, a SIGKILL every {} s, {} client threads, seed {}, binary {}, \
         scratch {}",
        o.minutes,
        o.kill_every,
        o.threads,
        o.seed,
        bin.display(),
        dir.display()
    );

    // 1. A fresh working copy of a tablebase.
    let t = Instant::now();
    match &o.db {
        Some(given) => {
            // A consistent copy made by SQLite, reading the given file only.
            let src = Connection::open_with_flags(given, OpenFlags::SQLITE_OPEN_READ_ONLY)
                .expect("open the given tablebase");
            src.execute("VACUUM INTO ?1", [db.to_str().expect("a UTF-8 path")])
                .expect("copy the given tablebase");
        }
        None => {
            for (v, n) in [("rio-kadalis", "16"), ("hawalis", "7")] {
                let out = mancala(&bin)
                    .args(["solve", v, "--max-seeds", n, "-q", "--db"])
                    .arg(&db)
                    .output()
                    .expect("mancala solve runs");
                assert!(
                    out.status.success(),
                    "mancala solve {v} --max-seeds {n}: {}",
                    String::from_utf8_lossy(&out.stderr)
                );
            }
        }
    }
    let tablebase = match &o.db {
        Some(p) => format!("a copy of {}", p.display()),
        None => "rio-kadalis up to 16 seeds and hawalis up to 7, built".to_owned(),
    };
    eprintln!(
        "tablebase ready in {:.1} s: {tablebase}",
        t.elapsed().as_secs_f64()
    );
    let solved_during: Vec<Variant> = {
        let mut vs: Vec<Variant> = solve_plan().iter().map(|(v, _)| *v).collect();
        vs.dedup();
        vs
    };
    let pool = Arc::new(pool(&bin, &db, &mut rng, o.positions, &solved_during));
    let load_start = load();
    eprintln!(
        "{} positions inside the table of {:?}, {} above it",
        pool.known.len(),
        pool.variants,
        pool.beyond.len()
    );

    // 2. The server, on a port of its own kept across restarts.
    let addr: SocketAddr = {
        let l = TcpListener::bind("127.0.0.1:0").expect("a free port");
        l.local_addr().expect("its address")
    };
    let mut failed_starts = Vec::new();
    let mut life = start_server(&bin, &db, addr, &dir, 0, &mut failed_starts);
    eprintln!(
        "server listening on {addr} (first start {:.1} s, puzzles generated)",
        life.started.elapsed().as_secs_f64()
    );
    let shared = Arc::new(Shared {
        addr,
        down: AtomicBool::new(false),
        life: AtomicU64::new(0),
        stop: AtomicBool::new(false),
        problems: Mutex::new(Vec::new()),
        started: Instant::now(),
    });

    // 3. The solve on the same file.
    let solver = {
        let (bin, db, dir, shared) = (bin.clone(), db.clone(), dir.clone(), shared.clone());
        thread::spawn(move || solve_loop(bin, db, dir, shared))
    };

    // The clients.
    let clients: Vec<_> = (0..o.threads)
        .map(|i| {
            let (shared, pool) = (shared.clone(), pool.clone());
            let seed = rng.next() | 1;
            let think = o.think_ms;
            thread::spawn(move || {
                Client {
                    shared: &shared,
                    pool: &pool,
                    rng: Rng(seed ^ (i as u64 + 1)),
                    tally: Tally::default(),
                    token: None,
                    finished: HashSet::new(),
                }
                .run(think)
            })
        })
        .collect();

    // 4. Kills and restarts.
    let duration = Duration::from_secs_f64(o.minutes * 60.0);
    let kill_every = Duration::from_secs(o.kill_every);
    let mut next_kill = shared.started + kill_every;
    let mut lives: Vec<LifeReport> = Vec::new();
    let mut last_report = Instant::now();
    while shared.started.elapsed() < duration {
        thread::sleep(Duration::from_millis(500));
        if let Some((_, rss)) = memory(life.child.id()) {
            life.rss_max = life.rss_max.max(rss);
        }
        let died = matches!(life.child.try_wait(), Ok(Some(_)));
        if died {
            // The server ended by itself: a crash, reported with its log, then restarted as
            // after a kill.
            shared.problem(
                "server died",
                &format!("life {}", shared.life.load(Ordering::SeqCst)),
                tail(&life.log, 20),
            );
        }
        if last_report.elapsed() > Duration::from_secs(60) {
            last_report = Instant::now();
            eprintln!(
                "{:.1} min: life {}, server RSS {:.0} MiB, {} problems",
                shared.started.elapsed().as_secs_f64() / 60.0,
                shared.life.load(Ordering::SeqCst),
                mib(memory(life.child.id()).map_or(0, |m| m.1)),
                shared.problems.lock().unwrap().len()
            );
        }
        let now = Instant::now();
        // No kill in the last 20 s: the last life serves until the end.
        if died
            || (now >= next_kill && shared.started.elapsed() + Duration::from_secs(20) < duration)
        {
            let (hwm, _) = memory(life.child.id()).unwrap_or((0, 0));
            shared.down.store(true, Ordering::SeqCst);
            let killed = Instant::now();
            let _ = life.child.kill(); // SIGKILL
            let _ = life.child.wait();
            let n = shared.life.load(Ordering::SeqCst) + 1;
            let next = start_server(&bin, &db, addr, &dir, n, &mut failed_starts);
            let down = killed.elapsed().as_secs_f64();
            lives.push(LifeReport {
                seconds: (killed - life.started).as_secs_f64(),
                hwm_kib: hwm,
                rss_max_kib: life.rss_max,
                ended: if died { "died by itself" } else { "SIGKILL" },
                down_seconds: Some(down),
            });
            life = next;
            shared.life.store(n, Ordering::SeqCst);
            shared.down.store(false, Ordering::SeqCst);
            eprintln!(
                "{:.1} min: server killed (VmHWM {:.0} MiB), back in {down:.2} s",
                shared.started.elapsed().as_secs_f64() / 60.0,
                mib(hwm)
            );
            next_kill = Instant::now() + kill_every;
        }
    }

    // 5. Everything stopped: the clients, the last server (Ctrl-C), the solve.
    shared.stop.store(true, Ordering::SeqCst);
    let mut tally = Tally::default();
    for c in clients {
        tally.merge(c.join().expect("a client thread"));
    }
    let elapsed = shared.started.elapsed();
    let load_end = load();
    let (hwm, rss) = memory(life.child.id()).unwrap_or((0, 0));
    let _ = Command::new("kill")
        .args(["-INT", &life.child.id().to_string()])
        .status();
    let t = Instant::now();
    let clean = loop {
        if let Ok(Some(s)) = life.child.try_wait() {
            break s.success();
        }
        if t.elapsed() > Duration::from_secs(30) {
            let _ = life.child.kill();
            let _ = life.child.wait();
            break false;
        }
        thread::sleep(Duration::from_millis(100));
    };
    if !clean {
        shared.problem("server did not stop cleanly", "SIGINT", tail(&life.log, 10));
    }
    lives.push(LifeReport {
        seconds: life.started.elapsed().as_secs_f64(),
        hwm_kib: hwm,
        rss_max_kib: life.rss_max.max(rss),
        ended: if clean {
            "SIGINT, clean"
        } else {
            "SIGINT, not clean"
        },
        down_seconds: None,
    });
    let runs = solver.join().expect("the solve thread");

    let (lost, lost_players, rows, unacked, player_rows) =
        check_file(&db, &tally.acked, &tally.players);
    let verify = mancala(&bin)
        .args(["db", "verify", "--db"])
        .arg(&db)
        .output()
        .expect("mancala db verify runs");
    let verify_text = format!(
        "{}{}",
        String::from_utf8_lossy(&verify.stdout),
        String::from_utf8_lossy(&verify.stderr)
    );
    if !verify.status.success() {
        shared.problem("db verify failed", "mancala db verify", verify_text.clone());
    }
    if lost > 0 {
        shared.problem(
            "lost attempt",
            "the file after the soak",
            format!("{lost} acknowledged attempts absent"),
        );
    }
    if lost_players > 0 {
        shared.problem(
            "lost player",
            "the file after the soak",
            format!("{lost_players} players created (201) absent"),
        );
    }

    // 6. The summary.
    let mut s = String::new();
    let total: u64 = tally.answers.values().flat_map(|m| m.values()).sum();
    let down: u64 = tally.answers.values().filter_map(|m| m.get("down")).sum();
    let fivexx: u64 = tally
        .answers
        .values()
        .flat_map(|m| m.iter())
        .filter(|(k, _)| k.starts_with('5'))
        .map(|(_, n)| n)
        .sum();
    let problems = shared.problems.lock().unwrap();
    let undocumented = problems
        .iter()
        .filter(|p| p.kind == "5xx" || p.kind == "undocumented 503")
        .count();
    let _ = writeln!(
        s,
        "\n{:.1} minutes, {} client threads (think time 0-{} ms), a SIGKILL every {} s; {tablebase}; \
         binary {}; seed {}; load average {load_start} at the start, {load_end} at the end.\n",
        elapsed.as_secs_f64() / 60.0,
        o.threads,
        2 * o.think_ms,
        o.kill_every,
        bin.display(),
        o.seed
    );
    let _ = writeln!(s, "| route | requests | answers | p50 ms | p99 ms |");
    let _ = writeln!(s, "|---|---:|---|---:|---:|");
    for (route, m) in &tally.answers {
        let n: u64 = m.values().sum();
        let answers: Vec<String> = m
            .iter()
            .map(|(k, v)| format!("{k}: {}", thousands(*v)))
            .collect();
        let l = tally
            .latency
            .get_mut(route)
            .map(std::mem::take)
            .unwrap_or_default();
        let mut l = l;
        let _ = writeln!(
            s,
            "| {route} | {} | {} | {:.1} | {:.1} |",
            thousands(n),
            answers.join(", "),
            percentile(&mut l, 0.5),
            percentile(&mut l, 0.99)
        );
    }
    let _ = writeln!(s, "\n503s, by route and message:\n");
    if tally.unavailable.is_empty() {
        let _ = writeln!(s, "* none");
    }
    for (k, n) in &tally.unavailable {
        let _ = writeln!(s, "* {} x {k}", thousands(*n));
    }
    let mut hwms: Vec<f64> = lives.iter().map(|l| mib(l.hwm_kib)).collect();
    let max_hwm = hwms.iter().copied().fold(0.0, f64::max);
    let median_hwm = median(&mut hwms);
    let mut downs: Vec<f64> = lives.iter().filter_map(|l| l.down_seconds).collect();
    let max_down = downs.iter().copied().fold(0.0, f64::max);
    let median_down = median(&mut downs);
    let _ = writeln!(s, "\n| figure | value |");
    let _ = writeln!(s, "|---|---:|");
    let rows_out: Vec<(String, String)> = vec![
        (
            "minutes".into(),
            format!("{:.1}", elapsed.as_secs_f64() / 60.0),
        ),
        ("requests".into(), thousands(total)),
        (
            "of them while the server was being killed (no answer, expected)".into(),
            thousands(down),
        ),
        ("5xx answers".into(), thousands(fivexx)),
        (
            "5xx other than the documented 503s".into(),
            undocumented.to_string(),
        ),
        (
            "values checked against `mancala eval` (evaluations, main lines, analyses)".into(),
            thousands(tally.values_checked),
        ),
        ("wrong values".into(), tally.wrong_values.to_string()),
        (
            "attempts acknowledged as recorded (solved / failed / given up)".into(),
            format!(
                "{} ({} / {} / {})",
                thousands(tally.acked.len() as u64),
                thousands(tally.attempts_solved),
                thousands(tally.attempts_failed),
                thousands(tally.attempts_given_up)
            ),
        ),
        (
            "lost attempts (acknowledged, not in the file)".into(),
            lost.to_string(),
        ),
        (
            "attempt rows in the file / of them never acknowledged (killed first)".into(),
            format!("{} / {}", thousands(rows), thousands(unacked)),
        ),
        (
            "players created (201) / rows in the file".into(),
            format!(
                "{} / {}",
                thousands(tally.players.len() as u64),
                thousands(player_rows)
            ),
        ),
        ("lost players".into(), lost_players.to_string()),
        (
            "minutes a solve was writing to the file".into(),
            format!(
                "{:.1}",
                runs.iter()
                    .filter(|r| !r.what.ends_with("(a second, at once)"))
                    .map(|r| r.seconds)
                    .sum::<f64>()
                    / 60.0
            ),
        ),
        (
            "server restarts (SIGKILL)".into(),
            (lives.len() - 1).to_string(),
        ),
        (
            "failed starts (retried)".into(),
            failed_starts.len().to_string(),
        ),
        (
            "down per restart, median / max".into(),
            format!("{median_down:.2} s / {max_down:.2} s"),
        ),
        (
            "server peak memory (VmHWM) per life, median / max".into(),
            format!("{median_hwm:.0} MiB / {max_hwm:.0} MiB"),
        ),
        (
            "`mancala db verify` at the end".into(),
            if verify.status.success() {
                "passed".into()
            } else {
                "FAILED".into()
            },
        ),
        (
            "other problems (no answer while up, wrong answers)".into(),
            problems
                .iter()
                .filter(|p| {
                    !matches!(
                        p.kind,
                        "5xx" | "undocumented 503" | "wrong value" | "lost attempt" | "lost player"
                    )
                })
                .count()
                .to_string(),
        ),
    ];
    for (k, v) in rows_out {
        let _ = writeln!(s, "| {k} | {v} |");
    }
    let _ = writeln!(
        s,
        "\nServer lives (VmHWM at the kill; the largest VmRSS sampled every 0.5 s):\n"
    );
    let _ = writeln!(
        s,
        "| life | seconds | VmHWM MiB | max VmRSS MiB | ended | down s |"
    );
    let _ = writeln!(s, "|---:|---:|---:|---:|---|---:|");
    for (i, l) in lives.iter().enumerate() {
        let _ = writeln!(
            s,
            "| {i} | {:.0} | {:.0} | {:.0} | {} | {} |",
            l.seconds,
            mib(l.hwm_kib),
            mib(l.rss_max_kib),
            l.ended,
            l.down_seconds.map_or("-".into(), |d| format!("{d:.2}"))
        );
    }
    let _ = writeln!(s, "\nThe solve on the same file:\n");
    let _ = writeln!(s, "| run | seconds | outcome |");
    let _ = writeln!(s, "|---|---:|---|");
    for r in &runs {
        let _ = writeln!(s, "| `{}` | {:.1} | {} |", r.what, r.seconds, r.outcome);
    }
    if !failed_starts.is_empty() {
        let _ = writeln!(s, "\nFailed starts:\n");
        for f in &failed_starts {
            let _ = writeln!(s, "* {f}");
        }
    }
    let (warnings, first) = log_warnings(&dir);
    let _ = writeln!(
        s,
        "\nServer log lines above INFO (warnings, errors), all lives: {warnings}"
    );
    for l in first {
        let _ = writeln!(s, "* `{l}`");
    }
    let _ = writeln!(
        s,
        "\n`mancala db verify`: {}",
        verify_text.trim().lines().last().unwrap_or("")
    );
    if !problems.is_empty() {
        let _ = writeln!(s, "\nBROKEN PROMISES ({}):\n", problems.len());
        for p in problems.iter() {
            let _ = writeln!(
                s,
                "* [{}] at {:.0} s, life {}: `{}` -> {}",
                p.kind,
                p.at.as_secs_f64(),
                p.life,
                p.request,
                p.detail
            );
            for l in log_lines(&dir, p.life, &p.request) {
                let _ = writeln!(s, "  * server log: `{l}`");
            }
        }
    }
    println!("{s}");
    let broken = !problems.is_empty();
    drop(problems);
    if broken || o.keep {
        eprintln!("the scratch directory is kept: {}", dir.display());
    } else {
        let _ = std::fs::remove_dir_all(&dir);
    }
    std::process::exit(i32::from(broken));
}
