//! `mancala serve [--bind HOST:PORT] [--db PATH] [--build | --read-only]`: the HTTP evaluation
//! service. On the default database with no solved slice (or with `--build`) it first builds the
//! default tablebase (with progress), and on one with no puzzle a starter set of puzzles; then it
//! serves.

use std::io::Write as _;
use std::path::Path;
use std::sync::Arc;

use anyhow::{bail, Result};
use clap::Args;
use std::time::{Duration, Instant};

use mancala_api::server::ServeOptions;
use mancala_db::{DbError, SearchSettings, SolveSetup, Tablebase};
use mancala_puzzles::{Collection, PuzzleFilter, PuzzleStore};
use mancala_solver::engine::Budget;
use mancala_solver::solve::OneRank;
use mancala_solver::Variant;

use super::args::{DbPath, DEFAULT_DB};
use super::default_sizes::default_max_seeds;
use super::plans::Job;
use super::serve_help;

/// Serve the evaluation API over HTTP (JSON), building the default tablebase first on a first
/// run.
///
/// On a fresh machine (no file at the default path, mancala.db) it first solves every variant
/// to its default size, showing progress (about two minutes on two cores), then serves; a second
/// start reuses the database. A file named with --db (or $MANCALA_DB) is built only with
/// --build: a mistyped path is an error, not a two-minute build. Another application's SQLite
/// file is refused and left untouched. While serving, the tablebase is opened read-only; puzzle
/// attempts and players are written through a second handle, or refused with 503 under
/// --read-only (chosen by itself, with a warning, when the file or its directory cannot be
/// written). It prints the
/// address it listens on, logs one line per request on standard error (RUST_LOG=warn quiets it;
/// requests too malformed to parse are logged at debug level) and stops cleanly on Ctrl-C.
#[derive(Debug, Args)]
#[command(after_help = serve_help::after_help())]
pub struct ServeArgs {
    /// Address to listen on, HOST:PORT. Port 0 picks a free port; the address actually bound is
    /// printed on standard output.
    #[arg(long, default_value = "127.0.0.1:8080", value_name = "HOST:PORT")]
    bind: String,
    /// Build the default tablebase into --db when it has no solved slice, also when --db names
    /// a file other than the default one (a missing file is created).
    #[arg(long, conflicts_with = "read_only")]
    build: bool,
    /// Never write to the database: evaluations and puzzles work, puzzle attempts and new
    /// players answer 503 saying why, no tablebase or starter puzzles are built.
    #[arg(long)]
    read_only: bool,
    /// When the tablebase is built, build every variant up to this many seeds instead of its
    /// default size (see `mancala solve --help`).
    #[arg(long, value_name = "N")]
    max_seeds: Option<u32>,
    /// Seconds spent at most, when the database has no Anuak problems yet, composing some for
    /// Anywoli beyond its tablebase (`mancala puzzles compose`); a later start resumes the
    /// composition until it has 20. 0: none.
    #[arg(
        long,
        value_name = "SECONDS",
        env = "MANCALA_COMPOSE_SECONDS",
        default_value_t = 60
    )]
    compose_seconds: u64,
    #[command(flatten)]
    search: SearchLimits,
    #[command(flatten)]
    db: DbPath,
}

/// The limits on searches of positions outside the tablebase, so that they never delay the
/// tablebase's answers: their own threads, a queue past which they are refused (503), and the
/// most one search may cost (a client's `budget` parameter may only lower it).
#[derive(Debug, Args)]
struct SearchLimits {
    /// Threads that run searches [default: half the cores, at least 1].
    #[arg(long, value_name = "N")]
    search_threads: Option<usize>,
    /// Searches that may wait for a search thread; more get a 503 with Retry-After.
    #[arg(long, value_name = "N", default_value_t = SearchSettings::default().queue)]
    search_queue: usize,
    /// The most nodes one evaluation's search visits (main lines and analyses: a tenth of it, or
    /// less, for each searched position).
    #[arg(long, value_name = "N", default_value_t = SearchSettings::default().cap.nodes)]
    search_nodes: u64,
    /// The most milliseconds one search runs.
    #[arg(long, value_name = "MS", default_value_t = default_search_ms())]
    search_time_ms: u64,
}

/// The default `--search-time-ms`: the API's cap.
fn default_search_ms() -> u64 {
    SearchSettings::default()
        .cap
        .time
        .map_or(u64::MAX, |t| t.as_millis() as u64)
}

impl SearchLimits {
    /// The settings the server runs with.
    fn settings(&self) -> SearchSettings {
        let default = SearchSettings::default();
        SearchSettings {
            threads: self.search_threads.unwrap_or(default.threads).max(1),
            queue: self.search_queue,
            cap: Budget {
                nodes: self.search_nodes.max(1),
                time: Some(Duration::from_millis(self.search_time_ms)),
            },
        }
    }
}

