//! End-to-end tests of the HTTP service: build a small tablebase with the binary, start
//! `mancala serve` on a free port, and talk HTTP to it as any client would.
//!
//! Values are checked against the binary's own `mancala eval --json` (a separate process reading
//! the same file), against the rules (a main line must realise the value it claims, seed by
//! seed), and against positions worked out by hand.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

const BIN: &str = env!("CARGO_BIN_EXE_mancala");

// ---------------------------------------------------------------------------------------------
// The tablebase and the server.

/// A directory of this test run under Cargo's scratch space; those of earlier runs are removed.
fn scratch(name: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let prefix = "mancala-api-";
    static CLEANED: OnceLock<()> = OnceLock::new();
    CLEANED.get_or_init(|| {
        let mine = format!("{prefix}{}", std::process::id());
        if let Ok(entries) = std::fs::read_dir(root) {
            for e in entries.flatten() {
                let n = e.file_name().to_string_lossy().into_owned();
                if n.starts_with(prefix) && n != mine {
                    let _ = std::fs::remove_dir_all(e.path());
                }
            }
        }
    });
    let dir = root
        .join(format!("{prefix}{}", std::process::id()))
        .join(name);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// The small tablebase shared by the tests: Rio Kadalis up to 12 seeds, Hawalis up to 4,
/// Al-manqala up to 8. Built once, by the binary.
fn tablebase() -> &'static Path {
    static DB: OnceLock<PathBuf> = OnceLock::new();
    DB.get_or_init(|| {
        let db = scratch("shared").join("small.db");
        for (variant, seeds) in [("rio-kadalis", "12"), ("hawalis", "4"), ("al-manqala", "8")] {
            let out = Command::new(BIN)
                .args(["solve", variant, "--max-seeds", seeds, "--quiet", "--db"])
                .arg(&db)
                .output()
                .expect("mancala solve runs");
            assert!(
                out.status.success(),
                "solve {variant}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        db
    })
}

/// A running `mancala serve`, killed when dropped.
struct Server {
    child: Child,
    addr: SocketAddr,
    stderr: PathBuf,
    /// Kept open so that the server can still write to it.
    _stdout: Option<BufReader<ChildStdout>>,
}

impl Server {
    /// Starts `mancala serve --bind 127.0.0.1:0 --db DB ARGS...` and waits for the address it
    /// prints.
    fn start(db: &Path, args: &[&str]) -> Server {
        let stderr = db.with_extension(format!("stderr-{}.log", unique()));
        let child = Command::new(BIN)
            .args(["serve", "--bind", "127.0.0.1:0", "--db"])
            .arg(db)
            .args(args)
            .env_remove("RUST_LOG")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&stderr).expect("log file"))
            .spawn()
            .expect("mancala serve starts");
        // From here on the guard kills the server if anything fails.
        let mut server = Server {
            child,
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            stderr,
            _stdout: None,
        };
        let mut stdout = BufReader::new(server.child.stdout.take().expect("piped stdout"));
        let mut line = String::new();
        loop {
            line.clear();
            let n = stdout.read_line(&mut line).expect("read stdout");
            assert!(n > 0, "serve exited before listening: {}", server.log());
            if let Some(url) = line.trim().strip_prefix("Listening on http://") {
                server.addr = url.parse().expect("a socket address");
                server._stdout = Some(stdout);
                return server;
            }
        }
    }

    fn get(&self, path: &str) -> Response {
        http(self.addr, "GET", path, &[], b"")
    }

    fn post(&self, path: &str, body: &[u8]) -> Response {
        http(
            self.addr,
            "POST",
            path,
            &[("Content-Type", "application/json")],
            body,
        )
    }

    fn log(&self) -> String {
        std::fs::read_to_string(&self.stderr).unwrap_or_default()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A number unique in this process.
fn unique() -> usize {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static N: AtomicUsize = AtomicUsize::new(0);
    N.fetch_add(1, Ordering::Relaxed)
}

// ---------------------------------------------------------------------------------------------
// A minimal HTTP/1.1 client: one request per connection.

#[derive(Debug)]
struct Response {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Response {
    fn json(&self) -> Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {} {}", self.status, self.body))
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Asserts an error response: the status, a JSON body `{"error": ..., "field": ...}` with
    /// the given field; returns the body.
    fn error(&self, status: u16, field: Option<&str>) -> Value {
        assert_eq!(self.status, status, "{}", self.body);
        assert_eq!(
            self.header("content-type"),
            Some("application/json"),
            "{self:?}"
        );
        let body = self.json();
        assert!(
            body["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{body}"
        );
        match field {
            Some(f) => assert_eq!(body["field"], f, "{body}"),
            None => assert!(body["field"].is_null(), "{body}"),
        }
        body
    }
}

fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Response {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).expect("write request");
    // The server may answer (413) before reading a large body: a failed write is not an error.
    let _ = stream.write_all(body);
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).expect("read response");
    let text = String::from_utf8(raw).expect("UTF-8 response");
    let (head, body) = text.split_once("\r\n\r\n").expect("a complete response");
    let mut lines = head.lines();
    let status: u16 = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .expect("a status line");
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_owned(), v.trim().to_owned()))
        .collect();
    let chunked = headers.iter().any(|(k, v)| {
        k.eq_ignore_ascii_case("transfer-encoding") && v.eq_ignore_ascii_case("chunked")
    });
    let body = if chunked {
        dechunk(body)
    } else {
        body.to_owned()
    };
    Response {
        status,
        headers,
        body,
    }
}

fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = s.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).expect("chunk size");
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        s = &rest[n + 2..];
    }
    out
}

/// A position for a URL: spaces as `_`.
fn q(position: &str) -> String {
    position.replace(' ', "_")
}

// ---------------------------------------------------------------------------------------------
// The binary as the independent reference.

