//! The steps of a sowing, as the rules engine takes them, for players who want to follow a move
//! seed by seed (the web page animates them). The sowing functions of every family take a
//! [`Trace`]; the solver's hot path passes [`NoTrace`], whose empty method compiles away, so the
//! steps are told by the same code that computes the move and cost nothing when nobody listens.
//! [`lift`] and [`take`] are the two steps that change a pit at once, for every family.

use crate::position::Board;

/// One step of a sowing, on the board seen from the mover (cell indices as in
/// [`crate::Board`]: the mover's pits first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Seeds lifted from a cell: the first pit of the move, and each pit a relay sowing goes on
    /// from.
    Lift {
        /// The cell.
        cell: usize,
        /// The seeds taken into the hand.
        seeds: u8,
    },
    /// One seed dropped into a cell.
    Sow {
        /// The cell.
        cell: usize,
    },
    /// One seed dropped into the mover's store (Kalah).
    Store,
    /// The seeds of a cell captured.
    Capture {
        /// The cell.
        cell: usize,
        /// The seeds taken.
        seeds: u8,
        /// The mover takes them; `false`: the opponent (a four made in its own row mid-sowing).
        by_mover: bool,
    },
}

/// Empties `cell` of `b` into the hand, telling `trace`: how every sowing begins, and every lap
/// of a relay sowing. The seeds lifted.
#[inline(always)]
pub(super) fn lift(b: &mut Board, cell: usize, trace: &mut impl Trace) -> u8 {
    let seeds = b.cells[cell];
    b.cells[cell] = 0;
    trace.step(Step::Lift { cell, seeds });
    seeds
}

/// Takes the seeds of `cell` off `b` as a capture (by the mover, or `by_mover` false: by the
/// pit's owner), telling `trace`. The seeds taken.
#[inline(always)]
pub(super) fn take(b: &mut Board, cell: usize, by_mover: bool, trace: &mut impl Trace) -> u8 {
    let seeds = b.cells[cell];
    b.cells[cell] = 0;
    trace.step(Step::Capture {
        cell,
        seeds,
        by_mover,
    });
    seeds
}

/// Listens to the steps of a sowing.
pub trait Trace {
    /// Whether the steps are wanted at all: the few steps that the rules engine does not take
    /// one by one (Kalah's whole laps) are spelled out only then.
    const WANTED: bool;
    /// Called for every step, in order.
    fn step(&mut self, step: Step);
}

/// The solver's listener: ignores every step.
pub struct NoTrace;

impl Trace for NoTrace {
    const WANTED: bool = false;
    #[inline(always)]
    fn step(&mut self, _: Step) {}
}

/// Keeps every step.
impl Trace for Vec<Step> {
    const WANTED: bool = true;
    fn step(&mut self, step: Step) {
        self.push(step);
    }
}
