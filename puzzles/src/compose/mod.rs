//! The composer of problems beyond the tablebase, in the Anuak tradition of composed
//! endgame problems: positions with more seeds than the tablebase holds in which South wins the
//! whole game by a line of unique moves, each value proven exactly by a search down to the
//! tablebase ([`prove`]). Candidates come from random positions and the engine's games, or from
//! a scan of a solved range ([`candidates`], [`scan`]); they are proved in parallel, a session
//! per thread, and kept in candidate order, so the same seed and tablebase always give the same
//! problems, and a composition stopped at candidate `k` resumes there.

pub mod candidates;
pub mod prove;
pub mod scan;

use std::collections::HashSet;
use std::ops::RangeInclusive;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use mancala_db::Tablebase;
use mancala_eval::EvalError;
use mancala_eval::{Evaluator, SearchSettings, Session};
use mancala_solver::{BySide, Move, Position, Side, Variant};
use rayon::prelude::*;

pub use crate::draw::Draw;
use crate::generate::captured_at_stake;
use crate::{Collection, Puzzle, StoredPuzzle};
use candidates::{Candidates, Origin};
use prove::{ProofLimits, Prover};

/// What to compose.
#[derive(Clone, Debug)]
pub struct ComposeOptions {
    /// Seeds on the board (both sides together) of the problems.
    pub seeds: RangeInclusive<u32>,
    /// Fewest moves to find (South's decisions) in a problem.
    pub min_moves: usize,
    /// Problems wanted.
    pub count: usize,
    /// Seed of the candidates.
    pub seed: u64,
    /// The first candidate to examine (a composition that stopped resumes at its next one).
    pub first_candidate: u64,
    /// Candidates to examine at most.
    pub max_candidates: u64,
    /// Stop at the first batch that ends after this instant.
    pub deadline: Option<Instant>,
    /// What each proof may spend.
    pub limits: ProofLimits,
    /// How candidates are drawn: sampled (random positions and the engine's games), every
    /// position of the range in the tablebase in turn (which must hold it), or random boards
    /// with closed pits.
    pub draw: Draw,
}

/// A composed problem: the puzzle, and where it came from.
#[derive(Clone, Debug)]
pub struct Composed {
    /// The problem as the puzzle records store it.
    pub puzzle: Puzzle,
    /// A random position, one of the engine's games, or a scanned position.
    pub origin: Origin,
    /// The candidate's number (its seed and number give it back).
    pub candidate: u64,
}

/// How far a composition went.
#[derive(Clone, Debug)]
pub struct Composition {
    /// The problems found, in candidate order.
    pub problems: Vec<Composed>,
    /// Candidates examined.
    pub examined: u64,
    /// Where to resume: the candidate after the last one examined.
    pub next_candidate: u64,
}

/// Whether `variant` and `seeds` can be composed, on boards with closed pits when `closed`:
/// some reachable slice has that many seeds.
pub fn can_compose(variant: Variant, seeds: RangeInclusive<u32>, closed: bool) -> bool {
    Candidates::new(variant, seeds, 0, closed).is_some()
}

