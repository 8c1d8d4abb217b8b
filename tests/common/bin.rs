//! Running the `mancala` binary as a user would, and checking how it ended.

use std::path::Path;
use std::process::{Child, Command, ExitStatus};
use std::time::{Duration, Instant};

/// The binary under test, with no `$MANCALA_DB` or `$RUST_LOG` inherited from the environment:
/// either would change which file a command reads or what it logs.
pub fn mancala() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_mancala"));
    // A server composes no Anuak problems and builds no opening book at its first start unless
    // a test asks for it: minutes of searching would otherwise hold up every server a test
    // starts.
    command
        .env_remove("MANCALA_DB")
        .env_remove("RUST_LOG")
        .env("MANCALA_COMPOSE_SECONDS", "0")
        .env("MANCALA_BOOK_MINUTES", "0");
    command
}

/// One finished run of the binary: how it ended and what it printed.
#[derive(Debug)]
pub struct Ran {
    /// The command line, for messages.
    pub what: String,
    /// How it ended.
    pub status: ExitStatus,
    /// What it printed on standard output (the value a user asked for).
    pub stdout: String,
    /// What it printed on standard error (progress, summaries, `error: ` messages).
    pub stderr: String,
}

/// Runs `mancala ARGS`.
pub fn run(args: &[&str]) -> Ran {
    ran(mancala().args(args))
}

/// Runs `mancala ARGS --db DB`.
pub fn run_db(args: &[&str], db: &Path) -> Ran {
    ran(mancala().args(args).arg("--db").arg(db))
}

/// Runs a prepared command (one with a working directory or an environment of its own) to its
/// end. Both outputs must be UTF-8.
pub fn ran(command: &mut Command) -> Ran {
    let what = std::iter::once("mancala".into())
        .chain(command.get_args().map(|a| a.to_string_lossy()))
        .collect::<Vec<_>>()
        .join(" ");
    let out = command.output().expect("the mancala binary runs");
    Ran {
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
        status: out.status,
        what,
    }
}

/// Runs `mancala ARGS`, asserts that it succeeded with nothing on standard error, and returns
/// its standard output.
pub fn stdout_of(args: &[&str]) -> String {
    let ran = run(args);
    let stdout = ran.ok().to_owned();
    assert!(ran.stderr.is_empty(), "unexpected stderr for {ran:?}");
    stdout
}

/// `mancala solve VARIANT --max-seeds MAX --quiet --db DB`, which must succeed; returns what it
/// said on standard error (the summary of what was solved).
pub fn solve(db: &Path, variant: &str, max_seeds: u32) -> String {
    solve_with(db, variant, max_seeds, &[])
}

/// [`solve`] with `more` arguments (`--shapes all`).
pub fn solve_with(db: &Path, variant: &str, max_seeds: u32, more: &[&str]) -> String {
    let max_seeds = max_seeds.to_string();
    let mut args = vec!["solve", variant, "--max-seeds", &max_seeds, "--quiet"];
    args.extend_from_slice(more);
    let ran = run_db(&args, db);
    ran.ok();
    ran.stderr
}

impl Ran {
    /// Asserts that the command succeeded without a panic; returns its standard output.
    pub fn ok(&self) -> &str {
        assert!(self.status.success(), "{} failed: {self:?}", self.what);
        assert!(!self.stderr.contains("panicked"), "{}: {self:?}", self.what);
        &self.stdout
    }

    /// Asserts a clean failure: exit code 1 or 2 (not a signal, not a panic), `error: ` on
    /// standard error, and no value on standard output. Returns standard error.
    pub fn fails(&self) -> &str {
        assert!(
            matches!(self.status.code(), Some(1 | 2)),
            "{}: should fail with exit code 1 or 2 (a signal or a panic?): {self:?}",
            self.what
        );
        assert!(!self.stderr.contains("panicked"), "{}: {self:?}", self.what);
        assert!(self.stderr.contains("error: "), "{}: {self:?}", self.what);
        assert!(
            self.stdout.trim().is_empty(),
            "{} printed something on stdout: {self:?}",
            self.what
        );
        &self.stderr
    }

    /// Asserts a refusal of bad input: exit code 2, standard error starting with `error: `,
    /// nothing panicked. Standard output may hold what was done before the bad input (the moves
    /// of a record played so far). Returns standard error.
    pub fn bad_input(&self) -> &str {
        assert_eq!(self.status.code(), Some(2), "{}: {self:?}", self.what);
        assert!(
            self.stderr.starts_with("error: "),
            "{}: {self:?}",
            self.what
        );
        assert!(!self.stderr.contains("panicked"), "{}: {self:?}", self.what);
        &self.stderr
    }
}

/// A child process that is killed if it still runs when the guard is dropped, so that a failed
/// test leaves no server or solve behind.
pub struct Running(pub Child);

impl Drop for Running {
    fn drop(&mut self) {
        if let Ok(None) = self.0.try_wait() {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
}

impl Running {
    /// Starts `command` in the background with no input and its output thrown away (a solve
    /// that a test kills).
    pub fn quiet(command: &mut Command) -> Running {
        Running(
            command
                .stdin(std::process::Stdio::null())
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .spawn()
                .expect("the command starts"),
        )
    }

    /// Sends SIGINT (Ctrl-C).
    pub fn interrupt(&self) {
        let status = Command::new("kill")
            .args(["-INT", &self.0.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success());
    }

    /// Waits for the process to exit, at most `limit`.
    pub fn wait_for(&mut self, limit: Duration) -> Option<ExitStatus> {
        let started = Instant::now();
        while started.elapsed() < limit {
            if let Some(status) = self.0.try_wait().expect("try_wait") {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        None
    }
}
