//! `mancala solve` under `mpirun` (the `mpi` feature; `.ci/run` installs Open MPI and runs
//! `cargo test --workspace --features mancala/mpi`): every chunk stored by 1, 2 and 3 ranks (more ranks
//! than this machine has cores: oversubscribed) is byte for byte the chunk a single process
//! stores, for a variant with predecessor tables (Al-manqala) and two with un-made moves (Rio
//! Kadalis, Oware), each solve resuming a database that another number of ranks began; and a solve
//! whose rank is killed stops every rank, keeps what was stored, and resumes from the ranks'
//! checkpoints.

#![cfg(feature = "mpi")]

#[path = "common/chunks.rs"]
mod chunks;

use std::ffi::OsString;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use chunks::{chunks, same_chunks};

/// `mancala solve VARIANT --max-seeds MAX -q --db DB`.
fn solve_args(variant: &str, max: u32, db: &Path) -> Vec<OsString> {
    let mut args: Vec<OsString> = [
        "solve",
        variant,
        "--max-seeds",
        &max.to_string(),
        "-q",
        "--db",
    ]
    .map(OsString::from)
    .to_vec();
    args.push(db.into());
    args
}

/// `mpirun -n RANKS mancala solve VARIANT --max-seeds MAX --db DB -q`, oversubscribed, and
/// allowed as root (CI runs as root).
fn mpirun(ranks: usize, variant: &str, max: u32, db: &Path) -> Command {
    let mut command = Command::new("mpirun");
    command
        .args(["--oversubscribe", "-n", &ranks.to_string()])
        .arg(env!("CARGO_BIN_EXE_mancala"))
        .args(solve_args(variant, max, db))
        .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        .env_remove("MANCALA_DB");
    command
}

/// Runs a command to its end, failing the test with what it printed unless it succeeds.
fn succeed(command: &mut Command) -> String {
    let out = command.output().expect("mpirun runs (Open MPI installed?)");
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(out.status.success(), "{command:?} failed:\n{stderr}");
    stderr
}

/// The single-process solve: the binary started without `mpirun`.
fn solve_alone(variant: &str, max: u32, db: &Path) {
    succeed(
        Command::new(env!("CARGO_BIN_EXE_mancala"))
            .args(solve_args(variant, max, db))
            .env_remove("MANCALA_DB"),
    );
}

#[test]
fn ranks_store_the_chunks_of_the_single_process_solve() {
    let dir = tempfile::tempdir().unwrap();
    // (variant, the seeds a first solve stops at, the seeds the second goes to)
    for (variant, first, max) in [
        ("al-manqala", 9, 11),
        ("rio-kadalis", 8, 12),
        ("oware", 9, 12),
    ] {
        let single = dir.path().join(format!("{variant}.db"));
        solve_alone(variant, max, &single);
        let expected = chunks(&single);
        assert!(expected.len() > 20, "{variant}: {} chunks", expected.len());
        for ranks in 1..=3 {
            let db = dir.path().join(format!("{variant}-{ranks}.db"));
            // Begun by another number of ranks, finished by `ranks`.
            succeed(&mut mpirun(ranks % 3 + 1, variant, first, &db));
            let said = succeed(&mut mpirun(ranks, variant, max, &db));
            assert!(said.contains(&format!("on {ranks} ranks")), "{said}");
            for r in 0..ranks {
                assert!(said.contains(&format!("  rank {r}: peak memory")), "{said}");
            }
            same_chunks(&db, &expected, &format!("{variant} on {ranks} ranks"));
        }
    }
}

/// The ranks `mpirun` (process `parent`) started.
fn children(parent: u32) -> Vec<i32> {
    std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|e| {
            let pid: i32 = e.file_name().to_str()?.parse().ok()?;
            let stat = std::fs::read_to_string(e.path().join("stat")).ok()?;
            // `pid (name) state ppid ...`: the name may hold spaces, so read after its `)`.
            let ppid: u32 = stat
                .rsplit_once(')')?
                .1
                .split_whitespace()
                .nth(1)?
                .parse()
                .ok()?;
            (ppid == parent).then_some(pid)
        })
        .collect()
}

/// Whether `db` has stored `slice` of Rio Kadalis.
fn stored(db: &Path, slice: &str) -> bool {
    let Ok(conn) = rusqlite::Connection::open(db) else {
        return false;
    };
    conn.query_row(
        "SELECT count(*) FROM slices WHERE variant = 'rio-kadalis' AND slice = ?1",
        [slice],
        |r| r.get::<_, i64>(0),
    )
    .is_ok_and(|n| n == 1)
}

#[test]
fn a_killed_rank_stops_the_solve_which_resumes_from_the_checkpoints() {
    let dir = tempfile::tempdir().unwrap();
    let single = dir.path().join("single.db");
    solve_alone("rio-kadalis", 16, &single);
    let db = dir.path().join("killed.db");
    let work = dir.path().join("work");
    let on_disk = |command: &mut Command| {
        command
            .args(["--moves", "disk", "--checkpoint-every", "0", "--work-dir"])
            .arg(&work);
    };
    let mut first = mpirun(3, "rio-kadalis", 16, &db);
    on_disk(&mut first);
    let run = first
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Rank 1 has checkpointed a threshold of slice 16: kill it.
    let checkpoint = work.join("rank-1-of-3/rio-kadalis-16/checkpoint");
    let started = Instant::now();
    while !std::fs::read_to_string(&checkpoint).is_ok_and(|t| t.contains("values after ")) {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "no checkpoint of slice 16"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    let ranks = children(run.id());
    assert_eq!(ranks.len(), 3, "{ranks:?}");
    let killed = Command::new("kill")
        .args(["-9", &ranks[1].to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    // mpirun ends the other ranks and fails; what was stored stays.
    let out = run.wait_with_output().unwrap();
    assert!(!out.status.success());
    assert!(stored(&db, "12"));
    assert!(!stored(&db, "16"), "slice 16 was stored before the kill");
    // The same ranks resume slice 16 from their checkpoints.
    let mut again = mpirun(3, "rio-kadalis", 16, &db);
    on_disk(&mut again);
    let said = succeed(&mut again);
    assert!(said.contains("solving 1 slices up to 16 seeds"), "{said}");
    // From a threshold of the values pass (or from its end, had the ranks saved their values
    // in the instant before the kill).
    assert!(
        said.contains("rio-kadalis slice 16: resuming the group's values after threshold")
            || said.contains("rio-kadalis slice 16: resuming the group after its values pass"),
        "{said}"
    );
    same_chunks(&db, &chunks(&single), "resumed after a kill");
    // Each rank cleared its directory once the group was stored.
    assert!(!work.exists() || std::fs::read_dir(&work).unwrap().count() == 0);
}
