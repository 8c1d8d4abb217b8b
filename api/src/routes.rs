//! The routes and their handlers. Each handler reads and checks its input (every failure an
//! [`ApiError`] naming the field), then does its tablebase work off the async workers, so that
//! SQLite reads on chunk-cache misses never block them: evaluations on the [`crate::pool`]
//! threads (the hot path), main lines, analyses and listings inside `web::block` (longer jobs
//! that must not hold up the evaluations).

use std::sync::OnceLock;

use actix_web::http::Method;
use actix_web::{web, HttpRequest, HttpResponse};
use mancala_db::json::EvaluationJson;
use mancala_db::line::MAX_LINE_PLIES;
use mancala_db::SearchEvalError;
use mancala_solver::search::Budget;
use mancala_solver::Family;
use mancala_solver::{Position, Variant, RULES_VERSION, SOLVER_VERSION};
use serde::Serialize;
use serde_json::Value as Json;

use crate::error::{mime_json, ApiError, MAX_BODY_BYTES, MAX_RECORD_MOVES};
use crate::json::{AnalysisJson, HealthJson, MainlineJson, VariantJson};
use crate::openapi;
use crate::state::AppState;

/// Registers every route. Unknown paths are answered by [`not_found`] (set on the `App`), a known
/// path with another method by a JSON 405.
pub fn configure(cfg: &mut web::ServiceConfig) {
    crate::web::configure(cfg);
    // The puzzle routes first: `/api/{variant}/...` would match them otherwise.
    crate::puzzles::configure(cfg);
    cfg.service(
        web::resource("/healthz")
            .route(web::get().to(healthz))
            .default_service(only("GET")),
    )
    .service(
        web::resource("/api/openapi.json")
            .route(web::get().to(openapi_json))
            .default_service(only("GET")),
    )
    .service(
        web::resource("/api/variants")
            .route(web::get().to(variants))
            .default_service(only("GET")),
    )
    .service(
        web::resource("/api/{variant}")
            .route(web::get().to(evaluate))
            .default_service(only("GET")),
    )
    .service(
        web::resource("/api/{variant}/mainline")
            .route(web::get().to(mainline))
            .default_service(only("GET")),
    )
    .service(
        web::resource("/api/{variant}/analyse")
            .route(web::post().to(analyse))
            .default_service(only("POST")),
    );
}

/// The answer to every path that is not a route: a JSON 404.
pub async fn not_found(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    Err(ApiError::NoRoute {
        path: req.path().to_owned(),
    })
}

/// A handler answering 405 with the methods a resource takes.
pub(crate) fn only(allow: &'static str) -> actix_web::Route {
    web::to(move |req: HttpRequest| async move {
        Err::<HttpResponse, _>(ApiError::Method {
            method: req.method().to_string(),
            path: req.path().to_owned(),
            allow,
        })
    })
}

/// A 200 with a JSON body already serialised.
pub(crate) fn json_ok(body: impl actix_web::body::MessageBody + 'static) -> HttpResponse {
    HttpResponse::Ok().content_type(mime_json()).body(body)
}

/// Serialises an answer; serialising our own types cannot fail, but if it did it is our fault.
pub(crate) fn to_json<T: Serialize>(value: &T) -> Result<Vec<u8>, ApiError> {
    serde_json::to_vec(value).map_err(|e| ApiError::Internal(format!("serialising: {e}")))
}

/// `GET /healthz`: the server is up (touches nothing else: the framework's own ceiling).
async fn healthz() -> HttpResponse {
    static BODY: OnceLock<Vec<u8>> = OnceLock::new();
    let body = BODY.get_or_init(|| to_json(&HealthJson { status: "ok" }).unwrap_or_default());
    json_ok(body.as_slice())
}

/// `GET /api/openapi.json`.
async fn openapi_json() -> HttpResponse {
    static BODY: OnceLock<Vec<u8>> = OnceLock::new();
    json_ok(BODY.get_or_init(openapi::document_bytes).as_slice())
}

