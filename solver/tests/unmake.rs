//! `rules::unmake` against the moves themselves: the boards it finds for a position are exactly
//! those whose moves that capture nothing lead to it, as many times as such moves do.
//!
//! The reference is the forward move generator (itself checked against an independent
//! implementation in against_reference.rs): every move of every position of a slice is made,
//! the in-group ones are inverted, and each position's list of parents compared with what
//! un-making finds. From 12 seeds on a pit can hold enough for a sowing to go round and skip its
//! emptied pit; slices of few seeds hold the starved positions, where the rule that the opponent
//! must be fed decides which moves are legal.

use std::collections::HashMap;

use mancala_solver::rules::{self, Next};
use mancala_solver::{Slice, SliceId, Variant};

/// Every position's parents by a move that captures nothing, from the moves of every position
/// of `slice`, each list sorted.
fn parents_by_moving(slice: Slice) -> HashMap<u64, Vec<u64>> {
    let l = slice.variant.pits_per_side();
    let mut parents: HashMap<u64, Vec<u64>> = HashMap::new();
    for i in 0..slice.len() {
        let board = slice.board(i);
        rules::expand(slice.variant, &board, |_, o| {
            if o.next == Next::Opponent && o.gain == [0, 0] {
                let child = o.child_board(l).expect("the turn passes");
                assert_eq!(Slice::of(slice.variant, &child), slice);
                parents.entry(slice.index(&child)).or_default().push(i);
            }
        });
    }
    parents.values_mut().for_each(|p| p.sort_unstable());
    parents
}

/// Every position's parents as `unmake` finds them, sorted.
fn parents_by_unmaking(slice: Slice, child: u64) -> Vec<u64> {
    let mut found = Vec::new();
    rules::unmake(slice.variant, &slice.board(child), |p| {
        assert_eq!(
            Slice::of(slice.variant, p),
            slice,
            "a parent in another slice"
        );
        found.push(slice.index(p));
    });
    found.sort_unstable();
    found
}

#[test]
fn oware_moves_unmade_are_the_moves_made() {
    moves_unmade_are_the_moves_made(Variant::Oware, (0..=12).collect());
}

/// Rio Kadalis's slices go by fours. From 12 seeds (six holes) or 10 (five) every pit can hold a
/// seed and a lap can go round the ring; from 20 (five holes) every pit can hold two.
#[test]
fn rio_kadalis_moves_unmade_are_the_moves_made() {
    moves_unmade_are_the_moves_made(Variant::RioKadalis, vec![0, 4, 8, 12]);
    moves_unmade_are_the_moves_made(Variant::RioKadalis5, vec![0, 4, 8, 12, 16]);
}

/// The larger slices, where laps go round twice and three times: a minute in a release build
/// (`cargo test --release -p mancala-solver --test unmake -- --ignored`).
#[test]
#[ignore]
fn rio_kadalis_moves_unmade_are_the_moves_made_on_larger_slices() {
    moves_unmade_are_the_moves_made(Variant::RioKadalis, vec![16]);
    moves_unmade_are_the_moves_made(Variant::RioKadalis5, vec![20, 24]);
}

/// Every position of each slice of `variant` with `seeds` on the board: its parents un-made are
/// its parents by moving.
fn moves_unmade_are_the_moves_made(variant: Variant, seeds: Vec<u8>) {
    assert!(rules::can_unmake(variant));
    for seeds in seeds {
        let slice = Slice {
            variant,
            id: SliceId::Seeds(seeds),
        };
        let by_moving = parents_by_moving(slice);
        let mut moves = 0;
        for child in 0..slice.len() {
            let want = by_moving.get(&child).cloned().unwrap_or_default();
            moves += want.len();
            assert_eq!(
                parents_by_unmaking(slice, child),
                want,
                "{variant:?} slice {seeds}, position {}",
                slice.board(child).cells[..2 * variant.pits_per_side()]
                    .iter()
                    .map(u8::to_string)
                    .collect::<Vec<_>>()
                    .join("-")
            );
        }
        // Slice 0 has no move; every other slice has moves that capture nothing.
        assert_eq!(moves == 0, seeds == 0, "slice {seeds}");
    }
}

/// The parents of an Oware board, each as its twelve pits seen from its mover, sorted.
fn parents_of(child: [u8; 12]) -> Vec<[u8; 12]> {
    parents_in(Variant::Oware, child)
}

/// The parents of a board of `variant` (six pits a side), each as its twelve pits seen from its
/// mover, sorted.
fn parents_in(variant: Variant, child: [u8; 12]) -> Vec<[u8; 12]> {
    let mut board = mancala_solver::Board::EMPTY;
    board.cells[..12].copy_from_slice(&child);
    let mut parents = Vec::new();
    rules::unmake(variant, &board, |p| {
        parents.push(p.cells[..12].try_into().expect("twelve pits"))
    });
    parents.sort();
    parents
}

