//! One threshold question about one move, asked from outside the engine: does it reach `k`?
//!
//! The certificate builder (`mancala_eval::prove`) walks the strategies of a proof one position
//! at a time and asks, at each position of the side whose moves it fixes, which move keeps what
//! the position needs. The analysis that proved the root's value left its facts in the
//! transposition table (proven bounds, [`super::proof`]), so most of these questions are
//! settled at once from the table; the rest are settled by the proof-number search of that one
//! question, within a small budget, whose answers become facts in the table in turn. The
//! certificate thus costs about what the proof cost, not a fresh search at every position.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use super::budget::{Budget, Meter};
use super::fingerprint::fingerprint;
use super::score::UNIT;
use super::{Engine, Leaf};
use crate::rules::{MoveEffect, Next};
use crate::value::immediate;
use crate::Shape;

/// The answer to [`Engine::move_reaches`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    /// `Some(true)`: the move's value is at least the threshold, a fact; `Some(false)`: it is
    /// below; `None`: not settled within the budget (or cancelled).
    pub answer: Option<bool>,
    /// Nodes the question took (1 when the table settled it).
    pub nodes: u64,
}

impl<L: Leaf> Engine<L> {
    /// Whether the move `effect`, played at a position with the closed pits `shape` (seen from
    /// its side to move), is worth at least `k` seeds to its mover, settled within `budget` by
    /// what earlier searches proved and the proof search of this one question. The table is
    /// used at the size a search of `table_nodes` nodes uses, so that what such a search stored
    /// is found again.
    pub fn move_reaches(
        &mut self,
        shape: Shape,
        effect: &MoveEffect,
        k: i32,
        budget: Budget,
        cancel: Option<Arc<AtomicBool>>,
    ) -> Reach {
        self.meter = Meter::start(budget, cancel);
        self.meter.bind(true);
        self.table.use_at_most(self.table_bits_for(budget));
        self.shape = shape;
        // A budget spent or a search cancelled settles nothing.
        let answer = self.move_at_least(effect, UNIT * k).unwrap_or_default();
        Reach {
            answer,
            nodes: self.meter.nodes().max(1),
        }
    }

    /// The least value proven of the move `effect` for its mover (seeds), from what is known
    /// without a search: the tablebase, the table's proven bounds and the seeds left. The
    /// certificate builder tries the moves with the best proven first, so that its strategies
    /// play for the most and reach the tablebase sooner.
    pub fn move_known_at_least(&self, shape: Shape, effect: &MoveEffect) -> i32 {
        let gain = i32::from(immediate(self.variant.scoring(), effect.gain));
        let l = self.variant.pits_per_side();
        let (board, shape, sign) = match effect.next {
            Next::Over => return gain,
            Next::Endless => return -1,
            Next::Mover => (effect.board, shape, 1),
            Next::Opponent => (effect.board.flipped(l), shape.flipped(l), -1),
        };
        // The child's bound that gives the mover its least: its lower bound after an extra
        // turn, its upper bound after the turn passes.
        let child = match self.leaf_value(&board, shape) {
            Some(v) => UNIT * i32::from(v),
            None => {
                let (lo, hi) = self.seed_bounds(&board);
                let e = self.table.probe(fingerprint(&board, shape));
                match sign {
                    1 => e.map_or(lo, |e| lo.max(e.proven_lower.into())),
                    _ => e.map_or(hi, |e| hi.min(e.proven_upper.into())),
                }
            }
        };
        // Whole seeds: a proven bound is a whole number of seeds (facts are never estimates).
        gain + sign * child.div_euclid(UNIT)
    }
}
