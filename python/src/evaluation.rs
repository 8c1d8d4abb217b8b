//! `Evaluation`, `MoveEval` and `Value`: an answer of the evaluator as Python objects, and as
//! the service's JSON (`to_dict()`: the same shape as `GET /api/{variant}` and
//! `mancala eval --json`, from the wire crate).

use mancala_eval::{Bounds, Evaluation, MoveEval, Origin, Source};
use mancala_solver::engine::Limit;
use mancala_solver::{Scoring, Value};
use mancala_wire::response::EvaluationJson;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::position::PyPosition;

/// A value for the side to move (or for the mover, of a move), docs/rules.md#values-and-depths.
#[pyclass(name = "Value", module = "mancala_tb", frozen, eq)]
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct PyValue {
    value: Value,
    scoring: Scoring,
    exact: bool,
    bounds: Bounds,
}

impl PyValue {
    /// `value` of a variant scored by `scoring`, exact or an estimate with `bounds` proven of
    /// it.
    pub fn new(value: Value, scoring: Scoring, exact: bool, bounds: Bounds) -> PyValue {
        PyValue {
            value,
            scoring,
            exact,
            bounds,
        }
    }

    /// `bound`, for an estimate only: an exact value is its own bound.
    fn bound(&self, bound: Option<i8>) -> Option<i8> {
        bound.filter(|_| !self.exact)
    }
}

#[pymethods]
impl PyValue {
    /// Score variants: seeds still to be won minus seeds still to be lost with perfect play.
    /// Win/draw/loss variants: 1, 0 or -1.
    #[getter]
    fn score(&self) -> i8 {
        self.value.score
    }

    /// Plies to the next capture or the end of the game when the side ahead hurries and the
    /// side behind delays; `None` for the value of endless play (0), and for a search's values
    /// (which have no depth).
    #[getter]
    fn depth(&self) -> Option<u16> {
        self.value.depth
    }

    /// The value is exact (the tablebase's, or proven by a search); else a search's estimate.
    #[getter]
    fn exact(&self) -> bool {
        self.exact
    }

    /// For an estimate: the least the value is proven to be (a score; 1, 0, -1 for win, draw,
    /// loss), a fact whatever the estimate. `None` for an exact value (its own bound) and where
    /// nothing beyond what the seeds left imply is proven.
    #[getter]
    fn at_least(&self) -> Option<i8> {
        self.bound(self.bounds.at_least)
    }

    /// For an estimate: the most the value is proven to be; `None` as for `at_least`.
    #[getter]
    fn at_most(&self) -> Option<i8> {
        self.bound(self.bounds.at_most)
    }

    /// `win`, `draw` or `loss` of what is still to be played (not counting seeds captured
    /// before).
    #[getter]
    fn outcome(&self) -> &'static str {
        outcome_of(self.value.score)
    }

    fn __str__(&self) -> String {
        let mark = if self.exact { "" } else { "~" };
        let depth = self
            .value
            .depth
            .map_or(String::new(), |d| format!(" in {d}"));
        // A bound is written as the value is: a score, or win, draw, loss.
        let bound = |b: Option<i8>| match (b, self.scoring) {
            (None, _) => String::new(),
            (Some(b), Scoring::Score) => format!("{b:+}"),
            (Some(b), Scoring::WinDrawLoss) => outcome_of(b).to_owned(),
        };
        let range = match (self.at_least(), self.at_most()) {
            (None, None) => String::new(),
            (low, high) => format!(" [{}..{}]", bound(low), bound(high)),
        };
        match self.scoring {
            Scoring::Score => format!("{mark}{:+}{depth}{range}", self.value.score),
            Scoring::WinDrawLoss => format!("{mark}{}{depth}{range}", self.outcome()),
        }
    }

    fn __repr__(&self) -> String {
        let py = |x: Option<String>| x.unwrap_or_else(|| "None".to_owned());
        format!(
            "Value(score={}, depth={}, exact={}, at_least={}, at_most={})",
            self.value.score,
            py(self.value.depth.map(|d| d.to_string())),
            if self.exact { "True" } else { "False" },
            py(self.at_least().map(|b| b.to_string())),
            py(self.at_most().map(|b| b.to_string())),
        )
    }
}

/// `win`, `draw` or `loss`: the result a score (or a win/draw/loss value, 1, 0, -1) stands for.
fn outcome_of(score: i8) -> &'static str {
    match score {
        s if s > 0 => "win",
        0 => "draw",
        _ => "loss",
    }
}

/// One legal move with what it is worth to the mover.
#[pyclass(name = "MoveEval", module = "mancala_tb", frozen)]
#[derive(Clone)]
pub struct PyMoveEval {
    eval: MoveEval,
    scoring: Scoring,
}

