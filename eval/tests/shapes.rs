//! Boards with closed pits (Rio Kadalis in a match's later rounds) answered from the shape
//! tables: positions a table holds, their pits closed anywhere, are answered from it with every
//! move's value; positions with more seeds are searched with the table's boards as leaves. The
//! truth is the same table solved further in memory (the retrograde solve, which
//! solver/tests/closed_pits.rs checks against the plain rules).

#[path = "../../solver/tests/in_memory/mod.rs"]
mod in_memory;

use std::collections::HashMap;
use std::sync::Arc;

use mancala_db::{SolveSetup, Tablebase};
use mancala_eval::{Evaluator, SearchSettings, Source};
use mancala_solver::engine::Budget;
use mancala_solver::solve::{KnownValues, OneRank, Silent};
use mancala_solver::{move_value, Board, Position, Slice, SliceId, TableShape, Value, Variant};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

const VARIANT: Variant = Variant::RioKadalis5;

/// Two open pits on one side, three on the other.
fn shape() -> TableShape {
    TableShape::new(2, 3)
}

/// The table's values up to `max` seeds, by slice.
fn truth(max: u32) -> HashMap<SliceId, Vec<i8>> {
    let mut out = HashMap::new();
    let slices = Slice::up_to_shaped(VARIANT, shape(), max);
    in_memory::solve_slices(&slices, &mut KnownValues::new(), &Silent, |solved| {
        for s in solved {
            out.insert(s.slice.id, s.values.clone());
        }
    });
    out
}

/// The true value of the board `b` with the closed pits of `p` (seen from `p`'s mover), or of
/// `p` itself.
fn true_value(truth: &HashMap<SliceId, Vec<i8>>, shape: mancala_solver::Shape, b: &Board) -> i8 {
    let (slice, board) = Slice::of_board(VARIANT, shape, b);
    truth[&slice.id][slice.index(&board) as usize]
}

/// A position of the table with `seeds` seeds, its open pits at random places on each row.
fn random_position(random: &mut StdRng, seeds: u8) -> Position {
    let mover_open = if random.random_range(0..2) == 0 { 2 } else { 3 };
    let slice = Slice {
        variant: VARIANT,
        id: SliceId::Shaped {
            mover: mover_open,
            opponent: 5 - mover_open,
            seeds,
        },
    };
    let board = slice.board(random.random_range(0..slice.len()));
    // The table's layout: each side's open pits at its right-hand end; read them in ring order.
    let m = mover_open as usize;
    let mut ring: Vec<u8> = board.cells[5 - m..5].to_vec();
    ring.extend_from_slice(&board.cells[10 - (5 - m)..10]);
    let mut pits: Vec<usize> = (1..=5).collect();
    let mut rows = [vec!["x".to_owned(); 5], vec!["x".to_owned(); 5]];
    let side = random.random_range(0..2);
    let mut next = ring.into_iter();
    for (owner, open) in [(side, m), (1 - side, 5 - m)] {
        pits.shuffle(random);
        let mut chosen = pits[..open].to_vec();
        chosen.sort();
        for pit in chosen {
            rows[owner][pit - 1] = next.next().unwrap().to_string();
        }
    }
    let north: Vec<String> = rows[1].iter().rev().cloned().collect();
    let text = format!(
        "{}/{} {}",
        north.join(","),
        rows[0].join(","),
        ["S", "N"][side]
    );
    Position::parse(VARIANT, &text).unwrap()
}

#[test]
fn closed_boards_are_answered_from_their_shape_table_and_searched_above_it() {
    let dir = tempfile::tempdir().unwrap();
    let tb = Tablebase::open(dir.path().join("shapes.db")).unwrap();
    tb.plan_solve(VARIANT, 8, &[shape()], &SolveSetup::in_memory())
        .unwrap()
        .run(&OneRank, &Silent)
        .unwrap();
    let budget = Budget::nodes(2_000_000);
    let evaluator = Evaluator::new(Arc::new(tb), SearchSettings::single(budget)).unwrap();
    let truth = truth(16);
    let l = VARIANT.pits_per_side();
    let mut random = StdRng::seed_from_u64(56);
    let (mut searched, mut exact) = (0, 0);
    for seeds in [4, 8, 12, 16] {
        for _ in 0..6 {
            let p = random_position(&mut random, seeds);
            if p.game_over().is_some() {
                continue;
            }
            let in_table = seeds <= 8;
            assert_eq!(evaluator.holds(&p), in_table, "{p}");
            let e = evaluator.evaluate(&p, budget).unwrap();
            let value = true_value(&truth, p.relative_shape(), &p.relative_board());
            let is_exact = match &e.source {
                Source::Tablebase => {
                    assert!(in_table, "{p}");
                    true
                }
                Source::Search(report) => {
                    assert!(!in_table, "{p} is in the table, yet searched");
                    searched += 1;
                    report.exact
                }
            };
            assert!(
                e.bounds.contains(value),
                "{p}: {value} outside {:?}",
                e.bounds
            );
            if is_exact {
                exact += usize::from(!in_table);
                assert_eq!(e.value.score, value, "{p}");
            }
            for m in &e.moves {
                let effect = &m.played.effect;
                let child = match effect.child_board(l) {
                    Some(b) => Value {
                        score: true_value(&truth, effect.child_shape(p.relative_shape(), l), &b),
                        depth: None,
                    },
                    None => Value::ENDLESS,
                };
                let expected = move_value(VARIANT, effect, child).score;
                if m.exact {
                    assert_eq!(m.value.score, expected, "{p} move {}", m.played.mv);
                }
                assert!(in_table <= m.exact, "{p}: a table's move is exact");
            }
        }
    }
    // The searches above the table had something to prove, and proved most of it.
    assert!(
        searched >= 8 && exact * 2 >= searched,
        "{exact} of {searched} exact"
    );
}
