//! The root: iterative deepening over the moves of the analysed position.
//!
//! Iteration `d` searches every move not yet exact to `d` plies (the move, then `d - 1` below),
//! with a full window, so that every move gets a value and not just a bound: a caller shows them
//! all and judges played moves by them. The position a move leads to is searched as a root of its
//! own (an empty path), so its value, when no estimate went into it, is proven whatever
//! repetitions it met (see [`super`]), and the move's value follows from it as
//! [`crate::value::move_value`] says. Moves are searched best first by the previous iteration, so
//! the table fills with the best line early.
//!
//! Every move carries the bounds proven of its value, from the seeds on the board before any
//! search (its gain plus or minus the seeds left) and narrowed by every claim a search proves,
//! whichever iteration proved it: facts are never lost with the estimate of an iteration. A move
//! is exact when its bounds meet; the position is at least the best lower bound of a move and at
//! most the largest upper bound, and exact when those meet: a move proven to reach the value,
//! every move proven not to exceed it (the inferior moves' own values may still be estimates).
//! In win/draw/loss variants one move proven to win is enough, a win being the most any move is
//! worth.
//!
//! The first iteration always completes, whatever the budget; later ones stop when it runs out,
//! and the answer is then that of the deepest completed iteration, within the bounds proven
//! meanwhile. Deepening stops as soon as the position's value is exact, or at [`MAX_DEPTH`].

use super::answer::{Analysis, MoveAnalysis, SearchValue};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use super::budget::{Budget, Limit, Meter, Stop};
use super::path::{Visit, MAX_DEPTH};
use super::score::{to_seeds, Outcome, INFINITY, UNIT};
use super::{Engine, Leaf};
use crate::position::Board;
use crate::rules::{self, MoveEffect, Next};
use crate::value::{immediate, terminal_score};
use crate::{Move, Shape};
use std::cmp::Reverse;

impl<L: Leaf> Engine<L> {
    /// The value of `board` (seen from the side to move, its pits first) and of each of its
    /// moves, searched within `budget`: exact where the search could prove it, else the estimate
    /// of the deepest iteration it completed. Never fails: the first iteration always completes.
    pub fn analyse(&mut self, board: &Board, budget: Budget) -> Analysis {
        self.search(board, Shape::OPEN, budget, None, &mut |_| {})
            .expect("a search without a cancel flag is never cancelled")
    }

    /// [`Engine::analyse`], stopped as soon as `cancel` is set (looked at every thousand nodes or
    /// so, whatever the iteration): `None` then, since an unfinished first iteration has no
    /// value for some moves. For a caller that must stop a search early: a client gone, or a
    /// tablebase leaf that failed to read (the answer would rest on a hole).
    pub fn analyse_until(
        &mut self,
        board: &Board,
        budget: Budget,
        cancel: Arc<AtomicBool>,
    ) -> Option<Analysis> {
        self.search(board, Shape::OPEN, budget, Some(cancel), &mut |_| {})
    }

    /// [`Engine::analyse_until`], calling `each` with the analysis so far after every iteration
    /// it completes (deepening by one ply), before the next begins: what a client watching the
    /// answer sharpen is shown. The last call is of the deepest completed iteration, which the
    /// answer then extends with what the iteration cut short proved. `shape` is the board's
    /// closed pits, seen from its side to move ([`crate::Position::relative_shape`]): a board
    /// with closed pits asks its leaf with its shape ([`Leaf::shaped_value`], the shape
    /// tables).
    pub fn analyse_watched(
        &mut self,
        board: &Board,
        shape: Shape,
        budget: Budget,
        cancel: Arc<AtomicBool>,
        each: &mut dyn FnMut(&Analysis),
    ) -> Option<Analysis> {
        self.search(board, shape, budget, Some(cancel), each)
    }

