//! `Tablebase`: a tablebase file (or one in memory) and the evaluator over it, the one way the
//! project answers a position (docs/design.md). Every method that probes, searches or solves
//! releases the GIL while it works, so that a pool of Python threads gets parallel answers.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use mancala_db::Tablebase;
use mancala_eval::line::MAX_LINE_PLIES;
use mancala_eval::prove::ProofOptions;
use mancala_eval::{Evaluator, SearchSettings, PLY_BUDGET, SEARCH_BUDGET};
use mancala_solver::engine::Budget;
use mancala_solver::Variant;
use mancala_wire::response::{AnalysisJson, MainlineJson};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::{PositionError, ProofError, Raise, TablebaseError};
use crate::evaluation::PyEvaluation;
use crate::position::{resolve, MoveArg, PyPosition};
use crate::progress::PyProgress;
use crate::variant::VariantArg;

/// A tablebase and the evaluator over it.
///
/// `Tablebase("mancala.db")` opens a file for reading (`mancala solve all` builds the default
/// one); `Tablebase("new.db", write=True)` opens or creates one to solve into;
/// `Tablebase()` is an empty one in memory (every answer a search, until `solve` fills it).
/// `searches` is how many searches may run at once (default: one per core); more callers wait
/// for one to finish.
#[pyclass(name = "Tablebase", module = "mancala_tb", frozen)]
pub struct PyTablebase {
    evaluator: Arc<Evaluator>,
    writable: bool,
}

/// A search budget from the keyword arguments: `budget` nodes (else `default`'s) and at most
/// `time` seconds.
fn budget_of(budget: Option<u64>, time: Option<f64>, default: Budget) -> PyResult<Budget> {
    let time = match time {
        Some(t) if !(t.is_finite() && t > 0.0) => {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "time must be a positive number of seconds, not {t}"
            )))
        }
        t => t.map(Duration::from_secs_f64),
    };
    if budget == Some(0) {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "budget must be at least 1 node",
        ));
    }
    Ok(Budget {
        nodes: budget.unwrap_or(default.nodes),
        time: time.or(default.time),
    })
}

impl PyTablebase {
    /// The tablebase's handle.
    fn tablebase(&self) -> &Arc<Tablebase> {
        self.evaluator.tablebase()
    }
}

#[pymethods]
impl PyTablebase {
    #[new]
    #[pyo3(signature = (path = None, *, write = false, searches = None))]
    fn new(
        py: Python<'_>,
        path: Option<PathBuf>,
        write: bool,
        searches: Option<usize>,
    ) -> PyResult<PyTablebase> {
        let threads = searches
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
            .max(1);
        let writable = write || path.is_none();
        let tb = py
            .detach(|| match &path {
                None => Tablebase::empty(),
                Some(p) if write => Tablebase::open(p),
                Some(p) => Tablebase::open_read_only(p),
            })
            .raise()?;
        let settings = SearchSettings {
            threads,
            // Callers beyond the searches wait rather than being refused: a script's thread
            // pool is not a crowd of web clients.
            queue: 1 << 16,
            cap: Budget::UNLIMITED,
        };
        let evaluator = Evaluator::new(Arc::new(tb), settings).raise()?;
        Ok(PyTablebase {
            evaluator: Arc::new(evaluator),
            writable,
        })
    }

    /// The file's path, or `:memory:`-like name of one in memory.
    #[getter]
    fn path(&self) -> String {
        self.tablebase().path().to_owned()
    }

    /// Whether `solve` may write into it.
    #[getter]
    fn writable(&self) -> bool {
        self.writable
    }

    /// Evaluates a position: `evaluate(position)` or `evaluate("rio-kadalis", "0,0,1,0,2,1/1,0,0,3,0,0 S")`.
    ///
    /// From the tablebase where it holds the position (exact values with depths), else by a
    /// search of at most `budget` nodes (default ten million, as `mancala eval`) and `time`
    /// seconds, whose leaves are the tablebase's positions: exact where it proves the value,
    /// else an estimate (`exact` False).
    #[pyo3(signature = (position, text = None, *, budget = None, time = None))]
    fn evaluate(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        text: Option<&str>,
        budget: Option<u64>,
        time: Option<f64>,
    ) -> PyResult<PyEvaluation> {
        let position = resolve(position, text)?;
        let budget = budget_of(budget, time, SEARCH_BUDGET)?;
        let e = py
            .detach(|| self.evaluator.evaluate(&position, budget))
            .raise()?;
        Ok(PyEvaluation(e))
    }

