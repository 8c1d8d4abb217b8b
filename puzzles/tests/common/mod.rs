//! What the puzzle tests share: every position's value and depth from the solver's in-memory
//! tables (not through the tablebase or the puzzle code), and whether a value wins the game.

use std::collections::HashMap;

use mancala_solver::rules::Next;
use mancala_solver::solve::NO_DEPTH;
use mancala_solver::{Board, Position, Scoring, Shape, Slice, SliceId, Variant};

/// Values and depths of every solved position, by slice.
pub struct Tables(pub HashMap<SliceId, (Vec<i8>, Vec<u16>)>);

impl Tables {
    /// Value (and depth, or None) of the position after a move for whoever moves there, its
    /// closed pits `shape` seen like `b` from there: read from the slices of `v` itself (a
    /// board with closed pits from its shape table, its open pits moved to their canonical
    /// places), never through another variant's mirror.
    pub fn get(&self, v: Variant, shape: Shape, b: &Board) -> (i32, Option<u16>) {
        let (b, shape) = match shape.is_open() {
            true => (*b, shape),
            false => b.compact(v.pits_per_side(), shape),
        };
        let s = match shape.is_open() {
            true => Slice::of(v, &b),
            false => Slice::of_shaped(v, shape, &b),
        };
        let (vals, deps) = &self.0[&s.id];
        let i = s.index(&b) as usize;
        (vals[i] as i32, (deps[i] != NO_DEPTH).then_some(deps[i]))
    }

    /// Every legal move of `p`: text, value for the mover, depth, captured-or-ended, after.
    pub fn moves(&self, p: &Position) -> Vec<(String, i32, Option<u16>, bool, Position)> {
        let v = p.variant();
        let l = v.pits_per_side();
        let shape = p.relative_shape();
        p.successors()
            .into_iter()
            .map(|pl| {
                let o = pl.effect;
                let gain = match v.scoring() {
                    Scoring::Score => o.gain[0] as i32 - o.gain[1] as i32,
                    Scoring::WinDrawLoss => 0,
                };
                let exit = o.next != Next::Opponent || o.gain != [0, 0];
                let (value, depth) = match o.next {
                    Next::Over => (gain, Some(1)),
                    Next::Endless => (-1, Some(1)),
                    Next::Mover => (gain + self.get(v, shape, &o.board).0, Some(1)),
                    Next::Opponent => {
                        let child = o.child_shape(shape, l);
                        let (cv, cd) = self.get(v, child, &o.board.flipped(l));
                        (gain - cv, if exit { Some(1) } else { cd.map(|d| d + 1) })
                    }
                };
                let depth = if value == 0 { None } else { depth };
                (pl.mv.to_string(), value, depth, exit, pl.after)
            })
            .collect()
    }
}

/// Whether a move worth `value` to the side to move of `p` wins the game, given what each side
/// has captured.
pub fn wins(p: &Position, value: i32) -> bool {
    let me = p.side();
    let c = p.captured();
    match p.variant().scoring() {
        Scoring::WinDrawLoss => value > 0,
        Scoring::Score => c[me] as i32 + value > c[!me] as i32,
    }
}
