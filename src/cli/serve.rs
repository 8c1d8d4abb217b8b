//! `mancala serve [--bind HOST:PORT] [--db PATH]`: the HTTP evaluation service. On a database
//! with no solved slice it first builds the default tablebase (with progress), and on one with no
//! puzzle a starter set of puzzles; then it serves.

use std::io::Write as _;
use std::path::Path;

use anyhow::{Context, Result};
use mancala_db::Tablebase;
use mancala_solver::Variant;

use super::solve::{default_max_seeds, solve_variant};

/// Builds the tablebase if there is none, then serves until Ctrl-C.
pub fn run(bind: &str, max_seeds: Option<u32>, db: &Path) -> Result<()> {
    mancala_api::server::init_logging();
    if !has_solved_slices(db)? {
        let tb = Tablebase::open(db)?;
        eprintln!(
            "No solved slices in {}: building the default tablebase first (about two minutes \
             on two cores; stop it at any time, it resumes).",
            db.display()
        );
        for v in Variant::ALL {
            let max = max_seeds.unwrap_or_else(|| default_max_seeds(v));
            solve_variant(&tb, v, max, false)?;
        }
    }
    starter_puzzles(db)?;
    mancala_api::server::run(bind, db, |addrs| {
        let mut out = std::io::stdout().lock();
        for addr in addrs {
            let _ = writeln!(out, "Listening on http://{addr}");
        }
        let _ = writeln!(
            out,
            "API description: http://{}/api/openapi.json  (Ctrl-C stops)",
            addrs.first().map(ToString::to_string).unwrap_or_default()
        );
        let _ = out.flush();
    })
}

/// Puzzles of every solved variant generated when a database has none yet.
const STARTER_PUZZLES: usize = 50;
/// Positions examined per starter puzzle at most, so that a small tablebase with few puzzles in
/// it does not hold up the start.
const STARTER_TRIES: usize = 100;

/// Generates a starter set of puzzles if the database has none.
fn starter_puzzles(db: &Path) -> Result<()> {
    let tb = Tablebase::open(db)?;
    if !tb.puzzles(None)?.is_empty() {
        return Ok(());
    }
    eprintln!(
        "No puzzles in {} yet: generating a starter set.",
        db.display()
    );
    for v in Variant::ALL {
        if !tb.current_slices(v)?.is_empty() {
            super::puzzles::generate_into(&tb, v, STARTER_PUZZLES, 1, STARTER_TRIES, false)?;
        }
    }
    Ok(())
}

/// Whether the database at `db` exists and holds a slice of some variant solved under the
/// current rules.
fn has_solved_slices(db: &Path) -> Result<bool> {
    if !db.exists() {
        return Ok(false);
    }
    let tb = Tablebase::open(db).with_context(|| format!("opening {}", db.display()))?;
    for v in Variant::ALL {
        if !tb.current_slices(v)?.is_empty() {
            return Ok(true);
        }
    }
    Ok(false)
}
