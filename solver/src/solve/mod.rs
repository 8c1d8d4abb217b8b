//! The retrograde solver: every position of a group of slices gets its value and depth
//! (docs/rules.md#values-and-depths), given the values of all smaller slices.
//!
//! A group is solved in two passes (docs/design.md, docs/lean-solver.md): [`moves`] generates
//! every position's moves once, folding the moves that leave the group (captures, ends) into one
//! best exit and sending the others to [`edges`], which inverts them into a compact predecessor
//! table ([`pred_table`]); the retrograde ([`passes`]) then finds the values and the depths
//! ([`values_pass`]; a game deeper than its words hold takes a second pass, [`depths_pass`]),
//! one threshold at a time ([`retrograde`]), in two bytes a position ([`state`]). The table is
//! `1 + 4 E / N` bytes a position and lives in memory, or for a group too large for that in a
//! file of the work directory ([`SolveOptions::work_dir`]), where [`checkpoint`]s of the
//! retrograde are kept too, and the exits and values, which the passes read back from there
//! ([`columns`]); the results go to the store a few chunks at a time ([`ShareResults`]). Oware
//! and Rio Kadalis need no table: their moves are un-made ([`predecessors`]).
//! Kalah, whose moves within a slice cannot cycle, is solved without the retrograde
//! ([`acyclic`]). A group may be shared by several processes, each holding a share of its
//! positions ([`solve_share`], [`Ranks`], docs/distributed.md); the single-process solve is the
//! one-rank case of the same passes. Every pass holds group positions in 32 bits, or in 64 for a
//! group numbered past 2^32 ([`group_index`]), chosen once a group.

mod acyclic;
mod bytes;
mod checkpoint;
mod columns;
mod depths_pass;
mod edges;
mod far_exits;
mod group_index;
mod known;
mod memory;
mod moves;
mod passes;
mod pred_table;
mod predecessors;
mod ranks;
mod results;
mod retrograde;
mod state;
mod values_pass;

pub use checkpoint::{clear as clear_work, rank_root};
pub use group_index::MOST_POSITIONS;
pub use known::{KnownLeaves, KnownValues, ValuesWriter};
pub use memory::{bucket_files, memory_need, shared_memory_need, MemoryNeed};
pub use moves::exit_slices;
pub use ranks::{OneRank, Partition, Ranks};
pub use results::{ShareResults, ShareValues};

use std::io;
use std::ops::Range;
use std::path::PathBuf;
use std::time::Duration;

use rayon::prelude::*;

use checkpoint::{Resume, WorkDir};
use columns::{ExitsAt, ValuesAt};
use edges::{EdgeSpill, Place};
use group_index::GroupIndex;
use passes::Passes;
use predecessors::Predecessors;

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
        histogram(&self.values)
    }
}

/// How many of `values` are each value, lowest value first.
pub fn histogram(values: &[i8]) -> Vec<(i8, u64)> {
    // Counted on every core: a slice of millions of positions is stored right after it is
    // solved, and the store counts them.
    let counts = values
        .par_chunks(1 << 16)
        .map(|chunk| {
            let mut counts = [0u64; 256];
            for &v in chunk {
                counts[(v as i16 + 128) as usize] += 1;
            }
            counts
        })
        .reduce(
            || [0u64; 256],
            |mut a, b| {
                a.iter_mut().zip(b).for_each(|(a, b)| *a += b);
                a
            },
        );
    (0..256)
        .filter(|&i| counts[i] > 0)
        .map(|i| ((i as i16 - 128) as i8, counts[i]))
        .collect()
}

/// Told how a long solve is going; the CLI draws a progress bar from it.
pub trait Progress: Sync {
    /// A new pass over `total` positions begins.
    fn pass(&self, name: &str, total: u64);
    /// `n` more positions of the current pass are done.
    fn advance(&self, n: u64);
    /// Something the user should know that is not an error (a checkpoint discarded, a solve
    /// resumed).
    fn note(&self, _message: &str) {}
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
    /// The group has more positions than the solver numbers (2^40), more moves from a position
    /// than it counts, or deeper depths than it holds.
    #[error("{variant} slice {slice} is too large to solve: {what}")]
    TooLarge {
        /// The variant.
        variant: Variant,
        /// The slice.
        slice: SliceId,
        /// What overflowed.
        what: String,
    },
    /// The work directory of a solve with its moves on disk could not be written or read.
    #[error("the solve's work files in {dir}")]
    Work {
        /// The group's work directory.
        dir: PathBuf,
        /// What went wrong.
        #[source]
        source: io::Error,
    },
}

