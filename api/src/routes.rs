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
use crate::handlers::{evaluation, page, puzzles, service};
use crate::openapi::{self, operations, OpenApiDocument};

/// One route: a path that takes one method.
pub struct Route {
    /// The path pattern, `{name}` for a segment read by the handler (as OpenAPI writes it).
    pub path: &'static str,
    /// The method it takes; any other is a 405 whose `Allow` header names this one.
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
/// routes and `/api/variants` come before `/api/{variant}...`, which would match them too.
pub const ROUTES: &[Route] = &[
    Route {
        path: "/",
        method: Method::GET,
        summary: "the player web page",
        operation: None,
        handler: |r| r.to(page::index),
    },
    Route {
        path: "/static/style.css",
        method: Method::GET,
        summary: "the web page's style sheet",
        operation: None,
        handler: |r| r.to(page::style),
    },
    Route {
        path: "/static/app.js",
        method: Method::GET,
        summary: "the web page's script",
        operation: None,
        handler: |r| r.to(page::script),
    },
    Route {
        path: "/api/puzzles/next",
        method: Method::GET,
        summary: "a puzzle to solve, at random (?variant=&min_rating=&max_rating=&theme=)",
        operation: Some(operations::next_puzzle),
        handler: |r| r.to(puzzles::next),
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
        summary: "{\"moves\": [\"3\"], \"rating\": 1500}: the player's moves judged, the reply",
        operation: Some(operations::attempt),
        handler: |r| r.to(puzzles::attempt),
    },
    Route {
        path: "/healthz",
        method: Method::GET,
        summary: "liveness",
        operation: Some(operations::healthz),
        handler: |r| r.to(service::healthz),
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
        path: "/api/{variant}/analyse",
        method: Method::POST,
        summary: "{\"position\": P, \"moves\": [\"3\", \"5\"]}: every move's loss and verdict",
        operation: Some(operations::analyse),
        handler: |r| r.to(evaluation::analyse),
    },
];

/// Registers every route of [`ROUTES`], each answering other methods with a JSON 405, and
/// [`not_found`] for every other path; with the application data the handlers take (the
/// OpenAPI document) and the query extractors' error answer.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.app_data(query_config())
        .app_data(web::Data::new(OpenApiDocument(openapi_bytes())));
    for route in ROUTES {
        cfg.service(
            web::resource(route.path)
                .route((route.handler)(web::method(route.method.clone())))
                .default_service(method_not_allowed(route.method.as_str())),
        );
    }
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
