//! A database the server must not, or cannot, write: `serve --read-only`, and a read-only file
//! in a read-only directory (SQLite's WAL mode wants to create files next to the database).
//! Evaluations work; write routes answer a 503 that says why; reading commands work too.
//!
//! The tests run as root in CI, and root may write any file whatever its mode: the commands
//! that must not be able to write are then run as the user `nobody` (through `setpriv`).

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::bin::{mancala, ran, Ran};
use crate::common::http::Server;
use crate::{copy_of_tablebase, small_tablebase, SOLVED};

/// A puzzle attempt, the write route.
const ATTEMPT: &[u8] = br#"{"moves": ["1"]}"#;

#[test]
fn serve_read_only_answers_evaluations_and_refuses_writes() {
    let (_dir, db) = copy_of_tablebase();
    let before = std::fs::read(&db).unwrap();
    let server = Server::start(&db, &["--read-only"]);
    let r = server.get(&format!("/api/rio-kadalis?position={SOLVED}"));
    assert_eq!(r.status, 200, "{}", r.body);
    let e = server
        .post("/api/puzzles/1/attempt", ATTEMPT)
        .error(503, None);
    let message = e["error"].as_str().unwrap();
    assert!(
        message.contains("read-only (started with --read-only)"),
        "{message}"
    );
    // Creating a player writes too. The daily puzzle is read (picked by the day alone, since
    // it cannot be kept): the same one twice, or a 404 naming the variant when the copy holds
    // no puzzle yet (whether it does depends on which tests served the original first).
    server.post("/api/players", b"{}").error(503, None);
    let daily = || server.get("/api/puzzles/daily?variant=rio-kadalis");
    let first = daily();
    match first.status {
        200 => assert_eq!(daily().json()["id"], first.json()["id"]),
        _ => drop(first.error(404, Some("variant"))),
    }
    drop(server);
    // Not even the starter puzzles were written.
    assert_eq!(std::fs::read(&db).unwrap(), before);
    // `--read-only` and `--build` contradict each other.
    let r = ran(mancala()
        .args(["serve", "--read-only", "--build", "--db"])
        .arg(&db));
    assert!(r.fails().contains("--build"), "{r:?}");
}

/// Whether this process runs as root (who may write whatever the permissions say).
fn is_root() -> bool {
    // The owner of a file just created is the process's user.
    let probe = tempfile::NamedTempFile::new().unwrap();
    std::os::unix::fs::MetadataExt::uid(&probe.as_file().metadata().unwrap()) == 0
}

/// The binary, run by a user who cannot write the tablebase: `nobody` when this process is
/// root, else this process's own user (for whom the permissions suffice).
fn as_reader() -> Command {
    if !is_root() {
        return mancala();
    }
    let mut command = Command::new("setpriv");
    command
        .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
        .arg(env!("CARGO_BIN_EXE_mancala"))
        .env_remove("MANCALA_DB")
        .env_remove("RUST_LOG");
    command
}

/// The small tablebase copied into a directory that, like the file, nobody may write (and
/// everybody may read), under the system's temporary directory (which `nobody` can reach).
struct ReadOnlyCopy {
    dir: tempfile::TempDir,
    db: PathBuf,
}

impl ReadOnlyCopy {
    fn new() -> ReadOnlyCopy {
        let dir = tempfile::tempdir_in(std::env::temp_dir()).unwrap();
        let db = dir.path().join("ro.db");
        std::fs::copy(small_tablebase(), &db).unwrap();
        set_mode(&db, 0o444);
        set_mode(dir.path(), 0o555);
        ReadOnlyCopy { dir, db }
    }
}

impl Drop for ReadOnlyCopy {
    fn drop(&mut self) {
        // Writable again, so that the directory can be removed.
        set_mode(self.dir.path(), 0o755);
    }
}

fn set_mode(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

fn run_as_reader(args: &[&str], db: &Path) -> Ran {
    ran(as_reader().args(args).arg("--db").arg(db))
}

#[test]
fn reading_commands_work_on_a_read_only_file_in_a_read_only_directory() {
    let copy = ReadOnlyCopy::new();
    let before = std::fs::read(&copy.db).unwrap();
    let eval = run_as_reader(
        &["eval", "rio-kadalis", &SOLVED.replace('_', " "), "--json"],
        &copy.db,
    );
    assert!(eval.ok().contains("\"source\":\"tablebase\""), "{eval:?}");
    let info = run_as_reader(&["db", "info"], &copy.db);
    assert!(info.ok().contains("rio-kadalis"), "{info:?}");
    let verify = run_as_reader(&["db", "verify"], &copy.db);
    assert!(verify.ok().contains("intact"), "{verify:?}");
    // A writing command says why it cannot.
    let solve = run_as_reader(&["solve", "kalah-4", "--max-seeds", "2"], &copy.db);
    assert!(solve.fails().contains("cannot be written"), "{solve:?}");
    assert_eq!(std::fs::read(&copy.db).unwrap(), before);
    assert_eq!(
        std::fs::read_dir(copy.dir.path()).unwrap().count(),
        1,
        "no file added"
    );
}

#[test]
fn serve_on_a_file_it_cannot_write_serves_read_only_with_a_warning() {
    let copy = ReadOnlyCopy::new();
    let server = Server::start_as(as_reader(), &copy.db, &[]);
    let log = server.log();
    assert!(log.contains("WARN"), "{log}");
    assert!(log.contains("serving read-only"), "{log}");
    let r = server.get(&format!("/api/rio-kadalis?position={SOLVED}"));
    assert_eq!(r.status, 200, "{}", r.body);
    let e = server
        .post("/api/puzzles/1/attempt", ATTEMPT)
        .error(503, None);
    assert!(
        e["error"].as_str().unwrap().contains("cannot be written"),
        "{e}"
    );
}
