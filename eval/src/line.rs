//! The main line: perfect play from a position to the end of the game
//! (docs/rules.md#values-and-depths).
//!
//! Every step plays the first move of the position's evaluation, whose order already says "the
//! side ahead hurries, the side behind delays": the best value first and, among moves of that
//! value, the shortest depth for a winning side and the longest for a losing one. A line whose
//! value is that of endless play may never end; it stops at the first position that repeats.
//! One [`crate::Session`] evaluates every position of the line, so its searches share one
//! engine.

use std::cmp::Ordering;
use std::collections::HashMap;

use mancala_solver::{Board, BySide, GameResult, Played, Position, Scoring, Side, Value};

use mancala_solver::engine::Budget;

use crate::evaluator::FOLLOWING;
use crate::{Bounds, EvalError, Evaluator, Session, Source};

/// The most plies a line is followed before it is cut short.
pub const MAX_LINE_PLIES: usize = 10_000;

/// The most plies a line is followed by search before the tablebase takes over: each costs a
/// search, and estimates far from the tablebase say little about the end of the game.
pub const MAX_SEARCHED_PLIES: usize = 200;

/// One ply of a main line.
#[derive(Clone, Debug)]
pub struct LineStep {
    /// The move, the position after it and what it did.
    pub played: Played,
    /// The move's value for the mover, which is the value of the position it was played from.
    pub value: Value,
    /// The value is exact (from the tablebase, or proven by a search); else a search's estimate,
    /// and the move the best the search found, not necessarily perfect play.
    pub exact: bool,
    /// For an estimate, what its search proved of the value ([`Bounds::NONE`] when exact).
    pub bounds: Bounds,
}

/// Why a main line stops.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineEnd {
    /// The game is over: the position has no move, or the last move ended the game.
    GameOver {
        /// Final totals.
        totals: BySide<u32>,
        /// Who won; `None` for a draw.
        winner: Option<Side>,
    },
    /// The value rests on endless play, and the last move reached a position (board and side to
    /// move) seen before in the line.
    Repetition {
        /// The ply after which the repeated position first stood (0: the start).
        first_seen: usize,
        /// Seeds captured so far.
        totals: BySide<u32>,
        /// Who is ahead by what is captured, the board being split equally (score variants);
        /// `None` for a draw (always, in win/draw/loss variants).
        winner: Option<Side>,
    },
    /// The line was cut after `plies` plies without ending.
    Limit {
        /// The cap that was reached.
        plies: usize,
    },
}

/// A main line from a position.
#[derive(Clone, Debug)]
pub struct Line {
    /// The position the line starts from.
    pub start: Position,
    /// Its value for the side to move.
    pub value: Value,
    /// The result of the whole game for the side to move that the value and the captured seeds
    /// imply.
    pub result: GameResult,
    /// The start's value is exact (from the tablebase, or proven by a search).
    pub exact: bool,
    /// For an estimate, what its search proved of the start's value ([`Bounds::NONE`] when
    /// exact).
    pub bounds: Bounds,
    /// The ply (index into `steps`) from which every position of the line is in the tablebase;
    /// `steps.len()` when only the last position is, `None` when not even that.
    pub tablebase_from: Option<usize>,
    /// The plies, in order.
    pub steps: Vec<LineStep>,
    /// Why it stops.
    pub end: LineEnd,
}

impl Line {
    /// The position at the end of the line.
    pub fn last_position(&self) -> Position {
        self.steps.last().map_or(self.start, |s| s.played.after)
    }

    /// The first ply (1 for the first move) whose value is a search's estimate: where the line
    /// leaves what is proven. `None` when every ply is exact.
    pub fn estimates_from(&self) -> Option<usize> {
        self.steps.iter().position(|s| !s.exact).map(|i| i + 1)
    }
}

