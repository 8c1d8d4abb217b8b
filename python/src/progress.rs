//! A solve's progress, told to a Python callable from the solving threads.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use mancala_db::SolveProgress;
use mancala_solver::solve::Progress;
use pyo3::prelude::*;

/// How often the callable is told at most, but for the end of each step.
const EVERY: Duration = Duration::from_millis(100);

/// Where the solve is, and the callable to tell.
pub struct PyProgress {
    callback: Option<Py<PyAny>>,
    state: Mutex<State>,
    /// The first exception the callable raised; it is not called again after one.
    failed: Mutex<Option<PyErr>>,
}

struct State {
    step: String,
    done: u64,
    total: u64,
    told: Instant,
}

impl PyProgress {
    /// Progress told to `callback(step, done, total)`, or to nobody.
    pub fn new(callback: Option<Py<PyAny>>) -> PyProgress {
        PyProgress {
            callback,
            state: Mutex::new(State {
                step: String::new(),
                done: 0,
                total: 0,
                told: Instant::now(),
            }),
            failed: Mutex::new(None),
        }
    }

    /// The callable's exception, if it raised one.
    pub fn raise_if_failed(&self) -> PyResult<()> {
        match self.failed.lock().expect("not poisoned").take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// Calls the callable with the state (holding the state's lock, so that calls come in
    /// order).
    fn tell(&self, state: &mut State) {
        let Some(callback) = &self.callback else {
            return;
        };
        let mut failed = self.failed.lock().expect("not poisoned");
        if failed.is_some() {
            return;
        }
        state.told = Instant::now();
        Python::attach(|py| {
            if let Err(e) = callback.call1(py, (state.step.as_str(), state.done, state.total)) {
                *failed = Some(e);
            }
        });
    }
}

impl Progress for PyProgress {
    fn pass(&self, name: &str, total: u64) {
        let mut state = self.state.lock().expect("not poisoned");
        state.step = name.to_owned();
        state.done = 0;
        state.total = total;
        self.tell(&mut state);
    }

    fn advance(&self, n: u64) {
        let mut state = self.state.lock().expect("not poisoned");
        state.done += n;
        if state.done >= state.total || state.told.elapsed() >= EVERY {
            self.tell(&mut state);
        }
    }
}

impl SolveProgress for PyProgress {}
