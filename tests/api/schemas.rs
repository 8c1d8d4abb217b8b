//! The description matches what is sent: every answer of every route, every body the service
//! reads, and every `--json` output of the command line, as the server and the binary really
//! produce them from a small tablebase, is checked against its schema in the served OpenAPI
//! document (`tests/common/schema.rs` says what is checked). The examples together reach every
//! schema and have every property of every schema, so that nothing in the description goes
//! untested; and the checker itself is shown to catch a field the schema lacks.
//!
//! The schemas are derived from the wire types, so a field added to a type appears in its
//! schema by itself; what this guards is everything a derive does not see: the hand-written
//! schemas (the game record, an analysis's summary), the schema-only types that list the words
//! a field may hold (sides, results, verdicts...), and the `value_type`s and `required`s
//! written beside fields.

use serde_json::{json, Value};

use crate::common::bin::{run, run_db, Ran};
use crate::common::http::{http, q, Response, Server};
use crate::common::random::{self, Lcg};
use crate::common::schema::Schemas;
use crate::common::scratch::scratch;
use crate::small_tablebase;

/// A position of the small tablebase with moves (Rio Kadalis, 8 seeds).
const RIO: &str = "0,0,1,0,2,1/1,0,0,3,0,0 S";

/// A Rio Kadalis position of the small tablebase in which S6 captures (N2's four seeds).
const CAPTURES: &str = "0,2,1,0,3,0/1,0,2,0,1,2 S";

/// A Rio Kadalis position where the game is over.
const OVER: &str = "0,0,0,0,0,0/0,0,0,0,0,0 N 24-22";

/// The body of a 200 (or `status`) answer, as JSON.
fn ok(r: Response, status: u16) -> Value {
    assert_eq!(r.status, status, "{}", r.body);
    r.json()
}

/// `METHOD PATH` as the player with `token`, with a JSON body.
fn as_player(server: &Server, method: &str, path: &str, token: &str, body: &Value) -> Response {
    let auth = format!("Bearer {token}");
    let headers = [
        ("Content-Type", "application/json"),
        ("Authorization", auth.as_str()),
    ];
    let body = if body.is_null() {
        Vec::new()
    } else {
        body.to_string().into_bytes()
    };
    http(server.addr, method, path, &headers, &body)
}