impl Evaluator {
    /// The line of perfect play from `position` to the end of the game, at most `max_plies`
    /// long (see the module documentation). Positions the tablebase does not hold are answered
    /// from the opening book and the kept answers where they can be, else searched: the first
    /// within `budget`, the later ones with less ([`crate::Session::evaluate_in_line`]); their
    /// steps are the search's best moves (estimates unless it proved them).
    ///
    /// From a position whose value is exact but beyond the tablebase, every step keeps that
    /// value, proven: each position is searched until the search proves its value and a move
    /// that reaches it ([`proven_move`]), so that a line never contradicts the value it is the
    /// line of. Where no such move is proven within `budget` the line goes on with estimates,
    /// marked as such from that ply.
    pub fn main_line(
        &self,
        position: &Position,
        max_plies: usize,
        budget: Budget,
    ) -> Result<Line, EvalError> {
        let variant = position.variant();
        let scoring = variant.scoring();
        let mut session = self.session(variant);
        let first = session.evaluate_in_line(position, budget)?;
        let mut proving = first.source.is_exact() && first.source != Source::Tablebase;
        let mut held_from = None;
        let mut seen: HashMap<(Board, Side), usize> = HashMap::new();
        let mut steps: Vec<LineStep> = Vec::new();
        let mut here = *position;
        let mut evaluated = Some(first.clone());
        let end = loop {
            if session.holds(&here) {
                held_from.get_or_insert(steps.len());
            } else {
                held_from = None;
            }
            if let Some(totals) = here.game_over() {
                // The side to move has no move: in win/draw/loss variants it has lost.
                let winner = match scoring {
                    Scoring::WinDrawLoss => Some(!here.side()),
                    Scoring::Score => leader(totals),
                };
                break LineEnd::GameOver { totals, winner };
            }
            if let Some(&first_seen) = seen.get(&(*here.absolute_board(), here.side())) {
                let totals = here.captured();
                let winner = match scoring {
                    Scoring::WinDrawLoss => None,
                    Scoring::Score => leader(totals),
                };
                break LineEnd::Repetition {
                    first_seen,
                    totals,
                    winner,
                };
            }
            seen.insert((*here.absolute_board(), here.side()), steps.len());
            if steps.len() >= max_plies {
                break LineEnd::Limit { plies: max_plies };
            }
            if held_from.is_none() && steps.len() >= MAX_SEARCHED_PLIES {
                break LineEnd::Limit {
                    plies: MAX_SEARCHED_PLIES,
                };
            }
            let mut step = None;
            if proving && held_from.is_none() {
                step = proven_move(&mut session, &here, budget)?;
                // Not proven here: the line leaves what is proven, and goes on as searched.
                proving = step.is_some();
            }
            let step = match step {
                Some(step) => step,
                None => {
                    let evaluation = match evaluated.take() {
                        Some(e) if e.position == here => e,
                        _ => session.evaluate_in_line(&here, budget)?,
                    };
                    let Some(best) = evaluation.moves.first() else {
                        // No move but not over: cannot happen under the rules engine; treat
                        // as over.
                        let totals = here.captured();
                        break LineEnd::GameOver {
                            totals,
                            winner: leader(totals),
                        };
                    };
                    LineStep {
                        played: best.played,
                        value: best.value,
                        exact: best.exact,
                        bounds: best.bounds,
                    }
                }
            };
            let played = step.played;
            steps.push(step);
            if played.ends_game {
                let totals = played.after.captured();
                let winner = match scoring {
                    // An endless sowing loses for the mover; otherwise the side left without a
                    // move (the one to move in the final position) has lost.
                    Scoring::WinDrawLoss if played.endless => Some(!here.side()),
                    Scoring::WinDrawLoss => Some(!played.after.side()),
                    Scoring::Score => leader(totals),
                };
                break LineEnd::GameOver { totals, winner };
            }
            here = played.after;
        };
        Ok(Line {
            start: *position,
            value: first.value,
            result: first.result,
            exact: first.source.is_exact(),
            bounds: first.bounds,
            tablebase_from: held_from,
            steps,
            end,
        })
    }
}

/// A step of `position` that keeps its value, proven: the position searched within budgets
/// growing fourfold from a sixteenth of `budget` (the engine's table still holds what the
/// searches of the positions before found) up to `budget`, until the search proves the
/// position's value and a move proven to score at least that much, which then scores exactly
/// that. `None` when no search within `budget` proves both.
fn proven_move(
    session: &mut Session<'_>,
    position: &Position,
    budget: Budget,
) -> Result<Option<LineStep>, EvalError> {
    let mut nodes = (budget.nodes / FOLLOWING).max(1);
    loop {
        let analysis = session.search(position, Budget { nodes, ..budget })?;
        let value = analysis.value.score;
        let keeping = analysis
            .moves
            .iter()
            .filter(|m| m.value.at_least.is_some_and(|low| low >= value))
            .max_by_key(|m| m.value.sixteenths);
        if let (true, Some(m)) = (analysis.value.exact, keeping) {
            let played = position
                .play(m.mv)
                .expect("the engine searches the position's legal moves");
            return Ok(Some(LineStep {
                played,
                value: Value {
                    score: value,
                    depth: None,
                },
                exact: true,
                bounds: Bounds::NONE,
            }));
        }
        if nodes >= budget.nodes {
            return Ok(None);
        }
        nodes = (nodes * 4).min(budget.nodes);
    }
}

/// The side with more seeds, `None` when equal.
fn leader(totals: BySide<u32>) -> Option<Side> {
    match totals.south.cmp(&totals.north) {
        Ordering::Greater => Some(Side::South),
        Ordering::Less => Some(Side::North),
        Ordering::Equal => None,
    }
}
