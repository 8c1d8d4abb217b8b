//! The puzzle routes: a puzzle to solve (without its solution), a puzzle by id, and attempts,
//! checked against the tablebase (any win-keeping move counts) and recorded with the puzzle's
//! Glicko-2 update once the attempt ends (solved, or a wrong move).

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};

use actix_web::{web, HttpRequest, HttpResponse};
use mancala_db::{PuzzleFilter, PuzzleRow};
use mancala_puzzles::attempt::AttemptError;
use mancala_puzzles::check_attempt;
use mancala_puzzles::rating::{after_attempt, DEFAULT_PLAYER};
use mancala_solver::{Position, Variant};
use serde::{Deserialize, Serialize};
use skillratings::glicko2::Glicko2Rating;

use crate::error::ApiError;
use crate::routes::{json_ok, only, read_body, to_json};
use crate::state::AppState;

/// Registers the puzzle routes (before the `/api/{variant}` ones, which would match them).
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/api/puzzles/next")
            .route(web::get().to(next))
            .default_service(only("GET")),
    )
    .service(
        web::resource("/api/puzzles/{id}")
            .route(web::get().to(by_id))
            .default_service(only("GET")),
    )
    .service(
        web::resource("/api/puzzles/{id}/attempt")
            .route(web::post().to(attempt))
            .default_service(only("POST")),
    );
}

/// A puzzle as served to be solved: no solution.
#[derive(Serialize)]
struct PuzzleJson<'a> {
    id: i64,
    variant: &'a str,
    position: &'a str,
    /// The side to play and win (always `S`).
    side: &'static str,
    /// How many moves of the solver the solution has.
    moves_to_find: usize,
    rating: f64,
    rating_deviation: f64,
    themes: &'a [String],
    plays: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<&'a [String]>,
}

impl<'a> PuzzleJson<'a> {
    fn new(p: &'a PuzzleRow, with_solution: bool) -> PuzzleJson<'a> {
        PuzzleJson {
            id: p.id,
            variant: &p.variant,
            position: &p.position,
            side: "S",
            moves_to_find: solver_moves(p),
            rating: p.rating.round(),
            rating_deviation: p.rating_deviation.round(),
            themes: &p.themes,
            plays: p.plays,
            solution: with_solution.then_some(p.solution.as_slice()),
        }
    }
}

/// The solver's moves in a stored puzzle's line.
fn solver_moves(p: &PuzzleRow) -> usize {
    p.variant
        .parse::<Variant>()
        .ok()
        .and_then(|v| Position::parse(v, &p.position).ok())
        .and_then(|start| mancala_puzzles::attempt::solver_moves(&start, &p.solution).ok())
        .unwrap_or(p.solution.len().div_ceil(2))
}

/// A random number for picking a puzzle: std's randomly keyed hasher over a counter.
fn random() -> u64 {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut h = RandomState::new().build_hasher();
    h.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
    h.finish()
}

/// Reads an optional number query parameter.
fn number(pairs: &[(String, String)], key: &'static str) -> Result<Option<f64>, ApiError> {
    pairs
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| {
            v.parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| {
                    ApiError::bad(
                        key,
                        format!("{key}: `{v}` is not a number (a rating, e.g. 1500)"),
                    )
                })
        })
        .transpose()
}

/// `GET /api/puzzles/next?variant=&min_rating=&max_rating=&theme=`.
async fn next(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let pairs = web::Query::<Vec<(String, String)>>::from_query(req.query_string())
        .map_err(|e| ApiError::bad("query", format!("query string: {e}")))?
        .into_inner();
    let mut filter = PuzzleFilter::default();
    if let Some((_, v)) = pairs.iter().find(|(k, _)| k == "variant") {
        filter.variant = Some(v.parse::<Variant>().map_err(ApiError::UnknownVariant)?);
    }
    filter.min_rating = number(&pairs, "min_rating")?;
    filter.max_rating = number(&pairs, "max_rating")?;
    filter.theme = pairs
        .iter()
        .find(|(k, _)| k == "theme")
        .map(|(_, v)| v.clone());
    let tb = state.tb.clone();
    let found = web::block(move || tb.pick_puzzle(&filter, random())).await??;
    let p = found.ok_or_else(|| ApiError::NoPuzzle {
        message: "no puzzle matches: generate some with `mancala puzzles generate VARIANT`, or widen the filter (variant, min_rating, max_rating, theme)".into(),
    })?;
    Ok(json_ok(to_json(&PuzzleJson::new(&p, false))?))
}

