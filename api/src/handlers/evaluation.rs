//! The tablebase's answers about positions: a position's value and every move's, the main line
//! of perfect play, and the analysis of a game record. Whatever the tablebase holds is answered
//! from it on the tablebase threads; anything else is searched on the bounded search threads
//! ([`crate::search`]), so that searches never hold up tablebase answers.

use actix_web::{web, HttpRequest, HttpResponse};
use mancala_db::line::MAX_LINE_PLIES;
use mancala_db::{DbError, Source};
use mancala_solver::{Position, Variant};
use mancala_wire::request::GameRecord;
use mancala_wire::response::{AnalysisJson, EvaluationJson, MainlineJson};

use crate::error::ApiError;
use crate::extract::{InPath, JsonBody, QueriedBudget, QueriedPosition, QueriedSowing};
use crate::reply::{json_ok, searched_json, tablebase_json, to_json};
use crate::state::AppState;

/// `GET /api/{variant}?position=...[&budget=NODES][&sowing=true]`: the position's value and every
/// move's (with its sowing when asked), best first; from the tablebase, else by a search within the client's budget under the server's cap.
pub(crate) async fn evaluate(
    req: HttpRequest,
    QueriedPosition(position): QueriedPosition,
    QueriedBudget(nodes): QueriedBudget,
    QueriedSowing(sowing): QueriedSowing,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let tb = state.tb.clone();
    let held = state.pool.run(move || tb.evaluate(&position)).await?;
    let (evaluation, source) = match held {
        Ok(e) => (e, Source::Tablebase),
        Err(DbError::NotSolved { .. }) => {
            let tb = state.tb.clone();
            let budget = state.search.settings().evaluation_budget(nodes);
            state
                .search
                .run(move || {
                    tb.searcher(position.variant(), budget)?
                        .evaluate(&position, budget)
                })
                .await??
        }
        Err(e) => return Err(e.into()),
    };
    let mut json = EvaluationJson::with_source(&evaluation, &source);
    if sowing {
        json = json.with_sowing(&evaluation);
    }
    let body = to_json(&json)?;
    Ok(match source {
        Source::Tablebase => tablebase_json(&req, body),
        Source::Search(_) => searched_json(body),
    })
}

/// `GET /api/{variant}/mainline?position=...`: perfect play to the end of the game, by search
/// until the tablebase takes over.
pub(crate) async fn mainline(
    req: HttpRequest,
    QueriedPosition(position): QueriedPosition,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let tb = state.tb.clone();
    let budget = state.search.settings().ply_budget();
    let line = move || -> Result<Vec<u8>, ApiError> {
        let line = tb.main_line(&position, MAX_LINE_PLIES, budget)?;
        to_json(&MainlineJson::new(&line))
    };
    Ok(match held(&state, position).await? {
        true => tablebase_json(&req, web::block(line).await??),
        false => searched_json(state.search.run(line).await??),
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
    let tb = state.tb.clone();
    let budget = state.search.settings().ply_budget();
    let analysis = move || -> Result<Vec<u8>, ApiError> {
        let analysis = tb.analyse(&position, &moves, budget)?;
        to_json(&AnalysisJson::new(&analysis))
    };
    Ok(match held(&state, position).await? {
        true => json_ok(web::block(analysis).await??),
        false => searched_json(state.search.run(analysis).await??),
    })
}

/// Whether the tablebase holds `position`, and with it every position that play can reach from
/// it (captures only ever take seeds off the board), so that nothing from there needs a search.
async fn held(state: &AppState, position: Position) -> Result<bool, ApiError> {
    let tb = state.tb.clone();
    match state.pool.run(move || tb.evaluate(&position)).await? {
        Ok(_) => Ok(true),
        Err(DbError::NotSolved { .. }) => Ok(false),
        Err(e) => Err(e.into()),
    }
}
