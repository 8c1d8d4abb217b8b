//! The transposition table: what earlier searches learnt about a board, in a fixed amount of
//! memory set by the caller.
//!
//! An entry holds two kinds of knowledge, because they are reused under different conditions:
//!
//! * **proven bounds** (`proven_lower <= value <= proven_upper`): facts about the board, the same
//!   by whatever path and at whatever depth it is reached, so they cut the search anywhere and
//!   make the result resting on them exact;
//! * **estimate bounds** from a search `depth` plies deep that reached the frontier: reused only
//!   by a search that would look no deeper, and what rests on them is an estimate.
//!
//! In a game that can cycle, whether a search closes (every line ending in a fact or a
//! repetition) depends on the path: the same board reached by a longer path has more positions
//! to repeat. An estimate stored by one visit would then cut a later visit that could have closed,
//! and, carried from iteration to iteration, keep the answer an estimate for ever. So in those
//! games estimates are reused only within the iteration that stored them (`stamp`); in Kalah,
//! which is acyclic, at any later time.
//!
//! Path-dependent claims (exact but resting on a repetition above the node) are stored as
//! neither; the best move is always kept, to order the moves next time.
//!
//! Boards are keyed by their [`super::fingerprint`] (the value does not depend on the side to
//! move nor on the stores). Buckets of two entries keep the one from the larger search in the
//! first slot, as in `crate::search`.

use super::proof_table::{ProofTable, PROOF_TABLE_BITS};
use super::score::INFINITY;

/// No best move recorded.
pub(super) const NO_MOVE: u8 = u8::MAX;

/// What is known of one board.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    /// The board's fingerprint; 0 for an empty slot.
    key: u128,
    /// Proven: the value is at least this (sixteenths; `-INFINITY` when nothing is proven).
    pub(super) proven_lower: i16,
    /// Proven: the value is at most this (`INFINITY` when nothing is proven).
    pub(super) proven_upper: i16,
    /// The estimate of a search `depth` plies deep is at least this.
    pub(super) lower: i16,
    /// The estimate of a search `depth` plies deep is at most this.
    pub(super) upper: i16,
    /// Plies of the search behind `lower` and `upper`; 0 when there is no estimate.
    pub(super) depth: u8,
    /// The iteration that stored the estimate.
    stamp: u32,
    /// Index (in move generation order) of the best move found, or [`NO_MOVE`].
    pub(super) best: u8,
    /// log2 of the nodes of the search that produced the entry: the larger is kept.
    work: u8,
}

impl Entry {
    const EMPTY: Entry = Entry {
        key: 0,
        proven_lower: -INFINITY as i16,
        proven_upper: INFINITY as i16,
        lower: -INFINITY as i16,
        upper: INFINITY as i16,
        depth: 0,
        stamp: 0,
        best: NO_MOVE,
        work: 0,
    };

    fn learn(&mut self, knowledge: Knowledge, stamp: u32) {
        let (lower, upper) = knowledge.proven;
        self.proven_lower = self.proven_lower.max(lower as i16);
        self.proven_upper = self.proven_upper.min(upper as i16);
        debug_assert!(self.proven_lower <= self.proven_upper, "{self:?}");
        let (lower, upper) = knowledge.estimate;
        if lower == -INFINITY && upper == INFINITY {
            return;
        }
        let (lower, upper) = (lower as i16, upper as i16);
        let same_search = knowledge.depth == self.depth && stamp == self.stamp;
        if same_search && lower.max(self.lower) <= upper.min(self.upper) {
            // Two bounds from searches of the same depth: both hold.
            self.lower = self.lower.max(lower);
            self.upper = self.upper.min(upper);
        } else if knowledge.depth >= self.depth || stamp != self.stamp {
            self.lower = lower;
            self.upper = upper;
            self.depth = knowledge.depth;
            self.stamp = stamp;
        }
    }
}

/// What a finished search of a board teaches: bounds in sixteenths, `±INFINITY` for none.
/// A path-dependent claim teaches nothing (only the best move is kept).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Knowledge {
    /// Proven bounds on the value.
    pub(super) proven: (i32, i32),
    /// Bounds on the estimate of a search `depth` plies deep (proven bounds are estimates too).
    pub(super) estimate: (i32, i32),
    /// Plies searched.
    pub(super) depth: u8,
}

