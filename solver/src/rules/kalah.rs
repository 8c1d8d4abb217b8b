//! Kalah (docs/rules.md#kalah): a single lap into the mover's own store, an extra turn for a last
//! seed in the store, the capture of an emptied own pit and the pit opposite, and the end as soon
//! as either row is empty.
//!
//! The stores are the `CAPTURED` field: a seed sown into the mover's store is a gain of the
//! move, so such a move leaves the slice (seeds on the board) and its value is known when the
//! slice is solved. The generator is parametric in the number of pits `P`, so that the search of
//! [`crate::kalah_mtdf`] can play `Kalah(P, n)` for any `P`, also the boards that have no variant id.

use super::trace::{lift, take, NoTrace, Step, Trace};
use super::{MoveEffect, Next, Terminal};
use crate::position::Board;
use crate::register;
use crate::Move;

/// How the game ends when it is over on `board` (two rows of `pits` pits): when a row is empty,
/// each side takes its own row. Cheaper than [`expand`], for a search that looks at a position
/// before it generates its moves.
#[inline]
pub fn terminal(pits: usize, board: &Board) -> Option<Terminal> {
    game_over([board.side_total(pits, true), board.side_total(pits, false)])
}

/// The end of the game when the mover's and the opponent's rows hold `rows` seeds: it is over
/// when either row is empty, and each side then takes the seeds of its own row.
#[inline(always)]
fn game_over(rows: [u32; 2]) -> Option<Terminal> {
    (rows[0] == 0 || rows[1] == 0).then_some(Terminal {
        gain: [rows[0] as u8, rows[1] as u8],
    })
}

/// Adds the seeds the end of the game gives each side to a move's gains.
#[inline(always)]
fn add(gain: &mut [u8; 2], end: Terminal) {
    gain[0] += end.gain[0];
    gain[1] += end.gain[1];
}

/// Calls `sink` with every legal move of Kalah on two rows of `pits` pits, or says how the game
/// ends when it is over ([`terminal`]).
#[inline]
pub fn expand(
    pits: usize,
    board: &Board,
    sink: &mut impl FnMut(Move, &MoveEffect),
) -> Option<Terminal> {
    if let Some(t) = terminal(pits, board) {
        return Some(t);
    }
    for i in (0..pits).filter(|&i| board.cells[i] > 0) {
        sink(Move::Pit(i as u8 + 1), &sow(pits, board, i, &mut NoTrace));
    }
    None
}

/// Sows from the mover's pit index `from` (0-based), telling `trace` each step.
#[inline]
pub(super) fn sow<T: Trace>(p: usize, board: &Board, from: usize, trace: &mut T) -> MoveEffect {
    if !T::WANTED && 2 * p <= register::CELLS {
        let e = sow_in_register(p, board.register(), from);
        return MoveEffect {
            board: Board::from_register(e.board),
            gain: e.gain,
            next: e.next,
        };
    }
    // The sowing ring: the mover's pits 0..P, the mover's store at P, then the opponent's pits
    // (ring places P+1..=2P hold board cells P..2P). The opponent's store is not in the ring.
    let ring = 2 * p + 1;
    let mut b = *board;
    let seeds = usize::from(lift(&mut b, from, trace));
    // Whole laps first (each puts one seed in every place of the ring, the emptied pit too).
    let laps = (seeds / ring) as u8;
    let rest = seeds % ring;
    let mut store = laps;
    if T::WANTED {
        // The whole laps seed by seed, for the listener: every place of the ring in turn.
        for k in 1..=laps as usize * ring {
            trace.step(ring_step(p, (from + k) % ring));
        }
    }
    if laps > 0 {
        for c in &mut b.cells[..2 * p] {
            *c += laps;
        }
    }
    let mut place = from;
    for _ in 0..rest {
        place = if place + 1 == ring { 0 } else { place + 1 };
        trace.step(ring_step(p, place));
        match place.cmp(&p) {
            std::cmp::Ordering::Less => b.cells[place] += 1,
            std::cmp::Ordering::Equal => store += 1,
            std::cmp::Ordering::Greater => b.cells[place - 1] += 1,
        }
    }
    if rest == 0 {
        // The last seed of the last lap fell into the pit sown from.
        place = from;
    }
    let mut gain = [store, 0];
    let mut next = Next::Opponent;
    if place == p {
        next = Next::Mover;
    } else if place < p && b.cells[place] == 1 {
        // The last seed fell into an empty pit of the mover's: it and the opposite pit (even
        // when empty) go to the mover's store. Pit k faces the opponent's pit P+1-k.
        let opposite = 2 * p - 1 - place;
        gain[0] += take(&mut b, place, true, trace) + take(&mut b, opposite, true, trace);
    }
    let own = b.side_total(p, true);
    let opponent = b.side_total(p, false);
    if let Some(end) = game_over([own, opponent]) {
        add(&mut gain, end);
        (b, next) = (Board::EMPTY, Next::Over);
    }
    MoveEffect {
        board: b,
        gain,
        next,
    }
}

/// A move's [`MoveEffect`] with the board in a register ([`crate::register`]; empty when the
/// game is over).
#[derive(Clone, Copy, Debug)]
pub(crate) struct RegisterEffect {
    /// The board after the move, still with the mover's pits first.
    pub board: u128,
    /// Seeds the move gave to `[mover, opponent]`.
    pub gain: [u8; 2],
    /// Who moves next, or whether the game is over.
    pub next: Next,
}

