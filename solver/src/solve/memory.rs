//! How much memory solving a group takes, known before it starts, so that a solve too large for
//! the machine is refused with the figures instead of being killed by the kernel half-way.
//!
//! The solve of a group holds, at its peak, for each of its `N` positions a [`Node`] (4 bytes),
//! the start of its predecessors (4), a counter and a cursor (4) and, once values and depths are
//! found, those and their copies (6); and for each of its `E` moves that stay in the group
//! (captures and game ends need none) a forward edge and an inverted one (4 + 4). The values of
//! every smaller slice (1 byte a position) are in memory too, since captures reach them, and the
//! program itself with SQLite's cache and the compressed chunks of the group being stored
//! ([`BASE_BYTES`]). So the estimate is `16 N + 8 E + smaller slices + 64 MiB`, an upper bound
//! of the peak resident memory measured (BENCHMARKS.md, "Memory").
//!
//! `E` is not known without generating every move: it is estimated from the moves of an evenly
//! spread sample of the group's positions.
//!
//! [`Node`]: super::graph

use crate::rules;
use crate::slice::Slice;
use crate::value;

/// Bytes per position of the group at the solve's peak (see the module's documentation).
pub const BYTES_PER_POSITION: u64 = 16;
/// Bytes per move that stays in the group (a forward and an inverted edge).
pub const BYTES_PER_MOVE: u64 = 8;
/// Bytes besides the group's and the smaller slices': the program, SQLite's page cache, the
/// compressed chunks of a group being stored.
pub const BASE_BYTES: u64 = 64 << 20;
/// Positions sampled to estimate the moves of a group.
pub const SAMPLE: u64 = 4096;

/// What solving one group needs, estimated before it starts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MemoryNeed {
    /// Positions in the group.
    pub positions: u64,
    /// Moves within the group, estimated from a sample (exact when the group is no larger
    /// than the sample).
    pub moves: u64,
    /// Positions of the smaller slices whose values are held meanwhile (1 byte each).
    pub smaller_positions: u64,
    /// Bytes at the peak: `16 positions + 8 moves + smaller_positions + 64 MiB`.
    pub bytes: u64,
}

/// The memory that solving `group` (one slice, or a four-row slice and its mirror) needs, with
/// the values of every smaller slice of its variant in memory. Saturates instead of overflowing
/// for groups too large to index.
pub fn memory_need(group: &[Slice]) -> MemoryNeed {
    let positions = group
        .iter()
        .map(|s| s.checked_len().unwrap_or(u64::MAX))
        .fold(0u64, u64::saturating_add);
    let moves = group
        .iter()
        .map(|s| estimated_moves(*s))
        .fold(0u64, u64::saturating_add);
    let first = group[0];
    let smaller_positions = Slice::up_to(first.variant, first.id.total())
        .iter()
        .filter(|s| !group.contains(s))
        .filter(|s| s.id.total() < first.id.total())
        .map(|s| s.checked_len().unwrap_or(u64::MAX))
        .fold(0u64, u64::saturating_add);
    let bytes = positions
        .saturating_mul(BYTES_PER_POSITION)
        .saturating_add(moves.saturating_mul(BYTES_PER_MOVE))
        .saturating_add(smaller_positions)
        .saturating_add(BASE_BYTES);
    MemoryNeed {
        positions,
        moves,
        smaller_positions,
        bytes,
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
    rules::expand(slice.variant, &slice.board(index), |_, o| {
        if !value::is_exit(o) {
            n += 1;
        }
    });
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{graph, solve_all, KnownValues, Silent};
    use crate::{SliceId, Variant};

    fn oware(n: u8) -> Slice {
        Slice {
            variant: Variant::Oware,
            id: SliceId::Seeds(n),
        }
    }

    #[test]
    fn a_small_group_is_counted_exactly_and_a_large_one_estimated_closely() {
        // Oware slice 3: 3 seeds over 12 pits, C(14, 11) = 364 positions, under the sample:
        // every position's moves are counted, so the count is the solver's own edge count.
        let mut known = KnownValues::new();
        let below = |n| Slice::up_to(Variant::Oware, n);
        solve_all(&below(2), &mut known, &Silent, |_| Ok(())).unwrap();
        let need = memory_need(&[oware(3)]);
        assert_eq!(need.positions, 364);
        let edges = graph::build(&[oware(3)], &known, &Silent)
            .unwrap()
            .preds
            .len() as u64;
        assert_eq!(need.moves, edges);
        // Slices 0, 1 and 2 are held: 1 + 12 + C(13, 11) = 1 + 12 + 78 = 91 positions.
        assert_eq!(need.smaller_positions, 1 + 12 + 78);
        assert_eq!(need.bytes, 16 * 364 + 8 * edges + 91 + (64 << 20));

        // Oware slice 10: C(21, 11) = 352,716 positions, estimated from 4,096 of them: within
        // 5% of the edges the solver builds.
        solve_all(&below(9), &mut known, &Silent, |_| Ok(())).unwrap();
        let need = memory_need(&[oware(10)]);
        assert_eq!(need.positions, 352_716);
        let edges = graph::build(&[oware(10)], &known, &Silent)
            .unwrap()
            .preds
            .len() as f64;
        let error = (need.moves as f64 - edges).abs() / edges;
        assert!(
            error < 0.05,
            "estimated {} moves, built {edges}",
            need.moves
        );
    }

    #[test]
    fn groups_too_large_to_index_saturate() {
        // Hawalis with 28 seeds a side: C(55, 27)^2 positions, more than a u64 holds.
        let huge = Slice {
            variant: Variant::Hawalis,
            id: SliceId::Sides(28, 28),
        };
        assert_eq!(memory_need(&huge.group()).bytes, u64::MAX);
    }
}
