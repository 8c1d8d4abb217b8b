//! Certificates of exact values (docs/proofs.md): a proof that a position's value is exactly `v`,
//! as two strategies that a second, independent program checks (`mancala proof check`).
//!
//! * The **lower** strategy: a move for the root's side to move at each of its positions, such
//!   that whatever the other side plays, the root's side gets at least `v`.
//! * The **upper** strategy: a move for the other side at each of its positions, such that the
//!   root's side gets at most `v`.
//!
//! Every position the other side's moves reach is in the strategy or is a leaf: a position with
//! at most `tablebase_max_seeds` seeds on the board (valued by the tablebase, every slice of
//! which up to that total is stored) or a finished game.
//!
//! The strategies are found by a depth-first proof search over the positions beyond the
//! tablebase ([`Prover`]). At a position of the side whose moves are fixed (the *chooser*) it asks
//! the search engine for every move's proven bounds and takes, best first, a move proven to reach
//! what the position needs, then proves the position after it; at the other side's positions it
//! proves the position after every move. What a position needs is a bound on its value from its
//! mover's point of view, carried down through each move as the value model says
//! ([`mancala_solver::move_score`]): after a move that passes the turn, `v >= t` becomes
//! `child <= gain - t`. A position met again on the path is a cycle, which the certificate may
//! hold when endless play (worth 0) meets the need there. Positions proven once are not proven
//! again for a weaker need. The search engine proves nothing the certificate relies on: the
//! checker values the game the file describes by itself, and a certificate the prover got wrong
//! is refused there.

use std::collections::HashMap;
use std::io::{self, Write};
use std::time::{Duration, Instant};

use mancala_solver::engine::{Analysis, Budget};
use mancala_solver::rules::Next;
use mancala_solver::{move_score, BySide, Position, Side, Variant};
use serde::Serialize;

use crate::{EvalError, Evaluator, Session};

/// The format written on a certificate's first line.
pub const FORMAT: &str = "mancala-proof/1";

/// Which of the two strategies a line belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Bound {
    /// The root's side to move chooses: it gets at least the value.
    Lower,
    /// The other side chooses: the root's side gets at most the value.
    Upper,
}

/// One position of a strategy and the move chosen there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrategyMove {
    /// The strategy.
    pub bound: Bound,
    /// The position (its `CAPTURED` field plays no part and is not written).
    pub position: Position,
    /// The chooser's move there.
    pub mv: mancala_solver::Move,
}

/// A certificate: the claim and both strategies.
#[derive(Clone, Debug)]
pub struct Certificate {
    /// The position whose value is claimed.
    pub root: Position,
    /// The claimed value, from the root's side to move: a score, or -1, 0, +1 in win/draw/loss
    /// variants.
    pub value: i8,
    /// Every position with at most this many seeds on the board is a leaf, valued from the
    /// tablebase.
    pub tablebase_max_seeds: u32,
    /// The strategies' moves: the lower strategy's first, each in the order found.
    pub moves: Vec<StrategyMove>,
    /// What building it took.
    pub report: ProofReport,
}

/// What building a certificate took.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ProofReport {
    /// Positions beyond the tablebase visited by the proof search (both strategies).
    pub positions: u64,
    /// Searches of the engine asked for.
    pub searches: u64,
    /// Nodes those searches visited.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
}

/// The header line of the file.
#[derive(Serialize)]
struct Header<'a> {
    format: &'a str,
    variant: &'a str,
    root: String,
    value: i8,
    tablebase_max_seeds: u32,
}

/// A strategy line of the file.
#[derive(Serialize)]
struct Line {
    bound: Bound,
    position: String,
    #[serde(rename = "move")]
    mv: String,
}

impl Certificate {
    /// Writes the certificate as JSON Lines ([`FORMAT`], docs/proofs.md).
    pub fn write_jsonl(&self, mut out: impl Write) -> io::Result<()> {
        let header = Header {
            format: FORMAT,
            variant: self.root.variant().id(),
            root: without_captured(&self.root).to_string(),
            value: self.value,
            tablebase_max_seeds: self.tablebase_max_seeds,
        };
        serde_json::to_writer(&mut out, &header)?;
        out.write_all(b"\n")?;
        for m in &self.moves {
            let line = Line {
                bound: m.bound,
                position: m.position.to_string(),
                mv: m.mv.to_string(),
            };
            serde_json::to_writer(&mut out, &line)?;
            out.write_all(b"\n")?;
        }
        out.flush()
    }

