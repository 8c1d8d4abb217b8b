//! How fast the service answers a player (issue 31): the first answer at every variant's start,
//! the positions of engine-against-engine games, the same questions again, and the main line
//! from every start. Not a test and not run by CI:
//!
//! ```text
//! cargo bench -p mancala-api --bench answers -- --db PATH [--games 5] [--plies 20] [--bin PATH]
//! ```
//!
//! It serves a copy of `--db` (the default tablebase with its opening book, as `mancala serve`
//! builds it; the copy takes the answers the run keeps) with the release binary, and times
//! every request from the client's side. For each variant, in this order on a fresh server:
//!
//! * the main line from the start (`GET /api/{variant}/mainline`);
//! * the start (`GET /api/{variant}?position=`, no budget: the plain route a page asks);
//! * 5 games of the engine against itself, 20 plies each: game `g` opens with the start's
//!   `g`-th best move, then both sides play the best move of the answer; every position is
//!   asked once, cold;
//! * every one of those positions asked again.
//!
//! It prints one Markdown row per variant: medians and 95th percentiles in milliseconds.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

#[path = "support/mod.rs"]
mod support;
use support::{http, mancala, q, release_binary};

/// The command line.
struct Options {
    db: PathBuf,
    games: usize,
    plies: usize,
    bin: Option<PathBuf>,
}

fn options() -> Options {
    let mut o = Options {
        db: PathBuf::new(),
        games: 5,
        plies: 20,
        bin: None,
    };
    let mut args = std::env::args().skip(1).filter(|a| a != "--bench");
    while let Some(a) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| panic!("{a} needs a value"));
        match a.as_str() {
            "--db" => o.db = value().into(),
            "--games" => o.games = value().parse().expect("--games N"),
            "--plies" => o.plies = value().parse().expect("--plies N"),
            "--bin" => o.bin = Some(value().into()),
            other => panic!("unknown option {other}; see the file's documentation"),
        }
    }
    assert!(
        o.db.is_file(),
        "--db PATH: a tablebase file (mancala serve builds one)"
    );
    o
}

/// The server, on a free port, until dropped.
struct Served {
    child: Child,
    addr: SocketAddr,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(bin: &std::path::Path, db: &std::path::Path) -> Served {
    let mut child = mancala(bin)
        .args(["serve", "--bind", "127.0.0.1:0", "--db"])
        .arg(db)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("mancala serve starts");
    let out = BufReader::new(child.stdout.take().unwrap());
    let addr = out
        .lines()
        .map_while(Result::ok)
        .find_map(|l| {
            l.strip_prefix("Listening on http://")
                .map(|a| a.parse().unwrap())
        })
        .expect("the server says where it listens");
    let served = Served { child, addr };
    // The background build (starter puzzles on a fresh copy) would share the cores.
    loop {
        let status = get(addr, "/api/status").1;
        if status["building"] == false {
            break;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    served
}

/// `GET path`: milliseconds from the client's side, and the JSON.
fn get(addr: SocketAddr, path: &str) -> (f64, Value) {
    let began = Instant::now();
    let r = http(addr, "GET", path, &[], b"").expect("the server answers");
    let ms = began.elapsed().as_secs_f64() * 1e3;
    assert_eq!(r.status, 200, "{path}: {}", r.body);
    (ms, r.json().expect("JSON"))
}

/// The value at `p` (0..1) of `xs`, sorted, by the nearest rank.
fn percentile(xs: &[f64], p: f64) -> f64 {
    let mut xs = xs.to_vec();
    xs.sort_by(f64::total_cmp);
    xs[((xs.len() as f64 * p).ceil() as usize).clamp(1, xs.len()) - 1]
}

fn main() {
    let o = options();
    let bin = o.bin.clone().unwrap_or_else(release_binary);
    let dir = std::env::temp_dir().join(format!("mancala-answers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let db = dir.join("answers.db");
    std::fs::copy(&o.db, &db).expect("the tablebase copied");
    let server = serve(&bin, &db);
    let addr = server.addr;
    let variants = get(addr, "/api/variants").1;
    println!(
        "| variant | main line from the start | start | {} games × {} plies: median | 95th percentile | slowest | sources | again: median | slowest |",
        o.games, o.plies
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for v in variants["variants"].as_array().expect("a list of variants") {
        let id = v["id"].as_str().unwrap();
        let start = v["start"].as_str().unwrap().to_owned();
        let (line_ms, line) = get(addr, &format!("/api/{id}/mainline?position={}", q(&start)));
        let plies = line["steps"].as_array().map_or(0, Vec::len);
        let (start_ms, first) = get(addr, &format!("/api/{id}?position={}", q(&start)));
        let mut times = Vec::new();
        let mut asked = Vec::new();
        let mut sources = std::collections::BTreeMap::<String, usize>::new();
        let openings = first["moves"].as_array().unwrap().len();
        for g in 0..o.games.min(openings) {
            let mut position = first["moves"][g]["after"].as_str().unwrap().to_owned();
            for _ in 1..o.plies {
                let path = format!("/api/{id}?position={}", q(&position));
                let (ms, e) = get(addr, &path);
                times.push(ms);
                *sources
                    .entry(e["source"].as_str().unwrap().to_owned())
                    .or_default() += 1;
                asked.push(path);
                match e["moves"].as_array().and_then(|m| m.first()) {
                    Some(best) if e["game_over"].is_null() => {
                        position = best["after"].as_str().unwrap().to_owned();
                    }
                    _ => break,
                }
            }
        }
        times.push(start_ms);
        let again: Vec<f64> = asked.iter().map(|p| get(addr, p).0).collect();
        let sources: Vec<String> = sources.iter().map(|(k, n)| format!("{k} {n}")).collect();
        println!(
            "| {id} | {:.2} s, {plies} plies | {start_ms:.0} ms ({}) | {:.0} | {:.0} | {:.0} | {} (+ start) | {:.1} | {:.1} |",
            line_ms / 1e3,
            first["source"].as_str().unwrap(),
            percentile(&times, 0.5),
            percentile(&times, 0.95),
            percentile(&times, 1.0),
            sources.join(", "),
            percentile(&again, 0.5),
            percentile(&again, 1.0),
        );
    }
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}
