//! Where the tests write their databases: directories under Cargo's scratch space, and the small
//! tablebases that the value tests read, each built once per test process by the binary.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use tempfile::TempDir;

use super::bin::solve_with;

/// This process's directory under Cargo's scratch space, `mancala-TARGET-PID`. The directories
/// that earlier runs of the same test target left behind (shared fixtures live in statics, which
/// are never dropped) are removed the first time it is asked for.
fn process_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let root = Path::new(env!("CARGO_TARGET_TMPDIR"));
        let prefix = format!("mancala-{}-", env!("CARGO_CRATE_NAME"));
        let mine = format!("{prefix}{}", std::process::id());
        if let Ok(entries) = std::fs::read_dir(root) {
            for e in entries.flatten() {
                let name = e.file_name().to_string_lossy().into_owned();
                if name.starts_with(&prefix) && name != mine {
                    let _ = std::fs::remove_dir_all(e.path());
                }
            }
        }
        let dir = root.join(mine);
        std::fs::create_dir_all(&dir).expect("scratch directory");
        dir
    })
}

/// A directory of this test process named `name`, kept until the next run of the same target.
pub fn scratch(name: &str) -> PathBuf {
    let dir = process_dir().join(name);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// A fresh directory for one test, removed when dropped.
pub fn tempdir() -> TempDir {
    tempfile::tempdir_in(process_dir()).expect("a temporary directory")
}

/// A name for a set of slices, `VARIANT-MAX+...`, for a file name and a map key.
fn name_of(slices: &[(&str, u32)]) -> String {
    let names: Vec<String> = slices.iter().map(|(v, n)| format!("{v}-{n}")).collect();
    names.join("+")
}

/// Solves the slices into `db` with the binary, each with `more` arguments.
fn solve_into(db: &Path, slices: &[(&str, u32)], more: &[&str]) {
    for &(variant, max_seeds) in slices {
        solve_with(db, variant, max_seeds, more);
    }
}

/// A tablebase of the given slices, `(variant, up to this seed total)`, solved by the binary
/// once for every test of the process that asks for it, and shared by them (a server started
/// on it may add its starter puzzles); a test that damages a tablebase or solves more into it
/// takes a `fresh_tablebase`.
pub fn tablebase(slices: &[(&str, u32)]) -> &'static Path {
    shared(name_of(slices), slices, &[])
}

/// A shared [`tablebase`] of the given slices with every shape table of the Rio Kadalis variants
/// among them (their boards with closed pits) to the same seeds.
pub fn tablebase_with_shapes(slices: &[(&str, u32)]) -> &'static Path {
    let name = format!("{}+shapes", name_of(slices));
    shared(name, slices, &["--shapes", "all"])
}

/// The tablebase `name`: the slices solved with `more` arguments, once a process.
fn shared(name: String, slices: &[(&str, u32)], more: &[&str]) -> &'static Path {
    type Built = BTreeMap<String, &'static OnceLock<PathBuf>>;
    static BUILT: Mutex<Built> = Mutex::new(BTreeMap::new());
    let once = *BUILT
        .lock()
        .unwrap()
        .entry(name.clone())
        .or_insert_with(|| Box::leak(Box::default()));
    once.get_or_init(|| {
        let db = scratch("shared").join(format!("{name}.db"));
        solve_into(&db, slices, more);
        db
    })
}

/// A tablebase of the given slices of its own, in a fresh directory (removed when dropped),
/// for a test that changes it: damages it, or solves more into it.
pub fn fresh_tablebase(slices: &[(&str, u32)]) -> (TempDir, PathBuf) {
    let dir = tempdir();
    let db = dir.path().join(format!("{}.db", name_of(slices)));
    solve_into(&db, slices, &[]);
    (dir, db)
}
