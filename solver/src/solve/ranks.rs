//! The processes a group's solve is shared by, and which positions each one holds.
//!
//! A distributed solve (docs/distributed.md) splits a group's index space into contiguous
//! shares, one per rank: each rank holds the working state of its share only, generates the
//! moves of its share's positions and propagates the values its share decides. What one rank
//! learns about a position another rank holds (a move into it, a value that decides it) travels
//! in batched collective rounds through [`Ranks::exchange`]. The single-process solve is the
//! one-rank case: [`OneRank`] holds the whole group, and nothing is ever sent.
//!
//! The solver knows ranks only through this trait, so it needs no MPI: the `mancala` binary
//! built with the `mpi` feature implements it over MPI's collectives.

use std::ops::Range;

use crate::slice::Slice;

/// The ranks of a solve, as one of them sees them. Every method but [`Ranks::rank`] and
/// [`Ranks::size`] is collective: every rank calls it, in the same order, or the solve hangs.
pub trait Ranks {
    /// This rank, from 0.
    fn rank(&self) -> usize;
    /// How many ranks share the solve.
    fn size(&self) -> usize;
    /// Sends `out[r]` to rank `r` for every other rank (`out` has [`Ranks::size`] lists; this
    /// rank's own is empty) and returns what the others sent to this one, in rank order. Takes
    /// `out` so as to free it before what comes in is allocated.
    fn exchange(&self, out: Vec<Vec<u32>>) -> Vec<u32>;
    /// [`Ranks::exchange`] of 64-bit words: the moves pass's `(child, parent)` records of a
    /// group numbered in 32 bits, and the positions and records of one numbered in 64
    /// ([`super::group_index`]).
    fn exchange_wide(&self, out: Vec<Vec<u64>>) -> Vec<u64>;
    /// Replaces each of `values` by its sum over the ranks.
    fn sum(&self, values: &mut [u64]);
    /// Replaces each of `values` by its largest over the ranks.
    fn max(&self, values: &mut [u64]);
    /// Gives every rank rank 0's `bytes`.
    fn broadcast(&self, bytes: &mut Vec<u8>);
    /// Hands rank 0 every rank's `bytes`, one rank's at a time in rank order (its own first),
    /// so that it never holds them all; on the other ranks `each` is not called.
    fn gather(&self, bytes: &[u8], each: &mut dyn FnMut(Vec<u8>));
}

/// The single-process solve: one rank holding the whole group.
pub struct OneRank;

impl Ranks for OneRank {
    fn rank(&self) -> usize {
        0
    }

    fn size(&self) -> usize {
        1
    }

    fn exchange(&self, _: Vec<Vec<u32>>) -> Vec<u32> {
        Vec::new()
    }

    fn exchange_wide(&self, _: Vec<Vec<u64>>) -> Vec<u64> {
        Vec::new()
    }

    fn sum(&self, _: &mut [u64]) {}

    fn max(&self, _: &mut [u64]) {}

    fn broadcast(&self, _: &mut Vec<u8>) {}

    fn gather(&self, bytes: &[u8], each: &mut dyn FnMut(Vec<u8>)) {
        each(bytes.to_vec())
    }
}

/// Which positions of a group each rank holds: contiguous shares of the group's index space
/// (its slices one after the other), each made of whole runs of `align` positions of one slice,
/// so that a rank can encode the database chunks of its share by itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partition {
    /// Where each rank's share starts, and the group's length last.
    bounds: Vec<usize>,
}

impl Partition {
    /// The group split over `size` ranks in runs of `align` positions of a slice, the runs
    /// dealt out as evenly as they go (a rank may hold none in a group smaller than the ranks).
    pub fn new(group: &[Slice], size: usize, align: u64) -> Partition {
        assert!(size > 0 && align > 0);
        // The runs are counted, not listed: a list would hold one entry per `align` positions.
        let runs: Vec<u64> = group.iter().map(|s| s.len().div_ceil(align)).collect();
        let total: u64 = runs.iter().sum();
        let end: u64 = group.iter().map(Slice::len).sum();
        // Where run number `run` of the group starts (the group's end past the last).
        let start = |mut run: u64| {
            let mut offset = 0;
            for (slice, &n) in group.iter().zip(&runs) {
                if run < n {
                    return (offset + run * align) as usize;
                }
                run -= n;
                offset += slice.len();
            }
            end as usize
        };
        let bounds = (0..size as u64)
            .map(|r| start(r * total / size as u64))
            .chain([end as usize])
            .collect();
        Partition { bounds }
    }

