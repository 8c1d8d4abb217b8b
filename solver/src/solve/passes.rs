//! The retrograde's passes, one after the other: every position's value, and its depth where
//! it fits the values pass's words ([`super::values_pass`]: every game measured here), then,
//! only if some depth does not, every position's depth, the values known
//! ([`super::depths_pass`]); each pass over the thresholds from the largest down, with a
//! checkpoint after a threshold when one is due and after the values pass.
//!
//! Each pass holds two bytes a position (its words), and the depths pass two bitmaps of a
//! threshold's positions (a quarter of a byte); the values wait in the work directory, or in
//! memory without one, and become the results with the depths, which take the words' own
//! memory. Solving values and depths in one pass of 32-bit words took four bytes a position:
//! the value, the depth and, while undecided, the move counter and the best exit, all at once.

use std::io;

use super::bytes::as_u8;
use super::checkpoint::WorkDir;
use super::columns::{ExitsAt, ValuesAt};
use super::depths_pass::{self, Depths};
use super::group_index::GroupIndex;
use super::predecessors::Predecessors;
use super::ranks::{Partition, Ranks};
use super::retrograde;
use super::state::Work;
use super::values_pass::{self, Values};
use super::{Limits, Progress, SolveError};
use crate::Slice;
use std::io::Write;

/// What both passes share: the group, the share's exits and predecessors, the ranks.
pub(super) struct Passes<'a, I: GroupIndex> {
    /// The group's first slice (named in errors).
    pub slice: Slice,
    pub exits: &'a ExitsAt,
    pub preds: &'a Predecessors<I>,
    pub limits: Limits,
    pub ranks: &'a dyn Ranks,
    pub partition: &'a Partition,
    pub progress: &'a dyn Progress,
}

impl<I: GroupIndex> Passes<'_, I> {
    /// The values of the share's positions: the values pass from its start, or resumed from
    /// its words after a threshold; saved in the work directory, when there is one, and read
    /// back from there. With them the depths, unless some are deeper than the values pass's
    /// words hold ([`values_pass`]), in which case the depths pass finds them.
    pub fn values(
        &self,
        resumed: Option<(Work, i8)>,
        dir: &mut Option<WorkDir>,
    ) -> Result<(ValuesAt, Option<Vec<u16>>), SolveError> {
        let share = self.partition.share(self.ranks.rank());
        let (work, done_above) = match resumed {
            Some((work, t)) => (work, Some(t)),
            None => (
                values_pass::start(self.exits, share.start, share.len())?,
                None,
            ),
        };
        self.progress.pass("values", share.len() as u64);
        self.progress.advance(work.count(values_pass::decided_word));
        for t in values_pass::thresholds(&work, self.exits, self.ranks)? {
            if done_above.is_some_and(|done| t >= done) {
                continue;
            }
            let rule = Values {
                work: &work,
                exits: self.exits,
                t,
                shallow: self.limits.shallow,
            };
            self.threshold(&rule)?;
            self.checkpoint(dir, |d| d.after_values_threshold(&work, t))?;
        }
        self.progress
            .advance(work.count(|w| !values_pass::decided_word(w)));
        // Every rank finds its depths in the same pass.
        let mut deep = [values_pass::deep(&work) as u64];
        self.ranks.max(&mut deep);
        if deep[0] > 0 {
            let values = work.into_map(values_pass::final_value);
            let values = match dir {
                Some(d) => {
                    d.save_values(|out| out.write_all(as_u8(&values)))
                        .map_err(|e| work_error(d, e))?;
                    ValuesAt::file(&d.path().join("values.bin"), share.len())?
                }
                None => ValuesAt::memory(values),
            };
            return Ok((values, None));
        }
        // The values, written out or held; then the words become the depths where they are.
        let values = match dir {
            Some(d) => {
                d.save_values(|out| work.write_bytes(out, |w| values_pass::final_value(w) as u8))
                    .map_err(|e| work_error(d, e))?;
                ValuesAt::file(&d.path().join("values.bin"), share.len())?
            }
            None => ValuesAt::memory(work.map(values_pass::final_value)),
        };
        let depths = work.into_words(|w| values_pass::final_depth(w).expect("not deep"));
        Ok((values, Some(depths)))
    }

    /// The depths pass over the share whose positions are worth `values`, from its start or
    /// resumed from its words after a threshold: the words, each a depth or not one
    /// ([`depths_pass::final_depth`]).
    pub fn depths(
        &self,
        values: &ValuesAt,
        resumed: Option<(Work, i8)>,
        dir: &mut Option<WorkDir>,
    ) -> Result<Work, SolveError> {
        let share = self.partition.share(self.ranks.rank());
        let (work, done_above) = match resumed {
            Some((work, t)) => (work, Some(t)),
            None => (
                depths_pass::start(values, self.exits, share.start, share.len())?,
                None,
            ),
        };
        self.progress.pass("depths", share.len() as u64);
        self.progress.advance(work.count(depths_pass::decided_word));
        for t in depths_pass::thresholds(&work, self.ranks)? {
            if done_above.is_some_and(|done| t >= done) {
                continue;
            }
            let rule = Depths::new(&work, self.exits, t);
            self.threshold(&rule)?;
            self.checkpoint(dir, |d| d.after_depths_threshold(&work, t))?;
        }
        self.progress
            .advance(work.count(|w| !depths_pass::decided_word(w)));
        Ok(work)
    }

    fn threshold(&self, rule: &impl retrograde::Rule) -> Result<(), SolveError> {
        retrograde::threshold(
            self.slice,
            rule,
            self.preds,
            self.limits.cap,
            self.ranks,
            self.partition,
            self.progress,
        )
    }

    /// Saves a checkpoint with `save` when one is due on any rank: every rank checkpoints the
    /// same thresholds.
    fn checkpoint(
        &self,
        dir: &mut Option<WorkDir>,
        save: impl FnOnce(&mut WorkDir) -> io::Result<()>,
    ) -> Result<(), SolveError> {
        let Some(d) = dir else {
            return Ok(());
        };
        let mut due = [d.due() as u64];
        self.ranks.max(&mut due);
        match due[0] > 0 {
            true => save(d).map_err(|e| work_error(d, e)),
            false => Ok(()),
        }
    }
}

fn work_error(dir: &WorkDir, source: io::Error) -> SolveError {
    SolveError::Work {
        dir: dir.path().to_path_buf(),
        source,
    }
}
