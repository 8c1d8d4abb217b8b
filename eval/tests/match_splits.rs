//! The search of a round for a set of its splits (`forces_split`, behind what a match is worth
//! where a round's value leaves it open), against a brute force of the same round with the
//! independent rules of mancala-check: every set of the splits that can still happen, for each
//! side.

use std::sync::Arc;

use mancala_check::rules::{outcome, Outcome, Pos, NORTH, SOUTH};
use mancala_db::{Database, Tablebase};
use mancala_eval::rounds::forces_split;
use mancala_eval::{Evaluator, SearchSettings};
use mancala_solver::engine::Budget;
use mancala_solver::match_game::{round_nodes, round_starts};
use mancala_solver::rounds::RoundStart;
use mancala_solver::{BySide, Position, Side, Variant};

/// Whether `side` can force the round from `pos` to end with South's seeds in `goal`, over the
/// whole tree of its moves: a move back to a position on the way is endless play, which splits
/// what is left equally.
fn brute_force(
    variant: Variant,
    pos: &Pos,
    side: usize,
    goal: &[bool],
    path: &mut Vec<Pos>,
) -> bool {
    let spec = variant_spec(variant);
    match outcome(&spec, pos) {
        Outcome::Over(totals) => goal[totals[SOUTH] as usize],
        Outcome::Moves(moves) => {
            path.push(*pos);
            let forced = |after: &Pos, path: &mut Vec<Pos>| match path.contains(after) {
                true => goal[(after.captured[SOUTH] + after.board_total() / 2) as usize],
                false => brute_force(variant, after, side, goal, path),
            };
            let answer = match pos.side == side {
                true => moves.iter().any(|m| forced(&m.after, path)),
                false => moves.iter().all(|m| forced(&m.after, path)),
            };
            path.pop();
            answer
        }
    }
}

fn variant_spec(variant: Variant) -> mancala_check::variant::Spec {
    variant_of(variant).spec()
}

#[test]
fn a_round_searched_for_every_set_of_its_splits_agrees_with_brute_force() {
    // An empty tablebase: every position is searched (four seeds on the board, a tiny tree).
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("empty.db");
    drop(Database::open(&path).unwrap());
    let tb = Arc::new(Tablebase::open_read_only(&path).unwrap());
    let evaluator = Evaluator::new(tb, SearchSettings::single(Budget::nodes(1_000_000))).unwrap();
    let variant = Variant::RioKadalis5;
    // The round begun with South on five pits (12 in reserve), North on two, North to start;
    // South and North have taken 12 each and four seeds are left: South ends the round with
    // 12 to 16.
    let start = RoundStart {
        open: BySide::new(5, 2),
        reserve: BySide::new(12, 0),
        starter: Side::North,
    };
    let starts = round_starts(variant);
    let i = starts.iter().position(|s| *s == start).unwrap();
    let nodes = round_nodes(variant, &starts, |_| 0);
    let text = "1,0,x,x,x/0,1,0,0,2 S 12-12";
    let position = Position::parse(variant, text).unwrap();
    let checked = mancala_check::notation::parse(variant_of(variant), text).unwrap();
    for set in 0u32..32 {
        let mut goal = vec![false; nodes[i].after.len()];
        for (k, g) in goal[12..=16].iter_mut().enumerate() {
            *g = set >> k & 1 == 1;
        }
        for (side, checker_side) in [(Side::South, SOUTH), (Side::North, NORTH)] {
            let ours = forces_split(&evaluator, &nodes[i], side, &goal, &position);
            let truth = brute_force(variant, &checked, checker_side, &goal, &mut Vec::new());
            assert_eq!(
                ours,
                Some(truth),
                "{side:?}, South's seeds in {set:05b} (from 16 down to 12)"
            );
        }
    }
}

/// The checker's own name for the variant.
fn variant_of(variant: Variant) -> mancala_check::variant::Variant {
    variant.id().parse().expect("the checker knows it")
}

#[test]
fn here_a_player_gives_up_seeds_to_win_the_match() {
    // The position of the test above, South to move with 4 seeds left. By the rules
    // (docs/rules.md#rio-kadalis-matches), South ending the round with 12 + x seeds has
    // winnings 24 + x (its reserve 12), North 16 - x:
    //   x = 0: South 5 pits + 4, North 4 + 0, South won fewer and starts: row 41 of the
    //          five-hole table (docs/matches.md), a draw;
    //   x = 1: South 5 + 5, North 3 + 3, South starts: row 43, South wins;
    //   x = 2: South 5 + 6, North 3 + 2, an equal round (14 each) started by North: South
    //          starts, row 45, South wins;
    //   x = 3: South 5 + 7, North 3 + 1, North won fewer and starts: row 48, a draw;
    //   x = 4: South 5 + 8, North 3 + 0, North starts: row 50, a draw.
    // So South wins the match with 13 or 14 seeds, and not with 15 or 16.
    let variant = Variant::RioKadalis5;
    let pos =
        mancala_check::notation::parse(variant_of(variant), "1,0,x,x,x/0,1,0,0,2 S 12-12").unwrap();
    let Outcome::Moves(moves) = outcome(&variant_spec(variant), &pos) else {
        panic!("South has moves");
    };
    let after = |pit: u8| {
        moves
            .iter()
            .find(|m| m.mv == mancala_check::rules::Move::Pit(pit))
            .map(|m| m.after)
            .unwrap()
    };
    let seeds = |wanted: &[usize]| {
        let mut goal = vec![false; 29];
        for &w in wanted {
            goal[w] = true;
        }
        goal
    };
    let forces = |pit: u8, wanted: &[usize]| {
        brute_force(variant, &after(pit), SOUTH, &seeds(wanted), &mut Vec::new())
    };
    // For seeds S2 and S5 are the same: after either South takes all four seeds left (16),
    // which draws the match.
    assert!(forces(2, &[16]) && forces(5, &[16]));
    // But only after S5 can South stop at one or two of them, 13 or 14, and win the match:
    // after S2 it cannot. South gives up two or three seeds to win the match.
    assert!(forces(5, &[13, 14]));
    assert!(!forces(2, &[13, 14]));
}
