//! Clockwise Rio Kadalis (`rio-kadalis-cw`, `rio-kadalis-5-cw`) is never solved for the
//! tablebase: its values are read from the counter-clockwise tables at the mirrored board, each
//! row read from the other end (`Slice::of_board`, docs/rules.md#clockwise-rio-kadalis). That
//! claim checked here on every position of small slices and of a shape table, against a
//! clockwise solve made only for this test: its sowings go down the ring (`rules::relay`), and
//! its predecessors are found from its forward moves (the solver un-makes only
//! counter-clockwise sowings), so the two solves share neither their moves nor their way back.

use std::collections::HashMap;

use mancala_solver::solve::{KnownValues, Silent};
use mancala_solver::{Board, Shape, Slice, SliceId, TableShape, Variant};

mod in_memory;

/// Every slice of `slices`, solved smallest first as a database solves them: each slice's
/// values by its id.
fn solve_all(slices: &[Slice]) -> HashMap<SliceId, Vec<i8>> {
    let mut out = HashMap::new();
    in_memory::solve_slices(slices, &mut KnownValues::new(), &Silent, |solved| {
        out.extend(solved.iter().map(|s| (s.slice.id, s.values.clone())));
    });
    out
}

/// Compares every position of the clockwise solve's slices with the counter-clockwise value
/// the store would read for it; returns how many positions were compared and how many were
/// not drawn (so that the comparison is seen to compare something).
fn compare(
    clockwise: Variant,
    cw: &HashMap<SliceId, Vec<i8>>,
    ccw: &HashMap<SliceId, Vec<i8>>,
    slices: &[Slice],
) -> (u64, u64) {
    let counter = clockwise.mirror_image_of().expect("a mirrored variant");
    let (mut compared, mut decided) = (0, 0);
    for slice in slices {
        let shape = slice.shape();
        for i in 0..slice.len() {
            let board: Board = slice.board(i);
            let value = cw[&slice.id][i as usize];
            let (stored, at) = Slice::of_board(clockwise, shape, &board);
            assert_eq!(stored.variant, counter);
            let mirrored = ccw[&stored.id][stored.index(&at) as usize];
            assert_eq!(
                value, mirrored,
                "{clockwise} {} position {i} {board:?}: clockwise {value}, mirrored {mirrored}",
                slice.id
            );
            compared += 1;
            decided += u64::from(value != 0);
        }
    }
    (compared, decided)
}

#[test]
fn every_clockwise_position_of_small_slices_has_its_mirror_s_value() {
    // Six pits to 12 seeds (1,429,026 positions in slices 0 to 12: the sum of C(n + 11, 11)
    // over n = 0, 4, 8, 12), five to 16 (2,361,931).
    for (clockwise, max) in [(Variant::RioKadalisCw, 12), (Variant::RioKadalis5Cw, 16)] {
        let counter = clockwise.mirror_image_of().unwrap();
        let cw_slices = Slice::up_to(clockwise, max);
        let cw = solve_all(&cw_slices);
        let ccw = solve_all(&Slice::up_to(counter, max));
        let (compared, decided) = compare(clockwise, &cw, &ccw, &cw_slices);
        let expected: u64 = Slice::up_to(counter, max).iter().map(Slice::len).sum();
        assert_eq!(compared, expected, "{clockwise}: every position compared");
        assert!(
            decided * 4 > compared,
            "{clockwise}: {decided} of {compared} decided"
        );
    }
}

#[test]
fn every_clockwise_position_of_a_shape_table_has_its_mirror_s_value() {
    // Three pits open on one side and five on the other, to 16 seeds, either side to move: a
    // board whose open pits, mirrored, are no longer at the right-hand end is compacted.
    let (clockwise, shape) = (Variant::RioKadalisCw, TableShape::new(3, 5));
    let cw_slices = Slice::up_to_shaped(clockwise, shape, 16);
    let cw = solve_all(&cw_slices);
    let ccw = solve_all(&Slice::up_to_shaped(Variant::RioKadalis, shape, 16));
    let (compared, decided) = compare(clockwise, &cw, &ccw, &cw_slices);
    assert!(compared > 100_000, "{compared} positions");
    assert!(decided * 4 > compared, "{decided} of {compared} decided");
    // And a board whose closed pits are anywhere: the clockwise shape at each mirrored cell.
    let l = clockwise.pits_per_side();
    let shape = Shape::from_bits(0b000101_010010);
    assert_eq!(shape.mirrored(l).mirrored(l), shape);
    assert_eq!(shape.mirrored(l), Shape::from_bits(0b101000_010010));
}
