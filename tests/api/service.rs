//! The service itself: health, its OpenAPI description, its log, building the tablebase on a
//! fresh machine, Ctrl-C, and a port already in use.

use std::time::Duration;

use serde_json::json;

use crate::common::bin::run_db;
use crate::common::http::Server;
use crate::common::scratch::scratch;
use crate::common::MIRRORED_IDS;
use crate::small_tablebase;

#[test]
fn healthz_and_openapi() {
    let server = Server::start(small_tablebase(), &[]);
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
            "/api/players",
            "/api/players/me",
            "/api/puzzles/daily",
            "/api/puzzles/next",
            "/api/puzzles/{id}",
            "/api/puzzles/{id}/attempt",
            "/api/status",
            "/api/variants",
            "/api/{variant}",
            "/api/{variant}/analyse",
            "/api/{variant}/analysis",
            "/api/{variant}/certificate",
            "/api/{variant}/mainline",
            "/api/{variant}/match",
            "/healthz"
        ]
    );
    // The served document and the route table the server registers from agree.
    let mut table: Vec<&str> = mancala_api::routes::ROUTES
        .iter()
        .filter(|r| r.is_api())
        .map(|r| r.path)
        .collect();
    table.sort_unstable();
    table.dedup();
    assert_eq!(listed, table);
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
        "Status",
    ] {
        assert!(doc["components"]["schemas"][schema].is_object(), "{schema}");
    }
    // Players send their token as a bearer token, documented once for every route that takes it.
    let scheme = &doc["components"]["securitySchemes"]["player"];
    assert_eq!(
        (scheme["type"].clone(), scheme["scheme"].clone()),
        (json!("http"), json!("bearer"))
    );
    assert_eq!(
        paths["/api/players/me"]["get"]["security"],
        json!([{"player": []}])
    );
    // One log line per request, on standard error.
    let log = server.log();
    assert!(log.contains("\"GET /healthz HTTP/1.1\" 200"), "{log}");
    assert!(
        log.contains("\"GET /api/openapi.json HTTP/1.1\" 200"),
        "{log}"
    );
}

#[test]
fn serve_builds_the_tablebase_on_a_fresh_machine_then_reuses_it() {
    let db = scratch("fresh").join("fresh.db");
    let _ = std::fs::remove_file(&db);
    // A fresh database, asked for: serve builds every variant first (here only up to 4 seeds,
    // to be quick).
    let mut server = Server::start(&db, &["--build", "--max-seeds", "4"]);
    let log = server.log();
    assert!(log.contains("building the default tablebase"), "{log}");
    let variants = server.get("/api/variants").json();
    for v in variants["variants"].as_array().unwrap() {
        let id = v["id"].as_str().unwrap();
        // Clockwise Rio Kadalis is not solved: it reads the counter-clockwise tables.
        let solved = !MIRRORED_IDS.contains(&id);
        assert_eq!(
            log.contains(&format!("{id}: solving")),
            solved,
            "{id}: {log}"
        );
        assert_eq!(v["solved"]["max_seeds"], 4, "{v}");
    }
    let r = server.get("/api/anywoli?position=0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,1,3_S");
    assert_eq!(r.status, 200, "{}", r.body);
    // Ctrl-C stops it cleanly.
    server.process.interrupt();
    let status = server
        .process
        .wait_for(Duration::from_secs(15))
        .expect("stops on Ctrl-C");
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
    let db = small_tablebase();
    let server = Server::start(db, &[]);
    let addr = server.addr.to_string();
    let ran = run_db(&["serve", "--bind", &addr], db);
    assert_eq!(ran.status.code(), Some(1));
    assert!(ran.stderr.contains("cannot listen on"), "{ran:?}");
    assert!(!ran.stderr.contains("panicked"), "{ran:?}");

    // Before any work: asked to build a new file on a port in use, it writes nothing.
    let dir = crate::common::scratch::tempdir();
    let new = dir.path().join("new.db");
    let ran = run_db(&["serve", "--bind", &addr, "--build"], &new);
    assert_eq!(ran.status.code(), Some(1), "{ran:?}");
    assert!(ran.stderr.contains("cannot listen on"), "{ran:?}");
    assert!(!ran.stderr.contains("solving"), "{ran:?}");
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert!(left.is_empty(), "nothing written: {left:?}");
}

