//! `mancala puzzles compose`: Anuak problems composed beyond the tablebase, stored
//! batch by batch with where the composition stands, so that it resumes where it stopped.

use std::collections::BTreeMap;
use std::ops::RangeInclusive;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use mancala_db::Tablebase;
use mancala_puzzles::compose::prove::ProofLimits;
use mancala_puzzles::compose::{can_compose, compose, ComposeOptions, Draw};
use mancala_puzzles::{Collection, CompositionKey, PuzzleStore};
use mancala_solver::engine::Budget;
use mancala_solver::Variant;

use super::args::{variant_parser, DbPath};

/// `mancala puzzles compose`.
#[derive(Debug, Args)]
pub struct ComposeArgs {
    /// The variant id (`mancala variants` lists them).
    #[arg(value_parser = variant_parser())]
    variant: Variant,
    /// Seeds on the board (both sides together), as `A..B` or a single number. Default: from
    /// the largest solved slice's seeds plus one step to that plus two steps (Anywoli with the
    /// tablebase to 12 seeds: 16..20).
    #[arg(long, value_parser = parse_seeds, value_name = "A..B")]
    seeds: Option<RangeInclusive<u32>>,
    /// Fewest moves to find (South's decisions; forced moves are not counted).
    #[arg(long, default_value_t = 2)]
    min_moves: usize,
    /// How many new problems to find.
    #[arg(long, default_value_t = 10)]
    count: usize,
    /// Seed of the candidates. The same seed, range and tablebase give the same problems; a
    /// composition resumes where the last one with the same seed and range stopped.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Instead of sampling, take every position of the range in turn: the range must be solved
    /// (then every value comes from the tablebase), and each position is first screened with
    /// the tablebase's values held in memory (about 1 byte a position of the range), so that
    /// only those whose first move is the only winning one are proved. Finds the rare long
    /// problems that sampling misses; resumes where the last scan of the range stopped.
    #[arg(long, conflicts_with = "closed_pits")]
    scan: bool,
    /// Sample boards with pits closed with sand (Rio Kadalis, a match's later rounds: every
    /// count of open pits a side, the low-numbered pits closed as a match closes them); the
    /// problems carry the theme closedPits. A composition of its own: it resumes apart from the
    /// open boards' of the same seed and range.
    #[arg(long)]
    closed_pits: bool,
    /// Give up after examining this many candidates [default: 1,000,000 sampled; a scan goes to
    /// the end of its range].
    #[arg(long)]
    max_candidates: Option<u64>,
    /// Stop after this many seconds (the problems found so far are kept).
    #[arg(long, value_name = "SECONDS")]
    time_limit: Option<u64>,
    /// Nodes of each search that proves a value beyond the tablebase; a candidate whose values
    /// are not all proven within it is passed over (never kept on an estimate).
    #[arg(long, default_value_t = 200_000)]
    nodes: u64,
    /// Hide the progress bar.
    #[arg(long, short)]
    quiet: bool,
    #[command(flatten)]
    db: DbPath,
}

/// Reads `A..B` or `N`.
fn parse_seeds(text: &str) -> Result<RangeInclusive<u32>, String> {
    let number = |t: &str| {
        t.trim()
            .parse::<u32>()
            .map_err(|_| format!("`{t}` is not a number of seeds"))
    };
    let (a, b) = match text.split_once("..") {
        Some((a, b)) => (number(a)?, number(b)?),
        None => (number(text)?, number(text)?),
    };
    if a > b {
        return Err(format!(
            "{a}..{b} is empty: the first number must not exceed the second"
        ));
    }
    Ok(a..=b)
}

/// What a composition is asked for.
pub struct ComposeRequest {
    /// The variant.
    pub variant: Variant,
    /// Seeds on the board.
    pub seeds: RangeInclusive<u32>,
    /// Fewest moves to find.
    pub min_moves: usize,
    /// Problems wanted.
    pub count: usize,
    /// Seed of the candidates.
    pub seed: u64,
    /// How the candidates are drawn.
    pub draw: Draw,
    /// Candidates to examine at most.
    pub max_candidates: u64,
    /// Time allowed.
    pub time_limit: Option<Duration>,
    /// Nodes of each proving search.
    pub nodes: u64,
    /// Hide the progress bar.
    pub quiet: bool,
}

impl ComposeRequest {
    /// The composition this request goes on with (where it resumes, what its last run found).
    pub fn key(&self) -> CompositionKey {
        CompositionKey {
            variant: self.variant,
            collection: Collection::Anuak,
            seeds: self.seeds.clone(),
            draw: self.draw,
            seed: self.seed,
        }
    }
}

/// The default range: one to two steps of the variant's seed count above the largest solved
/// slice, where a proof needs a capture or two to reach the tablebase.
pub fn default_seeds(tb: &Tablebase, variant: Variant) -> Result<RangeInclusive<u32>> {
    let top = tb
        .current_slices(variant.stored_as())?
        .iter()
        .map(|s| s.total())
        .max()
        .unwrap_or(0);
    let step = variant.total_step().max(1);
    Ok(top + step..=top + 2 * step)
}

