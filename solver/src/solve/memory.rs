//! How much memory (and disk) solving a group takes, known before it starts, so that a solve too
//! large for the machine is refused with the figures instead of being killed by the kernel
//! half-way, and a group too large for its moves in memory is solved with them on disk.
//!
//! A group of `N` positions with `E` moves that stay in the group (captures and game ends need
//! none) holds, with its moves in memory, at the peak of the predecessors pass: the exits (2
//! bytes a position), the moves as `(child, parent)` records (8 bytes a move), and the bucket
//! being inverted (its counters, 8 bytes a position, its parents and their encoded table, 8 bytes
//! a move, the table's degree bytes, 1 a position): `11 N + 16 E` at most. The retrograde holds
//! the exits, a pass's words (2 bytes a position, [`super::state`]) and the values (1), with the
//! table (`1.125 N + 4 E`): less than that.
//!
//! With the moves on disk (a work directory), memory holds the exits and each bucket's file
//! buffer during the moves pass; the exits go to their file before the moves are inverted, two
//! buckets at once (at most [`BUCKET`](super::edges) positions each); the retrograde holds a
//! pass's words, two bitmaps of a quarter of a byte a position in its depths pass, the level
//! lists and the resident pages of the mapped table (trimmed to a quarter of a byte a position,
//! between 32 and 128 MiB): `2.3 N` and at most 256 MiB. The
//! values wait on disk, and the results are stored a few chunks at a time
//! ([`super::ShareResults`]). The disk holds the moves (7 bytes each), then the table and the
//! checkpoints (the values, 1 byte a position, and a pass's words, 2; two states at the moment
//! one replaces the other only where the disk has room), and the exits (2 bytes a position) and
//! the smaller slices' values (1 byte a position of theirs) throughout.
//!
//! A group whose moves are un-made ([`super::predecessors`]: Oware, Rio Kadalis) has neither
//! moves nor table: the exits during the moves pass (2 bytes a position), then the retrograde's
//! `2.3 N`, and with its moves in memory the exits and the values besides (`5.3 N`); on disk the
//! smaller slices' files during the moves pass, then (those deleted) the exits, the values and a
//! state, 5 bytes a position (a second state while the next is written only where the disk has
//! room for it, [`super::checkpoint`]).
//!
//! The values of the smaller slices that captures reach (1 byte a position) are in memory as
//! well; with the moves on disk they are in files instead, and the moves pass holds its exits
//! into them as records until it reads them ([`super::far_exits`]: a quarter of a byte a
//! position, at least 32 MiB). And the program with SQLite's cache and the compressed chunks of
//! the group being stored ([`BASE_BYTES`]).
//!
//! `E` is not known without generating every move: it is estimated from the moves of an evenly
//! spread sample of the group's positions.

use crate::rules;
use crate::slice::Slice;
use crate::value;

use super::edges::{file_record, BUCKET_BITS, FILE_BUFFER};
use super::far_exits::Bounds;
use super::group_index::{self, GroupIndex};
use super::pred_table::mapped_budget;
use super::predecessors;
/// Bytes besides the group's and the smaller slices': the program, SQLite's page cache, the
/// compressed chunks of a group being stored.
pub const BASE_BYTES: u64 = 64 << 20;
/// Positions sampled to estimate the moves of a group.
pub const SAMPLE: u64 = 4096;

/// What solving one group needs, estimated before it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryNeed {
    /// Positions in the group.
    pub positions: u64,
    /// Moves within the group, estimated from a sample (exact when the group is no larger
    /// than the sample).
    pub moves: u64,
    /// Positions of the smaller slices whose values are held meanwhile, those that captures
    /// reach (1 byte each: of memory with the moves in memory, of disk with them on disk).
    pub smaller_positions: u64,
    /// Bytes of memory at the peak with the moves in memory.
    pub in_memory: u64,
    /// Bytes of memory at the peak with the moves on disk.
    pub on_disk: u64,
    /// Bytes of disk with the moves on disk, at the peak.
    pub disk: u64,
}

