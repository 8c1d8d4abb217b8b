//! The rules of every variant, written plainly from docs/rules.md ("What a move does",
//! "Sowing", "Variants"), on fixed-size arrays so that checking a whole tablebase with them is
//! fast enough: no strings, and no allocation for a move, except a set of sowing states kept
//! once a relay sowing has gone on for a long time (to see whether it never ends).
//!
//! Sides are absolute ([`SOUTH`], [`NORTH`]) and `pits[side][k - 1]` holds `side`'s pit `k` in its
//! owner's numbering (docs/rules.md, "Pit numbering"). A move's effect is [`Played`]: the
//! position after, what each side gained and who moves next ([`Next`]). [`outcome`] lists every
//! legal move in pit order, or says that the game is over with what totals.
//!
//! What is left to the caller, because it depends on the position reached rather than on the
//! move: a move after which the side to move has no move ends the game there (docs/rules.md,
//! "What a move does"); [`crate::reference`] applies that for the player-facing view, and a
//! tablebase simply holds such a position with its end's value.

mod al_manqala;
mod endless;
mod four_row;
mod kalah;
mod oware;
mod relay;
pub mod value;

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::variant::{Kind, Spec};

/// South, who sits at the bottom of the drawn board and moves first.
pub const SOUTH: usize = 0;
/// North.
pub const NORTH: usize = 1;

/// Most pits one side owns (Bao la Kiarabu: two rows of 8).
pub const MAX_PITS: usize = 16;

/// A position: the seeds in every pit, the pits closed with sand, the side to move and what
/// each side has captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pos {
    /// `pits[side][k - 1]`: the seeds in `side`'s pit `k`; pits past the variant's `L` are 0.
    pub pits: [[u8; MAX_PITS]; 2],
    /// Bit `k - 1` of `closed[side]`: `side`'s pit `k` is closed with sand (Rio Kadalis, a
    /// match's later rounds, docs/rules.md "Rio Kadalis matches"). A closed pit holds nothing,
    /// is never played and never sown into.
    pub closed: [u16; 2],
    /// The side to move, [`SOUTH`] or [`NORTH`].
    pub side: usize,
    /// Seeds captured by South and by North (in Kalah, the two stores).
    pub captured: [u32; 2],
}

impl Pos {
    /// The empty board, South to move, nothing captured.
    pub const EMPTY: Pos = Pos {
        pits: [[0; MAX_PITS]; 2],
        closed: [0, 0],
        side: SOUTH,
        captured: [0, 0],
    };

    /// The position seen in a mirror on a two-row board of `p` pits a row: each side's pit `k`
    /// holds what its pit `P + 1 - k` held, closed or open likewise.
    pub fn mirrored(&self, p: usize) -> Pos {
        let mut out = *self;
        for side in [SOUTH, NORTH] {
            out.pits[side][..p].reverse();
            out.closed[side] = (0..p)
                .filter(|&i| self.closed[side] >> i & 1 == 1)
                .fold(0, |bits, i| bits | 1 << (p - 1 - i));
        }
        out
    }

    /// Whether `side`'s pit `k` (from 1) is closed.
    pub fn is_closed(&self, side: usize, k: usize) -> bool {
        self.closed[side] >> (k - 1) & 1 == 1
    }

    /// Seeds on one side's pits.
    pub fn side_total(&self, side: usize) -> u32 {
        self.pits[side].iter().map(|&c| u32::from(c)).sum()
    }

    /// Seeds on the board.
    pub fn board_total(&self) -> u32 {
        self.side_total(SOUTH) + self.side_total(NORTH)
    }

    /// The board seen from the side to move, as a tablebase stores it: the mover's pits `1..L`,
    /// then the opponent's `1..L` (`l` is the variant's L; the cells past `2L` are 0).
    pub fn mover_view(&self, l: usize) -> [u8; 2 * MAX_PITS] {
        join(&self.pits[self.side], &self.pits[1 - self.side], l)
    }

    /// The position whose side to move is `side` and whose board seen from that side is `cells`
    /// (as [`Pos::mover_view`] gives it), nothing captured.
    pub fn from_mover_view(cells: &[u8; 2 * MAX_PITS], l: usize, side: usize) -> Pos {
        let mut p = Pos { side, ..Pos::EMPTY };
        [p.pits[side], p.pits[1 - side]] = split(cells, l);
        p
    }

    /// The same position with nothing captured: what its value depends on.
    pub fn without_captured(&self) -> Pos {
        Pos {
            captured: [0, 0],
            ..*self
        }
    }
}

