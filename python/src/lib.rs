//! `mancala_tb`: the project's rules, evaluator and tables for Python (PyO3). Nothing here
//! implements a rule or a search again: every class wraps the project's crates (docs/python.md).
//!
//! * [`variant`]: `Variant`, `variants()`.
//! * [`position`]: `Position` (parsed, validated, written) and `Played` (a move and what it did).
//! * [`evaluation`]: `Evaluation`, `MoveEval`, `Value`.
//! * [`tablebase`]: `Tablebase`: evaluate, main lines, analyses, solving, slices; with
//!   [`arrays`] (a slice as NumPy arrays) and [`progress`] (a solve's progress callback).
//! * [`proof`]: `check_proof`, by the independent checker.
//! * [`errors`]: the exceptions, with the command line's messages; [`json`]: the service's JSON
//!   shapes as Python objects.

mod arrays;
mod errors;
mod evaluation;
mod json;
mod position;
mod progress;
mod proof;
mod tablebase;
mod variant;

use pyo3::prelude::*;

/// Perfect play for traditional mancala games: positions, moves, the tablebase and its
/// evaluator, solved slices as NumPy arrays, and the independent check of certificates.
#[pymodule]
fn mancala_tb(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("RULES_VERSION", mancala_solver::RULES_VERSION)?;
    errors::register(m)?;
    m.add_class::<variant::PyVariant>()?;
    m.add_class::<position::PyPosition>()?;
    m.add_class::<position::PyPlayed>()?;
    m.add_class::<evaluation::PyValue>()?;
    m.add_class::<evaluation::PyMoveEval>()?;
    m.add_class::<evaluation::PyEvaluation>()?;
    m.add_class::<tablebase::PyTablebase>()?;
    m.add_function(wrap_pyfunction!(variant::variants, m)?)?;
    m.add_function(wrap_pyfunction!(proof::check_proof, m)?)?;
    Ok(())
}
