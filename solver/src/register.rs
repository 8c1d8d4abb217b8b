//! A board of at most 16 cells (Kalah and Oware rows of up to 8 pits) as one 128-bit register,
//! cell `i` in byte `i` ([`crate::Board::register`] and [`crate::Board::from_register`] convert).
//!
//! The hot paths (the Kalah solve and search) change a few cells of a board and then copy the
//! whole board. Done byte by byte in memory, the copy's wide loads wait for the narrow stores
//! before them (the processor cannot forward several small stores to one large load): measured,
//! a third of the Kalah solve's time went to such stalls. In a register the same changes are a
//! few shifts and adds, and the board is written back with one wide store.

/// The most cells a register holds.
pub(crate) const CELLS: usize = 16;

/// One in every byte.
const ONES: u128 = u128::MAX / 0xFF;

/// Every bit of the cells `0..k` (`k <= 16`).
#[inline(always)]
pub(crate) fn below(k: usize) -> u128 {
    if k >= CELLS {
        u128::MAX
    } else {
        (1u128 << (8 * k)) - 1
    }
}

/// A one in each of the cells `a..b` (`a <= b <= 16`): adding it sows a seed into each.
#[inline(always)]
pub(crate) fn ones(a: usize, b: usize) -> u128 {
    ONES & below(b) & !below(a)
}

/// The count in cell `i`.
#[inline(always)]
pub(crate) fn cell(x: u128, i: usize) -> u8 {
    (x >> (8 * i)) as u8
}

/// `x` with cell `i` emptied.
#[inline(always)]
pub(crate) fn emptied(x: u128, i: usize) -> u128 {
    x & !(0xFFu128 << (8 * i))
}

/// The sum of the cells of `x` (at most 255 in all: a board holds at most 127 seeds).
#[inline(always)]
pub(crate) fn sum(x: u128) -> u32 {
    // Each half's bytes summed by one multiplication: the top byte of the product collects
    // them all, none carrying since the total is below 256.
    let half = |h: u64| (h.wrapping_mul(ONES as u64) >> 56) as u32;
    half(x as u64) + half((x >> 64) as u64)
}

/// The board of `2 * l` cells (`2 * l <= 16`) seen from the other side: the halves swapped.
#[inline(always)]
pub(crate) fn flipped(x: u128, l: usize) -> u128 {
    ((x >> (8 * l)) | (x << (8 * l))) & below(2 * l)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The register of these cells (at most 16).
    fn load(cells: [u8; CELLS]) -> u128 {
        u128::from_le_bytes(cells)
    }

    #[test]
    fn cells_masks_sums_and_flips_as_on_the_board() {
        let mut b = [0u8; CELLS];
        for (i, c) in b[..12].iter_mut().enumerate() {
            *c = 3 * i as u8 + 1; // 1, 4, ..., 34: 210 in all
        }
        let x = load(b);
        assert_eq!(x.to_le_bytes(), b);
        assert_eq!(cell(x, 5), 16);
        assert_eq!(sum(x), 210);
        assert_eq!(sum(x & below(6)), 1 + 4 + 7 + 10 + 13 + 16);
        assert_eq!(sum(ones(2, 16)), 14);
        assert_eq!(cell(emptied(x, 11), 11), 0);
        assert_eq!(sum(emptied(x, 11)), 210 - 34);
        // Seen from the other side: cells 6..12 first, then 0..6.
        let mut other = [0u8; CELLS];
        other[..6].copy_from_slice(&b[6..12]);
        other[6..12].copy_from_slice(&b[..6]);
        assert_eq!(flipped(x, 6).to_le_bytes(), other);
        assert_eq!(flipped(flipped(x, 6), 6), x);
        let mut full = [7u8; CELLS];
        full[0] = 1;
        assert_eq!(sum(load(full)), 106);
        let mut other = full;
        (other[0], other[8]) = (7, 1);
        assert_eq!(flipped(load(full), 8).to_le_bytes(), other);
    }
}
