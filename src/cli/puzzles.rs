//! `mancala puzzles generate` and `mancala puzzles export`: endgame puzzles found in the
//! tablebase, kept in the same database file (`mancala puzzles compose` is in `compose.rs`).

use std::sync::Arc;
use std::time::Instant;

use anyhow::{bail, Result};
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use mancala_db::Tablebase;
use mancala_eval::{Evaluator, SearchSettings};
use mancala_puzzles::{generate, GenerateOptions, PuzzleStore, Theme};
use mancala_solver::Variant;

use super::args::{variant_parser, DbPath};

/// `mancala puzzles ...`.
#[derive(Debug, Subcommand)]
pub enum PuzzlesCommand {
    /// Find new puzzles in the solved slices of a variant and store them in the database.
    ///
    /// A puzzle is a position (with CAPTURED, so the whole game's result is at stake: the seeds
    /// off the board are split so that the side to move wins by the smallest margin) in which
    /// South, to move, wins the game with perfect play. Its first move, and every move it counts
    /// as a move to find, is a decision: at least two legal moves, at least one of which loses
    /// the win, and exactly one keeps it (in score variants: keeps the best score, every other
    /// move losing the game or at least 4 seeds). Where South has a single legal move along the
    /// line, it is played for the player and not counted. North defends as long as it can. The
    /// solution runs to South's move that secures the result (a capture or the end). Positions
    /// are drawn at random from the larger solved slices with a seeded generator: the same seed
    /// and tablebase give the same puzzles. Puzzles already stored are skipped; one-move
    /// puzzles are kept to a tenth. Each gets theme tags and an initial rating from its
    /// difficulty.
    #[command(after_help = "\
Themes: oneMove short long veryLong (moves to find), quiet (the first move captures nothing),
sacrifice, relay, binikh, extraTurn, starvation, immobilisation, grandSlam, chain, feeding,
cycleSave, endlessTrap, binikhFork, closedPits (the README defines each).

Examples: mancala puzzles generate anywoli --count 100
          mancala puzzles generate rio-kadalis --theme closedPits --count 10")]
    Generate(GenerateArgs),
    /// Compose Anuak problems beyond the tablebase: South to play and win, proven by exact
    /// search, and store them in the `anuak` collection.
    ///
    /// A problem is a position with more seeds than the tablebase holds (CAPTURED set so that
    /// South wins the whole game by the smallest margin) in which South wins, and at each of its
    /// turns until its first capture (or the end) it has one legal move (played for it) or
    /// exactly one move that keeps the win of the game (a move to find). North's replies keep
    /// its best value; of those, the one that puts South's capture off longest is the line, and
    /// South's moves must be unique against every one of them. Every value is proven by a search
    /// down to the tablebase, never estimated: a candidate that a search cannot prove within
    /// --nodes is passed over. Candidates are random positions and positions of games the engine
    /// plays against itself; the same seed, range and tablebase give the same problems, and a
    /// composition resumes where the last one with the same seed and range stopped.
    #[command(
        after_help = "Example: mancala puzzles compose anywoli --seeds 12..16 --min-moves 2 --count 20 --time-limit 600"
    )]
    Compose(super::compose::ComposeArgs),
    /// Write the served puzzles (not the retired ones) as CSV on standard output, as chess
    /// puzzle databases do:
    /// PuzzleId,Variant,Position,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes.
    ///
    /// Moves is the whole solution line, space-separated, starting with South's first move;
    /// Themes is space-separated; Popularity is -100..100 from players' votes (0 until there
    /// are votes).
    Export(ExportArgs),
}

/// `mancala puzzles generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// The variant id (`mancala variants` lists them).
    #[arg(value_parser = variant_parser())]
    variant: Variant,
    /// How many new puzzles to find.
    #[arg(long, default_value_t = 100)]
    count: usize,
    /// Seed of the random draw.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Only puzzles with this theme (`closedPits`: boards of a Rio Kadalis match's later
    /// rounds, drawn from the shape tables).
    #[arg(long)]
    theme: Option<Theme>,
    /// Hide the progress bar.
    #[arg(long, short)]
    quiet: bool,
    #[command(flatten)]
    db: DbPath,
}

/// `mancala puzzles export`.
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// Only this variant.
    #[arg(long, value_parser = variant_parser())]
    variant: Option<Variant>,
    #[command(flatten)]
    db: DbPath,
}