/// `GET /api/variants`: every variant, its board and rules, and what is solved.
async fn variants(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let tb = state.tb.clone();
    let stored = web::block(move || tb.slices(None)).await??;
    #[derive(Serialize)]
    struct Body {
        variants: Vec<VariantJson>,
        solver_version: &'static str,
        rules_version: &'static str,
    }
    Ok(json_ok(to_json(&Body {
        variants: Variant::ALL
            .iter()
            .map(|&v| VariantJson::new(v, &stored))
            .collect(),
        solver_version: SOLVER_VERSION,
        rules_version: RULES_VERSION,
    })?))
}

/// `GET /api/{variant}?position=...`: the position's value and every move's, best first.
async fn evaluate(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let variant = variant_of(&req)?;
    let position = position_param(&req, variant)?;
    let tb = state.tb.clone();
    let body = state
        .pool
        .run(move || -> Result<Vec<u8>, ApiError> {
            if variant.family() != Family::Kalah {
                return to_json(&EvaluationJson::from(&tb.evaluate(&position)?));
            }
            // Kalah outside the solved slices: an exact search within a bounded budget.
            let (e, source) = tb
                .evaluate_with_search(&position, SEARCH_BUDGET)
                .map_err(|e| match e {
                    SearchEvalError::Db(e) => e.into(),
                    e => ApiError::SearchBudget {
                        message: format!(
                            "{e}; solve more of {variant} (`mancala solve {variant} --max-seeds N`) or ask `mancala eval --budget`"
                        ),
                    },
                })?;
            to_json(&EvaluationJson::with_source(&e, &source))
        })
        .await??;
    Ok(json_ok(body))
}

/// What one Kalah evaluation outside the tablebase may cost: ten million nodes (a few
/// seconds), and no more than ten seconds.
const SEARCH_BUDGET: Budget = Budget {
    nodes: 10_000_000,
    time: Some(std::time::Duration::from_secs(10)),
};

/// `GET /api/{variant}/mainline?position=...`: perfect play to the end of the game.
async fn mainline(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let variant = variant_of(&req)?;
    let position = position_param(&req, variant)?;
    let tb = state.tb.clone();
    let body = web::block(move || -> Result<Vec<u8>, ApiError> {
        let line = tb.main_line(&position, MAX_LINE_PLIES)?;
        to_json(&MainlineJson::new(&line))
    })
    .await??;
    Ok(json_ok(body))
}

/// `POST /api/{variant}/analyse` with `{"position": START, "moves": [...]}`.
async fn analyse(
    req: HttpRequest,
    payload: web::Payload,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let variant = variant_of(&req)?;
    let body = read_body(&req, payload).await?;
    let (position, moves) = record(variant, &body)?;
    let tb = state.tb.clone();
    let body = web::block(move || -> Result<Vec<u8>, ApiError> {
        let analysis = tb.analyse(&position, &moves)?;
        to_json(&AnalysisJson::new(&analysis))
    })
    .await??;
    Ok(json_ok(body))
}

/// Reads a request body of at most [`MAX_BODY_BYTES`]; a larger one (by its declared length or
/// as it arrives) is a 413.
pub(crate) async fn read_body(
    req: &HttpRequest,
    payload: web::Payload,
) -> Result<web::Bytes, ApiError> {
    let too_large = || ApiError::TooLarge {
        field: "body",
        message: format!("body: larger than the limit of {MAX_BODY_BYTES} bytes"),
    };
    let declared = req
        .headers()
        .get(actix_web::http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_BODY_BYTES as u64) {
        return Err(too_large());
    }
    payload
        .to_bytes_limited(MAX_BODY_BYTES)
        .await
        .map_err(|_| too_large())?
        .map_err(|e| ApiError::bad("body", format!("body: cannot be read: {e}")))
}

/// The variant named in the path; unknown ids are a 404 listing the valid ones.
fn variant_of(req: &HttpRequest) -> Result<Variant, ApiError> {
    req.match_info()
        .query("variant")
        .parse::<Variant>()
        .map_err(ApiError::UnknownVariant)
}

