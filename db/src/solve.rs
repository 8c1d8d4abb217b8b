//! Solving a variant into the database: every missing slice up to a number of seeds, smallest
//! first, each group stored in one transaction as soon as it is solved.
//!
//! This is the one place that drives the solver against a tablebase: `mancala solve`, the first
//! `mancala serve`, the tests and the benchmarks all come through [`Tablebase::solve_up_to`] (or
//! [`Tablebase::plan_solve`] and [`SolvePlan::run`] when they want to say what is to be done
//! before doing it). Slices already stored under the current rules are read back instead of
//! being solved again, which is how a stopped solve resumes: it loses at most the group it was
//! working on.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use mancala_solver::solve::{
    clear_work, exit_slices, shared_memory_need, solve_group_with, KnownValues, Progress, Silent,
    SolveError, SolveOptions, SolvedSlice,
};
use mancala_solver::{Slice, Variant};
use thiserror::Error;

use crate::{DbError, Tablebase};

/// Told how a solve into the database is going: the solver's passes through [`Progress`], and
/// each group when the solver starts on it and once it is stored. The command line draws its
/// progress bars and per-group lines from it; `db` itself draws nothing.
pub trait SolveProgress: Progress {
    /// The solver starts on `group`: one slice, or a four-row slice and its mirror.
    fn group_started(&self, _group: &[Slice]) {}

    /// `group` is solved and stored. `solved` holds its values and depths, for a caller that
    /// keeps the tables in memory as well (the tests that check the tablebase against them);
    /// it is empty in a distributed solve, where no rank holds them all.
    fn group_stored(&self, _group: &SolvedGroup, _solved: &[SolvedSlice]) {}
}

/// Nothing to show: the solve of a test or a benchmark.
impl SolveProgress for Silent {}

/// One group of slices solved and stored by [`SolvePlan::run`].
#[derive(Clone, Debug, PartialEq)]
pub struct SolvedGroup {
    /// Its slices, in solving order (never empty).
    pub slices: Vec<Slice>,
    /// Positions in all of them.
    pub positions: u64,
    /// Seconds the solver took (storing not counted), as recorded with the slices.
    pub seconds: f64,
    /// Positions won for the side to move (value above 0).
    pub wins: u64,
    /// Positions drawn for the side to move (value 0).
    pub draws: u64,
    /// Positions lost for the side to move (value below 0).
    pub losses: u64,
}

impl SolvedGroup {
    /// The variant its slices belong to.
    pub fn variant(&self) -> Variant {
        self.slices[0].variant
    }

    /// The summary of a group the solver has just given back, with each slice's histogram.
    fn new(solved: &[SolvedSlice], histograms: &[Vec<(i8, u64)>], seconds: f64) -> SolvedGroup {
        SolvedGroup::counted(
            solved.iter().map(|s| s.slice).collect(),
            histograms,
            seconds,
        )
    }

    /// The summary of a group of `slices` from each slice's histogram.
    pub(crate) fn counted(
        slices: Vec<Slice>,
        histograms: &[Vec<(i8, u64)>],
        seconds: f64,
    ) -> SolvedGroup {
        let (mut wins, mut draws, mut losses) = (0, 0, 0);
        for &(value, n) in histograms.iter().flatten() {
            match value {
                1.. => wins += n,
                0 => draws += n,
                ..=-1 => losses += n,
            }
        }
        SolvedGroup {
            positions: slices.iter().map(Slice::len).sum(),
            slices,
            seconds,
            wins,
            draws,
            losses,
        }
    }
}

/// Why a solve into the database stopped. Every group stored before it stays stored.
#[derive(Debug, Error)]
pub enum SolveUpToError {
    /// The database could not be read (the list of stored slices) or written (a solved group).
    #[error(transparent)]
    Db(#[from] DbError),
    /// A slice already stored could not be read back for the exits of a larger one (a damaged
    /// chunk: `mancala db verify --delete-damaged` has it solved again).
    #[error("reading back {slice} to resume")]
    Resume {
        /// The stored slice.
        slice: Slice,
        /// Why it could not be read.
        #[source]
        source: DbError,
    },
    /// The solver refused a group (too large for its indices), or could not use its work
    /// directory.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// A group's work directory could not be removed once the group was stored.
    #[error("removing the work directory of a stored group in {dir}")]
    ClearWork {
        /// The work directory.
        dir: PathBuf,
        /// What went wrong.
        #[source]
        source: std::io::Error,
    },
}

/// Where a group's moves are kept while it is solved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MovesPlace {
    /// In memory when the group's estimate fits the memory limit, else on disk.
    #[default]
    Auto,
    /// Always in memory (fastest; no checkpoints).
    Memory,
    /// Always on disk, with checkpoints.
    Disk,
}

/// How [`SolvePlan::run`] solves each group.
#[derive(Clone, Debug)]
pub struct SolveSetup {
    /// Where the moves go.
    pub moves: MovesPlace,
    /// The memory a group may take (for [`MovesPlace::Auto`]); `None`: no limit, in memory.
    pub memory_limit: Option<u64>,
    /// The directory of the groups solved with their moves on disk (one directory a group,
    /// removed once it is stored); a solve started again resumes from its checkpoints.
    pub work_dir: PathBuf,
    /// The least time between two checkpoints.
    pub checkpoint_every: Duration,
}

