//! The search below the root: fail-soft negamax alpha-beta with a transposition table, exact
//! leaves, repetitions and a heuristic frontier, tracking what every result rests on.
//!
//! At each node, in this order:
//!
//! 1. the tablebase (the leaf callback): an exact value ends the search here;
//! 2. proven bounds, from the table and from the seeds on the board (a value lies in `[-n, n]`,
//!    or `[-1, 1]` in win/draw/loss variants): a cut, or an exact value, with no search;
//! 3. a repetition of a position on the path since the last exit (not in Kalah, which is
//!    acyclic): endless play, 0, resting on that earlier ply ([`super::score::Basis`]);
//! 4. the game's end: exact;
//! 5. estimate bounds from the table at sufficient depth: a cut resting on an estimate;
//! 6. the frontier (no depth left): the heuristic ([`super::evaluation`]), an estimate;
//! 7. otherwise every move in order ([`super::move_list`]), each scored as
//!    [`crate::value::move_value`] says (gain, then plus or minus the child's value; an endless
//!    sowing is a loss; a move that ends the game is its gain).
//!
//! A result claims `value >= best` resting on the best move alone, and (unless it is a cut,
//! `best >= beta`) `value <= best` resting on every move ([`super::score::Outcome`]). Each claim
//! is stored as a proven bound when it is proven at this ply, as an estimate bound when an
//! estimate went into it, and otherwise (path-dependent) not at all; the best move always.

use super::budget::Stop;
use super::evaluation::evaluate;
use super::fingerprint::fingerprint;
use super::move_list::MoveList;
use super::path::Visit;
use super::score::{Basis, Outcome, INFINITY, UNIT};
use super::table::{Knowledge, NO_MOVE};
use super::{Engine, Leaf};
use crate::position::Board;
use crate::rules::{MoveEffect, Next};
use crate::value::{immediate, terminal_score};
use crate::{Family, Scoring};

impl<L: Leaf> Engine<L> {
    /// The score of the move `effect` for its mover, searching the position it leads to (at
    /// `visit`, `depth` plies deep) with the mover's window `(alpha, beta)`.
    #[inline]
    pub(super) fn move_score(
        &mut self,
        effect: &MoveEffect,
        visit: Visit,
        depth: u8,
        alpha: i32,
        beta: i32,
    ) -> Result<Outcome, Stop> {
        let gain = UNIT * i32::from(immediate(self.variant.scoring(), effect.gain));
        Ok(match effect.next {
            Next::Over => Outcome::exact(gain),
            Next::Endless => Outcome::exact(-UNIT),
            Next::Mover => self
                .negamax(&effect.board, visit, depth, alpha - gain, beta - gain)?
                .for_same_mover(gain),
            Next::Opponent => {
                let l = self.variant.pits_per_side();
                let board = effect.board.flipped(l);
                let shape = self.shape;
                self.shape = shape.flipped(l);
                let child = self.negamax(&board, visit, depth, gain - beta, gain - alpha);
                self.shape = shape;
                child?.for_opponent_mover(gain)
            }
        })
    }

    /// The fail-soft score of `board` (seen from the side to move) at `visit`, searched `depth`
    /// plies deep with window `(alpha, beta)`, and what it rests on.
    pub(super) fn negamax(
        &mut self,
        board: &Board,
        visit: Visit,
        depth: u8,
        alpha: i32,
        beta: i32,
    ) -> Result<Outcome, Stop> {
        self.meter.tick()?;
        if let Some(v) = self.leaf_value(board, self.shape) {
            return Ok(Outcome::exact(UNIT * i32::from(v)));
        }
        let key = fingerprint(board, self.shape);
        let entry = self.table.probe(key);
        let (mut lo, mut hi) = self.seed_bounds(board);
        if let Some(e) = &entry {
            lo = lo.max(e.proven_lower.into());
            hi = hi.min(e.proven_upper.into());
        }
        if lo == hi {
            return Ok(Outcome::exact(lo));
        }
        if lo >= beta {
            return Ok(Outcome {
                score: lo,
                lower: Some(Basis::EXACT),
                upper: None,
            });
        }
        if hi <= alpha {
            return Ok(Outcome {
                score: hi,
                lower: None,
                upper: Some(Basis::EXACT),
            });
        }
        if self.variant.family() != Family::Kalah {
            if let Some(ply) = self.path.enter(visit, key) {
                return Ok(within(Outcome::value(0, Basis::repetition(ply)), lo, hi));
            }
        }
        let moves = match MoveList::generate(self.variant, self.shape, board) {
            Ok(moves) => moves,
            Err(end) => {
                let score = terminal_score(self.variant.scoring(), &end);
                return Ok(Outcome::exact(UNIT * i32::from(score)));
            }
        };
        if let Some(cut) = entry.and_then(|e| self.table.estimate_cutoff(&e, depth, alpha, beta)) {
            return Ok(within(Outcome::estimate(cut), lo, hi));
        }
        if depth == 0 {
            let guess = Outcome::estimate(evaluate(self.variant, board));
            return Ok(within(guess, lo, hi));
        }

        // Proven bounds narrow the window: a result at a narrowed edge is then the value.
        let (alpha, beta) = (alpha.max(lo), beta.min(hi));
        let mut a = alpha;
        let nodes_before = self.meter.nodes();
        let mut best = Outcome {
            score: i32::MIN,
            lower: None,
            upper: None,
        };
        let mut best_move = NO_MOVE;
        // What "no move scores more than `best`" rests on: every move's upper claim.
        let mut every_upper = Some(Basis::EXACT);
        for &i in moves.order(entry.map_or(NO_MOVE, |e| e.best)).as_slice() {
            let effect = moves.effect(i);
            let o = self.move_score(effect, visit.child(effect), depth - 1, a, beta)?;
            every_upper = every_upper.zip(o.upper).map(|(x, y)| x.combined(y));
            if o.score > best.score {
                best = o;
                best_move = i;
            }
            if best.score > a {
                a = best.score;
                if a >= beta {
                    break;
                }
            }
        }
        let result = within(
            Outcome {
                upper: if best.score >= beta {
                    None
                } else {
                    every_upper
                },
                ..best
            },
            lo,
            hi,
        );
        let nodes = self.meter.nodes() - nodes_before;
        let knowledge = self.knowledge(&result, visit, depth);
        self.table.store(key, knowledge, best_move, nodes);
        Ok(result)
    }

