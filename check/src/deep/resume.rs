//! The progress file of a deep verification, `DB.deep-verify` next to the database, so that a
//! stopped verification goes on where it stopped: a header line, then one line for every slice
//! checked in full and found to agree, with what identifies the slice as it was checked (its
//! variant, its name, its solver and rules versions and when it was solved, tab-separated). A
//! slice solved again has another date and is checked again; a file with another header (another
//! version of the checker) is started afresh.
//!
//! A slice too large to check in one sitting (Rio Kadalis 32 takes hours) also records how far
//! it got: a line of the same fields and a sixth, `chunks N`, when its first N chunks are checked
//! and agree, written about once a minute, so that a stopped check of one slice goes on from
//! there rather than from its first chunk.

use std::collections::{HashMap, HashSet};
use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

use crate::table::SliceRow;

/// The first line of the file: its format and the rules of the checker that wrote it.
const HEADER: &str = concat!(
    "mancala-check deep-verify/1 rules ",
    "1", // crate::RULES_VERSION; a test checks that they agree
);

/// The slices checked so far, as the file records them.
pub struct Done {
    path: PathBuf,
    lines: HashSet<String>,
    /// By slice line: how many of its first chunks are checked and agree.
    partial: HashMap<String, u64>,
}

/// The sixth field of a partly checked slice's line.
const CHUNKS: &str = "chunks ";

/// The line that records a slice.
fn line(row: &SliceRow) -> String {
    [
        row.variant.as_str(),
        &row.slice,
        &row.solver_version,
        &row.rules_version,
        &row.solved_at,
    ]
    .join("\t")
}

/// Where the progress file of `db` is: `DB.deep-verify`.
pub fn path_of(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push(".deep-verify");
    PathBuf::from(name)
}

impl Done {
    /// The progress recorded for `db`; nothing when there is no file or it is of another
    /// version.
    pub fn load(db: &Path) -> io::Result<Done> {
        let path = path_of(db);
        let mut lines = HashSet::new();
        let mut partial = HashMap::new();
        match File::open(&path) {
            Ok(f) => {
                let mut all = BufReader::new(f).lines();
                if all.next().transpose()?.as_deref() == Some(HEADER) {
                    for l in all {
                        let l = l?;
                        let chunks = l.rsplit_once('\t').and_then(|(slice, last)| {
                            let n = last.strip_prefix(CHUNKS)?.parse::<u64>().ok()?;
                            Some((slice.to_owned(), n))
                        });
                        match chunks {
                            Some((slice, n)) => {
                                let k = partial.entry(slice).or_insert(0);
                                *k = n.max(*k);
                            }
                            None => {
                                lines.insert(l);
                            }
                        }
                    }
                }
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(e),
        }
        Ok(Done {
            path,
            lines,
            partial,
        })
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether the slice of this row was checked in full, as it is now.
    pub fn contains(&self, row: &SliceRow) -> bool {
        self.lines.contains(&line(row))
    }

    /// How many of the slice's first chunks, as it is now, were checked and agree (0 when
    /// none is recorded).
    pub fn chunks_checked(&self, row: &SliceRow) -> u64 {
        self.partial.get(&line(row)).copied().unwrap_or(0)
    }

    /// Records a slice checked in full.
    pub fn record(&mut self, row: &SliceRow) -> io::Result<()> {
        let l = line(row);
        self.append(&l)?;
        self.lines.insert(l);
        Ok(())
    }

    /// Records that the first `chunks` chunks of a slice are checked and agree.
    pub fn record_chunks(&mut self, row: &SliceRow, chunks: u64) -> io::Result<()> {
        let l = line(row);
        self.append(&format!("{l}\t{CHUNKS}{chunks}"))?;
        self.partial.insert(l, chunks);
        Ok(())
    }

    /// Appends a line, the file written again with its header when it held nothing of this
    /// version.
    fn append(&self, l: &str) -> io::Result<()> {
        let fresh = self.lines.is_empty() && self.partial.is_empty();
        let mut f = if fresh {
            let mut f = File::create(&self.path)?;
            writeln!(f, "{HEADER}")?;
            f
        } else {
            OpenOptions::new().append(true).open(&self.path)?
        };
        writeln!(f, "{l}")?;
        f.sync_data()
    }

    /// Removes the file: the next verification starts from the beginning.
    pub fn clear(self) -> io::Result<()> {
        match std::fs::remove_file(&self.path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(slice: &str, solved_at: &str) -> SliceRow {
        SliceRow {
            variant: "oware".into(),
            slice: slice.into(),
            positions: 1,
            chunk_size: 65536,
            solver_version: "1".into(),
            rules_version: "1".into(),
            solved_at: solved_at.into(),
        }
    }

    #[test]
    fn the_header_names_the_checkers_rules() {
        assert!(HEADER.ends_with(&format!(" rules {}", crate::RULES_VERSION)));
    }

    #[test]
    fn recorded_slices_are_found_again_until_solved_again() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("t.db");
        let mut done = Done::load(&db).unwrap();
        assert!(!done.contains(&row("4", "a")));
        done.record(&row("4", "a")).unwrap();
        done.record(&row("5", "a")).unwrap();
        let done = Done::load(&db).unwrap();
        assert!(done.contains(&row("4", "a")) && done.contains(&row("5", "a")));
        assert!(
            !done.contains(&row("4", "b")),
            "solved again: checked again"
        );
        // A slice checked in part: the furthest point recorded counts, and only for the slice
        // as it was when checked.
        let mut done = Done::load(&db).unwrap();
        assert_eq!(done.chunks_checked(&row("6", "a")), 0);
        done.record_chunks(&row("6", "a"), 3).unwrap();
        done.record_chunks(&row("6", "a"), 7).unwrap();
        let done = Done::load(&db).unwrap();
        assert_eq!(done.chunks_checked(&row("6", "a")), 7);
        assert!(!done.contains(&row("6", "a")), "in part is not in full");
        assert_eq!(done.chunks_checked(&row("6", "b")), 0);
        assert!(done.contains(&row("5", "a")));
        // Another version's file is not believed.
        std::fs::write(
            path_of(&db),
            "mancala-check deep-verify/0\noware\t4\t1\t1\ta\n",
        )
        .unwrap();
        assert!(!Done::load(&db).unwrap().contains(&row("4", "a")));
        Done::load(&db).unwrap().clear().unwrap();
        assert!(!path_of(&db).exists());
    }
}