impl SolveSetup {
    /// Moves in memory, whatever their size: the solve of the tests and of the first serve.
    pub fn in_memory() -> SolveSetup {
        SolveSetup {
            moves: MovesPlace::Memory,
            memory_limit: None,
            work_dir: PathBuf::new(),
            checkpoint_every: Duration::from_secs(300),
        }
    }

    /// The solver's options for `group`.
    fn options(&self, group: &[Slice]) -> SolveOptions {
        self.shared_options(group, 1)
    }

    /// The solver's options for `group` shared by `ranks` ranks, `memory_limit` being each
    /// rank's ([`shared_memory_need`]).
    pub(crate) fn shared_options(&self, group: &[Slice], ranks: usize) -> SolveOptions {
        let on_disk = match self.moves {
            MovesPlace::Memory => false,
            MovesPlace::Disk => true,
            MovesPlace::Auto => self
                .memory_limit
                .is_some_and(|limit| shared_memory_need(group, ranks as u64).moves_on_disk(limit)),
        };
        SolveOptions {
            work_dir: on_disk.then(|| self.work_dir.clone()),
            checkpoint_every: self.checkpoint_every,
        }
    }
}

/// What solving a variant up to a number of seeds has left to do: the values of the slices
/// stored already (read back, for the missing ones to look up) and the slices missing. Made by
/// [`Tablebase::plan_solve`], carried out by [`SolvePlan::run`].
pub struct SolvePlan<'tb> {
    tb: &'tb Tablebase,
    variant: Variant,
    max_seeds: u32,
    slices: usize,
    known: KnownValues,
    missing: Vec<Slice>,
    setup: SolveSetup,
}

impl Tablebase {
    /// Reads back every slice of `variant` up to `max_seeds` seeds on the board (four-row: both
    /// sides together) that is stored under the current rules, and lists the others, which
    /// [`SolvePlan::run`] then solves.
    pub fn plan_solve(
        &self,
        variant: Variant,
        max_seeds: u32,
    ) -> Result<SolvePlan<'_>, SolveUpToError> {
        let slices = Slice::up_to(variant, max_seeds);
        let stored = self.current_slices(variant)?;
        let missing = slices
            .iter()
            .filter(|s| !stored.contains(&s.id))
            .copied()
            .collect();
        Ok(SolvePlan {
            tb: self,
            variant,
            max_seeds,
            slices: slices.len(),
            known: KnownValues::new(),
            missing,
            setup: SolveSetup::in_memory(),
        })
    }

    /// Solves and stores every slice of `variant` up to `max_seeds` seeds that is not stored
    /// yet ([`Tablebase::plan_solve`] then [`SolvePlan::run`]); returns the groups solved.
    ///
    /// ```no_run
    /// use mancala_db::Tablebase;
    /// use mancala_solver::solve::Silent;
    /// use mancala_solver::Variant;
    ///
    /// let tb = Tablebase::open("mancala.db")?;
    /// let solved = tb.solve_up_to(Variant::RioKadalis, 8, &Silent)?;
    /// println!("{} groups solved", solved.len());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve_up_to(
        &self,
        variant: Variant,
        max_seeds: u32,
        progress: &impl SolveProgress,
    ) -> Result<Vec<SolvedGroup>, SolveUpToError> {
        self.plan_solve(variant, max_seeds)?.run(progress)
    }
}