    /// A certificate that the position's value is exact, as the text of the file `mancala
    /// prove` writes (JSON Lines, docs/proofs.md): write it to a file and check it with
    /// `check_proof`, or with any checker. The search must first prove the value within
    /// `budget` nodes (default 25.6 million, as `mancala prove`) and `time` seconds; the proof
    /// then walks at most `max_positions` positions. `ProofError` says why when there is no
    /// certificate (not exact, or past a limit).
    #[pyo3(signature = (position, text = None, *, max_positions = None, budget = None, time = None))]
    fn prove(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        text: Option<&str>,
        max_positions: Option<u64>,
        budget: Option<u64>,
        time: Option<f64>,
    ) -> PyResult<String> {
        let position = resolve(position, text)?;
        let defaults = ProofOptions::default();
        let budget = budget_of(budget, time, Budget::nodes(defaults.max_budget))?;
        let options = ProofOptions {
            max_positions: max_positions.unwrap_or(defaults.max_positions),
            ..ProofOptions::within(budget)
        };
        let certificate = py
            .detach(|| self.evaluator.prove(&position, options, &mut |_| {}))
            .raise()?;
        let mut bytes = Vec::new();
        certificate
            .write_jsonl(&mut bytes)
            .map_err(|e| ProofError::new_err(e.to_string()))?;
        String::from_utf8(bytes).map_err(|e| ProofError::new_err(e.to_string()))
    }

    /// Whether the tablebase holds the position (its answer needs no search).
    #[pyo3(signature = (position, text = None))]
    fn holds(&self, position: &Bound<'_, PyAny>, text: Option<&str>) -> PyResult<bool> {
        Ok(self.evaluator.holds(&resolve(position, text)?))
    }

