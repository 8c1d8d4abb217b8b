//! `mancala proof check FILE`: a certificate written by `mancala prove` (or by anyone, in the
//! format of docs/proofs.md) checked by `mancala-check`, whose rules and reading of the
//! tablebase file share no code with the solver.

use std::path::PathBuf;

use anyhow::{bail, Result};
use clap::{Args, Subcommand};
use mancala_check::proof::{self, BoundError, BoundValue};

use super::args::DbPath;
use super::print;
use super::text::thousands;

/// Work with certificates of exact values.
#[derive(Debug, Subcommand)]
pub enum ProofCommand {
    Check(CheckArgs),
}

impl ProofCommand {
    /// Runs the subcommand.
    pub fn run(self) -> Result<()> {
        match self {
            ProofCommand::Check(args) => args.run(),
        }
    }
}

/// Check a certificate of an exact value with rules of its own: exits 0 only when both bounds'
/// games are worth the value the certificate claims.
///
/// For each bound the checker builds the finite game the file describes (the chooser's moves
/// as written, the other side's every legal move, leaves valued from the tablebase file,
/// finished games by their end, endless play as the rules value it) and values it. It prints
/// the value it found for each bound. Nothing of the solver is used: the rules, the position
/// notation and the tablebase format are implemented again in the crate mancala-check.
#[derive(Debug, Args)]
#[command(after_help = "\
Example: mancala prove rio-kadalis '0,1,0,2,0,1/1,0,3,0,2,2 S' --out rk.proof
         mancala proof check rk.proof")]
pub struct CheckArgs {
    /// The certificate (JSON Lines, mancala-proof/1).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    #[command(flatten)]
    db: DbPath,
}

impl CheckArgs {
    /// Checks the certificate and prints each bound's value.
    pub fn run(self) -> Result<()> {
        let started = std::time::Instant::now();
        let checked = proof::check_file(&self.file, &self.db.path)?;
        let h = &checked.header;
        let mut out = format!(
            "{}: {} {} claimed worth exactly {} (leaves: at most {} seeds, from {}; {} lines)\n",
            self.file.display(),
            h.variant,
            h.root_text,
            h.value,
            h.tablebase_max_seeds,
            self.db.path.display(),
            thousands(checked.lines as u64)
        );
        for bound in [&checked.lower, &checked.upper] {
            out.push_str(&format!("  {}\n", bound_words(bound, h.value)));
        }
        let seconds = started.elapsed().as_secs_f64();
        if checked.accepted() {
            out.push_str(&format!(
                "proven: the value is exactly {} (checked in {seconds:.1} s).\n",
                h.value
            ));
            return Ok(print(&out)?);
        }
        // What each bound is worth, on standard error beside the failure: nothing on standard
        // output reads as a proof.
        eprint!("{out}");
        bail!(
            "{}: not a proof that {} is worth exactly {}",
            self.file.display(),
            h.root_text,
            h.value
        )
    }
}

/// `lower bound: the game is worth -8 (as claimed), 1,234 positions, 56 leaves`, or why it
/// could not be valued.
fn bound_words(bound: &Result<BoundValue, BoundError>, claim: i32) -> String {
    match bound {
        Ok(b) => {
            let verdict = if b.value == claim {
                "as claimed".to_owned()
            } else {
                format!("NOT the claimed {claim}")
            };
            let unreachable = if b.unreachable_lines > 0 {
                format!(
                    "; {} line(s) for positions it never reaches",
                    thousands(b.unreachable_lines as u64)
                )
            } else {
                String::new()
            };
            // Positions without a line are worth their worst to the chooser: harmless where
            // the bound holds anyway, the first place to look where it does not.
            let unlined = match (&b.first_unlined, b.value == claim) {
                (Some(_), true) => format!(
                    "; {} position(s) of its chooser without a line, each valued at its worst",
                    thousands(b.unlined as u64)
                ),
                (Some(first), false) => format!(
                    "; {} position(s) of its chooser without a line, each valued at its worst, \
                     the first `{first}`",
                    thousands(b.unlined as u64)
                ),
                (None, _) => String::new(),
            };
            format!(
                "{} bound: its game is worth {} ({verdict}): {} positions, {} \
                 leaves{unreachable}{unlined}",
                b.bound,
                b.value,
                thousands(b.positions as u64),
                thousands(b.leaves as u64)
            )
        }
        Err(e) => format!("rejected: {e}"),
    }
}
