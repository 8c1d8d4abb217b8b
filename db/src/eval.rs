//! Evaluating a position: its value and every legal move's value, best first
//! (docs/rules.md#values-and-depths).

use std::cmp::Ordering;

use mancala_solver::{move_value, BySide, GameResult, Played, Position, Value};

use crate::{DbError, Tablebase};

/// One legal move with its value for the mover.
#[derive(Clone, Debug)]
pub struct MoveEval {
    /// The move and the position after it.
    pub played: Played,
    /// What the mover gets by playing it.
    pub value: Value,
    /// Among the best: it keeps the position's value and its depth rule (ahead: the shortest,
    /// behind: the longest).
    pub best: bool,
}

/// A position with its value and every move's, best first.
#[derive(Clone, Debug)]
pub struct Evaluation {
    /// The position.
    pub position: Position,
    /// Its value for the side to move.
    pub value: Value,
    /// The final totals when the game is over here.
    pub game_over: Option<BySide<u32>>,
    /// The result of the whole game for the side to move that the value and the captured seeds
    /// imply.
    pub result: GameResult,
    /// Every legal move, best first; moves of equal value and depth in pit order.
    pub moves: Vec<MoveEval>,
}

impl Evaluation {
    /// The evaluation of `position`, whose value is `value`, from its moves' values: sorts the
    /// moves best first (a stable sort, so moves of equal value stay in pit order), marks those
    /// equal to the first as best, and derives the game's end and result. Every way of valuing
    /// the moves (the tablebase, a search) ends here, so they all read the same.
    pub fn new(position: Position, value: Value, mut moves: Vec<MoveEval>) -> Evaluation {
        moves.sort_by(|a, b| b.value.cmp_for_mover(&a.value));
        if let Some(top) = moves.first().map(|m| m.value) {
            for m in &mut moves {
                m.best = m.value.cmp_for_mover(&top) == Ordering::Equal;
            }
        }
        Evaluation {
            position,
            value,
            game_over: position.game_over(),
            result: value.result_in(&position),
            moves,
        }
    }
}

impl Tablebase {
    /// Evaluates `position` and all its moves from the tablebase.
    ///
    /// ```
    /// use mancala_db::Tablebase;
    /// use mancala_solver::solve::Silent;
    /// use mancala_solver::{GameResult, Position, Variant};
    ///
    /// let dir = tempfile::tempdir()?;
    /// let tb = Tablebase::open(dir.path().join("kalah4.db"))?;
    /// tb.solve_up_to(Variant::Kalah4, 3, &Silent)?;
    ///
    /// // Kalah on four pits: South's only seed (pit 1) falls into its empty pit 2, which faces
    /// // North's pit 3 with 2 seeds: South captures all 3, and the empty rows end the game.
    /// let p = Position::parse(Variant::Kalah4, "0,2,0,0/1,0,0,0 S")?;
    /// let e = tb.evaluate(&p)?;
    /// assert_eq!((e.value.score, e.value.depth), (3, Some(1)));
    /// assert_eq!(e.result, GameResult::Win);
    /// assert_eq!(e.moves.len(), 1);
    /// assert_eq!(e.moves[0].played.after.to_string(), "0,0,0,0/0,0,0,0 N 3-0");
    /// assert!(e.moves[0].best);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn evaluate(&self, position: &Position) -> Result<Evaluation, DbError> {
        let variant = position.variant();
        let l = variant.pits_per_side();
        let value = self.probe(position)?;
        let moves = position
            .successors()
            .into_iter()
            .map(|played| {
                let child = match played.effect.child_board(l) {
                    Some(b) => self.probe_board(variant, &b)?,
                    None => Value::ENDLESS,
                };
                Ok(MoveEval {
                    value: move_value(variant, &played.effect, child),
                    played,
                    best: false,
                })
            })
            .collect::<Result<Vec<_>, DbError>>()?;
        Ok(Evaluation::new(*position, value, moves))
    }
}

// ---------------------------------------------------------------------------------------------
// Kalah positions outside the solved slices: exact search.

use mancala_solver::search::{Budget, BudgetExhausted, KalahSearch, SearchOptions, SearchProgress};
use mancala_solver::{rules, Family, Move, SliceId, Variant};

/// Where the values of an evaluation come from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Source {
    /// The solved slices of the tablebase.
    Tablebase,
    /// An exact search (Kalah only), probing the tablebase at its leaves. Depths are not
    /// computed by the search: every value has `depth: None`.
    Search {
        /// Nodes the search visited.
        nodes: u64,
        /// Positions answered by the tablebase.
        leaf_hits: u64,
        /// The largest seed total whose slices are all solved (the search's leaves), if any.
        leaf_max_seeds: Option<u32>,
        /// Time taken.
        seconds: f64,
    },
}

