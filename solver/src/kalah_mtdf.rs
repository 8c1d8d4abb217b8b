//! An exact forward search for `Kalah(P, n)` with any number of pits `P`: the calibration
//! searcher that reproduces the published Kalah results (also for the boards with no variant id)
//! and the yardstick of Kalah search speed. Players' positions of every variant, Kalah included,
//! are searched by [`crate::engine`], which also proves values where games cycle.
//!
//! Kalah is acyclic: every move either puts a seed into a store, captures, or moves seeds
//! towards the mover's store inside the mover's own row, so no position can come back. The value
//! of a position (docs/rules.md#values-and-depths: the seeds still to be won by the side to move
//! minus those still to be won by the opponent) is therefore the plain negamax of its moves, with
//! extra turns adding the child's value instead of negating it, and a search to the end of the game
//! is exact. This is how Irving, Donkers and Uiterwijk (2000) solved `Kalah(6, 4)` and `Kalah(6,
//! 5)`: MTD(f) with a transposition table, probing endgame databases at the leaves.
//!
//! The search here does the same:
//!
//! * zero-window alpha-beta (fail-soft negamax) driven by MTD(f) until the lower and upper
//!   bounds of the root meet;
//! * a fixed-size transposition table of bounds, keyed by the board alone (the value does not
//!   depend on the stores): four 16-byte entries a bucket, one cache line, the entry of the
//!   smallest search replaced; on huge pages, and the buckets of a node's children fetched
//!   ahead together ([`crate::cache`]), since its misses were half of the search's time;
//! * move ordering: the transposition table's best move, then moves that end in the store (from
//!   the pit nearest the store first), then captures, then the rest;
//! * the bounds `[-n, n]` of a position with `n` seeds on the board;
//! * at every position with at most [`SearchOptions::leaf_max_seeds`] seeds, the leaves
//!   ([`Leaves`]: a closure, or [`crate::solve::KnownValues::leaves`], which can fetch ahead)
//!   return the solved value when the tablebase holds it (the `db` crate passes
//!   `Tablebase::probe_board`; this crate knows nothing of SQLite), ending the search there;
//! * a budget of nodes (and optionally of time), and a progress callback.
//!
//! The search is parametric in the number of pits `P`, so it plays `Kalah(P, n)` for any `P` up
//! to [`MAX_SEARCH_PITS`], also for the boards (`P` < 4) that have no variant id.

use std::time::{Duration, Instant};

use crate::cache::{on_huge_pages, prefetch};
pub use crate::engine::Budget;
use crate::position::Board;
use crate::rules::{kalah, MoveEffect, Next};
use crate::Move;

/// Most pits a row may have in the search (the transposition table packs a board into 126 bits:
/// 7 bits a pit).
pub const MAX_SEARCH_PITS: usize = 9;

/// Settings of a search.
#[derive(Clone, Copy, Debug)]
pub struct SearchOptions {
    /// Rows of `P` pits.
    pub pits: usize,
    /// The leaf callback is asked about every position with at most this many seeds on the
    /// board (the largest total whose slices are all solved); `None`: never asked.
    pub leaf_max_seeds: Option<u32>,
    /// The transposition table holds `2^tt_bits` entries of 16 bytes (at least 4).
    pub tt_bits: u32,
    /// The budget.
    pub budget: Budget,
    /// The progress callback is called every `progress_every` nodes (and after every pass).
    pub progress_every: u64,
}

impl SearchOptions {
    /// Defaults for `P` pits: no leaves, a 64 MiB table, no budget, progress every 2^20 nodes.
    pub fn new(pits: usize) -> SearchOptions {
        SearchOptions {
            pits,
            leaf_max_seeds: None,
            tt_bits: 22,
            budget: Budget::UNLIMITED,
            progress_every: 1 << 20,
        }
    }
}

/// How a search is going, for a progress display.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchProgress {
    /// Nodes visited so far (by this searcher, over all its searches).
    pub nodes: u64,
    /// Positions answered by the leaf callback so far.
    pub leaf_hits: u64,
    /// Time since the searcher was made.
    pub elapsed: Duration,
    /// What is known of the value of the position being searched: `lower <= value <= upper`.
    pub lower: i8,
    /// See `lower`.
    pub upper: i8,
}

/// The search ran out of its budget before the value was known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "the search ran out of its budget ({nodes} nodes in {:.1} s) with the value between {lower} and {upper}",
    elapsed.as_secs_f64()
)]
pub struct BudgetExhausted {
    /// Nodes visited.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
    /// What was known of the value when it stopped.
    pub lower: i8,
    /// See `lower`.
    pub upper: i8,
}