/// What the server answers and reads, each checked against its schema.
fn check_the_service(server: &Server, schemas: &mut Schemas) {
    // The service.
    schemas.assert("Health", &ok(server.get("/healthz"), 200));
    schemas.assert("Status", &ok(server.get("/api/status"), 200));
    // A build under way and one that failed, every field filled (a test cannot hold a server
    // in the middle of its build).
    let building = mancala_wire::response::StatusJson {
        building: true,
        step: Some("building the default tablebase".into()),
        code: Some(mancala_wire::response::BuildStep::Tablebase),
        variant: Some("kalah"),
        ready: false,
        detail: Some("kalah slice 12".into()),
        done: Some(10),
        total: Some(100),
        finished: vec!["generated 50 starter puzzles".into()],
        error: Some("disk full".into()),
    };
    schemas.assert("Status", &serde_json::to_value(&building).unwrap());
    let variants = ok(server.get("/api/variants"), 200);
    schemas.assert("Variants", &variants);

    // Evaluations: a score variant, with every move's sowing (S6 captures); a win/draw/loss
    // variant; a game that is over; a searched Kalah position (its sowings reach the store).
    let e = ok(
        server.get(&format!(
            "/api/rio-kadalis?position={}&sowing=true",
            q(CAPTURES)
        )),
        200,
    );
    assert_eq!(e["source"], "tablebase", "{e}");
    schemas.assert("Evaluation", &e);
    let hawalis = random::position(&mut Lcg(7), mancala_solver::Variant::Hawalis, 4);
    let e = ok(
        server.get(&format!("/api/hawalis?position={}", q(&hawalis))),
        200,
    );
    assert!(e["value"]["result"].is_string(), "{e}");
    schemas.assert("Evaluation", &e);
    let e = ok(
        server.get(&format!("/api/rio-kadalis?position={}", q(OVER))),
        200,
    );
    assert!(e["game_over"].is_object(), "{e}");
    schemas.assert("Evaluation", &e);
    let kalah = variants["variants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["id"] == "kalah-4")
        .expect("kalah-4 is listed")["start"]
        .as_str()
        .unwrap()
        .to_owned();
    let e = ok(
        server.get(&format!(
            "/api/kalah-4?position={}&sowing=true&budget=2000",
            q(&kalah)
        )),
        200,
    );
    assert_eq!(e["source"], "search", "{e}");
    schemas.assert("Evaluation", &e);

    // A main line and an analysis of its first moves; the record is a Record as sent.
    let line = ok(
        server.get(&format!("/api/rio-kadalis/mainline?position={}", q(RIO))),
        200,
    );
    schemas.assert("Mainline", &line);
    // A line that is over at once, won by South.
    let over = ok(
        server.get(&format!("/api/rio-kadalis/mainline?position={}", q(OVER))),
        200,
    );
    assert_eq!(over["winner"], "south", "{over}");
    schemas.assert("Mainline", &over);
    let first: Vec<String> = line["steps"]
        .as_array()
        .unwrap()
        .iter()
        .take(3)
        .map(|s| s["move"].as_str().unwrap().to_owned())
        .collect();
    let as_number: u64 = first[0].parse().expect("a pit number");
    let mut moves = vec![json!(as_number)];
    moves.extend(first[1..].iter().map(|m| json!(m)));
    for record in [
        json!({"position": RIO, "moves": moves}),
        json!({"position": RIO, "moves": first.join(" ")}),
        json!({"position": "0,0,0,0,0,0/1,0,0,0,0,3 S 20-22", "moves": ["6"]}),
    ] {
        schemas.assert("Record", &record);
        let a = ok(
            server.post("/api/rio-kadalis/analyse", record.to_string().as_bytes()),
            200,
        );
        schemas.assert("Analysis", &a);
    }
    let a = ok(
        server.post(
            "/api/rio-kadalis/analyse",
            json!({"position": "0,0,0,0,0,0/1,0,0,0,0,3 S 20-22", "moves": [1]})
                .to_string()
                .as_bytes(),
        ),
        200,
    );
    assert!(a["game_over"].is_object(), "{a}");
    schemas.assert("Analysis", &a);

    // A match taken up at a later round, and one from its start; a bad move of a match.
    let record = json!({
        "start": {"open": {"south": 2, "north": 6}, "reserve": {"south": 1, "north": 15},
                  "starter": "north"},
        "rounds": [["1"]]
    });
    schemas.assert("MatchRecord", &record);
    let m = ok(
        server.post("/api/rio-kadalis/match", record.to_string().as_bytes()),
        200,
    );
    assert!(m["evaluation"].is_object(), "{m}");
    schemas.assert("Match", &m);
    let record = json!({"rounds": ["1 2"]});
    schemas.assert("MatchRecord", &record);
    schemas.assert(
        "Match",
        &ok(
            server.post("/api/rio-kadalis-5/match", record.to_string().as_bytes()),
            200,
        ),
    );
    // The OpenAPI document's example answer is the server's answer to its example record.
    let doc = ok(server.get("/api/openapi.json"), 200);
    let op = &doc["paths"]["/api/{variant}/match"]["post"];
    let record =
        &op["requestBody"]["content"]["application/json"]["examples"]["a whole match"]["value"];
    let answer = ok(
        server.post("/api/rio-kadalis/match", record.to_string().as_bytes()),
        200,
    );
    assert_eq!(answer["end"]["repeats_round"], 2, "{answer}");
    assert_eq!(
        answer,
        op["responses"]["200"]["content"]["application/json"]["example"]
    );
    schemas.assert("Match", &answer);
    let bad = json!({"rounds": [["9"]]});
    let e = server
        .post("/api/rio-kadalis/match", bad.to_string().as_bytes())
        .error(400, Some("rounds[0][0]"));
    assert_eq!(e["round"], 1, "{e}");
    schemas.assert("Error", &e);

    // Errors: a bad move (with its details), a bad position, no such route (no field).
    let bad = json!({"position": RIO, "moves": ["9"]});
    schemas.assert("Record", &bad);
    let r = server.post("/api/rio-kadalis/analyse", bad.to_string().as_bytes());
    let e = r.error(400, Some("moves[0]"));
    assert!(e["legal"].is_array(), "{e}");
    schemas.assert("Error", &e);
    let e = server
        .get("/api/rio-kadalis?position=1,2")
        .error(400, Some("position"));
    schemas.assert("Error", &e);
    schemas.assert(
        "Error",
        &server.get("/api/rio-kadalis/nope").error(404, None),
    );

    // Puzzles: one to solve (no solution), one by id (with it), a player's attempts.
    let next = ok(server.get("/api/puzzles/next?variant=rio-kadalis"), 200);
    assert!(next.get("solution").is_none(), "{next}");
    schemas.assert("Puzzle", &next);
    schemas.assert(
        "Puzzle",
        &ok(server.get("/api/puzzles/daily?variant=rio-kadalis"), 200),
    );
    // A Rio Kadalis puzzle of at least two moves to find, so that a right first move is
    // answered by North, and with themes, so that the dashboard counts them.
    let (id, puzzle) = (1..)
        .map(|id| (id, server.get(&format!("/api/puzzles/{id}"))))
        .take_while(|(_, r)| r.status == 200)
        .map(|(id, r)| (id, r.json()))
        .find(|(_, p)| {
            p["variant"] == "rio-kadalis"
                && p["moves_to_find"].as_u64().unwrap() >= 2
                && !p["themes"].as_array().unwrap().is_empty()
        })
        .expect("a Rio Kadalis puzzle of two moves with themes");
    schemas.assert("Puzzle", &puzzle);
    let attempt = format!("/api/puzzles/{id}/attempt");

    schemas.assert("NewPlayerRequest", &json!({}));
    let player = ok(server.post("/api/players", b"{}"), 201);
    schemas.assert("NewPlayer", &player);
    let token = player["token"].as_str().unwrap();

    // The right first move: North's reply is played.
    let body = json!({"moves": [puzzle["solution"][0]]});
    schemas.assert("Attempt", &body);
    let r = ok(as_player(server, "POST", &attempt, token, &body), 200);
    assert!(!r["auto_played"].as_array().unwrap().is_empty(), "{r}");
    schemas.assert("AttemptResult", &r);
    // A wrong first move, the player's first finished attempt: rated, with the solution.
    let wrong = wrong_move(server, puzzle["position"].as_str().unwrap());
    let body = json!({"moves": [wrong], "give_up": false});
    schemas.assert("Attempt", &body);
    let r = ok(as_player(server, "POST", &attempt, token, &body), 200);
    assert_eq!(
        (r["wrong_move"].clone(), r["rated"].clone()),
        (json!(0), json!(true)),
        "{r}"
    );
    assert!(r["player"].is_object(), "{r}");
    schemas.assert("AttemptResult", &r);
    // Giving up, without a player.
    let body = json!({"moves": [], "give_up": true});
    schemas.assert("Attempt", &body);
    schemas.assert(
        "AttemptResult",
        &ok(server.post(&attempt, body.to_string().as_bytes()), 200),
    );

    let me = ok(
        as_player(server, "GET", "/api/players/me", token, &Value::Null),
        200,
    );
    assert!(!me["themes"].as_array().unwrap().is_empty(), "{me}");
    schemas.assert("Dashboard", &me);
}

/// A move of South's in `position` that loses the win, by the server's evaluations: one after
/// which the side to move does not lose (North) or does not win (South again).
fn wrong_move(server: &Server, position: &str) -> String {
    let e = ok(
        server.get(&format!("/api/rio-kadalis?position={}", q(position))),
        200,
    );
    e["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| {
            let after = m["after"].as_str().unwrap();
            let next = ok(
                server.get(&format!("/api/rio-kadalis?position={}", q(after))),
                200,
            );
            let south_wins = if next["side"] == "S" {
                next["outcome"] == "win"
            } else {
                next["outcome"] == "loss"
            };
            !south_wins
        })
        .expect("a puzzle's first move is a decision")["move"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// What the command line prints with `--json`, each checked against the schema its help names.
fn check_the_command_line(schemas: &mut Schemas) {
    let db = small_tablebase();
    let read = |out: Ran| -> Value {
        serde_json::from_str(out.ok()).unwrap_or_else(|e| panic!("{}: {e}", out.what))
    };
    let json = |args: &[&str]| read(run_db(args, db));
    schemas.assert("Evaluation", &json(&["eval", "rio-kadalis", RIO, "--json"]));
    schemas.assert(
        "Mainline",
        &json(&["mainline", "rio-kadalis", RIO, "--json"]),
    );
    schemas.assert(
        "Analysis",
        &json(&["analyse", "rio-kadalis", "--from", RIO, "1", "--json"]),
    );
    // A match played on perfectly to its end, and one whose first round goes on.
    schemas.assert(
        "Match",
        &json(&["match", "rio-kadalis-5", "--budget", "2000", "--json"]),
    );
    schemas.assert("Match", &json(&["match", "rio-kadalis-5", "1", "--json"]));
    // `moves` reads no tablebase.
    schemas.assert(
        "Moves",
        &read(run(&["moves", "rio-kadalis", RIO, "--json"])),
    );
    schemas.assert(
        "Moves",
        &read(run(&["moves", "rio-kadalis", OVER, "--json"])),
    );
}

/// The keys of an error answer that no route of this server sends: `slice` and `solve`, of an
/// unsolved slice, which a server that searches beyond its tablebase never answers with, and
/// `building`, which only a server in its first build sends. The type is checked all the same,
/// serialised with every key set.
fn check_every_key_of_an_error(schemas: &mut Schemas) {
    let legal = vec!["1".to_owned()];
    let every = mancala_wire::response::ErrorJson {
        error: "rio-kadalis slice 13 is not in this server's tablebase".into(),
        field: Some("position".into()),
        round: Some(1),
        index: Some(0),
        r#move: Some("7"),
        legal: Some(&legal),
        position: Some(RIO),
        slice: Some("rio-kadalis slice 13"),
        solve: Some("mancala solve rio-kadalis --max-seeds 13"),
        building: Some(mancala_wire::response::BuildStep::Puzzles),
    };
    schemas.assert("Error", &serde_json::to_value(&every).unwrap());
}

#[test]
fn every_answer_body_and_json_output_is_what_its_schema_says() {
    let db = scratch("schemas").join("s.db");
    std::fs::copy(small_tablebase(), &db).unwrap();
    let server = Server::start(&db, &[]);
    let doc = ok(server.get("/api/openapi.json"), 200);
    let mut schemas = Schemas::of_document(&doc);

    check_the_service(&server, &mut schemas);
    check_the_command_line(&mut schemas);
    check_every_key_of_an_error(&mut schemas);

    // Every schema was reached and every property of every schema was seen.
    assert_eq!(
        schemas.unreached(),
        Vec::<String>::new(),
        "schemas no example reached"
    );
    assert_eq!(
        schemas.unseen(),
        Vec::<String>::new(),
        "properties no example had"
    );
}

#[test]
fn the_check_catches_a_field_the_schema_does_not_describe() {
    let server = Server::start(small_tablebase(), &[]);
    let doc = ok(server.get("/api/openapi.json"), 200);
    let mut schemas = Schemas::of_document(&doc);
    let e = ok(
        server.get(&format!("/api/rio-kadalis?position={}&sowing=true", q(RIO))),
        200,
    );
    schemas.assert("Evaluation", &e);
    let changed = |change: &dyn Fn(&mut Value)| {
        let mut e = e.clone();
        change(&mut e);
        e
    };
    // A field the type gained but the schema lacks, at the top and deep inside.
    for e in [
        changed(&|e| e["hint"] = json!("3")),
        changed(&|e| e["value"]["margin"] = json!(2)),
        changed(&|e| e["moves"][0]["sowing"][0]["hand"] = json!(1)),
    ] {
        let err = schemas.check("Evaluation", &e).unwrap_err();
        assert!(err.contains("is not a property"), "{err}");
    }
    // A required field gone, a type changed, a word the schema does not list, a null that is
    // not required.
    for (e, says) in [
        (
            changed(&|e| drop(e.as_object_mut().unwrap().remove("outcome"))),
            "required",
        ),
        (changed(&|e| e["exact"] = json!("yes")), "not of type"),
        (changed(&|e| e["side"] = json!("E")), "not one of"),
        (
            changed(&|e| e["moves"][0]["value"]["score"] = json!(null)),
            "null",
        ),
        (changed(&|e| e["search"] = json!(null)), "null"),
        (
            changed(&|e| e["game_over"] = json!({"south": 1})),
            "required",
        ),
    ] {
        let err = schemas.check("Evaluation", &e).unwrap_err();
        assert!(err.contains(says), "{says}: {err}");
    }
    // The summary of an analysis, written by hand: a key it does not list.
    let a = ok(
        server.post(
            "/api/rio-kadalis/analyse",
            json!({"position": RIO, "moves": ["1"]})
                .to_string()
                .as_bytes(),
        ),
        200,
    );
    schemas.assert("Analysis", &a);
    let mut more = a.clone();
    more["summary"]["south"]["brilliant"] = json!(0);
    assert!(schemas.check("Analysis", &more).is_err());
    // A record the schema does not allow.
    assert!(schemas
        .check("Record", &json!({"moves": ["1"], "colour": 1}))
        .is_err());
    assert!(schemas.check("Record", &json!({"moves": [-1]})).is_err());
}
