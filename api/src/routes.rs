//! The route table: every route of the service, once, with its path, its method, its handler
//! and its OpenAPI operation. Everything else is derived from it: the registration with actix
//! ([`configure`]), the 405 answers and their `Allow` header, the paths of the OpenAPI document
//! ([`openapi_document`]), and the list that the tests and `mancala serve --help` read
//! ([`ROUTES`]).

use std::sync::OnceLock;

use actix_web::http::Method;
use actix_web::web::{self, Bytes};
use actix_web::{HttpRequest, HttpResponse};
use serde_json::Value;

use crate::error::ApiError;
use crate::extract::query_config;
use crate::guard;
use crate::handlers::{
    certificates, evaluation, matches, page, players, puzzles, service, streaming,
};
use crate::head_limit;
use crate::openapi::{self, operations, OpenApiDocument};

/// One route: a path that takes one method.
pub struct Route {
    /// The path pattern, `{name}` for a segment read by the handler (as OpenAPI writes it).
    pub path: &'static str,
    /// The method it takes (`GET` routes take `HEAD` too); any other is a 405 whose `Allow`
    /// header names what it takes.
    pub method: Method,
    /// What it answers, in a few words (for `mancala serve --help`).
    pub summary: &'static str,
    /// Its OpenAPI operation; `None` for the web page's files, which are not part of the API.
    pub operation: Option<fn() -> Value>,
    /// Attaches the handler to an actix route (one line per route in [`ROUTES`], since
    /// handlers of different argument types have different types).
    handler: fn(actix_web::Route) -> actix_web::Route,
}

impl Route {
    /// Whether the route belongs to the JSON API (and so to the OpenAPI document).
    pub fn is_api(&self) -> bool {
        self.operation.is_some()
    }
}

/// Every route, in matching order: actix takes the first whose path matches, so the puzzle
/// routes (`next` and `daily` before `{id}`), the player routes and `/api/variants` come
/// before `/api/{variant}...`, which would match them too.
pub const ROUTES: &[Route] = &[
    Route {
        path: "/",
        method: Method::GET,
        summary: "the player web page",
        operation: None,
        handler: |r| r.to(page::index),
    },
    Route {
        path: "/static/{file}",
        method: Method::GET,
        summary: "the web page's style sheet, scripts and the words of its languages",
        operation: None,
        handler: |r| r.to(page::file),
    },
    Route {
        path: "/api/puzzles/next",
        method: Method::GET,
        summary: "a puzzle to solve, no solution or themes (?variant=&min_rating=&max_rating=&theme=&mode=streak)",
        operation: Some(operations::next_puzzle),
        handler: |r| r.to(puzzles::next),
    },
    Route {
        path: "/api/puzzles/daily",
        method: Method::GET,
        summary: "?variant=V: the puzzle of the day, the same for everyone",
        operation: Some(operations::daily_puzzle),
        handler: |r| r.to(puzzles::daily),
    },
    Route {
        path: "/api/puzzles/{id}",
        method: Method::GET,
        summary: "a puzzle with its solution",
        operation: Some(operations::puzzle),
        handler: |r| r.to(puzzles::by_id),
    },
    Route {
        path: "/api/puzzles/{id}/attempt",
        method: Method::POST,
        summary: "{\"moves\": [\"3\"], \"give_up\": false}: the player's moves judged, the replies",
        operation: Some(operations::attempt),
        handler: |r| r.to(puzzles::attempt),
    },
    Route {
        path: "/api/players",
        method: Method::POST,
        summary: "a new player: its token (send as `Authorization: Bearer TOKEN`)",
        operation: Some(operations::new_player),
        handler: |r| r.to(players::create),
    },
    Route {
        path: "/api/players/me",
        method: Method::GET,
        summary: "the player's rating, streaks, puzzles solved and failed, by theme",
        operation: Some(operations::me),
        handler: |r| r.to(players::me),
    },
    Route {
        path: "/healthz",
        method: Method::GET,
        summary: "liveness",
        operation: Some(operations::healthz),
        handler: |r| r.to(service::healthz),
    },
    Route {
        path: "/api/status",
        method: Method::GET,
        summary: "what the server is building in the background, with progress",
        operation: Some(operations::status),
        handler: |r| r.to(service::status),
    },
    Route {
        path: "/api/openapi.json",
        method: Method::GET,
        summary: "the OpenAPI description of all of it",
        operation: Some(operations::openapi),
        handler: |r| r.to(service::openapi_json),
    },
    Route {
        path: "/api/variants",
        method: Method::GET,
        summary: "every variant: board, rules, solved slices",
        operation: Some(operations::variants),
        handler: |r| r.to(service::variants),
    },
    Route {
        path: "/api/{variant}",
        method: Method::GET,
        summary: "?position=P: value and every move's value, best first",
        operation: Some(operations::evaluate),
        handler: |r| r.to(evaluation::evaluate),
    },
    Route {
        path: "/api/{variant}/mainline",
        method: Method::GET,
        summary: "?position=P: the line of perfect play to the end of the game",
        operation: Some(operations::mainline),
        handler: |r| r.to(evaluation::mainline),
    },
    Route {
        path: "/api/{variant}/analysis",
        method: Method::GET,
        summary: "?position=P: the evaluation sharpening as the search deepens (Server-Sent Events)",
        operation: Some(operations::analysis),
        handler: |r| r.to(streaming::analysis),
    },
    Route {
        path: "/api/{variant}/certificate",
        method: Method::GET,
        summary: "?position=P: a certificate that its value is exact, as JSON Lines for `mancala proof check`",
        operation: Some(operations::certificate),
        handler: |r| r.to(certificates::certificate),
    },
    Route {
        path: "/api/{variant}/analyse",
        method: Method::POST,
        summary: "{\"position\": P, \"moves\": [\"3\", \"5\"]}: every move's loss and verdict",
        operation: Some(operations::analyse),
        handler: |r| r.to(evaluation::analyse),
    },
    Route {
        path: "/api/{variant}/match",
        method: Method::POST,
        summary: "{\"start\": ROUND_START, \"rounds\": [[\"1\", \"4\"], ...]}: a Rio Kadalis match round by round, where it stands",
        operation: Some(operations::play_match),
        handler: |r| r.to(matches::play),
    },
];

