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
//! A cut (`best >= beta`) rests only on the move that made it; any other result rests on every
//! move searched. The result is stored as proven bounds when it is proven at this ply, as
//! estimate bounds when an estimate went into it, and otherwise (path-dependent) not at all but
//! for its best move.

use super::budget::Stop;
use super::evaluation::evaluate;
use super::fingerprint::fingerprint;
use super::move_list::MoveList;
use super::path::Visit;
use super::score::{Basis, Outcome, INFINITY, UNIT};
use super::table::{Knowledge, NO_MOVE};
use super::Engine;
use crate::position::Board;
use crate::rules::{MoveEffect, Next};
use crate::value::{immediate, terminal_score};
use crate::{Family, Scoring};

impl<L: Fn(&Board) -> Option<i8>> Engine<L> {
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
            Next::Mover => {
                let child = self.negamax(&effect.board, visit, depth, alpha - gain, beta - gain)?;
                Outcome {
                    score: gain + child.score,
                    basis: child.basis,
                }
            }
            Next::Opponent => {
                let board = effect.board.flipped(self.variant.pits_per_side());
                let child = self.negamax(&board, visit, depth, gain - beta, gain - alpha)?;
                Outcome {
                    score: gain - child.score,
                    basis: child.basis,
                }
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
        if let Some(v) = (self.leaf)(board) {
            return Ok(Outcome::exact(UNIT * i32::from(v)));
        }
        let key = fingerprint(board);
        let entry = self.table.probe(key);
        let (mut lo, mut hi) = self.seed_bounds(board);
        if let Some(e) = &entry {
            lo = lo.max(e.proven_lower.into());
            hi = hi.min(e.proven_upper.into());
        }
        if lo >= beta || lo == hi {
            return Ok(Outcome::exact(lo));
        }
        if hi <= alpha {
            return Ok(Outcome::exact(hi));
        }
        if self.variant.family() != Family::Kalah {
            if let Some(ply) = self.path.enter(visit, key) {
                return Ok(Outcome {
                    score: 0i32.clamp(lo, hi),
                    basis: Basis::repetition(ply),
                });
            }
        }
        let moves = match MoveList::generate(self.variant, board) {
            Ok(moves) => moves,
            Err(end) => {
                let score = terminal_score(self.variant.scoring(), &end);
                return Ok(Outcome::exact(UNIT * i32::from(score)));
            }
        };
        let cut = entry.and_then(|e| self.table.estimate_cutoff(&e, depth, alpha, beta));
        if let Some(cut) = cut {
            return Ok(Outcome::estimate(cut.clamp(lo, hi)));
        }
        if depth == 0 {
            return Ok(Outcome::estimate(
                evaluate(self.variant, board).clamp(lo, hi),
            ));
        }

        // Proven bounds narrow the window: a result at a narrowed edge is then the value.
        let (alpha, beta) = (alpha.max(lo), beta.min(hi));
        let mut a = alpha;
        let nodes_before = self.meter.nodes();
        let mut best = i32::MIN;
        let mut best_move = NO_MOVE;
        let mut best_basis = Basis::EXACT;
        let mut every = Basis::EXACT;
        for &i in moves.order(entry.map_or(NO_MOVE, |e| e.best)).as_slice() {
            let effect = moves.effect(i);
            let o = self.move_score(effect, visit.child(effect), depth - 1, a, beta)?;
            every = every.combined(o.basis);
            if o.score > best {
                best = o.score;
                best_move = i;
                best_basis = o.basis;
            }
            if best > a {
                a = best;
                if a >= beta {
                    break;
                }
            }
        }
        let basis = if best >= beta { best_basis } else { every };
        let (lower, upper) = if best <= alpha {
            (-INFINITY, best)
        } else if best >= beta {
            (best, INFINITY)
        } else {
            (best, best)
        };
        let knowledge = if basis.is_proven_at(visit.ply) {
            Knowledge::Proven { lower, upper }
        } else if basis.is_estimate() {
            Knowledge::Estimate {
                lower,
                upper,
                depth,
            }
        } else {
            Knowledge::BestMoveOnly
        };
        let nodes = self.meter.nodes() - nodes_before;
        self.table.store(key, knowledge, best_move, nodes);
        Ok(Outcome {
            score: best.clamp(lo, hi),
            basis,
        })
    }

    /// Proven bounds on the value of `board` from its seeds alone: `[-n, n]` sixteenths-scaled
    /// for `n` seeds (score variants), `[-1, 1]` (win/draw/loss variants).
    #[inline]
    fn seed_bounds(&self, board: &Board) -> (i32, i32) {
        let bound = match self.variant.scoring() {
            Scoring::Score => UNIT * board.total() as i32,
            Scoring::WinDrawLoss => UNIT,
        };
        (-bound, bound)
    }
}
