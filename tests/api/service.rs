//! The service itself: health, its OpenAPI description, its log, building the tablebase on a
//! fresh machine, Ctrl-C, and a port already in use.

use std::time::Duration;

use serde_json::json;

use crate::common::bin::run_db;
use crate::common::http::Server;
use crate::common::scratch::scratch;
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
            "/api/variants",
            "/api/{variant}",
            "/api/{variant}/analyse",
            "/api/{variant}/mainline",
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
        assert!(log.contains(&format!("{id}: solving")), "{id}: {log}");
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
}
