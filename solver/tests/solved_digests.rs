//! The solver's values and depths, slice by slice, against digests of the tables that the
//! solver of the first milestone computed (its edges kept in memory, values and depths found in
//! two separate retrograde passes). The memory-lean solver that replaced it must give exactly
//! the same value and depth to every position (docs/rules.md#values-and-depths): any difference in
//! any position changes a digest.
//!
//! `tests/data/solved_digests.txt` was written by that solver (commit daa8c68) with
//! `MANCALA_WRITE_DIGESTS=1 cargo test -p mancala-solver --test solved_digests -- --include-ignored`;
//! each line is `variant slice positions won drawn lost values-digest depths-digest`, the
//! digests being FNV-1a (64 bits) of the values (one byte each) and of the depths (two bytes
//! each, little-endian) in index order.

mod in_memory;

use std::fmt::Write as _;

use mancala_solver::solve::{KnownValues, Silent, SolvedSlice};
use mancala_solver::{Slice, Variant};

const DATA: &str = "tests/data/solved_digests.txt";

/// Every variant to a size that solves in a few seconds in the test profile.
const QUICK: &[(Variant, u32)] = &[
    (Variant::Hawalis, 6),
    (Variant::BaoLaKiarabu, 6),
    (Variant::AlManqala, 11),
    (Variant::Anywoli, 8),
    (Variant::RioKadalis, 16),
    (Variant::RioKadalis5, 20),
    (Variant::Kalah, 12),
    (Variant::Kalah5, 13),
    (Variant::Kalah4, 18),
    (Variant::Oware, 12),
];

/// Larger sizes, a few minutes in all (`-- --ignored`).
const LARGE: &[(Variant, u32)] = &[
    (Variant::Hawalis, 8),
    (Variant::BaoLaKiarabu, 7),
    (Variant::AlManqala, 14),
    (Variant::RioKadalis, 20),
    (Variant::Oware, 16),
];

fn fnv1a(bytes: impl Iterator<Item = u8>) -> u64 {
    bytes.fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

/// One line of the data file for a solved slice.
fn line(s: &SolvedSlice) -> String {
    let (mut won, mut drawn, mut lost) = (0u64, 0u64, 0u64);
    for (v, n) in s.histogram() {
        match v {
            1.. => won += n,
            0 => drawn += n,
            ..=-1 => lost += n,
        }
    }
    format!(
        "{} {} {} {won} {drawn} {lost} {:016x} {:016x}",
        s.slice.variant.id(),
        s.slice.id,
        s.values.len(),
        fnv1a(s.values.iter().map(|&v| v as u8)),
        fnv1a(s.depths.iter().flat_map(|d| d.to_le_bytes())),
    )
}

/// The data file's lines for every slice of `sizes`.
fn digests(sizes: &[(Variant, u32)]) -> Vec<String> {
    let mut lines = Vec::new();
    for &(v, max) in sizes {
        let mut known = KnownValues::new();
        in_memory::solve_slices(&Slice::up_to(v, max), &mut known, &Silent, |solved| {
            lines.extend(solved.iter().map(line))
        });
    }
    lines
}

/// The stored lines for the variants of `sizes`, in the order solved (data lines only).
fn stored(sizes: &[(Variant, u32)]) -> Vec<String> {
    let text = std::fs::read_to_string(DATA).expect("the digests file");
    let wanted = |l: &&str| {
        let mut f = l.split(' ');
        let (id, slice) = (f.next().unwrap(), f.next().unwrap());
        sizes.iter().any(|&(v, max)| {
            v.id() == id
                && Slice::up_to(v, max)
                    .iter()
                    .any(|s| s.id.to_string() == slice)
        })
    };
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .filter(wanted)
        .map(str::to_string)
        .collect()
}

fn compare(sizes: &[(Variant, u32)]) {
    let mut got = digests(sizes);
    let mut want = stored(sizes);
    got.sort();
    want.sort();
    let mut diff = String::new();
    for g in got.iter().filter(|g| !want.contains(g)) {
        writeln!(diff, "solved now: {g}").unwrap();
    }
    for w in want.iter().filter(|w| !got.contains(w)) {
        writeln!(diff, "stored:     {w}").unwrap();
    }
    assert!(diff.is_empty(), "values or depths differ:\n{diff}");
    assert!(!got.is_empty());
}

#[test]
fn every_variant_solves_to_the_stored_values_and_depths() {
    compare(QUICK);
}

#[test]
#[ignore = "a few minutes: larger slices of the four-row and score variants"]
fn larger_slices_solve_to_the_stored_values_and_depths() {
    if std::env::var_os("MANCALA_WRITE_DIGESTS").is_some() {
        let mut text = String::from(
            "# variant slice positions won drawn lost values-digest depths-digest\n\
             # written by the solver of commit daa8c68 (tests/solved_digests.rs)\n",
        );
        for l in digests(QUICK).into_iter().chain(digests(LARGE)) {
            writeln!(text, "{l}").unwrap();
        }
        std::fs::write(DATA, text).unwrap();
        return;
    }
    compare(LARGE);
}