/// What the search asks at its leaves: the tablebase. A closure `Fn(&Board) -> Option<i8>`
/// is one; [`KnownValues::leaves`] is one that can also be asked to fetch ahead.
pub trait Leaves {
    /// The value of `board` (seen from the side to move) if its slice is solved.
    fn value(&self, board: &Board) -> Option<i8>;
    /// A hint that `board` will be asked about soon: the search gives it for the children of a
    /// node before it visits the first, so that their lookups overlap.
    #[inline]
    fn prefetch(&self, _board: &Board) {}
}

impl<F: Fn(&Board) -> Option<i8>> Leaves for F {
    #[inline]
    fn value(&self, board: &Board) -> Option<i8> {
        self(board)
    }
}

/// A search stopped by its budget, unwinding.
struct Stop;

/// One transposition table entry: bounds of a board's value. 16 bytes, four to a 64-byte
/// bucket: one cache line holds every place a board can be.
#[derive(Clone, Copy, Default)]
struct Entry {
    /// The packed board ([`KalahSearch::key`]), low 64 bits; 0 in both halves for an empty
    /// slot (the empty board is never stored: it is over).
    key_low: u64,
    /// Bits 64 to 95 of the packed board.
    key_high: u32,
    lower: i8,
    upper: i8,
    /// Index of the best move found, or `u8::MAX`.
    best: u8,
    /// log2 of the nodes of the search that produced the entry: the larger is kept.
    work: u8,
}

impl Entry {
    #[inline]
    fn key(&self) -> u128 {
        self.key_low as u128 | (self.key_high as u128) << 64
    }
}

/// Entries a bucket.
const BUCKET: usize = 4;

/// The places a board can be in the table: one cache line.
#[derive(Clone, Copy, Default)]
#[repr(align(64))]
struct Bucket([Entry; BUCKET]);

/// An exact Kalah searcher: its transposition table and counters are kept from one search to
/// the next, so that searching the moves of a position one after the other shares the work.
pub struct KalahSearch<L: Leaves> {
    options: SearchOptions,
    leaf: L,
    table: Vec<Bucket>,
    mask: usize,
    /// Bits a pit takes in a key: 7, fewer above 6 pits a row so that a key fits in 96 bits.
    key_bits: u32,
    nodes: u64,
    leaf_hits: u64,
    next_report: u64,
    start: Instant,
    /// The root bounds being worked on, for progress reports.
    root: (i8, i8),
}

/// Seeds gained `[mover, opponent]` as a margin for the mover.
#[inline]
fn margin(gain: [u8; 2]) -> i32 {
    gain[0] as i32 - gain[1] as i32
}

/// The board of `Kalah(P, n)`'s start position (seen from South, who moves first).
pub fn start_board(pits: usize, seeds_per_pit: u8) -> Board {
    let mut b = Board::EMPTY;
    for c in &mut b.cells[..2 * pits] {
        *c = seeds_per_pit;
    }
    b
}

impl<L: Leaves> KalahSearch<L> {
    /// A searcher with an empty transposition table.
    pub fn new(options: SearchOptions, leaf: L) -> KalahSearch<L> {
        assert!(
            (1..=MAX_SEARCH_PITS).contains(&options.pits),
            "the Kalah search takes 1 to {MAX_SEARCH_PITS} pits a row"
        );
        assert!((1..=32).contains(&options.tt_bits), "tt_bits in 1..=32");
        let size = 1usize << options.tt_bits;
        KalahSearch {
            options,
            leaf,
            table: on_huge_pages(size.div_ceil(BUCKET), Bucket::default),
            mask: size.div_ceil(BUCKET) - 1,
            key_bits: (96 / (2 * options.pits as u32)).min(7),
            nodes: 0,
            leaf_hits: 0,
            next_report: options.progress_every,
            start: Instant::now(),
            root: (0, 0),
        }
    }

    /// Nodes visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Positions answered by the leaf callback so far.
    pub fn leaf_hits(&self) -> u64 {
        self.leaf_hits
    }