impl ServeArgs {
    /// Builds the tablebase if there is none and building is allowed, then serves until Ctrl-C.
    pub fn run(self) -> Result<()> {
        let db = self.db.path.as_path();
        mancala_api::server::init_logging();
        let may_build = self.build || db == Path::new(DEFAULT_DB);
        if !db.exists() && !may_build && !db.is_dir() {
            bail!(
                "no tablebase at {path}: build one with `mancala serve --db {path} --build` \
                 (about two minutes) or `mancala solve all --db {path}`, or pass another --db",
                path = db.display()
            );
        }
        if !self.read_only {
            prepare(db, may_build, self.max_seeds, self.compose_seconds)?;
        }
        let options = ServeOptions {
            search: self.search.settings(),
            read_only: self.read_only,
        };
        mancala_api::server::run_with(&self.bind, db, options, |addrs| {
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
}

/// Makes the database ready to serve: the default tablebase built when it has no solved slice
/// (if `may_build`), and a starter set of puzzles when it has none. A file that cannot be
/// written is left as it is (the server then serves it read-only).
fn prepare(db: &Path, may_build: bool, max_seeds: Option<u32>, compose_seconds: u64) -> Result<()> {
    let tb = match Tablebase::open(db) {
        Ok(tb) => Arc::new(tb),
        Err(DbError::ReadOnly { .. }) => return Ok(()),
        Err(e) => return Err(e.into()),
    };
    if !has_solved_slices(&tb)? {
        if !may_build {
            eprintln!(
                "warning: no solved slices in {}: every answer will come from search; pass \
                 --build to build the default tablebase",
                db.display()
            );
            return Ok(());
        }
        eprintln!(
            "No solved slices in {}: building the default tablebase first (about two minutes \
             on two cores; stop it at any time, it resumes).",
            db.display()
        );
        let job = Job {
            targets: Variant::ALL
                .iter()
                .map(|&v| (v, max_seeds.unwrap_or_else(|| default_max_seeds(v))))
                .collect(),
            setup: SolveSetup::in_memory(),
            limit_source: "",
            quiet: false,
            shared: false,
        };
        job.run(Some(&tb), &OneRank)?;
    }
    let store = PuzzleStore::open(db)?;
    starter_puzzles(&tb, &store)?;
    anuak_problems(&tb, &store, compose_seconds)
}

/// Puzzles of every solved variant generated when a database has none yet.
const STARTER_PUZZLES: usize = 50;
/// Positions examined per starter puzzle at most, so that a small tablebase with few puzzles in
/// it does not hold up the start.
const STARTER_TRIES: usize = 100;

/// Generates a starter set of puzzles if the database serves none (retired puzzles do not count).
fn starter_puzzles(tb: &Tablebase, store: &PuzzleStore) -> Result<()> {
    let starter = PuzzleFilter {
        collection: Some(Collection::Starter),
        ..PuzzleFilter::default()
    };
    if store.count_puzzles(&starter)? > 0 {
        return Ok(());
    }
    eprintln!("No puzzles in {} yet: generating a starter set.", tb.path());
    for v in Variant::ALL {
        if !tb.current_slices(v)?.is_empty() {
            super::puzzles::generate_into(tb, store, v, STARTER_PUZZLES, 1, STARTER_TRIES, false)?;
        }
    }
    Ok(())
}

/// Anuak problems a server composes for itself, over its first starts.
const ANUAK_PROBLEMS: usize = 20;

/// Composes Anywoli problems for at most `seconds`, while the Anuak collection has fewer than
/// [`ANUAK_PROBLEMS`] of them: half by a scan of the largest solved slice (problems of three
/// moves or more, found in seconds), the rest by sampling beyond the tablebase (rarer; each
/// start resumes it).
fn anuak_problems(tb: &Arc<Tablebase>, store: &PuzzleStore, seconds: u64) -> Result<()> {
    let variant = Variant::Anywoli;
    if seconds == 0 || tb.current_slices(variant)?.is_empty() {
        return Ok(());
    }
    let anuak = PuzzleFilter {
        variant: Some(variant),
        collection: Some(Collection::Anuak),
        ..PuzzleFilter::default()
    };
    let have = store.count_puzzles(&anuak)? as usize;
    if have >= ANUAK_PROBLEMS {
        return Ok(());
    }
    let beyond = super::compose::default_seeds(tb, variant)?;
    let top = beyond.start() - variant.total_step();
    eprintln!(
        "{have} Anuak problems in {}: composing more for at most {seconds} s (--compose-seconds; \
         the next start goes on where this one stops).",
        tb.path()
    );
    let start = Instant::now();
    let request = |seeds, scan, min_moves, count, left: Duration| super::compose::ComposeRequest {
        variant,
        seeds,
        min_moves,
        count,
        seed: 1,
        scan,
        max_candidates: u64::MAX,
        time_limit: Some(left),
        nodes: 200_000,
        quiet: false,
    };
    let limit = Duration::from_secs(seconds);
    let scanned = if have < ANUAK_PROBLEMS / 2 {
        let scan = request(top..=top, true, 3, ANUAK_PROBLEMS / 2 - have, limit);
        super::compose::compose_into(tb, store, &scan)?
    } else {
        0
    };
    let left = limit.saturating_sub(start.elapsed());
    let wanted = ANUAK_PROBLEMS - have - scanned;
    if wanted > 0 && !left.is_zero() {
        super::compose::compose_into(tb, store, &request(beyond, false, 1, wanted, left))?;
    }
    Ok(())
}

/// Whether the tablebase holds a slice of some variant solved under the current rules.
fn has_solved_slices(tb: &Tablebase) -> Result<bool> {
    for v in Variant::ALL {
        if !tb.current_slices(v)?.is_empty() {
            return Ok(true);
        }
    }
    Ok(false)
}