/// [`expand`] on a board of at most 16 cells held in a register, the moves' boards left there:
/// the Kalah solve's path, where writing each child's board to memory and reading it back
/// wider cost more than the sowing (a narrow store cannot be forwarded to a wide load).
#[inline]
pub(crate) fn expand_in_register(
    p: usize,
    x: u128,
    mut sink: impl FnMut(&RegisterEffect),
) -> Option<Terminal> {
    use register::{below, cell, sum};
    debug_assert!(2 * p <= register::CELLS);
    let own = sum(x & below(p));
    if let Some(end) = game_over([own, sum(x) - own]) {
        return Some(end);
    }
    for i in (0..p).filter(|&i| cell(x, i) > 0) {
        sink(&sow_in_register(p, x, i));
    }
    None
}

/// [`sow`] with no trace on a board of at most 16 cells (the solver's and the searches' hot
/// path): the same seeds, dropped a stretch of pits at a time into a register. Inlined into its
/// callers, so that its effect stays in registers too: returned through memory, its gains were
/// written a byte at a time and read back as one word, a stall a move.
#[inline(always)]
fn sow_in_register(p: usize, x: u128, from: usize) -> RegisterEffect {
    use register::{cell, emptied, ones, sum};
    let ring = 2 * p + 1;
    let seeds = cell(x, from) as usize;
    let mut b = emptied(x, from);
    let (laps, rest) = (seeds / ring, seeds % ring);
    // Whole laps: a seed in every pit (the emptied one too) and in the store, each lap.
    b += laps as u128 * ones(0, 2 * p);
    let mut store = laps as u8;
    let mut place = from;
    if rest > 0 {
        // The rest into ring places from+1 ..= last: the mover's pits, the store at p, the
        // opponent's pits (place q > p is cell q - 1), and round once more at most.
        let last = from + rest;
        b += ones(from + 1, last.min(p - 1) + 1);
        if last >= p {
            store += 1;
        }
        if last > p {
            b += ones(p, last.min(2 * p));
        }
        place = last;
        if last >= ring {
            place = last - ring;
            b += ones(0, place + 1);
        }
    }
    let mut gain = [store, 0];
    let mut next = Next::Opponent;
    if place == p {
        next = Next::Mover;
    } else if place < p && cell(b, place) == 1 {
        let opposite = 2 * p - 1 - place;
        gain[0] += 1 + cell(b, opposite);
        b = emptied(emptied(b, place), opposite);
    }
    let own = sum(b & register::below(p));
    if let Some(end) = game_over([own, sum(b) - own]) {
        add(&mut gain, end);
        (b, next) = (0, Next::Over);
    }
    RegisterEffect {
        board: b,
        gain,
        next,
    }
}

/// The step of a seed dropped at `place` of the sowing ring: a pit (the opponent's pits after
/// the store) or the mover's store.
fn ring_step(p: usize, place: usize) -> Step {
    match place.cmp(&p) {
        std::cmp::Ordering::Less => Step::Sow { cell: place },
        std::cmp::Ordering::Equal => Step::Store,
        std::cmp::Ordering::Greater => Step::Sow { cell: place - 1 },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small random generator (xorshift64) started at `state`, for reproducible boards.
    fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
        move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        }
    }

    /// The solver's sowing (in a register, no trace; seed by seed above 8 pits a row) against
    /// the traced one (seed by seed, as the rules are written): the same board, gains and turn
    /// for every pit, number of seeds (partial laps, whole laps and both) and row length the
    /// search takes.
    #[test]
    fn sowing_in_a_register_is_sowing_seed_by_seed() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        for p in 1..=9 {
            for from in 0..p {
                for seeds in 1..=3 * (2 * p + 1) + 2 {
                    for _ in 0..8 {
                        let mut b = Board::EMPTY;
                        for c in &mut b.cells[..2 * p] {
                            // Empty pits often, so that captures and ends happen.
                            *c = (next() % 4) as u8 * (next() % 2) as u8;
                        }
                        b.cells[from] = seeds as u8;
                        let fast = sow(p, &b, from, &mut NoTrace);
                        let traced = sow(p, &b, from, &mut Vec::new());
                        assert_eq!(fast.board, traced.board, "{p} pits, {from}: {b:?}");
                        assert_eq!(fast.gain, traced.gain, "{p} pits, {from}: {b:?}");
                        assert_eq!(fast.next, traced.next, "{p} pits, {from}: {b:?}");
                    }
                }
            }
        }
    }

    /// The solver's expansion in a register against [`expand`] (whose sowing the test above
    /// checks against the traced one): the same moves with the same effects, the same end of
    /// the game, on rows of 1 to 8 pits, with empty rows and empty pits often.
    #[test]
    fn expanding_in_a_register_is_expanding_the_board() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        let mut ended = 0;
        for p in 1..=8 {
            for _ in 0..2000 {
                let mut b = Board::EMPTY;
                let empty_row = next() % 8;
                for (i, c) in b.cells[..2 * p].iter_mut().enumerate() {
                    let row = (i >= p) as u64;
                    if empty_row != row {
                        *c = (next() % 6) as u8 * (next() % 2) as u8;
                    }
                }
                let mut slow = Vec::new();
                let slow_end = expand(p, &b, &mut |_, o| slow.push(*o));
                let mut fast = Vec::new();
                let fast_end = expand_in_register(p, b.register(), |e| {
                    fast.push(MoveEffect {
                        board: Board::from_register(e.board),
                        gain: e.gain,
                        next: e.next,
                    })
                });
                assert_eq!(fast_end, slow_end, "{p} pits: {b:?}");
                assert_eq!(fast, slow, "{p} pits: {b:?}");
                ended += slow_end.is_some() as u32;
            }
        }
        assert!(ended > 1000, "too few ended games to test: {ended}");
    }
}