/// A move as written: the mover's pit number or `pass`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Sow the mover's pit `k` (`1..L`, in the mover's numbering).
    Pit(u8),
    /// Pass the turn (Al-manqala with an empty row, Anywoli without a legal move).
    Pass,
}

impl fmt::Display for Move {
    /// `3` or `pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Pit(k) => write!(f, "{k}"),
            Move::Pass => f.write_str("pass"),
        }
    }
}

/// A move that is neither a pit number nor `pass`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("move `{0}`: expected a pit number (decimal digits) or `pass`")]
pub struct BadMove(pub String);

impl FromStr for Move {
    type Err = BadMove;

    /// Reads `pass` or a pit number (decimal digits only; whether the pit exists and the move is
    /// legal is the position's business).
    fn from_str(s: &str) -> Result<Move, BadMove> {
        if s == "pass" {
            return Ok(Move::Pass);
        }
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(BadMove(s.to_owned()));
        }
        // A number too large for any board is still a pit number: simply not a legal one.
        Ok(Move::Pit(s.parse::<u8>().unwrap_or(u8::MAX)))
    }
}

/// Who moves after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Next {
    /// The opponent.
    Opponent,
    /// The mover again (Anywoli's binikh, a Kalah sowing ending in the store).
    Mover,
    /// Nobody: the move itself ended the game (Anywoli's rule of four or fewer seeds left, a
    /// Kalah row left empty), the end-of-game allocation counted in its gains.
    Over,
    /// Nobody: the sowing never ends (Hawalis, Bao la Kiarabu), and the mover has lost.
    Endless,
}

/// One legal move and what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// The move.
    pub mv: Move,
    /// The position after it: the board after its sowing and captures (and, when it ends the
    /// game, after the allocation), `captured` updated, the side to move set (after an endless
    /// sowing, the board as it was and the other side to move).
    pub after: Pos,
    /// Seeds the move gave South and North.
    pub gained: [u32; 2],
    /// Who moves next.
    pub next: Next,
}

/// The legal moves of a position, in pit order (a fixed-size list: no allocation).
#[derive(Clone, Copy, Debug)]
pub struct Moves {
    len: usize,
    items: [Played; MAX_PITS],
}

impl Moves {
    fn new() -> Moves {
        let none = Played {
            mv: Move::Pass,
            after: Pos::EMPTY,
            gained: [0, 0],
            next: Next::Opponent,
        };
        Moves {
            len: 0,
            items: [none; MAX_PITS],
        }
    }

    fn push(&mut self, played: Played) {
        self.items[self.len] = played;
        self.len += 1;
    }

    /// The moves, in pit order.
    pub fn as_slice(&self) -> &[Played] {
        &self.items[..self.len]
    }

    /// Whether there is no move.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl std::ops::Deref for Moves {
    type Target = [Played];
    fn deref(&self) -> &[Played] {
        self.as_slice()
    }
}

/// What the side to move can do.
#[derive(Clone, Copy, Debug)]
#[allow(
    clippy::large_enum_variant,
    reason = "the moves live on the stack: the deep check asks for them at every position, and a boxed list would allocate each time"
)]
pub enum Outcome {
    /// Its legal moves, in pit order (`pass` alone when it is forced). Never empty.
    Moves(Moves),
    /// No move: the game is over, and these are the final totals of South and North (what
    /// each has captured, the end-of-game allocation included).
    Over([u32; 2]),
}

/// Every legal move of `pos` in `spec`'s variant, or the end of the game.
pub fn outcome(spec: &Spec, pos: &Pos) -> Outcome {
    match spec.kind {
        Kind::FourRow {
            clockwise,
            each_separately,
        } => four_row::outcome(spec, pos, clockwise, each_separately),
        Kind::AlManqala => al_manqala::outcome(spec, pos),
        Kind::Relay {
            clockwise,
            binikh_extra_turn,
            anywoli_end,
        } => relay::outcome(spec, pos, clockwise, binikh_extra_turn, anywoli_end),
        Kind::Kalah => kalah::outcome(spec, pos),
        Kind::Oware => oware::outcome(spec, pos),
    }
}

/// The two-row board as one ring in counter-clockwise order: South's pits `1..P`, then North's
/// `1..P` (ring cell `side * P + k - 1` is `side`'s pit `k`).
fn ring(pos: &Pos, p: usize) -> [u8; 2 * MAX_PITS] {
    join(&pos.pits[SOUTH], &pos.pits[NORTH], p)
}

