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
    assert!(rules::can_unmake(Variant::Oware));
    for seeds in 0..=12u8 {
        let slice = Slice {
            variant: Variant::Oware,
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
                "Oware slice {seeds}, position {}",
                slice.board(child).cells[..12]
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

/// The parents of a board, each as its twelve pits seen from its mover, sorted.
fn parents_of(child: [u8; 12]) -> Vec<[u8; 12]> {
    let mut board = mancala_solver::Board::EMPTY;
    board.cells[..12].copy_from_slice(&child);
    let mut parents = Vec::new();
    rules::unmake(Variant::Oware, &board, |p| {
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
