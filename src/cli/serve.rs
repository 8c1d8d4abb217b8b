//! `mancala serve [--bind HOST:PORT] [--db PATH] [--build | --read-only]`: the HTTP evaluation
//! service. On the default database with no solved slice (or with `--build`) it first builds the
//! default tablebase (with progress), and on one with no puzzle a starter set of puzzles; then it
//! serves.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use anyhow::{bail, Result};
use clap::{Args, ValueEnum};
use std::time::{Duration, Instant};

use mancala_api::server::{Listeners, ServeOptions};
use mancala_api::status::BuildStatus;
use mancala_db::{DbError, SolveSetup, Tablebase};
use mancala_eval::book::BookProgress;
use mancala_eval::{Evaluator, SearchSettings};
use mancala_puzzles::compose::Draw;
use mancala_puzzles::{Collection, GenerateOptions, PuzzleFilter, PuzzleStore, Theme};
use mancala_solver::engine::Budget;
use mancala_solver::solve::OneRank;
use mancala_solver::Variant;
use mancala_wire::response::BuildStep;

use super::args::{DbPath, DEFAULT_DB};
use super::default_sizes::{build_targets, default_book_plies, default_max_seeds};
use super::plans::{Job, PlanTarget};
use super::progress::BuildWatcher;
use super::serve_help;
use super::text::thousands;

/// Serve the evaluation API over HTTP (JSON) at once, building what the database lacks in the
/// background.
///
/// It listens first (a port in use is an error before any work). On a fresh machine (no file at
/// the default path, mancala.db) it then solves every variant to its default size in the
/// background, showing progress (about two minutes on two cores), while it answers every
/// position by search; GET /api/status and the page say what is being built and how far it is.
/// Starter puzzles, the opening books (--book-minutes) and Anuak problems are made the same
/// way. A second start reuses the database, and goes on with what is left. A file named with --db (or $MANCALA_DB) is built only with
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
    /// Seconds spent at most, in the background, when the database has fewer than 20 Anuak
    /// problems, composing some for Anywoli beyond its tablebase (`mancala puzzles compose`); a
    /// later start resumes the composition, unless its last run found none. 0: none.
    #[arg(
        long,
        value_name = "SECONDS",
        env = "MANCALA_COMPOSE_SECONDS",
        default_value_t = 60
    )]
    compose_seconds: u64,
    /// Minutes spent at most, in the background, building the opening books of the variants
    /// (`mancala book build all`: the positions within the first plies of each start, searched
    /// with the search cap's nodes) while they are incomplete; a later start goes on with them.
    /// 0: none.
    #[arg(
        long,
        value_name = "MINUTES",
        env = "MANCALA_BOOK_MINUTES",
        default_value_t = 20.0
    )]
    book_minutes: f64,
    /// Whether the server, once everything else is built, goes on solving each variant's
    /// tablebase toward its deep size (`mancala solve deep`: from the default tables about an
    /// hour of an idle two-core machine, 7 GiB of memory, 4.6 GB of disk) on the cores it leaves idle (SCHED_IDLE), with checkpoints, so that a later start
    /// goes on where it stopped. `auto`: on the default database (the one a fresh machine builds),
    /// not on a file named with --db.
    #[arg(
        long,
        value_enum,
        value_name = "WHEN",
        env = "MANCALA_DEEPEN",
        default_value_t = Deepen::Auto
    )]
    deepen: Deepen,
    /// When deepening, deepen every variant up to this many seeds instead of its deep size
    /// (see `mancala solve --help`).
    #[arg(long, value_name = "N")]
    deepen_max_seeds: Option<u32>,
    #[command(flatten)]
    search: SearchLimits,
    #[command(flatten)]
    db: DbPath,
}