#[test]
fn serve_listens_at_once_and_builds_in_the_background() {
    // A new file and the default sizes: minutes of solving, stopped once seen under way.
    let dir = crate::common::scratch::tempdir();
    let db = dir.path().join("new.db");
    let server = Server::launch(crate::common::bin::mancala(), &db, &["--build"]);
    let r = server.get("/healthz");
    assert_eq!(r.status, 200, "{}", r.body);
    let status = server.get("/api/status").json();
    assert_eq!(status["building"], true, "{status}");

    // The build says what it is doing and counts what is done of all it will solve.
    let started = std::time::Instant::now();
    let status = loop {
        let status = server.get("/api/status").json();
        if status["step"] == "building the default tablebase" && status["done"].as_u64() > Some(0) {
            break status;
        }
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "{status} {}",
            server.log()
        );
        std::thread::sleep(Duration::from_millis(100));
    };
    assert!(
        status["total"].as_u64() > status["done"].as_u64(),
        "{status}"
    );
    assert!(
        status["detail"].as_str().unwrap().contains(" slice "),
        "{status}"
    );

    // The step as a code, for the page to word in its own language, on a game of its own.
    assert_eq!(status["code"], "tablebase", "{status}");
    assert_eq!(status["ready"], false, "{status}");
    let on = status["variant"].as_str().unwrap_or_default();
    assert!(
        status["detail"].as_str().unwrap().starts_with(on) && !on.is_empty(),
        "{status}"
    );

    // Meanwhile it answers: a start position is searched (no table yet holds it).
    let r = server.get("/api/kalah?position=4,4,4,4,4,4/4,4,4,4,4,4_S&budget=2000");
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["source"], "search", "{}", r.body);

    // Puzzles are not made yet: a 503 that says so and when to ask again, not a 404 telling
    // the player to make some.
    for path in [
        "/api/puzzles/next?variant=anywoli",
        "/api/puzzles/daily?variant=kalah",
    ] {
        let r = server.get(path);
        assert_eq!(r.status, 503, "{path}: {}", r.body);
        assert_eq!(r.header("retry-after"), Some("10"), "{path}");
        let body = r.json();
        assert_eq!(body["building"], "tablebase", "{path}: {body}");
        let words = body["error"].as_str().unwrap();
        assert!(words.contains("making its starter puzzles"), "{words}");
        assert!(!words.contains("generate some"), "{words}");
    }
}

#[test]
fn serve_does_not_compose_again_where_the_last_run_found_nothing() {
    let (_dir, db) = crate::common::scratch::fresh_tablebase(&[("anywoli", 4)]);
    let server = Server::start(&db, &["--compose-seconds", "3"]);
    let log = server.log();
    assert!(log.contains("composing more"), "{log}");
    drop(server);
    // Every run so far made barren: none of them is run again, so where each stands is kept.
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute("UPDATE compositions SET last_found = 0", [])
        .unwrap();
    let stands = |conn: &rusqlite::Connection| -> Vec<(String, i64, i64)> {
        let mut stmt = conn
            .prepare("SELECT seeds, scan, next_candidate FROM compositions ORDER BY seeds, scan")
            .unwrap();
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)));
        rows.unwrap().map(Result::unwrap).collect()
    };
    let before = stands(&conn);
    assert!(
        before.iter().any(|&(_, _, next)| next > 0),
        "a run examined candidates: {before:?}"
    );
    let server = Server::start(&db, &["--compose-seconds", "3"]);
    let log = server.log();
    assert!(log.contains("found none, so it is not run again"), "{log}");
    assert_eq!(stands(&conn), before, "{log}");
}

#[test]
fn serve_builds_the_opening_books_in_the_background_and_answers_from_them() {
    // A small book budget (the search cap's nodes) keeps the build to a second or so.
    let (_dir, db) = crate::common::scratch::fresh_tablebase(&[("kalah", 4)]);
    let args = ["--book-minutes", "5", "--search-nodes", "3000"];
    let server = Server::start(&db, &args);
    let status = server.get("/api/status").json();
    let finished: Vec<String> = status["finished"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap().to_owned())
        .collect();
    // Kalah's book: every position within two plies of the start, every one searched (none is
    // in a 4-seed table, none was searched before).
    let kalah = finished
        .iter()
        .find(|l| l.starts_with("kalah: book of "))
        .unwrap_or_else(|| panic!("{finished:?}"));
    let count = kalah["kalah: book of ".len()..].split(' ').next().unwrap();
    assert!(kalah.contains("within 2 plies (0 held by the tablebase, 0 already searched)"));
    assert!(kalah.contains(&format!("searched {count} (")), "{kalah}");
    // The start, its six moves and at least one reply to each.
    assert!(count.parse::<usize>().unwrap() >= 13, "{kalah}");
    let r = server.get("/api/kalah?position=4,4,4,4,4,4/4,4,4,4,4,4_S&budget=3000");
    assert_eq!(r.json()["source"], "book", "{}", r.body);
    drop(server);
    // A second start finds the books complete: nothing is built.
    let server = Server::start(&db, &args);
    let status = server.get("/api/status").json();
    let again = status["finished"].as_array().unwrap();
    assert!(
        again
            .iter()
            .all(|l| !l.as_str().unwrap().contains("book of")),
        "{again:?}"
    );
}

