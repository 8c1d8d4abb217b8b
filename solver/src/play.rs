//! Playing moves on a [`Position`]: the player-facing side of the rules engine, with absolute
//! sides, running captured totals and the end of the game applied.

use crate::error::MoveError;
use crate::rules::{self, MoveEffect, Next, Terminal};
use crate::{BySide, Move, Position};

/// A legal move played from a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// The move.
    pub mv: Move,
    /// The position after it, `CAPTURED` updated. When the move ends the game, the board after
    /// every seed has been allocated.
    pub after: Position,
    /// Seeds the move added to each side: captures, and the end-of-game allocation when the game
    /// ends with it.
    pub captured: BySide<u32>,
    /// The mover moves again.
    pub extra_turn: bool,
    /// The game is over after this move (it ended the game, or left a position without moves).
    pub ends_game: bool,
    /// The sowing never ends (Hawalis, Bao la Kiarabu), which loses the game for the mover.
    pub endless: bool,
    /// What the rules engine said of the move, seen from the mover (for valuing it).
    pub effect: MoveEffect,
}

impl Position {
    /// The final totals when the game is over in this position (the side to move has no move
    /// and the rules end the game), else `None`.
    pub fn game_over(&self) -> Option<BySide<u32>> {
        self.terminal().map(|t| self.with_terminal(t).captured)
    }

    /// The legal moves, in pit order.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        rules::expand_shaped(
            self.variant,
            self.relative_shape(),
            &self.relative_board(),
            |mv, _| moves.push(mv),
        );
        moves
    }

    /// Every legal move with what it leads to, in pit order.
    pub fn successors(&self) -> Vec<Played> {
        let mut out = Vec::new();
        rules::expand_shaped(
            self.variant,
            self.relative_shape(),
            &self.relative_board(),
            |mv, o| out.push(self.apply(mv, o)),
        );
        out
    }

    /// Plays `mv`, or says why it is not legal (and which moves are).
    ///
    /// ```
    /// use mancala_solver::{BySide, Move, Position, Side, Variant};
    ///
    /// // Kalah(6, 4): South's pit 3 holds 4 seeds, sown into pits 4, 5, 6 and the store, so
    /// // South moves again with one seed in the store.
    /// let start = Position::start(Variant::Kalah);
    /// let played = start.play(Move::Pit(3)).unwrap();
    /// assert_eq!(played.after.to_string(), "4,4,4,4,4,4/4,4,0,5,5,5 S 1-0");
    /// assert!(played.extra_turn);
    /// assert_eq!(played.captured, BySide::new(1, 0));
    /// assert_eq!(played.after.side(), Side::South);
    ///
    /// // Pit 3 is empty now: not a legal move, and the error lists those that are.
    /// let e = played.after.play(Move::Pit(3)).unwrap_err();
    /// assert_eq!(e.to_string(), "move `3` is not legal here; legal moves: 1 2 4 5 6");
    /// ```
    pub fn play(&self, mv: Move) -> Result<Played, MoveError> {
        let mut found = None;
        rules::expand_shaped(
            self.variant,
            self.relative_shape(),
            &self.relative_board(),
            |m, o| {
                if m == mv {
                    found = Some(self.apply(m, o));
                }
            },
        );
        found.ok_or_else(|| MoveError::Illegal {
            text: mv.to_string(),
            legal: self.legal_moves().iter().map(Move::to_string).collect(),
        })
    }

    /// Reads and plays a move written as text.
    pub fn play_text(&self, text: &str) -> Result<Played, MoveError> {
        self.play(Move::parse(self.variant, text)?)
    }

    fn terminal(&self) -> Option<Terminal> {
        rules::expand_shaped(
            self.variant,
            self.relative_shape(),
            &self.relative_board(),
            |_, _| {},
        )
    }

    /// The position with a terminal allocation applied: seeds taken off the board and added to
    /// the captured totals.
    fn with_terminal(&self, t: Terminal) -> Position {
        let mut after = *self;
        if t.gain != [0, 0] {
            after.board = crate::Board::EMPTY;
        }
        after.captured[self.side] += t.gain[0] as u32;
        after.captured[!self.side] += t.gain[1] as u32;
        after
    }

    fn apply(&self, mv: Move, o: &MoveEffect) -> Played {
        let mover = self.side;
        let next_side = match o.next {
            Next::Mover => mover,
            _ => !mover,
        };
        let mut captured = self.captured;
        captured[mover] += o.gain[0] as u32;
        captured[!mover] += o.gain[1] as u32;
        let mut after = Position::from_relative(self.variant, &o.board, mover, captured);
        after.shape = self.shape;
        after.side = next_side;
        let mut ends_game = matches!(o.next, Next::Over | Next::Endless);
        if !ends_game {
            if let Some(t) = after.terminal() {
                ends_game = true;
                after = after.with_terminal(t);
            }
        }
        let total_gain = BySide::new(
            after.captured.south - self.captured.south,
            after.captured.north - self.captured.north,
        );
        Played {
            mv,
            after,
            captured: total_gain,
            extra_turn: o.next == Next::Mover,
            ends_game,
            endless: o.next == Next::Endless,
            effect: *o,
        }
    }
}