    /// Lines of each strategy: (lower, upper).
    pub fn counts(&self) -> (usize, usize) {
        let lower = self
            .moves
            .iter()
            .filter(|m| m.bound == Bound::Lower)
            .count();
        (lower, self.moves.len() - lower)
    }
}

/// The same board and side to move with nothing captured: what a certificate writes.
fn without_captured(p: &Position) -> Position {
    Position::from_relative(
        p.variant(),
        &p.relative_board(),
        p.side(),
        BySide::default(),
    )
    .with_relative_shape(p.relative_shape())
}

/// How hard the prover tries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProofOptions {
    /// The first budget of each search at a chooser's position; multiplied by 4 while no move
    /// is proven to reach the need, up to `max_budget`.
    pub budget: u64,
    /// The largest budget of one search.
    pub max_budget: u64,
    /// The most positions the proof search visits before it gives up.
    pub max_positions: u64,
}

impl Default for ProofOptions {
    /// 100,000 nodes a search, up to 25.6 million; at most 10 million positions.
    fn default() -> ProofOptions {
        ProofOptions {
            budget: 100_000,
            max_budget: 25_600_000,
            max_positions: 10_000_000,
        }
    }
}

/// Why no certificate was made.
#[derive(Debug, thiserror::Error)]
pub enum ProveError {
    /// The root's value could not be proven exact, so there is nothing to certify.
    #[error("the value of {position} is not proven exact by a search of {nodes} nodes (the best estimate is {estimate})")]
    NotExact {
        /// The root.
        position: String,
        /// The largest budget tried.
        nodes: u64,
        /// The search's estimate.
        estimate: i8,
    },
    /// The proof search found no strategy at some position within its limits.
    #[error("no {bound:?} strategy found: at {position} no move was proven to reach {need} (searches of up to {nodes} nodes)")]
    Unproven {
        /// The strategy.
        bound: Bound,
        /// Where it failed (the deepest failure the search met first).
        position: String,
        /// What was needed there, for its side to move.
        need: String,
        /// The largest budget tried there.
        nodes: u64,
    },
    /// The proof grew beyond [`ProofOptions::max_positions`].
    #[error("the proof search visited {0} positions, its limit")]
    TooLarge(u64),
    /// The tablebase could not be read, or a search failed.
    #[error(transparent)]
    Eval(#[from] EvalError),
}

impl From<mancala_db::DbError> for ProveError {
    fn from(e: mancala_db::DbError) -> ProveError {
        ProveError::Eval(e.into())
    }
}

/// A bound on a position's value, from its side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Need {
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

    fn words(self) -> String {
        match self {
            Need::AtLeast(t) => format!("at least {t}"),
            Need::AtMost(t) => format!("at most {t}"),
        }
    }
}

/// A position of the proof search, nothing captured: its board, its closed pits (a Rio Kadalis
/// match's later rounds, whose certificates' leaves are in the shape table) and its side to
/// move.
type Node = Position;

/// The proof search of one strategy (see the module documentation).
struct Prover<'s, 'e> {
    session: &'s mut Session<'e>,
    variant: Variant,
    evaluator: &'e Evaluator,
    /// The side whose moves the strategy fixes.
    chooser: Side,
    leaf_seeds: u32,
    options: ProofOptions,
    /// The need each position was proven for, and the move chosen there (chooser's positions).
    proven: HashMap<Node, (Need, Option<mancala_solver::Move>)>,
    /// The positions on the current path.
    path: HashMap<Node, Need>,
    report: ProofReport,
    /// The first failure met, for the error.
    failure: Option<(Node, Need, u64)>,
}

/// What a move leads to, as the proof search sees it.
struct Step {
    /// What the move itself gains its mover (captures, the end of the game).
    gain: i32,
    /// Who moves next.
    next: Next,
    /// The position after it; `None` when the move ends the game.
    child: Option<Node>,
}

impl Step {
    /// The step of move `m` played at `node`.
    fn of(node: &Node, m: &mancala_solver::engine::MoveAnalysis) -> Step {
        let (variant, side) = (node.variant(), node.side());
        let l = variant.pits_per_side();
        let next_side = match m.effect.next {
            Next::Mover => side,
            _ => !side,
        };
        let shape = m.effect.child_shape(node.relative_shape(), l);
        Step {
            gain: i32::from(move_score(variant, m.effect.gain, m.effect.next, 0)),
            next: m.effect.next,
            child: m.effect.child_board(l).map(|board| {
                Position::from_relative(variant, &board, next_side, BySide::default())
                    .with_relative_shape(shape)
            }),
        }
    }
}

