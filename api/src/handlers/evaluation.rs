//! The tablebase's answers about positions: a position's value and every move's, the main line
//! of perfect play, and the analysis of a game record.

use actix_web::{web, HttpResponse};
use mancala_db::line::MAX_LINE_PLIES;
use mancala_db::SearchEvalError;
use mancala_solver::{Family, Variant};

use crate::error::ApiError;
use crate::extract::{InPath, JsonBody, QueriedPosition};
use crate::limits::SEARCH_BUDGET;
use crate::reply::{json_ok, to_json};
use crate::request::GameRecord;
use crate::response::{AnalysisJson, EvaluationJson, MainlineJson};
use crate::state::AppState;

/// `GET /api/{variant}?position=...`: the position's value and every move's, best first.
pub(crate) async fn evaluate(
    QueriedPosition(position): QueriedPosition,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let variant = position.variant();
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

/// `GET /api/{variant}/mainline?position=...`: perfect play to the end of the game.
pub(crate) async fn mainline(
    QueriedPosition(position): QueriedPosition,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let tb = state.tb.clone();
    let body = web::block(move || -> Result<Vec<u8>, ApiError> {
        let line = tb.main_line(&position, MAX_LINE_PLIES)?;
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
        let analysis = tb.analyse(&position, &moves)?;
        to_json(&AnalysisJson::new(&analysis))
    })
    .await??;
    Ok(json_ok(body))
}
