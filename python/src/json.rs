//! The wire crate's JSON shapes as Python objects, so that what a script gets from
//! `to_dict()`, `main_line` and `analyse` is exactly what the service answers.

use pyo3::prelude::*;
use serde::Serialize;

use crate::errors::MancalaError;

/// `value` (a wire type) as Python dicts, lists, strings and numbers.
pub fn to_python<'py>(py: Python<'py>, value: &impl Serialize) -> PyResult<Bound<'py, PyAny>> {
    pythonize::pythonize(py, value)
        .map_err(|e| MancalaError::new_err(format!("converting an answer to Python: {e}")))
}
