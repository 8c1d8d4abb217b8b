//! The moves of a node, in a fixed array on the stack (the rules engine allocates nothing, and
//! neither does the search), and the order in which the search tries them.
//!
//! Alpha-beta cuts most when the best move comes first. The order is: the best move the table
//! remembers for the board; then extra turns (from the pit nearest the end of the row first, as
//! Kalah players and the Kalah search do); then exits (captures, and moves that end the game) by
//! the seeds they gain for the mover, most first; then the quiet moves in pit order; then
//! captures that give the opponent more than the mover; and last the endless sowings, which
//! lose.

use crate::position::{Board, MAX_PITS_PER_SIDE};
use crate::rules::{self, MoveEffect, Next, Terminal};
use crate::value::is_exit;
use crate::{Shape, Variant};

/// Most moves of a position: one per pit of the mover (a pass is only ever the one move).
pub(super) const MAX_MOVES: usize = MAX_PITS_PER_SIDE;

/// The moves of one position, in move generation (pit) order.
pub(super) struct MoveList {
    effects: [MoveEffect; MAX_MOVES],
    len: usize,
}

/// Move indices into a [`MoveList`], in the order to search them.
pub(super) struct MoveOrder {
    indices: [u8; MAX_MOVES],
    len: usize,
}

impl MoveOrder {
    /// The indices, first to search first.
    #[inline]
    pub(super) fn as_slice(&self) -> &[u8] {
        &self.indices[..self.len]
    }
}

impl MoveList {
    /// The moves of `board` (seen from the side to move), or the game's end when it has none.
    #[inline]
    pub(super) fn generate(
        variant: Variant,
        shape: Shape,
        board: &Board,
    ) -> Result<MoveList, Terminal> {
        let placeholder = MoveEffect {
            board: Board::EMPTY,
            gain: [0, 0],
            next: Next::Over,
        };
        let mut list = MoveList {
            effects: [placeholder; MAX_MOVES],
            len: 0,
        };
        match rules::expand_shaped(variant, shape, board, |_, effect| {
            list.effects[list.len] = *effect;
            list.len += 1;
        }) {
            Some(terminal) => Err(terminal),
            None => Ok(list),
        }
    }

    /// How many moves there are (at least one).
    #[inline]
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// What the move with index `i` does.
    #[inline]
    pub(super) fn effect(&self, i: u8) -> &MoveEffect {
        &self.effects[usize::from(i)]
    }

    /// The order to search the moves in, `first` (a move index, or none) before all others.
    #[inline]
    pub(super) fn order(&self, first: u8) -> MoveOrder {
        let mut order = MoveOrder {
            indices: [0; MAX_MOVES],
            len: self.len,
        };
        let mut keys = [0i32; MAX_MOVES];
        for (i, effect) in self.effects[..self.len].iter().enumerate() {
            order.indices[i] = i as u8;
            keys[i] = if i as u8 == first {
                i32::MAX
            } else {
                priority(i, effect)
            };
        }
        // Insertion sort, highest key first, equal keys in pit order.
        for a in 1..self.len {
            let mut j = a;
            while j > 0 && keys[j - 1] < keys[j] {
                keys.swap(j - 1, j);
                order.indices.swap(j - 1, j);
                j -= 1;
            }
        }
        order
    }
}

/// How early to try the move with index `i`: see the module documentation.
#[inline]
fn priority(i: usize, effect: &MoveEffect) -> i32 {
    let margin = i32::from(effect.gain[0]) - i32::from(effect.gain[1]);
    match effect.next {
        Next::Mover => 4096 + i as i32,
        Next::Endless => -4096,
        _ if is_exit(effect) => 16 * margin + 8,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_move_first_then_extra_turns_then_quiet_moves() {
        // Kalah on 4 pits, the mover's pits 0,0,1,1: pit 3 sows into the occupied pit 4 (a
        // quiet move, index 0); pit 4 sows into the store (an extra turn, index 1).
        let mut b = Board::EMPTY;
        b.cells[..8].copy_from_slice(&[0, 0, 1, 1, 2, 0, 0, 3]);
        let list = MoveList::generate(Variant::Kalah4, Shape::OPEN, &b)
            .ok()
            .unwrap();
        assert_eq!(list.effect(1).next, Next::Mover);
        assert_eq!(list.order(super::super::table::NO_MOVE).as_slice(), [1, 0]);
        assert_eq!(list.order(0).as_slice(), [0, 1]);
    }
}
