//! The puzzle generator: draws positions from the solved slices of a variant with a seeded
//! random generator, checks them in parallel against the definition, and keeps them in the order
//! drawn, so the same seed and tablebase always give the same puzzles.

use std::collections::HashSet;

use mancala_eval::EvalError;
use mancala_eval::Evaluator;
use mancala_solver::{Board, BySide, Position, Scoring, Shape, Side, Slice, Variant};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use rayon::prelude::*;

use crate::definition::solution_line;
use crate::{Collection, Puzzle, StoredPuzzle, Theme};

/// What to generate.
#[derive(Clone, Copy, Debug)]
pub struct GenerateOptions {
    /// Puzzles wanted.
    pub count: usize,
    /// Seed of the random draw.
    pub seed: u64,
    /// Give up after examining this many positions per puzzle wanted.
    pub tries_per_puzzle: usize,
    /// Only puzzles with this theme. [`Theme::ClosedPits`] draws from the shape tables (the
    /// boards of a Rio Kadalis match's later rounds), every other from the full boards.
    pub theme: Option<Theme>,
}

impl Default for GenerateOptions {
    fn default() -> GenerateOptions {
        GenerateOptions {
            count: 100,
            seed: 1,
            tries_per_puzzle: 5000,
            theme: None,
        }
    }
}

/// Candidates drawn and checked together.
const BATCH: usize = 512;

/// The seeds already captured by each side (South to move) that put the whole game's result at
/// stake: in score variants the split of the seeds off the board (in the variant's capture unit)
/// that leaves South winning by the smallest margin with perfect play; in win/draw/loss variants
/// the seeds each side has lost so far.
pub(crate) fn captured_at_stake(variant: Variant, board: &Board, score: i8) -> Option<BySide<u32>> {
    let l = variant.pits_per_side();
    let (south, north) = (board.side_total(l, true), board.side_total(l, false));
    match variant.scoring() {
        Scoring::WinDrawLoss => {
            let per_side = variant.max_seeds_per_side();
            Some(BySide::new(
                per_side.checked_sub(north)?,
                per_side.checked_sub(south)?,
            ))
        }
        Scoring::Score => {
            let off = variant.total_seeds().checked_sub(south + north)?;
            let unit = variant.total_step() as usize;
            (0..=off)
                .step_by(unit)
                .find(|&a| 2 * a as i64 - off as i64 + score as i64 > 0)
                .map(|a| BySide::new(a, off - a))
        }
    }
}

/// Checks one drawn position, its closed pits `shape` (seen, like `board`, from South, to
/// move); returns the puzzle if it is one.
fn examine(
    evaluator: &Evaluator,
    variant: Variant,
    shape: Shape,
    board: &Board,
) -> Result<Option<Puzzle>, EvalError> {
    let value = evaluator.tablebase().probe_board(variant, shape, board)?;
    if value.score <= 0 {
        return Ok(None);
    }
    let Some(captured) = captured_at_stake(variant, board, value.score) else {
        return Ok(None);
    };
    let position = Position::from_relative_shaped(variant, board, shape, Side::South, captured);
    let Some(solution) = solution_line(evaluator, &position)? else {
        return Ok(None);
    };
    Ok(Some(solution.into_puzzle(position, Collection::Starter)))
}

/// Finds up to `opts.count` new puzzles of `variant` (none of the `stored` ones), calling
/// `progress(examined, found)` after every batch. Draws from the solved slices with at least half
/// the seeds of the largest one, weighted by size: the full boards' slices, or the shape tables'
/// for [`Theme::ClosedPits`] (their boards as a match closes the pits, the low-numbered ones).
/// A variant seen in a mirror draws its boards from the slices it reads (any board of a slice
/// is a board of its own, its value read at the mirror). One-move puzzles are kept to a tenth.
pub fn generate(
    evaluator: &Evaluator,
    variant: Variant,
    stored: &[StoredPuzzle],
    opts: GenerateOptions,
    mut progress: impl FnMut(usize, usize),
) -> Result<Vec<Puzzle>, EvalError> {
    let closed = opts.theme == Some(Theme::ClosedPits);
    let tables = variant.stored_as();
    let solved: Vec<Slice> = evaluator
        .tablebase()
        .current_slices(tables)?
        .into_iter()
        .map(|id| Slice {
            variant: tables,
            id,
        })
        .filter(|s| s.id.is_full_board() != closed)
        .collect();
    let top = solved.iter().map(|s| s.id.total()).max().unwrap_or(0);
    let pool: Vec<Slice> = solved
        .into_iter()
        .filter(|s| s.id.total() >= (top / 2).max(1))
        .collect();
    let sizes: Vec<u64> = pool.iter().map(Slice::len).collect();
    let total: u64 = sizes.iter().sum();
    if total == 0 {
        return Ok(Vec::new());
    }
    let mut seen: HashSet<Position> = stored.iter().map(|p| p.puzzle.position).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(opts.seed);
    let mut found = Vec::new();
    let mut one_move = 0;
    let mut examined = 0;
    let limit = opts.count.saturating_mul(opts.tries_per_puzzle);
    while found.len() < opts.count && examined < limit {
        let boards: Vec<(Shape, Board)> = (0..BATCH)
            .map(|_| {
                let mut i = rng.next_u64() % total;
                let k = sizes
                    .iter()
                    .position(|&n| {
                        let here = i < n;
                        if !here {
                            i -= n;
                        }
                        here
                    })
                    .expect("index below the total");
                (pool[k].shape(), pool[k].board(i))
            })
            .collect();
        let checked: Vec<Option<Puzzle>> = boards
            .par_iter()
            .map(|(shape, b)| examine(evaluator, variant, *shape, b))
            .collect::<Result<_, _>>()?;
        examined += BATCH;
        for p in checked.into_iter().flatten() {
            let wanted = opts.theme.is_none_or(|t| p.themes.contains(&t));
            if !wanted || found.len() == opts.count || !seen.insert(p.position) {
                continue;
            }
            let single = p.moves_to_find() == 1;
            if single && (one_move + 1) * 10 > opts.count {
                continue;
            }
            one_move += single as usize;
            found.push(p);
        }
        progress(examined, found.len());
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_solver::SliceId;

    #[test]
    fn captured_puts_the_result_at_stake() {
        // Rio Kadalis, 12 seeds on the board and 36 off it; South ahead by 4 on the board.
        // South captured a (a multiple of 4), North 36 - a: South wins if a + 4 > 36 - a, i.e.
        // a > 16. a = 16 is a draw (20-20 after the board's 12 split 8-4), so a = 20: 20-16.
        let b = Slice {
            variant: Variant::RioKadalis,
            id: SliceId::Seeds(12),
        }
        .board(0);
        assert_eq!(
            captured_at_stake(Variant::RioKadalis, &b, 4),
            Some(BySide::new(20, 16))
        );
        // Hawalis: each side has lost what is missing from its 28.
        let mut h = Board::EMPTY;
        h.cells[0] = 3; // South 3 seeds
        h.cells[14] = 5; // North 5 seeds
        assert_eq!(
            captured_at_stake(Variant::Hawalis, &h, 1),
            Some(BySide::new(23, 25))
        );
    }
}
