//! Solving a variant into the database: every missing slice up to a number of seeds, smallest
//! first, each group stored in one transaction as soon as it is solved.
//!
//! This is the one place that drives the solver against a tablebase. A solve is planned first
//! ([`Tablebase::plan_solve`], or [`SolvePlan::new`] for ranks sharing it): the groups missing,
//! what each needs in memory and on disk ([`shared_memory_need`], the solver's one estimate),
//! and where its moves go, decided there once. The command line prints the plan or refuses it;
//! [`SolvePlan::run`] then solves it, a group at a time, in one loop for a single process and
//! for ranks sharing each group (docs/distributed.md): the single process is the one rank
//! [`OneRank`], which holds the whole group and the database. [`Tablebase::solve_up_to`] plans
//! and runs in memory, for the tests, the benchmarks and examples. Slices already stored under
//! the current rules are read back instead of being solved again, which is how a stopped solve
//! resumes: it loses at most the group it was working on.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use mancala_solver::solve::{
    clear_work, exit_slices, partition, rank_root, shared_memory_need, solve_share, KnownValues,
    MemoryNeed, OneRank, Progress, Ranks, ShareResults, Silent, SolveError, SolveOptions,
};
use mancala_solver::{Slice, TableShape, Variant};
use thiserror::Error;

use crate::chunk::CHUNK_SIZE;
use crate::distributed::{
    chunks_to_bytes, decode_chunks, encode_share, histogram_of, EncodedShare,
};
use crate::store::StoredSlice;
use crate::{DbError, Tablebase};

/// Told how a solve into the database is going: the solver's passes through [`Progress`], and
/// each group when the solver starts on it and once it is stored. The command line draws its
/// progress bars and per-group lines from it; `db` itself draws nothing.
pub trait SolveProgress: Progress {
    /// The solver starts on `group`: one slice, or a four-row slice and its mirror.
    fn group_started(&self, _group: &[Slice]) {}

    /// `group` is solved and stored.
    fn group_stored(&self, _group: &SolvedGroup) {}
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

    /// The summary of a group of `slices` from each slice's histogram.
    fn counted(slices: Vec<Slice>, histograms: &[Vec<(i8, u64)>], seconds: f64) -> SolvedGroup {
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
    /// A variant seen in a mirror has no tables of its own (clockwise Rio Kadalis is read from
    /// the counter-clockwise tables, mirrored).
    #[error(
        "{variant} is {stored} seen in a mirror: its values are read from {stored}'s tables, \
         so solve {stored}"
    )]
    Mirrored {
        /// The variant asked for.
        variant: Variant,
        /// The variant whose tables hold its values.
        stored: Variant,
    },
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
    /// The smaller slices' values could not be written to their files for a group solved with
    /// its moves on disk.
    #[error("writing the smaller slices' values to {dir}")]
    SmallerValues {
        /// The directory of their files.
        dir: PathBuf,
        /// What went wrong.
        #[source]
        source: std::io::Error,
    },
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

/// How a plan solves each group ([`Tablebase::plan_solve`]).
#[derive(Clone, Debug)]
pub struct SolveSetup {
    /// Where the moves go.
    pub moves: MovesPlace,
    /// The memory a group may take (for [`MovesPlace::Auto`]; each rank's, when ranks share
    /// the groups); `None`: no limit, in memory.
    pub memory_limit: Option<u64>,
    /// The directory of the groups solved with their moves on disk (one directory a group,
    /// removed once it is stored; each rank's under it, [`rank_root`]); a solve started again
    /// resumes from its checkpoints.
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

    /// Whether a group that needs `need` has its moves on disk: the one place that decides it.
    fn moves_on_disk(&self, need: &MemoryNeed) -> bool {
        match self.moves {
            MovesPlace::Memory => false,
            MovesPlace::Disk => true,
            MovesPlace::Auto => self
                .memory_limit
                .is_some_and(|limit| need.moves_on_disk(limit)),
        }
    }
}

/// One group of a [`SolvePlan`]: its slices, what solving it needs, and where its moves go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlannedGroup {
    /// Its slices, in solving order: one, or a four-row slice and its mirror.
    pub slices: Vec<Slice>,
    /// What it needs, on each rank when ranks share it ([`shared_memory_need`]).
    pub need: MemoryNeed,
    /// Whether its moves go to disk (the work directory, with checkpoints) rather than memory.
    pub moves_on_disk: bool,
}

