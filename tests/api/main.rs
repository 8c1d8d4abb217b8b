//! End-to-end tests of the HTTP service: build a small tablebase with the binary, start
//! `mancala serve` on a free port, and talk HTTP to it as any client would.
//!
//! Values are checked against the binary's own `mancala eval --json` (a separate process reading
//! the same file), against the rules (a main line must realise the value it claims, seed by
//! seed), and against positions worked out by hand.
//!
//! One test binary, one module per subject, so that the tablebase is built once for all.

#[path = "../common/mod.rs"]
mod common;

mod analyse;
mod beyond;
mod certificates;
mod errors;
mod evaluation;
mod mainline;
mod matches;
mod puzzles;
mod schemas;
mod service;
mod streaming;

/// The tablebase the tests serve, solved once by the binary: Rio Kadalis up to 12 seeds, Hawalis
/// up to 4, Al-manqala up to 8.
fn small_tablebase() -> &'static std::path::Path {
    common::scratch::tablebase(&[("rio-kadalis", 12), ("hawalis", 4), ("al-manqala", 8)])
}

/// The moves an evaluation's JSON marks best (perfect play: the best value, then the depth
/// rule).
fn best_moves(evaluation: &serde_json::Value) -> Vec<&serde_json::Value> {
    evaluation["moves"]
        .as_array()
        .expect("an evaluation lists its moves")
        .iter()
        .filter(|x| x["best"] == true)
        .map(|x| &x["move"])
        .collect()
}