/// A transposition table that outlives the engine using it, so that a service can keep a few
/// tables and lend them to one search after another instead of allocating (and clearing) one
/// per search: a table of 4 Mi entries is 128 MiB. What it knows stays true of every later
/// search of the same variant (proven bounds are facts; estimates of a cyclic game cut only
/// within the iteration that stored them), so it is kept; an engine of another variant clears
/// it first, since a board's fingerprint does not name its variant.
pub struct TranspositionTable {
    pub(super) table: Table,
    /// The numbers of the proofs' unsettled questions ([`super::proof`]), lent with the table.
    pub(super) proofs: ProofTable,
    /// The variant whose searches filled it, if any.
    pub(super) variant: Option<crate::Variant>,
}

impl TranspositionTable {
    /// An empty table of `2^bits` entries of 32 bytes (20 bits: 32 MiB), with the proofs'
    /// table beside it (8 MiB).
    pub fn new(bits: u32) -> TranspositionTable {
        TranspositionTable {
            table: Table::new(bits, true),
            proofs: ProofTable::new(PROOF_TABLE_BITS),
            variant: None,
        }
    }

    /// Its size in bytes.
    pub fn bytes(&self) -> usize {
        self.table.len() * std::mem::size_of::<Entry>() + self.proofs.bytes()
    }
}

/// The table entries a search of `nodes` nodes uses (log2): about a quarter as many as nodes,
/// at least 2^16. A small search in a large table would spread its few entries over memory that
/// no cache holds (measured: a search of 100,000 nodes a quarter slower in 4 Mi entries than in
/// 64 Ki), so it uses the first entries only.
pub fn table_bits(nodes: u64) -> u32 {
    let log2 = 64 - nodes.max(1).leading_zeros();
    log2.saturating_sub(2).max(16)
}

/// A fixed-size table of [`Entry`]s.
pub(super) struct Table {
    entries: Vec<Entry>,
    /// The buckets in use: the first `mask + 1` entries (see [`Table::use_at_most`]).
    mask: usize,
    /// The current iteration, stamped on the estimates it stores.
    stamp: u32,
    /// Whether estimates of earlier iterations may cut (acyclic games only).
    old_estimates_cut: bool,
}

impl Table {
    /// A table of `2^bits` entries of 32 bytes, for a game that can cycle (`cyclic`) or not.
    pub(super) fn new(bits: u32, cyclic: bool) -> Table {
        assert!((1..=32).contains(&bits), "table bits in 1..=32");
        let size = 1usize << bits;
        Table {
            entries: vec![Entry::EMPTY; size],
            mask: size - 1,
            stamp: 1,
            old_estimates_cut: !cyclic,
        }
    }

    /// Entries the table holds.
    pub(super) fn len(&self) -> usize {
        self.entries.len()
    }

    /// Uses only the first `2^bits` entries (all of them if there are fewer) until told
    /// otherwise. What was stored with another size stays correct: an entry is found only in
    /// the bucket its key gives under the current size, and a key is always checked, so a
    /// change of size only loses entries for a while, never misreads one.
    pub(super) fn use_at_most(&mut self, bits: u32) {
        let wanted = 1usize.checked_shl(bits).unwrap_or(usize::MAX);
        self.mask = wanted.min(self.entries.len()) - 1;
    }

    /// Makes the table serve a game that can cycle (`cyclic`) or not (see the module doc).
    pub(super) fn set_cyclic(&mut self, cyclic: bool) {
        self.old_estimates_cut = !cyclic;
    }

    /// Forgets every entry: the table as new.
    pub(super) fn clear(&mut self) {
        self.entries.fill(Entry::EMPTY);
        self.stamp = 1;
    }

    /// A new iteration begins: in a cyclic game, the estimates stored so far cut no more.
    pub(super) fn next_iteration(&mut self) {
        self.stamp += 1;
    }

    /// The estimate of `entry` that ends a search `depth` deep with window `(alpha, beta)` at
    /// once: when it comes from a search at least that deep (and, in a cyclic game, from this
    /// iteration) and falls outside the window, or is a value.
    #[inline]
    pub(super) fn estimate_cutoff(
        &self,
        entry: &Entry,
        depth: u8,
        alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        if entry.depth == 0
            || entry.depth < depth
            || (entry.stamp != self.stamp && !self.old_estimates_cut)
        {
            return None;
        }
        let (lower, upper) = (i32::from(entry.lower), i32::from(entry.upper));
        if lower >= beta || lower == upper {
            Some(lower)
        } else if upper <= alpha {
            Some(upper)
        } else {
            None
        }
    }

    #[inline]
    fn bucket(&self, key: u128) -> usize {
        ((key >> 64) as usize) & self.mask & !1
    }

    /// What is known of the board with fingerprint `key`.
    #[inline]
    pub(super) fn probe(&self, key: u128) -> Option<Entry> {
        let i = self.bucket(key);
        self.entries[i..i + 2]
            .iter()
            .find(|e| e.key == key)
            .copied()
    }