impl PuzzlesCommand {
    /// Runs `puzzles generate` or `puzzles export`.
    pub fn run(self) -> Result<()> {
        match self {
            PuzzlesCommand::Generate(args) => args.run(),
            PuzzlesCommand::Compose(args) => args.run(),
            PuzzlesCommand::Export(args) => args.run(),
        }
    }
}

impl GenerateArgs {
    /// Generates `--count` new puzzles of the variant and stores them.
    fn run(self) -> Result<()> {
        let GenerateArgs {
            variant,
            count,
            seed,
            theme,
            quiet,
            db,
        } = self;
        if theme == Some(Theme::ClosedPits) && !variant.closes_pits() {
            bail!("--theme closedPits: {variant} has no pits closed with sand (Rio Kadalis has)");
        }
        let tb = Tablebase::open(&db.path)?;
        // A clockwise Rio Kadalis reads the counter-clockwise tables.
        let tables = variant.stored_as();
        let held = tb.current_slices(tables)?;
        if held.is_empty() {
            bail!(
                "{variant} has no solved slice in {}: run `mancala solve {tables} --db {}` first",
                tb.path(),
                db.path.display()
            );
        }
        if theme == Some(Theme::ClosedPits) && held.iter().all(|id| id.is_full_board()) {
            bail!(
                "--theme closedPits: {} has no shape tables of {tables} (the boards with closed \
                 pits): run `mancala solve {tables} --shapes all --db {}` first",
                tb.path(),
                db.path.display()
            );
        }
        let store = PuzzleStore::open(&db.path)?;
        let evaluator = Evaluator::new(Arc::new(tb), SearchSettings::default())?;
        let opts = GenerateOptions {
            count,
            seed,
            tries_per_puzzle: TRIES_PER_PUZZLE,
            theme,
        };
        let found = generate_into(&evaluator, &store, variant, opts, quiet)?;
        eprintln!("{variant}: {found} new puzzles stored in {}", store.path());
        Ok(())
    }
}

/// Positions examined per puzzle asked for before `generate` gives up.
const TRIES_PER_PUZZLE: usize = 5000;

/// Generates puzzles as `opts` says from the tablebase of `evaluator` and stores them in
/// `store`, showing progress; returns how many were new.
pub fn generate_into(
    evaluator: &Evaluator,
    store: &PuzzleStore,
    variant: Variant,
    opts: GenerateOptions,
    quiet: bool,
) -> Result<usize> {
    let count = opts.count;
    let bar = if quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(count as u64)
    };
    bar.set_style(
        ProgressStyle::with_template(
            "{prefix:>14} [{bar:30}] {pos}/{len} puzzles  {msg}  {elapsed}",
        )
        .expect("valid template")
        .progress_chars("=> "),
    );
    bar.set_prefix(variant.id());
    let start = Instant::now();
    let stored = store.puzzles(Some(variant))?;
    let puzzles = generate(evaluator, variant, &stored, opts, |examined, found| {
        bar.set_position(found as u64);
        bar.set_message(format!("{examined} positions examined"));
    })?;
    bar.finish_and_clear();
    let stored = store.insert_puzzles(&puzzles)?;
    if puzzles.len() < count {
        eprintln!(
            "{variant}: found {} of the {count} puzzles asked for; the tablebase may be too small for more (solve more seeds)",
            puzzles.len()
        );
    }
    eprintln!(
        "{variant}: {} puzzles in {:.1} s",
        puzzles.len(),
        start.elapsed().as_secs_f64()
    );
    Ok(stored)
}

impl ExportArgs {
    /// Writes the served puzzles as CSV on standard output:
    /// `PuzzleId,Variant,Position,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes`.
    fn run(self) -> Result<()> {
        let store = PuzzleStore::open_read_only(&self.db.path)?;
        let mut out = csv::Writer::from_writer(std::io::stdout().lock());
        out.write_record([
            "PuzzleId",
            "Variant",
            "Position",
            "Moves",
            "Rating",
            "RatingDeviation",
            "Popularity",
            "NbPlays",
            "Themes",
        ])?;
        for p in store
            .puzzles(self.variant)?
            .into_iter()
            .filter(|p| !p.retired)
        {
            let puzzle = &p.puzzle;
            out.write_record([
                p.id.to_string(),
                puzzle.variant().id().to_owned(),
                puzzle.position.to_string(),
                puzzle.solution_text(),
                format!("{:.0}", puzzle.rating.rating),
                format!("{:.0}", puzzle.rating.deviation),
                p.popularity.to_string(),
                p.plays.to_string(),
                puzzle.themes_text(),
            ])?;
        }
        out.flush()?;
        Ok(())
    }
}
