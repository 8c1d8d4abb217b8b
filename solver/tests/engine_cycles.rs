//! Cycles and endless sowings: a repeated position is endless play, worth 0, and an endless
//! sowing in Hawalis or Bao la Kiarabu is the loss it is, both exactly.

mod in_memory;

use in_memory::solved_up_to;
use mancala_solver::engine::{Budget, Engine};
use mancala_solver::{Board, Move, Position, Variant};

/// An engine with an empty tablebase: every value comes from the search alone.
fn engine(v: Variant) -> Engine<impl Fn(&Board) -> Option<i8>> {
    Engine::new(v, 16, |_: &Board| None)
}

fn position(v: Variant, text: &str) -> Position {
    Position::parse(v, text).unwrap()
}

/// Oware, one seed a side, South's in S1 and North's in N1, South to move. Every move is forced
/// and nothing can ever be captured (worked out by hand):
///
/// * each side's lone seed steps along its own row, South's one pit ahead of North's
///   (S1 -> S2, N1 -> N2, ..., S5 -> S6, N5 -> N6): a seed sown into an empty pit of one's own
///   row captures nothing;
/// * South's S6 goes into N1, empty since North's seed left it: 1 seed, no capture (2 or 3
///   capture); South now has no seed;
/// * North must feed South: N1 -> N2 would leave South empty, so only N6 -> S1 is legal, and it
///   makes S1 hold 1: no capture. South has S1 = 1, North N1 = 1, South to move: the start.
///
/// So the game cycles for ever with 2 seeds on the board: endless play, value 0, from every
/// position of the cycle.
const OWARE_CYCLE: &str = "0,0,0,0,0,1/1,0,0,0,0,0 S";

#[test]
fn the_forced_oware_cycle_is_as_worked_out_by_hand() {
    let start = position(Variant::Oware, OWARE_CYCLE);
    let mut p = start;
    for pit in 1..=6u8 {
        for _side in 0..2 {
            assert_eq!(p.legal_moves(), [Move::Pit(pit)], "{p:?}");
            let played = p.play(Move::Pit(pit)).unwrap();
            assert_eq!(played.captured.south + played.captured.north, 0);
            p = played.after;
        }
    }
    assert_eq!(p, start, "twelve plies later the start is back");
}

#[test]
fn a_position_whose_play_cycles_is_endless_play_exactly() {
    // Every position of the cycle: the search from each meets its own start again, and a
    // repetition of the position searched (not of one above it) is the value, not the path.
    let mut p = position(Variant::Oware, OWARE_CYCLE);
    let mut e = engine(Variant::Oware);
    for _ in 0..12 {
        let a = e.analyse(&p.relative_board(), Budget::UNLIMITED);
        assert!(a.value.exact, "{p:?}: {a:?}");
        assert_eq!(a.value.score, 0, "{p:?}");
        assert_eq!(a.moves.len(), 1);
        assert!(a.moves[0].value.exact && a.moves[0].value.score == 0);
        assert_eq!(a.stopped_by, None);
        p = p.play(p.legal_moves()[0]).unwrap().after;
    }
}

#[test]
fn positions_with_a_choice_whose_best_play_cycles_are_exact_and_right() {
    // Small positions in which the retrograde solver finds endless play (value 0, no depth)
    // although the mover has a choice of moves: the engine, with no tablebase, must agree.
    for (v, seeds) in [
        (Variant::Oware, 6),
        (Variant::RioKadalis5, 8),
        (Variant::AlManqala, 6),
    ] {
        let mut endless = Vec::new();
        for s in solved_up_to(v, seeds) {
            for i in 0..s.slice.len() {
                let (value, depth) = (s.values[i as usize], s.depths[i as usize]);
                if value == 0 && depth == mancala_solver::solve::NO_DEPTH {
                    endless.push(s.slice.board(i));
                }
            }
        }
        let mut e = engine(v);
        let mut with_a_choice = 0;
        for board in endless.iter().step_by(endless.len().div_ceil(200)) {
            let a = e.analyse(board, Budget::nodes(2_000_000));
            if a.moves.len() < 2 {
                continue;
            }
            with_a_choice += 1;
            assert!(a.value.exact, "{v} {board:?}: {a:?}");
            assert_eq!(a.value.score, 0, "{v} {board:?}");
            assert!(a.best_moves().any(|m| m.value.exact && m.value.score == 0));
        }
        assert!(with_a_choice >= 10, "{v}: {with_a_choice} positions");
    }
}

#[test]
fn a_hawalis_endless_sowing_is_an_exact_loss() {
    // From the rules by hand (solver/tests/rules_by_hand.rs): South's pit 1 sows for ever.
    let p = position(
        Variant::Hawalis,
        "0,0,0,0,0,0,1/0,0,0,0,0,0,0/1,2,0,1,2,0,1/3,1,0,2,1,0,2 S",
    );
    for budget in [Budget::nodes(1), Budget::nodes(100_000)] {
        let a = engine(Variant::Hawalis).analyse(&p.relative_board(), budget);
        let pit_1 = a.moves.iter().find(|m| m.mv == Move::Pit(1)).unwrap();
        assert!(pit_1.value.exact);
        assert_eq!(pit_1.value.score, -1);
        assert_eq!(pit_1.value.sixteenths, -16);
    }
}

#[test]
fn endless_sowings_found_by_the_reference_are_exact_losses() {
    // Boards built by the independent reference so that pit 1 sows for ever, in both variants.
    for v in [Variant::Hawalis, Variant::BaoLaKiarabu] {
        let found = mancala_check::reference::endless_from_pit_1(v.id().parse().unwrap(), 5);
        assert!(!found.is_empty(), "{v}");
        let mut e = engine(v);
        for r in found {
            let p = position(v, &r.text());
            let a = e.analyse(&p.relative_board(), Budget::nodes(1));
            let pit_1 = a.moves.iter().find(|m| m.mv == Move::Pit(1)).unwrap();
            assert!(pit_1.value.exact && pit_1.value.score == -1, "{v} {p:?}");
            // Every other move is valued too, and none is worse than losing.
            assert!(a.moves.iter().all(|m| m.value.score >= -1), "{v} {p:?}");
        }
    }
}
