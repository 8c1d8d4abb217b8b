//! The puzzle routes: a puzzle to solve (without its solution or themes: at random, near the
//! player's rating, or the next of the player's streak), the daily puzzle, a puzzle by id, and
//! attempts, checked against the tablebase (any win-keeping move counts) and, once the attempt
//! ends (solved, a wrong move, or given up), recorded; a player's first finished attempt at a
//! puzzle re-rates both (Glicko-2).

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::SystemTime;

use actix_web::{web, HttpResponse};
use mancala_puzzles::rating::record_attempt;
use mancala_puzzles::{check_attempt, NewAttempt, PuzzleFilter, StoredPuzzle};
use mancala_wire::request::AttemptBody;
use mancala_wire::response::{AttemptJson, PuzzleJson};

use super::players::player;
use crate::error::ApiError;
use crate::extract::{InPath, JsonBody, PlayerToken, PuzzleId};
use crate::reply::{json_ok, to_json};
use crate::request::{DailyQuery, PuzzleMode, PuzzleQuery};
use crate::state::AppState;

/// A random number for picking a puzzle: std's randomly keyed hasher over a counter.
fn random() -> u64 {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut h = RandomState::new().build_hasher();
    h.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
    h.finish()
}

/// How long a client asking for a puzzle during the first start's build should wait.
const BUILDING_RETRY_SECONDS: u64 = 10;

/// The answer when no puzzle matches the filter: while the server's first start is still
/// making the tablebase or the starter puzzles, a 503 saying so (some will match soon), else a
/// 404 saying how to make some.
fn no_match(state: &AppState, otherwise: ApiError) -> ApiError {
    match state.status.making_the_essentials() {
        Some(step) => ApiError::Building {
            step,
            retry_after: BUILDING_RETRY_SECONDS,
        },
        None => otherwise,
    }
}

/// `GET /api/puzzles/next?variant=&min_rating=&max_rating=&theme=&mode=`: with `mode=streak`
/// the player's next streak puzzle; else, for a player without a rating range, one of the
/// puzzles nearest its rating that it has not tried (any, once it has tried them all), and
/// otherwise one at random among those matching.
pub(crate) async fn next(
    query: web::Query<PuzzleQuery>,
    token: PlayerToken,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let filter = query.filter()?;
    let mode = query.mode()?;
    let who = player(&state, token).await?;
    // The streak keeps the puzzle it hands out: a write; the other modes only read.
    let store = match mode {
        PuzzleMode::Streak => state.writer()?,
        PuzzleMode::Random => state.puzzles(),
    };
    let by_rating = !query.has_rating_range();
    let found = state.blocking(move || match (mode, who) {
        (PuzzleMode::Streak, None) => Err(ApiError::bad(
            "authorization",
            "authorization: mode=streak is a player's streak: send `Authorization: Bearer TOKEN` (a token from POST /api/players)",
        )),
        (PuzzleMode::Streak, Some(p)) => Ok(store.streak_puzzle(&p, &filter)?),
        (PuzzleMode::Random, Some(p)) if by_rating => {
            let unplayed = PuzzleFilter {
                unplayed_by: Some(p.id),
                ..filter.clone()
            };
            let pick = random();
            match store.pick_near(&unplayed, p.rating.rating, pick)? {
                Some(found) => Ok(Some(found)),
                None => Ok(store.pick_near(&filter, p.rating.rating, pick)?),
            }
        }
        (PuzzleMode::Random, _) => Ok(store.pick_puzzle(&filter, random())?),
    })
    .await??;
    let p = found.ok_or_else(|| {
        no_match(&state, ApiError::NoPuzzle {
            field: None,
            message: "no puzzle matches: generate some with `mancala puzzles generate VARIANT`, or widen the filter (variant, min_rating, max_rating, theme)".into(),
        })
    })?;
    Ok(json_ok(to_json(&PuzzleJson::new(&p, false))?))
}

/// Today's date in UTC, `YYYY-MM-DD`.
fn today() -> String {
    let mut day = humantime::format_rfc3339_seconds(SystemTime::now()).to_string();
    day.truncate(10);
    day
}

/// A number that depends on `day` alone (FNV-1a of its text), the same in every process.
fn day_pick(day: &str) -> u64 {
    day.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// `GET /api/puzzles/daily?variant=`: the variant's puzzle of the day (UTC), the same for
/// everyone all day, without its solution or themes.
pub(crate) async fn daily(
    query: web::Query<DailyQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let variant = query.variant()?;
    let day = today();
    // A read-only server cannot keep the day's choice: it picks by the day alone.
    let (store, pick, keep) = match state.writer() {
        Ok(writer) => (writer, random(), true),
        Err(_) => (state.puzzles(), day_pick(&day), false),
    };
    let found = state
        .blocking(move || store.daily_puzzle(variant, &day, pick, keep))
        .await??;
    let p = found.ok_or_else(|| {
        no_match(
            &state,
            ApiError::NoPuzzle {
                field: Some("variant"),
                message: format!(
                    "variant: no {} puzzle yet: generate some with `mancala puzzles generate {}`",
                    variant.id(),
                    variant.id()
                ),
            },
        )
    })?;
    Ok(json_ok(to_json(&PuzzleJson::new(&p, false))?))
}

/// The puzzle `id`, or a 404.
async fn load(state: &AppState, id: i64) -> Result<StoredPuzzle, ApiError> {
    let store = state.puzzles();
    state
        .blocking(move || store.puzzle(id))
        .await??
        .ok_or_else(|| ApiError::NoPuzzle {
            field: Some("id"),
            message: format!("id: no puzzle {id}"),
        })
}

/// `GET /api/puzzles/{id}`: the puzzle with its solution and themes.
pub(crate) async fn by_id(
    InPath(PuzzleId(id)): InPath<PuzzleId>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let p = load(&state, id).await?;
    Ok(json_ok(to_json(&PuzzleJson::new(&p, true))?))
}

/// `POST /api/puzzles/{id}/attempt` with `{"moves": ["3", ...], "give_up": false}`, by the
/// player whose token it carries, if any.
pub(crate) async fn attempt(
    InPath(PuzzleId(id)): InPath<PuzzleId>,
    token: PlayerToken,
    JsonBody(body): JsonBody<AttemptBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let writer = state.writer()?;
    let who = player(&state, token).await?;
    let puzzle = load(&state, id).await?;
    let evaluator = Arc::clone(&state.evaluator);
    let answer = state
        .blocking(move || -> Result<AttemptJson, ApiError> {
            let r = check_attempt(&evaluator, &puzzle.puzzle, &body.moves)?;
            let solved = r.correct && r.complete;
            let finished = solved || !r.correct || body.give_up;
            let recorded = finished
                .then(|| {
                    record_attempt(
                        &writer,
                        &NewAttempt {
                            puzzle_id: puzzle.id,
                            player_id: who.map(|p| p.id),
                            moves: &body.moves,
                            solved,
                            gave_up: body.give_up && !solved,
                        },
                    )
                })
                .transpose()?;
            Ok(AttemptJson::new(&puzzle, r, recorded))
        })
        .await??;
    Ok(json_ok(to_json(&answer)?))
}