/// Registers every route of [`ROUTES`], each answering other methods with a JSON 405, and
/// a JSON 404 for every other path; with the application data the handlers take (the
/// OpenAPI document) and the query extractors' error answer.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.app_data(query_config())
        .app_data(web::Data::new(OpenApiDocument(openapi_bytes())));
    for route in ROUTES {
        let resource =
            web::resource(route.path).route((route.handler)(web::method(route.method.clone())));
        if route.method == Method::GET {
            // Every reading route answers HEAD as GET (actix sends the head alone), and any
            // origin (guard::cors); writing routes allow no other origin.
            cfg.service(
                resource
                    .route((route.handler)(web::head()))
                    .default_service(method_not_allowed("GET, HEAD"))
                    .wrap(guard::cors()),
            );
        } else {
            cfg.service(resource.default_service(method_not_allowed(route.method.as_str())));
        }
    }
    // The stand-in of a request head over the limits (not a route of the API: the connection
    // asks for it in the client's place).
    cfg.service(
        web::resource(format!("{}/{{status}}", head_limit::REFUSED_PATH)).to(head_limit::refused),
    );
    cfg.default_service(web::to(not_found));
}

/// The OpenAPI document: the operations of the API's routes.
pub fn openapi_document() -> Value {
    openapi::document(
        ROUTES
            .iter()
            .filter_map(|r| Some((r.path, &r.method, (r.operation?)()))),
    )
}

/// [`openapi_document`] serialised, once for the process.
fn openapi_bytes() -> Bytes {
    static BYTES: OnceLock<Bytes> = OnceLock::new();
    BYTES
        .get_or_init(|| Bytes::from(serde_json::to_vec(&openapi_document()).unwrap_or_default()))
        .clone()
}

/// The answer to every path that is not a route: a JSON 404.
async fn not_found(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    Err(ApiError::NoRoute {
        path: req.path().to_owned(),
    })
}

