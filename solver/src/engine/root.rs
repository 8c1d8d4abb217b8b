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
//! meanwhile (a fact, whichever iteration found it). Deepening stops as soon as every move's value
//! is exact, or at [`MAX_DEPTH`].

use super::answer::{Analysis, MoveAnalysis, SearchValue};
use super::budget::{Budget, Meter, Stop};
use super::path::{Visit, MAX_DEPTH};
use super::score::{Outcome, INFINITY, UNIT};
use super::Engine;
use crate::position::Board;
use crate::rules::{self, MoveEffect};
use crate::value::terminal_score;
use crate::Move;

impl<L: Fn(&Board) -> Option<i8>> Engine<L> {
    /// The value of `board` (seen from the side to move, its pits first) and of each of its
    /// moves, searched within `budget`: exact where the search could prove it, else the estimate
    /// of the deepest iteration it completed. Never fails: the first iteration always completes.
    pub fn analyse(&mut self, board: &Board, budget: Budget) -> Analysis {
        self.meter = Meter::start(budget);
        let mut moves: Vec<(Move, MoveEffect)> = Vec::new();
        if let Some(end) = rules::expand(self.variant, board, |mv, e| moves.push((mv, *e))) {
            let score = terminal_score(self.variant.scoring(), &end);
            return Analysis {
                value: SearchValue::of(UNIT * i32::from(score), true),
                moves: Vec::new(),
                depth: 0,
                nodes: 0,
                elapsed: self.meter.elapsed(),
                stopped_by: None,
            };
        }
        let mut values: Vec<Option<Outcome>> = vec![None; moves.len()];
        let mut depth_done = 0;
        let mut stopped_by = None;
        for depth in 1..=MAX_DEPTH {
            self.meter.bind(depth > 1);
            self.table.next_iteration();
            let mut this = values.clone();
            let mut order: Vec<usize> = (0..moves.len()).collect();
            order.sort_by_key(|&i| std::cmp::Reverse(values[i].map_or(-INFINITY, |o| o.score)));
            let mut stop = None;
            for i in order {
                if this[i].is_some_and(is_exact) {
                    continue;
                }
                let effect = &moves[i].1;
                match self.move_score(effect, Visit::ROOT, depth - 1, -INFINITY, INFINITY) {
                    Ok(o) => this[i] = Some(o),
                    Err(Stop(limit)) => {
                        stop = Some(limit);
                        break;
                    }
                }
            }
            if let Some(limit) = stop {
                for (kept, found) in values.iter_mut().zip(this) {
                    if found.is_some_and(is_exact) {
                        *kept = found;
                    }
                }
                stopped_by = Some(limit);
                break;
            }
            values = this;
            depth_done = depth;
            if values.iter().all(|v| v.is_some_and(is_exact)) {
                break;
            }
            if let Some(limit) = self.meter.spent() {
                stopped_by = Some(limit);
                break;
            }
        }
        if values.iter().all(|v| v.is_some_and(is_exact)) {
            // Proven after all, perhaps by the iteration the budget cut short.
            stopped_by = None;
        }
        let moves: Vec<MoveAnalysis> = moves
            .into_iter()
            .zip(values)
            .map(|((mv, effect), value)| MoveAnalysis {
                mv,
                effect,
                value: SearchValue::of_outcome(value.expect("the first iteration completes")),
            })
            .collect();
        let best = moves
            .iter()
            .map(|m| i32::from(m.value.sixteenths))
            .max()
            .expect("a position that is not over has a move");
        Analysis {
            value: SearchValue::of(best, moves.iter().all(|m| m.value.exact)),
            moves,
            depth: depth_done,
            nodes: self.meter.nodes(),
            elapsed: self.meter.elapsed(),
            stopped_by,
        }
    }
}

/// Whether a root move's result is proven (its search root has no path above it).
fn is_exact(o: Outcome) -> bool {
    !o.basis.is_estimate()
}