impl SolvePlan<'_> {
    /// Holds in memory the values of exactly the slices that the exits of `group` reach, read
    /// back from the database when they are not held yet: a four-row group needs only some of
    /// the smaller slices, and holding all the slices solved so far would cost more memory than
    /// the group itself.
    fn hold_exits_of(
        tb: &Tablebase,
        known: &mut KnownValues,
        group: &[Slice],
    ) -> Result<(), SolveUpToError> {
        let needed = exit_slices(group);
        known.retain(|id| needed.iter().any(|s| s.id == id));
        let absent: Vec<Slice> = needed
            .into_iter()
            .filter(|s| !known.contains(s.id))
            .collect();
        for slice in absent {
            let values = tb
                .load_values(slice)
                .map_err(|source| SolveUpToError::Resume { slice, source })?;
            known.insert(slice.id, values);
        }
        Ok(())
    }

    /// Solves with `setup` instead of all in memory.
    pub fn with_setup(mut self, setup: SolveSetup) -> Self {
        self.setup = setup;
        self
    }

    /// The variant to solve.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The most seeds on the board of the slices to solve.
    pub fn max_seeds(&self) -> u32 {
        self.max_seeds
    }

    /// How many slices there are up to [`SolvePlan::max_seeds`], stored or not.
    pub fn slice_count(&self) -> usize {
        self.slices
    }

    /// The slices to solve, in solving order.
    pub fn missing(&self) -> &[Slice] {
        &self.missing
    }

    /// Positions in the slices to solve.
    pub fn missing_positions(&self) -> u64 {
        self.missing.iter().map(Slice::len).sum()
    }

    /// Solves every missing slice, smallest first, a group at a time, and stores each group in
    /// one transaction as soon as it is solved; returns the groups in the order solved.
    pub fn run(
        mut self,
        progress: &impl SolveProgress,
    ) -> Result<Vec<SolvedGroup>, SolveUpToError> {
        let mut done = Vec::new();
        let mut solved_now = Vec::new();
        for slice in &self.missing {
            if solved_now.contains(&slice.id) {
                continue; // solved with its mirror
            }
            let group = slice.group();
            Self::hold_exits_of(self.tb, &mut self.known, &group)?;
            progress.group_started(&group);
            let started = Instant::now();
            let options = self.setup.options(&group);
            let solved = solve_group_with(&group, &mut self.known, progress, &options)?;
            let seconds = started.elapsed().as_secs_f64();
            let histograms: Vec<_> = solved.iter().map(SolvedSlice::histogram).collect();
            self.tb.write_counted_group(&solved, &histograms, seconds)?;
            if let Some(dir) = &options.work_dir {
                clear_work(dir, &group).map_err(|source| SolveUpToError::ClearWork {
                    dir: dir.clone(),
                    source,
                })?;
            }
            let summary = SolvedGroup::new(&solved, &histograms, seconds);
            progress.group_stored(&summary, &solved);
            // The values stay for the next groups' exits; the depths go first, so that the
            // group's results are never held twice.
            for s in solved {
                solved_now.push(s.slice.id);
                drop(s.depths);
                self.known.insert(s.slice.id, s.values);
            }
            done.push(summary);
        }
        Ok(done)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use mancala_solver::SliceId;

    use super::*;

    /// Records the group callbacks, in order.
    #[derive(Default)]
    struct Recorder(Mutex<Vec<String>>);

    impl Progress for Recorder {
        fn pass(&self, _: &str, _: u64) {}
        fn advance(&self, _: u64) {}
    }

    impl SolveProgress for Recorder {
        fn group_started(&self, group: &[Slice]) {
            self.0
                .lock()
                .unwrap()
                .push(format!("start {}", group.len()));
        }
        fn group_stored(&self, group: &SolvedGroup, solved: &[SolvedSlice]) {
            assert_eq!(
                group.slices,
                solved.iter().map(|s| s.slice).collect::<Vec<_>>()
            );
            self.0
                .lock()
                .unwrap()
                .push(format!("stored {}", group.slices.len()));
        }
    }

    #[test]
    fn solves_what_is_missing_and_resumes_from_what_is_stored() {
        let dir = tempfile::tempdir().unwrap();
        let tb = Tablebase::open(dir.path().join("t.db")).unwrap();
        let v = Variant::RioKadalis;
        // Rio Kadalis boards hold a multiple of 4 seeds: slices 0 and 4, then 8.
        let first = tb.solve_up_to(v, 4, &Silent).unwrap();
        assert_eq!(first.len(), 2);
        let plan = tb.plan_solve(v, 8).unwrap();
        assert_eq!(plan.slice_count(), 3);
        let eight = Slice {
            variant: v,
            id: SliceId::Seeds(8),
        };
        assert_eq!(plan.missing(), [eight]);
        assert_eq!(plan.missing_positions(), eight.len());
        let second = plan.run(&Silent).unwrap();
        assert_eq!(second.len(), 1);
        let group = &second[0];
        assert_eq!((group.variant(), &group.slices[..]), (v, &[eight][..]));
        assert_eq!(group.positions, eight.len());
        // The counts are those stored with the slice.
        let info = tb.slices(Some(v)).unwrap();
        let stored = info.iter().find(|s| s.slice == "8").unwrap();
        assert_eq!(
            (group.wins, group.draws, group.losses),
            (stored.wins, stored.draws, stored.losses)
        );
        assert_eq!(group.wins + group.draws + group.losses, group.positions);
        // Nothing is left to do.
        assert!(tb.solve_up_to(v, 8, &Silent).unwrap().is_empty());
    }

    #[test]
    fn a_four_row_slice_is_solved_with_its_mirror() {
        let dir = tempfile::tempdir().unwrap();
        let tb = Tablebase::open(dir.path().join("t.db")).unwrap();
        let recorder = Recorder::default();
        let plan = tb.plan_solve(Variant::Hawalis, 2).unwrap();
        let missing = plan.missing().len();
        let groups = plan.run(&recorder).unwrap();
        let events = recorder.0.into_inner().unwrap();
        let mut expected = Vec::new();
        for g in &groups {
            expected.push(format!("start {}", g.slices.len()));
            expected.push(format!("stored {}", g.slices.len()));
        }
        assert_eq!(events, expected);
        assert_eq!(
            groups.iter().map(|g| g.slices.len()).sum::<usize>(),
            missing
        );
        // 1-0 with 0-1, 2-0 with 0-2; 0-0 and 1-1 are their own mirrors.
        assert!(groups.iter().any(|g| g.slices.len() == 2), "{groups:?}");
        assert!(groups.iter().any(|g| g.slices.len() == 1), "{groups:?}");
    }
}
