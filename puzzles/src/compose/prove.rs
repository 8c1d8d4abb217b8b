//! The proof of a composed problem: every value it rests on is exact, from the
//! tablebase or from a search that proved it ([`mancala_eval::Session`]), never an estimate.
//!
//! A composed problem is a position, `CAPTURED` set so that the whole game's result is at stake,
//! in which the solver (the side to move) wins the game, and the solution runs until the
//! solver's first move that captures for it and passes the turn, or ends the game (a capture
//! that earns another turn, Anywoli's binikh, lets the line go on: a binikh chain). At each of the solver's turns
//! before that, either it has one legal move (forced, not counted) or exactly one of its moves
//! keeps the win (a move to find). The opponent's replies keep its best value; among those, the
//! one that puts off the solver's capture longest is the line shown, and the problem is kept
//! only if the solver's moves are unique against *every* such reply, so that no best defence
//! leaves a second solution. Unlike the tablebase's puzzles, the opponent's captures along the
//! way (a four handed over on purpose) do not end the line.

use mancala_eval::EvalError;
use mancala_eval::Session;
use mancala_solver::engine::Budget;
use mancala_solver::{move_value, GameResult, Played, Position, Side, Value};

use crate::Solution;

/// A legal move with its exact value for the mover.
#[derive(Clone, Copy, Debug)]
pub struct ExactMove {
    /// The move and the position after it.
    pub played: Played,
    /// Its exact value (docs/rules.md#values-and-depths) for the side that plays it.
    pub score: i8,
}

/// What a proof may spend before the candidate is given up.
#[derive(Clone, Copy, Debug)]
pub struct ProofLimits {
    /// Nodes of each search (a value not proven within it gives the candidate up).
    pub search: Budget,
    /// Positions whose moves are valued, over the whole proof.
    pub positions: usize,
    /// Plies of the longest line.
    pub plies: usize,
}

impl Default for ProofLimits {
    fn default() -> ProofLimits {
        ProofLimits {
            search: Budget::nodes(200_000),
            positions: 400,
            plies: 40,
        }
    }
}

/// Why a candidate is not a problem, or could not be shown to be one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// A value the proof needed was not proven within the limits.
    Unproven,
    /// The solver does not win, or some turn of the solution has no single winning move.
    NotAProblem,
}

/// The outcome of a proof step: a result, or why not.
type Proof<T> = Result<Result<T, Rejection>, EvalError>;

/// Proves problems with one session (one thread's; its engine's table carries over).
pub struct Prover<'s, 'e> {
    session: &'s mut Session<'e>,
    limits: ProofLimits,
    /// Positions valued so far in the current proof.
    spent: usize,
}

impl<'s, 'e> Prover<'s, 'e> {
    /// A prover over `session` within `limits`.
    pub fn new(session: &'s mut Session<'e>, limits: ProofLimits) -> Prover<'s, 'e> {
        Prover {
            session,
            limits,
            spent: 0,
        }
    }

    /// The exact value of `position` for its side to move.
    pub fn value(&mut self, position: &Position) -> Proof<i8> {
        let e = self.session.evaluate(position, self.limits.search)?;
        Ok(match e.source.is_exact() {
            true => Ok(e.value.score),
            false => Err(Rejection::Unproven),
        })
    }

    /// Every legal move of `position` with its exact value, in pit order. A move the search
    /// left as an estimate is valued by a search of the position after it.
    pub fn moves(&mut self, position: &Position) -> Proof<Vec<ExactMove>> {
        self.spent += 1;
        if self.spent > self.limits.positions {
            return Ok(Err(Rejection::Unproven));
        }
        let e = self.session.evaluate(position, self.limits.search)?;
        let mut moves = Vec::with_capacity(e.moves.len());
        for m in &e.moves {
            let score = if m.exact {
                m.value.score
            } else {
                let child = match self.value(&m.played.after)? {
                    Ok(v) => v,
                    Err(r) => return Ok(Err(r)),
                };
                let child = Value {
                    score: child,
                    depth: None,
                };
                move_value(position.variant(), &m.played.effect, child).score
            };
            moves.push(ExactMove {
                played: m.played,
                score,
            });
        }
        moves.sort_by_key(|m| m.played.mv);
        Ok(Ok(moves))
    }

