//! The answers about positions: a position's value and every move's, the main line of perfect
//! play, and the analysis of a game record. Each handler reads its input, asks the
//! [`mancala_eval::Evaluator`] on a blocking thread (the evaluator decides between the tablebase
//! and a search; the thread is the executor's search lane where the tablebase does not hold the
//! position), and writes the answer: cacheable when the tablebase
//! holds the position, `no-cache` when it was searched.

use actix_web::http::Method;
use actix_web::{web, HttpRequest, HttpResponse};
use mancala_eval::line::MAX_LINE_PLIES;
use mancala_eval::Source;
use mancala_solver::{Position, Variant};
use mancala_wire::request::GameRecord;
use mancala_wire::response::{AnalysisJson, EvaluationJson, MainlineJson};

use crate::error::ApiError;
use crate::executor::Lane;
use crate::extract::{InPath, JsonBody, QueriedBudget, QueriedPosition, QueriedSowing};
use crate::reply::{json_ok, searched_json, tablebase_json, to_json};
use crate::state::AppState;

/// `GET /api/{variant}?position=...[&budget=NODES][&sowing=true]`: the position's value and every
/// move's (with its sowing when asked), best first; from the tablebase, else by a search within
/// the client's budget under the server's cap. `HEAD` of a position the tablebase does not hold
/// answers at once, without searching: its head says only that the answer is not cacheable.
pub(crate) async fn evaluate(
    req: HttpRequest,
    QueriedPosition(position): QueriedPosition,
    QueriedBudget(nodes): QueriedBudget,
    QueriedSowing(sowing): QueriedSowing,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let Some(lane) = lane_unless_head(&req, &state, &position) else {
        return Ok(searched_json(Vec::new()));
    };
    let evaluator = state.evaluator.clone();
    let budget = evaluator.settings().evaluation_budget(nodes);
    let evaluation = state
        .run(lane, move || evaluator.evaluate(&position, budget))
        .await??;
    let mut json = EvaluationJson::with_source(&evaluation, &evaluation.source);
    if sowing {
        json = json.with_sowing(&evaluation);
    }
    let body = to_json(&json)?;
    Ok(match evaluation.source {
        Source::Tablebase => tablebase_json(&req, body),
        Source::Search(_) => searched_json(body),
    })
}

/// The lane of the work about `position` ([`Lane::for_held`]); `None` for a `HEAD` of a position
/// the tablebase does not hold, which is answered the head of a searched answer (not cacheable)
/// at once, without searching.
fn lane_unless_head(req: &HttpRequest, state: &AppState, position: &Position) -> Option<Lane> {
    let lane = Lane::for_held(state.evaluator.holds(position));
    (lane == Lane::Probe || req.method() != Method::HEAD).then_some(lane)
}

/// `GET /api/{variant}/mainline?position=...`: perfect play to the end of the game, by search
/// until the tablebase takes over.
pub(crate) async fn mainline(
    req: HttpRequest,
    QueriedPosition(position): QueriedPosition,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let Some(lane) = lane_unless_head(&req, &state, &position) else {
        return Ok(searched_json(Vec::new()));
    };
    let held = lane == Lane::Probe;
    let evaluator = state.evaluator.clone();
    let budget = evaluator.settings().ply_budget();
    let body = state
        .run(lane, move || -> Result<Vec<u8>, ApiError> {
            let line = evaluator.main_line(&position, MAX_LINE_PLIES, budget)?;
            to_json(&MainlineJson::new(&line))
        })
        .await??;
    Ok(match held {
        true => tablebase_json(&req, body),
        false => searched_json(body),
    })
}

/// `POST /api/{variant}/analyse` with `{"position": START, "moves": [...]}`: every move judged,
/// by search until the tablebase takes over.
pub(crate) async fn analyse(
    InPath(variant): InPath<Variant>,
    JsonBody(record): JsonBody<GameRecord>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (position, moves) = record.read(variant)?;
    let evaluator = state.evaluator.clone();
    let held = evaluator.holds(&position);
    let budget = evaluator.settings().ply_budget();
    // Seeds only ever leave the board, so a game from a position the tablebase holds stays in
    // it.
    let lane = Lane::for_held(held);
    let body = state
        .run(lane, move || -> Result<Vec<u8>, ApiError> {
            let analysis = evaluator.analyse(&position, &moves, budget)?;
            to_json(&AnalysisJson::new(&analysis))
        })
        .await??;
    Ok(match held {
        true => json_ok(body),
        false => searched_json(body),
    })
}
