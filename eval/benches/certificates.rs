//! The certificate sweep (issue 70): positions of engine games of each traditional variant that
//! the evaluator proves exact at the quick budget, each certified (`Evaluator::prove`) and
//! checked by the independent checker (mancala-check, its own rules and its own reading of the
//! tablebase file). Not a test: run it with
//!
//! ```text
//! MANCALA_DB=mancala.db cargo bench -p mancala-eval --bench certificates -- [PER_VARIANT]
//! ```
//!
//! For each variant, games of the engine against itself from the start (as the frontier bench
//! plays them: a search of 100,000 nodes a move, one move in four at random, seeded) are walked
//! from their start; the first ten positions of each game beyond the tablebase that a fresh
//! evaluator answers exactly at the quick budget (the farthest from the table, the hardest to
//! certify) are certified by that evaluator, as `mancala eval --certify` does (the proof's
//! searches within the same budget), until PER_VARIANT (default 50) are. A line a
//! variant: how many were certified and accepted, the median and worst time to certify, the
//! median certificate's lines, and the evaluation's median nodes beside them; then every failure
//! by position, if any.

mod common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{median, play, Random, PLAY_NODES, TRADITIONAL};

use mancala_check::proof;
use mancala_check::table::Table;
use mancala_db::Tablebase;
use mancala_eval::prove::ProofOptions;
use mancala_eval::{Evaluator, SearchSettings, QUICK_BUDGET};
use mancala_solver::engine::Budget;

/// Games played at most a variant in search of positions.
const MAX_GAMES: usize = 40;

/// Positions certified at most a game.
const PER_GAME: usize = 10;

fn main() {
    let per_variant = common::number_args().first().map_or(50, |&n| n as usize);
    let path = std::env::var("MANCALA_DB").unwrap_or_else(|_| "mancala.db".into());
    let tb = Arc::new(Tablebase::open_read_only(&path).expect("the tablebase opens"));
    let cap = Budget::nodes(PLAY_NODES);
    let evaluator =
        Evaluator::new(Arc::clone(&tb), SearchSettings::single(cap)).expect("slices read");
    let table = Table::open(std::path::Path::new(&path), 256 << 20).expect("the checker opens it");
    println!(
        "variant | table (seeds) | certified and accepted | time to certify (median, worst) | lines (median, most) | evaluation's nodes (median)"
    );
    for variant in TRADITIONAL {
        let held = evaluator.held_up_to(variant);
        let mut random = Random::for_variant(variant);
        // Each certificate accepted: the time to make it, its lines, the evaluation's nodes.
        let (mut times, mut lines, mut nodes) = (Vec::new(), Vec::new(), Vec::new());
        let mut failures: Vec<String> = Vec::new();
        let mut games = 0;
        while times.len() + failures.len() < per_variant && games < MAX_GAMES {
            games += 1;
            let game = play(
                &evaluator,
                variant,
                Budget::nodes(PLAY_NODES),
                &mut random,
                |_, r| r.next() % 4 == 0,
            );
            // The first exact answers of a game, the farthest from the tablebase and so the
            // hardest to certify, at most PER_GAME of them, so that the positions come from
            // several games.
            let mut taken = 0;
            for p in &game {
                if times.len() + failures.len() == per_variant || taken == PER_GAME {
                    break;
                }
                if evaluator.holds(p) || p.game_over().is_some() {
                    continue;
                }
                // A fresh evaluator (a fresh table): the answer the quick budget gives on its
                // own, then its certificate as `mancala eval --certify` makes it, the proof's
                // searches within the same budget.
                let fresh = Evaluator::new(Arc::clone(&tb), SearchSettings::single(QUICK_BUDGET))
                    .expect("slices read");
                let e = fresh
                    .evaluate(p, QUICK_BUDGET)
                    .expect("the tablebase reads");
                if !e.source.is_exact() {
                    continue;
                }
                taken += 1;
                let eval_nodes = match e.source {
                    mancala_eval::Source::Search(r) => r.nodes,
                    mancala_eval::Source::Tablebase => 0,
                };
                let started = Instant::now();
                let options = ProofOptions {
                    time: Some(Duration::from_secs(120)),
                    ..ProofOptions::within(QUICK_BUDGET)
                };
                let certificate = match fresh.prove(p, options, &mut |_| {}) {
                    Ok(c) => c,
                    Err(err) => {
                        failures.push(format!("{variant} {p}: {err}"));
                        continue;
                    }
                };
                let seconds = started.elapsed();
                let mut bytes = Vec::new();
                certificate.write_jsonl(&mut bytes).expect("in memory");
                let checked = proof::read(bytes.as_slice()).map(|c| proof::check(&c, &table));
                match checked {
                    Ok(c) if c.accepted() && i32::from(e.value.score) == c.header.value => {
                        times.push(seconds);
                        lines.push(c.lines);
                        nodes.push(eval_nodes);
                    }
                    Ok(c) => failures.push(format!(
                        "{variant} {p}: not accepted ({:?} / {:?})",
                        c.lower.map(|b| b.value),
                        c.upper.map(|b| b.value)
                    )),
                    Err(err) => failures.push(format!("{variant} {p}: unreadable: {err}")),
                }
            }
        }
        let n = times.len();
        if n == 0 {
            println!("{variant} | {held} | 0 of {} | - | - | -", failures.len());
        } else {
            println!(
                "{variant} | {held} | {n} of {} ({games} games) | {:.2} s, {:.2} s | {}, {} | {}",
                n + failures.len(),
                median(times.clone()).as_secs_f64(),
                times.iter().max().expect("one").as_secs_f64(),
                median(lines.clone()),
                lines.iter().max().expect("one"),
                median(nodes),
            );
        }
        for f in &failures {
            println!("  failed: {f}");
        }
    }
}
