//! The tablebase's answers about positions: a position's value and every move's, the main line
//! of perfect play, and the analysis of a game record.

use actix_web::{web, HttpResponse};
use mancala_db::line::MAX_LINE_PLIES;
use mancala_solver::Variant;

use crate::error::ApiError;
use crate::extract::{InPath, JsonBody, QueriedPosition};
use crate::limits::{PLY_BUDGET, SEARCH_BUDGET};
use crate::reply::{json_ok, to_json};
use crate::request::GameRecord;
use crate::response::{AnalysisJson, EvaluationJson, MainlineJson};
use crate::state::AppState;

/// `GET /api/{variant}?position=...`: the position's value and every move's, best first.
pub(crate) async fn evaluate(
    QueriedPosition(position): QueriedPosition,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let tb = state.tb.clone();
    let body = state
        .pool
        .run(move || -> Result<Vec<u8>, ApiError> {
            let (e, source) = tb.evaluate_any(&position, SEARCH_BUDGET)?;
            to_json(&EvaluationJson::with_source(&e, &source))
        })
        .await??;
    Ok(json_ok(body))
}

/// `GET /api/{variant}/mainline?position=...`: perfect play to the end of the game.
pub(crate) async fn mainline(
    QueriedPosition(position): QueriedPosition,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let tb = state.tb.clone();
    let body = web::block(move || -> Result<Vec<u8>, ApiError> {
        let line = tb.main_line(&position, MAX_LINE_PLIES, PLY_BUDGET)?;
        to_json(&MainlineJson::new(&line))
    })
    .await??;
    Ok(json_ok(body))
}

/// `POST /api/{variant}/analyse` with `{"position": START, "moves": [...]}`.
pub(crate) async fn analyse(
    InPath(variant): InPath<Variant>,
    JsonBody(record): JsonBody<GameRecord>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (position, moves) = record.read(variant)?;
    let tb = state.tb.clone();
    let body = web::block(move || -> Result<Vec<u8>, ApiError> {
        let analysis = tb.analyse(&position, &moves, PLY_BUDGET)?;
        to_json(&AnalysisJson::new(&analysis))
    })
    .await??;
    Ok(json_ok(body))
}
