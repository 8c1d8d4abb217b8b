//! What every request handler shares: the [`Evaluator`] (the tablebase, opened once, read-only,
//! with its search engines), the puzzle store (read-only), the executor whose lanes run blocking
//! work off the async workers, and the store that writes (players, attempts), absent
//! when the server is read-only, and what is being built in the background.

use std::sync::{Arc, Mutex};

use mancala_db::Tablebase;
use mancala_eval::rounds::{MatchGame, ROUND_START_BUDGET};
use mancala_eval::Evaluator;
use mancala_puzzles::PuzzleStore;
use mancala_solver::Variant;

use crate::error::ApiError;
use crate::executor::{Executor, Lane};
use crate::status::BuildStatus;
use crate::writer::Writer;

/// The application state, shared by every worker.
pub struct AppState {
    /// Answers any position. Its chunk cache is shared by every request; its SQLite connection
    /// is used only on cache misses, never on an async worker; its searches are bounded by its
    /// [`mancala_eval::SearchSettings`].
    pub evaluator: Arc<Evaluator>,
    /// The puzzles, players and attempts, read-only (a second connection to the file).
    puzzles: Arc<PuzzleStore>,
    /// Where writes go, if anywhere: see [`AppState::writer`].
    writer: Writer,
    /// Where every blocking call runs (see [`crate::executor`]).
    executor: Executor,
    /// What is being built in the background (`GET /api/status`).
    pub status: Arc<BuildStatus>,
    /// The matches solved as one game, each made the first time a match of its variant asks.
    match_games: Mutex<Vec<(Variant, Arc<MatchGame>)>>,
}

impl AppState {
    /// The state over an evaluator and where writes go, with the executor's threads started:
    /// two a core for probes, and one for each engine of the evaluator for searches, whose lane
    /// admits as many waiting as the evaluator's queue.
    pub fn new(
        evaluator: Evaluator,
        puzzles: PuzzleStore,
        writer: Writer,
        status: Arc<BuildStatus>,
    ) -> std::io::Result<AppState> {
        let settings = evaluator.settings();
        let executor = Executor::new(
            Executor::default_probe_threads(),
            settings.threads,
            settings.queue,
            settings.retry_after(),
        )?;
        Ok(AppState {
            evaluator: Arc::new(evaluator),
            puzzles: Arc::new(puzzles),
            writer,
            executor,
            status,
            match_games: Mutex::new(Vec::new()),
        })
    }

    /// The tablebase (read-only), for the puzzle routes.
    pub fn tablebase(&self) -> Arc<Tablebase> {
        Arc::clone(self.evaluator.tablebase())
    }

    /// The match of `variant` solved as one game ([`ROUND_START_BUDGET`] a round start): made
    /// once (66 or 82 evaluations of round starts, a second or two), then kept. Blocking: call
    /// it in a lane.
    pub fn match_game(&self, variant: Variant) -> Result<Arc<MatchGame>, ApiError> {
        let mut games = self.match_games.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, game)) = games.iter().find(|(v, _)| *v == variant) {
            return Ok(Arc::clone(game));
        }
        let game = Arc::new(self.evaluator.match_game(variant, ROUND_START_BUDGET)?);
        games.push((variant, Arc::clone(&game)));
        Ok(game)
    }

    /// The puzzle store (read-only).
    pub fn puzzles(&self) -> Arc<PuzzleStore> {
        Arc::clone(&self.puzzles)
    }

    /// Runs the blocking call `f`, which never searches (a tablebase answer, the puzzle store),
    /// in the probe lane and waits for it without blocking the async worker.
    pub async fn blocking<F, R>(&self, f: F) -> Result<R, ApiError>
    where
        F: FnOnce() -> R + Send + 'static,
        R: Send + 'static,
    {
        self.run(Lane::Probe, f).await
    }

    /// Runs the blocking call `f` in `lane` ([`Lane::for_held`]: a search where the tablebase
    /// does not hold the position asked about) and waits for it without blocking the async
    /// worker; a search when the search lane is full is a 503 at once.
    pub async fn run<F, R>(&self, lane: Lane, f: F) -> Result<R, ApiError>
    where
        F: FnOnce() -> R + Send + 'static,
        R: Send + 'static,
    {
        Ok(self.executor.run(lane, f).await?)
    }

    /// The store that writes; on a read-only server a 503 that says why, which every write
    /// route answers.
    pub fn writer(&self) -> Result<Arc<PuzzleStore>, ApiError> {
        match &self.writer {
            Writer::Open(tb) => Ok(tb.clone()),
            Writer::ReadOnly(why) => Err(ApiError::ReadOnly(*why)),
        }
    }
}
