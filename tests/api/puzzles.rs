//! Puzzles and players. `serve` generates a starter set on a database without puzzles; the
//! definition of each puzzle is checked in the puzzles crate's tests, the routes here, against
//! `mancala eval` (a separate process) and the database file read with SQL.

use std::path::{Path, PathBuf};

use serde_json::{json, Value};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use crate::common::bin::run_db;
use crate::common::eval::{eval_json, outcome};
use crate::common::http::{http, Response, Server};
use crate::common::scratch::{scratch, tablebase_with_shapes};
use crate::small_tablebase;

/// A copy of the small tablebase served, with its starter puzzles.
fn served(name: &str) -> (PathBuf, Server) {
    let db = scratch(name).join("p.db");
    std::fs::copy(small_tablebase(), &db).unwrap();
    let server = Server::start(&db, &[]);
    (db, server)
}

/// The winning moves of a position with South to move according to `mancala eval`, and a
/// legal move that loses the game (by the same evaluation), if any.
fn winning_and_losing(db: &Path, variant: &str, position: &str) -> (Vec<String>, Option<String>) {
    let e = eval_json(db, variant, position);
    let wdl = e["value"]["result"].is_string();
    let moves = e["moves"].as_array().unwrap();
    let (winning, losing): (Vec<_>, Vec<_>) = moves
        .iter()
        .partition(|m| outcome(wdl, position, &m["value"]) == "win");
    let text = |m: &Value| m["move"].as_str().unwrap().to_owned();
    (
        winning.into_iter().map(text).collect(),
        losing.into_iter().next().map(text),
    )
}

/// The strings of a JSON array.
fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap_or_else(|| panic!("not an array: {v}"))
        .iter()
        .map(|m| m.as_str().unwrap().to_owned())
        .collect()
}

/// South's moves to find along a puzzle's solution, by `mancala eval`: its moves from positions
/// with two legal moves or more. Checks on the way that each such position has a move that
/// loses the game (a decision) and that the first one is such a position.
fn decisions(db: &Path, puzzle: &Value) -> Vec<String> {
    let variant = puzzle["variant"].as_str().unwrap();
    let mut pos = puzzle["position"].as_str().unwrap().to_owned();
    let mut found = Vec::new();
    for (i, mv) in strings(&puzzle["solution"]).into_iter().enumerate() {
        let e = eval_json(db, variant, &pos);
        let moves = e["moves"].as_array().unwrap();
        if e["side"] == "S" {
            if moves.len() >= 2 {
                let (_, losing) = winning_and_losing(db, variant, &pos);
                assert!(losing.is_some(), "{puzzle}: move {i} decides nothing");
                found.push(mv.clone());
            } else {
                assert!(i > 0, "{puzzle}: the first move is forced");
            }
        }
        let next = moves.iter().find(|m| m["move"] == mv.as_str()).unwrap();
        pos = next["after"].as_str().unwrap().to_owned();
    }
    found
}

/// A new player's token.
fn new_player(server: &Server) -> String {
    let r = server.post("/api/players", b"{}");
    assert_eq!(r.status, 201, "{}", r.body);
    let p = r.json();
    assert_eq!(
        (p["rating"].clone(), p["streak"].clone()),
        (json!(1500.0), json!(0))
    );
    let token = p["token"].as_str().unwrap().to_owned();
    assert_eq!(token.len(), 32, "{token}");
    token
}

/// `METHOD PATH` as the player with `token`, with a JSON body.
fn as_player(server: &Server, method: &str, path: &str, token: &str, body: &[u8]) -> Response {
    let auth = format!("Bearer {token}");
    let headers = [
        ("Content-Type", "application/json"),
        ("Authorization", auth.as_str()),
    ];
    http(server.addr, method, path, &headers, body)
}

/// The moves body of an attempt.
fn moves(ms: &[String]) -> Vec<u8> {
    json!({ "moves": ms }).to_string().into_bytes()
}

