//! End-to-end tests of the `mancala` binary's game commands (`variants`, `show`, `moves`,
//! `play`, and `eval`, `analyse`, `mainline` beyond the tablebase): run it as a user would and
//! check what it prints.
//!
//! Expected positions and captures are worked out by hand from docs/rules.md (the working is in the
//! comments), not taken from the program's own output. Pits are written `S3` (South's pit 3) and
//! `N8` (North's pit 8), each in its owner's numbering (docs/rules.md#notation).

#[path = "../common/mod.rs"]
mod common;

mod board;
mod book;
mod errors;
mod matches;
mod moves;
mod play;
mod search;
mod show;

/// The start of Rio Kadalis (and of Kalah and Oware), 4 seeds in each of 12 pits.
const RIO_START: &str = "4,4,4,4,4,4/4,4,4,4,4,4 S";
