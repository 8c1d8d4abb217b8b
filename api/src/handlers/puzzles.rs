//! The puzzle routes: a puzzle to solve (without its solution), a puzzle by id, and attempts,
//! checked against the tablebase (any win-keeping move counts) and, once the attempt ends
//! (solved, or a wrong move), recorded with the puzzle's Glicko-2 update.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};

use actix_web::{web, HttpResponse};
use mancala_puzzles::rating::record_attempt;
use mancala_puzzles::{check_attempt, StoredPuzzle};

use crate::error::ApiError;
use crate::extract::{InPath, JsonBody, PuzzleId};
use crate::reply::{json_ok, to_json};
use crate::request::{AttemptBody, PuzzleQuery};
use crate::response::{AttemptJson, PuzzleJson};
use crate::state::AppState;

/// A random number for picking a puzzle: std's randomly keyed hasher over a counter.
fn random() -> u64 {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut h = RandomState::new().build_hasher();
    h.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
    h.finish()
}

/// The answer when no puzzle matches the filter.
fn no_match() -> ApiError {
    ApiError::NoPuzzle {
        message: "no puzzle matches: generate some with `mancala puzzles generate VARIANT`, or widen the filter (variant, min_rating, max_rating, theme)".into(),
    }
}

/// `GET /api/puzzles/next?variant=&min_rating=&max_rating=&theme=`: a puzzle picked at random
/// among those matching.
pub(crate) async fn next(
    query: web::Query<PuzzleQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let filter = query.filter()?.ok_or_else(no_match)?;
    let tb = state.tb.clone();
    let found = web::block(move || tb.pick_puzzle(&filter, random())).await??;
    let p = found.ok_or_else(no_match)?;
    Ok(json_ok(to_json(&PuzzleJson::new(&p, false))?))
}

/// The puzzle `id`, or a 404.
async fn load(state: &AppState, id: i64) -> Result<StoredPuzzle, ApiError> {
    let tb = state.tb.clone();
    web::block(move || tb.puzzle(id))
        .await??
        .ok_or_else(|| ApiError::NoPuzzle {
            message: format!("id: no puzzle {id}"),
        })
}

/// `GET /api/puzzles/{id}`: the puzzle with its solution.
pub(crate) async fn by_id(
    InPath(PuzzleId(id)): InPath<PuzzleId>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let p = load(&state, id).await?;
    Ok(json_ok(to_json(&PuzzleJson::new(&p, true))?))
}

/// `POST /api/puzzles/{id}/attempt` with `{"moves": ["3", ...], "rating": 1500}`.
pub(crate) async fn attempt(
    InPath(PuzzleId(id)): InPath<PuzzleId>,
    JsonBody(body): JsonBody<AttemptBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let writer = state.writer()?;
    let player_rating = body.rating()?;
    let puzzle = load(&state, id).await?;
    let tb = state.tb.clone();
    let answer = web::block(move || -> Result<AttemptJson, ApiError> {
        let r = check_attempt(&tb, &puzzle.puzzle, &body.moves)?;
        let finished = r.complete || !r.correct;
        let new_rating = finished
            .then(|| record_attempt(&writer, &puzzle, &body.moves, r.correct, player_rating))
            .transpose()?;
        Ok(AttemptJson::new(&puzzle, r, new_rating))
    })
    .await??;
    Ok(json_ok(to_json(&answer)?))
}