    /// The line of perfect play from a position to the end of the game (at most `max_plies`),
    /// as the service's JSON (`GET /api/{variant}/mainline`): `steps` with each move, the
    /// position after it and its value, and `end` (the game's end, a repetition, or the
    /// plies). Positions beyond the tablebase are searched, the first within `budget` nodes
    /// (default a million, as `mancala mainline`), later ones with less.
    #[pyo3(signature = (position, text = None, *, max_plies = 500, budget = None, time = None))]
    fn main_line<'py>(
        &self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
        text: Option<&str>,
        max_plies: usize,
        budget: Option<u64>,
        time: Option<f64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let position = resolve(position, text)?;
        let budget = budget_of(budget, time, PLY_BUDGET)?;
        let max_plies = max_plies.min(MAX_LINE_PLIES);
        let line = py
            .detach(|| self.evaluator.main_line(&position, max_plies, budget))
            .raise()?;
        crate::json::to_python(py, &MainlineJson::new(&line))
    }

    /// Judges every move of a game played from `start` (a `Position`, or a variant for its
    /// start): the service's JSON of `POST /api/{variant}/analyse`, each move with the value
    /// before it, the best value, what it cost and a verdict (best, inaccuracy, mistake,
    /// blunder). `MoveError` names the first move that is not legal, by its index.
    #[pyo3(signature = (start, moves, *, budget = None, time = None))]
    fn analyse<'py>(
        &self,
        py: Python<'py>,
        start: &Bound<'py, PyAny>,
        moves: Vec<MoveArg>,
        budget: Option<u64>,
        time: Option<f64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let start = match start.extract::<PyPosition>() {
            Ok(p) => p.0,
            Err(_) => mancala_solver::Position::start(start.extract::<VariantArg>()?.get()?),
        };
        let budget = budget_of(budget, time, PLY_BUDGET)?;
        let moves: Vec<String> = moves.iter().map(MoveArg::text).collect();
        let analysis = py
            .detach(|| self.evaluator.analyse(&start, &moves, budget))
            .raise()?;
        crate::json::to_python(py, &AnalysisJson::new(&analysis))
    }

    /// The most seeds on the board up to which the tablebase holds every position of
    /// `variant`.
    fn held_up_to(&self, variant: VariantArg) -> PyResult<u32> {
        Ok(self.evaluator.held_up_to(variant.get()?))
    }

    /// The slices stored (of `variant`, or of all): one dict each, as `mancala db info`
    /// lists them (`variant`, `slice`, `seeds`, `positions`, `bytes`, `wins`, `draws`,
    /// `losses`, `seconds`, `current`: solved under the rules and solver of this version).
    #[pyo3(signature = (variant = None))]
    fn slices<'py>(
        &self,
        py: Python<'py>,
        variant: Option<VariantArg>,
    ) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let variant = variant.map(|v| v.get()).transpose()?;
        let infos = py.detach(|| self.tablebase().slices(variant)).raise()?;
        infos
            .iter()
            .map(|s| {
                let d = PyDict::new(py);
                d.set_item("variant", &s.variant)?;
                d.set_item("slice", &s.slice)?;
                d.set_item("seeds", s.seeds)?;
                d.set_item("positions", s.positions)?;
                d.set_item("bytes", s.bytes)?;
                d.set_item("wins", s.wins)?;
                d.set_item("draws", s.draws)?;
                d.set_item("losses", s.losses)?;
                d.set_item("seconds", s.seconds)?;
                d.set_item("current", s.is_current())?;
                Ok(d)
            })
            .collect()
    }

    /// Solves and stores every slice of `variant` up to `max_seeds` seeds on the board that
    /// the tablebase lacks (as `mancala solve VARIANT --max-seeds N`), in this process with the
    /// moves in memory; returns the groups solved (`slices`, `positions`, `seconds`, `wins`,
    /// `draws`, `losses`). `progress(step, done, total)` is called now and then from the
    /// solving threads (at most ten times a second, and at the end of each step); an exception
    /// it raises is raised here once the solve ends.
    #[pyo3(signature = (variant, max_seeds, progress = None))]
    fn solve<'py>(
        &self,
        py: Python<'py>,
        variant: VariantArg,
        max_seeds: u32,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let variant: Variant = variant.get()?;
        if !self.writable {
            return Err(TablebaseError::new_err(format!(
                "{} is open for reading only: open it with Tablebase(path, write=True) to solve into it",
                self.path()
            )));
        }
        if max_seeds > variant.max_seeds() {
            return Err(PositionError::new_err(format!(
                "{} has at most {} seeds on the board, not {max_seeds}",
                variant.id(),
                variant.max_seeds()
            )));
        }
        let progress = PyProgress::new(progress);
        let solved = py.detach(|| {
            let solved = self.tablebase().solve_up_to(variant, max_seeds, &progress);
            // The evaluator reads the slices it holds again now, not within a second.
            (solved, self.evaluator.refresh())
        });
        progress.raise_if_failed()?;
        let (solved, refreshed) = solved;
        let solved = solved.raise()?;
        refreshed.raise()?;
        solved
            .iter()
            .map(|g| {
                let d = PyDict::new(py);
                let names: Vec<String> = g.slices.iter().map(|s| s.id.to_string()).collect();
                d.set_item("slices", names)?;
                d.set_item("positions", g.positions)?;
                d.set_item("seconds", g.seconds)?;
                d.set_item("wins", g.wins)?;
                d.set_item("draws", g.draws)?;
                d.set_item("losses", g.losses)?;
                Ok(d)
            })
            .collect()
    }

    /// A stored slice of `variant` (`slice`: its name, `12` or `5-3`, or its seeds) as NumPy
    /// arrays, one row a position in the slice's numbering: `boards` (uint8, one row per
    /// position: the side to move's pits 1..L, then the opponent's 1..L), `values` (int8, for
    /// the side to move) and `depths` (int32, -1 where the value is that of endless play).
    /// Row `i` is the position `Position.from_board(variant, boards[i])` (any side to move: the
    /// board is seen from it), and `Position.slice` gives a position's slice and row. The slice
    /// is read chunk by chunk into the arrays, never held twice; it takes 2L + 5 bytes a
    /// position.
    fn slice_arrays<'py>(
        &self,
        py: Python<'py>,
        variant: VariantArg,
        slice: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        crate::arrays::slice_arrays(py, self.tablebase(), variant.get()?, slice)
    }

    fn __repr__(&self) -> String {
        format!("Tablebase({:?})", self.path())
    }
}
