//! The engine's exact answers are the tablebase's: small slices are solved by the retrograde
//! solver (the truth), the engine is given a tablebase of only the smaller ones, and positions
//! a few seeds above it are searched. Whenever the engine says a value is exact it must be the
//! retrograde value: of the position, and of every move (worked out here from the retrograde
//! value of the position the move leads to, by the table of docs/rules.md#values-and-depths). And the answers must
//! mostly be exact: always for Kalah (acyclic, every line ends), for most positions elsewhere.

mod in_memory;

use mancala_solver::engine::{Analysis, Budget, Engine, SearchValue};
use mancala_solver::rules::{MoveEffect, Next};
use mancala_solver::solve::KnownValues;
use mancala_solver::{Board, Scoring, Slice, Variant};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// A seeded generator, so that every run draws the same.
type Random = StdRng;

/// One variant's check: the truth is solved up to `truth` seeds, the engine's tablebase holds
/// the slices up to `known` seeds, and `positions` boards with `truth` seeds are searched.
struct Case {
    variant: Variant,
    truth: u32,
    known: u32,
    positions: usize,
    budget: u64,
}

/// The value of a move for its mover, from the retrograde value of the position it leads to:
/// the gain (nothing in win/draw/loss variants) plus the value after an extra turn, minus it
/// after passing the turn; an endless sowing loses; a move that ends the game is its gain.
fn move_value_by_hand(v: Variant, e: &MoveEffect, truth: &KnownValues) -> i8 {
    let gain = match v.scoring() {
        Scoring::Score => e.gain[0] as i8 - e.gain[1] as i8,
        Scoring::WinDrawLoss => 0,
    };
    let value = |b: &Board| {
        truth
            .value(v, b)
            .expect("the truth holds every smaller slice")
    };
    match e.next {
        Next::Over => gain,
        Next::Endless => -1,
        Next::Mover => gain + value(&e.board),
        Next::Opponent => gain - value(&e.board.flipped(v.pits_per_side())),
    }
}

/// Checks every exact value of `a`, the analysis of `board`, against the truth, and every
/// proven bound (of the position and of each move, exact or not) too.
fn check(v: Variant, board: &Board, a: &Analysis, truth: &KnownValues) {
    let true_value = truth.value(v, board).unwrap();
    if a.value.exact {
        assert_eq!(a.value.score, true_value, "{v} {board:?}");
    }
    let bounded = |x: i8, value: SearchValue, what: &str| {
        if let Some(low) = value.at_least {
            assert!(x >= low, "{v} {board:?} {what}: {x} below the proven {low}");
        }
        if let Some(high) = value.at_most {
            assert!(
                x <= high,
                "{v} {board:?} {what}: {x} above the proven {high}"
            );
        }
    };
    bounded(true_value, a.value, "the position");
    for m in &a.moves {
        let true_move = move_value_by_hand(v, &m.effect, truth);
        if m.value.exact {
            assert_eq!(m.value.score, true_move, "{v} {board:?} move {}", m.mv);
        }
        bounded(true_move, m.value, &format!("move {}", m.mv));
    }
}

/// Runs one case; returns how many answers were exact.
fn run(case: Case) -> usize {
    let Case {
        variant: v,
        truth: n,
        known: m,
        positions,
        budget,
    } = case;
    let truth = in_memory::known_up_to(v, n);
    let leaf = |b: &Board| {
        if b.total() <= m {
            truth.value(v, b)
        } else {
            None
        }
    };
    let slices: Vec<Slice> = Slice::up_to(v, n)
        .into_iter()
        .filter(|s| s.id.total() == n)
        .collect();
    let mut engine = Engine::new(v, 18, leaf);
    let mut random = Random::seed_from_u64(n as u64 * 1000 + m as u64);
    let mut exact = 0;
    let mut nodes = 0;
    let mut one_sided = 0;
    for _ in 0..positions {
        let slice = slices[random.random_range(0..slices.len())];
        let board = slice.board(random.random_range(0..slice.len()));
        let a = engine.analyse(&board, Budget::nodes(budget));
        check(v, &board, &a, &truth);
        one_sided += a
            .moves
            .iter()
            .filter(|m| !m.value.exact && (m.value.at_least.is_some() || m.value.at_most.is_some()))
            .count();
        exact += usize::from(a.value.exact);
        nodes += a.nodes;
    }
    eprintln!(
        "{v}: {exact}/{positions} exact, {nodes} nodes, {one_sided} estimated moves with a proven bound"
    );
    exact
}

