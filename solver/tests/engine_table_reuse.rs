//! An engine's transposition table handed to the next engine ([`Engine::into_table`],
//! [`Engine::with_table`]): kept for the same variant, so that a second search of the same
//! position costs less and finds the same exact value; cleared for another variant, so that its
//! answers are those of a fresh table. And a search cancelled by its caller stops at once.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use mancala_solver::engine::{Budget, Engine, TranspositionTable};
use mancala_solver::{Board, Position, Variant};

/// A Rio Kadalis position of 12 seeds that a search proves without a tablebase (the brute-force
/// solver of `solver_brute_force.rs` agrees with the engine on such boards; here only the
/// engine's consistency with itself is at stake).
const RIO: &str = "0,1,0,2,0,1/1,0,3,0,2,2 S";

fn no_tablebase(_: &Board) -> Option<i8> {
    None
}

#[test]
fn a_kept_table_makes_the_second_search_cheaper_and_the_same() {
    let v = Variant::RioKadalis;
    let board = Position::parse(v, RIO).unwrap().relative_board();
    let mut first = Engine::new(v, 16, no_tablebase);
    let a = first.analyse(&board, Budget::UNLIMITED);
    assert!(a.value.exact, "{a:?}");
    let table = first.into_table();
    assert_eq!(
        table.bytes(),
        (32 << 16) + (32 << 18),
        "2^16 entries of 32 bytes, and the proofs' 2^18"
    );

    let mut second = Engine::with_table(v, table, no_tablebase);
    let b = second.analyse(&board, Budget::UNLIMITED);
    assert_eq!(b.value, a.value);
    for (x, y) in a.moves.iter().zip(&b.moves) {
        assert_eq!((x.mv, x.value.exact), (y.mv, y.value.exact));
        if x.value.exact {
            assert_eq!(x.value.score, y.value.score, "move {}", x.mv);
        }
    }
    // Every root move's child is proven in the kept table: a bound from it ends each search.
    assert!(
        b.nodes * 10 < a.nodes,
        "{} nodes, then {}",
        a.nodes,
        b.nodes
    );
}

#[test]
fn a_table_passed_to_another_variant_is_cleared() {
    let v = Variant::RioKadalis;
    let board = Position::parse(v, RIO).unwrap().relative_board();
    let mut rio = Engine::new(v, 16, no_tablebase);
    rio.analyse(&board, Budget::UNLIMITED);
    // The same board under Oware's rules (also two rows of six), searched with the Rio Kadalis
    // table and with a fresh one: the same nodes, the same values. Kept, the Rio Kadalis
    // entries of this very board and its successors would cut the Oware search.
    let o = Variant::Oware;
    let same = Position::parse(o, RIO).unwrap().relative_board();
    let budget = Budget::nodes(200_000);
    let reused = Engine::with_table(o, rio.into_table(), no_tablebase).analyse(&same, budget);
    let fresh =
        Engine::with_table(o, TranspositionTable::new(16), no_tablebase).analyse(&same, budget);
    assert_eq!(reused.nodes, fresh.nodes);
    assert_eq!(reused.moves, fresh.moves);
}

#[test]
fn a_cancelled_search_stops_at_once_and_answers_nothing() {
    let v = Variant::Oware;
    let start = Position::start(v).relative_board();
    // Cancelled before it starts: it stops within the first thousand or so nodes, even in the
    // first iteration, which a budget never cuts.
    let cancel = Arc::new(AtomicBool::new(true));
    let mut engine = Engine::new(v, 16, no_tablebase);
    assert!(engine
        .analyse_until(&start, Budget::UNLIMITED, cancel)
        .is_none());

    // Cancelled from inside, by the leaf, after 5,000 calls: the search ends soon after.
    let calls = Arc::new(AtomicU64::new(0));
    let cancel = Arc::new(AtomicBool::new(false));
    let (c, flag) = (Arc::clone(&calls), Arc::clone(&cancel));
    let leaf = move |_: &Board| {
        if c.fetch_add(1, Ordering::Relaxed) == 5_000 {
            flag.store(true, Ordering::Relaxed);
        }
        None
    };
    let mut engine = Engine::new(v, 16, leaf);
    assert!(engine
        .analyse_until(&start, Budget::UNLIMITED, Arc::clone(&cancel))
        .is_none());
    let seen = calls.load(Ordering::Relaxed);
    assert!(
        (5_000..5_000 + 2 * 1024).contains(&seen),
        "{seen} leaf calls"
    );

    // Not cancelled: the same as `analyse`.
    let budget = Budget::nodes(20_000);
    let flag = Arc::new(AtomicBool::new(false));
    let until = Engine::new(v, 16, no_tablebase).analyse_until(&start, budget, flag);
    let plain = Engine::new(v, 16, no_tablebase).analyse(&start, budget);
    assert_eq!(
        until.map(|a| (a.value, a.moves)),
        Some((plain.value, plain.moves))
    );
}