impl PlannedGroup {
    /// The memory it takes at its peak (on each rank), its moves where the plan puts them.
    pub fn memory(&self) -> u64 {
        match self.moves_on_disk {
            true => self.need.on_disk,
            false => self.need.in_memory,
        }
    }

    /// The disk it takes in the work directory at its peak (on each rank): none with its moves
    /// in memory.
    pub fn disk(&self) -> u64 {
        match self.moves_on_disk {
            true => self.need.disk,
            false => 0,
        }
    }
}

/// What solving a variant up to a number of seeds has left to do, decided before anything is
/// solved: the groups missing from the database, in solving order, each with what it needs and
/// where its moves go. Made by [`Tablebase::plan_solve`] (one process) or [`SolvePlan::new`]
/// (ranks sharing the solve), carried out by [`SolvePlan::run`].
pub struct SolvePlan<'tb> {
    /// The database, on rank 0; `None` on the other ranks.
    tb: Option<&'tb Tablebase>,
    variant: Variant,
    max_seeds: u32,
    /// The shape tables solved beside the full board.
    shapes: Vec<TableShape>,
    /// Slices up to `max_seeds`, stored or not.
    slices: usize,
    /// How many ranks share each group.
    ranks: usize,
    groups: Vec<PlannedGroup>,
    setup: SolveSetup,
}

impl Tablebase {
    /// Plans the solve of every slice of `variant` up to `max_seeds` seeds on the board
    /// (four-row: both sides together), of its full board and of the shape tables `shapes`
    /// (Rio Kadalis's boards with closed pits), that is not stored under the current rules, by
    /// this process alone, each group solved as `setup` says; [`SolvePlan::run`] with
    /// [`OneRank`] carries it out.
    pub fn plan_solve(
        &self,
        variant: Variant,
        max_seeds: u32,
        shapes: &[TableShape],
        setup: &SolveSetup,
    ) -> Result<SolvePlan<'_>, SolveUpToError> {
        SolvePlan::new(Some(self), variant, max_seeds, shapes, setup, &OneRank)
    }

    /// Solves and stores every slice of `variant` up to `max_seeds` seeds that is not stored
    /// yet, in this process with the moves in memory ([`Tablebase::plan_solve`] with
    /// [`SolveSetup::in_memory`], then [`SolvePlan::run`]); returns the groups solved.
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
        self.plan_solve(variant, max_seeds, &[], &SolveSetup::in_memory())?
            .run(&OneRank, progress)
    }
}