#[test]
fn puzzles_are_decisions_served_without_spoilers_and_judged() {
    let (db, server) = served("puzzles");
    // A puzzle to solve: no solution and no themes, South to move.
    let next = server.get("/api/puzzles/next?variant=rio-kadalis");
    assert_eq!(next.status, 200, "{}", next.body);
    let p = next.json();
    assert!(
        p.get("solution").is_none() && p.get("themes").is_none(),
        "{p}"
    );
    assert_eq!(
        (p["variant"].clone(), p["side"].clone()),
        (json!("rio-kadalis"), json!("S"))
    );
    let id = p["id"].as_i64().unwrap();
    let attempt = format!("/api/puzzles/{id}/attempt");

    // By id: the solution and themes; its first move wins by `mancala eval`.
    let full = server.get(&format!("/api/puzzles/{id}")).json();
    let position = full["position"].as_str().unwrap();
    let (winning, losing) = winning_and_losing(&db, "rio-kadalis", position);
    let solution = strings(&full["solution"]);
    assert!(winning.contains(&solution[0]), "{position}: {winning:?}");
    assert!(full["themes"].is_array(), "{full}");
    let mine = decisions(&db, &full);
    assert_eq!(full["moves_to_find"], mine.len(), "{full}");

    // The first move, right: no rating, no themes yet.
    let r = server.post(&attempt, &moves(&mine[..1])).json();
    assert_eq!(r["correct"], true, "{r}");
    if mine.len() > 1 {
        assert_eq!(r["complete"], false, "{r}");
        assert!(
            r.get("themes").is_none() && r.get("rating").is_none(),
            "{r}"
        );
        // North's reply is the stored line's next move.
        assert_eq!(
            r["auto_played"][0],
            json!({"side": "N", "move": solution[1]}),
            "{r}"
        );
    }
    // Every move to find: solved, and the themes are shown; without a player nothing is rated.
    let done = server.post(&attempt, &moves(&mine)).json();
    assert_eq!(
        (done["correct"].clone(), done["complete"].clone()),
        (json!(true), json!(true)),
        "{done}"
    );
    assert_eq!(done["themes"], full["themes"], "{done}");
    assert_eq!(
        (done["rated"].clone(), done["rating"].clone()),
        (json!(false), full["rating"].clone())
    );
    assert!(done.get("player").is_none(), "{done}");

    // A losing first move (every puzzle has one: its first move is a decision).
    let bad = losing.expect("a decision has a losing move");
    let failed = server.post(&attempt, &moves(&[bad])).json();
    assert_eq!(
        (failed["correct"].clone(), failed["wrong_move"].clone()),
        (json!(false), json!(0))
    );
    assert_eq!(failed["winning_moves"], json!(winning), "{failed}");
    assert_eq!(failed["solution"], full["solution"], "{failed}");
    assert_eq!(server.get(&format!("/api/puzzles/{id}")).json()["plays"], 0);
}

#[test]
fn no_served_puzzle_counts_a_forced_move() {
    let (db, server) = served("forced");
    let mut id = 1;
    loop {
        let r = server.get(&format!("/api/puzzles/{id}"));
        if r.status == 404 {
            break;
        }
        let p = r.json();
        assert_eq!(p["moves_to_find"], decisions(&db, &p).len(), "{p}");
        id += 1;
    }
    assert!(id > 20, "the starter set has puzzles");
}