/// The answer to a route's path with another method than `allow`: a JSON 405.
fn method_not_allowed(allow: &'static str) -> actix_web::Route {
    web::to(move |req: HttpRequest| async move {
        Err::<HttpResponse, _>(ApiError::Method {
            method: req.method().to_string(),
            path: req.path().to_owned(),
            allow,
        })
    })
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use actix_web::http::{header, StatusCode};
    use actix_web::{test, App};

    use super::*;

    /// A concrete path of a route pattern.
    fn example(path: &str) -> String {
        path.replace("{variant}", "rio-kadalis")
            .replace("{id}", "1")
            .replace("{file}", "app.js")
    }

    /// Sends `method path` with `body` (declared as JSON) to the service as [`configure`] registers it (without a
    /// tablebase: the handlers that need one answer 500); returns the status, the `Allow`
    /// header and the body.
    fn call(method: Method, path: &str, body: &'static [u8]) -> (StatusCode, String, String) {
        let path = path.to_owned();
        actix_web::rt::System::new().block_on(async move {
            let app = test::init_service(App::new().configure(configure)).await;
            let req = test::TestRequest::default()
                .method(method)
                .uri(&path)
                .insert_header(header::ContentType::json())
                .set_payload(body)
                .to_request();
            let res = test::call_service(&app, req).await;
            let status = res.status();
            let allow = res
                .headers()
                .get(header::ALLOW)
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_owned();
            let body = test::read_body(res).await;
            (status, allow, String::from_utf8_lossy(&body).into_owned())
        })
    }

    #[test]
    fn the_table_holds_every_route_exactly_once() {
        let paths: HashSet<&str> = ROUTES.iter().map(|r| r.path).collect();
        assert_eq!(paths.len(), ROUTES.len(), "a path listed twice");
        let api: Vec<&str> = ROUTES
            .iter()
            .filter(|r| r.is_api())
            .map(|r| r.path)
            .collect();
        assert_eq!(api.len(), 16);
        assert!(ROUTES.iter().all(|r| !r.summary.is_empty()));
    }

    #[test]
    fn every_route_answers_its_method_and_405s_the_others() {
        for route in ROUTES {
            let path = example(route.path);
            let (status, _, body) = call(route.method.clone(), &path, b"{\"moves\": []}");
            assert!(
                status != StatusCode::NOT_FOUND && status != StatusCode::METHOD_NOT_ALLOWED,
                "{} {path}: {status} {body}",
                route.method
            );
            let other = if route.method == Method::GET {
                Method::DELETE
            } else {
                Method::GET
            };
            let takes = if route.method == Method::GET {
                "GET, HEAD"
            } else {
                route.method.as_str()
            };
            let (status, allow, body) = call(other.clone(), &path, b"");
            assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED, "{other} {path}");
            assert_eq!(allow, takes, "{other} {path}");
            let json: Value = serde_json::from_str(&body).unwrap();
            assert_eq!(
                json["error"],
                format!("{path} does not take {other}; it takes {takes}")
            );
            assert!(json["field"].is_null(), "{json}");
        }
        let unknown = call(Method::GET, "/api/rio-kadalis/nope", b"");
        let error: Value = serde_json::from_str(&unknown.2).unwrap();
        assert_eq!(unknown.0, StatusCode::NOT_FOUND);
        assert_eq!(
            error["error"],
            "no such resource: /api/rio-kadalis/nope; the API is described at /api/openapi.json"
        );
    }

    #[test]
    fn the_openapi_paths_are_the_api_routes() {
        let doc = openapi_document();
        let paths = doc["paths"].as_object().unwrap();
        assert_eq!(paths.len(), ROUTES.iter().filter(|r| r.is_api()).count());
        for route in ROUTES.iter().filter(|r| r.is_api()) {
            let op = &paths[route.path][route.method.as_str().to_lowercase()];
            let answers = &op["responses"];
            assert!(
                answers["200"].is_object() || answers["201"].is_object(),
                "{}",
                route.path
            );
        }
        assert!(ROUTES
            .iter()
            .filter(|r| !r.is_api())
            .all(|r| !paths.contains_key(r.path)));
    }

    #[test]
    fn every_reference_of_the_openapi_document_resolves() {
        fn refs(v: &Value, out: &mut Vec<String>) {
            match v {
                Value::Object(m) => {
                    for (k, x) in m {
                        if k == "$ref" {
                            out.push(x.as_str().unwrap_or_default().to_owned());
                        }
                        refs(x, out);
                    }
                }
                Value::Array(a) => a.iter().for_each(|x| refs(x, out)),
                _ => {}
            }
        }
        let doc = openapi_document();
        let mut out = Vec::new();
        refs(&doc, &mut out);
        assert!(!out.is_empty());
        for r in out {
            let name = r.trim_start_matches("#/components/schemas/");
            assert!(doc["components"]["schemas"][name].is_object(), "{r}");
        }
    }

    #[test]
    fn extractor_errors_are_the_json_errors() {
        let json = |(status, _, body): (StatusCode, String, String)| -> (u16, Value) {
            (status.as_u16(), serde_json::from_str(&body).unwrap())
        };
        // The path: an unknown variant is a 404 naming the valid ids; a bad id a 400.
        let (status, e) = json(call(Method::GET, "/api/chess?position=1_S", b""));
        assert_eq!((status, &e["field"]), (404, &Value::from("variant")));
        assert!(e["error"].as_str().unwrap().contains("rio-kadalis"), "{e}");
        let (status, e) = json(call(Method::GET, "/api/puzzles/abc", b""));
        assert_eq!((status, &e["field"]), (400, &Value::from("id")));
        assert_eq!(e["error"], "id: `abc` is not a puzzle id (a whole number)");
        // The body: not JSON, and too large.
        let (status, e) = json(call(Method::POST, "/api/puzzles/1/attempt", b"[1"));
        assert_eq!((status, &e["field"]), (400, &Value::from("body")));
        assert!(
            e["error"]
                .as_str()
                .unwrap()
                .ends_with("expected {\"moves\": [\"3\", ...], \"give_up\": false (optional)}"),
            "{e}"
        );
        let (status, e) = json(call(Method::POST, "/api/rio-kadalis/analyse", b"{x"));
        assert_eq!((status, &e["field"]), (400, &Value::from("body")));
        assert!(e["error"]
            .as_str()
            .unwrap()
            .starts_with("body: not valid JSON ("));
        static BIG: [u8; 70_000] = [b' '; 70_000];
        let (status, e) = json(call(Method::POST, "/api/rio-kadalis/analyse", &BIG));
        assert_eq!((status, &e["field"]), (413, &Value::from("body")));
        assert_eq!(e["error"], "body: larger than the limit of 65536 bytes");
    }
}
