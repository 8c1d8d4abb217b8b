//! `Variant`: a rule set and the facts of its board, as `mancala variants` lists them.

use mancala_solver::{Direction, Family, Scoring, Variant};
use pyo3::prelude::*;

use crate::errors::Raise;

/// One rule set of docs/rules.md: `Variant("rio-kadalis")`, or one of `variants()`.
#[pyclass(
    name = "Variant",
    module = "mancala_tb",
    frozen,
    eq,
    hash,
    from_py_object
)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyVariant(pub Variant);

#[pymethods]
impl PyVariant {
    /// The variant with this id (`mancala variants` lists them); `PositionError` names the
    /// known ids when it is none of them.
    #[new]
    fn new(id: &str) -> PyResult<PyVariant> {
        id.parse::<Variant>().raise().map(PyVariant)
    }

    /// The id used on the command line, in URLs and in the tablebase: `rio-kadalis`.
    #[getter]
    fn id(&self) -> &'static str {
        self.0.id()
    }

    /// The name players use: `Rio Kadalis`.
    #[getter]
    fn name(&self) -> &'static str {
        self.0.name()
    }

    /// The rule family whose move generator it shares: `four-row`, `al-manqala`, `relay`,
    /// `kalah` or `oware`.
    #[getter]
    fn family(&self) -> &'static str {
        match self.0.family() {
            Family::FourRow => "four-row",
            Family::AlManqala => "al-manqala",
            Family::Relay => "relay",
            Family::Kalah => "kalah",
            Family::Oware => "oware",
        }
    }

    /// `score` (values are seeds still to be won minus seeds still to be lost) or
    /// `win-draw-loss` (values are 1, 0 and -1).
    #[getter]
    fn scoring(&self) -> &'static str {
        match self.0.scoring() {
            Scoring::Score => "score",
            Scoring::WinDrawLoss => "win-draw-loss",
        }
    }

    /// `counterclockwise` (increasing pit numbers) or `clockwise`.
    #[getter]
    fn direction(&self) -> &'static str {
        match self.0.direction() {
            Direction::CounterClockwise => "counterclockwise",
            Direction::Clockwise => "clockwise",
        }
    }

    /// The id of the variant this one is seen in a mirror (`rio-kadalis` for
    /// `rio-kadalis-cw`): its values are that variant's with each row read from the other end,
    /// and its tables are that variant's. `None` for the others.
    #[getter]
    fn mirror_of(&self) -> Option<&'static str> {
        self.0.mirror_image_of().map(|v| v.id())
    }

    /// Rows of pits on the board (2, or 4 in Hawalis and Bao la Kiarabu).
    #[getter]
    fn rows(&self) -> usize {
        self.0.rows()
    }

    /// Pits in each row.
    #[getter]
    fn pits_per_row(&self) -> usize {
        self.0.pits_per_row()
    }

    /// Pits each side owns, numbered 1 to this in the side's own numbering.
    #[getter]
    fn pits_per_side(&self) -> usize {
        self.0.pits_per_side()
    }

    /// Seeds in each pit at the start.
    #[getter]
    fn seeds_per_pit(&self) -> u8 {
        self.0.seeds_per_pit()
    }

    /// Seeds in the whole game.
    #[getter]
    fn total_seeds(&self) -> u32 {
        self.0.total_seeds()
    }

    /// The most seeds a position can have on the board.
    #[getter]
    fn max_seeds(&self) -> u32 {
        self.0.max_seeds()
    }

    /// The rules in a few sentences.
    #[getter]
    fn summary(&self) -> &'static str {
        self.0.summary()
    }

    /// Where the rules come from.
    #[getter]
    fn source(&self) -> &'static str {
        self.0.source()
    }

    fn __str__(&self) -> &'static str {
        self.0.id()
    }

    fn __repr__(&self) -> String {
        format!("Variant({:?})", self.0.id())
    }
}

/// Every variant, in the order `mancala variants` lists them.
#[pyfunction]
pub fn variants() -> Vec<PyVariant> {
    Variant::ALL.into_iter().map(PyVariant).collect()
}

/// A variant given as a `Variant` or as its id.
#[derive(FromPyObject)]
pub enum VariantArg {
    /// A `Variant`.
    Variant(PyVariant),
    /// An id.
    Id(String),
}

impl VariantArg {
    /// The variant it names.
    pub fn get(&self) -> PyResult<Variant> {
        match self {
            VariantArg::Variant(v) => Ok(v.0),
            VariantArg::Id(id) => id.parse::<Variant>().raise(),
        }
    }
}