    /// Records what a search of `nodes` nodes learnt of the board with fingerprint `key`.
    pub(super) fn store(&mut self, key: u128, knowledge: Knowledge, best: u8, nodes: u64) {
        let work = (64 - nodes.leading_zeros()) as u8;
        let i = self.bucket(key);
        let slot = match self.entries[i..i + 2].iter().position(|e| e.key == key) {
            Some(j) => i + j,
            None => {
                // A new board: it takes the first slot if its search was at least as large (the
                // old first entry moving to the second), else the second.
                let slot = if work >= self.entries[i].work {
                    self.entries[i + 1] = self.entries[i];
                    i
                } else {
                    i + 1
                };
                self.entries[slot] = Entry {
                    key,
                    ..Entry::EMPTY
                };
                slot
            }
        };
        let e = &mut self.entries[slot];
        e.learn(knowledge, self.stamp);
        if best != NO_MOVE {
            e.best = best;
        }
        e.work = e.work.max(work);
        if slot == i + 1 && e.work > self.entries[i].work {
            self.entries.swap(i, i + 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NONE: (i32, i32) = (-INFINITY, INFINITY);

    fn proven(lower: i32, upper: i32) -> Knowledge {
        Knowledge {
            proven: (lower, upper),
            estimate: NONE,
            depth: 0,
        }
    }

    fn estimate(lower: i32, upper: i32, depth: u8) -> Knowledge {
        Knowledge {
            proven: NONE,
            estimate: (lower, upper),
            depth,
        }
    }

    #[test]
    fn proven_bounds_narrow_and_estimates_keep_the_deepest_or_meet() {
        let mut t = Table::new(4, true);
        let key = 0xABCD_u128 << 64 | 1;
        t.store(key, proven(-32, INFINITY), 2, 100);
        t.store(key, proven(-INFINITY, 16), NO_MOVE, 10);
        let e = t.probe(key).unwrap();
        assert_eq!((e.proven_lower, e.proven_upper, e.best), (-32, 16, 2));
        // Two bounds of the same depth meet; a shallower estimate does not replace them.
        t.store(key, estimate(5, INFINITY, 4), 1, 10);
        t.store(key, estimate(-INFINITY, 5, 4), 1, 10);
        t.store(key, estimate(9, 9, 2), 3, 10);
        let e = t.probe(key).unwrap();
        assert_eq!((e.lower, e.upper, e.depth, e.best), (5, 5, 4, 3));
        assert_eq!(t.estimate_cutoff(&e, 4, 0, 100), Some(5));
        assert_eq!(t.estimate_cutoff(&e, 5, 0, 100), None);
        t.next_iteration();
        assert_eq!(
            t.estimate_cutoff(&e, 4, 0, 100),
            None,
            "a cyclic game's old estimate"
        );
        assert!(t.probe(key ^ 2).is_none());
    }

    /// A table used in part finds, at each size, only what it stored at that size, and never
    /// another board's entry; a small search uses few entries of a large table.
    #[test]
    fn a_table_used_in_part_never_misreads_an_entry() {
        assert_eq!(table_bits(100_000), 16);
        assert_eq!(table_bits(10_000_000), 22);
        assert_eq!(table_bits(u64::MAX), 62);
        let mut t = Table::new(12, true);
        // Keys spread over the upper bits (the bucket's), each its own bound.
        let key = |i: u128| ((i * 0x9E37_79B9_7F4A_7C15) << 64) | (i << 1) | 1;
        for i in 0..2000 {
            t.store(key(i), proven(i as i32, i as i32), NO_MOVE, 1);
        }
        t.use_at_most(8);
        assert_eq!(t.mask, 255);
        for i in 0..2000 {
            if let Some(e) = t.probe(key(i)) {
                assert_eq!(i32::from(e.proven_lower), i as i32, "board {i}");
            }
        }
        t.use_at_most(40);
        assert_eq!(t.mask, (1 << 12) - 1, "never more than the table holds");
        let found = (0..2000).filter(|&i| t.probe(key(i)).is_some()).count();
        assert!(found > 1000, "{found} of 2000 kept at full size");
    }

    #[test]
    fn an_acyclic_game_reuses_old_estimates() {
        let mut t = Table::new(4, false);
        let key = 7_u128 << 64 | 1;
        t.store(key, estimate(-INFINITY, -3, 6), NO_MOVE, 10);
        t.next_iteration();
        let e = t.probe(key).unwrap();
        assert_eq!(t.estimate_cutoff(&e, 6, 0, 100), Some(-3));
    }
}
