//! What a solve claims while it runs: its database file and its work directory. Two solves
//! writing one database would store a group twice, and two solves writing one work directory
//! would overwrite each other's moves, predecessor table and checkpoints, which the other may
//! have mapped into memory. So a solve takes an exclusive lock (`flock`) on a lock file beside
//! the database (`DB.lock`) and in the work directory (`lock`) that it uses, holding its process
//! id, and a second solve is refused, naming the first's, before it does anything.
//!
//! The lock is advisory and held by an open file: the kernel releases it when the process ends,
//! however it ends, so a killed solve never leaves a lock behind (only its file, which the next
//! solve takes over).

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use fs4::TryLockError;

/// The name of the lock file in a work directory.
const WORK_LOCK: &str = "lock";

/// How long a refused solve waits for the holder's process id to appear in the lock file (the
/// holder writes it just after it takes the lock).
const PID_WAIT: Duration = Duration::from_secs(1);

/// A lock held until it is dropped; the lock file is removed then, and the directories it is
/// in if they are left empty.
#[derive(Debug)]
pub struct Lock {
    file: File,
    path: PathBuf,
    /// Directories of the lock file, innermost first, removed when empty.
    dirs: Vec<PathBuf>,
}

/// A database or a work directory that another solve holds.
#[derive(Debug)]
pub struct InUse {
    /// What is held: `the database mancala.db`.
    what: String,
    /// ` (process 1234)`, or nothing when the lock file names no process.
    by: String,
}

impl std::fmt::Display for InUse {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} is in use by another solve{}; wait for it or stop it",
            self.what, self.by
        )
    }
}

impl std::error::Error for InUse {}

/// Claims the database file at `db` for this solve, or fails naming the solve that holds it.
pub fn database(db: &Path) -> Result<Lock> {
    let mut path = db.as_os_str().to_owned();
    path.push(".lock");
    claim(PathBuf::from(path), Vec::new(), || {
        format!("the database {}", db.display())
    })
}

/// Claims the work directory `dir` for this solve (made if missing, with its parents up to
/// `root`, the work directory of every rank), or fails naming the solve that holds it. Dropped,
/// the lock removes `dir` and its parents up to `root` when they are left empty (a stored
/// group's directory is removed at once; the others are left for a solve to resume).
pub fn work_dir(dir: &Path, root: &Path) -> Result<Lock> {
    // Innermost first; whoever made them (an earlier solve, another rank).
    let dirs: Vec<PathBuf> = dir
        .ancestors()
        .take_while(|d| d.starts_with(root) && !d.as_os_str().is_empty())
        .map(Path::to_path_buf)
        .collect();
    fs::create_dir_all(dir)
        .with_context(|| format!("creating the work directory {}", dir.display()))?;
    claim(dir.join(WORK_LOCK), dirs, || {
        format!("the work directory {}", dir.display())
    })
}

/// Takes the lock of the file at `path` (created if missing) and writes this process's id in
/// it; fails, naming `what()` and the process in the file, when another process holds it.
fn claim(path: PathBuf, dirs: Vec<PathBuf>, what: impl Fn() -> String) -> Result<Lock> {
    loop {
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .with_context(|| format!("opening the lock file {}", path.display()))?;
        // fs4's, not std's `File::try_lock` (Rust 1.89, past the workspace's rust-version).
        match fs4::FileExt::try_lock(&file) {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                let by = match holder(&path) {
                    Some(pid) => format!(" (process {pid})"),
                    None => String::new(),
                };
                return Err(InUse { what: what(), by }.into());
            }
            Err(TryLockError::Error(e)) => {
                return Err(e).with_context(|| format!("locking {}", path.display()))
            }
        }
        // The solve that held it may have removed the file between our open and our lock, and
        // another may have made a new one since: the lock counts only on the file at `path`.
        if !is_at(&file, &path) {
            continue;
        }
        let mut lock = Lock { file, path, dirs };
        lock.write_pid()
            .with_context(|| format!("writing the lock file {}", lock.path.display()))?;
        return Ok(lock);
    }
}

impl Lock {
    fn write_pid(&mut self) -> io::Result<()> {
        self.file.set_len(0)?;
        writeln!(self.file, "{}", std::process::id())?;
        self.file.sync_data()
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        // Removed while still held, so that no other solve ever holds a lock on a removed file
        // it believes to be the lock (see `claim`).
        if is_at(&self.file, &self.path) {
            let _ = fs::remove_file(&self.path);
        }
        for dir in &self.dirs {
            let _ = fs::remove_dir(dir);
        }
    }
}

/// The process id written in the lock file at `path`, waiting a moment for a holder that has
/// just taken the lock to write it.
fn holder(path: &Path) -> Option<u32> {
    let started = Instant::now();
    loop {
        if let Some(pid) = fs::read_to_string(path)
            .ok()
            .and_then(|text| text.trim().parse().ok())
        {
            return Some(pid);
        }
        if started.elapsed() > PID_WAIT {
            return None;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Whether `file` is the file at `path` (not one removed, or replaced by another).
#[cfg(unix)]
fn is_at(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), fs::metadata(path)) {
        (Ok(a), Ok(b)) => (a.dev(), a.ino()) == (b.dev(), b.ino()),
        _ => false,
    }
}

/// Whether `file` is the file at `path`: assumed where the file's identity cannot be read.
#[cfg(not(unix))]
fn is_at(_file: &File, path: &Path) -> bool {
    path.exists()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_claim_is_refused_naming_the_first_until_it_is_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let work = dir.path().join("work").join("rank-0-of-2");
        let first = work_dir(&work, &dir.path().join("work")).unwrap();
        let text = fs::read_to_string(work.join(WORK_LOCK)).unwrap();
        assert_eq!(text.trim(), std::process::id().to_string());
        // A claim in the same process holds another open file: refused as another process's.
        let err = work_dir(&work, &dir.path().join("work")).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "the work directory {} is in use by another solve (process {}); wait for it or \
                 stop it",
                work.display(),
                std::process::id()
            )
        );
        // Dropped, the lock file and the directories made for it are gone.
        drop(first);
        assert!(!dir.path().join("work").exists());
        // So are directories that were there, once empty; one that holds more stays.
        fs::create_dir_all(&work).unwrap();
        drop(work_dir(&work, &dir.path().join("work")).unwrap());
        assert!(!dir.path().join("work").exists());
        fs::create_dir_all(work.join("rio-kadalis-16")).unwrap();
        drop(work_dir(&work, &dir.path().join("work")).unwrap());
        assert!(work.join("rio-kadalis-16").exists() && !work.join(WORK_LOCK).exists());
        let db = dir.path().join("t.db");
        let held = database(&db).unwrap();
        let err = database(&db).unwrap_err().to_string();
        assert!(err.starts_with(&format!("the database {} is in use", db.display())));
        drop(held);
        assert!(!dir.path().join("t.db.lock").exists());
        // A lock file left by a process that ended (its lock released) is taken over.
        fs::write(dir.path().join("t.db.lock"), "4294967\n").unwrap();
        let again = database(&db).unwrap();
        drop(again);
    }
}