impl Prover<'_, '_> {
    /// Whether the position `node` is proven to meet `need` (building the strategy below it).
    fn prove(&mut self, node: Node, need: Need) -> Result<bool, ProveError> {
        if node.seeds_on_board() <= self.leaf_seeds {
            let value = self.evaluator.tablebase().probe_board(
                self.variant,
                node.relative_shape(),
                &node.relative_board(),
            )?;
            return Ok(need.holds_for(value.score.into()));
        }
        if let Some((done, _)) = self.proven.get(&node) {
            if done.implies(need) {
                return Ok(true);
            }
        }
        if self.path.contains_key(&node) {
            // Back on the path: a cycle, which is endless play in the game the file describes.
            return Ok(need.holds_for(0));
        }
        self.report.positions += 1;
        if self.report.positions > self.options.max_positions {
            return Err(ProveError::TooLarge(self.report.positions));
        }
        self.path.insert(node, need);
        let result = if node.side() == self.chooser {
            self.choose(node, need)
        } else {
            self.answer_all(node, need)
        };
        self.path.remove(&node);
        result
    }

    /// The chooser's position: a move proven to reach `need` (an at-least bound for the
    /// chooser), whose position after is proven in turn.
    fn choose(&mut self, node: Node, need: Need) -> Result<bool, ProveError> {
        let mut budget = self.options.budget;
        let mut tried: Vec<mancala_solver::Move> = Vec::new();
        loop {
            let analysis = self.search(node, budget)?;
            if analysis.moves.is_empty() {
                // The game is over here.
                return Ok(need.holds_for(analysis.value.score.into()));
            }
            // Moves proven to reach the need, best proven bound first.
            let mut candidates: Vec<_> = analysis
                .moves
                .iter()
                .filter(|m| !tried.contains(&m.mv))
                .filter_map(|m| {
                    let low = i32::from(m.value.at_least?);
                    need.holds_for(low).then_some((low, m))
                })
                .collect();
            candidates.sort_by_key(|(low, m)| (std::cmp::Reverse(*low), m.mv));
            for (low, m) in candidates {
                tried.push(m.mv);
                let step = Step::of(&node, m);
                let proven = match step.child {
                    None => need
                        .holds_for(step.gain)
                        .then_some(Need::AtLeast(step.gain)),
                    Some(child) => {
                        // Prove what the move is proven to reach, which may serve a stronger
                        // need met later at this position; else what this position needs.
                        let strong = Need::AtLeast(low);
                        if self.prove(child, strong.through(step.gain, step.next))? {
                            Some(strong)
                        } else if strong != need
                            && self.prove(child, need.through(step.gain, step.next))?
                        {
                            Some(need)
                        } else {
                            None
                        }
                    }
                };
                if let Some(proven) = proven {
                    self.proven.insert(node, (proven, Some(m.mv)));
                    return Ok(true);
                }
            }
            if budget >= self.options.max_budget {
                // No move is proven even by the largest search: the engine proves no bound in
                // a draw by endless play, which only a cycle closes. Follow the moves whose
                // estimate meets the need, best first, and let the proof below close the cycle
                // (a position met again on the path is worth 0).
                let mut hopeful: Vec<_> = analysis
                    .moves
                    .iter()
                    .filter(|m| !tried.contains(&m.mv))
                    .filter(|m| need.holds_for(m.value.score.into()))
                    .collect();
                hopeful.sort_by_key(|m| (std::cmp::Reverse(m.value.score), m.mv));
                for m in hopeful {
                    if self.follow(node, need, m)? {
                        return Ok(true);
                    }
                }
                self.failure.get_or_insert((node, need, budget));
                return Ok(false);
            }
            budget = (budget * 4).min(self.options.max_budget);
        }
    }

    /// Whether the chooser's move `m` at `node` is proven to reach `need` by proving the
    /// position after it (recording the move when it is).
    fn follow(
        &mut self,
        node: Node,
        need: Need,
        m: &mancala_solver::engine::MoveAnalysis,
    ) -> Result<bool, ProveError> {
        let proven = self.proves(Step::of(&node, m), need)?;
        if proven {
            self.proven.insert(node, (need, Some(m.mv)));
        }
        Ok(proven)
    }

