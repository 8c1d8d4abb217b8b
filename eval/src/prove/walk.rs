//! The walk that builds one strategy of a certificate: depth first over the positions beyond the
//! tablebase, with a stack of its own so that no length of game can overflow the thread's.
//!
//! At a position of the side whose moves the strategy fixes (the *chooser*) it asks the engine,
//! move by move, whether the move reaches what the position needs ([`Engine::move_reaches`]:
//! settled at once by the facts the root's proof left in the engine's table, else by the
//! proof-number search of that one question), and walks into the position after the first move
//! that does; should that fail (a line that comes back on itself where endless play is not
//! enough), the next. A move the engine cannot settle within the largest budget is walked into
//! last, hoping. At the other side's positions it walks into the position after every move.
//!
//! What a position needs is a bound on its value from its mover's point of view, carried down
//! through each move as the value model says ([`mancala_solver::move_score`]): after a move that
//! passes the turn, `v >= t` becomes `child <= gain - t`. A position met again on the path is a
//! cycle, which the certificate may hold when endless play (worth 0) meets the need there.
//! Positions proven once are not walked again for a weaker need, so each is written once; a
//! position that failed by every path (its failure resting on no position above it) is not
//! walked again for a stronger one; a need that every value meets is not walked at all.
//!
//! [`Engine::move_reaches`]: mancala_solver::engine::Engine::move_reaches

use std::collections::HashMap;
use std::time::Instant;

use mancala_solver::rules::{self, MoveEffect, Next};
use mancala_solver::{move_score, terminal_score, BySide, Move, Position, Scoring, Side, Variant};

use super::{ProofOptions, ProofReport, ProveError};
use crate::{Evaluator, Session};

/// A bound on a position's value, from its side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Need {
    /// The value is at least this.
    AtLeast(i32),
    /// The value is at most this.
    AtMost(i32),
}

impl Need {
    fn holds_for(self, value: i32) -> bool {
        match self {
            Need::AtLeast(t) => value >= t,
            Need::AtMost(t) => value <= t,
        }
    }

    /// Whether proving `self` proves `other` too.
    fn implies(self, other: Need) -> bool {
        match (self, other) {
            (Need::AtLeast(a), Need::AtLeast(b)) => a >= b,
            (Need::AtMost(a), Need::AtMost(b)) => a <= b,
            _ => false,
        }
    }

    /// What the position after a move needs, for its own mover, when the move's value is `gain`
    /// plus the child's value (the mover moves again) or `gain` minus it (the turn passes).
    fn through(self, gain: i32, next: Next) -> Need {
        match (next, self) {
            (Next::Mover, Need::AtLeast(t)) => Need::AtLeast(t - gain),
            (Next::Mover, Need::AtMost(t)) => Need::AtMost(t - gain),
            (_, Need::AtLeast(t)) => Need::AtMost(gain - t),
            (_, Need::AtMost(t)) => Need::AtLeast(gain - t),
        }
    }

    /// The threshold a move must reach for its mover to meet this need, when it is an
    /// at-least bound (the chooser's needs always are).
    fn threshold(self) -> Option<i32> {
        match self {
            Need::AtLeast(t) => Some(t),
            Need::AtMost(_) => None,
        }
    }

    pub(super) fn words(self) -> String {
        match self {
            Need::AtLeast(t) => format!("at least {t}"),
            Need::AtMost(t) => format!("at most {t}"),
        }
    }
}

/// A position of the walk, nothing captured: its board, its closed pits and its side to move.
type Node = Position;

/// What a move leads to, as the walk sees it.
#[derive(Clone, Copy)]
struct Step {
    mv: Move,
    effect: MoveEffect,
    /// What the move itself gains its mover (captures, the end of the game).
    gain: i32,
    /// The position after it; `None` when the move ends the game (or sows for ever).
    child: Option<Node>,
}

impl Step {
    /// The moves of `node`, or its value when the game is over there.
    fn all(node: &Node) -> Result<Vec<Step>, i32> {
        let variant = node.variant();
        let l = variant.pits_per_side();
        let shape = node.relative_shape();
        let mut steps = Vec::new();
        let end = rules::expand_shaped(variant, shape, &node.relative_board(), |mv, effect| {
            let next_side = match effect.next {
                Next::Mover => node.side(),
                _ => !node.side(),
            };
            steps.push(Step {
                mv,
                effect: *effect,
                gain: i32::from(move_score(variant, effect.gain, effect.next, 0)),
                child: effect.child_board(l).map(|board| {
                    Position::from_relative(variant, &board, next_side, BySide::default())
                        .with_relative_shape(effect.child_shape(shape, l))
                }),
            });
        });
        match end {
            Some(end) => Err(i32::from(terminal_score(variant.scoring(), &end))),
            None => Ok(steps),
        }
    }

