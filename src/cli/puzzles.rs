//! `mancala puzzles generate` and `mancala puzzles export`: endgame puzzles found in the
//! tablebase, kept in the same database file.

use std::path::Path;
use std::time::Instant;

use anyhow::{bail, Result};
use indicatif::{ProgressBar, ProgressStyle};
use mancala_db::Tablebase;
use mancala_puzzles::{generate, GenerateOptions};
use mancala_solver::Variant;

/// Generates `count` new puzzles of `variant` and stores them.
pub fn generate_cmd(
    variant: Variant,
    count: usize,
    seed: u64,
    db: &Path,
    quiet: bool,
) -> Result<()> {
    let tb = Tablebase::open(db)?;
    if tb.current_slices(variant)?.is_empty() {
        bail!(
            "{variant} has no solved slice in {}: run `mancala solve {variant} --db {}` first",
            tb.path(),
            db.display()
        );
    }
    let found = generate_into(&tb, variant, count, seed, TRIES_PER_PUZZLE, quiet)?;
    eprintln!("{variant}: {found} new puzzles stored in {}", tb.path());
    Ok(())
}

/// Positions examined per puzzle asked for before `generate` gives up.
pub const TRIES_PER_PUZZLE: usize = 5000;

/// Generates and stores puzzles, showing progress, examining at most `tries` positions per
/// puzzle asked for; returns how many were new.
pub fn generate_into(
    tb: &Tablebase,
    variant: Variant,
    count: usize,
    seed: u64,
    tries: usize,
    quiet: bool,
) -> Result<usize> {
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
    let opts = GenerateOptions {
        count,
        seed,
        tries_per_puzzle: tries,
    };
    let puzzles = generate(tb, variant, opts, |examined, found| {
        bar.set_position(found as u64);
        bar.set_message(format!("{examined} positions examined"));
    })?;
    bar.finish_and_clear();
    let stored = tb.insert_puzzles(&puzzles)?;
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

/// Writes the puzzles as CSV on standard output:
/// `PuzzleId,Variant,Position,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes`.
pub fn export(variant: Option<Variant>, db: &Path) -> Result<()> {
    let tb = super::tablebase::open_existing(db)?;
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
    for p in tb.puzzles(variant)? {
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
