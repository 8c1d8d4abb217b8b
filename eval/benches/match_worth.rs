//! Where playing for seeds and playing for the match part within a round (docs/matches.md,
//! "Played to win the match"). Not a test: run it with
//!
//! ```text
//! MANCALA_DB=default.db cargo bench -p mancala-eval --bench match_worth -- [ROUNDS] [NODES]
//! ```
//!
//! For each Rio Kadalis variant the match is solved as one game over its round starts
//! ([`Evaluator::match_game`]). Then from every round start ROUNDS rounds (default 2) are played
//! by the engine (its best move at NODES nodes, default 100,000; one move in three at random, from
//! a seeded generator, so that rounds leave perfect play and a run is repeatable), and at every
//! position the match's worth is worked out with each move's ([`MatchGame::worth`]): how often
//! it is decided, and where a move other than those perfect play for seeds picks (the most
//! seeds, then the depth rule) is better for the match. Those positions are listed, the exact
//! ones marked.

// Only the seeded generator of the benches' common part is used here.
#[allow(dead_code)]
mod common;

use std::sync::Arc;
use std::time::Instant;

use common::Random;

use mancala_db::Tablebase;
use mancala_eval::rounds::ROUND_START_BUDGET;
use mancala_eval::{Evaluator, SearchSettings};
use mancala_solver::engine::Budget;
use mancala_solver::match_game::{round_starts, MatchValue};
use mancala_solver::Variant;

fn main() {
    let args = common::number_args();
    let rounds = args.first().copied().unwrap_or(2) as usize;
    let nodes = args.get(1).copied().unwrap_or(100_000);
    let path = std::env::var("MANCALA_DB").unwrap_or_else(|_| "mancala.db".into());
    let tb = Arc::new(Tablebase::open_read_only(&path).expect("the tablebase opens"));
    let evaluator =
        Evaluator::new(tb, SearchSettings::single(Budget::nodes(nodes))).expect("slices read");
    println!(
        "variant | starts (all exact) | rounds | positions | exact | won | draw | open | parted (exact) | seconds"
    );
    let (mut parted_at, mut open_at) = (Vec::new(), Vec::new());
    for variant in [Variant::RioKadalis, Variant::RioKadalis5] {
        let clock = Instant::now();
        let game = evaluator
            .match_game(variant, ROUND_START_BUDGET)
            .expect("the round starts are valued");
        let mut random = Random::for_variant(variant);
        let starts = round_starts(variant);
        let (mut positions, mut exact, mut won, mut draw, mut open) = (0, 0, 0, 0, 0);
        let (mut parted, mut parted_exact) = (0, 0);
        for start in &starts {
            for _ in 0..rounds {
                let mut position = start.position(variant);
                let mut record: Vec<String> = Vec::new();
                loop {
                    let e = evaluator
                        .evaluate(&position, Budget::nodes(nodes))
                        .expect("an evaluation");
                    if e.game_over.is_some() || e.moves.is_empty() {
                        break;
                    }
                    let worth = game.worth(&evaluator, start, &e);
                    positions += 1;
                    exact += usize::from(worth.exact);
                    match worth.value {
                        MatchValue::Won { .. } => won += 1,
                        MatchValue::Draw => draw += 1,
                        MatchValue::Undecided => {
                            open += 1;
                            if open <= 5 {
                                open_at.push(format!(
                                    "{} | {} | `{}` | value {} for the side to move ({})",
                                    variant.id(),
                                    start,
                                    position,
                                    e.value.score,
                                    if worth.exact { "exact" } else { "estimate" }
                                ));
                            }
                        }
                    }
                    if !worth.better_for_match.is_empty() {
                        parted += 1;
                        parted_exact += usize::from(worth.exact);
                        let seeds: Vec<String> = e
                            .moves
                            .iter()
                            .filter(|m| m.best)
                            .map(|m| m.played.mv.to_string())
                            .collect();
                        parted_at.push(format!(
                            "{} | {} | `{}` after `{}` | for seeds {} | for the match {} | {:?} | {}",
                            variant.id(),
                            start,
                            position,
                            record.join(" "),
                            seeds.join(" "),
                            worth
                                .better_for_match
                                .iter()
                                .map(|m| m.to_string())
                                .collect::<Vec<_>>()
                                .join(" "),
                            worth.value,
                            if worth.exact { "exact" } else { "estimate" }
                        ));
                    }
                    // The best move, or one in three at random.
                    let k = match random.next() % 3 {
                        0 => (random.next() % e.moves.len() as u64) as usize,
                        _ => 0,
                    };
                    record.push(e.moves[k].played.mv.to_string());
                    position = e.moves[k].played.after;
                }
            }
        }
        println!(
            "{} | {} ({}) | {} | {positions} | {exact} | {won} | {draw} | {open} | {parted} ({parted_exact}) | {:.0}",
            variant.id(),
            starts.len(),
            game.exact(),
            rounds,
            clock.elapsed().as_secs_f64()
        );
    }
    println!("\nWhere the match asks for another move than the seeds:");
    for line in parted_at {
        println!("{line}");
    }
    println!("\nWhere the rounds' values leave the match open (the first five a variant):");
    for line in open_at {
        println!("{line}");
    }
}
