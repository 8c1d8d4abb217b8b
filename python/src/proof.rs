//! `check_proof`: a certificate of an exact value checked by the second, plain implementation
//! (the crate mancala-check, docs/proofs.md), as `mancala proof check` does.

use std::path::PathBuf;

use mancala_check::proof::{self, BoundError, BoundValue};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::Raise;

/// One bound's game as a dict: `value`, `positions`, `leaves`, `unreachable_lines`, `unlined`
/// (positions of its chooser without a line, valued at their worst) and `first_unlined` (the
/// first of them, or `None`), or `error`.
fn bound_dict<'py>(
    py: Python<'py>,
    bound: &Result<BoundValue, BoundError>,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    match bound {
        Ok(b) => {
            d.set_item("value", b.value)?;
            d.set_item("positions", b.positions)?;
            d.set_item("leaves", b.leaves)?;
            d.set_item("unreachable_lines", b.unreachable_lines)?;
            d.set_item("unlined", b.unlined)?;
            d.set_item("first_unlined", b.first_unlined.as_deref())?;
        }
        Err(e) => d.set_item("error", e.to_string())?,
    }
    Ok(d)
}

/// Checks the certificate `path` (written by `mancala prove`) against the tablebase file
/// `tablebase` with the independent rules and table reader of mancala-check: builds each
/// bound's finite game and values it. Returns `accepted` (both bounds worth the claimed value:
/// the value is proven exact), the claim (`variant`, `root`, `value`, `tablebase_max_seeds`),
/// `lines`, and `lower` and `upper` (each `value`, `positions`, `leaves`,
/// `unreachable_lines`, or `error`). `ProofError` when the file cannot be read or is not a
/// certificate. The GIL is released while it checks.
#[pyfunction]
pub fn check_proof<'py>(
    py: Python<'py>,
    path: PathBuf,
    tablebase: PathBuf,
) -> PyResult<Bound<'py, PyDict>> {
    let checked = py.detach(|| proof::check_file(&path, &tablebase)).raise()?;
    let h = &checked.header;
    let d = PyDict::new(py);
    d.set_item("accepted", checked.accepted())?;
    d.set_item("variant", h.variant.to_string())?;
    d.set_item("root", &h.root_text)?;
    d.set_item("value", h.value)?;
    d.set_item("tablebase_max_seeds", h.tablebase_max_seeds)?;
    d.set_item("lines", checked.lines)?;
    d.set_item("lower", bound_dict(py, &checked.lower)?)?;
    d.set_item("upper", bound_dict(py, &checked.upper)?)?;
    Ok(d)
}