/// How a group is solved: its moves in memory (the default), or on disk with checkpoints.
#[derive(Clone, Debug, Default)]
pub struct SolveOptions {
    /// Where a group's predecessor table and checkpoints go (a directory per group, removed
    /// with [`clear_work`] once the group is stored); `None` keeps the table in memory.
    pub work_dir: Option<PathBuf>,
    /// The least time between two checkpoints of the retrograde (with a work directory).
    pub checkpoint_every: Duration,
}

/// Solves one group (a slice, or a four-row slice with its mirror) in this process with its
/// moves in memory: the reference solve of the tests and benchmarks. `known` must hold every
/// smaller slice that a capture can reach. Returns the group's slices in `group` order. (A
/// database is solved through [`solve_share`], by `mancala_db::SolvePlan`.)
pub fn solve_group(
    group: &[Slice],
    known: &KnownValues,
    progress: &dyn Progress,
) -> Result<Vec<SolvedSlice>, SolveError> {
    let n = moves::group_len(group)?;
    let options = SolveOptions::default();
    solve(group, Known::Kept(known), progress, &options, Limits::of(n))
}

/// How `group` is split over `size` ranks: in runs of `align` positions of a slice (the
/// database's chunks, which each rank then encodes by itself), or all on rank 0 for a group
/// solved without the retrograde (Kalah's), which the ranks do not share.
pub fn partition(group: &[Slice], size: usize, align: u64) -> Partition {
    match acyclic::applies(group) {
        true => Partition::on_first(group, size),
        false => Partition::new(group, size, align),
    }
}

/// One rank's share of a solved group, slice by slice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolvedShare {
    /// The group positions of the share (the group's slices one after the other).
    pub share: Range<usize>,
    /// The share's positions in each slice of the group, in `group` order (a part is empty
    /// where the share holds none of its slice).
    pub parts: Vec<SolvedPart>,
}

/// The positions of one slice that a rank's share holds, solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolvedPart {
    /// The slice.
    pub slice: Slice,
    /// The slice's index of the part's first position.
    pub first: u64,
    /// Value of every position of the part, from the side to move.
    pub values: Vec<i8>,
    /// Depth of every position of the part; [`NO_DEPTH`] where the value is 0.
    pub depths: Vec<u16>,
}

impl SolvedShare {
    /// The group's solved slices, when the share is the whole group (a single rank's); `None`
    /// when it is not.
    pub fn into_slices(self) -> Option<Vec<SolvedSlice>> {
        let whole = |p: &SolvedPart| p.first == 0 && p.values.len() as u64 == p.slice.len();
        if !self.parts.iter().all(whole) {
            return None;
        }
        Some(
            self.parts
                .into_iter()
                .map(|p| SolvedSlice {
                    slice: p.slice,
                    values: p.values,
                    depths: p.depths,
                })
                .collect(),
        )
    }
}

/// Solves this rank's share of `group`, split over `ranks` by `partition` (from [`partition`]),
/// with the other ranks, each calling it with the same group and partition (docs/distributed.md);
/// a single process is the one rank [`OneRank`], which holds the whole group. Every rank needs in
/// `known` every smaller slice a capture can reach. With its moves on disk
/// (`options.work_dir`), or shared by several ranks, `known` is emptied once the moves pass is
/// done, since the retrograde does not need it and its memory would count against the group's
/// ([`memory_need`]); a single rank with its moves in memory keeps it, for the next groups'
/// exits. With a work directory, each rank keeps its share's moves and checkpoints in its own
/// directory under it ([`rank_root`]), and the ranks resume together from the last checkpoint
/// they all hold.
pub fn solve_share(
    group: &[Slice],
    known: &mut KnownValues,
    progress: &dyn Progress,
    ranks: &dyn Ranks,
    partition: &Partition,
    options: &SolveOptions,
) -> Result<ShareResults, SolveError> {
    let known = match options.work_dir.is_some() || ranks.size() > 1 {
        true => Known::Released(known),
        false => Known::Kept(known),
    };
    let limits = Limits::of(partition.share(ranks.rank()).len());
    share_of(group, known, progress, ranks, partition, options, limits)
}

/// How the retrograde holds its levels: how many positions a level lists before it is found by
/// scanning instead, and how deep a level the values pass's words hold ([`values_pass`]). The
/// tests lower both, to take the paths of large groups and deep ones on small groups.
/// And how the moves pass reads the exits into slices held in files ([`far_exits`]).
#[derive(Clone, Copy, Debug)]
struct Limits {
    cap: usize,
    shallow: u8,
    far: far_exits::Bounds,
}