/// `--deepen`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Deepen {
    /// On the default database only.
    Auto,
    /// On any database served with writes.
    On,
    /// Never.
    Off,
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
    /// Listens, then serves until Ctrl-C while it builds what the database lacks (the default
    /// tablebase if there is none and building is allowed, starter puzzles, Anuak problems) in
    /// the background; `GET /api/status` reports the build.
    pub fn run(self) -> Result<()> {
        let db = self.db.path.clone();
        mancala_api::server::init_logging();
        let may_build = self.build || db == Path::new(DEFAULT_DB);
        if !db.exists() && !may_build && !db.is_dir() {
            bail!(
                "no tablebase at {path}: build one with `mancala serve --db {path} --build` \
                 (about two minutes) or `mancala solve all --db {path}`, or pass another --db",
                path = db.display()
            );
        }
        // First of all: a port in use is reported before any work, and nothing is written.
        let listeners = Listeners::bind(&self.bind)?;
        let status = Arc::new(BuildStatus::default());
        let options = ServeOptions {
            search: self.search.settings(),
            read_only: self.read_only,
            status: Arc::clone(&status),
        };
        if !self.read_only {
            // Building from the first answer on, so that no client sees the build as over
            // before it has begun.
            status.begin(BuildStep::Inspecting, None, None);
        }
        let build = (!self.read_only).then(|| Build {
            db: db.clone(),
            may_build,
            max_seeds: self.max_seeds,
            compose_seconds: self.compose_seconds,
            book_minutes: self.book_minutes,
            book_budget: Budget::nodes(self.search.search_nodes.max(1)),
            deepen: match self.deepen {
                Deepen::Auto => db == Path::new(DEFAULT_DB),
                Deepen::On => true,
                Deepen::Off => false,
            }
            .then_some(self.deepen_max_seeds),
            status,
        });
        mancala_api::server::serve(listeners, &db, options, |addrs| {
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
            // The server has opened the file (creating it if need be): the build may write.
            if let Some(build) = build {
                build.start();
            }
        })
    }
}

/// What `serve` builds in the background once it listens, and where it reports.
struct Build {
    db: PathBuf,
    may_build: bool,
    max_seeds: Option<u32>,
    compose_seconds: u64,
    book_minutes: f64,
    /// What each position of the book is searched with: the search cap's nodes.
    book_budget: Budget,
    /// Go on deepening when the rest is built (`--deepen`): to the deep sizes, or every variant
    /// to the seeds given (`--deepen-max-seeds`).
    deepen: Option<Option<u32>>,
    status: Arc<BuildStatus>,
}

impl Build {
    /// Runs the build on a thread of its own; a failure is logged and reported by
    /// `/api/status`, and the server serves on with what exists.
    fn start(self) {
        let spawned =
            std::thread::Builder::new()
                .name("build".into())
                .spawn(move || match prepare(&self) {
                    Ok(()) => self.status.end(),
                    Err(e) => {
                        log::error!("the background build stopped: {e:#}");
                        self.status.fail(format!("{e:#}"));
                    }
                });
        if let Err(e) = spawned {
            log::error!("cannot start the background build: {e}");
        }
    }
}

/// Makes the database ready to serve: the default tablebase built when it has no solved slice
/// (if allowed), and a starter set of puzzles when it has none, Anuak problems while there are
/// few; then, with `--deepen`, deeper tables while the server is idle. A file that cannot be written is left as it is (the server serves it read-only).
fn prepare(build: &Build) -> Result<()> {
    let (db, status) = (build.db.as_path(), &build.status);
    let tb = match Tablebase::open(db) {
        Ok(tb) => Arc::new(tb),
        Err(DbError::ReadOnly { .. }) => return Ok(()),
        Err(e) => return Err(e.into()),
    };
    if !has_solved_slices(&tb)? {
        if !build.may_build {
            log::warn!(
                "no solved slices in {}: every answer will come from search; pass --build to \
                 build the default tablebase",
                db.display()
            );
            return Ok(());
        }
        log::info!(
            "no solved slices in {}: building the default tablebase while serving (about two \
             minutes on two cores; stop it at any time, it resumes); meanwhile every answer is \
             searched",
            db.display()
        );
        let started = Instant::now();
        let job = Job {
            targets: match build.max_seeds {
                Some(max) => Variant::with_own_tables()
                    .map(|v| PlanTarget::full(v, max))
                    .collect(),
                None => build_targets(default_max_seeds),
            },
            setup: SolveSetup::in_memory(),
            limit_source: "",
            quiet: false,
            shared: false,
            watcher: Some(Arc::clone(status) as Arc<dyn BuildWatcher>),
        };
        let done = job.run(Some(&tb), &OneRank)?;
        let positions: u64 = done.iter().map(|g| g.positions).sum();
        status.finish(format!(
            "built the default tablebase: {} positions in {:.0} s",
            thousands(positions),
            started.elapsed().as_secs_f64()
        ));
    }
    let store = PuzzleStore::open(db)?;
    starter_puzzles(&tb, &store, status)?;
    status.essentials_ready();
    opening_books(build)?;
    anuak_problems(&tb, &store, build.compose_seconds, status)?;
    if let Some(max_seeds) = build.deepen {
        super::deepen::deepen(&tb, status, max_seeds)?;
        // The books were searched over the smaller tables: searched again over the deeper ones.
        opening_books(build)?;
    }
    Ok(())
}