impl<'tb> SolvePlan<'tb> {
    /// Plans the solve of every slice of `variant` up to `max_seeds` seeds, of its full board
    /// and of the shape tables `shapes`, that rank 0's database lacks, each group shared by
    /// `ranks` (the figures are each rank's, as is `setup.memory_limit`). Every rank calls it:
    /// `tb` is the database on rank 0 and `None` on the others, which receive rank 0's plan.
    ///
    /// # Panics
    ///
    /// When `tb` is given on a rank other than 0, or not given on rank 0.
    pub fn new(
        tb: Option<&'tb Tablebase>,
        variant: Variant,
        max_seeds: u32,
        shapes: &[TableShape],
        setup: &SolveSetup,
        ranks: &dyn Ranks,
    ) -> Result<SolvePlan<'tb>, SolveUpToError> {
        assert_eq!(
            tb.is_some(),
            ranks.rank() == 0,
            "rank 0, and only rank 0, holds the database"
        );
        if let Some(stored) = variant.mirror_image_of() {
            return Err(SolveUpToError::Mirrored { variant, stored });
        }
        let all = Slice::up_to_with_shapes(variant, max_seeds, shapes);
        let mut groups: Vec<PlannedGroup> = Vec::new();
        if let Some(tb) = tb {
            let stored = tb.current_slices(variant)?;
            for slice in &all {
                if stored.contains(&slice.id) || groups.iter().any(|g| g.slices.contains(slice)) {
                    continue;
                }
                let slices = slice.group();
                let need = shared_memory_need(&slices, ranks.size() as u64);
                groups.push(PlannedGroup {
                    moves_on_disk: setup.moves_on_disk(&need),
                    slices,
                    need,
                });
            }
        }
        if ranks.size() > 1 {
            groups = share_plan(&all, groups, ranks);
        }
        Ok(SolvePlan {
            tb,
            variant,
            max_seeds,
            shapes: shapes.to_vec(),
            slices: all.len(),
            ranks: ranks.size(),
            groups,
            setup: setup.clone(),
        })
    }

    /// The variant to solve.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The most seeds on the board of the slices to solve.
    pub fn max_seeds(&self) -> u32 {
        self.max_seeds
    }

    /// The shape tables solved beside the full board.
    pub fn shapes(&self) -> &[TableShape] {
        &self.shapes
    }

    /// How many slices there are up to [`SolvePlan::max_seeds`], stored or not.
    pub fn slice_count(&self) -> usize {
        self.slices
    }

    /// How many ranks share each group (1: a single process).
    pub fn ranks(&self) -> usize {
        self.ranks
    }

    /// How each group is solved.
    pub fn setup(&self) -> &SolveSetup {
        &self.setup
    }

    /// The groups to solve, in solving order.
    pub fn groups(&self) -> &[PlannedGroup] {
        &self.groups
    }

    /// The slices to solve, in solving order.
    pub fn missing(&self) -> Vec<Slice> {
        self.groups.iter().flat_map(|g| g.slices.clone()).collect()
    }

    /// Positions in the slices to solve.
    pub fn missing_positions(&self) -> u64 {
        self.groups.iter().map(|g| g.need.positions).sum()
    }

    /// The most memory the solve takes at once (on each rank): the largest group's, its moves
    /// where the plan puts them.
    pub fn peak_memory(&self) -> u64 {
        self.groups
            .iter()
            .map(PlannedGroup::memory)
            .max()
            .unwrap_or(0)
    }

    /// Whether a group has its moves on disk: the solve then uses the work directory.
    pub fn uses_disk(&self) -> bool {
        self.groups.iter().any(|g| g.moves_on_disk)
    }

    /// Solves every group of the plan, smallest first, each shared by `ranks` (a single
    /// process: [`OneRank`]), and stores each in one transaction on rank 0 as soon as it is
    /// solved; returns the groups in the order solved, on every rank. Every rank calls it with
    /// its own plan ([`SolvePlan::new`]).
    ///
    /// A group's smaller slices are read back from the database on rank 0 and, when ranks
    /// share the group, sent to every rank; a single process keeps the values it has solved or
    /// read for the groups after (only those the next group's exits reach). Each rank encodes
    /// its share's chunks, and rank 0 inserts them, its own first, then each other rank's as they
    /// come.
    ///
    /// An error on one rank leaves the others waiting in a collective: the caller must end them
    /// all (`MPI_Abort`), and the next solve resumes from the groups stored.
    ///
    /// # Panics
    ///
    /// When `ranks` is not as many ranks as the plan was made for.
    pub fn run(
        self,
        ranks: &dyn Ranks,
        progress: &impl SolveProgress,
    ) -> Result<Vec<SolvedGroup>, SolveUpToError> {
        assert_eq!(
            ranks.size(),
            self.ranks,
            "the plan is for {} ranks",
            self.ranks
        );
        let mut known = KnownValues::new();
        let mut done = Vec::new();
        // A group with its moves on disk reads the smaller slices from files here (those a
        // stopped solve left are written again).
        let mine = rank_root(&self.setup.work_dir, ranks.rank(), ranks.size());
        let files = mine.join("smaller");
        let _ = std::fs::remove_dir_all(&files);
        for planned in &self.groups {
            let group = &planned.slices[..];
            let files = planned.moves_on_disk.then_some(files.as_path());
            hold_exits_of(self.tb, ranks, &mut known, group, files)?;
            progress.group_started(group);
            let started = Instant::now();
            let partition = partition(group, ranks.size(), CHUNK_SIZE);
            let options = SolveOptions {
                work_dir: planned.moves_on_disk.then(|| self.setup.work_dir.clone()),
                checkpoint_every: self.setup.checkpoint_every,
            };
            let share = solve_share(group, &mut known, progress, ranks, &partition, &options)?;
            let seconds = started.elapsed().as_secs_f64();
            let (histograms, values) = store(self.tb, group, share, seconds, ranks)?;
            // No rank clears its checkpoints before the group is stored.
            ranks.max(&mut [0]);
            if let Some(root) = &options.work_dir {
                let mine = rank_root(root, ranks.rank(), ranks.size());
                clear_work(&mine, group).map_err(|source| SolveUpToError::ClearWork {
                    dir: mine.clone(),
                    source,
                })?;
                if mine != *root {
                    let _ = std::fs::remove_dir(&mine);
                }
            }
            let summary = SolvedGroup::counted(group.to_vec(), &histograms, seconds);
            progress.group_stored(&summary);
            // A single process keeps the values for the next groups' exits.
            for (slice, values) in values {
                known.insert(slice.id, values);
            }
            done.push(summary);
        }
        // Their files go with them, then their directory, and the rank's.
        drop(known);
        let _ = std::fs::remove_dir(&files);
        if mine != self.setup.work_dir {
            let _ = std::fs::remove_dir(&mine);
        }
        Ok(done)
    }
}