impl Limits {
    /// The limits of a share of `n` positions.
    fn of(n: usize) -> Limits {
        Limits {
            cap: retrograde::list_cap(n),
            shallow: values_pass::SHALLOW,
            far: far_exits::Bounds::of(n),
        }
    }
}

/// [`solve_share`] with the smaller slices kept or released as `known` says, within `limits`.
fn share_of(
    group: &[Slice],
    mut known: Known,
    progress: &dyn Progress,
    ranks: &dyn Ranks,
    partition: &Partition,
    options: &SolveOptions,
    limits: Limits,
) -> Result<ShareResults, SolveError> {
    let share = partition.share(ranks.rank());
    // The share's run of each slice: where it starts in the slice, and its length.
    let mut end = partition.first();
    let runs: Vec<(Slice, u64, usize)> = group
        .iter()
        .map(|&slice| {
            let start = end;
            end += slice.len() as usize;
            let from = share.start.clamp(start, end);
            let to = share.end.clamp(start, end);
            (slice, (from - start) as u64, to - from)
        })
        .collect();
    let (depths, values) = if acyclic::applies(group) {
        let (values, depths) = match share.is_empty() {
            true => (Vec::new(), Vec::new()),
            false => acyclic::solve(group[0], known.get(), progress)?,
        };
        known.moves_done();
        (depths, ValuesAt::memory(values))
    } else {
        solve_part(group, known, progress, options, limits, ranks, partition)?
    };
    Ok(ShareResults::new(share, runs, depths, values))
}

/// The smaller slices' values during a solve: kept to its end, or released once the moves pass
/// (or Kalah's solve) has read them.
enum Known<'a> {
    Kept(&'a KnownValues),
    Released(&'a mut KnownValues),
}

impl Known<'_> {
    fn get(&self) -> &KnownValues {
        match self {
            Known::Kept(k) => k,
            Known::Released(k) => k,
        }
    }

    /// The moves pass is done.
    fn moves_done(&mut self) {
        if let Known::Released(k) = self {
            k.retain(|_| false);
        }
    }
}

/// The whole group solved by one rank, its moves where `options` puts them, within `limits`
/// ([`solve_group`], and the unit tests' solves on disk).
fn solve(
    group: &[Slice],
    known: Known,
    progress: &dyn Progress,
    options: &SolveOptions,
    limits: Limits,
) -> Result<Vec<SolvedSlice>, SolveError> {
    let partition = Partition::on_first(group, 1);
    let share = share_of(
        group, known, progress, &OneRank, &partition, options, limits,
    )?;
    Ok(share
        .into_share()?
        .into_slices()
        .expect("one rank holds the whole group"))
}

/// Solves this rank's share of a group with the retrograde: its depths and its values, its
/// positions numbered in 32 bits where the group's numbering fits them, else in 64
/// ([`group_index`]).
fn solve_part(
    group: &[Slice],
    known: Known,
    progress: &dyn Progress,
    options: &SolveOptions,
    limits: Limits,
    ranks: &dyn Ranks,
    partition: &Partition,
) -> Result<(Vec<u16>, ValuesAt), SolveError> {
    moves::group_len(group)?;
    match u32::fits(partition.end()) {
        true => solve_numbered::<u32>(group, known, progress, options, limits, ranks, partition),
        false => solve_numbered::<u64>(group, known, progress, options, limits, ranks, partition),
    }
}

