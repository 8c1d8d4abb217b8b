//! `mancala prove VARIANT POSITION --out FILE`: a certificate that the position's value is
//! exactly what the search proves it to be, for another program to check (docs/proofs.md).

use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use mancala_db::Tablebase;
use mancala_eval::prove::{Certificate, ProofOptions, ProofReport, ProveError};
use mancala_eval::{Evaluator, SearchSettings};
use mancala_solver::engine::Budget;

use super::args::{DbPath, PositionArgs};
use super::hints::quoted;
use super::text::thousands;

/// Write a certificate that a position's value is exact: two strategies, checked by
/// `mancala proof check` with rules of its own.
///
/// The lower strategy fixes a move for the side to move at each of its positions, the upper
/// one for the other side; every position the other side's moves reach is in the file or is a
/// leaf (at most the tablebase's seeds on the board, or a finished game). The search engine
/// finds the strategies (it must first prove the position's value exact), but nothing in the
/// file rests on it: the checker plays out the game the file describes by itself, reading only
/// the leaves' values from the tablebase file. The format is described in docs/proofs.md.
#[derive(Debug, Args)]
#[command(after_help = "\
Example: mancala prove rio-kadalis '0,1,0,2,0,1/1,0,3,0,2,2 S' --out rk.proof
         mancala proof check rk.proof")]
pub struct ProveArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Where to write the certificate (JSON Lines).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// The first budget of the search that proves the position's value, and of each question
    /// the proof then asks of a move (does it reach what its position needs?), in nodes;
    /// multiplied by 4 while it settles nothing, up to --max-budget.
    #[arg(long, value_name = "NODES", default_value_t = ProofOptions::default().budget)]
    budget: u64,
    /// The largest budget of one search or question, in nodes.
    #[arg(long, value_name = "NODES", default_value_t = ProofOptions::default().max_budget)]
    max_budget: u64,
    /// The most positions the proof walks before it gives up.
    #[arg(long, value_name = "N", default_value_t = ProofOptions::default().max_positions)]
    max_positions: u64,
    /// The most seconds the proof may take; past it the command stops with an error that says
    /// how far it got. No limit by default.
    #[arg(long, value_name = "SECONDS")]
    time: Option<f64>,
    #[command(flatten)]
    db: DbPath,
}

impl ProveArgs {
    /// Proves the position's value, writes the certificate and says what it holds.
    pub fn run(self) -> Result<()> {
        let position = self.position.read()?;
        let options = ProofOptions {
            budget: self.budget.max(1),
            max_budget: self.max_budget.max(self.budget.max(1)),
            max_positions: self.max_positions,
            time: self
                .time
                .map(|s| Duration::try_from_secs_f64(s.max(0.0)).unwrap_or(Duration::MAX)),
        };
        let tb = Tablebase::open_read_only(&self.db.path)?;
        let settings = SearchSettings::single(Budget::nodes(options.max_budget));
        let evaluator = Evaluator::new(Arc::new(tb), settings)?;
        let bar = ProgressBar::new_spinner();
        bar.set_style(
            ProgressStyle::with_template("{spinner} proving: {msg} {elapsed}")
                .expect("a valid template"),
        );
        bar.enable_steady_tick(Duration::from_millis(200));
        let mut shown = |r: &ProofReport| bar.set_message(report_words(r));
        let certificate = evaluator
            .prove(&position, options, &mut shown)
            .map_err(proof_error)?;
        bar.finish_and_clear();
        write_certificate(&certificate, &self.out, &self.db.path)
    }
}

/// A proof's error for the command line: the tablebase's error itself where that is the cause
/// (a transparent variant hides it from the error chain), so that the hints can say how to
/// repair it.
pub(super) fn proof_error(e: ProveError) -> anyhow::Error {
    match e {
        ProveError::Eval(e) => anyhow::Error::new(e),
        e => anyhow::Error::new(e),
    }
}

/// Writes `certificate` to `out` and says on standard error what it holds and how to check it
/// against `db` (`mancala prove`, `mancala eval --certify`).
pub(super) fn write_certificate(certificate: &Certificate, out: &Path, db: &Path) -> Result<()> {
    let file = File::create(out).with_context(|| format!("creating {}", out.display()))?;
    certificate
        .write_jsonl(BufWriter::new(file))
        .with_context(|| format!("writing {}", out.display()))?;
    let (lower, upper) = certificate.counts();
    let r = &certificate.report;
    eprintln!(
        "{} {}: value exactly {}, proven down to the tablebase's {} seeds: {} written, {} \
         strategy lines ({} lower, {} upper); {} in {:.1} s. Check it with `mancala proof \
         check {} --db {}`.",
        certificate.root.variant(),
        certificate.root,
        certificate.value,
        certificate.tablebase_max_seeds,
        out.display(),
        thousands((lower + upper) as u64),
        thousands(lower as u64),
        thousands(upper as u64),
        report_words(r),
        r.elapsed.as_secs_f64(),
        quoted(&out.display().to_string()),
        quoted(&db.display().to_string()),
    );
    Ok(())
}

/// `1,234 positions (a line of 56), 78 searches of 9,012 nodes`.
fn report_words(r: &ProofReport) -> String {
    format!(
        "{} positions (a line of {}), {} searches of {} nodes",
        thousands(r.positions),
        thousands(r.deepest),
        thousands(r.searches),
        thousands(r.nodes)
    )
}