/// Rank 0's `groups` on every rank: each group as its first slice's place in `all`, whether its
/// moves go to disk and its need (6 numbers), broadcast.
fn share_plan(all: &[Slice], groups: Vec<PlannedGroup>, ranks: &dyn Ranks) -> Vec<PlannedGroup> {
    let mut bytes = Vec::new();
    for g in &groups {
        let k = all
            .iter()
            .position(|s| *s == g.slices[0])
            .expect("planned from the same list");
        let n = &g.need;
        bytes.extend((k as u32).to_le_bytes());
        bytes.push(g.moves_on_disk as u8);
        for x in [
            n.positions,
            n.moves,
            n.smaller_positions,
            n.in_memory,
            n.on_disk,
            n.disk,
        ] {
            bytes.extend(x.to_le_bytes());
        }
    }
    ranks.broadcast(&mut bytes);
    if ranks.rank() == 0 {
        return groups;
    }
    let number = |b: &[u8]| u64::from_le_bytes(b.try_into().expect("8 bytes"));
    bytes
        .chunks_exact(4 + 1 + 6 * 8)
        .map(|b| {
            let n: Vec<u64> = b[5..].chunks_exact(8).map(number).collect();
            PlannedGroup {
                slices: all[u32::from_le_bytes(b[..4].try_into().expect("4 bytes")) as usize]
                    .group(),
                moves_on_disk: b[4] == 1,
                need: MemoryNeed {
                    positions: n[0],
                    moves: n[1],
                    smaller_positions: n[2],
                    in_memory: n[3],
                    on_disk: n[4],
                    disk: n[5],
                },
            }
        })
        .collect()
}

/// Holds in `known` exactly the smaller slices that the exits of `group` reach, read back from
/// the database on rank 0 when they are not held yet (and, when ranks share the group, sent to
/// every rank): a four-row group needs only some of the smaller slices, and holding all the
/// slices solved so far would cost more memory than the group itself. Every rank holds the same
/// slices, so every rank reads or receives the same ones. With `files` (a group with its moves
/// on disk), they are all held in files there instead of in memory, read from the database a
/// block at a time, so that the group's memory does not grow with the slices below it.
fn hold_exits_of(
    tb: Option<&Tablebase>,
    ranks: &dyn Ranks,
    known: &mut KnownValues,
    group: &[Slice],
    files: Option<&Path>,
) -> Result<(), SolveUpToError> {
    let needed = exit_slices(group);
    known.retain(|id| needed.iter().any(|s| s.id == id));
    let absent: Vec<Slice> = needed
        .into_iter()
        .filter(|s| !known.contains(s.id))
        .collect();
    if let Some(dir) = files {
        let written = |source| SolveUpToError::SmallerValues {
            dir: dir.to_path_buf(),
            source,
        };
        known
            .move_to_files(group[0].variant, dir)
            .map_err(written)?;
        for slice in absent {
            let mut writer = KnownValues::file_writer(dir, slice).map_err(written)?;
            // Read on rank 0 (the others have no database), a block of chunks at a time.
            let mut chunks = tb.map(|tb| tb.read_chunks(slice));
            for _ in (0..slice.len().div_ceil(CHUNK_SIZE)).step_by(BLOCK_CHUNKS) {
                let mut bytes = Vec::new();
                for chunk in chunks
                    .iter_mut()
                    .flat_map(|c| c.by_ref().take(BLOCK_CHUNKS))
                {
                    let chunk = chunk.map_err(|source| SolveUpToError::Resume { slice, source })?;
                    bytes.extend(chunk.values.iter().map(|&v| v as u8));
                }
                if ranks.size() > 1 {
                    ranks.broadcast(&mut bytes);
                }
                let values: Vec<i8> = bytes.into_iter().map(|b| b as i8).collect();
                writer.write(&values).map_err(written)?;
            }
            known.insert_file(writer).map_err(written)?;
        }
        return Ok(());
    }
    for slice in absent {
        let values = match tb {
            Some(tb) => tb
                .read_chunks(slice)
                .values()
                .map_err(|source| SolveUpToError::Resume { slice, source })?,
            None => Vec::new(),
        };
        let values = match ranks.size() {
            1 => values,
            _ => {
                let mut bytes: Vec<u8> = values.into_iter().map(|v| v as u8).collect();
                ranks.broadcast(&mut bytes);
                bytes.into_iter().map(|v| v as i8).collect()
            }
        };
        known.insert(slice.id, values);
    }
    Ok(())
}