/// Builds the opening book of every variant for at most `--book-minutes`, on half the cores
/// (the other half answers), reporting each variant's progress; what is left is built at the
/// next start. A complete book costs a look at its positions' rows.
fn opening_books(build: &Build) -> Result<()> {
    if build.book_minutes <= 0.0 {
        return Ok(());
    }
    let status = &build.status;
    let minutes = Duration::try_from_secs_f64(build.book_minutes * 60.0).unwrap_or(Duration::MAX);
    let until = Instant::now().checked_add(minutes);
    let threads = SearchSettings::default().threads;
    let evaluator = super::book::open_evaluator(&build.db, build.book_budget, threads)?;
    for variant in Variant::ALL {
        let plies = default_book_plies(variant);
        // The step begins when there is a position to search (a complete book shows
        // nothing); then each position searched advances it.
        let shown: Mutex<Option<usize>> = Mutex::new(None);
        let on_progress = |p: BookProgress| {
            let mut shown = shown.lock().unwrap_or_else(|e| e.into_inner());
            match *shown {
                None if p.done < p.positions => {
                    status.begin(BuildStep::Book, Some(variant), Some(p.positions as u64));
                    status.advance(p.done as u64);
                    *shown = Some(p.done);
                }
                None => {}
                Some(before) => {
                    status.advance(p.done.saturating_sub(before) as u64);
                    *shown = Some(p.done.max(before));
                }
            }
        };
        let report =
            evaluator.build_book(variant, plies, build.book_budget, until, &on_progress)?;
        if report.searched > 0 {
            status.finish(super::book::report_line(
                variant,
                plies,
                build.book_budget,
                &report,
            ));
        }
        if report.left > 0 {
            log::info!(
                "the opening books are left unfinished after {} minutes (--book-minutes); the \
                 next start goes on with them",
                build.book_minutes
            );
            break;
        }
    }
    Ok(())
}

/// Puzzles of every solved variant generated when a database has none yet.
const STARTER_PUZZLES: usize = 50;
/// Positions examined per starter puzzle at most, so that a small tablebase with few puzzles in
/// it does not hold up the start.
const STARTER_TRIES: usize = 100;

/// Starter puzzles on boards with closed pits (a Rio Kadalis match's later rounds), besides
/// [`STARTER_PUZZLES`], for each Rio Kadalis whose shape tables are held.
const STARTER_CLOSED_PUZZLES: usize = 10;

/// Generates a starter set of puzzles if the database serves none (retired puzzles do not count).
fn starter_puzzles(tb: &Arc<Tablebase>, store: &PuzzleStore, status: &BuildStatus) -> Result<()> {
    let starter = PuzzleFilter {
        collection: Some(Collection::Starter),
        ..PuzzleFilter::default()
    };
    if store.count_puzzles(&starter)? > 0 {
        return Ok(());
    }
    log::info!("no puzzles in {} yet: generating a starter set", tb.path());
    // Every variant whose tables are held (clockwise Rio Kadalis reads the counter-clockwise
    // ones), and where shape tables are held a few puzzles on boards with closed pits too.
    let mut solved = Vec::new();
    for v in Variant::ALL {
        let held = tb.current_slices(v.stored_as())?;
        if !held.is_empty() {
            let shapes = v.closes_pits() && held.iter().any(|id| !id.is_full_board());
            solved.push((v, shapes));
        }
    }
    status.begin(BuildStep::Puzzles, None, Some(solved.len() as u64));
    let evaluator = Evaluator::new(Arc::clone(tb), SearchSettings::default())?;
    for (v, shapes) in solved {
        status.on_variant(v, v.name());
        let opts = GenerateOptions {
            count: STARTER_PUZZLES,
            seed: 1,
            tries_per_puzzle: STARTER_TRIES,
            theme: None,
        };
        super::puzzles::generate_into(&evaluator, store, v, opts, false)?;
        if shapes {
            let closed = GenerateOptions {
                count: STARTER_CLOSED_PUZZLES,
                theme: Some(Theme::ClosedPits),
                ..opts
            };
            super::puzzles::generate_into(&evaluator, store, v, closed, false)?;
        }
        status.advance(1);
    }
    let made = store.count_puzzles(&starter)?;
    status.finish(format!("generated {made} starter puzzles"));
    Ok(())
}