    /// The solution of `position` as a composed problem (the module's definition), the solver
    /// being its side to move.
    pub fn solve(&mut self, position: &Position) -> Proof<Solution> {
        self.spent = 0;
        let mut s = Solution::default();
        let first = match self.moves(position)? {
            Ok(m) => m,
            Err(r) => return Ok(Err(r)),
        };
        if first.len() < 2 {
            return Ok(Err(Rejection::NotAProblem)); // the first move must be found
        }
        let solver = position.side();
        s.tempting = first
            .iter()
            .filter(|m| m.played.captured[solver] > 0 && !wins(position, m))
            .count();
        match self.line_from(position, first, solver, 0)? {
            Ok(rest) => {
                append(&mut s, rest);
                Ok(Ok(s))
            }
            Err(r) => Ok(Err(r)),
        }
    }

    /// The line from `position` (whose valued moves are `moves`) to the solver's capture.
    fn line_from(
        &mut self,
        position: &Position,
        moves: Vec<ExactMove>,
        solver: Side,
        ply: usize,
    ) -> Proof<Solution> {
        if ply >= self.limits.plies || moves.is_empty() {
            return Ok(Err(Rejection::NotAProblem));
        }
        let mut s = Solution::default();
        if position.side() == solver {
            let mut winning = moves.iter().filter(|m| wins(position, m));
            let (Some(m), None) = (winning.next(), winning.next()) else {
                return Ok(Err(Rejection::NotAProblem));
            };
            let decision = moves.len() >= 2;
            s.line.push(m.played);
            s.by_solver.push(true);
            s.decisions.push(decision);
            s.choices = if decision { moves.len() } else { 0 };
            // A capture ends the line unless it earns another turn: a chain of binikh fours,
            // each with an extra turn, is one line.
            if (m.played.captured[solver] > 0 && !m.played.extra_turn) || m.played.ends_game {
                return Ok(Ok(s));
            }
            let after = m.played.after;
            let next = match self.moves(&after)? {
                Ok(n) => n,
                Err(r) => return Ok(Err(r)),
            };
            return Ok(match self.line_from(&after, next, solver, ply + 1)? {
                Ok(rest) => {
                    append(&mut s, rest);
                    Ok(s)
                }
                Err(r) => Err(r),
            });
        }
        // The opponent: each reply that keeps its best value, the longest line shown.
        let best = moves.iter().map(|m| m.score).max().expect("moves");
        let mut longest: Option<(Played, Solution)> = None;
        for m in moves.iter().filter(|m| m.score == best) {
            if m.played.ends_game {
                continue; // the game ends on the opponent's move: the solver's last secured it
            }
            let after = m.played.after;
            let next = match self.moves(&after)? {
                Ok(n) => n,
                Err(r) => return Ok(Err(r)),
            };
            let rest = match self.line_from(&after, next, solver, ply + 1)? {
                Ok(rest) => rest,
                Err(r) => return Ok(Err(r)),
            };
            if longest
                .as_ref()
                .is_none_or(|(_, l)| rest.line.len() > l.line.len())
            {
                longest = Some((m.played, rest));
            }
        }
        if let Some((reply, rest)) = longest {
            s.line.push(reply);
            s.by_solver.push(false);
            s.decisions.push(false);
            append(&mut s, rest);
        }
        Ok(Ok(s))
    }
}

/// Whether a move keeps the win of the whole game for the side that plays it from `position`.
fn wins(position: &Position, m: &ExactMove) -> bool {
    let v = Value {
        score: m.score,
        depth: None,
    };
    v.result_in(position) == GameResult::Win
}

/// Appends `rest` to `s`.
fn append(s: &mut Solution, rest: Solution) {
    s.line.extend(rest.line);
    s.by_solver.extend(rest.by_solver);
    s.decisions.extend(rest.decisions);
    s.choices += rest.choices;
    s.cycle_save |= rest.cycle_save;
}