    /// What the position after it needs for the mover to meet `need`; `Err` with the answer
    /// when the move ends the game.
    fn child_need(&self, need: Need) -> Result<(Node, Need), bool> {
        match self.child {
            None => Err(need.holds_for(self.gain)),
            Some(child) => Ok((child, need.through(self.gain, self.effect.next))),
        }
    }
}

/// What the engine said of a chooser's move.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Verdict {
    /// Not settled by a question of this many nodes.
    Open(u64),
    /// It reaches this much (at least the need): walk into it, needing that.
    Reaches(i32),
    /// It does not, or it was walked into and failed.
    Done,
}

/// The work left at a position on the walk's stack.
enum Work {
    /// The chooser's: its moves with what the engine said of each, `budget` the size of the
    /// questions being asked now, `trying` the move walked into.
    Choose {
        steps: Vec<(Step, Verdict)>,
        budget: u64,
        trying: Option<usize>,
    },
    /// The other side's: every move must hold; `next` is the one to walk into next.
    AnswerAll { steps: Vec<Step>, next: usize },
}

struct Frame {
    node: Node,
    need: Need,
    /// Its ply on the path.
    ply: usize,
    /// The lowest ply of a position on the path that its answer so far rests on (a cycle back
    /// to it); [`FREE`] when none.
    anchor: usize,
    work: Work,
}

/// No position of the path: an answer that rests on none holds by whatever path it is reached.
const FREE: usize = usize::MAX;

/// An answer and the lowest ply of the path it rests on ([`FREE`]: none).
#[derive(Clone, Copy)]
struct Found {
    holds: bool,
    anchor: usize,
}

impl Found {
    /// An answer that rests on no position of the path.
    fn free(holds: bool) -> Found {
        Found {
            holds,
            anchor: FREE,
        }
    }
}

/// Where the walk goes from a frame.
enum Go {
    /// Into the position after a move, with what it needs.
    Into(Node, Need),
    /// Back up: the frame's position meets its need or not.
    Back(bool),
}

/// The walk of one strategy (see the module documentation).
pub(super) struct Walk<'s, 'e> {
    pub session: &'s mut Session<'e>,
    pub variant: Variant,
    pub evaluator: &'e Evaluator,
    /// The side whose moves the strategy fixes.
    pub chooser: Side,
    pub leaf_seeds: u32,
    pub options: ProofOptions,
    pub started: Instant,
    /// The need each position was proven for, and the move chosen there (chooser's positions).
    pub proven: HashMap<Node, (Need, Option<Move>)>,
    /// The positions on the current path, with their plies (the root's 0).
    pub path: HashMap<Node, usize>,
    /// The weakest need each position was found to fail, where that failure rested on no
    /// position above it on the path (so it fails by whatever path it is reached).
    pub failed: HashMap<Node, Need>,
    pub report: ProofReport,
    /// The first failure met, for the error.
    pub failure: Option<(Node, Need, u64)>,
}

impl Walk<'_, '_> {
    /// Whether `root` is proven to meet `need`, the strategy below it recorded in
    /// [`Walk::proven`]. `progress` is told now and then how far the walk got.
    pub fn prove(
        &mut self,
        root: Node,
        need: Need,
        progress: &mut dyn FnMut(&ProofReport),
    ) -> Result<bool, ProveError> {
        let mut stack: Vec<Frame> = Vec::new();
        let mut answer: Option<Found> = match self.enter(root, need)? {
            Ok(found) => return Ok(found.holds),
            Err(frame) => {
                stack.push(frame);
                None
            }
        };
        let mut told = self.report.positions;
        loop {
            if stack.is_empty() {
                return Ok(answer.expect("the root's answer").holds);
            }
            self.report.deepest = self.report.deepest.max(stack.len() as u64);
            if self.report.positions >= told + 1000 {
                told = self.report.positions;
                self.report.elapsed = self.started.elapsed();
                progress(&self.report);
                if let Some(limit) = self.options.time {
                    if self.report.elapsed >= limit {
                        return Err(ProveError::OutOfTime {
                            limit,
                            positions: self.report.positions,
                            depth: stack.len() as u64,
                        });
                    }
                }
            }
            let frame = stack.last_mut().expect("not empty");
            let answer_here = answer.take().map(|found| {
                frame.anchor = frame.anchor.min(found.anchor);
                found.holds
            });
            let go = self.go_on(frame, answer_here)?;
            match go {
                Go::Into(child, child_need) => match self.enter(child, child_need)? {
                    Ok(found) => answer = Some(found),
                    Err(frame) => stack.push(frame),
                },
                Go::Back(holds) => {
                    let frame = stack.pop().expect("the frame just worked on");
                    self.path.remove(&frame.node);
                    if !holds {
                        let nodes = match frame.work {
                            Work::Choose { budget, .. } => budget,
                            Work::AnswerAll { .. } => 0,
                        };
                        self.failure.get_or_insert((frame.node, frame.need, nodes));
                        // A failure by every path: not walked again for this need or a
                        // stronger one.
                        if frame.anchor >= frame.ply {
                            let weaker = self
                                .failed
                                .get(&frame.node)
                                .is_none_or(|&f| f.implies(frame.need));
                            if weaker {
                                self.failed.insert(frame.node, frame.need);
                            }
                        }
                    }
                    answer = Some(Found {
                        holds,
                        anchor: frame.anchor,
                    });
                }
            }
        }
    }

