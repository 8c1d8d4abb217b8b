//! `POST /api/{variant}/match`: a Rio Kadalis match replayed round by round from its record
//! ([`Match::replay_from`]), and where it stands: every round's result, the next round's start
//! once a round has ended, the match's end, and the round under way valued by the evaluator,
//! with what the match is worth from there when it is played to be won.

use actix_web::{web, HttpResponse};
use mancala_solver::match_play::Match;
use mancala_solver::Variant;
use mancala_wire::request::MatchRecord;
use mancala_wire::response::{EvaluationJson, MatchJson};

use crate::error::ApiError;
use crate::executor::Lane;
use crate::extract::{InPath, JsonBody};
use crate::reply::{searched_json, to_json};
use crate::state::AppState;

/// `POST /api/{variant}/match` with `{"start": ROUND_START (optional), "rounds": [[...], ...]}`.
/// Not cacheable: the round under way may be valued by a search.
pub(crate) async fn play(
    InPath(variant): InPath<Variant>,
    JsonBody(record): JsonBody<MatchRecord>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (start, rounds) = record.read(variant)?;
    let game = Match::replay_from(variant, start, rounds)?;
    let evaluator = state.evaluator.clone();
    let budget = evaluator.settings().evaluation_budget(None);
    // A round under way beyond the tablebase (its full board's or its shape table's) is
    // searched.
    let held = match game.current() {
        Some(round) => evaluator.holds(&round.position),
        None => true,
    };
    let lane = Lane::for_held(held);
    let shared = state.clone();
    let body = state
        .run(lane, move || -> Result<Vec<u8>, ApiError> {
            let mut json = MatchJson::new(&game, &[]);
            if let Some(round) = game.current() {
                let e = evaluator.evaluate(&round.position, budget)?;
                let worth = shared
                    .match_game(variant)?
                    .worth(&evaluator, &round.start, &e);
                json = json
                    .with_evaluation(EvaluationJson::with_source(&e, &e.source))
                    .with_worth(&worth);
            }
            to_json(&json)
        })
        .await??;
    Ok(searched_json(body))
}
