//! The package's exceptions, and the conversion of every Rust error into one of them with the
//! message the command line prints for it (`{:#}`: the error and its causes, joined by `: `).
//!
//! Each exception says what kind of thing was wrong, so that a notebook can catch just that:
//!
//! * `MancalaError`: the base of all of them.
//! * `PositionError` (also a `ValueError`): a position string or board that is not a position of
//!   the variant; an unknown variant or slice name.
//! * `MoveError` (also a `ValueError`): a move that is malformed or not legal where it is played.
//! * `TablebaseError`: the file cannot be opened, read or written, or does not hold what was
//!   asked; `BusyError`, a subclass, when every search is taken.
//! * `ProofError`: a certificate that cannot be read, or cannot be made (a value the search does
//!   not prove exact, a proof past its limits).

use std::error::Error;

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;

create_exception!(
    mancala_tb,
    MancalaError,
    PyException,
    "Base of every error of mancala_tb."
);
create_exception!(
    mancala_tb,
    PositionError,
    MancalaError,
    "A position, board, variant or slice that is not what the rules allow; also a ValueError."
);
create_exception!(
    mancala_tb,
    MoveError,
    MancalaError,
    "A move that is malformed or not legal in its position; also a ValueError."
);
create_exception!(
    mancala_tb,
    TablebaseError,
    MancalaError,
    "The tablebase file cannot be opened, read or written, or lacks what was asked."
);
create_exception!(
    mancala_tb,
    BusyError,
    TablebaseError,
    "Every search engine is busy and the queue is full: ask again later."
);
create_exception!(
    mancala_tb,
    ProofError,
    MancalaError,
    "A certificate that cannot be read or made, or whose tablebase cannot be opened."
);

/// Adds the exceptions to the module, making `PositionError` and `MoveError` `ValueError`s too
/// (Python code that catches `ValueError` for bad input catches them).
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("MancalaError", py.get_type::<MancalaError>())?;
    for (name, ty) in [
        ("PositionError", py.get_type::<PositionError>()),
        ("MoveError", py.get_type::<MoveError>()),
    ] {
        // A second base, as `class PositionError(MancalaError, ValueError)` would give.
        let bases = ty
            .getattr("__bases__")?
            .add((py.get_type::<PyValueError>(),))?;
        ty.setattr("__bases__", bases)?;
        m.add(name, ty)?;
    }
    m.add("TablebaseError", py.get_type::<TablebaseError>())?;
    m.add("BusyError", py.get_type::<BusyError>())?;
    m.add("ProofError", py.get_type::<ProofError>())?;
    Ok(())
}

/// The error and its causes on one line, as the command line prints them.
pub fn message(e: &dyn Error) -> String {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        let next = c.to_string();
        // thiserror's `transparent` and some wrappers repeat their cause's text.
        if !text.ends_with(&next) {
            text.push_str(": ");
            text.push_str(&next);
        }
        cause = c.source();
    }
    text
}

/// A Rust error as the Python exception of its kind.
pub trait Raise<T> {
    /// The value, or the exception that says what was wrong.
    fn raise(self) -> PyResult<T>;
}

impl<T> Raise<T> for Result<T, mancala_solver::ParsePositionError> {
    fn raise(self) -> PyResult<T> {
        self.map_err(|e| PositionError::new_err(message(&e)))
    }
}

impl<T> Raise<T> for Result<T, mancala_solver::ParseError> {
    fn raise(self) -> PyResult<T> {
        self.map_err(|e| PositionError::new_err(message(&e)))
    }
}

impl<T> Raise<T> for Result<T, mancala_solver::MoveError> {
    fn raise(self) -> PyResult<T> {
        self.map_err(|e| MoveError::new_err(message(&e)))
    }
}

/// An evaluation's error: `BusyError` when every search is taken, else the store's error
/// ([`db_error`]) or `TablebaseError`.
fn eval_error(e: &mancala_eval::EvalError) -> PyErr {
    use mancala_eval::EvalError;
    match e {
        EvalError::Busy { .. } => BusyError::new_err(message(e)),
        EvalError::Store(store) => db_error(store),
    }
}

/// A tablebase's error: `TablebaseError`, a missing file with what to do about it (a
/// notebook's current directory is often not where the file is).
fn db_error(e: &mancala_db::DbError) -> PyErr {
    match e {
        mancala_db::DbError::Missing { path } => {
            let relative = std::path::Path::new(path).is_relative();
            let from = match std::env::current_dir() {
                Ok(dir) if relative => format!(
                    " (a relative path is read from the current directory, {})",
                    dir.display()
                ),
                _ => String::new(),
            };
            TablebaseError::new_err(format!(
                "{}{from}: pass the path of an existing tablebase, or build one with \
                 `mancala solve all --db {path}`",
                message(e)
            ))
        }
        _ => TablebaseError::new_err(message(e)),
    }
}

impl<T> Raise<T> for Result<T, mancala_db::DbError> {
    fn raise(self) -> PyResult<T> {
        self.map_err(|e| db_error(&e))
    }
}

impl<T> Raise<T> for Result<T, mancala_eval::EvalError> {
    fn raise(self) -> PyResult<T> {
        self.map_err(|e| eval_error(&e))
    }
}

impl<T> Raise<T> for Result<T, mancala_eval::analyse::AnalyseError> {
    fn raise(self) -> PyResult<T> {
        use mancala_eval::analyse::AnalyseError;
        self.map_err(|e| match &e {
            AnalyseError::Move { .. } => MoveError::new_err(message(&e)),
            AnalyseError::Eval(eval) => eval_error(eval),
        })
    }
}

impl<T> Raise<T> for Result<T, mancala_db::SolveUpToError> {
    fn raise(self) -> PyResult<T> {
        self.map_err(|e| TablebaseError::new_err(message(&e)))
    }
}

impl<T> Raise<T> for Result<T, mancala_check::proof::ProofError> {
    fn raise(self) -> PyResult<T> {
        self.map_err(|e| ProofError::new_err(message(&e)))
    }
}

impl<T> Raise<T> for Result<T, mancala_eval::prove::ProveError> {
    fn raise(self) -> PyResult<T> {
        use mancala_eval::prove::ProveError;
        self.map_err(|e| match &e {
            ProveError::Eval(eval) => eval_error(eval),
            _ => ProofError::new_err(message(&e)),
        })
    }
}
