//! How many positions a slice holds, counted here by stars and bars, not by the solver's index.

use mancala_solver::Variant;

/// `n` choose `k`.
pub fn binom(n: u64, k: u64) -> u64 {
    let k = k.min(n - k);
    (0..k).fold(1u64, |acc, i| acc * (n - i) / (i + 1))
}

/// Ways to put `seeds` seeds into `pits` pits (stars and bars): C(seeds + pits - 1, pits - 1).
pub fn distributions(pits: u64, seeds: u64) -> u64 {
    binom(seeds + pits - 1, pits - 1)
}

/// Every slice with at most `max` seeds that the rules can reach, and its size.
pub fn expected_slices(variant: Variant, max: u32) -> Vec<(String, u64)> {
    let l = variant.pits_per_side() as u64;
    let mut out = Vec::new();
    for total in 0..=max {
        if variant.rows() == 4 {
            for m in 0..=total {
                let o = total - m;
                out.push((
                    format!("{m}-{o}"),
                    distributions(l, m as u64) * distributions(l, o as u64),
                ));
            }
        } else {
            let step = match variant {
                Variant::AlManqala => 2,
                Variant::Anywoli | Variant::RioKadalis | Variant::RioKadalis5 => 4,
                // Kalah and Oware: every total occurs.
                _ => 1,
            };
            if total % step == 0 {
                out.push((total.to_string(), distributions(2 * l, total as u64)));
            }
        }
    }
    out
}
