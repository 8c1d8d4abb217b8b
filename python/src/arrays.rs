//! A stored slice as NumPy arrays, read chunk by chunk straight into them (docs/python.md, "A
//! slice as arrays").

use mancala_db::{Tablebase, CHUNK_SIZE};
use mancala_solver::solve::NO_DEPTH;
use mancala_solver::{Slice, SliceId, Variant};
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rayon::prelude::*;

use crate::errors::{PositionError, Raise, TablebaseError};

/// The slice named by `slice` (`"12"`, `"5-3"`, or `12`) of `variant`.
fn slice_named(variant: Variant, slice: &Bound<'_, PyAny>) -> PyResult<Slice> {
    let name = match slice.extract::<u32>() {
        Ok(n) => n.to_string(),
        Err(_) => slice.extract::<String>()?,
    };
    let id: SliceId = name.parse().map_err(|_| {
        PositionError::new_err(format!(
            "`{name}` is not a slice name: `12` (seeds on the board) or `5-3` (four-row: the mover's seeds, then the opponent's)"
        ))
    })?;
    if let Some(stored) = variant.mirror_image_of() {
        return Err(PositionError::new_err(format!(
            "{} has no slices of its own: its values are {}'s with each row reversed \
             (ask for {}'s slice `{name}` and read each board's rows from the other end)",
            variant.id(),
            stored.id(),
            stored.id()
        )));
    }
    let slice = Slice { variant, id };
    if !slice.is_reachable() {
        return Err(PositionError::new_err(format!(
            "{} has no slice `{name}`",
            variant.id()
        )));
    }
    Ok(slice)
}

/// `{"slice", "boards", "values", "depths"}` of a stored slice (see `Tablebase.slice_arrays`).
pub fn slice_arrays<'py>(
    py: Python<'py>,
    tb: &Tablebase,
    variant: Variant,
    slice: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    let slice = slice_named(variant, slice)?;
    let stored = py.detach(|| tb.current_slices(variant)).raise()?;
    if !stored.contains(&slice.id) {
        return Err(TablebaseError::new_err(format!(
            "{}: slice {} of {} is not stored under the current rules (solve it with `mancala solve {} --max-seeds {}`)",
            tb.path(),
            slice.id,
            variant.id(),
            variant.id(),
            slice.id.total()
        )));
    }
    let n = usize::try_from(slice.len()).map_err(|_| {
        TablebaseError::new_err(format!("slice {} is too large for this machine", slice.id))
    })?;
    let width = 2 * variant.pits_per_side();
    let boards = PyArray2::<u8>::zeros(py, [n, width], false);
    let values = PyArray1::<i8>::zeros(py, n, false);
    let depths = PyArray1::<i32>::zeros(py, n, false);
    {
        // SAFETY: the arrays were made above and no Python code has seen them yet, so nothing
        // else reads or writes them while they are filled (with the GIL released).
        let boards_out = unsafe { boards.as_slice_mut() }.expect("a new array is contiguous");
        let values_out = unsafe { values.as_slice_mut() }.expect("a new array is contiguous");
        let depths_out = unsafe { depths.as_slice_mut() }.expect("a new array is contiguous");
        py.detach(|| fill(tb, slice, width, boards_out, values_out, depths_out))
            .raise()?;
    }
    let out = PyDict::new(py);
    out.set_item("slice", slice.id.to_string())?;
    out.set_item("boards", boards)?;
    out.set_item("values", values)?;
    out.set_item("depths", depths)?;
    Ok(out)
}

/// Fills the arrays: the values and depths chunk by chunk from the file (each chunk's
/// checksum checked, one chunk decoded at a time), the boards from the slice's numbering, a
/// chunk's rows at a time in parallel.
fn fill(
    tb: &Tablebase,
    slice: Slice,
    width: usize,
    boards: &mut [u8],
    values: &mut [i8],
    depths: &mut [i32],
) -> Result<(), mancala_db::DbError> {
    let chunk = CHUNK_SIZE as usize;
    let rows = values.chunks_mut(chunk).zip(depths.chunks_mut(chunk));
    for (stored, (values, depths)) in tb.read_chunks(slice).zip(rows) {
        let stored = stored?;
        values.copy_from_slice(&stored.values);
        for (out, &d) in depths.iter_mut().zip(&stored.depths) {
            *out = if d == NO_DEPTH { -1 } else { i32::from(d) };
        }
    }
    boards
        .par_chunks_mut(chunk * width)
        .enumerate()
        .for_each(|(c, boards)| {
            let mut board = slice.board(c as u64 * CHUNK_SIZE);
            for row in boards.chunks_mut(width) {
                row.copy_from_slice(&board.cells[..width]);
                slice.advance(&mut board);
            }
        });
    Ok(())
}