/// The position whose board is the ring `r` (as [`ring`] makes it), with `side` to move and
/// `captured`.
fn from_ring(r: &[u8; 2 * MAX_PITS], p: usize, side: usize, captured: [u32; 2]) -> Pos {
    let mut pos = Pos {
        side,
        captured,
        ..Pos::EMPTY
    };
    [pos.pits[SOUTH], pos.pits[NORTH]] = split(r, p);
    pos
}

// The checks turn boards into rows of cells and back for every position and move, so these
// copy whole arrays of a size known when compiling: a copy of `p` cells, `p` known only when
// running, is a call to `memmove`, which measured a tenth of a deep check.

/// The `p` pits of `first` followed by the `p` pits of `second`, the cells after them 0 (the
/// pits of a side past `p` are 0, so copying `second` whole over the cells from `p` on leaves
/// them so).
fn join(first: &[u8; MAX_PITS], second: &[u8; MAX_PITS], p: usize) -> [u8; 2 * MAX_PITS] {
    let mut cells = [0; 2 * MAX_PITS];
    cells[..MAX_PITS].copy_from_slice(first);
    cells[p..p + MAX_PITS].copy_from_slice(second);
    cells
}

/// The inverse of [`join`]: cells `0..p` and `p..2p` as two sides, their pits past `p` 0.
fn split(cells: &[u8; 2 * MAX_PITS], p: usize) -> [[u8; MAX_PITS]; 2] {
    let side = |from: usize| {
        let mut pits = [0; MAX_PITS];
        pits.copy_from_slice(&cells[from..from + MAX_PITS]);
        // Clear the pits past `p` (another side's cells, or beyond the board) with a mask.
        let mask = u128::MAX
            .checked_shr(8 * (MAX_PITS - p) as u32)
            .unwrap_or(0);
        (u128::from_le_bytes(pits) & mask).to_le_bytes()
    };
    [side(0), side(p)]
}

/// The record of a move: `after` has its side to move and captured seeds set already; the gains
/// are what `after` has captured beyond `before`.
fn played(before: &Pos, mv: Move, after: Pos, next: Next) -> Played {
    Played {
        mv,
        gained: [
            after.captured[SOUTH] - before.captured[SOUTH],
            after.captured[NORTH] - before.captured[NORTH],
        ],
        after,
        next,
    }
}

/// A pass as the only move: the board stays, the other side moves.
fn forced_pass(pos: &Pos) -> Outcome {
    let mut moves = Moves::new();
    let after = Pos {
        side: 1 - pos.side,
        ..*pos
    };
    moves.push(played(pos, Move::Pass, after, Next::Opponent));
    Outcome::Moves(moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_read_and_write() {
        assert_eq!("3".parse(), Ok(Move::Pit(3)));
        assert_eq!("pass".parse(), Ok(Move::Pass));
        assert_eq!("999".parse(), Ok(Move::Pit(u8::MAX)));
        assert!("-1".parse::<Move>().is_err());
        assert!("".parse::<Move>().is_err());
        assert_eq!(Move::Pit(12).to_string(), "12");
    }

    #[test]
    fn join_and_split_keep_every_pit_and_only_those() {
        // For every number of pits a side can have: South's pit k holds k, North's 100 + k.
        for p in 0..=MAX_PITS {
            let mut south = [0; MAX_PITS];
            let mut north = [0; MAX_PITS];
            for k in 0..p {
                south[k] = k as u8 + 1;
                north[k] = 101 + k as u8;
            }
            let cells = join(&south, &north, p);
            let want: Vec<u8> = (0..2 * MAX_PITS)
                .map(|c| match c {
                    c if c < p => c as u8 + 1,
                    c if c < 2 * p => 101 + (c - p) as u8,
                    _ => 0,
                })
                .collect();
            assert_eq!(cells.to_vec(), want, "{p} pits");
            assert_eq!(split(&cells, p), [south, north], "{p} pits");
        }
    }

    #[test]
    fn the_mover_view_turns_the_board_round() {
        let mut p = Pos::EMPTY;
        p.pits[SOUTH][0] = 3;
        p.pits[NORTH][1] = 5;
        p.side = NORTH;
        let cells = p.mover_view(6);
        assert_eq!(&cells[..12], &[0, 5, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0]);
        assert_eq!(Pos::from_mover_view(&cells, 6, NORTH), p);
    }
}
