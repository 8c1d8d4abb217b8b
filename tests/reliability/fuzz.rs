//! A bounded fuzz of every route: thousands of generated bad requests (mangled paths, queries,
//! bodies, methods and headers), sent one after another. None may get a 5xx, every error must
//! be JSON with a message, no answer may show the server's files, and the server must be alive
//! at the end.

use mancala_api::routes::ROUTES;

use crate::common::http::{http, Response, Server};
use crate::common::random::Lcg;
use crate::small_tablebase;

/// Requests sent: enough to reach every kind of mangling on every route many times, few enough
/// to run in seconds.
const REQUESTS: usize = 3000;

/// Pieces that parsers trip on.
const NASTY: [&str; 24] = [
    "",
    "_",
    "S",
    "N",
    "/",
    ",",
    "-",
    "%",
    "%00",
    "%FF",
    "%2F",
    "..",
    "-1",
    "99999999999999999999999",
    "1e400",
    "NaN",
    "null",
    "[]",
    "{}",
    "\u{e9}",
    "4,4,4,4,4,4/4,4,4,4,4,4",
    "0,0,0,0,0,0/1,3,0,0,0,0_S",
    "0,0,0,0,0,0/1,3,0,0,0,0_S_99-99",
    "1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1_N",
];

/// A piece of text made of nasty pieces.
fn junk(rng: &mut Lcg) -> String {
    (0..rng.below(4))
        .map(|_| NASTY[rng.below(NASTY.len())])
        .collect::<Vec<_>>()
        .concat()
}

/// A value as it may appear in a query string: percent-encoding left half done on purpose.
fn query_value(rng: &mut Lcg) -> String {
    junk(rng).replace(' ', "%20").replace('\u{e9}', "%C3%A9")
}

/// A body that is wrong in one of many ways.
fn body(rng: &mut Lcg) -> String {
    let j = || "\"x\"".to_owned();
    match rng.below(10) {
        0 => String::new(),
        1 => junk(rng),
        2 => format!(
            "{{\"moves\": [{}]}}",
            "\"1\",".repeat(rng.below(3000)) + "\"1\""
        ),
        3 => format!(
            "{{\"position\": \"{}\", \"moves\": [\"{}\"]}}",
            junk(rng),
            junk(rng)
        ),
        4 => "[".repeat(rng.below(5000)),
        5 => format!("{{\"moves\": {}, \"rating\": {}}}", j(), junk(rng)),
        6 => format!(
            "{{\"moves\": [\"2\"], \"rating\": {}}}",
            NASTY[rng.below(NASTY.len())]
        ),
        7 => format!("{{\"position\": 1, \"moves\": {{}}, \"extra\": {}}}", j()),
        8 => "\u{0}\u{1}\u{7f}".to_owned(),
        _ => format!("{{\"moves\": [\"{}\"]}}", "9".repeat(rng.below(100))),
    }
}

/// The path of a route with its segments mangled, and a query of junk.
fn path(rng: &mut Lcg) -> String {
    let route = &ROUTES[rng.below(ROUTES.len())];
    let variants = [
        "rio-kadalis",
        "hawalis",
        "kalah",
        "chess",
        "",
        "RIO-KADALIS",
    ];
    let mut p = route
        .path
        .replace("{variant}", variants[rng.below(variants.len())])
        .replace("{id}", &query_value(rng).replace('/', "%2F"));
    if rng.below(6) == 0 {
        p.push_str(["/", "/x", "//", "/.."][rng.below(4)]);
    }
    let keys = [
        "position",
        "budget",
        "variant",
        "min_rating",
        "max_rating",
        "theme",
        "x",
    ];
    let query: Vec<String> = (0..rng.below(4))
        .map(|_| format!("{}={}", keys[rng.below(keys.len())], query_value(rng)))
        .collect();
    if !query.is_empty() {
        p.push('?');
        p.push_str(&query.join("&"));
    }
    p.replace(' ', "%20")
}

fn check(r: &Response, what: &str, secret: &str) {
    assert!(r.status < 500, "{what}: {} {}", r.status, r.body);
    assert!(
        !r.body.contains(secret),
        "{what}: shows a server path: {}",
        r.body
    );
    if r.status >= 400 {
        r.json_error();
    }
}

#[test]
fn thousands_of_bad_requests_get_json_errors_and_never_a_5xx() {
    let db = small_tablebase();
    // Searches kept tiny: the fuzz is about input, and the start of a variant is a valid
    // position that would otherwise search for seconds.
    let server = Server::start(db, &["--search-nodes", "2000", "--search-time-ms", "200"]);
    let secret = db.parent().unwrap().to_string_lossy().into_owned();
    let mut rng = Lcg(0x5eed_f022);
    let methods = ["GET", "POST", "HEAD", "PUT", "DELETE", "OPTIONS", "PATCH"];
    let types = [
        "application/json",
        "text/plain",
        "application/json; charset=latin1",
        "",
    ];
    let mut statuses = std::collections::BTreeMap::new();
    for i in 0..REQUESTS {
        let method = methods[rng.below(methods.len())];
        let path = path(&mut rng);
        let body = if method == "GET" || method == "HEAD" {
            String::new()
        } else {
            body(&mut rng)
        };
        let content_type = types[rng.below(types.len())];
        let headers: Vec<(&str, &str)> = if content_type.is_empty() {
            Vec::new()
        } else {
            vec![("Content-Type", content_type)]
        };
        let r = http(server.addr, method, &path, &headers, body.as_bytes());
        *statuses.entry(r.status).or_insert(0) += 1;
        let what = format!("request {i}: {method} {path} ({content_type}) {body:.200}");
        if method == "HEAD" {
            assert!(r.status < 500 && r.body.is_empty(), "{what}: {r:?}");
        } else if method == "OPTIONS" && r.status == 200 {
            // A CORS preflight of a reading route: no body.
        } else {
            check(&r, &what, &secret);
        }
    }
    // The fuzz reached both answers and many kinds of refusals.
    for status in [200, 400, 404, 405, 415] {
        assert!(statuses.contains_key(&status), "no {status}: {statuses:?}");
    }
    assert_eq!(server.get("/healthz").status, 200, "alive after the fuzz");
}
