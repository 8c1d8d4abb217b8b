//! A round of a Rio Kadalis match played perfectly for its own score
//! (docs/rules.md#rio-kadalis-matches) from one of its positions (its start, or where its
//! moves reached): the position valued by the one evaluator, and the seeds still on the board
//! split as that value says, which with what each has captured is what each player wins; and
//! the match solved as one game over its round starts so valued ([`MatchGame`]).

use mancala_solver::engine::Budget;
use std::collections::HashMap;

use mancala_solver::match_game::{
    self, round_nodes, round_starts, within_round, MatchValue, RoundNode,
};
use mancala_solver::rounds::{won_with_value, RoundStart};
use mancala_solver::{BySide, Move, Position, Side, Variant};

use crate::{Bounds, EvalError, Evaluation, Evaluator};

/// A round played perfectly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerfectRound {
    /// The value of the position it was played from, for its side to move.
    pub value: i32,
    /// Whether the value is exact (else a search's estimate).
    pub exact: bool,
    /// Seeds each player wins in the round.
    pub won: BySide<u32>,
}

impl Evaluator {
    /// The rest of the round from `position`, played perfectly: its value within `budget`, and
    /// what each player wins by it. An estimate that is no possible split is rounded to one:
    /// taken within the board, then one seed nearer 0 if its parity is not the board's (a 0 on
    /// an odd number of seeds is taken as -1, the side to move a seed short).
    pub fn perfect_round(
        &self,
        position: &Position,
        budget: Budget,
    ) -> Result<PerfectRound, EvalError> {
        let e = self.evaluate(position, budget)?;
        let exact = e.source.is_exact();
        let n = position.seeds_on_board() as i32;
        let mut value = i32::from(e.value.score).clamp(-n, n);
        if (n + value) % 2 != 0 {
            value += if value < 0 { 1 } else { -1 };
        }
        let won =
            won_with_value(position, value).expect("an even margin within the board is a split");
        Ok(PerfectRound { value, exact, won })
    }
}

/// A Rio Kadalis match solved as one game ([`mancala_solver::match_game`]), its round starts
/// valued by the evaluator: what the match is worth from any round under way.
#[derive(Clone, Debug)]
pub struct MatchGame {
    starts: Vec<RoundStart>,
    nodes: Vec<RoundNode>,
    values: Vec<MatchValue>,
    /// Whether every round start's value is exact.
    exact: bool,
}

/// What a match is worth from where a round under way stands, and after each move there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchWorth {
    /// The match's value under match-optimal play.
    pub value: MatchValue,
    /// Whether every value it rests on is exact (the round starts' and the position's); else
    /// it rests on estimates.
    pub exact: bool,
    /// Each move's, in the evaluation's order (best for seeds first).
    pub moves: Vec<(Move, MatchValue)>,
    /// Moves better for the match than every move perfect play for seeds picks (the most
    /// seeds, then the depth rule: the evaluation's best; for the side to move; values that are
    /// open are not compared): where playing for seeds and playing for the match part.
    pub better_for_match: Vec<Move>,
}

/// What each round start may cost when a match is solved as one game for a player
/// ([`Evaluator::match_game`]): with the default tablebase every round start of both variants
/// is exact at a fifth of it (docs/matches.md), and the 82 of a six-hole match take about a
/// second and a half even where the tablebase is small.
pub const ROUND_START_BUDGET: Budget = Budget {
    nodes: 100_000,
    time: Some(std::time::Duration::from_secs(1)),
};

impl Evaluator {
    /// The match of `variant` solved as one game, each round start valued within `budget`
    /// ([`ROUND_START_BUDGET`] for a player's question).
    pub fn match_game(&self, variant: Variant, budget: Budget) -> Result<MatchGame, EvalError> {
        let starts = round_starts(variant);
        let mut rounds = Vec::with_capacity(starts.len());
        for start in &starts {
            rounds.push(self.perfect_round(&start.position(variant), budget)?);
        }
        let nodes = round_nodes(variant, &starts, |i| rounds[i].won.south);
        let values = match_game::values(&nodes).iter().map(|s| s.value).collect();
        Ok(MatchGame {
            starts,
            nodes,
            values,
            exact: rounds.iter().all(|r| r.exact),
        })
    }
}

/// Positions a search of a round for the splits that win the match may visit, each side's.
pub const SPLIT_SEARCH_NODES: usize = 20_000;