impl MemoryNeed {
    /// Whether the moves go to disk under a memory limit of `limit` bytes: when they do not fit
    /// in memory (whether the solve fits at all is [`MemoryNeed::fits`]).
    pub fn moves_on_disk(&self, limit: u64) -> bool {
        self.in_memory > limit
    }

    /// Whether the group can be solved within `limit` bytes of memory, one way or the other.
    pub fn fits(&self, limit: u64) -> bool {
        self.in_memory.min(self.on_disk) <= limit
    }
}

/// The memory that solving `group` (one slice, or a four-row slice and its mirror) needs, with
/// the values of the smaller slices its captures reach (in memory, or in files with the moves
/// on disk). Saturates instead of overflowing
/// for groups too large to index.
pub fn memory_need(group: &[Slice]) -> MemoryNeed {
    shared_memory_need(group, 1)
}

/// What each of `ranks` ranks needs when they share `group` ([`super::solve_share`]): its share
/// of the positions and moves, and every smaller slice a capture reaches, which each rank holds
/// (in files of its own with the moves on disk).
/// The positions and moves it reports are the group's.
pub fn shared_memory_need(group: &[Slice], ranks: u64) -> MemoryNeed {
    let positions = group
        .iter()
        .map(|s| s.checked_len().unwrap_or(u64::MAX))
        .fold(0u64, u64::saturating_add);
    let moves = group
        .iter()
        .map(|s| estimated_moves(*s))
        .fold(0u64, u64::saturating_add);
    let smaller_positions = super::moves::exit_slices(group)
        .iter()
        .map(|s| s.checked_len().unwrap_or(u64::MAX))
        .fold(0u64, u64::saturating_add);
    let ranks = ranks.max(1) as u128;
    let (n, e) = (
        (positions as u128).div_ceil(ranks),
        (moves as u128).div_ceil(ranks),
    );
    let clamp = |x: u128| x.min(u64::MAX as u128) as u64;
    let smaller = smaller_positions as u128;
    let widths = match u32::fits(positions.min(usize::MAX as u64) as usize) {
        true => Widths::of::<u32>(),
        false => Widths::of::<u64>(),
    };
    // A pass's words, the depths pass's bitmaps and the level lists (at most one position in
    // 128, found and sorted); in memory, the exits and the values besides.
    let state = 2 * n + n / 4 + 2 * widths.number * n / 128;
    let held = 3 * n;
    // With the moves on disk, the records of the exits into the smaller slices' files.
    let records = Bounds::of(n.min(usize::MAX as u128) as usize).budget as u128;
    if predecessors::unmade(group) {
        return MemoryNeed {
            positions,
            moves,
            smaller_positions,
            in_memory: clamp(BASE_BYTES as u128 + smaller + (2 * n).max(state + held)),
            on_disk: clamp(BASE_BYTES as u128 + (2 * n + records).max(state)),
            disk: clamp((5 * n).max(smaller)),
        };
    }
    let base = smaller + BASE_BYTES as u128;
    // A move as a record, then as a parent in its bucket's inversion, then in the table.
    let edge = widths.record + widths.number + widths.table;
    let in_memory = base + 11 * n + edge * e;
    // Two buckets inverted at once, each at most `BUCKET` positions and its share of the moves.
    let bucket = n.min(1 << BUCKET_BITS);
    let bucket_moves = e * bucket / n.max(1);
    let inverting = 2 * (9 * bucket + edge * bucket_moves);
    // The mapped table's pages: its budget, and what each thread reads between two checks.
    let retrograde =
        state + mapped_budget(n.min(usize::MAX as u128) as usize) as u128 + (128 << 20);
    let buffers = (n.div_ceil(1 << BUCKET_BITS)) * FILE_BUFFER as u128;
    let on_disk = BASE_BYTES as u128 + (2 * n + records + buffers).max(inverting).max(retrograde);
    // The moves' files are deleted as the table is written, so the moves (7 bytes each, 8 in a
    // group numbered past 2^32) and the table with the values and a state (2 bytes a position)
    // are not on disk at once; the exits (2 bytes a position) stay throughout, and the smaller
    // slices' files.
    let table = n + n / 8 + widths.table * e;
    let disk = (widths.file * e).max(table + 3 * n) + 2 * n + smaller;
    MemoryNeed {
        positions,
        moves,
        smaller_positions,
        in_memory: clamp(in_memory),
        on_disk: clamp(on_disk),
        disk: clamp(disk),
    }
}