#[pymethods]
impl PyMoveEval {
    /// The move as written: `"3"` or `"pass"`.
    #[getter]
    fn r#move(&self) -> String {
        self.eval.played.mv.to_string()
    }

    /// What the mover gets by playing it.
    #[getter]
    fn value(&self) -> PyValue {
        PyValue::new(
            self.eval.value,
            self.scoring,
            self.eval.exact,
            self.eval.bounds,
        )
    }

    /// Among the best moves: it keeps the position's value (and, from the tablebase, its depth
    /// rule: ahead the shortest way, behind the longest).
    #[getter]
    fn best(&self) -> bool {
        self.eval.best
    }

    /// The position after it.
    #[getter]
    fn after(&self) -> PyPosition {
        PyPosition(self.eval.played.after)
    }

    /// Seeds it added to each side, `(south, north)`.
    #[getter]
    fn captured(&self) -> (u32, u32) {
        let c = self.eval.played.captured;
        (c.south, c.north)
    }

    /// The mover moves again.
    #[getter]
    fn extra_turn(&self) -> bool {
        self.eval.played.extra_turn
    }

    fn __repr__(&self) -> String {
        format!(
            "MoveEval({:?}, {}{})",
            self.eval.played.mv.to_string(),
            self.value().__str__(),
            if self.eval.best { ", best" } else { "" }
        )
    }
}

/// A position's value and every legal move's, best first, and where they come from.
#[pyclass(name = "Evaluation", module = "mancala_tb", frozen)]
pub struct PyEvaluation(pub Evaluation);

#[pymethods]
impl PyEvaluation {
    /// The position evaluated.
    #[getter]
    fn position(&self) -> PyPosition {
        PyPosition(self.0.position)
    }

    /// Its value for the side to move.
    #[getter]
    fn value(&self) -> PyValue {
        let scoring = self.0.position.variant().scoring();
        PyValue::new(
            self.0.value,
            scoring,
            self.0.source.is_exact(),
            self.0.bounds,
        )
    }

    /// The result of the whole game for the side to move (`win`, `draw`, `loss`), counting the
    /// seeds captured already.
    #[getter]
    fn result(&self) -> &'static str {
        self.0.result.as_str()
    }

    /// The final totals `(south, north)` when the game is over here.
    #[getter]
    fn game_over(&self) -> Option<(u32, u32)> {
        self.0.game_over.map(|t| (t.south, t.north))
    }

    /// Every legal move, best first (equal moves in pit order).
    #[getter]
    fn moves(&self) -> Vec<PyMoveEval> {
        let scoring = self.0.position.variant().scoring();
        self.0
            .moves
            .iter()
            .map(|m| PyMoveEval {
                eval: m.clone(),
                scoring,
            })
            .collect()
    }

    /// The best moves, as written.
    #[getter]
    fn best_moves(&self) -> Vec<String> {
        self.0
            .moves
            .iter()
            .filter(|m| m.best)
            .map(|m| m.played.mv.to_string())
            .collect()
    }

    /// `tablebase`, `book` (the opening book's stored search) or `search`.
    #[getter]
    fn source(&self) -> &'static str {
        self.0.source.word()
    }

    /// The position's value is exact: always from the tablebase; from a search when it proved
    /// it.
    #[getter]
    fn exact(&self) -> bool {
        self.0.source.is_exact()
    }

    /// What the search did (`depth`, `nodes`, `seconds`, `stopped_by`: `None`, `"nodes"` or
    /// `"time"`, `kept`: an earlier answer given again), or `None` from the tablebase.
    #[getter]
    fn search<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Source::Search(r) = self.0.source else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        d.set_item("depth", r.depth)?;
        d.set_item("nodes", r.nodes)?;
        d.set_item("seconds", r.elapsed.as_secs_f64())?;
        d.set_item(
            "stopped_by",
            r.stopped_by.map(|l| match l {
                Limit::Nodes => "nodes",
                Limit::Time => "time",
            }),
        )?;
        d.set_item("kept", r.origin != Origin::Searched)?;
        Ok(Some(d))
    }

    /// The evaluation as the service's JSON (`GET /api/{variant}`), as Python dicts and lists.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::json::to_python(py, &EvaluationJson::with_source(&self.0, &self.0.source))
    }

    fn __repr__(&self) -> String {
        format!(
            "Evaluation({:?}, value={}, best={:?}, source={:?})",
            self.0.position.to_string(),
            self.value().__str__(),
            self.best_moves(),
            self.source()
        )
    }
}
