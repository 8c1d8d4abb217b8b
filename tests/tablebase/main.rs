//! End-to-end tests of the tablebase commands (`solve`, `eval`, `db info`, `db verify`): the
//! binary is run as a user would run it, on databases in scratch directories.
//!
//! Expected values come from hand-worked games (the working is in the comments, from docs/rules.md)
//! or from `Oracle`, a small exhaustive search written here: it explores the positions reachable
//! from the positions under test with `Position::successors` and solves them by sweeping each
//! threshold's win and loss sets to a fixed point and then the depth levels of
//! docs/rules.md#values-and-depths, one seed total at a time. It shares nothing with the solver but
//! the rules engine, and nothing with the database at all. Slice sizes are checked against
//! stars-and-bars counts computed here.
//!
//! Pits are written `S3` (South's pit 3) and `N8` (North's pit 8) in their owner's numbering.

#[path = "../common/mod.rs"]
mod common;

mod checkpoint;
mod checks;
mod concurrent;
mod counting;
mod damage;
mod database_file;
mod deep_check;
mod exhaustive;
mod fuzz;
mod hand_worked;
mod memory;
mod open_files;
mod oracle;
mod proofs;
mod repair;
mod resume;
mod shapes;
mod solve_all;
mod sqlite;

/// The tablebase that the value tests probe, solved once by the binary for all of them.
fn small_tablebase() -> &'static std::path::Path {
    let slices = [
        ("rio-kadalis", 8),
        ("rio-kadalis-5", 8),
        ("al-manqala", 6),
        ("hawalis", 4),
    ];
    common::scratch::tablebase(&slices)
}