/// The files a rank holds open at once while the moves pass of its share of `group` goes to
/// disk: one a bucket of 2 Mi positions (none where the moves are un-made). A group past 2^32
/// positions needs more than 1,024, the usual default limit of a process's open files.
pub fn bucket_files(group: &[Slice], ranks: u64) -> u64 {
    if predecessors::unmade(group) {
        return 0;
    }
    let positions: u64 = group
        .iter()
        .map(|s| s.checked_len().unwrap_or(u64::MAX))
        .fold(0, u64::saturating_add);
    positions.div_ceil(ranks.max(1)).div_ceil(1 << BUCKET_BITS)
}

/// Bytes the solver's numbers of a group take ([`group_index`]).
struct Widths {
    /// A position in a level's list or a bucket's inversion.
    number: u128,
    /// A move as the moves pass hands it to the spill.
    record: u128,
    /// A predecessor in the table.
    table: u128,
    /// A move in a bucket's file.
    file: u128,
}

impl Widths {
    fn of<I: GroupIndex>() -> Widths {
        Widths {
            number: std::mem::size_of::<I>() as u128,
            record: std::mem::size_of::<I::Record>() as u128,
            table: group_index::bytes::<I>() as u128,
            file: file_record::<I>() as u128,
        }
    }
}

/// The moves that stay within the group from the positions of `slice`: counted for every
/// position of a slice no larger than [`SAMPLE`], else from [`SAMPLE`] positions evenly spread
/// over it and scaled up.
fn estimated_moves(slice: Slice) -> u64 {
    let Some(len) = slice.checked_len() else {
        return u64::MAX;
    };
    let sample = len.min(SAMPLE);
    let step = len / sample;
    let counted: u64 = (0..sample).map(|k| internal_moves(slice, k * step)).sum();
    if sample == len {
        counted
    } else {
        ((counted as u128 * len as u128) / sample as u128).min(u64::MAX as u128) as u64
    }
}