/// Boards worked by hand. Each child is seen from the side to move (its six pits first); the
/// move into it was made by the other side, whose pits come first in a parent.
#[test]
fn oware_unmade_by_hand() {
    // The mover's side after the move is [0,0,0,0,0,1], the opponent's [1,0,0,0,0,0]. The
    // emptied pit is one of the five empty ones, and its seeds went to the pits after it; only
    // the fifth has a non-empty pit after it. One seed taken back from the sixth pit: the fifth
    // held 1 and the opponent's first pit 1 already. Two: the sixth and the opponent's first
    // (which then held 0, and 1 after: no capture). Three would take from the opponent's
    // empty second pit.
    assert_eq!(
        parents_of([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]),
        [
            [0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0],
        ]
    );
    // The side to move has no seeds; the mover's side is [0,0,0,0,1,1]. From its fourth pit
    // with 1 seed, the parent [0,0,0,1,0,1] could instead have sown its sixth pit into the
    // opponent's row, so starving the opponent was illegal. With 2 seeds, the parent
    // [0,0,0,2,0,0] has no move that feeds: legal.
    assert_eq!(
        parents_of([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1]),
        [[0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0]]
    );
    // The opponent's first pit holds 2: a sowing that ended there captured it, and one that
    // went on needed a seed from the empty pit after it. No parent.
    assert!(parents_of([2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).is_empty());
    // Twelve seeds from the mover's first pit go round: one in each other pit, then the
    // emptied pit is skipped and the twelfth lands in the second pit, which holds 2 after it.
    // That child, seen from the opponent, is [1,1,1,1,1,1 | 0,2,1,1,1,1]. The mover's first pit
    // is its only empty one. Taking back h seeds from the pits after it, one each, gives a
    // parent for every h up to 11 ([1,1,...] for h = 1, [11,1,0,...,0] for h = 11), and the
    // twelfth comes from the second pit again ([12,0,...,0]); a thirteenth would need a seed of
    // the emptied third pit. Every sowing ends on a pit that holds 1 after it, or in the
    // mover's own row: no capture. Twelve parents.
    let parents = parents_of([1, 1, 1, 1, 1, 1, 0, 2, 1, 1, 1, 1]);
    assert_eq!(parents.len(), 12);
    assert!(parents.contains(&[1; 12]));
    assert!(parents.contains(&[11, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
    assert!(parents.contains(&[12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
}

/// Rio Kadalis boards worked by hand. Each child is seen from the side to move; the mover's pits
/// (those of the side that made the move) come first in a parent. A lap lifts a whole pit and
/// drops one seed a pit from the next one on, the emptied pit included when it goes round; a
/// last seed into an occupied pit lifts it and sows on, into an empty pit ends the move.
#[test]
fn rio_kadalis_unmade_by_hand() {
    let rk = |child| parents_in(Variant::RioKadalis, child);
    // Each child (its row first, then the mover's) and its parents, sorted.
    let cases: [([u8; 12], &[[u8; 12]]); 3] = [
        // After the move the mover's row is [0,1,1,0,0,0]. The move ended at its second or
        // third pit. At the third: the lap before it came from the first empty pit behind, the
        // first (2 seeds); that pit holding 2 could also have been the end of an earlier lap,
        // which came from the opponent's last pit (empty behind it): not a parent, and it held
        // 1, so no lap ended there before. At the second: one seed from the first pit.
        (
            [0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0],
            &[
                [1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0],
                [2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            ],
        ),
        // The mover's row [0,0,1,1,0,0]. Ended at the fourth pit: 2 seeds from the second,
        // which held 2 either from the start ([0,2,...]) or after a seed from the first landed
        // on its 1 ([1,1,...]: a relay of two laps). Ended at the third: 1 seed from the second
        // ([0,1,0,1,...]).
        (
            [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0],
            &[
                [0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0],
                [0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
                [1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            ],
        ),
        // The mover's row [0,4,1,0,0,0]: the move ended at the third pit, and its lap came from
        // the first empty pit behind, the first, dropping a seed into the second: from 3 to 4,
        // a four, captured. No wrapping lap (there are empty pits). No parent.
        ([0, 0, 0, 0, 0, 0, 0, 4, 1, 0, 0, 0], &[]),
    ];
    for (child, parents) in cases {
        assert_eq!(rk(child), parents, "child {child:?}");
    }
    // Every pit holds 1 after twelve seeds went round from one pit, the last into the emptied
    // pit itself: [12,0,...] from the first pit. Or a seed from the first pit landed on 11 in
    // the second, which went round the same way ending there: [1,11,0,...].
    let all_ones = rk([1; 12]);
    assert!(all_ones.contains(&[12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
    assert!(all_ones.contains(&[1, 11, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
    assert!(all_ones.contains(&[0, 0, 0, 0, 0, 12, 0, 0, 0, 0, 0, 0]));
    // Twelve from an opponent's pit is no move of the mover's.
    assert!(!all_ones.contains(&[0, 0, 0, 0, 0, 0, 12, 0, 0, 0, 0, 0]));
}
