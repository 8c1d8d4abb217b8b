//! The solve of a slice whose moves cannot cycle: Kalah.
//!
//! In Kalah a move that stays in the slice (no seed in the store, no capture) only carries seeds
//! along the mover's row toward the mover's store, so the sum over all seeds of their distance to
//! their owner's store falls with every such move: no position of a slice can come back, and the
//! moves within a slice form a DAG. A position's value and depth then follow from its moves'
//! directly, children first, as Irving's Kalah generator found values (a memoised depth-first
//! recursion), with no predecessors and no retrograde: one move generation a position and 4 bytes
//! of state (value and depth in one word, so that a child's lookup is one load). The value is
//! the best move's, the depth that of docs/rules.md (the winner's shortest value-keeping move,
//! the loser's longest), none for a value of 0, which is what the retrograde gives these slices
//! (solver/tests/solved_digests.rs checks it does).

use std::sync::atomic::{AtomicU32, Ordering};

use rayon::prelude::*;

use super::retrograde::UNKNOWN;
use super::{KnownValues, Progress, SolveError, NO_DEPTH};
use crate::cache::{on_huge_pages, prefetch};
use crate::position::{Board, MAX_PITS_PER_SIDE};
use crate::rules::{self, MoveEffect};
use crate::slice::{Slice, SliceId};
use crate::value::{self, Value};
use crate::variant::Family;

/// Positions handed to one parallel task.
const CHUNK: usize = 1 << 14;

/// Whether the slices of `group` are solved here: a single Kalah slice.
pub(super) fn applies(group: &[Slice]) -> bool {
    group.len() == 1 && group[0].variant.family() == Family::Kalah
}

/// Every position's value and depth, each computed once, children first.
struct Memo<'a> {
    slice: Slice,
    /// Seeds on the board in the slice.
    seeds: u8,
    known: &'a KnownValues,
    /// Each position's value (low byte) and depth (the 16 bits above it), or [`UNSOLVED`]: one
    /// word, so a child costs one cache miss, and a thread that sees a value sees its depth.
    state: Vec<AtomicU32>,
}

/// The state of a position not computed yet.
const UNSOLVED: u32 = pack(UNKNOWN, NO_DEPTH);

/// A value and a depth as one word.
const fn pack(value: i8, depth: u16) -> u32 {
    (depth as u32) << 8 | value as u8 as u32
}

/// The value and the depth of a word.
const fn unpack(word: u32) -> (i8, u16) {
    (word as u8 as i8, (word >> 8) as u16)
}

/// Solves a single Kalah slice; `known` holds the smaller slices.
pub(super) fn solve(
    slice: Slice,
    known: &KnownValues,
    progress: &dyn Progress,
) -> Result<(Vec<i8>, Vec<u16>), SolveError> {
    let n = super::moves::group_len(&[slice])?;
    super::moves::check_known(&[slice], known)?;
    progress.pass("moves", n as u64);
    let memo = Memo {
        slice,
        seeds: slice.id.total() as u8,
        known,
        // Children are looked up all over the array: huge pages spare the TLB misses.
        state: on_huge_pages(n, || AtomicU32::new(UNSOLVED)),
    };
    (0..n.div_ceil(CHUNK)).into_par_iter().for_each(|c| {
        let end = ((c + 1) * CHUNK).min(n);
        let mut board = slice.board((c * CHUNK) as u64);
        for i in c * CHUNK..end {
            memo.get(i, &board);
            if i + 1 < end {
                slice.advance(&mut board);
            }
        }
        progress.advance((end - c * CHUNK) as u64);
    });
    // The values go on huge pages too: the next slices' exits look them up all over.
    let mut values = on_huge_pages(n, || 0i8);
    let mut depths = vec![0u16; n];
    for ((word, v), d) in memo.state.iter().zip(&mut values).zip(&mut depths) {
        (*v, *d) = unpack(word.load(Ordering::Relaxed));
    }
    Ok((values, depths))
}

impl Memo<'_> {
    /// The value and depth of position `i` (whose board is `board`), computed if need be. Two
    /// threads may compute the same position at once: both find the same figures.
    fn get(&self, i: usize, board: &Board) -> (i8, u16) {
        let word = self.state[i].load(Ordering::Relaxed);
        if word != UNSOLVED {
            return unpack(word);
        }
        let (v, d) = self.compute(board);
        self.state[i].store(pack(v, d), Ordering::Relaxed);
        (v, d)
    }

    fn compute(&self, board: &Board) -> (i8, u16) {
        let variant = self.slice.variant;
        let l = variant.pits_per_side();
        // First every move and where its child's value is, each fetched from memory as soon as
        // it is known: the children are scattered over tables larger than the caches, and a
        // position's five or six misses then overlap instead of coming one after the other.
        let mut moves = [Child::Over(0); MAX_PITS_PER_SIDE];
        let mut count = 0;
        let terminal = rules::expand(variant, board, |_, o| {
            moves[count] = match o.child_board(l) {
                Some(seen) if !value::is_exit(o) => {
                    let i = self.slice.index(&seen) as usize;
                    prefetch(&self.state[i]);
                    Child::Here(i, seen)
                }
                Some(seen) => {
                    // The seeds the move gained left the board: that is the child's slice
                    // (cheaper than summing the child's pits).
                    let slice = Slice {
                        variant,
                        id: SliceId::Seeds(self.seeds - o.gain[0] - o.gain[1]),
                    };
                    debug_assert_eq!(slice, Slice::of(variant, &seen));
                    let values = self.known.get(slice.id).expect("checked by check_known");
                    let v = &values[slice.index(&seen) as usize];
                    prefetch(v);
                    Child::Known(v, *o)
                }
                None => Child::Over(value::move_value(variant, o, Value::ENDLESS).score),
            };
            count += 1;
        });
        if let Some(t) = terminal {
            let v = value::terminal_score(variant.scoring(), &t);
            return (v, if v == 0 { NO_DEPTH } else { 0 });
        }
        // The best value, and the depths of the moves that reach it: (shortest, longest).
        let mut best = i8::MIN;
        let (mut shortest, mut longest) = (u16::MAX, 0u16);
        for child in &moves[..count] {
            let (v, d) = match *child {
                Child::Here(i, seen) => {
                    let (v, d) = self.get(i, &seen);
                    (-v, d.saturating_add(1))
                }
                Child::Known(v, o) => {
                    let child = Value {
                        score: *v,
                        depth: None,
                    };
                    (value::move_value(variant, &o, child).score, 1)
                }
                Child::Over(v) => (v, 1),
            };
            if v > best {
                (best, shortest, longest) = (v, d, d);
            } else if v == best {
                (shortest, longest) = (shortest.min(d), longest.max(d));
            }
        }
        let depth = match best {
            0 => NO_DEPTH,
            1.. => shortest,
            _ => longest,
        };
        (best, depth)
    }
}

/// Where the value of a move's child is: in the slice being solved (its index and board), in a
/// smaller slice (where its value is, and the move), or nowhere because the move ends the game
/// (the move's value).
#[derive(Clone, Copy)]
enum Child<'a> {
    Here(usize, Board),
    Known(&'a i8, MoveEffect),
    Over(i8),
}
