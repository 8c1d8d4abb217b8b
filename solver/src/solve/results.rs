//! A rank's share of a solved group as the solve leaves it: the depths in memory, the values
//! in memory or, for a group solved with its moves on disk, in its work directory
//! ([`super::columns`]). The store reads them a chunk at a time ([`ShareResults::map_chunks`]),
//! giving back the depths' memory as it goes, so that a group's values and depths are never all
//! in memory at once: three bytes a position, more than the retrograde's peak.

use std::ops::Range;

use rayon::prelude::*;

use super::columns::ValuesAt;
use super::{SolveError, SolvedPart, SolvedShare};
use crate::cache;
use crate::Slice;

/// Chunks handed to the store's function at a time, on every core; their depths' memory is
/// given back after each batch.
const BATCH: usize = 64;

/// One slice's run of positions in a share.
#[derive(Clone, Copy, Debug)]
struct Run {
    slice: Slice,
    /// The slice's index of the run's first position.
    first: u64,
    /// Where the run starts among the share's positions (from 0).
    offset: usize,
    len: usize,
}

/// A rank's share of a solved group: every position's value and depth, slice by slice.
pub struct ShareResults {
    share: Range<usize>,
    runs: Vec<Run>,
    /// The depths of the share's positions, from its first.
    depths: Vec<u16>,
    values: ValuesAt,
}

/// The values of a share, once its depths are stored ([`ShareResults::map_chunks`]).
pub struct ShareValues {
    runs: Vec<Run>,
    values: ValuesAt,
}

impl ShareResults {
    /// The results of the share `share`, made of runs of `(slice, first index, length)` one
    /// after the other, with its depths and values from its first position.
    pub(super) fn new(
        share: Range<usize>,
        runs: impl IntoIterator<Item = (Slice, u64, usize)>,
        depths: Vec<u16>,
        values: ValuesAt,
    ) -> ShareResults {
        let mut offset = 0;
        let runs = runs
            .into_iter()
            .map(|(slice, first, len)| {
                let run = Run {
                    slice,
                    first,
                    offset,
                    len,
                };
                offset += len;
                run
            })
            .collect();
        debug_assert_eq!(offset, depths.len());
        ShareResults {
            share,
            runs,
            depths,
            values,
        }
    }

    /// The results of a share held whole (a test's, or one made up).
    pub fn from_share(share: SolvedShare) -> ShareResults {
        let runs: Vec<_> = share
            .parts
            .iter()
            .map(|p| (p.slice, p.first, p.values.len()))
            .collect();
        let (mut values, mut depths) = (Vec::new(), Vec::new());
        for part in share.parts {
            values.extend(part.values);
            depths.extend(part.depths);
        }
        ShareResults::new(share.share, runs, depths, ValuesAt::memory(values))
    }

    /// The group positions of the share.
    pub fn share(&self) -> Range<usize> {
        self.share.clone()
    }

    /// Each slice of the group with the share's run of it: the slice's index of its first
    /// position and how many (none where the share holds none of the slice), in group order.
    pub fn slices(&self) -> Vec<(Slice, u64, usize)> {
        self.runs
            .iter()
            .map(|r| (r.slice, r.first, r.len))
            .collect()
    }

    /// Calls `each` on every core with the values and depths of each run of at most `chunk`
    /// positions of the share's slices that starts at a multiple of `chunk` in its slice (the
    /// share's runs start at one): the run's slice (its place in the group), the slice's index
    /// of its first position, its values and its depths. The depths' memory is given back as
    /// they are handed over. Returns what `each` made, slice by slice in index order, and the
    /// share's values.
    pub fn map_chunks<T: Send>(
        mut self,
        chunk: u64,
        each: impl Fn(usize, u64, &[i8], &[u16]) -> T + Sync,
    ) -> Result<(Vec<Vec<T>>, ShareValues), SolveError> {
        let mut made = Vec::with_capacity(self.runs.len());
        for (k, run) in self.runs.iter().enumerate() {
            debug_assert!(run.len == 0 || run.first % chunk == 0);
            let starts: Vec<usize> = (0..run.len).step_by(chunk as usize).collect();
            let mut out = Vec::with_capacity(starts.len());
            for batch in starts.chunks(BATCH) {
                let end = (batch[batch.len() - 1] + chunk as usize).min(run.len);
                let depths = &mut self.depths[run.offset + batch[0]..run.offset + end];
                let first = run.offset + batch[0];
                let values = &self.values;
                let depths_read: &[u16] = depths;
                let part: Vec<Result<T, SolveError>> = batch
                    .par_iter()
                    .map(|&start| {
                        let to = (start + chunk as usize).min(run.len);
                        let range = run.offset + start..run.offset + to;
                        let depths = &depths_read[range.start - first..range.end - first];
                        values.read(range, |[values]| {
                            each(
                                k,
                                run.first + start as u64,
                                super::bytes::as_i8(values),
                                depths,
                            )
                        })
                    })
                    .collect();
                for r in part {
                    out.push(r?);
                }
                cache::release(depths);
            }
            made.push(out);
        }
        Ok((
            made,
            ShareValues {
                runs: self.runs,
                values: self.values,
            },
        ))
    }

    /// The share held whole: its values and depths, slice by slice.
    pub fn into_share(self) -> Result<SolvedShare, SolveError> {
        let ShareResults {
            share,
            runs,
            depths,
            values,
        } = self;
        let lens: Vec<usize> = runs.iter().map(|r| r.len).collect();
        let depths = super::state::split_runs(depths, &lens);
        let values = values.into_runs(&lens)?;
        Ok(SolvedShare {
            share,
            parts: runs
                .into_iter()
                .zip(values)
                .zip(depths)
                .map(|((run, values), depths)| SolvedPart {
                    slice: run.slice,
                    first: run.first,
                    values,
                    depths,
                })
                .collect(),
        })
    }
}

impl ShareValues {
    /// The values of the share's run of each slice of the group, in group order.
    pub fn into_runs(self) -> Result<Vec<(Slice, Vec<i8>)>, SolveError> {
        let lens: Vec<usize> = self.runs.iter().map(|r| r.len).collect();
        let values = self.values.into_runs(&lens)?;
        Ok(self.runs.iter().map(|r| r.slice).zip(values).collect())
    }
}