    /// The whole group on rank 0 (a group the ranks do not share: Kalah's, solved without the
    /// retrograde).
    pub fn on_first(group: &[Slice], size: usize) -> Partition {
        let n: u64 = group.iter().map(Slice::len).sum();
        let mut bounds = vec![n as usize; size + 1];
        bounds[0] = 0;
        Partition { bounds }
    }

    /// The same shares with the group's positions numbered from `first` instead of 0: a small
    /// group numbered past 2^32 takes every path of the solver's 64-bit numbering
    /// ([`super::group_index`]) without the memory of a group that large, which is how the tests
    /// cover those paths. Its solved parts are numbered as the slices number them, as ever.
    pub fn numbered_from(self, first: usize) -> Partition {
        Partition {
            bounds: self.bounds.iter().map(|b| b + first).collect(),
        }
    }

    /// The number of the group's first position (0 but for [`Partition::numbered_from`]).
    pub fn first(&self) -> usize {
        self.bounds[0]
    }

    /// The number past the group's last position.
    pub fn end(&self) -> usize {
        self.bounds[self.bounds.len() - 1]
    }

    /// The positions `rank` holds.
    pub fn share(&self, rank: usize) -> Range<usize> {
        self.bounds[rank]..self.bounds[rank + 1]
    }

    /// The most positions a rank holds.
    pub fn largest_share(&self) -> usize {
        self.bounds
            .windows(2)
            .map(|w| w[1] - w[0])
            .max()
            .unwrap_or(0)
    }

    /// The rank that holds position `i`.
    #[inline]
    pub fn owner(&self, i: usize) -> usize {
        self.bounds[1..].partition_point(|&end| end <= i)
    }

    /// How many ranks there are.
    pub fn ranks(&self) -> usize {
        self.bounds.len() - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{SliceId, Variant};

    /// Shares cover the group without overlap, start on runs of `align` within a slice, and
    /// every position's owner is the rank whose share holds it.
    #[test]
    fn shares_tile_the_group_on_run_boundaries() {
        let hawalis = |m, o| Slice {
            variant: Variant::Hawalis,
            id: SliceId::Sides(m, o),
        };
        let group = [hawalis(3, 2), hawalis(2, 3)];
        let lens: Vec<usize> = group.iter().map(|s| s.len() as usize).collect();
        let n = lens[0] + lens[1];
        for size in 1..=5 {
            let p = Partition::new(&group, size, 100);
            assert_eq!(p.ranks(), size);
            let mut next = 0;
            for r in 0..size {
                let share = p.share(r);
                assert_eq!(share.start, next);
                // A share starts at a run of its slice: a multiple of 100 into it.
                let into = match share.start < lens[0] {
                    true => share.start,
                    false => share.start - lens[0],
                };
                assert!(share.is_empty() || into % 100 == 0, "{size}: {share:?}");
                for i in share.clone() {
                    assert_eq!(p.owner(i), r);
                }
                next = share.end;
            }
            assert_eq!(next, n);
            // Runs are dealt evenly: no share is more than one run above another.
            let min = (0..size).map(|r| p.share(r).len()).min().unwrap();
            assert!(p.largest_share() <= min + 200, "{size}: {p:?}");
        }
        // Fewer runs (two slices of one run each) than ranks: a rank holds nothing.
        let p = Partition::new(&group, 3, n as u64);
        assert_eq!(
            (p.share(0), p.share(1), p.share(2)),
            (0..0, 0..lens[0], lens[0]..n)
        );
        assert_eq!(p.owner(0), 1);
        let p = Partition::on_first(&group, 3);
        assert_eq!((p.share(0), p.share(1), p.share(2)), (0..n, n..n, n..n));
    }
}
