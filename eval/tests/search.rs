//! Exactness of `Evaluator::evaluate` beyond the tablebase: for every variant, a small
//! tablebase is solved into a file and a larger one in memory as the truth (an independent
//! retrograde solve, not the search); positions with more seeds than the file holds are searched
//! with the file's positions as leaves, and every value the search calls exact must be the truth.
//!
//! A move's true value comes from its child's true value through `move_value` (docs/rules.md:
//! values and depths), the same rule the retrograde solve itself uses.

#[path = "../../solver/tests/in_memory/mod.rs"]
mod in_memory;

use std::sync::Arc;

use mancala_db::Tablebase;
use mancala_eval::{Bounds, Evaluator, SearchSettings, Source};
use mancala_solver::engine::Budget;
use mancala_solver::solve::Silent;
use mancala_solver::{move_value, BySide, Position, Side, Slice, Value, Variant};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// A seeded generator, so that every run draws the same.
type Random = StdRng;

/// Per variant: seeds in the file's tablebase, seeds of the truth and of the searched positions,
/// and how many of the [`POSITIONS`] answers must be exact. Chosen so that both solves and the
/// searches take about 20 s in all in the test profile. The minimum keeps the test from passing
/// with nothing proven; it is low in Anywoli (8 seeds over a 4-seed tablebase: two captures to
/// prove; 2 to 5 of 8 exact in the samples tried) and in Oware, whose positions with few seeds
/// cycle without captures, which the search proves only when every line of play is settled.
const SIZES: [(Variant, u32, u32, usize); 10] = [
    (Variant::Hawalis, 3, 5, 6),
    (Variant::BaoLaKiarabu, 3, 5, 6),
    (Variant::AlManqala, 5, 8, 6),
    (Variant::Anywoli, 4, 8, 2),
    (Variant::RioKadalis, 7, 10, 6),
    (Variant::RioKadalis5, 7, 10, 6),
    (Variant::Kalah, 7, 10, 6),
    (Variant::Kalah5, 7, 10, 6),
    (Variant::Kalah4, 7, 10, 6),
    (Variant::Oware, 8, 10, 1),
];

/// Positions searched per variant.
const POSITIONS: usize = 8;

/// A budget generous for positions a few seeds above the tablebase.
const BUDGET: Budget = Budget::nodes(2_000_000);

/// A random legal position, not over, of a reachable slice with more than `above` seeds and at
/// most `up_to`.
fn random_position(random: &mut Random, variant: Variant, above: u32, up_to: u32) -> Position {
    let slices: Vec<Slice> = Slice::up_to(variant, up_to)
        .into_iter()
        .filter(|s| s.id.total() > above)
        .collect();
    loop {
        let slice = slices[random.random_range(0..slices.len())];
        let board = slice.board(random.random_range(0..slice.len()));
        let p = Position::from_relative(variant, &board, Side::South, BySide::new(0, 0));
        if p.game_over().is_none() {
            return p;
        }
    }
}

#[test]
fn exact_values_and_proven_bounds_agree_with_a_larger_tablebase() {
    let dir = tempfile::tempdir().unwrap();
    let tb = Arc::new(Tablebase::open(dir.path().join("small.db")).unwrap());
    let mut random = Random::seed_from_u64(11);
    // Estimated moves with a proven bound: the bounds' check must have something to check.
    let mut bounded = 0;
    for (variant, small, large, min_exact) in SIZES {
        tb.solve_up_to(variant, small, &Silent).unwrap();
        let truth = in_memory::known_up_to(variant, large);
        let evaluator = Evaluator::new(Arc::clone(&tb), SearchSettings::single(BUDGET)).unwrap();
        let true_value = |p: &Position| {
            truth
                .value(variant, &p.relative_board())
                .expect("the truth holds every position up to its size")
        };
        let mut exact = 0;
        for _ in 0..POSITIONS {
            let position = random_position(&mut random, variant, small, large);
            let e = evaluator.evaluate(&position, BUDGET).unwrap();
            let Source::Search(report) = e.source else {
                panic!("{position} is beyond the tablebase of {small} seeds");
            };
            let value = true_value(&position);
            if report.exact {
                exact += 1;
                assert_eq!(e.value.score, value, "{variant} {position}: {report:?}");
            }
            // A proven bound is never wrong, exact or not.
            assert!(
                e.bounds.contains(value),
                "{variant} {position}: {value} outside the proven {:?}",
                e.bounds
            );
            assert_eq!(e.moves.len(), position.legal_moves().len(), "{position}");
            for m in &e.moves {
                // The value of the board the move leads to, seen from whoever moves there (none
                // when the move itself ends the game). Not `played.after`: when the position
                // reached has no move, `after` already has the end's allocation applied.
                let child = match m.played.effect.child_board(variant.pits_per_side()) {
                    Some(b) => Value {
                        score: truth.value(variant, &b).expect("the truth holds the child"),
                        depth: None,
                    },
                    None => Value::ENDLESS,
                };
                let expected = move_value(variant, &m.played.effect, child).score;
                let mv = m.played.mv;
                if m.exact {
                    assert_eq!(m.value.score, expected, "{variant} {position} move {mv}");
                }
                assert!(
                    m.bounds.contains(expected),
                    "{variant} {position} move {mv}: {expected} outside the proven {:?}",
                    m.bounds
                );
                bounded += usize::from(!m.exact && m.bounds != Bounds::NONE);
            }
        }
        assert!(
            exact >= min_exact,
            "{variant}: only {exact} of {POSITIONS} answers exact, {min_exact} expected"
        );
    }
    assert!(bounded > 0, "no estimate had a proven bound to check");
}

#[test]
fn a_main_lines_proven_bounds_hold_at_every_step() {
    // Rio Kadalis positions of 16 seeds over an 8-seed file, with a budget too small to prove
    // them: the line's estimates carry what their searches proved, each checked against a
    // 16-seed table solved in memory (a step's value is that of the position it is played
    // from, for its mover).
    let dir = tempfile::tempdir().unwrap();
    let tb = Arc::new(Tablebase::open(dir.path().join("small.db")).unwrap());
    let variant = Variant::RioKadalis;
    tb.solve_up_to(variant, 8, &Silent).unwrap();
    let truth = in_memory::known_up_to(variant, 16);
    let true_value = |p: &Position| {
        truth
            .value(variant, &p.relative_board())
            .expect("the truth holds every position up to its size")
    };
    let budget = Budget::nodes(3_000);
    let mut random = Random::seed_from_u64(5);
    let mut bounded = 0;
    for _ in 0..6 {
        let evaluator = Evaluator::new(Arc::clone(&tb), SearchSettings::single(budget)).unwrap();
        let start = random_position(&mut random, variant, 12, 16);
        let line = evaluator.main_line(&start, 12, budget).unwrap();
        assert!(
            line.bounds.contains(true_value(&start)),
            "{start}: {line:?}"
        );
        let mut here = start;
        for step in &line.steps {
            if here.game_over().is_some() {
                break;
            }
            let value = true_value(&here);
            assert!(
                step.bounds.contains(value),
                "{start}, at {here}: {value} outside the proven {:?}",
                step.bounds
            );
            bounded += usize::from(!step.exact && step.bounds != Bounds::NONE);
            here = step.played.after;
        }
    }
    assert!(bounded > 0, "no step had a proven bound to check");
}