    /// The analysis of [`Engine::analyse`], `None` when cancelled; `each` sees every completed
    /// iteration's.
    fn search(
        &mut self,
        board: &Board,
        shape: Shape,
        budget: Budget,
        cancel: Option<Arc<AtomicBool>>,
        each: &mut dyn FnMut(&Analysis),
    ) -> Option<Analysis> {
        self.meter = Meter::start(budget, cancel);
        self.table.use_at_most(self.table_bits_for(budget));
        self.shape = shape;
        let mut moves: Vec<(Move, MoveEffect)> = Vec::new();
        if let Some(end) =
            rules::expand_shaped(self.variant, shape, board, |mv, e| moves.push((mv, *e)))
        {
            let score = terminal_score(self.variant.scoring(), &end);
            return Some(Analysis {
                value: SearchValue::of(UNIT * i32::from(score), true),
                moves: Vec::new(),
                depth: 0,
                nodes: 0,
                elapsed: self.meter.elapsed(),
                stopped_by: None,
            });
        }
        let mut proven: Vec<Proven> = moves.iter().map(|(_, e)| self.move_bounds(e)).collect();
        // Each move's score by the deepest completed iteration (none before the first, and for
        // a move proven before it).
        let mut scores: Vec<Option<i32>> = vec![None; moves.len()];
        let mut depth_done = 0;
        let mut stopped_by = None;
        // The iterations may spend half the budget; the proofs the rest.
        self.meter.cap(budget.nodes / 2);
        for depth in 1..=MAX_DEPTH {
            self.meter.bind(depth > 1);
            self.table.next_iteration();
            let mut this = scores.clone();
            let mut order: Vec<usize> = (0..moves.len()).collect();
            order.sort_by_key(|&i| Reverse(proven[i].score(scores[i]).unwrap_or(-INFINITY)));
            let mut stop = None;
            for i in order {
                if proven[i].is_exact() {
                    continue;
                }
                let effect = &moves[i].1;
                match self.move_score(effect, Visit::ROOT, depth - 1, -INFINITY, INFINITY) {
                    Ok(o) => {
                        // A proven claim is a fact, kept even if this iteration is cut short.
                        proven[i].learn(o);
                        this[i] = Some(o.score);
                    }
                    Err(Stop::Limit(limit)) => {
                        stop = Some(limit);
                        break;
                    }
                    Err(Stop::Cancelled) => return None,
                }
            }
            if let Some(limit) = stop {
                stopped_by = Some(limit);
                break;
            }
            scores = this;
            depth_done = depth;
            if position_value(&scores, &proven).exact {
                break;
            }
            each(&self.analysis_of(board, &moves, &scores, &proven, depth_done, None));
            if let Some(limit) = self.meter.spent() {
                stopped_by = Some(limit);
                break;
            }
        }
        if !position_value(&scores, &proven).exact && stopped_by != Some(Limit::Time) {
            // The rest of the budget (as much again as the iterations took, when it has no
            // end) goes to proving the value.
            let spent = self.meter.nodes();
            self.meter.cap(match budget.nodes {
                u64::MAX => spent.saturating_mul(2),
                nodes => nodes,
            });
            self.meter.bind(true);
            match self.prove_value(&moves, &scores, &mut proven) {
                Ok(()) => {}
                Err(Stop::Limit(limit)) => stopped_by = Some(limit),
                Err(Stop::Cancelled) => return None,
            }
        }
        if position_value(&scores, &proven).exact {
            // Proven after all, perhaps by the iteration the budget cut short, or by a proof.
            stopped_by = None;
        }
        Some(self.analysis_of(board, &moves, &scores, &proven, depth_done, stopped_by))
    }

    /// Settles the position's value by proofs of one question at a time about one move
    /// ([`Engine::move_at_least`]), from the value the iterations expect: first that a move
    /// reaches it, then that no move exceeds it; a question answered the other way moves the
    /// expected value by a seed. Every answer narrows a move's proven bounds, so the loop ends
    /// when the value is exact, or with the budget (`Err`), or when a proof cannot go on.
    fn prove_value(
        &mut self,
        moves: &[(Move, MoveEffect)],
        scores: &[Option<i32>],
        proven: &mut [Proven],
    ) -> Result<(), Stop> {
        loop {
            let position = position_value(scores, proven);
            if position.exact {
                return Ok(());
            }
            let expected =
                (UNIT * i32::from(to_seeds(position.score))).clamp(position.low, position.high);
            // Reaching `expected` when that is not proven yet, else exceeding it.
            let k = match position.low < expected {
                true => expected,
                false => expected + UNIT,
            };
            // The move to ask: for reaching, the best scored that may; for exceeding, the
            // worst scored that may (the easiest to rule out first).
            let open = (0..moves.len()).filter(|&i| proven[i].low < k && proven[i].high >= k);
            let by_score = |&i: &usize| proven[i].score(scores[i]).unwrap_or(-INFINITY);
            let i = match position.low < expected {
                true => open.max_by_key(by_score),
                false => open.min_by_key(by_score),
            }
            .expect("a move may still reach the threshold while the value is not exact");
            match self.move_at_least(&moves[i].1, k)? {
                Some(true) => proven[i].low = proven[i].low.max(k),
                Some(false) => proven[i].high = proven[i].high.min(k - UNIT),
                None => return Ok(()),
            }
        }
    }

    /// What is proven of the value of the move `effect` before any search, in sixteenths: its
    /// gain plus or minus the bounds of the board it leads to by its seeds alone (see
    /// [`Engine::seed_bounds`]). Nothing for a move that ends the game or sows endlessly, whose
    /// value the first iteration gives at once.
    fn move_bounds(&self, effect: &MoveEffect) -> Proven {
        let gain = UNIT * i32::from(immediate(self.variant.scoring(), effect.gain));
        let (lo, hi) = self.seed_bounds(&effect.board);
        let (low, high) = match effect.next {
            Next::Over | Next::Endless => (-INFINITY, INFINITY),
            Next::Mover => (gain + lo, gain + hi),
            Next::Opponent => (gain - hi, gain - lo),
        };
        Proven {
            low,
            high,
            by_seeds: (low, high),
        }
    }