/// Chunks of a smaller slice read from the database and written to its file at a time (sent
/// to every rank in between, when ranks share the group): 4 Mi positions.
const BLOCK_CHUNKS: usize = 64;

/// How many positions have each value, lowest value first.
type Histogram = Vec<(i8, u64)>;

/// Each slice of a group with its values, in group order.
type GroupValues = Vec<(Slice, Vec<i8>)>;

/// Stores a solved group: every rank encodes its share's chunks (on every core, as the solve
/// hands them over) and counts its values, and rank 0 writes the group in one transaction, its
/// own chunks first, then each other rank's as they come, one rank's at a time. Returns, on
/// every rank, each slice's histogram, and, for a single process (whose share is the whole
/// group), the solved slices' values.
fn store(
    tb: Option<&Tablebase>,
    group: &[Slice],
    results: ShareResults,
    seconds: f64,
    ranks: &dyn Ranks,
) -> Result<(Vec<Histogram>, GroupValues), SolveUpToError> {
    let EncodedShare {
        chunks,
        mut counts,
        values,
    } = encode_share(results)?;
    // One rank keeps its values (the caller's); shared, they are not read back.
    let values = match ranks.size() {
        1 => values.into_runs()?,
        _ => Vec::new(),
    };
    ranks.sum(&mut counts);
    let histograms: Vec<Histogram> = counts.chunks(256).map(histogram_of).collect();
    match tb {
        Some(tb) => {
            let slices: Vec<StoredSlice> = group
                .iter()
                .zip(&histograms)
                .zip(chunks)
                .map(|((&slice, histogram), chunks)| StoredSlice {
                    slice,
                    positions: slice.len(),
                    histogram,
                    chunks,
                })
                .collect();
            // The other ranks' chunks inserted as they come, in the group's one transaction.
            tb.insert_group(&slices, seconds, |insert| {
                let mut stored = Ok(());
                ranks.gather(&[], &mut |bytes| {
                    if stored.is_ok() {
                        stored = decode_chunks(&bytes, |k, c| insert(k, &c));
                    }
                });
                stored
            })?;
        }
        None => {
            ranks.gather(&chunks_to_bytes(chunks), &mut |_| {});
        }
    }
    Ok((histograms, values))
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use mancala_solver::solve::memory_need;
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
        fn group_stored(&self, group: &SolvedGroup) {
            self.0
                .lock()
                .unwrap()
                .push(format!("stored {}", group.slices.len()));
        }
    }

    /// Records the files of the smaller slices in a directory as each group starts.
    struct SmallerFiles(std::path::PathBuf, Mutex<Vec<Vec<String>>>);

    impl Progress for SmallerFiles {
        fn pass(&self, _: &str, _: u64) {}
        fn advance(&self, _: u64) {}
    }

    impl SolveProgress for SmallerFiles {
        fn group_started(&self, _: &[Slice]) {
            let mut names: Vec<String> = std::fs::read_dir(&self.0)
                .map(|d| {
                    d.map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                        .collect()
                })
                .unwrap_or_default();
            names.sort();
            self.1.lock().unwrap().push(names);
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
        let plan = tb.plan_solve(v, 8, &[], &SolveSetup::in_memory()).unwrap();
        assert_eq!(plan.slice_count(), 3);
        let eight = Slice {
            variant: v,
            id: SliceId::Seeds(8),
        };
        assert_eq!(plan.missing(), [eight]);
        assert_eq!(plan.missing_positions(), eight.len());
        assert_eq!(plan.groups().len(), 1);
        assert!(!plan.uses_disk());
        let second = plan.run(&OneRank, &Silent).unwrap();
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
        let plan = tb
            .plan_solve(Variant::Hawalis, 2, &[], &SolveSetup::in_memory())
            .unwrap();
        let missing = plan.missing().len();
        let groups = plan.run(&OneRank, &recorder).unwrap();
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

    /// The plan decides once where each group's moves go: never on disk with `Memory`, always
    /// with `Disk`, and with `Auto` exactly the groups whose moves do not fit the limit in
    /// memory; its figures are the solver's estimate.
    #[test]
    fn the_plan_puts_on_disk_the_groups_whose_moves_do_not_fit() {
        let dir = tempfile::tempdir().unwrap();
        let tb = Tablebase::open(dir.path().join("t.db")).unwrap();
        let v = Variant::RioKadalis;
        let plan = |moves, memory_limit| {
            let setup = SolveSetup {
                moves,
                memory_limit,
                ..SolveSetup::in_memory()
            };
            tb.plan_solve(v, 12, &[], &setup).unwrap()
        };
        let in_memory = plan(MovesPlace::Memory, Some(0));
        // Slices 0, 4, 8 and 12, each its own group.
        assert_eq!(in_memory.groups().len(), 4);
        assert!(!in_memory.uses_disk());
        for g in in_memory.groups() {
            assert_eq!(g.need, shared_memory_need(&g.slices, 1));
            assert_eq!((g.memory(), g.disk()), (g.need.in_memory, 0));
        }
        let on_disk = plan(MovesPlace::Disk, None);
        assert!(on_disk.groups().iter().all(|g| g.moves_on_disk));
        assert!(on_disk
            .groups()
            .iter()
            .all(|g| (g.memory(), g.disk()) == (g.need.on_disk, g.need.disk)));
        // Auto: slice 12's moves do not fit a limit just under what they take in memory.
        let twelve = in_memory.groups()[3].need;
        let auto = plan(MovesPlace::Auto, Some(twelve.in_memory - 1));
        let placed: Vec<bool> = auto.groups().iter().map(|g| g.moves_on_disk).collect();
        assert_eq!(placed, [false, false, false, true]);
        let largest = in_memory.groups()[2].need.in_memory.max(twelve.on_disk);
        assert_eq!(auto.peak_memory(), largest);
        // Without a limit, Auto keeps the moves in memory.
        assert!(!plan(MovesPlace::Auto, None).uses_disk());
    }

    /// A group with its moves on disk reads the smaller slices from files, whether they were
    /// read from the database (a solve resumed over stored slices) or solved by the process,
    /// and stores what the solve in memory stores; the files are gone at the end.
    #[test]
    fn a_group_on_disk_reads_the_smaller_slices_from_files() {
        let dir = tempfile::tempdir().unwrap();
        let v = Variant::RioKadalis;
        let twelve = Slice {
            variant: v,
            id: SliceId::Seeds(12),
        };
        let chunks = |tb: &Tablebase| -> Vec<(Vec<i8>, Vec<u16>)> {
            tb.read_chunks(twelve)
                .map(|c| c.map(|c| (c.values, c.depths)).unwrap())
                .collect()
        };
        let reference = Tablebase::open(dir.path().join("memory.db")).unwrap();
        reference.solve_up_to(v, 12, &Silent).unwrap();
        let need = memory_need(&[twelve]);
        for resumed in [true, false] {
            let name = format!("disk-{resumed}");
            let tb = Tablebase::open(dir.path().join(format!("{name}.db"))).unwrap();
            if resumed {
                tb.solve_up_to(v, 8, &Silent).unwrap();
            }
            let setup = SolveSetup {
                moves: MovesPlace::Auto,
                memory_limit: Some(need.in_memory - 1),
                work_dir: dir.path().join(format!("{name}.work")),
                checkpoint_every: Duration::ZERO,
            };
            let plan = tb.plan_solve(v, 12, &[], &setup).unwrap();
            let placed: Vec<bool> = plan.groups().iter().map(|g| g.moves_on_disk).collect();
            let expected = match resumed {
                true => vec![true],
                false => vec![false, false, false, true],
            };
            assert_eq!(placed, expected, "{name}");
            let seen = SmallerFiles(setup.work_dir.join("smaller"), Mutex::default());
            plan.run(&OneRank, &seen).unwrap();
            // Slice 12's group started with slices 0, 4 and 8 in files.
            let files = seen.1.into_inner().unwrap();
            assert_eq!(
                files.last().unwrap(),
                &["slice-0.values", "slice-4.values", "slice-8.values"],
                "{name}"
            );
            assert!(chunks(&tb) == chunks(&reference), "{name}");
            let left = std::fs::read_dir(&setup.work_dir).map_or(0, |d| d.count());
            assert_eq!(left, 0, "{name}: {:?}", setup.work_dir);
        }
    }
}
