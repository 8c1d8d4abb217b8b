//! Deterministic random positions, so that a failure can be replayed from its seed.

use mancala_solver::Variant;

use super::position::{four_row, two_row};

/// Pseudo-random numbers from a 64-bit linear congruential generator (Knuth's MMIX constants),
/// the high bits used.
pub struct Lcg(pub u64);

impl Lcg {
    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }

    /// `S` or `N`, for the side to move.
    pub fn side(&mut self) -> char {
        if self.below(2) == 0 {
            'S'
        } else {
            'N'
        }
    }
}

/// `seeds` seeds dropped one by one into random pits among `pits`.
pub fn scatter(rng: &mut Lcg, pits: usize, seeds: u32) -> Vec<u8> {
    let mut counts = vec![0u8; pits];
    for _ in 0..seeds {
        counts[rng.below(pits)] += 1;
    }
    counts
}

/// A random position string of `variant` with either side to move. A two-row board holds
/// exactly `seeds` seeds (which must be a total the variant can reach); a four-row board, whose
/// sides never trade seeds, from 1 to `seeds`, split at random between the sides.
pub fn position(rng: &mut Lcg, variant: Variant, seeds: u32) -> String {
    let l = variant.pits_per_side();
    let side = rng.side();
    if variant.rows() == 4 {
        let total = 1 + rng.below(seeds as usize) as u32;
        let south = rng.below(total as usize + 1) as u32;
        let south_pits = scatter(rng, l, south);
        four_row(&south_pits, &scatter(rng, l, total - south), side)
    } else {
        let all = scatter(rng, 2 * l, seeds);
        two_row(&all[..l], &all[l..], side)
    }
}

/// `count` random positions of `variant` with `seeds` seeds, as `position` makes them.
pub fn positions(rng: &mut Lcg, variant: Variant, seeds: u32, count: usize) -> Vec<String> {
    (0..count).map(|_| position(rng, variant, seeds)).collect()
}

/// The position with, half of the time, a random CAPTURED field `s-n` of at most `room` seeds
/// in all.
pub fn with_captured(rng: &mut Lcg, position: String, room: usize) -> String {
    if room == 0 || rng.below(2) == 1 {
        return position;
    }
    let south = rng.below(room + 1);
    let north = rng.below(room - south + 1);
    format!("{position} {south}-{north}")
}
