//! Helpers shared by the end-to-end test targets of the `mancala` binary (`api`, `cli`,
//! `tablebase`, `kalah_search`): running the binary, talking HTTP to `mancala serve` (or to the
//! service started in the test process, with search limits of its own), scratch
//! directories and the tablebases built once by the binary, position strings, deterministic
//! random positions, reading what `mancala eval --json` prints, and checking JSON against the
//! OpenAPI document's schemas.
//!
//! Each target includes this module and uses part of it, so the rest is dead code there.

#![allow(dead_code)]

pub mod bin;
pub mod eval;
pub mod http;
pub mod local;
pub mod position;
pub mod random;
pub mod schema;
pub mod scratch;

/// The twelve variant ids in the order the binary lists them (the six traditional games first,
/// then Rio Kadalis sown clockwise), written out here as a user sees them rather than read from
/// the code.
pub const VARIANT_IDS: [&str; 12] = [
    "hawalis",
    "bao-la-kiarabu",
    "al-manqala",
    "anywoli",
    "rio-kadalis",
    "rio-kadalis-5",
    "rio-kadalis-cw",
    "rio-kadalis-5-cw",
    "kalah",
    "kalah-5",
    "kalah-4",
    "oware",
];

/// The variants seen in a mirror (docs/rules.md#clockwise-rio-kadalis), which are never solved
/// under their own id: they read the counter-clockwise tables.
pub const MIRRORED_IDS: [&str; 2] = ["rio-kadalis-cw", "rio-kadalis-5-cw"];

/// The ids of [`VARIANT_IDS`] that `mancala solve` takes: all but [`MIRRORED_IDS`].
pub fn solvable_ids() -> impl Iterator<Item = &'static str> {
    VARIANT_IDS
        .into_iter()
        .filter(|id| !MIRRORED_IDS.contains(id))
}