/// Composes problems over `tb` and stores them in `store`, batch by batch; returns how many were
/// new, and records that number as the run's finding ([`PuzzleStore::record_composition_run`]).
pub fn compose_into(tb: &Arc<Tablebase>, store: &PuzzleStore, r: &ComposeRequest) -> Result<usize> {
    let key = r.key();
    let first = store.composition_next(&key)?;
    let bar = if r.quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(r.count as u64)
    };
    bar.set_style(
        ProgressStyle::with_template(
            "{prefix:>14} [{bar:30}] {pos}/{len} problems  {msg}  {elapsed}",
        )
        .expect("valid template")
        .progress_chars("=> "),
    );
    bar.set_prefix(r.variant.id());
    let start = Instant::now();
    let opts = ComposeOptions {
        seeds: r.seeds.clone(),
        min_moves: r.min_moves,
        count: r.count,
        seed: r.seed,
        first_candidate: first,
        max_candidates: r.max_candidates,
        deadline: r.time_limit.map(|t| start + t),
        limits: ProofLimits {
            search: Budget::nodes(r.nodes),
            ..ProofLimits::default()
        },
        draw: r.draw,
    };
    let mut stored = 0;
    let known = store.puzzles(Some(r.variant))?;
    let done = compose(tb, r.variant, &known, &opts, |found, so_far| {
        let puzzles: Vec<_> = found.iter().map(|c| c.puzzle.clone()).collect();
        stored += store.store_composed(&key, &puzzles, so_far.next_candidate)?;
        bar.set_position(so_far.problems.len() as u64);
        bar.set_message(format!("{} candidates examined", so_far.examined));
        Ok(())
    })?;
    bar.finish_and_clear();
    store.record_composition_run(&key, stored as u64)?;
    let secs = start.elapsed().as_secs_f64();
    let mut by_size: BTreeMap<(u32, usize), usize> = BTreeMap::new();
    for c in &done.problems {
        let p = &c.puzzle;
        *by_size
            .entry((p.position.seeds_on_board(), p.moves_to_find()))
            .or_default() += 1;
    }
    let sizes: Vec<String> = by_size
        .iter()
        .map(|((seeds, moves), n)| format!("{n} of {seeds} seeds and {moves} moves"))
        .collect();
    eprintln!(
        "{}: {} problems in {} candidates ({}..{} seeds, at least {} moves to find) in {secs:.1} s; \
         candidates {first}..{} examined{}",
        r.variant,
        done.problems.len(),
        done.examined,
        r.seeds.start(),
        r.seeds.end(),
        r.min_moves,
        done.next_candidate,
        if sizes.is_empty() {
            String::new()
        } else {
            format!(": {}", sizes.join(", "))
        }
    );
    Ok(stored)
}

/// Whether some solved slice of `variant`'s full board has a seed total in `seeds`.
fn solved_range(tb: &Tablebase, variant: Variant, seeds: &RangeInclusive<u32>) -> Result<bool> {
    Ok(tb
        .current_slices(variant.stored_as())?
        .iter()
        .any(|id| id.is_full_board() && seeds.contains(&id.total())))
}

impl ComposeArgs {
    /// Composes `--count` new problems and stores them in the Anuak collection.
    pub fn run(self) -> Result<()> {
        let variant = self.variant;
        if self.closed_pits && !variant.closes_pits() {
            bail!("--closed-pits: {variant} has no pits closed with sand (Rio Kadalis has)");
        }
        let tb = Arc::new(Tablebase::open(&self.db.path)?);
        // A clockwise Rio Kadalis reads the counter-clockwise tables.
        let tables = variant.stored_as();
        if tb.current_slices(tables)?.is_empty() {
            bail!(
                "{variant} has no solved slice in {}: a proof searches down to the tablebase; run \
                 `mancala solve {tables} --db {}` first",
                tb.path(),
                self.db.path.display()
            );
        }
        if self.scan && variant.mirror_image_of().is_some() {
            bail!(
                "--scan: {variant} has no slices of its own to scan (it reads {tables}'s, each \
                 row reversed); sample without --scan"
            );
        }
        let seeds = match self.seeds {
            Some(s) => s,
            None => default_seeds(&tb, variant)?,
        };
        if self.scan && !solved_range(&tb, variant, &seeds)? {
            bail!(
                "--scan: no slice of {variant} with {}..{} seeds is solved in {}: scan a solved \
                 range (`mancala db` lists the slices), or sample without --scan",
                seeds.start(),
                seeds.end(),
                tb.path()
            );
        }
        if !can_compose(variant, seeds.clone(), self.closed_pits) {
            bail!(
                "--seeds {}..{}: {variant} has no position with that many seeds on the board \
                 (its totals go in steps of {})",
                seeds.start(),
                seeds.end(),
                variant.total_step()
            );
        }
        let stored = compose_into(
            &tb,
            &PuzzleStore::open(&self.db.path)?,
            &ComposeRequest {
                variant,
                seeds,
                min_moves: self.min_moves.max(1),
                count: self.count,
                seed: self.seed,
                draw: match (self.scan, self.closed_pits) {
                    (true, _) => Draw::Scan,
                    (false, true) => Draw::SampleClosed,
                    (false, false) => Draw::Sample,
                },
                max_candidates: self.max_candidates.unwrap_or(match self.scan {
                    true => u64::MAX,
                    false => 1_000_000,
                }),
                time_limit: self.time_limit.map(Duration::from_secs),
                nodes: self.nodes.max(1),
                quiet: self.quiet,
            },
        )?;
        eprintln!(
            "{variant}: {stored} new problems stored in {} (collection anuak)",
            tb.path()
        );
        Ok(())
    }
}