/// Kalah is acyclic: with the budget to reach the tablebase or the end on every line, every
/// answer is exact.
fn all_exact(variant: Variant, truth: u32, known: u32) {
    let positions = 100;
    let exact = run(Case {
        variant,
        truth,
        known,
        positions,
        budget: 1_000_000,
    });
    assert_eq!(exact, positions, "{variant}: every Kalah search ends exact");
}

/// A game that can cycle: most answers are exact with a generous budget, and all exact ones right.
fn mostly_exact(variant: Variant, truth: u32, known: u32, positions: usize, budget: u64) {
    let exact = run(Case {
        variant,
        truth,
        known,
        positions,
        budget,
    });
    assert!(
        2 * exact > positions,
        "{variant}: only {exact} of {positions} exact"
    );
}

#[test]
fn kalah() {
    all_exact(Variant::Kalah, 10, 6);
}

#[test]
fn kalah_5() {
    all_exact(Variant::Kalah5, 12, 7);
}

#[test]
fn kalah_4() {
    all_exact(Variant::Kalah4, 14, 8);
}

#[test]
fn hawalis() {
    mostly_exact(Variant::Hawalis, 5, 3, 100, 1_000_000);
}

#[test]
fn bao_la_kiarabu() {
    mostly_exact(Variant::BaoLaKiarabu, 5, 3, 100, 1_000_000);
}

#[test]
fn al_manqala() {
    mostly_exact(Variant::AlManqala, 10, 6, 100, 1_000_000);
}

#[test]
fn rio_kadalis() {
    mostly_exact(Variant::RioKadalis, 12, 8, 100, 1_000_000);
}

#[test]
fn rio_kadalis_5() {
    mostly_exact(Variant::RioKadalis5, 12, 8, 100, 1_000_000);
}

#[test]
fn oware() {
    mostly_exact(Variant::Oware, 8, 6, 100, 1_000_000);
}

#[test]
fn anywoli() {
    // The smallest Anywoli slice that is not over at once holds 8 seeds on 24 pits (7.9 million
    // positions): the truth takes the longest to solve here, so fewer positions are searched.
    mostly_exact(Variant::Anywoli, 8, 4, 30, 1_000_000);
}

/// Small budgets: the iterations stop early and the proofs ([`Engine::analyse`]'s second half)
/// settle what they can of each move, one question at a time. Every value they call exact and
/// every bound they prove must be the truth's, in every variant, over hundreds of positions;
/// and they must settle some (or this checks nothing).
#[test]
fn proofs_at_small_budgets_are_facts() {
    let cases = [
        (Variant::Kalah4, 12, 6),
        (Variant::Hawalis, 5, 3),
        (Variant::BaoLaKiarabu, 5, 3),
        (Variant::AlManqala, 10, 6),
        (Variant::RioKadalis, 12, 8),
        (Variant::RioKadalis5, 12, 8),
        (Variant::Oware, 8, 6),
        (Variant::Anywoli, 8, 4),
    ];
    for (variant, truth, known) in cases {
        for budget in [600, 5_000] {
            let exact = run(Case {
                variant,
                truth,
                known,
                positions: if variant == Variant::Anywoli { 60 } else { 200 },
                budget,
            });
            assert!(exact > 0, "{variant}: nothing proven at {budget} nodes");
        }
    }
}
