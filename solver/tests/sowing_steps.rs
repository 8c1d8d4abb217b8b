//! The steps of a sowing (`Position::sowing`), which the web page animates: worked out by hand
//! for every family, and checked against the moves themselves by replaying the steps on the
//! board, a second and much simpler implementation (lift empties a pit, sow adds a seed,
//! capture takes a pit) that must land on the position the move leads to.

use mancala_solver::{BySide, Move, Pit, Position, Side, SowingStep, Variant};

use SowingStep::{Capture, Lift, Sow, Store};

fn pit(text: &str) -> Pit {
    let side = if text.starts_with('S') {
        Side::South
    } else {
        Side::North
    };
    Pit {
        side,
        number: text[1..].parse().unwrap(),
    }
}

fn lift(p: &str, seeds: u8) -> SowingStep {
    Lift { pit: pit(p), seeds }
}

fn sow(p: &str) -> SowingStep {
    Sow { pit: pit(p) }
}

fn take(p: &str, seeds: u8, by: Side) -> SowingStep {
    Capture {
        pit: pit(p),
        seeds,
        by,
    }
}

fn steps(variant: Variant, position: &str, mv: u8) -> Vec<SowingStep> {
    Position::parse(variant, position)
        .unwrap()
        .sowing(Move::Pit(mv))
        .unwrap()
}

#[test]
fn rio_kadalis_the_last_seed_makes_four_for_the_mover() {
    // S6 = 2 sows N1 (0 -> 1) and N2 (3 -> 4) with the last seed: the mover takes the four.
    assert_eq!(
        steps(Variant::RioKadalis, "0,2,1,0,3,0/1,0,2,0,1,2 S", 6),
        vec![
            lift("S6", 2),
            sow("N1"),
            sow("N2"),
            take("N2", 4, Side::South)
        ]
    );
}

#[test]
fn rio_kadalis_relay_and_a_four_for_the_owner_mid_sowing() {
    // S1 = 2 sows S2 (0 -> 1), S3 (1 -> 2: the last seed in an occupied pit): lift its 2 and
    // sow S4, S5 (empty: the sowing ends).
    assert_eq!(
        steps(Variant::RioKadalis, "0,0,0,0,0,1/2,0,1,0,0,0 S", 1),
        vec![
            lift("S1", 2),
            sow("S2"),
            sow("S3"),
            lift("S3", 2),
            sow("S4"),
            sow("S5")
        ]
    );
    // S5 = 3 (N6 = 2 far away, for a total of 8) sows S6, N1 (3 -> 4 with a seed still in hand: North, its owner, takes it), N2.
    assert_eq!(
        steps(Variant::RioKadalis, "2,0,0,0,0,3/0,0,0,0,3,0 S", 5),
        vec![
            lift("S5", 3),
            sow("S6"),
            sow("N1"),
            take("N1", 4, Side::North),
            sow("N2")
        ]
    );
}

#[test]
fn kalah_store_laps_and_capture() {
    // S1 = 1 sows S2 (empty, the mover's): it and the pit facing it (N5 = 3) are captured.
    assert_eq!(
        steps(Variant::Kalah, "0,3,0,0,0,1/1,0,0,0,0,1 S", 1),
        vec![
            lift("S1", 1),
            sow("S2"),
            take("S2", 1, Side::South),
            take("N5", 3, Side::South)
        ]
    );
    // S1 = 13: one whole lap of the 13 places (S2..S6, the store, N1..N6, S1 itself); the last
    // seed lands in the emptied S1, which captures it and N6 (0 + 1).
    let mut want = vec![lift("S1", 13)];
    want.extend(["S2", "S3", "S4", "S5", "S6"].map(sow));
    want.push(Store { side: Side::South });
    want.extend(["N1", "N2", "N3", "N4", "N5", "N6", "S1"].map(sow));
    want.extend([take("S1", 1, Side::South), take("N6", 1, Side::South)]);
    assert_eq!(steps(Variant::Kalah, "0,0,0,0,0,1/13,0,0,0,0,0 S", 1), want);
}

#[test]
fn hawalis_captures_the_inner_pit_facing_and_the_outer_behind() {
    // No pit holds 2: S11 = 1 moves into the empty S12, an inner pit, facing N10 (1 seed) with
    // N5 behind it (1 seed): both are taken.
    assert_eq!(
        steps(
            Variant::Hawalis,
            "0,0,1,0,0,0,0/0,0,1,0,0,0,0/0,0,0,1,0,0,0/0,0,0,0,0,0,0 S",
            11
        ),
        vec![
            lift("S11", 1),
            sow("S12"),
            take("N10", 1, Side::South),
            take("N5", 1, Side::South)
        ]
    );
}

