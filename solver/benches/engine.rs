//! Engine benchmark: how fast `mancala_solver::engine` searches, and how it compares with the
//! Kalah-only exact search of `mancala_solver::kalah_mtdf`. Not a test: run it with
//!
//! ```text
//! cargo bench -p mancala-solver --bench engine                # both tables below
//! cargo bench -p mancala-solver --bench engine -- 5000000     # another node budget
//! ```
//!
//! 1. Nodes per second on the start position of every variant, no tablebase, a fixed node
//!    budget: the speed of move generation, table and ordering on long relay sowings and short
//!    single laps alike.
//! 2. Kalah(6, 4) positions with 28 to 30 seeds left (reached by random play from the start),
//!    with a tablebase of the slices up to 14 seeds at the leaves: the engine's exact analysis
//!    (every move valued, until the position's value is exact) against `KalahSearch` (MTD(f)
//!    on the position's value alone, and on each move's child as the database does).
//!
//! Results go to standard output as Markdown tables for BENCHMARKS.md.

#[path = "../tests/in_memory/mod.rs"]
mod in_memory;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::time::Instant;

use mancala_solver::engine::{Budget, Engine};
use mancala_solver::kalah_mtdf::{KalahSearch, SearchOptions};
use mancala_solver::{Board, Position, Variant};

/// Seeds of the Kalah tablebase at the leaves of part 2.
const LEAF_SEEDS: u32 = 14;

/// Transposition tables of 2^20 entries for both searches (the Kalah search's: 16 MiB).
const TABLE_BITS: u32 = 20;

/// A seeded generator, so that every run draws the same.
type Random = StdRng;

fn starts(budget: u64) {
    println!("| variant | depth | nodes | s | nodes/s | value (estimate, seeds) |");
    println!("|---|---:|---:|---:|---:|---:|");
    for v in Variant::ALL {
        let mut engine = Engine::new(v, TABLE_BITS, |_: &Board| None);
        let a = engine.analyse(&Position::start(v).relative_board(), Budget::nodes(budget));
        let s = a.elapsed.as_secs_f64();
        println!(
            "| {v} | {} | {} | {s:.2} | {:.0} | {:+.2} |",
            a.depth,
            a.nodes,
            a.nodes as f64 / s.max(1e-9),
            f64::from(a.value.sixteenths) / 16.0
        );
    }
}

/// Positions of Kalah(6, 4) with 28 to 30 seeds on the board, by random play.
fn kalah_positions(count: usize) -> Vec<Board> {
    let mut random = Random::seed_from_u64(6_4);
    let mut found = Vec::new();
    while found.len() < count {
        let mut p = Position::start(Variant::Kalah);
        while p.seeds_on_board() > 30 && p.game_over().is_none() {
            let moves = p.legal_moves();
            p = p
                .play(moves[random.random_range(0..moves.len())])
                .unwrap()
                .after;
        }
        if p.game_over().is_none() && p.seeds_on_board() >= 28 {
            found.push(p.relative_board());
        }
    }
    found
}

fn kalah_against_kalah_search() {
    let v = Variant::Kalah;
    let t = Instant::now();
    let known = in_memory::known_up_to(v, LEAF_SEEDS);
    println!(
        "\nKalah(6, 4) positions with 28-30 seeds; tablebase to {LEAF_SEEDS} seeds ({:.1} s)\n",
        t.elapsed().as_secs_f64()
    );
    let leaf = |b: &Board| {
        (b.total() <= LEAF_SEEDS)
            .then(|| known.value(v, b))
            .flatten()
    };
    println!(
        "| position | value | engine s | engine nodes | KalahSearch value s | nodes | \
         KalahSearch every move s | nodes | engine / value time | engine / every-move time |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    let (mut total_engine, mut total_value, mut total_moves) = (0.0, 0.0, 0.0);
    for board in kalah_positions(6) {
        let mut engine = Engine::new(v, TABLE_BITS, leaf);
        let a = engine.analyse(&board, Budget::UNLIMITED);
        assert!(a.value.exact);
        let engine_s = a.elapsed.as_secs_f64();

        let mut options = SearchOptions::new(6);
        options.tt_bits = TABLE_BITS;
        options.leaf_max_seeds = Some(LEAF_SEEDS);
        let mut search = KalahSearch::new(options, leaf);
        let value = search.value(&board, 0, &mut |_| {}).unwrap();
        let value_s = search.elapsed().as_secs_f64();
        let value_nodes = search.nodes();
        assert_eq!(value, a.value.score, "{board:?}");

        // Every move's value, child by child, as the database's Kalah evaluation does.
        let mut search = KalahSearch::new(options, leaf);
        for m in &a.moves {
            if let Some(child) = m.effect.child_board(6) {
                search.value(&child, 0, &mut |_| {}).unwrap();
            }
        }
        let moves_s = search.elapsed().as_secs_f64();
        println!(
            "| {board:?} | {:+} | {engine_s:.3} | {} | {value_s:.3} | {value_nodes} | {moves_s:.3} | {} | {:.2} | {:.2} |",
            a.value.score,
            a.nodes,
            search.nodes(),
            engine_s / value_s.max(1e-9),
            engine_s / moves_s.max(1e-9),
        );
        total_engine += engine_s;
        total_value += value_s;
        total_moves += moves_s;
    }
    println!(
        "| all | | {total_engine:.3} | | {total_value:.3} | | {total_moves:.3} | | {:.2} | {:.2} |",
        total_engine / total_value.max(1e-9),
        total_engine / total_moves.max(1e-9)
    );
}

fn main() {
    let budget = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(2_000_000);
    starts(budget);
    kalah_against_kalah_search();
}
