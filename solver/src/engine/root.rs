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
//! The first iteration always completes, whatever the budget; later ones stop when it runs out,
//! and the answer is then that of the deepest completed iteration, with any move value proven
//! meanwhile (a fact, whichever iteration found it). Deepening stops as soon as the position's
//! value is exact (a move proven to reach it, every move proven not to exceed it: the inferior
//! moves' own values may still be estimates), or at [`MAX_DEPTH`].

use super::answer::{Analysis, MoveAnalysis, SearchValue};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use super::budget::{Budget, Limit, Meter, Stop};
use super::path::{Visit, MAX_DEPTH};
use super::score::{Outcome, INFINITY, UNIT};
use super::table::table_bits;
use super::Engine;
use crate::position::Board;
use crate::rules::{self, MoveEffect};
use crate::value::terminal_score;
use crate::{Move, Shape};
use std::cmp::Reverse;

impl<L: Fn(&Board) -> Option<i8>> Engine<L> {
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
    /// with closed pits never asks the tablebase, whose boards have every pit open.
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
        self.table.use_at_most(table_bits(budget.nodes));
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
        let mut values: Vec<Option<Outcome>> = vec![None; moves.len()];
        let mut depth_done = 0;
        let mut stopped_by = None;
        for depth in 1..=MAX_DEPTH {
            self.meter.bind(depth > 1);
            self.table.next_iteration();
            let mut this = values.clone();
            let mut order: Vec<usize> = (0..moves.len()).collect();
            order.sort_by_key(|&i| Reverse(values[i].map_or(-INFINITY, |o| o.score)));
            let mut stop = None;
            for i in order {
                if this[i].is_some_and(|o| o.is_proven_value()) {
                    continue;
                }
                let effect = &moves[i].1;
                match self.move_score(effect, Visit::ROOT, depth - 1, -INFINITY, INFINITY) {
                    Ok(o) => this[i] = Some(o),
                    Err(Stop::Limit(limit)) => {
                        stop = Some(limit);
                        break;
                    }
                    Err(Stop::Cancelled) => return None,
                }
            }
            if let Some(limit) = stop {
                // Values proven by the unfinished iteration are facts all the same.
                for (kept, found) in values.iter_mut().zip(this) {
                    if found.is_some_and(|o| o.is_proven_value()) {
                        *kept = found;
                    }
                }
                stopped_by = Some(limit);
                break;
            }
            values = this;
            depth_done = depth;
            if position_value(&values).1 {
                break;
            }
            each(&self.analysis_of(&moves, &values, depth_done, None));
            if let Some(limit) = self.meter.spent() {
                stopped_by = Some(limit);
                break;
            }
        }
        if position_value(&values).1 {
            // Proven after all, perhaps by the iteration the budget cut short.
            stopped_by = None;
        }
        Some(self.analysis_of(&moves, &values, depth_done, stopped_by))
    }

    /// The analysis made of the moves' values after `depth` plies.
    fn analysis_of(
        &self,
        moves: &[(Move, MoveEffect)],
        values: &[Option<Outcome>],
        depth: u8,
        stopped_by: Option<Limit>,
    ) -> Analysis {
        let (best, exact) = position_value(values);
        let moves: Vec<MoveAnalysis> = moves
            .iter()
            .zip(values)
            .map(|(&(mv, effect), value)| MoveAnalysis {
                mv,
                effect,
                value: SearchValue::of_outcome(value.expect("the first iteration completes")),
            })
            .collect();
        let values: Vec<SearchValue> = moves.iter().map(|m| m.value).collect();
        Analysis {
            value: SearchValue::of_position(best, exact, &values),
            moves,
            depth,
            nodes: self.meter.nodes(),
            elapsed: self.meter.elapsed(),
            stopped_by,
        }
    }
}

/// The value of a position from its moves' results (each a search root's): the best score, and
/// whether it is proven, which needs a move proven to score at least that and every move proven
/// to score at most that. A move not yet searched (`None`) proves nothing.
fn position_value(values: &[Option<Outcome>]) -> (i32, bool) {
    let searched = || values.iter().flatten();
    let best = searched().map(|o| o.score).max().unwrap_or(-INFINITY);
    let at_least = searched().any(|o| o.score == best && o.proves_at_least());
    let at_most = values.iter().all(|o| o.is_some_and(|o| o.proves_at_most()));
    (best, at_least && at_most)
}