impl MatchGame {
    /// The match's value from `position` of the round begun at start `i`, found by searching
    /// the round for the splits that win it for each side ([`forces_split`]); open when
    /// neither search can say within its limits.
    fn search(&self, evaluator: &Evaluator, i: usize, position: &Position) -> MatchValue {
        let node = &self.nodes[i];
        let mut undecided = false;
        for side in [Side::South, Side::North] {
            let goal = match_game::winning_splits(&self.values, node, side);
            match forces_split(evaluator, node, side, &goal, position) {
                Some(true) => {
                    let wins = (0..goal.len()).filter(|&s| goal[s]);
                    return MatchValue::Won {
                        winner: side,
                        rounds: match_game::rounds_within(&self.values, node, wins),
                    };
                }
                Some(false) => {}
                None => undecided = true,
            }
        }
        match undecided || self.values.contains(&MatchValue::Undecided) {
            true => MatchValue::Undecided,
            false => MatchValue::Draw,
        }
    }

    /// Whether every round start's value is exact (else some are estimates, and so may be the
    /// match's values).
    pub fn exact(&self) -> bool {
        self.exact
    }

    /// What the match is worth in the round begun at `start`, where `evaluation` (of the
    /// round's position now) stands, and after each of its moves. Where the round's value
    /// alone leaves it open, the round is searched for the splits that win the match
    /// ([`forces_split`], through `evaluator`, within [`SPLIT_SEARCH_NODES`] positions).
    pub fn worth(
        &self,
        evaluator: &Evaluator,
        start: &RoundStart,
        evaluation: &Evaluation,
    ) -> MatchWorth {
        let i = self
            .starts
            .iter()
            .position(|s| s == start)
            .expect("every round start a match reaches is among the starts");
        let position = &evaluation.position;
        let (mover, board) = (position.side(), position.seeds_on_board());
        let bound = |b: Option<i8>| b.map(i32::from);
        // `from`: where the round goes on, to be searched if the value leaves the match open
        // (none after a move that ends the round: its split is known).
        let node = |value: i8, bounds: &Bounds, from: Option<&Position>| {
            let (least, most) = (bound(bounds.at_least), bound(bounds.at_most));
            let node = within_round(
                &self.nodes[i],
                position.captured(),
                board,
                mover,
                i32::from(value),
                least,
                most,
            );
            match (match_game::worth(&self.values, &node), from) {
                (MatchValue::Undecided, Some(from)) => self.search(evaluator, i, from),
                (value, _) => value,
            }
        };
        let moves: Vec<(Move, MatchValue)> = evaluation
            .moves
            .iter()
            .map(|m| {
                let after = &m.played.after;
                let over = after.game_over().is_some();
                (
                    m.played.mv,
                    node(m.value.score, &m.bounds, (!over).then_some(after)),
                )
            })
            .collect();
        // The moves' worth for the mover: a win sooner is better, a loss later; open: unknown.
        let rank = |v: MatchValue| match v {
            MatchValue::Won { winner, rounds } if winner == mover => Some(1000 - rounds as i64),
            MatchValue::Won { rounds, .. } => Some(rounds as i64 - 1000),
            MatchValue::Draw => Some(0),
            MatchValue::Undecided => None,
        };
        let for_seeds: Option<Vec<i64>> = evaluation
            .moves
            .iter()
            .zip(&moves)
            .filter(|(m, _)| m.best)
            .map(|(_, &(_, v))| rank(v))
            .collect();
        let better_for_match = match for_seeds.and_then(|r| r.into_iter().max()) {
            Some(seeds_best) => moves
                .iter()
                .filter(|(_, v)| rank(*v).is_some_and(|r| r > seeds_best))
                .map(|&(mv, _)| mv)
                .collect(),
            None => Vec::new(),
        };
        MatchWorth {
            value: node(evaluation.value.score, &evaluation.bounds, Some(position)),
            exact: self.exact && evaluation.source.is_exact(),
            moves,
            better_for_match,
        }
    }
}

/// Whether `side` can force the round begun at `start` (its node, [`round_nodes`]) to end, from
/// `position`, with South's seeds in `goal` (indexed by them): the round's positions from there
/// searched ([`RoundGraph`]), at most [`SPLIT_SEARCH_NODES`] of them; `None` when there were
/// more, or a value could not be made exact.
pub fn forces_split(
    evaluator: &Evaluator,
    start: &RoundNode,
    side: Side,
    goal: &[bool],
    position: &Position,
) -> Option<bool> {
    let graph = RoundGraph::explore(evaluator, start, side, goal, position)?;
    Some(graph.solve(side, goal)[0])
}