/// Composes up to `opts.count` problems of `variant` not already `stored` (the variant's
/// puzzles in the store), nor the same [`Idea`] as a stored or found one. After every batch,
/// `batch(found, composition)` gets the problems the batch found and the composition so far
/// (its `next_candidate` is where to resume), so that the caller can store both together; an
/// error it returns stops the composition.
///
/// The candidates are proved by an [`Evaluator`] over `tb` whose searches run on every thread of
/// rayon's pool at once, each within `opts.limits.search`.
pub fn compose(
    tb: &Arc<Tablebase>,
    variant: Variant,
    stored: &[StoredPuzzle],
    opts: &ComposeOptions,
    mut batch: impl FnMut(&[Composed], &Composition) -> Result<(), EvalError>,
) -> Result<Composition, EvalError> {
    let threads = rayon::current_num_threads();
    let settings = SearchSettings {
        threads,
        queue: 0,
        cap: opts.limits.search,
    };
    let evaluator = Evaluator::new(Arc::clone(tb), settings)?;
    let mut done = Composition {
        problems: Vec::new(),
        examined: 0,
        next_candidate: opts.first_candidate,
    };
    let candidates = match opts.draw {
        Draw::Scan => Candidates::scan(tb, variant, opts.seeds.clone())?,
        Draw::Sample => Candidates::new(variant, opts.seeds.clone(), opts.seed, false),
        Draw::SampleClosed => Candidates::new(variant, opts.seeds.clone(), opts.seed, true),
    };
    let Some(candidates) = candidates else {
        return Ok(done);
    };
    let mut seen: HashSet<Position> = stored.iter().map(|p| p.puzzle.position).collect();
    let mut ideas: HashSet<Idea> = stored
        .iter()
        .filter(|p| p.puzzle.collection == Collection::Anuak)
        .map(|p| idea(&p.puzzle))
        .collect();
    // A session per thread, kept from batch to batch (its engine's table is lent once; it is
    // cleared for each candidate, see `examine`).
    let sessions: Vec<Mutex<Session>> = (0..threads)
        .map(|_| Mutex::new(evaluator.session(variant).on_its_own()))
        .collect();
    let end = opts
        .first_candidate
        .saturating_add(opts.max_candidates)
        .min(candidates.limit().unwrap_or(u64::MAX));
    while done.problems.len() < opts.count && done.next_candidate < end {
        if opts.deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        let from = done.next_candidate;
        let to = (from + candidates.batch()).min(end);
        // Each task takes its thread's session: rayon's threads each run one task at a time,
        // so the lock is never contended; tasks are scheduled dynamically, so slow candidates
        // (the engine's games) do not pile up on one thread.
        let mut proved: Vec<(u64, Option<Composed>)> = (from..to)
            .into_par_iter()
            .map(|k| {
                let lane = rayon::current_thread_index().unwrap_or(0) % sessions.len();
                let mut session = sessions[lane].lock().unwrap_or_else(|e| e.into_inner());
                Ok((k, examine(&mut session, &candidates, k, opts)?))
            })
            .collect::<Result<_, EvalError>>()?;
        proved.sort_by_key(|(k, _)| *k);
        let before = done.problems.len();
        for (k, found) in proved {
            done.examined += 1;
            done.next_candidate = k + 1;
            let new =
                |c: &Composed| seen.insert(c.puzzle.position) && ideas.insert(idea(&c.puzzle));
            if let Some(c) = found.filter(new) {
                done.problems.push(c);
                if done.problems.len() == opts.count {
                    break;
                }
            }
        }
        batch(&done.problems[before..], &done)?;
    }
    Ok(done)
}

/// What makes two problems one to a player: South's row at the start and South's moves along
/// the line. Problems that differ only in where a seed that plays no part lies (North's lone
/// seed one pit over) share it, and a composition keeps the first.
type Idea = (Vec<u8>, Vec<Move>);

/// The [`Idea`] of a problem.
fn idea(p: &Puzzle) -> Idea {
    let solver = p.position.side();
    let l = p.variant().pits_per_side();
    let row = (1..=l).map(|k| p.position.pit(solver, k)).collect();
    let mut pos = p.position;
    let mut moves = Vec::new();
    for &mv in &p.solution {
        if pos.side() == solver {
            moves.push(mv);
        }
        match pos.play(mv) {
            Ok(played) => pos = played.after,
            Err(_) => break,
        }
    }
    (row, moves)
}

/// Proves candidate `k`; the problem if it is one with enough moves to find.
fn examine(
    session: &mut Session<'_>,
    candidates: &Candidates,
    k: u64,
    opts: &ComposeOptions,
) -> Result<Option<Composed>, EvalError> {
    let Some((shape, board, origin)) = candidates.get(k, session)? else {
        return Ok(None);
    };
    // What the searches find within their budgets must not depend on which candidates this
    // thread examined before: the problems would then change with the scheduling.
    session.forget();
    let variant = candidates.variant();
    let mut prover = Prover::new(session, opts.limits);
    let bare =
        Position::from_relative_shaped(variant, &board, shape, Side::South, BySide::default());
    let Ok(value) = prover.value(&bare)? else {
        return Ok(None);
    };
    if value <= 0 {
        return Ok(None);
    }
    let Some(captured) = captured_at_stake(variant, &board, value) else {
        return Ok(None);
    };
    let position = Position::from_relative_shaped(variant, &board, shape, Side::South, captured);
    let Ok(solution) = prover.solve(&position)? else {
        return Ok(None);
    };
    if solution.moves_to_find() < opts.min_moves {
        return Ok(None);
    }
    Ok(Some(Composed {
        puzzle: solution.into_puzzle(position, Collection::Anuak),
        origin,
        candidate: k,
    }))
}