    /// A position reached with `need`: its answer at once (a leaf, a position proven before,
    /// one back on the path, the game's end), or the frame that walks its moves.
    fn enter(&mut self, node: Node, need: Need) -> Result<Result<Found, Frame>, ProveError> {
        // A need every value the position can have meets: nothing to walk (a win's upper
        // bound, or a bound beyond the seeds left).
        let most = match self.variant.scoring() {
            Scoring::Score => node.seeds_on_board() as i32,
            Scoring::WinDrawLoss => 1,
        };
        if need.holds_for(most) && need.holds_for(-most) {
            return Ok(Ok(Found::free(true)));
        }
        if node.seeds_on_board() <= self.leaf_seeds {
            let value = self.evaluator.tablebase().probe_board(
                self.variant,
                node.relative_shape(),
                &node.relative_board(),
            )?;
            return Ok(Ok(Found::free(need.holds_for(value.score.into()))));
        }
        if let Some((done, _)) = self.proven.get(&node) {
            if done.implies(need) {
                return Ok(Ok(Found::free(true)));
            }
        }
        if let Some(&ply) = self.path.get(&node) {
            // Back on the path: a cycle, which is endless play in the game the file describes.
            return Ok(Ok(Found {
                holds: need.holds_for(0),
                anchor: ply,
            }));
        }
        if self.failed.get(&node).is_some_and(|&f| need.implies(f)) {
            return Ok(Ok(Found::free(false)));
        }
        let steps = match Step::all(&node) {
            Err(value) => return Ok(Ok(Found::free(need.holds_for(value)))),
            Ok(steps) => steps,
        };
        self.report.positions += 1;
        if self.report.positions > self.options.max_positions {
            return Err(ProveError::TooLarge {
                positions: self.report.positions,
                depth: self.path.len() as u64,
            });
        }
        let ply = self.path.len();
        self.path.insert(node, ply);
        let work = if node.side() == self.chooser {
            // A move chosen here before, for a weaker need, first; then the moves that need no
            // walking; then the moves proven to reach the most: strategies that play for the
            // most reach the tablebase sooner than ones that merely keep the need. A move proven
            // to reach the need is walked into needing all it is proven to reach, which may
            // serve a stronger need met later at this position.
            let before = self.proven.get(&node).and_then(|(_, mv)| *mv);
            let t = need.threshold();
            let mut ranked = Vec::with_capacity(steps.len());
            for step in steps {
                let known = self.session.move_known_at_least(&node, &step.effect)?;
                let free = self.settled_without_walking(&step, need);
                let verdict = match t {
                    _ if free => Verdict::Reaches(i32::MIN),
                    Some(t) if known >= t => Verdict::Reaches(known),
                    _ => Verdict::Open(0),
                };
                let rank = (!free, std::cmp::Reverse(known));
                ranked.push((step, verdict, rank));
            }
            ranked.sort_by_key(|(s, _, rank)| (Some(s.mv) != before, *rank));
            Work::Choose {
                steps: ranked.into_iter().map(|(s, v, _)| (s, v)).collect(),
                budget: self.options.budget,
                trying: None,
            }
        } else {
            Work::AnswerAll { steps, next: 0 }
        };
        Ok(Err(Frame {
            node,
            need,
            ply,
            anchor: FREE,
            work,
        }))
    }