impl Source {
    /// `tablebase` or `search`.
    pub fn word(&self) -> &'static str {
        match self {
            Source::Tablebase => "tablebase",
            Source::Search { .. } => "search",
        }
    }
}

/// Why [`Tablebase::evaluate_with_search`] failed.
#[derive(Debug, thiserror::Error)]
pub enum SearchEvalError {
    /// A tablebase error, or a position that is not solved and cannot be searched (not Kalah).
    #[error(transparent)]
    Db(#[from] DbError),
    /// The search ran out of its budget.
    #[error("{variant}: the position is not in the solved slices (at most {solved} seeds), and the exact search for its value ran out of its budget of {budget} nodes ({nodes} nodes in {seconds:.1} s; the value of the move being searched lay between {lower} and {upper})", solved = .leaf_max_seeds.map_or("no".to_owned(), |n| n.to_string()))]
    BudgetExhausted {
        /// The variant.
        variant: Variant,
        /// The budget, in nodes.
        budget: u64,
        /// Nodes visited.
        nodes: u64,
        /// Time spent.
        seconds: f64,
        /// Bounds of the value being searched when it stopped.
        lower: i8,
        /// See `lower`.
        upper: i8,
        /// The largest seed total whose slices are all solved.
        leaf_max_seeds: Option<u32>,
    },
}

impl Tablebase {
    /// The largest seed total `t` such that every slice of `variant` with at most `t` seeds is
    /// solved (two-row variants), or `None` when not even the empty board is.
    pub fn solved_up_to(&self, variant: Variant) -> Result<Option<u32>, DbError> {
        let stored = self.current_slices(variant)?;
        let mut max = None;
        for t in 0..=variant.max_seeds() {
            if !stored.contains(&SliceId::Seeds(t as u8)) {
                break;
            }
            max = Some(t);
        }
        Ok(max)
    }

    /// Evaluates `position` like [`Tablebase::evaluate`]; when its slice is not solved and the
    /// variant is a Kalah one, by an exact search instead (Kalah is acyclic, so a search to the
    /// end is exact), probing the tablebase wherever a position has at most as many seeds as the
    /// solved slices hold. The search visits at most `budget` nodes in all.
    pub fn evaluate_with_search(
        &self,
        position: &Position,
        budget: Budget,
    ) -> Result<(Evaluation, Source), SearchEvalError> {
        self.evaluate_with_search_progress(position, budget, &mut |_| {})
    }

    /// [`Tablebase::evaluate_with_search`], calling `progress` now and then while it searches.
    pub fn evaluate_with_search_progress(
        &self,
        position: &Position,
        budget: Budget,
        progress: &mut dyn FnMut(&SearchProgress),
    ) -> Result<(Evaluation, Source), SearchEvalError> {
        let variant = position.variant();
        match self.evaluate(position) {
            Ok(e) => return Ok((e, Source::Tablebase)),
            Err(DbError::NotSolved { .. }) if variant.family() == Family::Kalah => {}
            Err(e) => return Err(e.into()),
        }
        let pits = variant.pits_per_row();
        let l = variant.pits_per_side();
        let leaf_max_seeds = self.solved_up_to(variant)?;
        let mut options = SearchOptions::new(pits);
        options.leaf_max_seeds = leaf_max_seeds;
        options.budget = budget;
        // About a quarter as many table entries as nodes, between 64 Ki and 8 Mi (256 MiB).
        let log2 = 64 - budget.nodes.max(1).leading_zeros();
        options.tt_bits = log2.saturating_sub(2).clamp(16, 23);
        let leaf = |b: &mancala_solver::Board| self.probe_board(variant, b).ok().map(|v| v.score);
        let mut search = KalahSearch::new(options, leaf);
        let exhausted = |e: BudgetExhausted| SearchEvalError::BudgetExhausted {
            variant,
            budget: budget.nodes,
            nodes: e.nodes,
            seconds: e.elapsed.as_secs_f64(),
            lower: e.lower,
            upper: e.upper,
            leaf_max_seeds,
        };
        // A board's value: from the tablebase when its slice is solved, else by search.
        let mut guess = 0i8;
        let mut value_of = |b: &mancala_solver::Board,
                            search: &mut KalahSearch<_>|
         -> Result<i8, SearchEvalError> {
            if leaf_max_seeds.is_some_and(|m| b.total() <= m) {
                return Ok(self.probe_board(variant, b)?.score);
            }
            let v = search.value(b, guess, progress).map_err(exhausted)?;
            guess = -v;
            Ok(v)
        };
        let mut moves = Vec::new();
        for played in position.successors() {
            let child = match played.effect.child_board(l) {
                Some(b) => value_of(&b, &mut search)?,
                None => 0,
            };
            let mut value = move_value(
                variant,
                &played.effect,
                Value {
                    score: child,
                    depth: None,
                },
            );
            value.depth = None;
            moves.push(MoveEval {
                played,
                value,
                best: false,
            });
        }
        let value = match moves.iter().map(|m| m.value.score).max() {
            Some(score) => Value { score, depth: None },
            None => {
                // The game is over here: the value of its end (depth 0).
                let t = rules::expand(variant, &position.relative_board(), |_: Move, _: &_| {})
                    .expect("a position without moves is over");
                Value::new(t.gain[0] as i8 - t.gain[1] as i8, 0)
            }
        };
        let evaluation = Evaluation::new(*position, value, moves);
        let source = Source::Search {
            nodes: search.nodes(),
            leaf_hits: search.leaf_hits(),
            leaf_max_seeds,
            seconds: search.elapsed().as_secs_f64(),
        };
        Ok((evaluation, source))
    }
}

#[cfg(test)]
mod search_tests {
    use mancala_solver::search::Budget;
    use mancala_solver::solve::{solve_all, KnownValues, Silent, SolvedSlice};
    use mancala_solver::{Position, Slice, Variant};

