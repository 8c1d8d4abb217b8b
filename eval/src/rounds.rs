//! A round of a Rio Kadalis match played perfectly for its own score
//! (docs/rules.md#rio-kadalis-matches) from one of its positions (its start, or where its
//! moves reached): the position valued by the one evaluator, and the seeds still on the board
//! split as that value says, which with what each has captured is what each player wins; and
//! the match solved as one game over its round starts so valued ([`MatchGame`]).

use mancala_solver::engine::Budget;
use mancala_solver::match_game::{
    self, round_nodes, round_starts, within_round, MatchValue, RoundNode,
};
use mancala_solver::rounds::{won_with_value, RoundStart};
use mancala_solver::{BySide, Move, Position, Variant};

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
    /// Moves better for the match than every move that wins the most seeds (for the side to
    /// move; values that are open are not compared): the moves for which playing for seeds
    /// and playing for the match part.
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
        let values = match_game::solve(&nodes).iter().map(|s| s.value).collect();
        Ok(MatchGame {
            starts,
            nodes,
            values,
            exact: rounds.iter().all(|r| r.exact),
        })
    }
}

impl MatchGame {
    /// Whether every round start's value is exact (else some are estimates, and so may be the
    /// match's values).
    pub fn exact(&self) -> bool {
        self.exact
    }

    /// What the match is worth in the round begun at `start`, where `evaluation` (of the
    /// round's position now) stands, and after each of its moves.
    pub fn worth(&self, start: &RoundStart, evaluation: &Evaluation) -> MatchWorth {
        let i = self
            .starts
            .iter()
            .position(|s| s == start)
            .expect("every round start a match reaches is among the starts");
        let position = &evaluation.position;
        let (mover, board) = (position.side(), position.seeds_on_board());
        let bound = |b: Option<i8>| b.map(i32::from);
        let node = |value: i8, bounds: &Bounds| {
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
            match_game::worth(&self.values, &node)
        };
        let moves: Vec<(Move, MatchValue)> = evaluation
            .moves
            .iter()
            .map(|m| (m.played.mv, node(m.value.score, &m.bounds)))
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
            value: node(evaluation.value.score, &evaluation.bounds),
            exact: self.exact && evaluation.source.is_exact(),
            moves,
            better_for_match,
        }
    }
}
