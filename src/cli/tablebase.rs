//! Opening the tablebase file named by `--db` (or `$MANCALA_DB`, or `mancala.db`).

use std::path::Path;

use anyhow::{bail, Result};
use mancala_db::Tablebase;

/// Opens an existing tablebase for reading; a missing file is explained, with the command that
/// creates one.
pub fn open_existing(path: &Path) -> Result<Tablebase> {
    if !path.exists() {
        bail!(
            "no tablebase at {}: build one with `mancala solve all --db {}` (or pass --db PATH)",
            path.display(),
            path.display()
        );
    }
    Ok(Tablebase::open_read_only(path)?)
}
