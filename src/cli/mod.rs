//! The commands of the `mancala` binary, one module each, and what they share: reading variants
//! and positions from the command line, writing to standard output, and turning errors into a
//! message and an exit code.
//!
//! Every command module holds its arguments, a `#[derive(clap::Args)]` struct (or, for a
//! command with subcommands, a `#[derive(clap::Subcommand)]` enum) whose doc comment is the
//! command's help, and that type's `run(self) -> anyhow::Result<()>`, which writes the output
//! itself; `main.rs` only names the commands and dispatches. Errors in what the user typed are
//! [`BadInput`] (or the solver's [`ParseError`] / [`ParsePositionError`] / [`MoveError`]) and exit
//! with code 2; anything else exits with code 1.

pub mod analyse;
pub mod args;
pub mod board_text;
pub mod book;
pub mod compose;
pub mod db;
pub mod deep_verify;
pub mod deepen;
pub mod default_sizes;
pub mod eval;
pub mod help;
pub mod hints;
pub mod json_help;
pub mod lock;
pub mod mainline;
pub mod match_table;
pub mod matches;
pub mod memory;
pub mod moves;
#[cfg(feature = "mpi")]
pub mod mpi_ranks;
pub mod open_files;
pub mod plans;
pub mod play;
pub mod progress;
pub mod proof;
pub mod prove;
pub mod puzzles;
pub mod search_args;
pub mod serve;
pub mod serve_help;
pub mod show;
pub mod solve;
#[cfg(feature = "mpi")]
pub mod solve_shared;
pub mod text;
pub mod value_text;
pub mod variants;

use std::fmt;
use std::io::{self, Write};

use mancala_solver::{MoveError, ParseError, ParsePositionError};

/// Exit code for input that cannot be used (a bad position, an illegal move): the same code clap
/// uses for a bad command line.
pub const EXIT_BAD_INPUT: i32 = 2;

/// Exit code for every other failure.
pub const EXIT_FAILURE: i32 = 1;

/// An error in what the user gave, with a message that says which part is wrong and what was
/// expected. Exits with [`EXIT_BAD_INPUT`].
#[derive(Debug)]
pub struct BadInput(pub String);

impl fmt::Display for BadInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadInput {}

/// Writes `text` to standard output as it is.
pub fn print(text: &str) -> io::Result<()> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()
}

/// The exit code for an error that a command returned: [`EXIT_BAD_INPUT`] for bad input,
/// [`EXIT_FAILURE`] otherwise.
pub fn exit_code(err: &anyhow::Error) -> i32 {
    let bad_input = err.chain().any(|cause| {
        cause.is::<BadInput>()
            || cause.is::<ParseError>()
            || cause.is::<ParsePositionError>()
            || cause.is::<MoveError>()
    });
    if bad_input {
        EXIT_BAD_INPUT
    } else {
        EXIT_FAILURE
    }
}

/// Reports a command's error on standard error as `error: <message>` and exits with its code.
/// A closed standard output (`mancala variants | head -1`) is not an error: it exits quietly
/// with 0.
pub fn exit_with(err: anyhow::Error) -> ! {
    let closed_pipe = err
        .chain()
        .filter_map(|cause| cause.downcast_ref::<io::Error>())
        .any(|e| e.kind() == io::ErrorKind::BrokenPipe);
    if closed_pipe {
        std::process::exit(0);
    }
    // `{:#}` prints the context chain on one line: "outer: inner"; then what to do about it.
    let advice = hints::hint(&err)
        .map(|h| format!("; {h}"))
        .unwrap_or_default();
    let _ = writeln!(io::stderr().lock(), "error: {err:#}{advice}");
    std::process::exit(exit_code(&err))
}

/// `South` or `North`, for text output.
pub fn side_name(side: mancala_solver::Side) -> &'static str {
    side.title()
}