/// `mancala eval VARIANT POSITION --json --db DB`, parsed.
fn cli_eval(db: &Path, variant: &str, position: &str) -> Value {
    let out = Command::new(BIN)
        .args(["eval", variant, position, "--json", "--db"])
        .arg(db)
        .output()
        .expect("mancala eval runs");
    assert!(
        out.status.success(),
        "eval {variant} {position}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("eval prints JSON")
}

/// Deterministic pseudo-random numbers (a 64-bit LCG), so that failures can be replayed.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// A random two-row position string: `seeds` seeds over `2 * pits` pits, a random side to move
/// and, sometimes, a CAPTURED field.
fn random_two_row(rng: &mut Lcg, pits: usize, seeds: usize, captured_room: usize) -> String {
    let mut cells = vec![0; 2 * pits];
    for _ in 0..seeds {
        cells[rng.below(2 * pits)] += 1;
    }
    let row = |c: &[u32]| c.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
    let side = if rng.below(2) == 0 { "S" } else { "N" };
    let mut text = format!("{}/{} {side}", row(&cells[..pits]), row(&cells[pits..]));
    if captured_room > 0 && rng.below(2) == 0 {
        let s = rng.below(captured_room + 1);
        let n = rng.below(captured_room - s + 1);
        text.push_str(&format!(" {s}-{n}"));
    }
    text
}

/// A random Hawalis position with at most 4 seeds (the small tablebase's limit).
fn random_hawalis(rng: &mut Lcg) -> String {
    let mut cells = [0u32; 28];
    for _ in 0..rng.below(5) {
        cells[rng.below(28)] += 1;
    }
    let rows: Vec<String> = cells
        .chunks(7)
        .map(|r| r.iter().map(u32::to_string).collect::<Vec<_>>().join(","))
        .collect();
    let side = if rng.below(2) == 0 { "S" } else { "N" };
    format!("{} {side}", rows.join("/"))
}

// ---------------------------------------------------------------------------------------------
// The endpoints.

#[test]
fn evaluation_is_exactly_what_eval_json_prints() {
    let db = tablebase();
    let server = Server::start(db, &[]);
    let mut rng = Lcg(7);
    let mut positions = vec![
        ("rio-kadalis", "0,0,1,0,2,1/1,0,0,3,0,0 S".to_owned()),
        ("rio-kadalis", "0,0,0,0,0,0/1,0,0,0,0,3 S 20-22".to_owned()),
        ("rio-kadalis", "0,0,0,0,0,0/0,0,0,0,0,0 N 30-18".to_owned()),
    ];
    for i in 0..24 {
        positions.push((
            "rio-kadalis",
            random_two_row(&mut rng, 6, 4 * (1 + i % 3), 20),
        ));
    }
    for i in 0..10 {
        positions.push((
            "al-manqala",
            random_two_row(&mut rng, 7, 2 * (1 + i % 4), 40),
        ));
    }
    for _ in 0..10 {
        positions.push(("hawalis", random_hawalis(&mut rng)));
    }
    for (i, (variant, position)) in positions.iter().enumerate() {
        // Spaces as `_`, as `%20` and as `+`: all the same position.
        let encoded = match i % 3 {
            0 => q(position),
            1 => position.replace(' ', "%20"),
            _ => position.replace(' ', "+"),
        };
        let r = server.get(&format!("/api/{variant}?position={encoded}"));
        assert_eq!(r.status, 200, "{variant} {position}: {}", r.body);
        assert_eq!(r.header("content-type"), Some("application/json"));
        let expected = cli_eval(db, variant, position);
        assert_eq!(r.json(), expected, "{variant} {position}");
    }
}

#[test]
fn variants_lists_every_variant_and_what_is_solved() {
    let server = Server::start(tablebase(), &[]);
    let r = server.get("/api/variants");
    assert_eq!(r.status, 200, "{}", r.body);
    let body = r.json();
    let variants = body["variants"].as_array().expect("variants array");
    let ids: Vec<&str> = variants.iter().filter_map(|v| v["id"].as_str()).collect();
    // The six traditional variants, in listing order (calibration variants may follow).
    let six = [
        "hawalis",
        "bao-la-kiarabu",
        "al-manqala",
        "anywoli",
        "rio-kadalis",
        "rio-kadalis-5",
    ];
    let listed: Vec<&str> = ids.iter().copied().filter(|id| six.contains(id)).collect();
    assert_eq!(listed, six, "{ids:?}");
    for v in variants {
        for key in ["name", "rules", "source", "start", "scoring"] {
            assert!(v[key].as_str().is_some_and(|s| !s.is_empty()), "{key}: {v}");
        }
        assert!(v["board"]["pits_per_side"].as_u64().unwrap() > 0, "{v}");
        assert!(v["solved"]["slices"].is_array(), "{v}");
    }
    let by_id = |id: &str| variants.iter().find(|v| v["id"] == id).unwrap();
    let rio = by_id("rio-kadalis");
    assert_eq!(rio["board"]["rows"], 2);
    assert_eq!(rio["board"]["pits_per_row"], 6);
    assert_eq!(rio["board"]["total_seeds"], 48);
    assert_eq!(rio["scoring"], "score");
    assert_eq!(rio["start"], "4,4,4,4,4,4/4,4,4,4,4,4 S");
    assert!(rio["rules"].as_str().unwrap().contains("binikh"));
    assert_eq!(rio["solved"]["slices"], json!(["0", "4", "8", "12"]));
    assert_eq!(rio["solved"]["max_seeds"], 12);
    let hawalis = by_id("hawalis");
    assert_eq!(hawalis["scoring"], "win-draw-loss");
    assert_eq!(hawalis["board"]["rows"], 4);
    assert_eq!(hawalis["solved"]["max_seeds"], 4);
    assert_eq!(hawalis["solved"]["slices"].as_array().unwrap().len(), 15);
    assert_eq!(by_id("al-manqala")["solved"]["max_seeds"], 8);
    let bao = by_id("bao-la-kiarabu");
    assert_eq!(bao["board"]["sowing"], "clockwise");
    assert_eq!(bao["solved"]["slices"], json!([]));
    assert!(bao["solved"]["max_seeds"].is_null());
}

/// Checks a main line against the rules and against the value it claims; returns it.
fn check_mainline(server: &Server, db: &Path, variant: &str, position: &str) -> Value {
    let r = server.get(&format!("/api/{variant}/mainline?position={}", q(position)));
    assert_eq!(r.status, 200, "{variant} {position}: {}", r.body);
    let line = r.json();
    let ctx = format!("{variant} {position}: {line}");
    let start = cli_eval(db, variant, position);
    assert_eq!(line["position"], start["position"], "{ctx}");
    assert_eq!(line["value"], start["value"], "{ctx}");
    assert_eq!(line["outcome"], start["outcome"], "{ctx}");
    let wdl = start["value"]["result"].is_string();
    let steps = line["steps"].as_array().expect("steps");
    // Every step plays the best move of the position it starts from, as `eval` says.
    let mut here = start.clone();
    let mut net = 0i64; // seeds gained by the starting side minus its opponent's, along the line
    let start_side = start["side"].as_str().unwrap().to_owned();
    for (i, step) in steps.iter().enumerate() {
        assert_eq!(step["ply"], i + 1, "{ctx}");
        assert_eq!(step["side"], here["side"], "ply {} {ctx}", i + 1);
        assert_eq!(
            step["move"],
            here["moves"][0]["move"],
            "ply {} {ctx}",
            i + 1
        );
        assert_eq!(
            step["position"],
            here["moves"][0]["after"],
            "ply {} {ctx}",
            i + 1
        );
        assert_eq!(step["value"], here["value"], "ply {} {ctx}", i + 1);
        let (s, n) = (
            step["captured"]["south"].as_i64().unwrap(),
            step["captured"]["north"].as_i64().unwrap(),
        );
        net += if start_side == "S" { s - n } else { n - s };
        // The value changes as the rules say: a quiet move hands the negated value to the
        // opponent with one ply less to go; a capture adds what it took.
        if let Some(next) = steps.get(i + 1) {
            let (v, w) = (&step["value"], &next["value"]);
            let quiet = s == 0 && n == 0 && step["extra_turn"] == false;
            let sign = if step["extra_turn"] == true { 1 } else { -1 };
            if wdl {
                let r = |x: &Value| match x["result"].as_str().unwrap() {
                    "win" => 1,
                    "draw" => 0,
                    _ => -1,
                };
                assert_eq!(r(v), sign * r(w), "ply {} {ctx}", i + 1);
            } else {
                let mover_gain = if step["side"] == "S" { s - n } else { n - s };
                assert_eq!(
                    v["score"].as_i64().unwrap(),
                    mover_gain + sign * w["score"].as_i64().unwrap(),
                    "ply {} {ctx}",
                    i + 1
                );
            }
            if quiet && !v["depth"].is_null() {
                assert_eq!(
                    v["depth"].as_i64().unwrap(),
                    w["depth"].as_i64().unwrap() + 1,
                    "ply {} {ctx}",
                    i + 1
                );
            }
            if !quiet && !v["depth"].is_null() {
                assert_eq!(
                    v["depth"],
                    1,
                    "a capture ends a depth count: ply {} {ctx}",
                    i + 1
                );
            }
            assert_eq!(step["ends_game"], false, "{ctx}");
            here = cli_eval(db, variant, step["position"].as_str().unwrap());
        } else if line["end"] != "game_over" {
            here = cli_eval(db, variant, step["position"].as_str().unwrap());
        }
    }
    let captured0 = |side: &str| -> i64 {
        let parts: Vec<&str> = start["position"].as_str().unwrap().split(' ').collect();
        let c: Vec<i64> = parts
            .get(2)
            .unwrap_or(&"0-0")
            .split('-')
            .map(|x| x.parse().unwrap())
            .collect();
        if side == "south" {
            c[0]
        } else {
            c[1]
        }
    };
    let totals = &line["totals"];
    match line["end"].as_str().unwrap() {
        "game_over" => {
            assert_eq!(line["game_over"], true, "{ctx}");
            assert_eq!(line["endless"], false, "{ctx}");
            if let Some(last) = steps.last() {
                assert_eq!(last["ends_game"], true, "{ctx}");
                // A move that ends the game is one ply to the end.
                assert!(
                    matches!(last["value"]["depth"].as_i64(), None | Some(1)),
                    "{ctx}"
                );
            } else {
                assert!(!start["game_over"].is_null(), "{ctx}");
            }
            if !wdl {
                // Every seed is accounted for at the end: what was captured plus the board.
                let board: i64 = start["position"]
                    .as_str()
                    .unwrap()
                    .split(' ')
                    .next()
                    .unwrap()
                    .split(['/', ','])
                    .map(|x| x.parse::<i64>().unwrap())
                    .sum();
                assert_eq!(
                    totals["south"].as_i64().unwrap() + totals["north"].as_i64().unwrap(),
                    captured0("south") + captured0("north") + board,
                    "{ctx}"
                );
                // The line realises the value: the starting side gains exactly its score.
                assert_eq!(net, start["value"]["score"].as_i64().unwrap(), "{ctx}");
            }
        }
        "repetition" => {
            assert_eq!(line["endless"], true, "{ctx}");
            assert_eq!(line["game_over"], false, "{ctx}");
            let last = steps.last().expect("a repetition needs a move");
            assert_eq!(line["repeated"], last["position"], "{ctx}");
            let from = line["repeated_from_ply"].as_u64().unwrap() as usize;
            assert!(from < steps.len(), "{ctx}");
            let first = if from == 0 {
                start["position"].clone()
            } else {
                steps[from - 1]["position"].clone()
            };
            // The same board and side to move (CAPTURED may differ only if seeds left the
            // board, which cannot happen inside a cycle).
            assert_eq!(first, line["repeated"], "{ctx}");
            assert!(here["value"]["depth"].is_null(), "endless play: {ctx}");
            if !wdl {
                assert_eq!(net, start["value"]["score"].as_i64().unwrap(), "{ctx}");
            }
        }
        other => panic!("line ended by {other}: {ctx}"),
    }
    // The winner agrees with the outcome claimed for the start.
    let start_name = if start_side == "S" { "south" } else { "north" };
    match start["outcome"].as_str().unwrap() {
        "win" => assert_eq!(line["winner"], start_name, "{ctx}"),
        "draw" => assert!(line["winner"].is_null(), "{ctx}"),
        _ => assert!(
            line["winner"].is_string() && line["winner"] != start_name,
            "{ctx}"
        ),
    }
    line
}

#[test]
fn mainline_plays_perfectly_to_the_end() {
    let db = tablebase();
    let server = Server::start(db, &[]);
    // S1: the one seed makes S2 = 4 with the last seed (binikh): South captures 4 and North
    // then takes its own 4 (see `analyse_errors`), a draw; the rest is checked by the rules.
    let line = check_mainline(&server, db, "rio-kadalis", "0,0,1,1,1,1/1,3,0,0,0,0 S");
    assert_eq!(line["steps"][0]["move"], "1");
    assert_eq!(
        line["steps"][0]["captured"],
        json!({"south": 4, "north": 0})
    );
    // A won four-row ending, long enough to exercise the depth rule.
    let line = check_mainline(
        &server,
        db,
        "hawalis",
        "0,0,0,0,0,0,0/0,0,0,0,0,0,1/1,0,0,0,0,1,0/0,0,0,0,0,0,0 S",
    );
    assert_eq!(line["value"], json!({"result": "win", "depth": 16}));
    assert_eq!(line["winner"], "south");
    // A game already over: no steps, the final totals.
    let line = check_mainline(
        &server,
        db,
        "rio-kadalis",
        "0,0,0,0,0,0/0,0,0,0,0,0 N 30-18",
    );
    assert_eq!(line["steps"], json!([]));
    assert_eq!(line["totals"], json!({"south": 30, "north": 18}));
    assert_eq!(line["winner"], "south");
    // Random positions of every solved variant.
    let mut rng = Lcg(11);
    let mut ends = std::collections::BTreeMap::new();
    for i in 0..8 {
        let p = random_two_row(&mut rng, 6, 4 * (1 + i % 3), 16);
        let line = check_mainline(&server, db, "rio-kadalis", &p);
        *ends
            .entry(line["end"].as_str().unwrap().to_owned())
            .or_insert(0) += 1;
    }
    for i in 0..8 {
        let p = random_two_row(&mut rng, 7, 2 * (1 + i % 4), 30);
        let line = check_mainline(&server, db, "al-manqala", &p);
        *ends
            .entry(line["end"].as_str().unwrap().to_owned())
            .or_insert(0) += 1;
    }
    for _ in 0..4 {
        check_mainline(&server, db, "hawalis", &random_hawalis(&mut rng));
    }
    assert!(ends.contains_key("game_over"), "{ends:?}");
}

#[test]
fn mainline_of_endless_play_stops_at_the_first_repetition() {
    let db = tablebase();
    let server = Server::start(db, &[]);
    // Al-manqala, one seed each: South S3, North N3. Only a seed sown onto the other makes a 2
    // (a capture); neither side can force that, so the value is that of endless play and the
    // line goes round until a position comes back.
    let line = check_mainline(&server, db, "al-manqala", "0,0,0,0,1,0,0/0,0,1,0,0,0,0 S");
    assert_eq!(line["end"], "repetition");
    assert_eq!(line["endless"], true);
    assert_eq!(line["value"], json!({"score": 0, "depth": null}));
    assert!(line["winner"].is_null());
    for step in line["steps"].as_array().unwrap() {
        assert_eq!(step["value"], json!({"score": 0, "depth": null}), "{line}");
    }
}

/// The verdict the API documents, computed here from the values `eval` gives.
fn expected_verdict(wdl: bool, loss: i64, before: &str, after: &str) -> &'static str {
    if loss == 0 {
        return "best";
    }
    if before == "win" && after != "win" {
        return "blunder";
    }
    let by_loss = if wdl {
        "mistake"
    } else {
        match loss {
            1..=2 => "inaccuracy",
            3..=5 => "mistake",
            _ => "blunder",
        }
    };
    if before == "draw" && after == "loss" && by_loss == "inaccuracy" {
        "mistake"
    } else {
        by_loss
    }
}

