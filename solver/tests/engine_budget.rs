//! The budget: a search that runs out of nodes or time still answers, with every move valued by
//! the deepest iteration it completed (at least the first), marked as estimates, and says which
//! limit stopped it.

use std::time::Duration;

use mancala_solver::engine::{Analysis, Budget, Engine, Limit};
use mancala_solver::{Board, Position, Variant};

fn analyse(v: Variant, board: &Board, budget: Budget) -> Analysis {
    Engine::new(v, 16, |_: &Board| None).analyse(board, budget)
}

/// Every move of the start position is listed, in pit order, with a value.
fn every_move_valued(v: Variant, a: &Analysis) {
    let start = Position::start(v);
    let listed: Vec<_> = a.moves.iter().map(|m| m.mv).collect();
    assert_eq!(listed, start.legal_moves(), "{v}");
    for m in &a.moves {
        assert!(
            !m.value.exact,
            "{v} move {}: a start is far from any end",
            m.mv
        );
        // South moves at the start: the board after the move seen by the mover is the board.
        assert_eq!(
            &m.effect.board,
            start.play(m.mv).unwrap().after.absolute_board(),
            "{v} move {}: the board after it",
            m.mv
        );
    }
    assert!(!a.value.exact, "{v}");
    assert_eq!(
        a.value.sixteenths,
        a.moves.iter().map(|m| m.value.sixteenths).max().unwrap(),
        "{v}: the best move's value"
    );
}

#[test]
fn a_tiny_node_budget_still_values_every_move_of_every_start() {
    for v in Variant::ALL {
        let start = Position::start(v).relative_board();
        let a = analyse(v, &start, Budget::nodes(1));
        assert_eq!(a.depth, 1, "{v}: the first iteration always completes");
        assert_eq!(a.stopped_by, Some(Limit::Nodes), "{v}");
        every_move_valued(v, &a);
    }
}

#[test]
fn a_node_budget_stops_a_deeper_search_at_a_completed_iteration() {
    for v in [Variant::Kalah, Variant::Oware, Variant::BaoLaKiarabu] {
        let start = Position::start(v).relative_board();
        let small = analyse(v, &start, Budget::nodes(2_000));
        let large = analyse(v, &start, Budget::nodes(200_000));
        for a in [&small, &large] {
            assert_eq!(a.stopped_by, Some(Limit::Nodes), "{v}");
            // The node count is checked at every node: the search stops at the first one over.
            assert!(a.nodes <= 200_001, "{v}: {} nodes", a.nodes);
            every_move_valued(v, a);
        }
        assert!(
            small.depth >= 1 && large.depth > small.depth,
            "{v}: {} {}",
            small.depth,
            large.depth
        );
    }
}

#[test]
fn a_time_budget_stops_the_search_and_says_so() {
    // Anywoli's start: 12 moves of long relay sowings, 96 seeds: nowhere near exact.
    let v = Variant::Anywoli;
    let start = Position::start(v).relative_board();
    let a = analyse(v, &start, Budget::time(Duration::from_millis(100)));
    assert_eq!(a.stopped_by, Some(Limit::Time));
    assert!(a.depth >= 1);
    // The clock is read every thousand nodes or so: the search stops soon after the limit.
    assert!(a.elapsed < Duration::from_secs(2), "{:?}", a.elapsed);
    every_move_valued(v, &a);
    // No time at all: the first iteration still completes.
    let a = analyse(v, &start, Budget::time(Duration::ZERO));
    assert_eq!((a.depth, a.stopped_by), (1, Some(Limit::Time)));
    every_move_valued(v, &a);
}

#[test]
fn an_exact_answer_says_no_limit_stopped_it() {
    // Kalah on 4 pits with 1 seed a pit: small enough to search to the end.
    let mut board = Board::EMPTY;
    board.cells[..8].fill(1);
    let a = analyse(Variant::Kalah4, &board, Budget::nodes(1_000_000));
    assert!(a.value.exact);
    assert_eq!(a.stopped_by, None);
    assert!(a
        .moves
        .iter()
        .any(|m| m.value.exact && m.value.score == a.value.score));
    // A game already over has no moves and its value at once.
    let mut over = Board::EMPTY;
    over.cells[4] = 3;
    let a = analyse(Variant::Kalah4, &over, Budget::nodes(1));
    assert!(a.moves.is_empty() && a.value.exact);
    assert_eq!((a.value.score, a.depth, a.stopped_by), (-3, 0, None));
}