    /// What `result`, found at `visit` by a search `depth` deep, teaches the table: its proven
    /// claims as proven bounds, its estimated ones as estimate bounds, its path-dependent ones
    /// nothing.
    fn knowledge(&self, result: &Outcome, visit: Visit, depth: u8) -> Knowledge {
        let s = result.score;
        let proven = |claim: Option<Basis>| claim.is_some_and(|b| b.is_proven_at(visit.ply));
        let reusable = |claim: Option<Basis>| {
            claim.is_some_and(|b| b.is_estimate() || b.is_proven_at(visit.ply))
        };
        let bounds = |lower: bool, upper: bool| {
            (
                if lower { s } else { -INFINITY },
                if upper { s } else { INFINITY },
            )
        };
        Knowledge {
            proven: bounds(proven(result.lower), proven(result.upper)),
            estimate: bounds(reusable(result.lower), reusable(result.upper)),
            depth,
        }
    }

    /// Proven bounds on the value of `board` from its seeds alone: `[-n, n]` sixteenths-scaled
    /// for `n` seeds (score variants), `[-1, 1]` (win/draw/loss variants).
    #[inline]
    pub(super) fn seed_bounds(&self, board: &Board) -> (i32, i32) {
        let bound = match self.variant.scoring() {
            Scoring::Score => UNIT * board.total() as i32,
            Scoring::WinDrawLoss => UNIT,
        };
        (-bound, bound)
    }
}

/// `o` held within the proven bounds `[lo, hi]`: a score at or beyond one becomes the bound,
/// whose claim on that side is then a fact, the other claim keeping its basis (the value is on
/// the near side of the bound by the search, and on the far side by proof).
#[inline]
fn within(o: Outcome, lo: i32, hi: i32) -> Outcome {
    if o.score <= lo {
        Outcome {
            score: lo,
            lower: Some(Basis::EXACT),
            upper: o.upper,
        }
    } else if o.score >= hi {
        Outcome {
            score: hi,
            lower: o.lower,
            upper: Some(Basis::EXACT),
        }
    } else {
        o
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Budget;
    use crate::{Position, Shape, Variant};

    /// Oware, one seed a side in lockstep: a forced cycle of 12 plies with no capture (see
    /// `solver/tests/engine_cycles.rs`).
    const CYCLE: &str = "0,0,0,0,0,1/1,0,0,0,0,0 S";

    #[test]
    fn a_result_resting_on_a_repetition_above_it_is_not_stored_as_proven() {
        let v = Variant::Oware;
        let start = Position::parse(v, CYCLE).unwrap().relative_board();
        let mut engine = Engine::new(v, 10, |_: &Board| None);
        // The start on the path at ply 0; search the position after its only move, at ply 1.
        assert_eq!(
            engine
                .path
                .enter(Visit::ROOT, fingerprint(&start, Shape::OPEN)),
            None
        );
        let moves = MoveList::generate(v, Shape::OPEN, &start).ok().unwrap();
        let effect = *moves.effect(0);
        let child = effect.board.flipped(v.pits_per_side());
        let o = engine
            .negamax(&child, Visit::ROOT.child(&effect), 40, -INFINITY, INFINITY)
            .unwrap();
        // Worth 0 on this path, because the line comes back to the start (ply 0): right for
        // the start, path-dependent for the child.
        assert_eq!(o.score, 0);
        for claim in [o.lower, o.upper] {
            let basis = claim.unwrap();
            assert!(!basis.is_estimate());
            assert!(basis.is_proven_at(0));
            assert!(!basis.is_proven_at(1));
        }
        let e = engine
            .table
            .probe(fingerprint(&child, Shape::OPEN))
            .unwrap();
        let nothing = (-INFINITY as i16, INFINITY as i16);
        assert_eq!((e.proven_lower, e.proven_upper), nothing);
        assert_eq!((e.lower, e.upper), nothing, "nor as an estimate");
        // Analysed on its own, the same child is proven 0, and so is the position after its
        // move, searched as a root: stored as proven.
        let a = engine.analyse(&child, Budget::UNLIMITED);
        assert!(a.value.exact && a.value.score == 0);
        let after = a.moves[0].effect.board.flipped(v.pits_per_side());
        let e = engine
            .table
            .probe(fingerprint(&after, Shape::OPEN))
            .unwrap();
        assert_eq!((e.proven_lower, e.proven_upper), (0, 0));
    }
}