#[test]
fn serve_deepens_its_tables_when_idle_and_answers_from_them() {
    let (_dir, db) = crate::common::scratch::fresh_tablebase(&[("al-manqala", 2)]);
    // Deepened to 6 seeds to be quick (the deep sizes take hours); books and problems off.
    let args = [
        "--deepen",
        "on",
        "--deepen-max-seeds",
        "6",
        "--book-minutes",
        "0",
        "--compose-seconds",
        "0",
    ];
    let server = Server::start(&db, &args);
    let status = server.get("/api/status").json();
    let finished: Vec<&str> = status["finished"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    assert!(status["error"].is_null(), "{status}");
    // Every variant deepened: Al-manqala from 2 seeds, the others from nothing.
    let variants = server.get("/api/variants").json();
    for v in variants["variants"].as_array().unwrap() {
        let id = v["id"].as_str().unwrap();
        // The relay games capture by fours: their slices are of 0, 4, 8... seeds.
        let by_fours = id == "anywoli" || id.starts_with("rio-kadalis");
        let largest = if by_fours { 4 } else { 6 };
        assert_eq!(v["solved"]["max_seeds"], largest, "{v}");
        if MIRRORED_IDS.contains(&id) {
            continue; // deepened with the tables it reads
        }
        let line = format!("deepened the tablebase of {id} to {largest} seeds: ");
        assert!(
            finished.iter().any(|l| l.starts_with(&line)),
            "{line} not in {finished:?}"
        );
    }
    // A position of 6 seeds, beyond the 2-seed table the server started with, is answered from
    // the deepened table.
    let r = server.get("/api/al-manqala?position=1,1,1,0,0,0,0/1,1,0,0,0,0,1_S");
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["source"], "tablebase", "{}", r.body);
    drop(server);
    // A second start finds nothing to deepen: no line, no work directory left.
    let server = Server::start(&db, &args);
    let again = server.get("/api/status").json();
    assert!(
        again["finished"]
            .as_array()
            .unwrap()
            .iter()
            .all(|l| !l.as_str().unwrap().contains("deepen")),
        "{again}"
    );
    let mut work = db.clone().into_os_string();
    work.push(".work");
    assert!(
        !std::path::Path::new(&work).exists(),
        "{work:?} left behind"
    );
}

#[test]
fn a_deepening_meets_another_solve_and_stops_with_one_line() {
    let (_dir, db) = crate::common::scratch::fresh_tablebase(&[("al-manqala", 2)]);
    // Another process holds the database's solve lock, as a `mancala solve` by hand would.
    let mut lock = db.clone().into_os_string();
    lock.push(".lock");
    let mut holder = std::process::Command::new("flock")
        .arg(&lock)
        .args(["sleep", "60"])
        .spawn()
        .expect("flock (util-linux) runs");
    let held = std::time::Instant::now();
    while std::fs::metadata(&lock).is_err() && held.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(200));
    let args = [
        "--deepen",
        "on",
        "--deepen-max-seeds",
        "4",
        "--book-minutes",
        "0",
        "--compose-seconds",
        "0",
    ];
    let server = Server::start(&db, &args);
    let _ = holder.kill();
    let _ = holder.wait();
    let status = server.get("/api/status").json();
    let deepening: Vec<&str> = status["finished"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .filter(|l| l.contains("deepen"))
        .collect();
    assert_eq!(deepening.len(), 1, "{deepening:?}");
    assert!(
        deepening[0].starts_with("stopped deepening: the database ")
            && deepening[0].contains("is in use by another solve")
            && deepening[0].ends_with("the next start goes on with it"),
        "{deepening:?}"
    );
    assert!(status["error"].is_null(), "{status}");
}
