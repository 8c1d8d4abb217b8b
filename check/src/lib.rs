//! `mancala-check`: a second, deliberately plain implementation of what the project's results
//! rest on, sharing no code with the solver, so that those results can be checked by code that
//! did not compute them (issue 30).
//!
//! * [`rules`]: the rules of every variant of docs/rules.md, on fixed-size arrays
//!   ([`rules::outcome`]: every legal move and what it does; [`rules::value`]: what a move is
//!   worth and how deep); [`notation`] reads and writes position strings; [`reference`] is the
//!   player-facing view in strings that the solver's tests compare its engine with.
//! * [`table`]: the tablebase file read through its format (docs/tablebase-format.md): slices,
//!   chunks, checksums, and the slice numbering of [`index`].
//! * [`deep`]: `mancala db verify --deep`: every stored value and depth checked against the
//!   plain rules and the stored values of the positions after each move.
//! * [`proof`]: `mancala proof check`: a certificate of an exact value (docs/proofs.md) checked
//!   by building and valuing the finite game it describes.
//!
//! It depends on no crate of this repository, only on SQLite, zstd, CRC-32, JSON and rayon.

pub mod deep;
pub mod index;
pub mod notation;
pub mod proof;
pub mod reference;
pub mod rules;
pub mod table;
pub mod variant;

pub use variant::{Spec, Variant};

/// The version of the rules this crate implements: docs/rules.md's `RULES_VERSION`. A slice
/// stored under other rules is refused rather than checked against rules it was not solved
/// under.
pub const RULES_VERSION: &str = "1";