    /// Time since the searcher was made.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// The value of `board` (seen from the side to move, whose pits come first) for the side to
    /// move: the seeds it will still win minus those the opponent will, with perfect play.
    /// `guess` is where MTD(f) starts (0 will do). `progress` is called now and then.
    pub fn value(
        &mut self,
        board: &Board,
        guess: i8,
        progress: &mut dyn FnMut(&SearchProgress),
    ) -> Result<i8, BudgetExhausted> {
        let n = board.total() as i32;
        assert!(n <= 127, "at most 127 seeds on the board");
        let (mut lower, mut upper) = (-n, n);
        let mut g = (guess as i32).clamp(lower, upper);
        self.root = (lower as i8, upper as i8);
        while lower < upper {
            let beta = if g == lower { g + 1 } else { g };
            let v = match self.alpha_beta(board, beta - 1, beta, progress) {
                Ok(v) => v,
                Err(Stop) => {
                    return Err(BudgetExhausted {
                        nodes: self.nodes,
                        elapsed: self.start.elapsed(),
                        lower: lower as i8,
                        upper: upper as i8,
                    })
                }
            };
            if v < beta {
                upper = v;
            } else {
                lower = v;
            }
            g = v;
            self.root = (lower as i8, upper as i8);
            progress(&self.progress());
        }
        Ok(g as i8)
    }

    fn progress(&self) -> SearchProgress {
        SearchProgress {
            nodes: self.nodes,
            leaf_hits: self.leaf_hits,
            elapsed: self.start.elapsed(),
            lower: self.root.0,
            upper: self.root.1,
        }
    }

    /// The board packed into at most 96 bits, [`Self::key_bits`] a pit; `None` for a board
    /// with a pit too full for them (only above 6 pits a row), which the table does not hold.
    #[inline]
    fn key(&self, b: &Board) -> Option<u128> {
        let mut k = 0u128;
        let bits = self.key_bits;
        for (i, &c) in b.cells[..2 * self.options.pits].iter().enumerate() {
            if u32::from(c) >> bits != 0 {
                return None;
            }
            k |= (c as u128) << (bits as usize * i);
        }
        Some(k)
    }

    /// The bucket of `key`.
    #[inline]
    fn bucket(&self, key: u128) -> usize {
        let h = ((key as u64) ^ ((key >> 64) as u64).rotate_left(29))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let h = (h ^ (h >> 31)) as usize;
        h & self.mask
    }

    fn probe(&self, key: u128) -> Option<Entry> {
        self.table[self.bucket(key)]
            .0
            .iter()
            .find(|e| e.key() == key)
            .copied()
    }

    fn store(&mut self, key: u128, lower: i32, upper: i32, best: u8, nodes: u64) {
        let work = (64 - nodes.leading_zeros()) as u8;
        let b = self.bucket(key);
        let new = Entry {
            key_low: key as u64,
            key_high: (key >> 64) as u32,
            lower: lower as i8,
            upper: upper as i8,
            best,
            work,
        };
        let bucket = &mut self.table[b].0;
        if let Some(e) = bucket.iter_mut().find(|e| e.key() == key) {
            *e = merge(*e, new);
            return;
        }
        // The entry of the smallest search gives way (an empty slot first).
        let victim = bucket
            .iter_mut()
            .min_by_key(|e| if e.key() == 0 { -1 } else { e.work as i32 })
            .expect("a bucket has entries");
        *victim = new;
    }