    use super::{SearchEvalError, Source};
    use crate::Tablebase;

    fn solved(v: Variant, max: u32) -> Vec<SolvedSlice> {
        let mut all = vec![];
        solve_all(
            &Slice::up_to(v, max),
            &mut KnownValues::new(),
            &Silent,
            |s| {
                all.extend_from_slice(s);
                Ok(())
            },
        )
        .unwrap();
        all
    }

    #[test]
    fn kalah_outside_the_tablebase_is_searched_exactly() {
        let v = Variant::Kalah4;
        let dir = tempfile::tempdir().unwrap();
        let tb = Tablebase::open(dir.path().join("t.db")).unwrap();
        // The tablebase holds up to 6 seeds; the truth is a full solve to 12.
        for s in solved(v, 6) {
            tb.write_group(&[s], 0.0).unwrap();
        }
        assert_eq!(tb.solved_up_to(v).unwrap(), Some(6));
        let truth = solved(v, 12);
        let value = |p: &Position| {
            let b = p.relative_board();
            let s = Slice::of(v, &b);
            truth.iter().find(|t| t.slice.id == s.id).unwrap().values[s.index(&b) as usize]
        };
        for text in [
            "1,2,0,3/2,0,3,1 S 4-6",
            "0,3,1,2/2,2,0,2 N",
            "4,0,0,1/0,3,2,2 S 10-9",
        ] {
            let p = Position::parse(v, text).unwrap();
            assert!(matches!(
                tb.evaluate(&p),
                Err(crate::DbError::NotSolved { .. })
            ));
            let (e, source) = tb
                .evaluate_with_search(&p, Budget::nodes(1_000_000))
                .unwrap();
            assert!(matches!(
                source,
                Source::Search {
                    leaf_max_seeds: Some(6),
                    ..
                }
            ));
            assert_eq!(e.value.score, value(&p), "{text}");
            assert_eq!(e.value.depth, None);
            for m in &e.moves {
                let after = m.played.after;
                // The move's value: what it gained now, plus or minus the value after it.
                let gained = m.played.captured[p.side()] as i8 - m.played.captured[!p.side()] as i8;
                let expected = if m.played.ends_game {
                    gained
                } else if m.played.extra_turn {
                    gained + value(&after)
                } else {
                    gained - value(&after)
                };
                assert_eq!(m.value.score, expected, "{text} move {}", m.played.mv);
                assert_eq!(m.best, m.value.score == e.value.score);
            }
        }
        // Inside the tablebase nothing is searched.
        let p = Position::parse(v, "1,0,0,1/0,1,1,0 S").unwrap();
        let (_, source) = tb.evaluate_with_search(&p, Budget::nodes(1)).unwrap();
        assert_eq!(source, Source::Tablebase);
        // A budget too small for the position is an error that says so.
        let p = Position::parse(v, "4,4,4,4/4,4,4,4 S").unwrap();
        match tb.evaluate_with_search(&p, Budget::nodes(100)) {
            Err(e @ SearchEvalError::BudgetExhausted { .. }) => {
                let text = e.to_string();
                assert!(text.contains("budget of 100 nodes"), "{text}");
                assert!(text.contains("at most 6 seeds"), "{text}");
            }
            other => panic!("expected the budget to run out: {other:?}"),
        }
        // Other variants still fail with NotSolved.
        let p = Position::parse(Variant::Oware, "4,4,4,4,4,4/4,4,4,4,4,4 S").unwrap();
        assert!(matches!(
            tb.evaluate_with_search(&p, Budget::nodes(1000)),
            Err(SearchEvalError::Db(crate::DbError::NotSolved { .. }))
        ));
    }
}
