//! The retrograde solver: every position of a group of slices gets its value and depth
//! (docs/rules.md#values-and-depths), given the values of all smaller slices.
//!
//! A group is solved in three passes (docs/design.md): [`graph`] lists every position's moves,
//! keeping the moves that stay in the group as edges and folding the others (captures, ends) into
//! one best exit value; [`values`] runs a retrograde analysis per threshold over the inverted
//! edges; [`depths`] runs a second retrograde over value-keeping edges only. Memory per position:
//! about 8 bytes of per-position state plus 4 bytes per in-group move, twice during the graph
//! build.

mod depths;
mod graph;
mod memory;
mod values;

pub use memory::{memory_need, MemoryNeed};

use std::collections::HashMap;
use std::sync::Arc;

use crate::slice::{Slice, SliceId};
use crate::Variant;

/// A depth that is not set (the value is that of endless play).
pub const NO_DEPTH: u16 = u16::MAX;

/// The solved values and depths of one slice, indexed like the slice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolvedSlice {
    /// Which slice.
    pub slice: Slice,
    /// Value of every position, from the side to move.
    pub values: Vec<i8>,
    /// Depth of every position; [`NO_DEPTH`] where the value is 0.
    pub depths: Vec<u16>,
}

impl SolvedSlice {
    /// How many positions have each value, lowest value first.
    pub fn histogram(&self) -> Vec<(i8, u64)> {
        let mut counts = [0u64; 256];
        for &v in &self.values {
            counts[(v as i16 + 128) as usize] += 1;
        }
        (0..256)
            .filter(|&i| counts[i] > 0)
            .map(|i| ((i as i16 - 128) as i8, counts[i]))
            .collect()
    }
}

/// The values of slices solved already, which the exits of a group look up.
#[derive(Default)]
pub struct KnownValues {
    slices: HashMap<SliceId, Arc<[i8]>>,
}

impl KnownValues {
    /// Nothing known yet.
    pub fn new() -> KnownValues {
        KnownValues::default()
    }

    /// Records a solved slice's values.
    pub fn insert(&mut self, id: SliceId, values: Arc<[i8]>) {
        self.slices.insert(id, values);
    }

    /// Whether a slice's values are known.
    pub fn contains(&self, id: SliceId) -> bool {
        self.slices.contains_key(&id)
    }

    fn get(&self, id: SliceId) -> Option<&[i8]> {
        self.slices.get(&id).map(|v| &v[..])
    }

    /// The value of `board` (seen from the side to move) when its slice is known: the leaf
    /// callback of [`crate::search`] over an in-memory tablebase.
    #[inline]
    pub fn value(&self, variant: Variant, board: &crate::Board) -> Option<i8> {
        let slice = Slice::of(variant, board);
        self.get(slice.id).map(|v| v[slice.index(board) as usize])
    }
}

/// Told how a long solve is going; the CLI draws a progress bar from it.
pub trait Progress: Sync {
    /// A new pass over `total` positions begins.
    fn pass(&self, name: &str, total: u64);
    /// `n` more positions of the current pass are done.
    fn advance(&self, n: u64);
}

/// Progress that goes nowhere.
pub struct Silent;

impl Progress for Silent {
    fn pass(&self, _: &str, _: u64) {}
    fn advance(&self, _: u64) {}
}

/// Why a group could not be solved.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    /// A capture leads to a slice that has not been solved.
    #[error("{variant} slice {needed} must be solved before slice {slice}")]
    MissingSlice {
        /// The variant.
        variant: Variant,
        /// The slice being solved.
        slice: SliceId,
        /// The smaller slice it needs.
        needed: SliceId,
    },
    /// The group has more positions or moves than the solver's 32-bit indices hold.
    #[error("{variant} slice {slice} is too large to solve: {what}")]
    TooLarge {
        /// The variant.
        variant: Variant,
        /// The slice.
        slice: SliceId,
        /// What overflowed.
        what: String,
    },
}

/// Solves one group (a slice, or a four-row slice with its mirror); `known` must hold every
/// smaller slice that a capture can reach. Returns the group's slices in `group` order.
pub fn solve_group(
    group: &[Slice],
    known: &KnownValues,
    progress: &dyn Progress,
) -> Result<Vec<SolvedSlice>, SolveError> {
    let g = graph::build(group, known, progress)?;
    let values = values::retrograde(&g, progress);
    let depths = depths::retrograde(group[0], &g, &values, progress)?;
    let mut out = Vec::with_capacity(group.len());
    let mut start = 0usize;
    for slice in group {
        let end = start + slice.len() as usize;
        out.push(SolvedSlice {
            slice: *slice,
            values: values[start..end].to_vec(),
            depths: depths[start..end].to_vec(),
        });
        start = end;
    }
    Ok(out)
}

/// Solves every slice in `slices` (in the order of [`Slice::up_to`]) that `known` lacks, calling
/// `done` after each group with its solved slices. Slices already in `known` are skipped, which
/// is how an interrupted solve resumes.
pub fn solve_all(
    slices: &[Slice],
    known: &mut KnownValues,
    progress: &dyn Progress,
    mut done: impl FnMut(&[SolvedSlice]) -> Result<(), Box<dyn std::error::Error + Send + Sync>>,
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    for slice in slices {
        if known.contains(slice.id) {
            continue;
        }
        let group = slice.group();
        let solved = solve_group(&group, known, progress)?;
        done(&solved)?;
        for s in &solved {
            known.insert(s.slice.id, s.values.clone().into());
        }
    }
    Ok(())
}
