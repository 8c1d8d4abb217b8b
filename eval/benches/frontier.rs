//! The proof frontier of each seed game (docs/results.md): from which ply of a game, and with
//! how many seeds on the board, the evaluator's answers become exact. Not a test: run it with
//!
//! ```text
//! MANCALA_DB=mancala.db cargo bench -p mancala-eval --bench frontier -- [GAMES] [NODES...]
//! ```
//!
//! For each variant, GAMES games (default 5) are played by the engine against itself from the
//! start (each move the best found by a search of 100,000 nodes, one move in four at random so
//! that the games differ, from a seeded generator so that a run is repeatable). Then, for each
//! budget of NODES (default 10,000,000, the service's cap, and 100,000,000), the positions of
//! the game are evaluated from its end backwards until the first answer that is not exact: the
//! frontier of that game at that budget is the ply after it (every later position of the game is
//! exact), with its seeds on the board. Printed as a table a variant a line, medians over games.

mod common;

use std::sync::Arc;
use std::time::Instant;

use common::{median, play, Random, PLAY_NODES, TRADITIONAL};

use mancala_db::Tablebase;
use mancala_eval::{Evaluator, SearchSettings};
use mancala_solver::engine::Budget;
use mancala_solver::{Position, Variant};

fn main() {
    let args = common::number_args();
    let games = args.first().copied().unwrap_or(5) as usize;
    let budgets: Vec<u64> = match args.get(1..) {
        Some(b) if !b.is_empty() => b.to_vec(),
        _ => vec![10_000_000, 100_000_000],
    };
    let path = std::env::var("MANCALA_DB").unwrap_or_else(|_| "mancala.db".into());
    let tb = Arc::new(Tablebase::open_read_only(&path).expect("the tablebase opens"));
    let top = *budgets.iter().max().expect("a budget");
    let evaluator =
        Evaluator::new(tb, SearchSettings::single(Budget::nodes(top))).expect("slices read");
    println!(
        "variant | table (seeds) | budget | games | frontier ply (median, range) | seeds there (median, range) | game length (median) | seconds"
    );
    // The traditional games and the six-hole Rio Kadalis, none solved from its start.
    for variant in TRADITIONAL.into_iter().chain([Variant::RioKadalis]) {
        let mut random = Random::for_variant(variant);
        // One move in four at random, so that the games differ.
        let one_in_four = |_: usize, r: &mut Random| r.next().is_multiple_of(4);
        let played: Vec<Vec<Position>> = (0..games)
            .map(|_| {
                play(
                    &evaluator,
                    variant,
                    Budget::nodes(PLAY_NODES),
                    &mut random,
                    one_in_four,
                )
            })
            .collect();
        for &nodes in &budgets {
            let started = Instant::now();
            let mut plies = Vec::new();
            let mut seeds = Vec::new();
            for game in &played {
                let mut session = evaluator.session(variant);
                let mut frontier = game.len() - 1;
                for (ply, p) in game.iter().enumerate().rev() {
                    let e = session
                        .evaluate(p, Budget::nodes(nodes))
                        .expect("the tablebase reads");
                    if !e.source.is_exact() {
                        break;
                    }
                    frontier = ply;
                }
                plies.push(frontier as u64);
                seeds.push(u64::from(game[frontier].seeds_on_board()));
            }
            let lengths: Vec<u64> = played.iter().map(|g| g.len() as u64 - 1).collect();
            println!(
                "{} | {} | {} | {} | {} ({}-{}) | {} ({}-{}) | {} | {:.0}",
                variant,
                evaluator.held_up_to(variant),
                nodes,
                games,
                median(plies.clone()),
                plies.iter().min().expect("a game"),
                plies.iter().max().expect("a game"),
                median(seeds.clone()),
                seeds.iter().min().expect("a game"),
                seeds.iter().max().expect("a game"),
                median(lengths),
                started.elapsed().as_secs_f64()
            );
        }
    }
}