    /// Fail-soft negamax alpha-beta: the value if it lies in `(alpha, beta)`, else a bound on
    /// the side of the window where it lies.
    fn alpha_beta(
        &mut self,
        b: &Board,
        mut alpha: i32,
        mut beta: i32,
        progress: &mut dyn FnMut(&SearchProgress),
    ) -> Result<i32, Stop> {
        self.nodes += 1;
        if self.nodes >= self.next_report {
            self.next_report += self.options.progress_every;
            if self.nodes > self.options.budget.nodes
                || self
                    .options
                    .budget
                    .time
                    .is_some_and(|t| self.start.elapsed() > t)
            {
                return Err(Stop);
            }
            progress(&self.progress());
        } else if self.nodes > self.options.budget.nodes {
            return Err(Stop);
        }
        let p = self.options.pits;
        let n = b.total();
        // Everything that settles the position without its moves comes first: a finished game,
        // the tablebase, the bounds, the transposition table. Generating the moves first (as
        // this search did) was wasted on those nodes: 4 % of the time of Kalah(6, 4).
        if let Some(t) = kalah::terminal(p, b) {
            return Ok(margin(t.gain));
        }
        if self.options.leaf_max_seeds.is_some_and(|m| n <= m) {
            if let Some(v) = self.leaf.value(b) {
                self.leaf_hits += 1;
                return Ok(v as i32);
            }
        }
        let n = n as i32;
        // Every value lies in [-n, n].
        if n <= alpha {
            return Ok(n);
        }
        if -n >= beta {
            return Ok(-n);
        }
        let key = self.key(b);
        let mut tt_best = u8::MAX;
        if let Some(e) = key.and_then(|k| self.probe(k)) {
            let (lo, hi) = (e.lower as i32, e.upper as i32);
            if lo >= beta {
                return Ok(lo);
            }
            if hi <= alpha {
                return Ok(hi);
            }
            if lo == hi {
                return Ok(lo);
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
            tt_best = e.best;
        }
        let mut moves: [Option<MoveEffect>; MAX_SEARCH_PITS] = [None; MAX_SEARCH_PITS];
        kalah::expand(p, b, &mut |mv: Move, o: &MoveEffect| {
            if let Move::Pit(k) = mv {
                let mut o = *o;
                if matches!(o.next, Next::Opponent) {
                    // The child as its mover sees it, as it is searched.
                    o.board = o.board.flipped(p);
                }
                moves[k as usize - 1] = Some(o);
            }
        });
        // What the children will look up first (the tablebase, or the table's bucket), fetched
        // together now rather than one miss after another later.
        for o in moves[..p].iter().flatten() {
            if !matches!(o.next, Next::Mover | Next::Opponent) {
                continue;
            }
            let leaf = self
                .options
                .leaf_max_seeds
                .is_some_and(|m| o.board.total() <= m);
            if leaf {
                self.leaf.prefetch(&o.board);
            } else if let Some(k) = self.key(&o.board) {
                prefetch(&self.table[self.bucket(k)]);
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let nodes_before = self.nodes;

        // Move order: the table's best move, then extra turns from the pit nearest the store,
        // then captures (largest first), then the rest (nearest the store first).
        let mut order = [0u8; MAX_SEARCH_PITS];
        let mut keys = [0i32; MAX_SEARCH_PITS];
        let mut count = 0;
        for (i, o) in moves[..p].iter().enumerate() {
            if let Some(o) = o {
                let k = if i as u8 == tt_best {
                    1 << 20
                } else {
                    match o.next {
                        Next::Mover => (1 << 16) + i as i32,
                        Next::Over => (1 << 12) + margin(o.gain) * 16,
                        _ if o.gain[0] > 1 => (1 << 8) + margin(o.gain) * 16 + i as i32,
                        _ => i as i32,
                    }
                };
                order[count] = i as u8;
                keys[count] = k;
                count += 1;
            }
        }
        // Insertion sort, best key first.
        for a in 1..count {
            let mut j = a;
            while j > 0 && keys[j - 1] < keys[j] {
                keys.swap(j - 1, j);
                order.swap(j - 1, j);
                j -= 1;
            }
        }

        let mut best = i32::MIN;
        let mut best_move = u8::MAX;
        for &i in &order[..count] {
            let o = moves[i as usize].as_ref().expect("listed move");
            let g = margin(o.gain);
            let v = match o.next {
                Next::Over | Next::Endless => g,
                Next::Mover => g + self.alpha_beta(&o.board, alpha - g, beta - g, progress)?,
                Next::Opponent => g - self.alpha_beta(&o.board, g - beta, g - alpha, progress)?,
            };
            if v > best {
                best = v;
                best_move = i;
            }
            if best > alpha {
                alpha = best;
                if alpha >= beta {
                    break;
                }
            }
        }
        let (lower, upper) = if best <= alpha0 {
            (-n, best)
        } else if best >= beta0 {
            (best, n)
        } else {
            (best, best)
        };
        if let Some(key) = key {
            self.store(key, lower, upper, best_move, self.nodes - nodes_before);
        }
        Ok(best)
    }
}

/// Two entries for one board: the intersection of their bounds, the newer best move.
fn merge(old: Entry, new: Entry) -> Entry {
    Entry {
        key_low: new.key_low,
        key_high: new.key_high,
        lower: old.lower.max(new.lower),
        upper: old.upper.min(new.upper),
        best: new.best,
        work: old.work.max(new.work),
    }
}

/// The value of the start position of `Kalah(P, n)` for the first player (South), with an
/// unlimited budget and no tablebase: the final store difference with perfect play. For small
/// boards (tests and the results table); larger ones need the leaf callback.
pub fn kalah_start_value(pits: usize, seeds_per_pit: u8) -> i8 {
    let mut s = KalahSearch::new(SearchOptions::new(pits), |_: &Board| None);
    s.value(&start_board(pits, seeds_per_pit), 0, &mut |_| {})
        .expect("no budget")
}