#[test]
fn only_a_players_first_finished_attempt_rates_and_the_dashboard_adds_up() {
    let (db, server) = served("players");
    let token = new_player(&server);
    // Near the player's rating (1500): the nearest puzzles it has not tried.
    let p = as_player(
        &server,
        "GET",
        "/api/puzzles/next?variant=rio-kadalis",
        &token,
        b"",
    )
    .json();
    let id = p["id"].as_i64().unwrap();
    let full = server.get(&format!("/api/puzzles/{id}")).json();
    let (_, losing) = winning_and_losing(&db, "rio-kadalis", full["position"].as_str().unwrap());
    let attempt = format!("/api/puzzles/{id}/attempt");
    // First finished attempt: a wrong move. The puzzle gains, the player loses.
    let first = as_player(
        &server,
        "POST",
        &attempt,
        &token,
        &moves(&[losing.unwrap()]),
    )
    .json();
    assert_eq!(first["rated"], true, "{first}");
    let after = first["rating"].as_f64().unwrap();
    assert!(after > full["rating"].as_f64().unwrap(), "{first}");
    let player_after = first["player"]["rating"].as_f64().unwrap();
    assert!(player_after < 1500.0, "{first}");
    // The replay, solved: recorded, rates nothing; so does giving up.
    let mine = decisions(&db, &full);
    for body in [
        moves(&mine),
        json!({"moves": [], "give_up": true})
            .to_string()
            .into_bytes(),
    ] {
        let again = as_player(&server, "POST", &attempt, &token, &body).json();
        assert_eq!(again["rated"], false, "{again}");
        assert_eq!(again["rating"].as_f64().unwrap(), after, "{again}");
        assert_eq!(again["player"]["rating"].as_f64().unwrap(), player_after);
    }
    assert_eq!(server.get(&format!("/api/puzzles/{id}")).json()["plays"], 1);
    // The dashboard: one failure, under each of the puzzle's themes.
    let me = as_player(&server, "GET", "/api/players/me", &token, b"").json();
    assert_eq!(
        (me["solved"].clone(), me["failed"].clone()),
        (json!(0), json!(1)),
        "{me}"
    );
    assert_eq!(me["rating"].as_f64().unwrap(), player_after);
    // One rated attempt: the history is the rating after it, the rating now.
    assert_eq!(me["history"], json!([player_after]), "{me}");
    let themes: Vec<Value> = strings(&full["themes"])
        .into_iter()
        .map(|t| json!({"theme": t, "solved": 0, "failed": 1}))
        .collect();
    let mut shown = me["themes"].as_array().unwrap().clone();
    let mut want = themes;
    let by_name = |a: &Value, b: &Value| a["theme"].as_str().cmp(&b["theme"].as_str());
    shown.sort_by(by_name);
    want.sort_by(by_name);
    assert_eq!(shown, want, "{me}");
    // A second player gives up at once: rated, as a failure, with the solution.
    let other = new_player(&server);
    let body = json!({"moves": [], "give_up": true}).to_string();
    let gave_up = as_player(&server, "POST", &attempt, &other, body.as_bytes()).json();
    assert_eq!(
        (gave_up["rated"].clone(), gave_up["solution"].clone()),
        (json!(true), full["solution"].clone())
    );
    assert!(gave_up["rating"].as_f64().unwrap() > after, "{gave_up}");
    // Tokens: a made-up one, a malformed one, none for the dashboard.
    let nobody = "0".repeat(32);
    as_player(&server, "GET", "/api/players/me", &nobody, b"").error(400, Some("authorization"));
    as_player(&server, "GET", "/api/players/me", "abc", b"").error(400, Some("authorization"));
    // One spelling of one secret: the token in upper case is not the player's.
    let shouted = token.to_ascii_uppercase();
    assert_ne!(
        shouted, token,
        "a token of decimal digits only cannot be shouted"
    );
    let e = as_player(&server, "GET", "/api/players/me", &shouted, b"")
        .error(400, Some("authorization"));
    assert!(e["error"].as_str().unwrap().contains("lower-case"), "{e}");
    server
        .get("/api/players/me")
        .error(400, Some("authorization"));
}

