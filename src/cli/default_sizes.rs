//! The default size of each variant's tablebase, which `mancala solve all` (or `solve` without
//! `--max-seeds`) and the first `mancala serve` build, and the help text that lists them, made
//! from the same table so that it cannot go stale.

use std::collections::HashSet;

use mancala_solver::{Slice, TableShape, Variant};

use super::plans::PlanTarget;

use super::text::{thousands, wrap};

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
        // Read from the counter-clockwise tables, mirrored.
        Variant::RioKadalisCw | Variant::RioKadalis5Cw => default_max_seeds(variant.stored_as()),
    }
}

/// What a build of every variant solves, in order: each full board to its size in `sizes`
/// (`mancala solve all` and serve's first build: [`default_max_seeds`]; `solve deep`:
/// [`deep_max_seeds`]), with every shape table of the variants with closed pits (Rio Kadalis's
/// boards in a match's later rounds) to the same size. The variants seen in a mirror are not
/// built: they read the tables of those they mirror.
pub fn build_targets(sizes: fn(Variant) -> u32) -> Vec<PlanTarget> {
    Variant::with_own_tables()
        .map(|v| PlanTarget {
            variant: v,
            max_seeds: sizes(v),
            shapes: TableShape::all(v),
        })
        .collect()
}

/// The deep size of each variant's tablebase, which `mancala solve deep` builds and a server
/// deepens to when idle: each traditional game not solved from its start to the most seeds
/// measured to pay (BENCHMARKS.md: deeper tables): from the default tables, 47 minutes on the
/// project's machine (two cores, 24 GiB), seed by seed. The next seed: Anywoli's slices go by
/// four (16 seeds: 15.5 billion positions in one slice, past what one machine holds), and so
/// do Al-manqala's by two (24: 3.6 billion, about 19 GiB with its moves on disk), Hawalis 13
/// has groups of 4.2 billion positions (23 GiB on disk); Bao la Kiarabu 11 fits (11 minutes,
/// 7.7 GiB) but buys nothing at the quick budget (79 % of a game's answers exact, against 81 %
/// at 10: its searches' probes miss the cache more).
pub fn deep_max_seeds(variant: Variant) -> u32 {
    match variant {
        Variant::Hawalis => 12,
        Variant::BaoLaKiarabu => 10,
        Variant::AlManqala => 22,
        Variant::Anywoli => 12,
        other => default_max_seeds(other),
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
const MEASURED_COST: &str = "about 70 s in all on two cores (the shape tables 28 s of it), 2.7 \
                             GiB of memory at the peak and 220 MB on disk. Larger solves (oware \
                             20: 3.4 GiB) are a --max-seeds away.";

/// What solving every variant to its deep size costs from nothing, as measured (BENCHMARKS.md:
/// deeper tables); the test `the_measured_deep_cost_is_for_these_sizes` fails when
/// [`deep_max_seeds`] changes.
const MEASURED_DEEP_COST: &str = "from the default sizes about 50 minutes on two cores, 14 \
                                  GiB of memory at the peak (Hawalis 12, its groups' moves in \
                                  memory; with --moves disk about 7 GiB) and 4.7 GB on disk.";

/// Positions in every slice of a build with the full boards' sizes `sizes`
/// ([`build_targets`]): the full boards' and the shape tables', each slice once.
fn positions(sizes: fn(Variant) -> u32) -> u64 {
    let slices: HashSet<Slice> = build_targets(sizes)
        .iter()
        .flat_map(|t| Slice::up_to_with_shapes(t.variant, t.max_seeds, &t.shapes))
        .collect();
    slices.iter().map(Slice::len).sum()
}

/// The paragraph of `mancala solve --help` that lists the default and the deep sizes and what
/// they cost.
pub fn help() -> String {
    let list = |sizes: fn(Variant) -> u32, only_larger: bool| -> String {
        let listed: Vec<String> = Variant::with_own_tables()
            .filter(|&v| !only_larger || sizes(v) > default_max_seeds(v))
            .map(|v| format!("{} {}", v.id(), sizes(v)))
            .collect();
        listed.join(", ")
    };
    let millions = |sizes| thousands((positions(sizes) as f64 / 1e6).round() as u64);
    let default = format!(
        "Default sizes (`all`, or no --max-seeds), seeds on the board: {} (each Rio Kadalis with \
         its shape tables, the boards with closed pits, to the same; the clockwise ones read \
         them mirrored): {} million positions, {MEASURED_COST}",
        list(default_max_seeds, false),
        millions(default_max_seeds)
    );
    let deep = format!(
        "Deep sizes (`deep`; a server deepens to them when idle): the default ones but {}: {} \
         million positions, {MEASURED_DEEP_COST}",
        list(deep_max_seeds, true),
        millions(deep_max_seeds)
    );
    [wrap(&default, 96).join("\n"), wrap(&deep, 96).join("\n")].join("\n\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The millions of positions that [`MEASURED_COST`] was measured for.
    const MEASURED_MILLIONS: f64 = 415.0;

    /// The millions of positions that [`MEASURED_DEEP_COST`] was measured for.
    const MEASURED_DEEP_MILLIONS: f64 = 10_586.0;

    #[test]
    fn the_measured_costs_are_for_these_sizes() {
        type Sizes = fn(Variant) -> u32;
        let cases: [(Sizes, f64, &str); 2] = [
            (
                default_max_seeds,
                MEASURED_MILLIONS,
                "default: `mancala solve all`",
            ),
            (
                deep_max_seeds,
                MEASURED_DEEP_MILLIONS,
                "deep: `mancala solve deep`",
            ),
        ];
        for (sizes, millions, which) in cases {
            assert_eq!(
                (positions(sizes) as f64 / 1e6).round(),
                millions,
                "the {which} sizes changed: measure it again and update its MEASURED_ constants"
            );
        }
    }

    #[test]
    fn the_deep_sizes_are_at_least_the_default_ones() {
        for v in Variant::ALL {
            assert!(deep_max_seeds(v) >= default_max_seeds(v), "{v}");
        }
    }

    #[test]
    fn the_help_names_every_variant_with_its_size() {
        let help = help().replace('\n', " ");
        for v in Variant::with_own_tables() {
            let entry = format!("{} {}", v.id(), default_max_seeds(v));
            assert!(help.contains(&entry), "{entry} missing from {help}");
        }
        let (_, deep) = help.split_once("Deep sizes").expect("the deep sizes");
        for v in [Variant::Hawalis, Variant::Anywoli] {
            let entry = format!("{} {}", v.id(), deep_max_seeds(v));
            assert!(deep.contains(&entry), "{entry} missing from {deep}");
        }
    }
}
