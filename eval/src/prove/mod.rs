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
//! The strategies are built by a walk over the positions beyond the tablebase ([`walk`]) that
//! takes its moves from the facts the proof of the root's value left in the engine's table, with
//! a stack of its own. The search engine proves nothing the certificate relies on: the checker
//! values the game the file describes by itself, and a certificate the prover got wrong is
//! refused there.

mod walk;

use std::collections::HashMap;
use std::io::{self, Write};
use std::time::{Duration, Instant};

use mancala_solver::engine::Budget;
use mancala_solver::{BySide, Position};
use serde::Serialize;

use crate::{EvalError, Evaluator, Session};
use walk::{Need, Walk};

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
    /// Positions beyond the tablebase walked by the proof (both strategies).
    pub positions: u64,
    /// Searches and questions asked of the engine.
    pub searches: u64,
    /// Nodes they visited.
    pub nodes: u64,
    /// The most positions on the walk's path at once: the longest line the proof followed.
    pub deepest: u64,
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
    /// The first budget of the root's search and of each question asked of a move (does it
    /// reach what its position needs?); multiplied by 4 while it settles nothing, up to
    /// `max_budget`.
    pub budget: u64,
    /// The largest budget of one search or question.
    pub max_budget: u64,
    /// The most positions the proof walks before it gives up.
    pub max_positions: u64,
    /// How long the proof may take (`None`: no limit); past it, [`ProveError::OutOfTime`].
    pub time: Option<Duration>,
}

impl Default for ProofOptions {
    /// 100,000 nodes a search, up to 25.6 million; at most 10 million positions; no time limit.
    fn default() -> ProofOptions {
        ProofOptions {
            budget: 100_000,
            max_budget: 25_600_000,
            max_positions: 10_000_000,
            time: None,
        }
    }
}

impl ProofOptions {
    /// The options of a proof whose searches stay within `budget`: the largest search and the
    /// time are the budget's, the first search the default's or less; the most positions the
    /// default's. What `mancala eval --certify`, the service's certificate route and the Python
    /// package ask for the answer they evaluated within that budget (its facts are then found
    /// in a table of the same size).
    pub fn within(budget: Budget) -> ProofOptions {
        let defaults = ProofOptions::default();
        ProofOptions {
            budget: defaults.budget.min(budget.nodes),
            max_budget: budget.nodes,
            time: budget.time,
            ..defaults
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
    #[error(
        "the proof walked {positions} positions, its limit, and was {depth} positions deep \
         (raise the limit with --max-positions)"
    )]
    TooLarge {
        /// Positions walked.
        positions: u64,
        /// Positions on the walk's path when it stopped.
        depth: u64,
    },
    /// The proof took longer than [`ProofOptions::time`].
    #[error(
        "no certificate within the time allowed ({} s): the proof had walked {positions} \
         positions and was {depth} positions deep",
        limit.as_secs_f64()
    )]
    OutOfTime {
        /// The limit.
        limit: Duration,
        /// Positions walked so far.
        positions: u64,
        /// Positions on the walk's path when it stopped.
        depth: u64,
    },
    /// The tablebase could not be read, or a search failed.
    #[error(transparent)]
    Eval(#[from] EvalError),
}

impl From<mancala_db::DbError> for ProveError {
    fn from(e: mancala_db::DbError) -> ProveError {
        ProveError::Eval(e.into())
    }
}

impl Evaluator {
    /// A certificate that `position`'s value is exactly what the search proves it to be (see
    /// the module documentation). `progress` is told how far the proof got, now and then.
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
        let root = without_captured(position);
        // Every search of the proof in the table at the largest budget's size: the walk finds
        // what the root's search proved instead of looking in a small search's few entries.
        session.keep_table_for(options.max_budget)?;
        let mut report = ProofReport::default();
        let value = if root.seeds_on_board() <= leaf_seeds {
            self.tablebase()
                .probe_board(variant, shape, &root.relative_board())?
                .score
        } else {
            exact_value(&mut session, position, options, &mut report)?
        };
        let mut moves = Vec::new();
        for bound in [Bound::Lower, Bound::Upper] {
            let (chooser, need) = match bound {
                Bound::Lower => (position.side(), Need::AtLeast(value.into())),
                Bound::Upper => (!position.side(), Need::AtMost(value.into())),
            };
            let mut walk = Walk {
                session: &mut session,
                variant,
                evaluator: self,
                chooser,
                leaf_seeds,
                options,
                started,
                proven: HashMap::new(),
                path: HashMap::new(),
                failed: HashMap::new(),
                report,
                failure: None,
            };
            if !walk.prove(root, need, progress)? {
                let (at, need, nodes) = walk.failure.unwrap_or((root, need, 0));
                return Err(ProveError::Unproven {
                    bound,
                    position: at.to_string(),
                    need: need.words(),
                    nodes,
                });
            }
            report = walk.report;
            report.elapsed = started.elapsed();
            progress(&report);
            let mut found: Vec<StrategyMove> = walk
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
    report: &mut ProofReport,
) -> Result<i8, ProveError> {
    let mut nodes = options.budget;
    loop {
        let analysis = session.search(position, Budget::nodes(nodes))?;
        report.searches += 1;
        report.nodes += analysis.nodes;
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
