//! `mancala prove VARIANT POSITION --out FILE`: a certificate that the position's value is
//! exactly what the search proves it to be, for another program to check (docs/proofs.md).

use std::fs::File;
use std::io::BufWriter;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use mancala_db::Tablebase;
use mancala_eval::prove::{ProofOptions, ProofReport, ProveError};
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
    /// The first budget of each search the proof asks for, in nodes; multiplied by 4 where no
    /// move is proven yet, up to --max-budget.
    #[arg(long, value_name = "NODES", default_value_t = ProofOptions::default().budget)]
    budget: u64,
    /// The largest budget of one search, in nodes.
    #[arg(long, value_name = "NODES", default_value_t = ProofOptions::default().max_budget)]
    max_budget: u64,
    /// The most positions the proof visits before it gives up.
    #[arg(long, value_name = "N", default_value_t = ProofOptions::default().max_positions)]
    max_positions: u64,
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
            .map_err(|e| match e {
                // The tablebase's error itself (a transparent variant hides it from the error
                // chain), so that the hints can say how to repair it.
                ProveError::Eval(e) => anyhow::Error::new(e),
                e => anyhow::Error::new(e),
            })?;
        bar.finish_and_clear();
        let file =
            File::create(&self.out).with_context(|| format!("creating {}", self.out.display()))?;
        certificate
            .write_jsonl(BufWriter::new(file))
            .with_context(|| format!("writing {}", self.out.display()))?;
        let (lower, upper) = certificate.counts();
        let r = &certificate.report;
        eprintln!(
            "{} {}: value exactly {}, proven down to the tablebase's {} seeds: {} written, {} \
             strategy lines ({} lower, {} upper); {} in {:.1} s. Check it with `mancala proof \
             check {} --db {}`.",
            position.variant(),
            certificate.root,
            certificate.value,
            certificate.tablebase_max_seeds,
            self.out.display(),
            thousands((lower + upper) as u64),
            thousands(lower as u64),
            thousands(upper as u64),
            report_words(r),
            r.elapsed.as_secs_f64(),
            quoted(&self.out.display().to_string()),
            quoted(&self.db.path.display().to_string()),
        );
        Ok(())
    }
}

/// `1,234 positions, 56 searches of 7,890 nodes`.
fn report_words(r: &ProofReport) -> String {
    format!(
        "{} positions, {} searches of {} nodes",
        thousands(r.positions),
        thousands(r.searches),
        thousands(r.nodes)
    )
}