/// The positions of a round from one of them, for a set of its splits (`goal`): each either
/// settled (the round over, or its exact value deciding whether `side` forces the set,
/// [`match_game::forced_by_value`]) or open, with its moves. Solved a capture level at a time
/// (the positions with the same captures: the moves among them capture nothing, so play that
/// never leaves one is endless play, which splits what is left equally,
/// docs/rules.md#rio-kadalis-matches), the fewest seeds on the board first, since a capture
/// only ever leads to a level with fewer.
struct RoundGraph {
    positions: Vec<Position>,
    /// `Ok(answer)` for a settled position, `Err(children)` for an open one.
    kinds: Vec<Result<bool, Vec<usize>>>,
}

impl RoundGraph {
    /// Every position reachable from `position` through open positions; `None` past
    /// [`SPLIT_SEARCH_NODES`] or at a value that is not exact.
    fn explore(
        evaluator: &Evaluator,
        start: &RoundNode,
        side: Side,
        goal: &[bool],
        position: &Position,
    ) -> Option<RoundGraph> {
        let mut index: HashMap<Position, usize> = HashMap::from([(*position, 0)]);
        let mut graph = RoundGraph {
            positions: vec![*position],
            kinds: Vec::new(),
        };
        while graph.kinds.len() < graph.positions.len() {
            let at = graph.positions[graph.kinds.len()];
            let e = evaluator.evaluate(&at, ROUND_START_BUDGET).ok()?;
            let kind = if let Some(totals) = e.game_over {
                Ok(goal[totals.south as usize])
            } else {
                if !e.source.is_exact() {
                    return None;
                }
                let v = i32::from(e.value.score);
                let (captured, board) = (at.captured(), at.seeds_on_board());
                let node = within_round(start, captured, board, at.side(), v, Some(v), Some(v));
                match match_game::forced_by_value(&node, side, goal) {
                    Some(answer) => Ok(answer),
                    None => Err(e
                        .moves
                        .iter()
                        .map(|m| {
                            let next = index.len();
                            *index.entry(m.played.after).or_insert_with(|| {
                                graph.positions.push(m.played.after);
                                next
                            })
                        })
                        .collect()),
                }
            };
            graph.kinds.push(kind);
            if graph.positions.len() > SPLIT_SEARCH_NODES {
                return None;
            }
        }
        Some(graph)
    }

    /// Whether `side` forces `goal` from each position.
    fn solve(&self, side: Side, goal: &[bool]) -> Vec<bool> {
        let n = self.positions.len();
        let mut answer: Vec<Option<bool>> = self
            .kinds
            .iter()
            .map(|k| k.as_ref().ok().copied())
            .collect();
        // The open positions by capture level, the fewest seeds on the board first.
        let mut levels: Vec<(u32, BySide<u32>)> = (0..n)
            .filter(|&i| answer[i].is_none())
            .map(|i| {
                (
                    self.positions[i].seeds_on_board(),
                    self.positions[i].captured(),
                )
            })
            .collect();
        levels.sort_by_key(|(seeds, c)| (*seeds, c.south, c.north));
        levels.dedup();
        for (seeds, captured) in levels {
            let level: Vec<usize> = (0..n)
                .filter(|&i| answer[i].is_none())
                .filter(|&i| self.positions[i].captured() == captured)
                .collect();
            // Endless play here splits what is left equally. Where that is in the set, `side`
            // forces it unless the other side can force a way out that is not; else `side`
            // must force a way out that is.
            let endless = goal[(captured.south + seeds / 2) as usize];
            let chaser = if endless { !side } else { side };
            let mut caught = vec![false; n];
            loop {
                let mut more = false;
                for &i in &level {
                    let Err(children) = &self.kinds[i] else {
                        continue;
                    };
                    if caught[i] {
                        continue;
                    }
                    // A way out reached: settled against `endless`, or caught already.
                    let reached = |c: &usize| caught[*c] || answer[*c] == Some(!endless);
                    let joins = match self.positions[i].side() == chaser {
                        true => children.iter().any(reached),
                        false => children.iter().all(reached),
                    };
                    if joins {
                        caught[i] = true;
                        more = true;
                    }
                }
                if !more {
                    break;
                }
            }
            for &i in &level {
                answer[i] = Some(if caught[i] { !endless } else { endless });
            }
        }
        answer
            .into_iter()
            .map(|a| a.expect("every position settled"))
            .collect()
    }
}