    /// The other side's position: every move's position after proven to meet `need` (an
    /// at-most bound for its mover).
    fn answer_all(&mut self, node: Node, need: Need) -> Result<bool, ProveError> {
        // The moves alone: one iteration of the engine lists them with what they do.
        let analysis = self.search(node, 1)?;
        if analysis.moves.is_empty() {
            return Ok(need.holds_for(analysis.value.score.into()));
        }
        for m in &analysis.moves {
            let ok = self.proves(Step::of(&node, m), need)?;
            if !ok {
                return Ok(false);
            }
        }
        self.proven.insert(node, (need, None));
        Ok(true)
    }

    /// Whether the move `step` is proven to reach `need` for its mover: at once when it ends
    /// the game, else by proving the position after it.
    fn proves(&mut self, step: Step, need: Need) -> Result<bool, ProveError> {
        match step.child {
            None => Ok(need.holds_for(step.gain)),
            Some(child) => self.prove(child, need.through(step.gain, step.next)),
        }
    }

    fn search(&mut self, node: Node, nodes: u64) -> Result<Analysis, ProveError> {
        let analysis = self.session.search(&node, Budget::nodes(nodes))?;
        self.report.searches += 1;
        self.report.nodes += analysis.nodes;
        Ok(analysis)
    }
}

impl Evaluator {
    /// A certificate that `position`'s value is exactly what the search proves it to be (see
    /// the module documentation). `progress` is told the positions visited so far, now and
    /// then.
    pub fn prove(
        &self,
        position: &Position,
        options: ProofOptions,
        progress: &mut dyn FnMut(&ProofReport),
    ) -> Result<Certificate, ProveError> {
        let started = Instant::now();
        let variant = position.variant();
        // The leaves: the full board's table, or the shape table of a board with closed pits
        // (a capture keeps the pits as they are, so every position of the proof is in it).
        let shape = position.relative_shape();
        let leaf_seeds = self.table_held_up_to(variant, shape.table(variant.pits_per_side()));
        let mut session = self.session(variant);
        let root: Node = without_captured(position);
        let value = if root.seeds_on_board() <= leaf_seeds {
            self.tablebase()
                .probe_board(variant, shape, &root.relative_board())?
                .score
        } else {
            exact_value(&mut session, position, options)?
        };
        let mut moves = Vec::new();
        let mut report = ProofReport::default();
        for bound in [Bound::Lower, Bound::Upper] {
            let (chooser, need) = match bound {
                Bound::Lower => (position.side(), Need::AtLeast(value.into())),
                Bound::Upper => (!position.side(), Need::AtMost(value.into())),
            };
            let mut prover = Prover {
                session: &mut session,
                variant,
                evaluator: self,
                chooser,
                leaf_seeds,
                options,
                proven: HashMap::new(),
                path: HashMap::new(),
                report,
                failure: None,
            };
            if !prover.prove(root, need)? {
                let (at, need, nodes) = prover.failure.unwrap_or((root, need, 0));
                return Err(ProveError::Unproven {
                    bound,
                    position: at.to_string(),
                    need: need.words(),
                    nodes,
                });
            }
            report = prover.report;
            progress(&report);
            let mut found: Vec<StrategyMove> = prover
                .proven
                .into_iter()
                .filter_map(|(position, (_, mv))| {
                    Some(StrategyMove {
                        bound,
                        position,
                        mv: mv?,
                    })
                })
                .collect();
            found.sort_by_key(|m| m.position.to_string());
            moves.extend(found);
        }
        report.elapsed = started.elapsed();
        Ok(Certificate {
            root,
            value,
            tablebase_max_seeds: leaf_seeds,
            moves,
            report,
        })
    }
}

/// The root's exact value, searching with budgets growing from `options.budget` to
/// `options.max_budget`.
fn exact_value(
    session: &mut Session<'_>,
    position: &Position,
    options: ProofOptions,
) -> Result<i8, ProveError> {
    let mut nodes = options.budget;
    loop {
        let analysis = session.search(position, Budget::nodes(nodes))?;
        if analysis.value.exact {
            return Ok(analysis.value.score);
        }
        if nodes >= options.max_budget {
            return Err(ProveError::NotExact {
                position: position.to_string(),
                nodes,
                estimate: analysis.value.score,
            });
        }
        nodes = (nodes * 4).min(options.max_budget);
    }
}