/// The `{id}` of the path.
fn id_of(req: &HttpRequest) -> Result<i64, ApiError> {
    let text = req.match_info().query("id");
    text.parse::<i64>().map_err(|_| {
        ApiError::bad(
            "id",
            format!("id: `{text}` is not a puzzle id (a whole number)"),
        )
    })
}

async fn load(state: &AppState, id: i64) -> Result<PuzzleRow, ApiError> {
    let tb = state.tb.clone();
    web::block(move || tb.puzzle(id))
        .await??
        .ok_or_else(|| ApiError::NoPuzzle {
            message: format!("id: no puzzle {id}"),
        })
}

/// `GET /api/puzzles/{id}`: the puzzle with its solution.
async fn by_id(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let p = load(&state, id_of(&req)?).await?;
    Ok(json_ok(to_json(&PuzzleJson::new(&p, true))?))
}

/// The body of an attempt.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AttemptBody {
    /// The player's moves so far, in order (not the replies).
    moves: Vec<String>,
    /// The player's rating, if known (default 1500).
    rating: Option<f64>,
}

/// The answer to an attempt.
#[derive(Serialize)]
struct AttemptJson {
    /// Every move kept the win.
    correct: bool,
    /// The puzzle is solved.
    complete: bool,
    /// The first wrong move's index, from 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    wrong_move: Option<usize>,
    /// The opponent's reply to the last move, if it got one.
    reply: Option<String>,
    /// The reply to each move, `null` where there was none (an extra turn, the end).
    replies: Vec<Option<String>>,
    /// The position after the last move and reply.
    position: String,
    /// For a wrong move: the moves that kept the win there.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    winning_moves: Vec<String>,
    /// Once the attempt has ended (solved or failed): the stored solution and the puzzle's
    /// new rating.
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rating: Option<f64>,
}

/// `POST /api/puzzles/{id}/attempt` with `{"moves": ["3", ...], "rating": 1500}`.
async fn attempt(
    req: HttpRequest,
    payload: web::Payload,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = id_of(&req)?;
    let body = read_body(&req, payload).await?;
    let body: AttemptBody = serde_json::from_slice(&body).map_err(|e| {
        ApiError::bad(
            "body",
            format!("body: {e}; expected {{\"moves\": [\"3\", ...], \"rating\": 1500 (optional)}}"),
        )
    })?;
    if let Some(r) = body.rating.filter(|r| !(0.0..=4000.0).contains(r)) {
        return Err(ApiError::bad(
            "rating",
            format!("rating: {r} is not a rating (0 to 4000)"),
        ));
    }
    let puzzle = load(&state, id).await?;
    let tb = state.tb.clone();
    let writer = state.writer.clone();
    let answer = web::block(move || -> Result<AttemptJson, ApiError> {
        let variant: Variant = puzzle
            .variant
            .parse()
            .map_err(|e| ApiError::Internal(format!("stored puzzle {id}: {e}")))?;
        let start = Position::parse(variant, &puzzle.position)
            .map_err(|e| ApiError::Internal(format!("stored puzzle {id}: {e}")))?;
        let r = check_attempt(&tb, &start, solver_moves(&puzzle), &body.moves).map_err(
            |e| match e {
                AttemptError::Move {
                    index,
                    position,
                    error,
                } => ApiError::bad_move(index, position.to_string(), error),
                AttemptError::Db(e) => e.into(),
            },
        )?;
        let finished = r.complete || !r.correct;
        let rating = if finished {
            let player = Glicko2Rating {
                rating: body.rating.unwrap_or(DEFAULT_PLAYER.rating),
                ..DEFAULT_PLAYER
            };
            let old = Glicko2Rating {
                rating: puzzle.rating,
                deviation: puzzle.rating_deviation,
                volatility: puzzle.volatility,
            };
            let new = after_attempt(old, player, r.correct);
            writer.record_attempt(
                id,
                &body.moves,
                r.correct,
                player.rating,
                (new.rating, new.deviation, new.volatility),
            )?;
            Some(new.rating.round())
        } else {
            None
        };
        Ok(AttemptJson {
            correct: r.correct,
            complete: r.complete,
            wrong_move: r.wrong_move,
            reply: r.replies.last().cloned().flatten(),
            replies: r.replies,
            position: r.position.to_string(),
            winning_moves: r.winning_moves,
            solution: finished.then_some(puzzle.solution),
            rating,
        })
    })
    .await??;
    Ok(json_ok(to_json(&answer)?))
}