/// [`solve_part`] with the group's positions numbered as `I`. A work directory is for a single
/// rank only.
#[allow(clippy::too_many_arguments)]
fn solve_numbered<I: GroupIndex>(
    group: &[Slice],
    mut known: Known,
    progress: &dyn Progress,
    options: &SolveOptions,
    limits: Limits,
    ranks: &dyn Ranks,
    partition: &Partition,
) -> Result<(Vec<u16>, ValuesAt), SolveError> {
    let share = partition.share(ranks.rank());
    let unmade = predecessors::unmade(group);
    let work_root = options
        .work_dir
        .as_ref()
        .map(|root| rank_root(root, ranks.rank(), partition.ranks()));
    let mut dir = match &work_root {
        Some(root) => Some(
            WorkDir::open(
                root,
                group,
                share.start,
                share.len(),
                !unmade,
                I::TABLE_BITS,
                options.checkpoint_every,
            )
            .map_err(|source| SolveError::Work {
                dir: checkpoint::group_dir(root, group),
                source,
            })?,
        ),
        None => None,
    };
    let resume = match &mut dir {
        Some(d) => agree(d.resume::<I>(), d, ranks),
        None => Resume::Fresh(None),
    };
    let dir_path = dir.as_ref().map(|d| d.path().to_path_buf());
    let work_error = |source| SolveError::Work {
        dir: dir_path.clone().unwrap_or_default(),
        source,
    };
    // Where the retrograde starts: the values pass (from its start or a threshold), or the
    // depths pass, the values known.
    let mut exits_kept = None;
    let (values_resumed, values_done, table) = match resume {
        Resume::Fresh(why) => {
            if let Some(why) = why {
                progress.note(&format!("starting the group afresh: {why}"));
            }
            let spill = match unmade {
                true => None,
                false => {
                    let place = dir.as_ref().map_or(Place::Memory, |d| Place::Dir(d.path()));
                    Some(EdgeSpill::<I>::new(share.len(), place).map_err(work_error)?)
                }
            };
            let exits = moves::build(
                group,
                known.get(),
                limits.far,
                spill.as_ref(),
                ranks,
                partition,
                progress,
            )?;
            known.moves_done();
            match &dir {
                // Saved before the moves are inverted, the exits take no memory meanwhile; the
                // passes read them back from their file.
                Some(d) => d.save_exits(exits).map_err(work_error)?,
                None => exits_kept = Some(exits),
            }
            let table = match spill {
                Some(spill) => {
                    progress.pass("predecessors", share.len() as u64);
                    Some(spill.finish(|k| progress.advance(k)).map_err(work_error)?)
                }
                None => None,
            };
            if let Some(d) = &mut dir {
                d.save_built(table.as_ref()).map_err(work_error)?;
            }
            (None, None, table)
        }
        Resume::Built(table) => {
            known.moves_done();
            progress.note("resuming the group after its moves pass");
            (None, None, table)
        }
        Resume::Values(work, table, t) => {
            known.moves_done();
            progress.note(&format!("resuming the group's values after threshold {t}"));
            (Some((work, t)), None, table)
        }
        Resume::Depths(depths, table) => {
            known.moves_done();
            match &depths {
                Some((_, t)) => {
                    progress.note(&format!("resuming the group's depths after threshold {t}"))
                }
                None => progress.note("resuming the group after its values pass"),
            }
            (None, Some(depths), table)
        }
    };
    let exits = match (exits_kept, &dir) {
        (Some(exits), _) => ExitsAt::memory(exits),
        (None, Some(d)) => ExitsAt::file(&d.path().join("exits.bin"), share.len())?,
        (None, None) => unreachable!("a solve without a work directory starts afresh"),
    };
    let preds = match table {
        Some(table) => Predecessors::Table(table, share.start),
        None => Predecessors::Unmade(group[0], partition.first()),
    };
    let passes = Passes {
        slice: group[0],
        exits: &exits,
        preds: &preds,
        limits,
        ranks,
        partition,
        progress,
    };
    let (values, depths, depths_resumed) = match values_done {
        Some(depths) => {
            let path = dir.as_ref().expect("resumed from a work directory").path();
            let values = ValuesAt::file(&path.join("values.bin"), share.len())?;
            (values, None, depths)
        }
        None => {
            let (values, depths) = passes.values(values_resumed, &mut dir)?;
            (values, depths, None)
        }
    };
    let depths = match depths {
        Some(depths) => depths,
        None => passes
            .depths(&values, depths_resumed, &mut dir)?
            .into_words(depths_pass::final_depth),
    };
    Ok((depths, values))
}

/// The stage every rank resumes from: its own when all ranks' checkpoints are of the same stage
/// (they checkpoint together, but a rank may die between two ranks' writes), else the moves
/// pass, afresh.
fn agree<I: GroupIndex>(resume: Resume<I>, dir: &mut WorkDir, ranks: &dyn Ranks) -> Resume<I> {
    let stage = match &resume {
        Resume::Fresh(_) => 0,
        Resume::Built(..) => 1,
        Resume::Values(_, _, t) => 2 + *t as u8 as u64,
        Resume::Depths(None, _) => 256,
        Resume::Depths(Some((_, t)), _) => 257 + *t as u8 as u64,
    };
    let mut highest = [stage];
    let mut lowest = [u64::MAX - stage];
    ranks.max(&mut highest);
    ranks.max(&mut lowest);
    match highest[0] == u64::MAX - lowest[0] {
        true => resume,
        false => {
            drop(resume);
            dir.fresh(Some(
                "the ranks' checkpoints are not of the same stage".to_string(),
            ))
        }
    }
}