#[test]
fn two_hundred_concurrent_first_attempts_lose_nothing() {
    let (db, server) = served("concurrent");
    let p = server.get("/api/puzzles/next?variant=rio-kadalis").json();
    let id = p["id"].as_i64().unwrap();
    let full = server.get(&format!("/api/puzzles/{id}")).json();
    let (_, losing) = winning_and_losing(&db, "rio-kadalis", full["position"].as_str().unwrap());
    let (wrong, right) = (vec![losing.unwrap()], decisions(&db, &full));
    let tokens: Vec<String> = (0..200).map(|_| new_player(&server)).collect();
    let conn = rusqlite::Connection::open(&db).unwrap();
    let start: (f64, f64, f64) = conn
        .query_row(
            "SELECT rating, rating_deviation, volatility FROM puzzles WHERE id = ?1",
            [id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap();
    let attempt = format!("/api/puzzles/{id}/attempt");
    std::thread::scope(|scope| {
        for (i, token) in tokens.iter().enumerate() {
            let body = moves(if i % 3 == 0 { &wrong } else { &right });
            let (server, attempt) = (&server, &attempt);
            scope.spawn(move || {
                let r = as_player(server, "POST", attempt, token, &body);
                assert_eq!(r.json()["rated"], true, "{}", r.body);
            });
        }
    });
    assert_eq!(
        server.get(&format!("/api/puzzles/{id}")).json()["plays"],
        200
    );
    // The same 200 Glicko-2 updates (each player a newcomer), one after another in the order
    // the attempts were committed.
    let mut stmt = conn
        .prepare(
            "SELECT solved, rating_before FROM puzzle_attempts WHERE puzzle_id = ?1 ORDER BY id",
        )
        .unwrap();
    let rows: Vec<(bool, f64)> = stmt
        .query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(rows.len(), 200);
    let newcomer = Glicko2Rating {
        rating: 1500.0,
        deviation: 350.0,
        volatility: 0.06,
    };
    let mut puzzle = Glicko2Rating {
        rating: start.0,
        deviation: start.1,
        volatility: start.2,
    };
    for (solved, before) in rows {
        assert_eq!(before, puzzle.rating);
        let outcome = if solved {
            Outcomes::LOSS
        } else {
            Outcomes::WIN
        };
        puzzle = glicko2(&puzzle, &newcomer, &outcome, &Glicko2Config::new()).0;
    }
    let stored: (f64, f64) = conn
        .query_row(
            "SELECT rating, rating_deviation FROM puzzles WHERE id = ?1",
            [id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(stored, (puzzle.rating, puzzle.deviation));
}

#[test]
fn a_streak_rises_and_the_daily_puzzle_is_everyones() {
    let (db, server) = served("modes");
    let (a, b) = (new_player(&server), new_player(&server));
    let daily = |token: &str| {
        as_player(
            &server,
            "GET",
            "/api/puzzles/daily?variant=hawalis",
            token,
            b"",
        )
        .json()
    };
    let (da, dbb) = (daily(&a), daily(&b));
    assert_eq!(da["id"], dbb["id"], "{da} {dbb}");
    assert!(da.get("themes").is_none(), "{da}");
    assert_eq!(
        server.get("/api/puzzles/daily?variant=hawalis").json()["id"],
        da["id"]
    );
    server.get("/api/puzzles/daily").error(400, Some("variant"));
    server
        .get("/api/puzzles/daily?variant=chess")
        .error(400, Some("variant"));

    // A streak: solve the first puzzle, the next is rated above it; a give-up ends it, the
    // best streak stays.
    let streak = "/api/puzzles/next?variant=al-manqala&mode=streak";
    let first = as_player(&server, "GET", streak, &a, b"").json();
    let again = as_player(&server, "GET", streak, &a, b"").json();
    assert_eq!(
        again["id"], first["id"],
        "asked twice before an attempt: the same puzzle"
    );
    let full = server.get(&format!("/api/puzzles/{}", first["id"])).json();
    let attempt = |p: &Value, body: &[u8]| {
        let path = format!("/api/puzzles/{}/attempt", p["id"]);
        as_player(&server, "POST", &path, &a, body).json()
    };
    let solved = attempt(&first, &moves(&decisions(&db, &full)));
    assert_eq!(solved["complete"], true, "{solved}");
    assert_eq!(
        (
            solved["player"]["streak"].clone(),
            solved["player"]["best_streak"].clone()
        ),
        (json!(1), json!(1))
    );
    let second = as_player(&server, "GET", streak, &a, b"").json();
    assert!(
        second["rating"].as_f64().unwrap() > first["rating"].as_f64().unwrap(),
        "{first} then {second}"
    );
    let ended = attempt(
        &second,
        json!({"moves": [], "give_up": true}).to_string().as_bytes(),
    );
    assert_eq!(
        (
            ended["player"]["streak"].clone(),
            ended["player"]["best_streak"].clone()
        ),
        (json!(0), json!(1))
    );
    let me = as_player(&server, "GET", "/api/players/me", &a, b"").json();
    assert_eq!(
        (me["streak"].clone(), me["best_streak"].clone()),
        (json!(0), json!(1)),
        "{me}"
    );
    server.get(streak).error(400, Some("authorization"));
}

/// `(South, North)` captured of a position string (`... S 16-16`).
fn captured(position: &str) -> (i64, i64) {
    let c = position.rsplit(' ').next().unwrap();
    let (s, n) = c.split_once('-').expect("CAPTURED given");
    (s.parse().unwrap(), n.parse().unwrap())
}

/// Every legal move of a position beyond the tablebase with its value for the mover, each
/// worked out from `mancala eval --json` of the position after it (a search in another process,
/// which must prove it): the seeds the move gains, plus the value after it (an extra turn) or
/// minus it. `(move, value, position after)`.
fn move_values(db: &Path, variant: &str, position: &str) -> Vec<(String, i64, String)> {
    let run = |p: &str| -> Value {
        let out = run_db(&["eval", variant, p, "--json"], db).ok().to_owned();
        serde_json::from_str(&out).expect("eval prints JSON")
    };
    let e = run(position);
    let south = e["side"] == "S";
    let (s0, n0) = captured(position);
    e["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let after = m["after"].as_str().unwrap().to_owned();
            let child = run(&after);
            assert_eq!(child["exact"], true, "{after}: not proven: {child}");
            let (s1, n1) = captured(&after);
            let gain = if south {
                (s1 - s0) - (n1 - n0)
            } else {
                (n1 - n0) - (s1 - s0)
            };
            let rest = child["value"]["score"].as_i64().unwrap();
            let same_side = child["side"] == e["side"];
            let value = gain + if same_side { rest } else { -rest };
            (m["move"].as_str().unwrap().to_owned(), value, after)
        })
        .collect()
}

/// Puzzles on boards with closed pits (issue 72): generated from the shape tables with
/// `--theme closedPits`, clockwise too, and composed beyond them with `--closed-pits`; served by
/// theme, every one with a closed pit; a variant without closed pits is refused by name.
#[test]
fn closed_pit_puzzles_are_generated_composed_and_served_by_theme() {
    let db = scratch("closed").join("p.db");
    std::fs::copy(tablebase_with_shapes(&[("rio-kadalis", 8)]), &db).unwrap();
    let generate = |variant: &str| {
        let args = [
            "puzzles",
            "generate",
            variant,
            "--theme",
            "closedPits",
            "--count",
            "5",
        ];
        run_db(&[&args[..], &["--quiet"]].concat(), &db)
    };
    for variant in ["rio-kadalis", "rio-kadalis-cw"] {
        let ran = generate(variant);
        assert!(
            ran.ok().is_empty() && ran.stderr.contains("5 new puzzles"),
            "{ran:?}"
        );
    }
    let compose = [
        "puzzles",
        "compose",
        "rio-kadalis-cw",
        "--closed-pits",
        "--seeds",
        "12",
    ];
    let more = ["--min-moves", "1", "--count", "2", "--quiet"];
    let ran = run_db(&[&compose[..], &more[..]].concat(), &db);
    assert!(ran.stderr.contains("2 new problems"), "{ran:?}");
    let says = generate("oware").fails().to_owned();
    assert!(
        says.contains("oware has no pits closed with sand"),
        "{says}"
    );

    let server = Server::start(&db, &[]);
    for (variant, collection) in [
        ("rio-kadalis", "starter"),
        ("rio-kadalis-cw", "starter"),
        ("rio-kadalis-cw", "anuak"),
    ] {
        let query = format!("theme=closedPits&variant={variant}&collection={collection}");
        let p = server.get(&format!("/api/puzzles/next?{query}")).json();
        let full = server.get(&format!("/api/puzzles/{}", p["id"])).json();
        assert_eq!(full["variant"], variant, "{full}");
        assert!(full["position"].as_str().unwrap().contains('x'), "{full}");
        assert!(
            full["themes"]
                .as_array()
                .unwrap()
                .contains(&json!("closedPits")),
            "{full}"
        );
    }
}

/// Anuak problems composed beyond the small tablebase (Rio Kadalis to 12 seeds) by `mancala
/// puzzles compose` are served with `collection=anuak` and judged by their line. Along the
/// solution, `mancala eval` (a search in another process) finds at each South turn exactly the
/// line's move winning the game, and at North's turns the line's reply among North's best.
#[test]
fn anuak_problems_are_served_by_collection_and_judged_by_their_line() {
    let db = scratch("anuak").join("p.db");
    std::fs::copy(small_tablebase(), &db).unwrap();
    run_db(
        &[
            "puzzles",
            "compose",
            "rio-kadalis",
            "--seeds",
            "16",
            "--min-moves",
            "1",
            "--count",
            "3",
            "--quiet",
        ],
        &db,
    )
    .ok();
    let server = Server::start(&db, &[]);
    let p = server
        .get("/api/puzzles/next?collection=anuak&variant=rio-kadalis")
        .json();
    assert_eq!(p["collection"], "anuak", "{p}");
    let id = p["id"].as_i64().unwrap();
    let full = server.get(&format!("/api/puzzles/{id}")).json();
    let solution = strings(&full["solution"]);
    let start = full["position"].as_str().unwrap().to_owned();
    let on_board: u32 = start
        .split(' ')
        .next()
        .unwrap()
        .split(['/', ','])
        .map(|n| n.parse::<u32>().unwrap())
        .sum();
    assert_eq!(on_board, 16, "{start}");

    // The line by the search: the player's moves are South's at turns with a choice.
    let mut pos = start.clone();
    let mut mine = Vec::new();
    let mut first_loser = None;
    for mv in &solution {
        let ms = move_values(&db, "rio-kadalis", &pos);
        let played = ms.iter().find(|m| &m.0 == mv).unwrap().clone();
        if pos.contains(" S ") {
            // South wins the game when its captures plus the move's value beat North's.
            let (s0, n0) = captured(&pos);
            let winning: Vec<&str> = ms
                .iter()
                .filter(|m| s0 + m.1 > n0)
                .map(|m| m.0.as_str())
                .collect();
            assert_eq!(winning, [mv.as_str()], "{pos}: the only winning move");
            if ms.len() >= 2 {
                mine.push(mv.clone());
                if first_loser.is_none() {
                    first_loser = ms.iter().find(|m| &m.0 != mv).map(|m| m.0.clone());
                }
            }
        } else {
            let best = ms.iter().map(|m| m.1).max().unwrap();
            assert_eq!(played.1, best, "{pos}: North's reply is not its best");
        }
        pos = played.2;
    }
    assert_eq!(full["moves_to_find"], mine.len(), "{full}");

    let attempt = format!("/api/puzzles/{id}/attempt");
    let done = server.post(&attempt, &moves(&mine)).json();
    assert_eq!(
        (done["correct"].clone(), done["complete"].clone()),
        (json!(true), json!(true)),
        "{done}"
    );
    let bad = first_loser.expect("the first turn is a choice");
    let failed = server.post(&attempt, &moves(&[bad])).json();
    assert_eq!(
        (failed["correct"].clone(), failed["wrong_move"].clone()),
        (json!(false), json!(0)),
        "{failed}"
    );
    assert_eq!(failed["winning_moves"], json!([solution[0]]), "{failed}");

    // The tablebase's own puzzles are the other collection.
    let starter = server.get("/api/puzzles/next?collection=starter").json();
    assert_eq!(starter["collection"], "starter", "{starter}");
}

/// A first start with Anywoli solved composes Anuak problems for `--compose-seconds` (here
/// through `$MANCALA_COMPOSE_SECONDS`): ten by a scan of the solved 8-seed slice, each with
/// three moves or more to find, served by `collection=anuak`; where the scan stopped is kept, so
/// the next start resumes.
#[test]
fn a_first_start_composes_anuak_problems_and_keeps_where_it_stopped() {
    let (_dir, db) = crate::common::scratch::fresh_tablebase(&[("anywoli", 8)]);
    let mut command = crate::common::bin::mancala();
    command.env("MANCALA_COMPOSE_SECONDS", "20");
    let server = Server::start_as(command, &db, &[]);
    let log = server.log();
    assert!(
        log.contains("composing more for at most 20 s"),
        "the start says it composes: {log}"
    );
    let p = server
        .get("/api/puzzles/next?collection=anuak&variant=anywoli")
        .json();
    assert!(p["moves_to_find"].as_u64().unwrap() >= 3, "{p}");
    drop(server);
    let conn = rusqlite::Connection::open(&db).unwrap();
    let scanned: i64 = conn
        .query_row(
            "SELECT next_candidate FROM compositions
             WHERE variant = 'anywoli' AND collection = 'anuak' AND seeds = '8..8' AND scan = 1",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(scanned > 0, "candidates examined: {scanned}");
    let problems: i64 = conn
        .query_row(
            "SELECT COUNT(*) FROM puzzles WHERE collection = 'anuak'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(problems >= 10, "{problems} Anuak problems");
}

#[test]
fn filter_errors_are_400s_naming_the_parameter() {
    let (_db, server) = served("filters");
    let next = |query: &str| server.get(&format!("/api/puzzles/next?{query}"));
    next("variant=chess").error(400, Some("variant"));
    next("min_rating=high").error(400, Some("min_rating"));
    next("min_rating=-5").error(400, Some("min_rating"));
    next("max_rating=99999").error(400, Some("max_rating"));
    next("min_rating=1600&max_rating=1500").error(400, Some("min_rating"));
    next("theme=noSuchTheme").error(400, Some("theme"));
    next("theme=%25").error(400, Some("theme"));
    next("mode=blitz").error(400, Some("mode"));
    next("collection=anuaq").error(400, Some("collection"));
    server.get("/api/puzzles/999999").error(404, Some("id"));
    server.get("/api/puzzles/abc").error(400, Some("id"));
    let attempt = "/api/puzzles/1/attempt";
    server
        .post(attempt, b"{\"mvs\": []}")
        .error(400, Some("body"));
    server
        .post(attempt, b"{\"moves\": [], \"rating\": 1500}")
        .error(400, Some("body"));
    let illegal = server
        .post(attempt, b"{\"moves\": [\"9\"]}")
        .error(400, Some("moves[0]"));
    assert_eq!(illegal["index"], 0, "{illegal}");
    let big = format!("{{\"moves\": [\"{}\"]}}", "1".repeat(70_000));
    server
        .post(attempt, big.as_bytes())
        .error(413, Some("body"));
    // Filters that match: every puzzle served is in range, and has the theme exactly.
    for _ in 0..5 {
        let p = next("min_rating=1000&max_rating=1400");
        if p.status == 404 {
            continue;
        }
        let r = p.json()["rating"].as_f64().unwrap();
        assert!((1000.0..=1400.0).contains(&r), "{r}");
    }
    let p = next("theme=quiet");
    if p.status == 200 {
        let id = p.json()["id"].clone();
        let full = server.get(&format!("/api/puzzles/{id}")).json();
        assert!(
            strings(&full["themes"]).contains(&"quiet".to_owned()),
            "{full}"
        );
    }
}
