//! The rules engine: from a board seen by the side to move, every legal move and what it leads
//! to. [`expand`] is the solver's hot path: it allocates nothing and hands each move's
//! [`MoveEffect`] to a callback. [`crate::Position`] builds the player-facing API on top of it.

mod al_manqala;
mod cycle;
mod four_row;
pub mod kalah;
mod oware;
mod relay;
mod trace;

pub use trace::{NoTrace, Step, Trace};

use crate::position::Board;
use crate::variant::Family;
use crate::{Move, Shape, Variant};

/// Who moves after a move, or how it ended the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// The opponent moves next.
    Opponent,
    /// The mover moves again (Anywoli's binikh, a Kalah sowing ending in the mover's store).
    Mover,
    /// The move ended the game and every seed left was allocated in `gain` (Anywoli, when a
    /// capture leaves four or fewer seeds; Kalah, when a row is empty after the move).
    Over,
    /// A sowing that never ends (Hawalis, Bao la Kiarabu): the mover loses at once and the board
    /// stays as it was.
    Endless,
}

/// What one move does, seen from the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveEffect {
    /// The board after the move, still with the mover's pits first.
    pub board: Board,
    /// Seeds the move gave to `[mover, opponent]`: captures, and the allocation of the seeds
    /// left when the move ends the game.
    pub gain: [u8; 2],
    /// Who moves next, or how the game ended.
    pub next: Next,
}

/// How a game ends in a position where the side to move has no move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Terminal {
    /// Seeds allocated to `[side to move, opponent]` as the game ends. In the win/draw/loss
    /// variants the side to move has lost and nothing is allocated.
    pub gain: [u8; 2],
}

/// Calls `sink` once for every legal move of the side to move (the first side of `board`), in
/// pit order. Returns the game's end when there is no move, in which case `sink` is not called.
/// A forced pass is a move.
#[inline]
pub fn expand(
    variant: Variant,
    board: &Board,
    sink: impl FnMut(Move, &MoveEffect),
) -> Option<Terminal> {
    expand_shaped(variant, Shape::OPEN, board, sink)
}

/// [`expand`] on a board of `shape` (seen, like `board`, from the side to move): a Rio Kadalis
/// board with closed pits (docs/rules.md#rio-kadalis-matches). Only the relay family has
/// closed pits; [`crate::Setup::validate`] refuses them elsewhere.
#[inline]
pub fn expand_shaped(
    variant: Variant,
    shape: Shape,
    board: &Board,
    mut sink: impl FnMut(Move, &MoveEffect),
) -> Option<Terminal> {
    debug_assert!(shape.is_open() || variant.family() == Family::Relay);
    match variant.family() {
        Family::FourRow => four_row::expand(variant, board, &mut sink),
        Family::AlManqala => al_manqala::expand(variant.pits_per_side(), board, &mut sink),
        Family::Relay => relay::expand(variant, shape, board, &mut sink),
        Family::Kalah => kalah::expand(variant.pits_per_row(), board, &mut sink),
        Family::Oware => oware::expand(variant.pits_per_side(), board, &mut sink),
    }
}

/// Whether [`unmake`] can find the positions that lead to a position by moves that capture
/// nothing: Oware's, whose sowing is one pass over the pits, and Rio Kadalis's, whose relay laps
/// are undone one at a time back to the pit lifted first. Anywoli's passes (a move when no pit
/// can be sown) are not un-made, and the other families are not done yet; nor is clockwise Rio
/// Kadalis, which is never solved but for tests (its values are read from the mirror's tables),
/// whose solve then finds its predecessors from the moves themselves.
pub fn can_unmake(variant: Variant) -> bool {
    matches!(
        variant,
        Variant::Oware | Variant::RioKadalis | Variant::RioKadalis5
    )
}

/// Calls `sink` with every board (seen from its mover) from which a legal move that captures
/// nothing and passes the turn leads to `child` (seen from its mover), once per such move, as
/// [`expand`] would find them; nothing for a variant that [`can_unmake`] says no to.
#[inline]
pub fn unmake(variant: Variant, child: &Board, mut sink: impl FnMut(&Board)) {
    match variant {
        Variant::Oware => oware::unmake(variant.pits_per_side(), child, &mut sink),
        Variant::RioKadalis | Variant::RioKadalis5 => {
            relay::unmake(variant.pits_per_side(), child, &mut sink)
        }
        _ => {}
    }
}

/// The steps of the sowing from the mover's pit index `from` (0-based, on `board` seen from the
/// mover), as the move generator takes them: the same functions, told to report. The pit must
/// hold seeds; whether the move is legal is for [`expand`] to say. A relay sowing that never
/// ends is reported up to the lift where it is seen to repeat. `shape` is the board's closed
/// pits, seen from the mover ([`expand_shaped`]).
pub fn sowing(variant: Variant, shape: Shape, board: &Board, from: usize) -> Vec<Step> {
    let mut steps = Vec::new();
    match variant.family() {
        Family::FourRow => {
            four_row::sow(variant, board, from, &mut steps);
        }
        Family::AlManqala => {
            al_manqala::sow(variant.pits_per_side(), board, from, &mut steps);
        }
        Family::Relay => {
            relay::sow(variant, shape, board, from, &mut steps);
        }
        Family::Kalah => {
            kalah::sow(variant.pits_per_row(), board, from, &mut steps);
        }
        Family::Oware => {
            oware::sow(variant.pits_per_side(), board, from, &mut steps);
        }
    }
    steps
}

impl MoveEffect {
    /// A forced pass: nothing moves and the opponent plays next.
    #[inline]
    pub fn pass(board: &Board) -> MoveEffect {
        MoveEffect {
            board: *board,
            gain: [0, 0],
            next: Next::Opponent,
        }
    }

    /// The closed pits of the position reached, seen from whoever moves there (like
    /// [`MoveEffect::child_board`]), given those of the position moved from, `shape`, seen from
    /// its mover.
    #[inline]
    pub fn child_shape(&self, shape: Shape, pits_per_side: usize) -> Shape {
        match self.next {
            Next::Mover => shape,
            _ => shape.flipped(pits_per_side),
        }
    }

    /// The position reached, seen from whoever moves there; `None` when the move ended the game.
    #[inline]
    pub fn child_board(&self, pits_per_side: usize) -> Option<Board> {
        match self.next {
            Next::Opponent => Some(self.board.flipped(pits_per_side)),
            Next::Mover => Some(self.board),
            Next::Over | Next::Endless => None,
        }
    }
}
