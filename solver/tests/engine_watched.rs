//! Watching a search: every completed iteration is shown, one ply deeper each time, and the
//! answer is the last one shown (or what the cut-short iteration proved on top of it).

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use mancala_solver::engine::{Analysis, Budget, Engine, Limit};
use mancala_solver::{Board, Position, Shape, Variant};

#[test]
fn each_completed_iteration_is_shown_in_order_and_the_answer_is_the_deepest() {
    let v = Variant::Oware;
    let board = Position::start(v).relative_board();
    let mut shown: Vec<Analysis> = Vec::new();
    let answer = Engine::new(v, 16, |_: &Board| None)
        .analyse_watched(
            &board,
            Shape::OPEN,
            Budget::nodes(200_000),
            Arc::new(AtomicBool::new(false)),
            &mut |a| shown.push(a.clone()),
        )
        .unwrap();
    // The start of Oware is far from any end: the budget stops the search, after several
    // iterations (a first one costs a few nodes per move).
    assert_eq!(answer.stopped_by, Some(Limit::Nodes));
    let depths: Vec<u8> = shown.iter().map(|a| a.depth).collect();
    let expected: Vec<u8> = (1..=answer.depth).collect();
    assert_eq!(
        depths, expected,
        "one ply deeper each time, up to the answer's"
    );
    assert!(shown.len() >= 3, "{depths:?}");
    for pair in shown.windows(2) {
        assert!(pair[0].nodes <= pair[1].nodes);
    }
    let last = shown.last().unwrap();
    assert_eq!(last.stopped_by, None, "an iteration shown was not stopped");
    assert_eq!(last.moves.len(), answer.moves.len());
    // Nothing was proven at the start of Oware, so the answer is the last iteration's values.
    let values = |a: &Analysis| a.moves.iter().map(|m| m.value).collect::<Vec<_>>();
    assert_eq!(values(last), values(&answer));
}

#[test]
fn the_iteration_that_proves_the_value_is_the_answer_and_not_shown_before_it() {
    // A tiny Oware ending (one seed on the board) is proven within a few plies: every
    // iteration before the one that proves it is shown, and that one is the answer.
    let v = Variant::Oware;
    let board = Position::parse(v, "0,0,0,0,0,0/0,0,0,0,0,1 S")
        .unwrap()
        .relative_board();
    let mut shown = 0;
    let answer = Engine::new(v, 16, |_: &Board| None)
        .analyse_watched(
            &board,
            Shape::OPEN,
            Budget::UNLIMITED,
            Arc::new(AtomicBool::new(false)),
            &mut |_| shown += 1,
        )
        .unwrap();
    assert!(answer.value.exact);
    assert_eq!(shown, answer.depth.saturating_sub(1) as usize);
}
