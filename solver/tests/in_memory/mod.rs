//! A variant solved in memory, group after group, for the tests and benchmarks that need every
//! value of its small slices without a database: [`solve_group`] (the solver's in-memory solve
//! of one group, the reference of the tests) in a loop, smallest group first. The solver's tests
//! and benchmarks use it as `mod in_memory;`; those of `db` and `puzzles` include this file by
//! its path.

// Each test crate uses what it needs of this module.
#![allow(dead_code)]

use mancala_solver::solve::{
    solve_group, solve_share, KnownValues, OneRank, Partition, Progress, Silent, SolveOptions,
    SolvedSlice,
};
use mancala_solver::{Slice, Variant};

/// Solves every slice of `slices` (in the order of [`Slice::up_to`]) that `known` lacks, a group
/// at a time, hands each group's solved slices to `done`, and keeps their values in `known` for
/// the exits of the groups after. Slices already in `known` are skipped.
pub fn solve_slices(
    slices: &[Slice],
    known: &mut KnownValues,
    progress: &dyn Progress,
    done: impl FnMut(&[SolvedSlice]),
) {
    solve_slices_numbered_from(0, slices, known, progress, done)
}

/// [`solve_slices`] with every group's positions numbered from `first` (the solver numbers a
/// group in 64 bits once its numbering passes 2^32: the solve bench's `--wide` measures what
/// that costs on groups that fit).
pub fn solve_slices_numbered_from(
    first: usize,
    slices: &[Slice],
    known: &mut KnownValues,
    progress: &dyn Progress,
    mut done: impl FnMut(&[SolvedSlice]),
) {
    for slice in slices {
        if known.contains(slice.id) {
            continue; // solved with its mirror
        }
        let group = slice.group();
        let solved = match first {
            0 => solve_group(&group, known, progress),
            _ => {
                let numbering = Partition::on_first(&group, 1).numbered_from(first);
                let options = SolveOptions::default();
                solve_share(&group, known, progress, &OneRank, &numbering, &options)
                    .and_then(|share| share.into_share())
                    .map(|share| share.into_slices().expect("one rank holds the whole group"))
            }
        }
        .expect("a small group solves");
        done(&solved);
        for s in solved {
            known.insert(s.slice.id, s.values);
        }
    }
}

/// The values of every slice of `variant` up to `max` seeds on the board.
pub fn known_up_to(variant: Variant, max: u32) -> KnownValues {
    let mut known = KnownValues::new();
    solve_slices(&Slice::up_to(variant, max), &mut known, &Silent, |_| {});
    known
}

/// The values and depths of every slice of `variant` up to `max` seeds, in solving order.
pub fn solved_up_to(variant: Variant, max: u32) -> Vec<SolvedSlice> {
    let mut all = Vec::new();
    solve_slices(
        &Slice::up_to(variant, max),
        &mut KnownValues::new(),
        &Silent,
        |s| all.extend_from_slice(s),
    );
    all
}