#[test]
fn oware_and_al_manqala_capture_backwards() {
    // Oware: S6 = 2 sows N1 (1 -> 2), N2 (1 -> 2); N2 then N1 hold 2: both taken.
    assert_eq!(
        steps(Variant::Oware, "0,0,0,0,1,1/0,0,0,0,0,2 S", 6),
        vec![
            lift("S6", 2),
            sow("N1"),
            sow("N2"),
            take("N2", 2, Side::South),
            take("N1", 2, Side::South)
        ]
    );
    // Al-manqala (the worked example of tests/rules_by_hand/al-manqala.md): S5 = 5 sows S6, S7,
    // N1, N2, N3; backwards N3 = 2, N2 = 4, N1 = 2, S7 = 4 are taken, S6 = 3 stops the chain.
    assert_eq!(
        steps(Variant::AlManqala, "1,0,0,2,1,3,1/0,0,0,2,5,2,3 S", 5),
        vec![
            lift("S5", 5),
            sow("S6"),
            sow("S7"),
            sow("N1"),
            sow("N2"),
            sow("N3"),
            take("N3", 2, Side::South),
            take("N2", 4, Side::South),
            take("N1", 2, Side::South),
            take("S7", 4, Side::South)
        ]
    );
}

#[test]
fn a_pass_has_no_steps_and_an_illegal_move_is_an_error() {
    let start = Position::start(Variant::RioKadalis);
    let e = start.sowing(Move::Pit(7)).unwrap_err();
    assert!(e.to_string().contains("not legal"), "{e}");
    let empty = Position::parse(Variant::RioKadalis, "0,0,0,0,0,1/2,0,1,0,0,0 S").unwrap();
    assert!(empty.sowing(Move::Pit(2)).is_err());
}

/// The board and captured totals after replaying `steps` from `before`, with every step
/// checked against the board as it is then.
fn replay(before: &Position, steps: &[SowingStep]) -> (Vec<Vec<u32>>, BySide<u32>) {
    let l = before.variant().pits_per_side();
    let mut board: Vec<Vec<u32>> = [Side::South, Side::North]
        .iter()
        .map(|&s| (1..=l).map(|k| before.pit(s, k) as u32).collect())
        .collect();
    let mut captured = before.captured();
    let cell = |p: Pit| (p.side.index(), p.number as usize - 1);
    let mut hand = 0;
    for step in steps {
        match *step {
            Lift { pit, seeds } => {
                let (s, k) = cell(pit);
                assert_eq!(hand, 0, "a lift with seeds in hand");
                assert_eq!(board[s][k], seeds as u32, "lift {pit:?}");
                board[s][k] = 0;
                hand = seeds as u32;
            }
            Sow { pit } => {
                let (s, k) = cell(pit);
                board[s][k] += 1;
                hand -= 1;
            }
            Store { side } => {
                captured[side] += 1;
                hand -= 1;
            }
            Capture { pit, seeds, by } => {
                let (s, k) = cell(pit);
                assert_eq!(board[s][k], seeds as u32, "capture {pit:?}");
                board[s][k] = 0;
                captured[by] += seeds as u32;
            }
        }
    }
    assert_eq!(hand, 0, "seeds left in hand");
    (board, captured)
}

#[test]
fn replaying_the_steps_reaches_the_position_after_the_move() {
    let mut checked = 0;
    for variant in Variant::ALL {
        let l = variant.pits_per_side();
        // A deterministic pseudo-random walk (an LCG) through a few games of each variant.
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        for _game in 0..6 {
            let mut pos = Position::start(variant);
            for _ply in 0..200 {
                let moves = pos.successors();
                if moves.is_empty() {
                    break;
                }
                for played in &moves {
                    if played.endless || played.ends_game {
                        continue; // no position after it to compare with
                    }
                    let steps = pos.sowing(played.mv).unwrap();
                    let (board, captured) = replay(&pos, &steps);
                    let after = played.after;
                    let want: Vec<Vec<u32>> = [Side::South, Side::North]
                        .iter()
                        .map(|&s| (1..=l).map(|k| after.pit(s, k) as u32).collect())
                        .collect();
                    assert_eq!(board, want, "{variant:?} {pos:?} {}", played.mv);
                    assert_eq!(
                        captured,
                        after.captured(),
                        "{variant:?} {pos:?} {}",
                        played.mv
                    );
                    checked += 1;
                }
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let pick = (seed >> 33) as usize % moves.len();
                if moves[pick].endless {
                    break;
                }
                pos = moves[pick].after;
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}
