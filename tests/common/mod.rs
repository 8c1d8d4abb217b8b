//! Helpers shared by the end-to-end test targets of the `mancala` binary (`api`, `cli`,
//! `tablebase`, `kalah_search`): running the binary, talking HTTP to `mancala serve`, scratch
//! directories and the small tablebase built once by the binary, position strings, deterministic
//! random positions, and reading what `mancala eval --json` prints.
//!
//! Each target includes this module and uses part of it, so the rest is dead code there.

#![allow(dead_code)]

pub mod bin;
pub mod eval;
pub mod http;
pub mod position;
pub mod random;
pub mod scratch;