/// The `position` query parameter, read and checked against the variant.
fn position_param(req: &HttpRequest, variant: Variant) -> Result<Position, ApiError> {
    let pairs = web::Query::<Vec<(String, String)>>::from_query(req.query_string())
        .map_err(|e| ApiError::bad("query", format!("query string: {e}")))?;
    let text = pairs
        .iter()
        .find(|(k, _)| k == "position")
        .map(|(_, v)| v.as_str())
        .ok_or_else(|| {
            ApiError::bad(
                "position",
                format!(
                    "position: missing query parameter: expected a position string \
                     `ROWS SIDE [CAPTURED]` with `_` for the spaces, e.g. ?position={}",
                    Position::start(variant).to_string().replace(' ', "_")
                ),
            )
        })?;
    Position::parse(variant, text).map_err(|e| ApiError::position("position", e))
}

/// What `analyse` expects, for error messages.
const RECORD_SHAPE: &str = "expected a JSON object {\"position\": POSITION (optional, default: \
    the start position), \"moves\": [\"3\", \"5\", ...]}";

/// Reads an analyse body: the start position and the moves as text.
fn record(variant: Variant, body: &[u8]) -> Result<(Position, Vec<String>), ApiError> {
    let json: Json = serde_json::from_slice(body).map_err(|e| {
        ApiError::bad(
            "body",
            format!("body: not valid JSON ({e}); {RECORD_SHAPE}"),
        )
    })?;
    let Json::Object(fields) = json else {
        return Err(ApiError::bad("body", format!("body: {RECORD_SHAPE}")));
    };
    if let Some(key) = fields.keys().find(|k| *k != "position" && *k != "moves") {
        return Err(ApiError::bad(
            key.as_str(),
            format!("{key}: unknown field; {RECORD_SHAPE}"),
        ));
    }
    let position = match fields.get("position") {
        None | Some(Json::Null) => Position::start(variant),
        Some(Json::String(text)) => {
            Position::parse(variant, text).map_err(|e| ApiError::position("position", e))?
        }
        Some(_) => {
            return Err(ApiError::bad(
                "position",
                "position: expected a position string `ROWS SIDE [CAPTURED]`",
            ))
        }
    };
    let moves_shape = "moves: expected an array of moves (pit numbers or \"pass\"), e.g. \
        [\"3\", \"5\"], or one string of moves separated by spaces";
    let moves: Vec<String> = match fields.get("moves") {
        None => {
            return Err(ApiError::bad(
                "moves",
                format!("moves: missing; {RECORD_SHAPE}"),
            ))
        }
        Some(Json::String(text)) => text.split_whitespace().map(str::to_owned).collect(),
        Some(Json::Array(items)) => {
            if items.len() > MAX_RECORD_MOVES {
                return Err(too_many_moves(items.len()));
            }
            items
                .iter()
                .enumerate()
                .map(|(i, item)| match item {
                    Json::String(s) => Ok(s.trim().to_owned()),
                    Json::Number(n) if n.is_u64() => Ok(n.to_string()),
                    _ => Err(ApiError::bad(
                        format!("moves[{i}]"),
                        format!("moves[{i}]: expected a pit number or \"pass\", found {item}"),
                    )),
                })
                .collect::<Result<_, _>>()?
        }
        Some(_) => return Err(ApiError::bad("moves", moves_shape)),
    };
    if moves.len() > MAX_RECORD_MOVES {
        return Err(too_many_moves(moves.len()));
    }
    Ok((position, moves))
}

fn too_many_moves(n: usize) -> ApiError {
    ApiError::TooLarge {
        field: "moves",
        message: format!("moves: {n} moves, but a record holds at most {MAX_RECORD_MOVES}"),
    }
}

/// The methods of every route, for the OpenAPI document's tests.
pub const ROUTES: [(&str, Method); 9] = [
    ("/api/puzzles/next", Method::GET),
    ("/api/puzzles/{id}", Method::GET),
    ("/api/puzzles/{id}/attempt", Method::POST),
    ("/healthz", Method::GET),
    ("/api/openapi.json", Method::GET),
    ("/api/variants", Method::GET),
    ("/api/{variant}", Method::GET),
    ("/api/{variant}/mainline", Method::GET),
    ("/api/{variant}/analyse", Method::POST),
];
