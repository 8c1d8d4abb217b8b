//! The default size of each variant's tablebase, which `mancala solve all` (or `solve` without
//! `--max-seeds`) and the first `mancala serve` build, and the help text that lists them, made
//! from the same table so that it cannot go stale.

use mancala_solver::{Slice, Variant};

use super::text::wrap;

/// The default size of each variant's tablebase: the most seeds on the board (four-row: both
/// sides together) that `mancala solve all` solves. Chosen so that the six traditional variants
/// together take about two minutes on two cores, and Kalah and Oware about two minutes more
/// (see BENCHMARKS.md): Oware to 20 seeds, the minimum, takes most of that; `kalah` to 16
/// seeds gives the Kalah search (`mancala eval`) 16-seed leaves, with which the start of
/// Kalah(6, 4) is searched in about 25 s (larger Kalah slices cost far more per position: to 18
/// seeds takes 48 s); `kalah-4` to 24 seeds holds the start of Kalah(4, 3).
pub fn default_max_seeds(variant: Variant) -> u32 {
    match variant {
        Variant::Hawalis => 8,
        Variant::BaoLaKiarabu => 7,
        Variant::AlManqala => 14,
        Variant::Anywoli => 8,
        Variant::RioKadalis => 20,
        Variant::RioKadalis5 => 20,
        Variant::Kalah => 16,
        Variant::Kalah5 => 16,
        Variant::Kalah4 => 24,
        Variant::Oware => 16,
    }
}

/// How many plies from the start `mancala book build` (and `serve`'s build) puts in each
/// variant's opening book: chosen so that a book holds at most some sixty positions, a few
/// minutes of search on two cores at the default budget (BENCHMARKS.md: the book build). Two
/// plies of Hawalis, Bao la Kiarabu and Anywoli are 129 to 257 positions, so those get one
/// (13 to 17).
pub fn default_book_plies(variant: Variant) -> u32 {
    match variant {
        Variant::Hawalis | Variant::BaoLaKiarabu | Variant::Anywoli => 1,
        _ => 2,
    }
}

/// What solving every variant to its default size costs, as measured (BENCHMARKS.md: `time
/// mancala solve all`). Not computed, so measure again when [`default_max_seeds`] changes: the
/// test `the_measured_cost_is_for_these_sizes` fails until then.
const MEASURED_COST: &str = "about 100 s in all on two cores, 2.5 GiB of memory at the peak and \
                             140 MB on disk. Larger solves (oware 20: 3.4 GiB) are a --max-seeds \
                             away.";

/// Positions in every slice of every variant up to its default size.
pub fn default_positions() -> u64 {
    Variant::ALL
        .iter()
        .flat_map(|&v| Slice::up_to(v, default_max_seeds(v)))
        .map(|s| s.len())
        .sum()
}

/// The paragraph of `mancala solve --help` that lists the default sizes and what they cost.
pub fn help() -> String {
    let sizes: Vec<String> = Variant::ALL
        .iter()
        .map(|&v| format!("{} {}", v.id(), default_max_seeds(v)))
        .collect();
    let text = format!(
        "Default sizes (`all`, or no --max-seeds), seeds on the board: {}: {} million positions, \
         {MEASURED_COST}",
        sizes.join(", "),
        (default_positions() as f64 / 1e6).round()
    );
    wrap(&text, 96).join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The millions of positions that [`MEASURED_COST`] was measured for.
    const MEASURED_MILLIONS: f64 = 268.0;

    #[test]
    fn the_measured_cost_is_for_these_sizes() {
        assert_eq!(
            (default_positions() as f64 / 1e6).round(),
            MEASURED_MILLIONS,
            "the default sizes changed: measure `mancala solve all` again and update \
             MEASURED_COST and MEASURED_MILLIONS"
        );
    }

    #[test]
    fn the_help_names_every_variant_with_its_size() {
        let help = help().replace('\n', " ");
        for v in Variant::ALL {
            let entry = format!("{} {}", v.id(), default_max_seeds(v));
            assert!(help.contains(&entry), "{entry} missing from {help}");
        }
    }
}