/// Anuak problems a server composes for itself, over its first starts.
const ANUAK_PROBLEMS: usize = 20;

/// Composes Anywoli problems for at most `seconds`, while the Anuak collection has fewer than
/// [`ANUAK_PROBLEMS`] of them: half by a scan of the largest solved slice (problems of three
/// moves or more, found in seconds), the rest by sampling beyond the tablebase (rarer; each
/// start resumes it). A composition whose last run found nothing is not run again
/// (`mancala puzzles compose` goes on with it by hand).
fn anuak_problems(
    tb: &Arc<Tablebase>,
    store: &PuzzleStore,
    seconds: u64,
    status: &BuildStatus,
) -> Result<()> {
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
    let request = |seeds, draw, min_moves, count, left: Duration| super::compose::ComposeRequest {
        variant,
        seeds,
        min_moves,
        count,
        seed: 1,
        draw,
        max_candidates: u64::MAX,
        time_limit: Some(left),
        nodes: 200_000,
        quiet: true,
    };
    let limit = Duration::from_secs(seconds);
    let scan = request(
        top..=top,
        Draw::Scan,
        3,
        (ANUAK_PROBLEMS / 2).saturating_sub(have),
        limit,
    );
    let sample = request(beyond, Draw::Sample, 1, ANUAK_PROBLEMS - have, limit);
    let worth_running = |r: &super::compose::ComposeRequest| -> Result<bool> {
        let barren = store.composition_last_found(&r.key())? == Some(0);
        let how = if r.draw == Draw::Scan {
            " (a scan)"
        } else {
            ""
        };
        if barren {
            log::info!(
                "Anuak problems: the last composition of {}..{} seeds{} found none, so it is not \
                 run again (`mancala puzzles compose` goes on with it)",
                r.seeds.start(),
                r.seeds.end(),
                how
            );
        }
        Ok(!barren)
    };
    let run_scan = have < ANUAK_PROBLEMS / 2 && worth_running(&scan)?;
    let run_sample = worth_running(&sample)?;
    if !run_scan && !run_sample {
        return Ok(());
    }
    log::info!(
        "{have} Anuak problems in {}: composing more for at most {seconds} s in the background \
         (--compose-seconds; the next start goes on where this one stops)",
        tb.path()
    );
    status.begin(
        BuildStep::Anuak,
        Some(variant),
        Some((ANUAK_PROBLEMS - have) as u64),
    );
    let start = Instant::now();
    let mut found = 0;
    if run_scan {
        status.detail(format!("a scan of {top} seeds"));
        found += super::compose::compose_into(tb, store, &scan)?;
        status.advance(found as u64);
    }
    let left = limit.saturating_sub(start.elapsed());
    let wanted = ANUAK_PROBLEMS - have - found;
    if run_sample && wanted > 0 && !left.is_zero() {
        status.detail(format!(
            "sampling {}..{} seeds",
            sample.seeds.start(),
            sample.seeds.end()
        ));
        let sample = super::compose::ComposeRequest {
            count: wanted,
            time_limit: Some(left),
            ..sample
        };
        let more = super::compose::compose_into(tb, store, &sample)?;
        status.advance(more as u64);
        found += more;
    }
    status.finish(format!(
        "composed {found} Anuak problems in {:.0} s",
        start.elapsed().as_secs_f64()
    ));
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

/// The background build's status follows the first build's solve (`GET /api/status`): the
/// tablebase step, with every position to solve as its total, each group begun and stored.
impl BuildWatcher for BuildStatus {
    fn solving(&self, total: u64) {
        self.begin(BuildStep::Tablebase, None, Some(total));
    }

    fn group_started(&self, variant: Variant, name: &str) {
        self.on_variant(variant, name);
    }

    fn group_stored(&self, positions: u64) {
        self.advance(positions);
    }
}
