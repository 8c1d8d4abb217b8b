//! A 128-bit fingerprint of a board: the key of the transposition table and of the repetition
//! check.
//!
//! A board has up to 32 pits of up to 98 seeds, too much to pack into a key exactly, so it is
//! hashed, twice over independent chains, into 128 bits. Two different boards meet on one key
//! with a chance of about 2^-127 a comparison: a proven value is never borrowed from another
//! board in any search that can be run. The lowest bit is always set, so 0 marks an empty slot.

use crate::position::Board;
use crate::Shape;

/// The fingerprint of `board` of `shape` (its closed pits, seen from the same side); never 0.
/// A board with every pit open keeps the key it has without shapes; the same seeds on a board
/// with closed pits are another position (their sowing goes round fewer pits), so its key
/// differs.
#[inline]
pub(super) fn fingerprint(board: &Board, shape: Shape) -> u128 {
    let key = fingerprint_open(board);
    if shape.is_open() {
        return key;
    }
    let bits = u64::from(shape.bits());
    key ^ (u128::from(mix(bits ^ 0xA409_3822_299F_31D0)) << 64 | u128::from(mix(bits) & !1))
}

/// The fingerprint of a board with every pit open.
#[inline]
fn fingerprint_open(board: &Board) -> u128 {
    let word = |i: usize| {
        let mut w = [0u8; 8];
        w.copy_from_slice(&board.cells[8 * i..8 * i + 8]);
        u64::from_le_bytes(w)
    };
    let w = [word(0), word(1), word(2), word(3)];
    let low = w
        .iter()
        .fold(0x243F_6A88_85A3_08D3, |h: u64, &x| mix(h ^ x));
    let high = w.iter().rev().fold(0x1319_8A2E_0370_7344, |h: u64, &x| {
        mix(h ^ x.rotate_left(17))
    });
    ((u128::from(high) << 64) | u128::from(low)) | 1
}

/// The SplitMix64 finaliser: a bijection of `u64` that spreads every input bit over the output.
#[inline]
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn small_boards_get_distinct_nonzero_keys() {
        // Every board of 4 seeds on 8 pits, and each moved to the far half of the cells.
        let mut seen = HashSet::new();
        let mut count = 0;
        for code in 0..5u32.pow(8) {
            let mut b = Board::EMPTY;
            let mut c = code;
            for i in 0..8 {
                b.cells[i] = (c % 5) as u8;
                c /= 5;
            }
            let mut far = Board::EMPTY;
            far.cells[24..32].copy_from_slice(&b.cells[..8]);
            for board in [b, far] {
                let k = fingerprint(&board, Shape::OPEN);
                // The same seeds with a closed pit are another position, with another key.
                let closed = fingerprint(&board, Shape::from_bits(1 << 31));
                assert_ne!(closed, k);
                assert_eq!(closed & 1, 1);
                assert_ne!(k, 0);
                seen.insert(k);
                count += 1;
            }
        }
        assert_eq!(
            seen.len() + 1,
            count,
            "only the two empty boards share a key"
        );
    }
}
