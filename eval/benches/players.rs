//! What players meet: how many answers of a real game are exact, or proven within a few seeds,
//! at the budget a plain question gets ([`QUICK_BUDGET`]), and how long they take. Not a test:
//! run it with
//!
//! ```text
//! MANCALA_DB=mancala.db cargo bench -p mancala-eval --bench players -- [GAMES] [VARIANT...]
//! ```
//!
//! For each variant (default: the four traditional games not solved from their start), GAMES
//! games (default 10) are played by the engine against itself from the start: the first two
//! plies at random, from a seeded generator so that a run is repeatable and the games differ,
//! then the best move found by a search of 100,000 nodes. Every position of every game is then
//! asked of a second evaluator, as the service asks it (`Evaluator::evaluate` at the quick
//! budget; the opening book and the tablebase answer where they hold the position). Printed a
//! variant a line: positions, the share answered exact, the share whose proven bounds are at
//! most 4 seeds apart (exact ones included; in win/draw/loss variants, those with any proven
//! bound, which rules out one result at least),
//! the first ply from which every answer of a game is exact (median and range over games), and
//! the time per answer (median and 95th percentile).

mod common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{median, play, Random, PLAY_NODES, TRADITIONAL};
use mancala_db::Tablebase;
use mancala_eval::{Bounds, Evaluator, SearchSettings, QUICK_BUDGET};
use mancala_solver::engine::Budget;
use mancala_solver::{Position, Scoring, Variant};

/// Plies played at random at the start of each game.
const RANDOM_PLIES: usize = 2;

/// Proven bounds at most this many seeds apart count as narrow.
const NARROW: u8 = 4;

/// What one variant's games measured.
#[derive(Default)]
struct Measure {
    positions: usize,
    exact: usize,
    narrow: usize,
    /// Per game: the first ply from which every answer is exact.
    exact_from: Vec<usize>,
    times: Vec<Duration>,
}

/// The games kept in `file`, if it holds any that read.
fn read_games(file: &std::path::Path, variant: Variant) -> Option<Vec<Vec<Position>>> {
    let text = std::fs::read_to_string(file).ok()?;
    let games: Option<Vec<Vec<Position>>> = text
        .split("\n\n")
        .filter(|g| !g.trim().is_empty())
        .map(|g| {
            g.lines()
                .map(|l| Position::parse(variant, l).ok())
                .collect()
        })
        .collect();
    games.filter(|g| !g.is_empty())
}

/// Keeps `games` in `file` for the next run.
fn write_games(file: &std::path::Path, games: &[Vec<Position>]) {
    let text: Vec<String> = games
        .iter()
        .map(|g| g.iter().map(|p| format!("{p}\n")).collect())
        .collect();
    if let Some(dir) = file.parent() {
        std::fs::create_dir_all(dir).expect("the games' folder can be made");
    }
    std::fs::write(file, text.join("\n")).expect("the games can be kept");
}

fn percent(part: usize, whole: usize) -> f64 {
    100.0 * part as f64 / whole.max(1) as f64
}

fn main() {
    let mut games = 10;
    let mut variants = Vec::new();
    for arg in std::env::args().skip(1).filter(|a| a != "--bench") {
        match (arg.parse::<usize>(), arg.parse::<Variant>()) {
            (Ok(n), _) => games = n,
            (_, Ok(v)) => variants.push(v),
            _ => panic!("`{arg}` is neither a number of games nor a variant id"),
        }
    }
    if variants.is_empty() {
        variants = TRADITIONAL.to_vec();
    }
    let path = std::env::var("MANCALA_DB").unwrap_or_else(|_| "mancala.db".into());
    let tb = Arc::new(Tablebase::open_read_only(&path).expect("the tablebase opens"));
    // Two evaluators: the answers kept while playing must not answer the questions measured.
    let settings = SearchSettings::single(QUICK_BUDGET);
    let player = Evaluator::new(Arc::clone(&tb), settings).expect("slices read");
    let asked = Evaluator::new(tb, settings).expect("slices read");
    println!(
        "variant | table (seeds) | games | positions | exact | bounds <= {NARROW} seeds | every answer exact from ply (median, range) | ms per answer (median, p95)"
    );
    for variant in variants {
        let kept = std::env::var_os("PLAYERS_GAMES")
            .map(|dir| std::path::Path::new(&dir).join(format!("{variant}-{games}.txt")));
        let played = match kept.as_deref().and_then(|f| read_games(f, variant)) {
            Some(played) => played,
            None => {
                let mut random = Random::for_variant(variant);
                let played: Vec<Vec<Position>> = (0..games)
                    .map(|_| {
                        play(
                            &player,
                            variant,
                            Budget::nodes(PLAY_NODES),
                            &mut random,
                            |ply, _| ply < RANDOM_PLIES,
                        )
                    })
                    .collect();
                if let Some(file) = &kept {
                    write_games(file, &played);
                }
                played
            }
        };
        let mut m = Measure::default();
        for game in played {
            let mut exact_from = 0;
            for (ply, p) in game.iter().enumerate() {
                let started = Instant::now();
                let e = asked
                    .evaluate(p, QUICK_BUDGET)
                    .expect("the tablebase reads");
                m.times.push(started.elapsed());
                m.positions += 1;
                let exact = e.source.is_exact();
                m.exact += usize::from(exact);
                m.narrow += usize::from(match variant.scoring() {
                    Scoring::Score => e.bounds.width().is_some_and(|w| w <= NARROW),
                    // Any bound beyond the seeds' rules out one of the three results.
                    Scoring::WinDrawLoss => e.bounds != Bounds::NONE,
                });
                if !exact {
                    exact_from = ply + 1;
                }
            }
            m.exact_from.push(exact_from);
        }
        let times_ms: Vec<u64> = m.times.iter().map(|t| t.as_millis() as u64).collect();
        let mut sorted = times_ms.clone();
        sorted.sort_unstable();
        let p95 = sorted[(sorted.len() * 95 / 100).min(sorted.len() - 1)];
        println!(
            "{} | {} | {} | {} | {:.0} % | {:.0} % | {} ({}-{}) | {} ({})",
            variant,
            asked.held_up_to(variant),
            games,
            m.positions,
            percent(m.exact, m.positions),
            percent(m.narrow, m.positions),
            median(m.exact_from.clone()),
            m.exact_from.iter().min().expect("a game"),
            m.exact_from.iter().max().expect("a game"),
            median(times_ms),
            p95
        );
    }
}