/// The values of every slice of `slices` (in the order of [`Slice::up_to`]), a group at a time
/// in memory: the smaller slices that the unit tests give the group they solve.
#[cfg(test)]
pub(crate) fn known_values(slices: &[Slice]) -> KnownValues {
    let mut known = KnownValues::new();
    for slice in slices {
        if !known.contains(slice.id) {
            for s in solve_group(&slice.group(), &known, &Silent).unwrap() {
                known.insert(s.slice.id, s.values);
            }
        }
    }
    known
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{SliceId, Variant};

    /// Every level of more than one position scanned, and every depth past 1 left to the
    /// depths pass: the paths of the largest groups and of the deepest, on small groups.
    const DEEP: Limits = Limits {
        cap: 1,
        shallow: 1,
        far: far_exits::Bounds::of(0),
    };

    /// Records the notes, to see a solve resume.
    #[derive(Default)]
    struct Notes(std::sync::Mutex<Vec<String>>);

    impl Progress for Notes {
        fn pass(&self, _: &str, _: u64) {}
        fn advance(&self, _: u64) {}
        fn note(&self, message: &str) {
            self.0.lock().unwrap().push(message.to_string());
        }
    }

    /// Stops a solve (panics) at the values pass's last report of progress: the positions
    /// left undecided (worth 0, `.0` of them), reported once every threshold is done and saved.
    #[derive(Default)]
    struct StopAtValuesEnd(u64, std::sync::Mutex<Option<(u64, u64)>>);

    impl Progress for StopAtValuesEnd {
        fn pass(&self, name: &str, total: u64) {
            *self.1.lock().unwrap() = (name == "values").then_some((0, total));
        }
        fn advance(&self, n: u64) {
            let mut values = self.1.lock().unwrap();
            if let Some((done, total)) = values.as_mut() {
                // Only that report has all but the positions worth 0 done before it and
                // adds them (levels decide none of them; where there are none, only the
                // reports of empty seeds after the last decision).
                if *done == *total - self.0 && n == self.0 {
                    drop(values);
                    panic!("stopped at the end of the values pass");
                }
                *done += n;
            }
        }
    }

    /// The group of `slice`, the values of the smaller slices, and the group solved in memory:
    /// what the other solves of the tests must give.
    fn solved_in_memory(slice: Slice) -> (Vec<Slice>, KnownValues, Vec<SolvedSlice>) {
        let below: Vec<Slice> = Slice::up_to(slice.variant, slice.id.total())
            .into_iter()
            .filter(|s| s.id.total() < slice.id.total())
            .collect();
        let known = known_values(&below);
        let group = slice.group();
        let expected = solve_group(&group, &known, &Silent).unwrap();
        (group, known, expected)
    }

    /// The moves on disk, levels scanned instead of listed, and a solve resumed from each of its
    /// checkpoints all give what the in-memory solve gives (itself checked against the stored
    /// digests in tests/solved_digests.rs), for a variant of each family.
    #[test]
    fn on_disk_scanned_and_resumed_solves_agree_with_the_in_memory_solve() {
        let cases = [
            (Variant::RioKadalis, SliceId::Seeds(12)),
            (Variant::Oware, SliceId::Seeds(7)),
            (Variant::AlManqala, SliceId::Seeds(8)),
            (Variant::BaoLaKiarabu, SliceId::Sides(3, 2)),
            (Variant::Anywoli, SliceId::Seeds(7)),
            (Variant::Hawalis, SliceId::Sides(2, 3)),
        ];
        for (variant, id) in cases {
            let slice = Slice { variant, id };
            let (group, known, expected) = solved_in_memory(slice);
            assert!(expected[0].values.iter().any(|&v| v != 0), "{slice}");

            let scanned = solve(
                &group,
                Known::Kept(&known),
                &Silent,
                &SolveOptions::default(),
                DEEP,
            )
            .unwrap();
            assert!(scanned == expected, "{slice}: levels scanned");

            let root =
                std::env::temp_dir().join(format!("mancala-solve-{}-{slice}", std::process::id()));
            let options = SolveOptions {
                work_dir: Some(root.clone()),
                checkpoint_every: Duration::ZERO,
            };
            // On disk with the depths from the values pass, then with the depths pass.
            let shallow = Limits {
                shallow: values_pass::SHALLOW,
                ..DEEP
            };
            let on_disk = solve(&group, Known::Kept(&known), &Silent, &options, shallow).unwrap();
            assert!(on_disk == expected, "{slice}: moves on disk");
            clear_work(&root, &group).unwrap();
            let on_disk = solve(&group, Known::Kept(&known), &Silent, &options, DEEP).unwrap();
            assert!(on_disk == expected, "{slice}: moves on disk, depths pass");

            // Every checkpoint of that solve was replaced by the next; solve again from the
            // last one (after the depths pass's last threshold), then from the one after the
            // values pass, then from the one after the moves pass.
            let notes = Notes::default();
            let resumed = solve(&group, Known::Kept(&known), &notes, &options, DEEP).unwrap();
            assert!(resumed == expected, "{slice}: resumed");
            let said = notes.0.lock().unwrap().clone();
            assert!(
                said.iter()
                    .any(|n| n.starts_with("resuming the group's depths after threshold")),
                "{slice}: {said:?}"
            );
            let dir = checkpoint::group_dir(&root, &group);
            let text = std::fs::read_to_string(dir.join("checkpoint")).unwrap();
            // The head: the header, the solver, the group, its positions, then the files.
            let ids: Vec<String> = group.iter().map(|s| s.id.to_string()).collect();
            let n: u64 = group.iter().map(Slice::len).sum();
            let head = format!(
                "mancala-solve-checkpoint 3\nsolver {}\ngroup {} {}\npositions {n}\n",
                crate::SOLVER_VERSION,
                variant.id(),
                ids.join(" ")
            );
            assert!(text.starts_with(&head), "{slice}: {text}");
            // Its lines up to the stage (header, group, checksums), then the stage and the
            // stage's files: `depths after T`, `values.bin`, `depths-T.state`.
            let built: Vec<&str> = text
                .lines()
                .take_while(|l| !l.starts_with("depths after "))
                .collect();
            let values_line = text.lines().nth(built.len() + 1).unwrap();
            assert!(values_line.starts_with("values.bin "), "{slice}: {text}");
            std::fs::write(
                dir.join("checkpoint"),
                format!("{}\nvalues\n{values_line}\n", built.join("\n")),
            )
            .unwrap();
            let notes = Notes::default();
            let resumed = solve(&group, Known::Kept(&known), &notes, &options, DEEP).unwrap();
            assert!(
                resumed == expected,
                "{slice}: resumed after the values pass"
            );
            assert_eq!(
                *notes.0.lock().unwrap(),
                ["resuming the group after its values pass"]
            );
            std::fs::write(dir.join("checkpoint"), built.join("\n") + "\nbuilt\n").unwrap();
            let notes = Notes::default();
            let resumed = solve(&group, Known::Kept(&known), &notes, &options, DEEP).unwrap();
            assert!(resumed == expected, "{slice}: resumed after the moves pass");
            assert_eq!(
                *notes.0.lock().unwrap(),
                ["resuming the group after its moves pass"]
            );

            // Stopped at the end of the values pass (its last threshold saved, not its values),
            // the solve resumes from that threshold.
            std::fs::write(dir.join("checkpoint"), built.join("\n") + "\nbuilt\n").unwrap();
            let stopped = std::panic::catch_unwind(|| {
                let zeros = expected.iter().flat_map(|s| &s.values).filter(|&&v| v == 0);
                let stop = StopAtValuesEnd(zeros.count() as u64, Default::default());
                solve(&group, Known::Kept(&known), &stop, &options, DEEP)
            });
            assert!(stopped.is_err(), "{slice}: not stopped");
            let notes = Notes::default();
            let resumed = solve(&group, Known::Kept(&known), &notes, &options, DEEP).unwrap();
            assert!(
                resumed == expected,
                "{slice}: resumed within the values pass"
            );
            let said = notes.0.lock().unwrap().clone();
            assert!(
                said[0].starts_with("resuming the group's values after threshold"),
                "{slice}: {said:?}"
            );

            // A damaged checkpoint is discarded, saying why, and the group solved afresh.
            let exits = dir.join("exits.bin");
            let mut bytes = std::fs::read(&exits).unwrap();
            bytes[0] ^= 1;
            std::fs::write(&exits, bytes).unwrap();
            let notes = Notes::default();
            let resumed = solve(&group, Known::Kept(&known), &notes, &options, DEEP).unwrap();
            assert!(resumed == expected, "{slice}: solved afresh");
            assert_eq!(
                *notes.0.lock().unwrap(),
                ["starting the group afresh: exits.bin does not match its checksum"]
            );
            clear_work(&root, &group).unwrap();
            assert!(!dir.exists());
            std::fs::remove_dir_all(&root).unwrap();
        }
    }

    /// The smaller slices in files, their exits read in rounds of 1,000 positions, in segments
    /// of 16 positions, give what they give held in memory, with the moves in memory and on disk, for
    /// a variant of each family (Kalah's solve without the retrograde reads them whole); once
    /// a solve on disk is past its moves pass, the files are gone.
    #[test]
    fn exits_read_from_files_agree_with_exits_read_from_memory() {
        let cases = [
            (Variant::RioKadalis, SliceId::Seeds(12)),
            (Variant::Oware, SliceId::Seeds(7)),
            (Variant::AlManqala, SliceId::Seeds(8)),
            (Variant::BaoLaKiarabu, SliceId::Sides(3, 2)),
            (Variant::Anywoli, SliceId::Seeds(7)),
            (Variant::Kalah, SliceId::Seeds(6)),
        ];
        for (variant, id) in cases {
            let slice = Slice { variant, id };
            let (group, mut known, expected) = solved_in_memory(slice);
            let root =
                std::env::temp_dir().join(format!("mancala-far-{}-{slice}", std::process::id()));
            let files = root.join("known");
            known.move_to_files(variant, &files).unwrap();
            for s in moves::exit_slices(&group) {
                assert!(known.contains(s.id) && known.get(s.id).is_none(), "{s}");
            }
            let held = std::fs::read_dir(&files).unwrap().count();
            assert!(
                held >= moves::exit_slices(&group).len(),
                "{slice}: {held} files"
            );
            // Rounds of 1,000 positions, and the records read once 50 are held.
            let few = Limits {
                far: far_exits::Bounds {
                    round: 1000,
                    budget: 8 * 50,
                    segment_bits: 4,
                },
                ..Limits::of(1)
            };
            let in_memory = solve(
                &group,
                Known::Kept(&known),
                &Silent,
                &SolveOptions::default(),
                few,
            )
            .unwrap();
            assert!(in_memory == expected, "{slice}: moves in memory");
            let options = SolveOptions {
                work_dir: Some(root.clone()),
                checkpoint_every: Duration::ZERO,
            };
            let on_disk =
                solve(&group, Known::Released(&mut known), &Silent, &options, few).unwrap();
            assert!(on_disk == expected, "{slice}: moves on disk");
            assert_eq!(std::fs::read_dir(&files).unwrap().count(), 0, "{slice}");
            std::fs::remove_dir_all(&root).unwrap();
        }
    }

    /// A group numbered from past 2^32 (or at the top of the 40 bits a wide number holds) is
    /// solved with 64-bit numbers in every pass (its levels, records, table, checkpoints),
    /// and gives what it gives numbered from 0 in 32 bits, with its moves in memory, listed or
    /// scanned, on disk, and resumed from a checkpoint, for four variants (Oware's moves
    /// un-made, Bao's group two four-row slices; db/tests/distributed.rs adds Hawalis).
    #[test]
    fn groups_numbered_past_2_32_solve_as_when_numbered_from_0() {
        let cases = [
            (Variant::RioKadalis, SliceId::Seeds(12)),
            (Variant::Oware, SliceId::Seeds(7)),
            (Variant::BaoLaKiarabu, SliceId::Sides(3, 2)),
            (Variant::Anywoli, SliceId::Seeds(6)),
        ];
        for (variant, id) in cases {
            let slice = Slice { variant, id };
            let (group, known, expected) = solved_in_memory(slice);
            let n: usize = group.iter().map(|s| s.len() as usize).sum();
            let root =
                std::env::temp_dir().join(format!("mancala-wide-{}-{slice}", std::process::id()));
            for first in [(1 << 32) + 12_345, (1 << 40) - n] {
                let partition = Partition::on_first(&group, 1).numbered_from(first);
                assert!(
                    !u32::fits(partition.end()),
                    "{slice}: not numbered past 2^32"
                );
                let solve = |options: &SolveOptions, limits, notes: &dyn Progress| {
                    let share = share_of(
                        &group,
                        Known::Kept(&known),
                        notes,
                        &OneRank,
                        &partition,
                        options,
                        limits,
                    )
                    .unwrap();
                    share.into_share().unwrap().into_slices().unwrap()
                };
                let in_memory = SolveOptions::default();
                assert!(
                    solve(&in_memory, Limits::of(n), &Silent) == expected,
                    "{slice} from {first}"
                );
                assert!(
                    solve(&in_memory, DEEP, &Silent) == expected,
                    "{slice}: scanned"
                );
                let on_disk = SolveOptions {
                    work_dir: Some(root.clone()),
                    checkpoint_every: Duration::ZERO,
                };
                assert!(
                    solve(&on_disk, DEEP, &Silent) == expected,
                    "{slice}: on disk"
                );
                let notes = Notes::default();
                assert!(
                    solve(&on_disk, DEEP, &notes) == expected,
                    "{slice}: resumed"
                );
                assert!(
                    notes.0.lock().unwrap()[0]
                        .starts_with("resuming the group's depths after threshold"),
                    "{slice}"
                );
                // The checkpoint says how its group is numbered: the same directory read as a
                // group numbered from 0 starts afresh.
                let notes = Notes::default();
                let narrow = Partition::on_first(&group, 1);
                let share = share_of(
                    &group,
                    Known::Kept(&known),
                    &notes,
                    &OneRank,
                    &narrow,
                    &on_disk,
                    DEEP,
                )
                .unwrap();
                assert!(
                    share.into_share().unwrap().into_slices().unwrap() == expected,
                    "{slice}"
                );
                assert_eq!(
                    *notes.0.lock().unwrap(),
                    ["starting the group afresh: a checkpoint of another solver version or group"]
                );
                clear_work(&root, &group).unwrap();
            }
            let _ = std::fs::remove_dir_all(&root);
        }
    }

    /// Another rank, as [`agree`] sees it through its two reductions: a rank whose checkpoint
    /// is of stage `.0` (0 fresh, 1 built, 2 + t after threshold t).
    struct OtherRank(u64, std::cell::Cell<u32>);

    impl Ranks for OtherRank {
        fn rank(&self) -> usize {
            0
        }
        fn size(&self) -> usize {
            2
        }
        fn exchange(&self, _: Vec<Vec<u32>>) -> Vec<u32> {
            unreachable!("agreeing exchanges nothing")
        }
        fn exchange_wide(&self, _: Vec<Vec<u64>>) -> Vec<u64> {
            unreachable!("agreeing exchanges nothing")
        }
        fn sum(&self, _: &mut [u64]) {
            unreachable!("agreeing sums nothing")
        }
        /// The highest stage first, then the highest of `u64::MAX - stage` (the lowest).
        fn max(&self, values: &mut [u64]) {
            let call = self.1.replace(self.1.get() + 1);
            let theirs = match call % 2 {
                0 => self.0,
                _ => u64::MAX - self.0,
            };
            values[0] = values[0].max(theirs);
        }
        fn broadcast(&self, _: &mut Vec<u8>) {}
        fn gather(&self, _: &[u8], _: &mut dyn FnMut(Vec<u8>)) {}
    }

    /// Ranks resume a group from their checkpoints only when all of them hold the same stage;
    /// else every rank starts it afresh, saying why, its files cleared.
    #[test]
    fn ranks_resume_together_or_start_afresh() {
        let slice = Slice {
            variant: Variant::RioKadalis,
            id: SliceId::Seeds(8),
        };
        let known = known_values(&Slice::up_to(slice.variant, 4));
        let group = slice.group();
        let n = slice.len() as usize;
        let root = std::env::temp_dir().join(format!("mancala-agree-{}", std::process::id()));
        let options = SolveOptions {
            work_dir: Some(root.clone()),
            checkpoint_every: Duration::ZERO,
        };
        solve(&group, Known::Kept(&known), &Silent, &options, DEEP).unwrap();
        let table = !predecessors::unmade(&group);
        let open = || WorkDir::open(&root, &group, 0, n, table, 32, Duration::ZERO).unwrap();
        let mut dir = open();
        let t = match dir.resume::<u32>() {
            Resume::Depths(Some((_, t)), _) => t,
            _ => panic!("the solve left a checkpoint after its last threshold"),
        };
        let mine = 257 + t as u8 as u64;
        // The other rank holds the same stage: resume from it.
        let other = OtherRank(mine, Default::default());
        assert!(
            matches!(agree(dir.resume::<u32>(), &mut dir, &other), Resume::Depths(Some((_, x)), _) if x == t)
        );
        // It died before saving that threshold (it holds the one before), or after the moves
        // pass, or holds nothing: start afresh.
        for theirs in [mine + 1, 1, 0] {
            let mut dir = open();
            let other = OtherRank(theirs, Default::default());
            match agree(dir.resume::<u32>(), &mut dir, &other) {
                Resume::Fresh(Some(why)) => {
                    assert_eq!(why, "the ranks' checkpoints are not of the same stage")
                }
                _ => panic!("stage {theirs} against {mine}: not started afresh"),
            }
            assert!(!checkpoint::group_dir(&root, &group)
                .join("checkpoint")
                .exists());
            solve(&group, Known::Kept(&known), &Silent, &options, DEEP).unwrap();
        }
        std::fs::remove_dir_all(&root).unwrap();
    }
}