    /// The analysis made of the moves' scores after `depth` plies and their proven bounds.
    fn analysis_of(
        &self,
        board: &Board,
        moves: &[(Move, MoveEffect)],
        scores: &[Option<i32>],
        proven: &[Proven],
        depth: u8,
        stopped_by: Option<Limit>,
    ) -> Analysis {
        let moves: Vec<MoveAnalysis> = moves
            .iter()
            .zip(scores.iter().zip(proven))
            .map(|(&(mv, effect), (&score, p))| MoveAnalysis {
                mv,
                effect,
                value: SearchValue::proven(
                    p.score(score).expect("the first iteration completes"),
                    (p.low, p.high),
                    p.by_seeds,
                ),
            })
            .collect();
        let position = position_value(scores, proven);
        Analysis {
            value: SearchValue::proven(
                position.score,
                (position.low, position.high),
                self.seed_bounds(board),
            ),
            moves,
            depth,
            nodes: self.meter.nodes(),
            elapsed: self.meter.elapsed(),
            stopped_by,
        }
    }
}

/// What is proven of a root move's value, in sixteenths: it lies in `[low, high]`. Bounds only
/// narrow, whichever iteration proved them, and the move is exact once they meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Proven {
    low: i32,
    high: i32,
    /// The bounds the seeds alone prove, before any search.
    by_seeds: (i32, i32),
}

impl Proven {
    /// Narrowed by what a search of the move proved.
    fn learn(&mut self, o: Outcome) {
        if o.proves_at_least() {
            self.low = self.low.max(o.score);
        }
        if o.proves_at_most() {
            self.high = self.high.min(o.score);
        }
    }

    /// Whether the value is proven.
    fn is_exact(&self) -> bool {
        self.low == self.high
    }

    /// The move's score: the value when proven, else `estimate` held within the bounds.
    fn score(&self, estimate: Option<i32>) -> Option<i32> {
        match self.is_exact() {
            true => Some(self.low),
            false => estimate.map(|s| s.clamp(self.low, self.high)),
        }
    }
}

/// A position's score with the bounds proven of it, in sixteenths.
struct PositionValue {
    score: i32,
    low: i32,
    high: i32,
    exact: bool,
}

/// The value of a position from its moves' scores and proven bounds (each a search root's): at
/// least the best move's proven lower bound, at most the largest upper bound of a move, exact
/// when the two meet; its score the best move's (held within those bounds).
fn position_value(scores: &[Option<i32>], proven: &[Proven]) -> PositionValue {
    let low = proven.iter().map(|p| p.low).max().unwrap_or(-INFINITY);
    let high = proven.iter().map(|p| p.high).max().unwrap_or(-INFINITY);
    let best = scores
        .iter()
        .zip(proven)
        .filter_map(|(&s, p)| p.score(s))
        .max()
        .unwrap_or(-INFINITY);
    PositionValue {
        score: best.clamp(low, high.max(low)),
        low,
        high,
        exact: low == high,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::score::Basis;

    fn proven(low: i32, high: i32) -> Proven {
        Proven {
            low,
            high,
            by_seeds: (-UNIT, UNIT),
        }
    }

    #[test]
    fn one_move_proven_to_win_settles_a_win_draw_loss_position() {
        // A win (+16) proven for the first move; the second only estimated a draw, bounded by
        // the seeds alone to [-16, 16]: no move is worth more than a win, so the position is.
        let p = position_value(
            &[Some(UNIT), Some(0)],
            &[proven(UNIT, UNIT), proven(-UNIT, UNIT)],
        );
        assert!(p.exact);
        assert_eq!((p.score, p.low, p.high), (UNIT, UNIT, UNIT));
    }

    #[test]
    fn a_position_is_exact_only_when_no_move_may_exceed_the_best_proven() {
        // First move proven +2 (32); the second estimated +1 (16) but only proven at most +3
        // (48): the position lies in [+2, +3], its score the best move's, +2.
        let moves = [proven(2 * UNIT, 2 * UNIT), proven(-3 * UNIT, 3 * UNIT)];
        let p = position_value(&[Some(2 * UNIT), Some(UNIT)], &moves);
        assert!(!p.exact);
        assert_eq!((p.score, p.low, p.high), (2 * UNIT, 2 * UNIT, 3 * UNIT));
    }

    #[test]
    fn an_estimate_is_held_within_what_is_proven() {
        let mut m = proven(-3 * UNIT, 3 * UNIT);
        // A fail-soft result of +1 whose lower claim is proven: the value is at least +1.
        m.learn(Outcome {
            score: UNIT,
            lower: Some(Basis::EXACT),
            upper: None,
        });
        assert_eq!((m.low, m.high), (UNIT, 3 * UNIT));
        // A later iteration's estimate of 0 is below it: the move's score is the bound.
        assert_eq!(m.score(Some(0)), Some(UNIT));
        assert_eq!(m.score(Some(2 * UNIT)), Some(2 * UNIT));
        // Proven the other way too: exact, whatever an estimate says.
        m.learn(Outcome::exact(UNIT));
        assert!(m.is_exact());
        assert_eq!(m.score(None), Some(UNIT));
    }
}