/// The moves from position `index` of `slice` that stay within its group (neither capture nor
/// end the game): those the solver keeps as edges.
fn internal_moves(slice: Slice, index: u64) -> u64 {
    let mut n = 0;
    rules::expand_shaped(slice.variant, slice.shape(), &slice.board(index), |_, o| {
        if !value::is_exit(o) {
            n += 1;
        }
    });
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::edges::{EdgeSpill, Place};
    use crate::solve::far_exits::Bounds;
    use crate::solve::{known_values, moves, OneRank, Partition, Silent};
    use crate::{SliceId, Variant};

    fn oware(n: u8) -> Slice {
        Slice {
            variant: Variant::Oware,
            id: SliceId::Seeds(n),
        }
    }

    #[test]
    fn a_small_group_is_counted_exactly_and_a_large_one_estimated_closely() {
        // Under the sample, every position's moves are counted, so the count is the solver's
        // own edge count. Oware slice 3: 3 seeds over 12 pits, C(14, 11) = 364 positions, with
        // slices 0, 1 and 2 held: 1 + 12 + C(13, 11) = 91 positions. Anywoli slice 4 (its
        // totals go by fours; 24 pits): C(27, 23) = 17,550 positions, with slice 0 held: 1
        // position.
        for (variant, seeds, n, smaller) in [
            (Variant::Oware, 3, 364, 91),
            (Variant::Anywoli, 4, 17_550, 1),
        ] {
            let slice = Slice {
                variant,
                id: SliceId::Seeds(seeds),
            };
            let known = known_values(&Slice::up_to(variant, seeds as u32 - 1));
            let need = memory_need(&[slice]);
            assert_eq!(need.positions, n);
            let spill = EdgeSpill::<u32>::new(n as usize, Place::Memory).unwrap();
            moves::build(
                &[slice],
                &known,
                Bounds::of(0),
                Some(&spill),
                &OneRank,
                &Partition::on_first(&[slice], 1),
                &Silent,
            )
            .unwrap();
            let edges = spill.moves();
            assert_eq!(need.moves, edges);
            assert_eq!(need.smaller_positions, smaller);
            let base = 64 << 20;
            if variant == Variant::Oware {
                // Moves un-made: the exits (2 bytes a position) with the smaller slices, then
                // a pass's words (2 bytes), the depths pass's bitmaps (a quarter of a byte) and
                // the level lists (a sixteenth), 728 + 91 + 22 = 841, with the exits (728),
                // the values (364) and the smaller slices in memory; on disk, the exits and the
                // least budget of records of the exits into the smaller slices' files.
                assert_eq!(need.in_memory, base + 91 + 841 + 728 + 364);
                assert_eq!(need.on_disk, base + 728 + (32 << 20));
                // The exits, the values and a state, 5 bytes a position, once the smaller
                // slices' files are gone.
                assert_eq!(need.disk, 5 * 364);
            } else {
                // The predecessors pass: 11 bytes a position, 16 a move.
                assert_eq!(need.in_memory, base + smaller + 11 * n + 16 * edges);
            }
        }

        // Oware slice 10: C(21, 11) = 352,716 positions, estimated from 4,096 of them: within
        // 5% of the edges the solver builds.
        let known = known_values(&Slice::up_to(Variant::Oware, 9));
        let need = memory_need(&[oware(10)]);
        assert_eq!(need.positions, 352_716);
        let spill = EdgeSpill::<u32>::new(oware(10).len() as usize, Place::Memory).unwrap();
        moves::build(
            &[oware(10)],
            &known,
            Bounds::of(0),
            Some(&spill),
            &OneRank,
            &Partition::on_first(&[oware(10)], 1),
            &Silent,
        )
        .unwrap();
        let edges = spill.moves() as f64;
        let error = (need.moves as f64 - edges).abs() / edges;
        assert!(
            error < 0.05,
            "estimated {} moves, built {edges}",
            need.moves
        );
    }

    /// Ranks sharing a group each need their share of what follows its positions and moves,
    /// and all of the smaller slices.
    #[test]
    fn each_rank_needs_its_share_and_every_smaller_slice() {
        // Anywoli slice 12 (24 pits): C(35, 23) = 834,451,800 positions; slices 0, 4 and 8
        // held: 1 + C(27, 23) + C(31, 23) = 7,906,276 positions.
        let slice = Slice {
            variant: Variant::Anywoli,
            id: SliceId::Seeds(12),
        };
        let whole = memory_need(&[slice]);
        let (n, e) = (834_451_800u64, whole.moves);
        assert_eq!((whole.positions, whole.smaller_positions), (n, 7_906_276));
        let base = (64 << 20) + 7_906_276;
        assert_eq!(whole.in_memory, base + 11 * n + 16 * e);
        let three = shared_memory_need(&[slice], 3);
        // The group's figures stay the group's; three ranks hold a third each (rounded up).
        assert_eq!((three.positions, three.moves), (n, e));
        assert_eq!(
            three.in_memory,
            base + 11 * n.div_ceil(3) + 16 * e.div_ceil(3)
        );
        assert!(three.on_disk < whole.on_disk && three.disk < whole.disk / 2);
        assert_eq!(shared_memory_need(&[slice], 1), whole);
    }

    #[test]
    fn groups_too_large_to_index_saturate() {
        // Hawalis with 28 seeds a side: C(55, 27)^2 positions, more than a u64 holds.
        let huge = Slice {
            variant: Variant::Hawalis,
            id: SliceId::Sides(28, 28),
        };
        let need = memory_need(&huge.group());
        assert_eq!(
            (need.in_memory, need.on_disk, need.disk),
            (u64::MAX, u64::MAX, u64::MAX)
        );
    }
}
