//! The slices numbered past 2^32, which the solver numbers in 64 bits (docs/design.md,
//! "Numbering"): their numbering agrees with mancala-check's own, written apart from the
//! solver's, at indices spread over the whole range above 2^32 and at its ends, in both
//! directions (index to board, board to index) and when stepping to the next board. What the
//! solver stores of such a slice is then what the checker reads back and checks.

use mancala_check::index::SliceId as CheckId;
use mancala_solver::{Slice, SliceId, Variant};

/// Indices checked in each slice, besides the ends.
const SPREAD: u64 = 2_000;

#[test]
fn slices_past_2_32_are_numbered_as_the_checker_numbers_them() {
    let cases = [
        // Rio Kadalis: the first slice past 2^32, and the game's start (48 seeds).
        (Variant::RioKadalis, SliceId::Seeds(32)),
        (Variant::RioKadalis, SliceId::Seeds(48)),
        // Oware's start, and a four-row slice (Bao la Kiarabu: 16 pits a side).
        (Variant::Oware, SliceId::Seeds(48)),
        (Variant::BaoLaKiarabu, SliceId::Sides(7, 7)),
    ];
    for (variant, id) in cases {
        let slice = Slice { variant, id };
        let spec = variant
            .id()
            .parse::<mancala_check::Variant>()
            .expect("the checker knows every variant")
            .spec();
        let theirs: CheckId = id.to_string().parse().expect("the checker reads the slice");
        let len = slice.len();
        assert_eq!(theirs.len(&spec), Some(len), "{variant} {id}");
        assert!(
            len > 1 << 32,
            "{variant} {id}: {len} positions, not past 2^32"
        );
        let pits = 2 * variant.pits_per_side();
        let wide = len - (1 << 32);
        let indices = (0..SPREAD)
            .map(|k| (1 << 32) + k * (wide / SPREAD) + k % 7)
            .chain([(1 << 32) - 1, 1 << 32, len - 2, len - 1]);
        for i in indices {
            let board = slice.board(i);
            let mut cells = [0u8; 64];
            theirs.board(&spec, i, &mut cells);
            assert_eq!(
                &board.cells[..pits],
                &cells[..pits],
                "{variant} {id}: board {i}"
            );
            assert_eq!(slice.index(&board), i, "{variant} {id}: index {i}");
            assert_eq!(theirs.index(&spec, &board.cells), i, "{variant} {id}: {i}");
            assert_eq!(Slice::of(variant, &board), slice, "{variant} {id}: {i}");
            // The next board, stepped to by each.
            let mut next = board;
            let more = slice.advance(&mut next);
            assert_eq!(
                theirs.advance(&spec, &mut cells[..]),
                more,
                "{variant} {id}: {i}"
            );
            assert_eq!(more, i + 1 < len, "{variant} {id}: {i}");
            if more {
                assert_eq!(
                    &next.cells[..pits],
                    &cells[..pits],
                    "{variant} {id}: {i} + 1"
                );
                assert_eq!(slice.index(&next), i + 1, "{variant} {id}: {i} + 1");
            }
        }
    }
}