/// `value` as a number: the score, or 1/0/-1 for win/draw/loss.
fn points(v: &Value) -> i64 {
    match v["result"].as_str() {
        Some("win") => 1,
        Some("draw") => 0,
        Some(_) => -1,
        None => v["score"].as_i64().unwrap(),
    }
}

/// The result for the mover of a move's value, given the CAPTURED field of the position.
fn outcome_of(wdl: bool, value: &Value, position: &str, side: &str) -> &'static str {
    let p = points(value);
    let m = if wdl {
        p
    } else {
        let c: Vec<i64> = position
            .split(' ')
            .nth(2)
            .unwrap_or("0-0")
            .split('-')
            .map(|x| x.parse().unwrap())
            .collect();
        let (mine, theirs) = if side == "S" {
            (c[0], c[1])
        } else {
            (c[1], c[0])
        };
        mine + p - theirs
    };
    match m.signum() {
        1 => "win",
        0 => "draw",
        _ => "loss",
    }
}

#[test]
fn analyse_a_hand_worked_blunder() {
    let db = tablebase();
    let server = Server::start(db, &[]);
    // Rio Kadalis, South to move with S1 = 1, S6 = 3, North's row empty; captured 20-22, so
    // South wins the game only by taking all four seeds (24-22; three would make 23-23).
    // * S1: the seed falls into the empty S2 and the move ends. North has no seed, so no move:
    //   the round ends and each side takes its own row, South all 4: +4 (the most there is),
    //   the game won 24-22.
    // * S6: three seeds go to N1, N2, N3 (the last into an empty pit). South keeps one seed
    //   and cannot take all four back, so the game is no longer won: a blunder, whatever the
    //   seeds it costs.
    let start = "0,0,0,0,0,0/1,0,0,0,0,3 S 20-22";
    let r = server.post(
        "/api/rio-kadalis/analyse",
        json!({"position": start, "moves": ["6"]})
            .to_string()
            .as_bytes(),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let a = r.json();
    let m = &a["moves"][0];
    assert_eq!(m["move"], "6");
    assert_eq!(m["after"], "0,0,0,1,1,1/1,0,0,0,0,0 N 20-22");
    assert_eq!(m["value_before"], json!({"score": 4, "depth": 1}));
    assert_eq!(m["best_value"], json!({"score": 4, "depth": 1}));
    assert_eq!(m["best_moves"], json!(["1"]));
    assert_eq!(m["outcome_before"], "win");
    assert_ne!(m["outcome_after"], "win");
    assert_eq!(m["verdict"], "blunder", "{a}");
    // The kept value is the negation of North's value after the move, as `eval` gives it.
    let north = cli_eval(db, "rio-kadalis", "0,0,0,1,1,1/1,0,0,0,0,0 N 20-22");
    assert_eq!(
        m["value_kept"]["score"],
        -north["value"]["score"].as_i64().unwrap()
    );
    assert_eq!(m["loss"], 4 + north["value"]["score"].as_i64().unwrap());
    assert_eq!(a["summary"]["south"]["blunder"], 1);

    // The winning move is best, and ends the game 24-22.
    let r = server.post(
        "/api/rio-kadalis/analyse",
        json!({"position": start, "moves": [1]})
            .to_string()
            .as_bytes(),
    );
    let a = r.json();
    assert_eq!(a["moves"][0]["verdict"], "best", "{a}");
    assert_eq!(a["moves"][0]["loss"], 0);
    assert_eq!(a["moves"][0]["value_kept"], json!({"score": 4, "depth": 1}));
    assert_eq!(a["moves"][0]["outcome_after"], "win");
    assert_eq!(a["end"], "0,0,0,0,0,0/0,0,0,0,0,0 N 24-22");
    assert_eq!(a["game_over"], json!({"south": 24, "north": 22}));
}

#[test]
fn analyse_a_small_loss_that_throws_away_the_win_is_a_blunder() {
    let db = tablebase();
    let server = Server::start(db, &[]);
    // Al-manqala, South S4 = 1, S5 = 2, North N4 = 1. The tablebase gives S4 +4 and S5 +2; with
    // North 2 seeds ahead (20-22), +4 wins the game and +2 only draws it: S5 loses 2 seeds (an
    // inaccuracy by the seed scale) but throws away the win, so it is a blunder.
    let start = "0,0,0,1,0,0,0/0,0,0,1,2,0,0 S 20-22";
    let e = cli_eval(db, "al-manqala", start);
    let value = |mv: &str| -> i64 {
        let m = e["moves"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["move"] == mv)
            .unwrap();
        m["value"]["score"].as_i64().unwrap()
    };
    assert_eq!((value("4"), value("5")), (4, 2), "{e}");
    let r = server.post(
        "/api/al-manqala/analyse",
        br#"{"position": "0,0,0,1,0,0,0/0,0,0,1,2,0,0_S_20-22", "moves": "5"}"#,
    );
    let a = r.json();
    let m = &a["moves"][0];
    assert_eq!(m["loss"], 2, "{a}");
    assert_eq!(m["outcome_before"], "win");
    assert_eq!(m["outcome_after"], "draw");
    assert_eq!(m["verdict"], "blunder");
    // Without the captured seeds the same move is a mere inaccuracy.
    let r = server.post(
        "/api/al-manqala/analyse",
        br#"{"position": "0,0,0,1,0,0,0/0,0,0,1,2,0,0 S", "moves": ["5"]}"#,
    );
    assert_eq!(r.json()["moves"][0]["verdict"], "inaccuracy");
}

#[test]
fn analyse_random_records_agrees_with_eval() {
    let db = tablebase();
    let server = Server::start(db, &[]);
    let mut rng = Lcg(23);
    let records = [
        ("rio-kadalis", "0,1,2,1,0,3/2,0,1,0,1,1 S 10-14".to_owned()),
        ("rio-kadalis", random_two_row(&mut rng, 6, 12, 0)),
        ("al-manqala", random_two_row(&mut rng, 7, 8, 20)),
        (
            "hawalis",
            "0,0,1,0,0,0,0/0,1,0,0,0,0,0/0,0,0,1,0,0,0/0,0,0,0,1,0,0 S".to_owned(),
        ),
    ];
    for (variant, start) in records {
        let wdl = variant == "hawalis";
        // Play random legal moves, remembering what `eval` said before each.
        let mut evals = Vec::new();
        let mut moves = Vec::new();
        let mut position = cli_eval(db, variant, &start)["position"]
            .as_str()
            .unwrap()
            .to_owned();
        for _ in 0..10 {
            let e = cli_eval(db, variant, &position);
            let list = e["moves"].as_array().unwrap().clone();
            if list.is_empty() {
                break;
            }
            let pick = &list[rng.below(list.len())];
            moves.push(pick["move"].as_str().unwrap().to_owned());
            position = pick["after"].as_str().unwrap().to_owned();
            evals.push((e, pick.clone()));
        }
        let r = server.post(
            &format!("/api/{variant}/analyse"),
            json!({"position": start, "moves": moves})
                .to_string()
                .as_bytes(),
        );
        assert_eq!(r.status, 200, "{variant} {start}: {}", r.body);
        let a = r.json();
        let analysed = a["moves"].as_array().unwrap();
        assert_eq!(analysed.len(), moves.len(), "{a}");
        for (i, (m, (e, pick))) in analysed.iter().zip(&evals).enumerate() {
            let ctx = format!("{variant} {start} move {i}: {m}");
            assert_eq!(m["index"], i, "{ctx}");
            assert_eq!(m["position"], e["position"], "{ctx}");
            assert_eq!(m["side"], e["side"], "{ctx}");
            assert_eq!(m["move"], pick["move"], "{ctx}");
            assert_eq!(m["after"], pick["after"], "{ctx}");
            assert_eq!(m["value_before"], e["value"], "{ctx}");
            assert_eq!(m["best_value"], e["moves"][0]["value"], "{ctx}");
            assert_eq!(m["value_kept"], pick["value"], "{ctx}");
            let loss = points(&e["moves"][0]["value"]) - points(&pick["value"]);
            assert_eq!(m["loss"], loss, "{ctx}");
            let best: Vec<&Value> = e["moves"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|x| x["best"] == true)
                .map(|x| &x["move"])
                .collect();
            assert_eq!(m["best_moves"], json!(best), "{ctx}");
            assert_eq!(m["outcome_before"], e["outcome"], "{ctx}");
            let pos = e["position"].as_str().unwrap();
            let after = outcome_of(wdl, &pick["value"], pos, e["side"].as_str().unwrap());
            assert_eq!(m["outcome_after"], after, "{ctx}");
            let verdict = expected_verdict(wdl, loss, e["outcome"].as_str().unwrap(), after);
            assert_eq!(m["verdict"], verdict, "{ctx}");
        }
        assert_eq!(a["end"], json!(position));
    }
}

// ---------------------------------------------------------------------------------------------
// Errors.

#[test]
fn bad_input_is_a_400_naming_the_field() {
    let server = Server::start(tablebase(), &[]);
    let cases = [
        ("/api/rio-kadalis", "position", "missing"),
        ("/api/rio-kadalis?position=", "position", "ROWS SIDE"),
        ("/api/rio-kadalis?position=1,2_S", "position", "ROWS"),
        (
            "/api/rio-kadalis?position=0,0,0,0,0,0/0,0,0,0,0,4_X",
            "position",
            "SIDE",
        ),
        (
            "/api/rio-kadalis?position=0,0,0,0,0,0/0,0,0,0,0,4_S_1+2",
            "position",
            "CAPTURED",
        ),
        (
            "/api/rio-kadalis?position=0,0,0,0,0,0/0,0,0,0,0,a_S",
            "position",
            "row 2, pit 6",
        ),
        (
            "/api/rio-kadalis?position=0,0,0,0,0,0/0,0,0,0,0,3_S",
            "position",
            "multiple of 4",
        ),
        ("/api/hawalis/mainline?position=0/0_S", "position", "4 rows"),
        (
            "/api/al-manqala/mainline?position=0,0,0,0,0,0,99/0,0,0,0,0,0,0_S",
            "position",
            "at most 98",
        ),
    ];
    for (path, field, says) in cases {
        let body = server.get(path).error(400, Some(field));
        let msg = body["error"].as_str().unwrap();
        assert!(msg.contains(says), "{path}: {msg}");
    }
}

#[test]
fn garbage_is_never_a_server_error() {
    let server = Server::start(tablebase(), &[]);
    let long = "1,".repeat(20_000);
    let paths = [
        "/api/rio-kadalis?position=%00".to_owned(),
        "/api/rio-kadalis?position=%C3%A9%FF".to_owned(),
        "/api/rio-kadalis?position=-1,0,0,0,0,0/0,0,0,0,0,4_S".to_owned(),
        "/api/rio-kadalis?position=99999999999999999999,0,0,0,0,0/0,0,0,0,0,0_S".to_owned(),
        "/api/rio-kadalis?position=0,0,0,0,0,0/0,0,0,0,0,0_S_99999999999-1".to_owned(),
        "/api/rio-kadalis?position=0,0,0,0,0,0/0,0,0,0,0,0__S".to_owned(),
        "/api/rio-kadalis?position=4,4,4,4,4,4/4,4,4,4,4,4_S_0-0_x".to_owned(),
        "/api/rio-kadalis?position=4,4,4,4,4,4/4,4,4,4,4,4_S&position=x".to_owned(),
        "/api/rio-kadalis?%zz".to_owned(),
        format!("/api/rio-kadalis?position={long}"),
        format!("/api/hawalis/mainline?position={long}"),
        "/api/%00?position=1".to_owned(),
        "/api/../etc/passwd".to_owned(),
    ];
    for path in &paths {
        let r = server.get(path);
        assert!(
            (400..500).contains(&r.status),
            "{}: {} {}",
            &path[..path.len().min(80)],
            r.status,
            r.body
        );
        r.json();
    }
    let bodies: [&[u8]; 6] = [
        b"null",
        b"\"moves\"",
        b"{\"moves\": [\"1\", 2, -3]}",
        b"{\"moves\": [1e99]}",
        b"{\"moves\": [\"pass\"], \"position\": \"0,0,0,0,0,0/0,0,0,0,0,4 S\"}",
        &[0xff, 0xfe, 0x00],
    ];
    for body in bodies {
        let r = server.post("/api/rio-kadalis/analyse", body);
        assert!((400..500).contains(&r.status), "{r:?}");
        r.json();
    }
}

#[test]
fn analyse_errors() {
    let server = Server::start(tablebase(), &[]);
    let post = |body: &[u8]| server.post("/api/rio-kadalis/analyse", body);
    // An illegal move: its index, the move, the position and the legal moves. South's 2 sows
    // S3..S5 (the last into an empty pit); North then holds N1..N4 = 1 each and no N6.
    let body = post(br#"{"position": "0,0,1,1,1,1/1,3,0,0,0,0 S", "moves": ["2", "6"]}"#)
        .error(400, Some("moves[1]"));
    assert_eq!(body["index"], 1, "{body}");
    assert_eq!(body["move"], "6");
    assert_eq!(body["position"], "0,0,1,1,1,1/1,0,1,1,1,0 N");
    assert_eq!(body["legal"], json!(["1", "2", "3", "4"]));
    assert!(
        body["error"].as_str().unwrap().contains("not legal"),
        "{body}"
    );
    // A malformed move.
    let body = post(br#"{"position": "0,0,1,1,1,1/1,3,0,0,0,0 S", "moves": ["2", "x"]}"#)
        .error(400, Some("moves[1]"));
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("pit number from 1 to 6"),
        "{body}"
    );
    // A move after the end of the game (North's 4 ends it 4-4).
    let body = post(br#"{"position": "0,0,1,1,1,1/1,3,0,0,0,0 S", "moves": "1 4 2"}"#)
        .error(400, Some("moves[2]"));
    assert_eq!(body["legal"], json!([]));
    // A move of the wrong type.
    post(br#"{"moves": [true]}"#).error(400, Some("moves[0]"));
    post(br#"{"moves": {"a": 1}}"#).error(400, Some("moves"));
    // The body.
    post(b"{not json").error(400, Some("body"));
    post(b"").error(400, Some("body"));
    post(b"[1, 2]").error(400, Some("body"));
    post(br#"{"position": "0,0,1,1,1,1/1,3,0,0,0,0 S"}"#).error(400, Some("moves"));
    post(br#"{"moves": [], "colour": "red"}"#).error(400, Some("colour"));
    post(br#"{"position": 12, "moves": []}"#).error(400, Some("position"));
    let body = post(br#"{"position": "1,2 S", "moves": []}"#).error(400, Some("position"));
    assert!(body["error"].as_str().unwrap().contains("ROWS"), "{body}");
    // Too large: the body, and the number of moves.
    let big = json!({"moves": vec!["1"; 20_000]}).to_string();
    assert!(big.len() > 64 * 1024);
    server
        .post("/api/rio-kadalis/analyse", big.as_bytes())
        .error(413, Some("body"));
    let many = json!({"moves": vec!["1"; 1001]}).to_string();
    assert!(many.len() < 64 * 1024);
    post(many.as_bytes()).error(413, Some("moves"));
}

#[test]
fn not_found_unknown_variant_unsolved_slice_and_routes() {
    let server = Server::start(tablebase(), &[]);
    // Unknown variant: 404 naming it and the valid ids, on every endpoint.
    for path in [
        "/api/kalah-9?position=1_S",
        "/api/kalah-9/mainline?position=1_S",
    ] {
        let body = server.get(path).error(404, Some("variant"));
        let msg = body["error"].as_str().unwrap();
        assert!(
            msg.contains("kalah-9") && msg.contains("rio-kadalis"),
            "{msg}"
        );
    }
    server
        .post("/api/kalah-9/analyse", br#"{"moves": []}"#)
        .error(404, Some("variant"));
    // An unsolved slice: the start position (48 seeds) with only 12 solved.
    let start = "4,4,4,4,4,4/4,4,4,4,4,4_S";
    for path in [
        format!("/api/rio-kadalis?position={start}"),
        format!("/api/rio-kadalis/mainline?position={start}"),
    ] {
        let body = server.get(&path).error(404, Some("position"));
        assert_eq!(body["slice"], "rio-kadalis slice 48", "{body}");
        let solve = body["solve"].as_str().unwrap();
        assert!(
            solve.starts_with("mancala solve rio-kadalis --max-seeds 48 --db "),
            "{solve}"
        );
        assert!(body["error"].as_str().unwrap().contains(solve), "{body}");
    }
    let body = server
        .post("/api/rio-kadalis/analyse", br#"{"moves": ["1"]}"#)
        .error(404, Some("position"));
    assert_eq!(body["slice"], "rio-kadalis slice 48");
    // A variant with nothing solved.
    let body = server
        .get("/api/anywoli?position=0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,4_S")
        .error(404, Some("position"));
    assert!(body["solve"]
        .as_str()
        .unwrap()
        .contains("mancala solve anywoli --max-seeds 4"));
    // Unknown routes and methods: JSON too.
    for path in [
        "/nope",
        "/api",
        "/api/rio-kadalis/nope",
        "/api/rio-kadalis/mainline/x",
    ] {
        let body = server.get(path).error(404, None);
        assert!(body["error"].as_str().unwrap().contains(path), "{body}");
    }
    let r = http(
        server.addr,
        "DELETE",
        "/api/rio-kadalis?position=x",
        &[],
        b"",
    );
    r.error(405, None);
    assert_eq!(r.header("allow"), Some("GET"));
    let r = server.get("/api/rio-kadalis/analyse");
    r.error(405, None);
    assert_eq!(r.header("allow"), Some("POST"));
    // `/` is the web page.
    let page = server.get("/");
    assert_eq!(page.status, 200);
    assert!(
        page.header("content-type")
            .is_some_and(|t| t.starts_with("text/html")),
        "{page:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// Health, description, concurrency, serving.

#[test]
fn healthz_and_openapi() {
    let server = Server::start(tablebase(), &[]);
    let r = server.get("/healthz");
    assert_eq!(r.status, 200);
    assert_eq!(r.json(), json!({"status": "ok"}));
    let r = server.get("/api/openapi.json");
    assert_eq!(r.status, 200);
    let doc = r.json();
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."));
    let paths = doc["paths"].as_object().expect("paths");
    let mut listed: Vec<&str> = paths.keys().map(String::as_str).collect();
    listed.sort_unstable();
    assert_eq!(
        listed,
        [
            "/api/openapi.json",
            "/api/puzzles/next",
            "/api/puzzles/{id}",
            "/api/puzzles/{id}/attempt",
            "/api/variants",
            "/api/{variant}",
            "/api/{variant}/analyse",
            "/api/{variant}/mainline",
            "/healthz"
        ]
    );
    assert!(paths["/api/{variant}/analyse"]["post"].is_object());
    for p in ["/api/{variant}", "/api/{variant}/mainline"] {
        let params = paths[p]["get"]["parameters"].as_array().unwrap();
        assert!(params.iter().any(|x| x["name"] == "position"), "{p}");
        let responses = &paths[p]["get"]["responses"];
        for code in ["200", "400", "404"] {
            assert!(responses[code].is_object(), "{p} {code}");
        }
    }
    assert!(paths["/api/{variant}/analyse"]["post"]["responses"]["413"].is_object());
    for schema in [
        "Error",
        "Evaluation",
        "Mainline",
        "Analysis",
        "Record",
        "Variants",
    ] {
        assert!(doc["components"]["schemas"][schema].is_object(), "{schema}");
    }
    // One log line per request, on standard error.
    let log = server.log();
    assert!(log.contains("\"GET /healthz HTTP/1.1\" 200"), "{log}");
    assert!(
        log.contains("\"GET /api/openapi.json HTTP/1.1\" 200"),
        "{log}"
    );
}

#[test]
fn concurrent_clients_get_identical_correct_answers() {
    let db = tablebase();
    let server = Server::start(db, &[]);
    let mut rng = Lcg(31);
    let positions: Vec<String> = (0..12)
        .map(|i| random_two_row(&mut rng, 6, 4 * (1 + i % 3), 0))
        .collect();
    let expected: Vec<Value> = positions
        .iter()
        .map(|p| cli_eval(db, "rio-kadalis", p))
        .collect();
    let addr = server.addr;
    let started = Instant::now();
    std::thread::scope(|scope| {
        for client in 0..8 {
            let (positions, expected) = (&positions, &expected);
            scope.spawn(move || {
                for round in 0..30 {
                    let i = (client * 7 + round) % positions.len();
                    let r = http(
                        addr,
                        "GET",
                        &format!("/api/rio-kadalis?position={}", q(&positions[i])),
                        &[],
                        b"",
                    );
                    assert_eq!(r.status, 200, "{}", r.body);
                    assert_eq!(r.json(), expected[i], "client {client} round {round}");
                    if round % 10 == 0 {
                        let r = http(addr, "GET", "/healthz", &[], b"");
                        assert_eq!(r.status, 200);
                    }
                }
            });
        }
    });
    assert!(started.elapsed() < Duration::from_secs(30));
}

/// Sends SIGINT (Ctrl-C) to a process.
fn interrupt(child: &Child) {
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
}

/// Waits for a child to exit, at most `limit`.
fn wait_for(child: &mut Child, limit: Duration) -> Option<std::process::ExitStatus> {
    let started = Instant::now();
    while started.elapsed() < limit {
        if let Some(status) = child.try_wait().expect("try_wait") {
            return Some(status);
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    None
}

#[test]
fn serve_builds_the_tablebase_on_a_fresh_machine_then_reuses_it() {
    let db = scratch("fresh").join("fresh.db");
    let _ = std::fs::remove_file(&db);
    // A fresh database: serve builds every variant first (here only up to 4 seeds, to be quick).
    let mut server = Server::start(&db, &["--max-seeds", "4"]);
    let log = server.log();
    assert!(log.contains("building the default tablebase"), "{log}");
    let variants = server.get("/api/variants").json();
    for v in variants["variants"].as_array().unwrap() {
        let id = v["id"].as_str().unwrap();
        assert!(log.contains(&format!("{id}: solving")), "{id}: {log}");
        assert_eq!(v["solved"]["max_seeds"], 4, "{v}");
    }
    let r = server.get("/api/anywoli?position=0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,1,3_S");
    assert_eq!(r.status, 200, "{}", r.body);
    // Ctrl-C stops it cleanly.
    interrupt(&server.child);
    let status = wait_for(&mut server.child, Duration::from_secs(15)).expect("stops on Ctrl-C");
    assert!(status.success(), "{status:?}: {}", server.log());
    drop(server);

    // A second start reuses the database: nothing is solved again.
    let server = Server::start(&db, &["--max-seeds", "4"]);
    let log = server.log();
    assert!(!log.contains("building"), "{log}");
    assert!(!log.contains("solving"), "{log}");
    assert_eq!(server.get("/api/variants").json(), variants);
}

#[test]
fn serve_reports_a_port_in_use() {
    let db = tablebase();
    let server = Server::start(db, &[]);
    let out = Command::new(BIN)
        .args(["serve", "--bind", &server.addr.to_string(), "--db"])
        .arg(db)
        .output()
        .expect("serve runs");
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("cannot listen on"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

// ---------------------------------------------------------------------------------------------
// Puzzles. `serve` generates a starter set on a database without puzzles; the definition of
// each puzzle is checked in the puzzles crate's tests, the routes here.

/// The first winning move of a puzzle according to `mancala eval` (a separate process), and a
/// legal move that loses the game (by the same evaluation), if any.
fn winning_and_losing(db: &Path, variant: &str, position: &str) -> (Vec<String>, Option<String>) {
    let e = cli_eval(db, variant, position);
    let captured: Vec<i64> = position
        .split(' ')
        .nth(2)
        .map(|c| c.split('-').map(|x| x.parse().unwrap()).collect())
        .unwrap_or(vec![0, 0]);
    let wdl = e["value"]["result"].is_string();
    let wins = |m: &Value| {
        if wdl {
            m["value"]["result"] == "win"
        } else {
            // South to move: its captured plus the move's value against North's.
            captured[0] + m["value"]["score"].as_i64().unwrap() > captured[1]
        }
    };
    let moves = e["moves"].as_array().unwrap();
    let winning = moves
        .iter()
        .filter(|m| wins(m))
        .map(|m| m["move"].as_str().unwrap().to_owned())
        .collect();
    let losing = moves
        .iter()
        .find(|m| !wins(m))
        .map(|m| m["move"].as_str().unwrap().to_owned());
    (winning, losing)
}

#[test]
fn puzzles_are_served_without_their_solution_and_attempts_are_judged_and_rated() {
    let db = scratch("puzzles").join("p.db");
    std::fs::copy(tablebase(), &db).unwrap();
    let server = Server::start(&db, &[]);

    // A puzzle to solve: no solution, South to move, a position of the variant.
    let next = server.get("/api/puzzles/next?variant=rio-kadalis");
    assert_eq!(next.status, 200, "{}", next.body);
    let p = next.json();
    assert!(p.get("solution").is_none(), "{p}");
    assert_eq!(p["variant"], "rio-kadalis");
    assert_eq!(p["side"], "S");
    let id = p["id"].as_i64().unwrap();
    let position = p["position"].as_str().unwrap().to_owned();
    assert!(position.contains(" S "), "{position}");

    // By id: the solution, whose first move is the only winning move by `mancala eval`.
    let full = server.get(&format!("/api/puzzles/{id}")).json();
    let solution: Vec<String> = full["solution"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_owned())
        .collect();
    let (winning, losing) = winning_and_losing(&db, "rio-kadalis", &position);
    // The solution's first move wins (and is the best: other winning moves, if any, give up at
    // least 4 seeds, which the puzzles crate's tests check).
    assert!(winning.contains(&solution[0]), "{position}: {winning:?}");

    // The first move, right: the opponent answers with the stored line's reply.
    let r = server
        .post(
            &format!("/api/puzzles/{id}/attempt"),
            json!({"moves": [solution[0]]}).to_string().as_bytes(),
        )
        .json();
    assert_eq!(r["correct"], true, "{r}");
    if solution.len() > 2 {
        assert_eq!(r["complete"], false, "{r}");
        assert_eq!(r["reply"], solution[1].as_str(), "{r}");
        assert!(r.get("rating").is_none(), "not rated before the end: {r}");
    }

    // The whole solution (the solver's moves): solved, recorded, and the puzzle loses rating.
    let mine: Vec<&String> = solution.iter().step_by(2).collect();
    let done = server
        .post(
            &format!("/api/puzzles/{id}/attempt"),
            json!({"moves": mine, "rating": 1500})
                .to_string()
                .as_bytes(),
        )
        .json();
    assert_eq!(
        (done["correct"].clone(), done["complete"].clone()),
        (json!(true), json!(true)),
        "{done}"
    );
    let old = full["rating"].as_f64().unwrap();
    let after_solve = done["rating"].as_f64().unwrap();
    assert!(after_solve < old, "{old} -> {after_solve}");
    let reread = server.get(&format!("/api/puzzles/{id}")).json();
    // A one-move line was already solved (and recorded) by the first attempt above.
    let plays = if solution.len() > 2 { 1 } else { 2 };
    assert_eq!(reread["plays"], plays, "{reread}");
    assert_eq!(reread["rating"].as_f64().unwrap(), after_solve);

    // A losing first move: wrong, with the winning move named, and the puzzle gains rating.
    if let Some(bad) = losing {
        let failed = server
            .post(
                &format!("/api/puzzles/{id}/attempt"),
                json!({"moves": [bad]}).to_string().as_bytes(),
            )
            .json();
        assert_eq!(failed["correct"], false, "{failed}");
        assert_eq!(failed["wrong_move"], 0, "{failed}");
        assert_eq!(failed["winning_moves"], json!(winning), "{failed}");
        assert_eq!(failed["solution"], full["solution"], "{failed}");
        assert!(failed["rating"].as_f64().unwrap() > after_solve, "{failed}");
    }

    // Errors.
    server.get("/api/puzzles/999999").error(404, Some("id"));
    server.get("/api/puzzles/abc").error(400, Some("id"));
    server
        .get("/api/puzzles/next?variant=chess")
        .error(404, Some("variant"));
    server
        .get("/api/puzzles/next?min_rating=high")
        .error(400, Some("min_rating"));
    server
        .get("/api/puzzles/next?theme=noSuchTheme")
        .error(404, Some("id"));
    server
        .post(&format!("/api/puzzles/{id}/attempt"), b"{\"mvs\": []}")
        .error(400, Some("body"));
    server
        .post(&format!("/api/puzzles/{id}/attempt"), b"not json")
        .error(400, Some("body"));
    let illegal = server
        .post(
            &format!("/api/puzzles/{id}/attempt"),
            b"{\"moves\": [\"9\"]}",
        )
        .error(400, Some("moves[0]"));
    assert_eq!(illegal["index"], 0, "{illegal}");
    let big = format!("{{\"moves\": [\"{}\"]}}", "1".repeat(70_000));
    server
        .post(&format!("/api/puzzles/{id}/attempt"), big.as_bytes())
        .error(413, Some("body"));
    // A rating filter that matches: every puzzle served is in range.
    for _ in 0..5 {
        let p = server
            .get("/api/puzzles/next?min_rating=1000&max_rating=1400")
            .json();
        let r = p["rating"].as_f64().unwrap();
        assert!((1000.0..=1400.0).contains(&r), "{p}");
    }
}

// ---------------------------------------------------------------------------------------------
// Kalah outside the solved slices: the API answers by the exact search, within its budget.

#[test]
fn kalah_outside_the_tablebase_is_searched_and_agrees_with_a_full_solve() {
    let dir = scratch("kalah");
    let solve = |db: &Path, seeds: &str| {
        let out = Command::new(BIN)
            .args(["solve", "kalah-4", "--max-seeds", seeds, "--quiet", "--db"])
            .arg(db)
            .output()
            .expect("mancala solve runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    // Kalah(4, 2): 16 seeds. One tablebase holds every slice up to 16 (the retrograde answer),
    // the served one only up to 8, so the service must search from 16 down to 8.
    let full = dir.join("full.db");
    let partial = dir.join("partial.db");
    solve(&full, "16");
    solve(&partial, "8");
    let start = "2,2,2,2/2,2,2,2 S";
    let truth = cli_eval(&full, "kalah-4", start);
    assert!(truth.get("source").is_none(), "{truth}");

    let server = Server::start(&partial, &[]);
    let r = server.get(&format!("/api/kalah-4?position={}", q(start)));
    assert_eq!(r.status, 200, "{}", r.body);
    let searched = r.json();
    assert_eq!(searched["source"], "search", "{searched}");
    assert_eq!(
        searched["value"]["score"], truth["value"]["score"],
        "{searched}"
    );
    // Every move's value too (searched values carry no depth, so the order of equal values
    // may differ: compare by move).
    let by_move = |e: &Value| -> std::collections::BTreeMap<String, Value> {
        e["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                (
                    m["move"].as_str().unwrap().to_owned(),
                    m["value"]["score"].clone(),
                )
            })
            .collect()
    };
    assert_eq!(by_move(&searched), by_move(&truth));
    // Irving, Donkers and Uiterwijk: Kalah(4, 2) is a first-player win.
    assert!(truth["value"]["score"].as_i64().unwrap() > 0, "{truth}");
}