    /// Whether the chooser's move `step` meets `need` with nothing more to walk: it ends the
    /// game well enough, or leads back onto the path where endless play is enough (a draw by
    /// repetition closed at once), or to a position proven for what it needs. Such moves are
    /// tried first: they close cycles the engine closed only on its own search's path, and they
    /// add nothing to the certificate.
    fn settled_without_walking(&self, step: &Step, need: Need) -> bool {
        match step.child_need(need) {
            Err(holds) => holds,
            Ok((child, need)) => {
                (self.path.contains_key(&child) && need.holds_for(0))
                    || self
                        .proven
                        .get(&child)
                        .is_some_and(|(done, _)| done.implies(need))
            }
        }
    }

    /// The frame's next step, `answer` being that of the position it last walked into.
    fn go_on(&mut self, frame: &mut Frame, answer: Option<bool>) -> Result<Go, ProveError> {
        let (node, need) = (frame.node, frame.need);
        match &mut frame.work {
            Work::AnswerAll { steps, next } => {
                if answer == Some(false) {
                    return Ok(Go::Back(false));
                }
                while let Some(step) = steps.get(*next) {
                    *next += 1;
                    match step.child_need(need) {
                        Err(true) => continue,
                        Err(false) => return Ok(Go::Back(false)),
                        Ok((child, need)) => return Ok(Go::Into(child, need)),
                    }
                }
                self.proven.insert(node, (need, None));
                Ok(Go::Back(true))
            }
            Work::Choose {
                steps,
                budget,
                trying,
            } => {
                if let Some(i) = trying.take() {
                    if answer == Some(true) {
                        self.proven.insert(node, (need, Some(steps[i].0.mv)));
                        return Ok(Go::Back(true));
                    }
                    // Walked into needing more than the need: try it again needing only that.
                    steps[i].1 = match (steps[i].1, need.threshold()) {
                        (Verdict::Reaches(more), Some(t)) if more > t => Verdict::Reaches(t),
                        _ => Verdict::Done,
                    };
                }
                loop {
                    // A move known to reach the need, first asking the engine of each move
                    // not yet settled by a question of the current size.
                    for (i, (step, verdict)) in steps.iter_mut().enumerate() {
                        if let Verdict::Open(asked) = *verdict {
                            if asked < *budget {
                                *verdict = self.ask(&node, step, need, *budget)?;
                            }
                        }
                        let Verdict::Reaches(reached) = *verdict else {
                            continue;
                        };
                        let wanted = match need {
                            Need::AtLeast(t) => Need::AtLeast(reached.max(t)),
                            other => other,
                        };
                        match step.child_need(wanted) {
                            Err(holds) => {
                                *verdict = Verdict::Done;
                                if holds {
                                    self.proven.insert(node, (need, Some(step.mv)));
                                    return Ok(Go::Back(true));
                                }
                            }
                            Ok((child, child_need)) => {
                                *trying = Some(i);
                                return Ok(Go::Into(child, child_need));
                            }
                        }
                    }
                    let open = steps.iter().any(|(_, v)| matches!(v, Verdict::Open(_)));
                    if !open {
                        return Ok(Go::Back(false));
                    }
                    if *budget < self.options.max_budget {
                        *budget = (*budget * 4).min(self.options.max_budget);
                        continue;
                    }
                    // No question settled within the largest budget: the engine proves no
                    // bound in a draw by endless play, which only a cycle closes. Walk into
                    // those moves, hoping, and let the walk below close the cycle.
                    let i = steps
                        .iter()
                        .position(|(_, v)| matches!(v, Verdict::Open(_)))
                        .expect("an open move");
                    steps[i].1 = Verdict::Reaches(i32::MIN);
                }
            }
        }
    }

    /// What the engine says of the chooser's move `step` at `node` for `need`, asking with
    /// `budget` nodes at most.
    fn ask(
        &mut self,
        node: &Node,
        step: &Step,
        need: Need,
        budget: u64,
    ) -> Result<Verdict, ProveError> {
        let (Some(_), Some(k)) = (step.child, need.threshold()) else {
            // A move that ends the game is judged by its gain; a need the engine's questions
            // do not ask is judged by walking in.
            return Ok(Verdict::Reaches(i32::MIN));
        };
        let reach = self.session.move_reaches(node, &step.effect, k, budget)?;
        self.report.searches += 1;
        self.report.nodes += reach.nodes;
        Ok(match reach.answer {
            Some(true) => Verdict::Reaches(k),
            Some(false) => Verdict::Done,
            None => Verdict::Open(budget),
        })
    }
}
