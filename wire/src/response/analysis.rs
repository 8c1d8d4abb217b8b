//! A game record judged move by move: `POST /api/{variant}/analyse`.

use std::collections::BTreeMap;

use mancala_db::analyse::{Analysis, Verdict};
use mancala_solver::Side;
use serde::Serialize;

use super::value::{Totals, ValueJson};

/// An analysed game record.
#[derive(Debug, Serialize)]
pub struct AnalysisJson {
    /// The variant id.
    pub variant: &'static str,
    /// The canonical start position.
    pub start: String,
    /// Every move of the record, in order.
    pub moves: Vec<MoveAnalysisJson>,
    /// The canonical position after the last move.
    pub end: String,
    /// The final totals when the game is over after the last move, else `null`.
    pub game_over: Option<Totals>,
    /// Verdicts counted per side: `{"south": {"best": n, ...}, "north": {...}}`.
    pub summary: BTreeMap<&'static str, BTreeMap<&'static str, usize>>,
    /// The first move (its index) from whose position on the tablebase holds every position of
    /// the record, where the tablebase took over; the number of moves when it holds only the
    /// end, `null` when not even that.
    pub tablebase_from: Option<usize>,
}

/// One analysed move.
#[derive(Debug, Serialize)]
pub struct MoveAnalysisJson {
    /// Its place in the record, from 0.
    pub index: usize,
    /// The mover: `S` or `N`.
    pub side: String,
    /// The move.
    #[serde(rename = "move")]
    pub mv: String,
    /// The canonical position it was played in.
    pub position: String,
    /// The canonical position after it.
    pub after: String,
    /// The position's value for the mover, before the move.
    pub value_before: ValueJson,
    /// The best value the mover had (the value of the best move).
    pub best_value: ValueJson,
    /// The value the move kept, for the mover.
    pub value_kept: ValueJson,
    /// What the move lost: seeds in score variants, result steps (win to draw, draw to loss: 1;
    /// win to loss: 2) in win/draw/loss variants.
    pub loss: u32,
    /// `best`, `inaccuracy`, `mistake` or `blunder`.
    pub verdict: &'static str,
    /// The moves that were best (value and depth), best first.
    pub best_moves: Vec<String>,
    /// The game's result for the mover before the move, with perfect play.
    pub outcome_before: &'static str,
    /// The game's result for the mover after the move, with perfect play from there.
    pub outcome_after: &'static str,
    /// `tablebase` or `search`: where the values of the position before the move come from.
    pub source: &'static str,
    /// The verdict rests on exact values only; `false`: on a search's estimates.
    pub exact: bool,
}

impl AnalysisJson {
    /// The JSON form of an analysis.
    pub fn new(a: &Analysis) -> AnalysisJson {
        let variant = a.start.variant();
        let scoring = variant.scoring();
        let mut summary: BTreeMap<&'static str, BTreeMap<&'static str, usize>> = BTreeMap::new();
        for side in [Side::South, Side::North] {
            summary.insert(
                side.name(),
                Verdict::ALL.iter().map(|v| (v.word(), 0)).collect(),
            );
        }
        let moves = a
            .moves
            .iter()
            .map(|m| {
                let side = m.before.position.side();
                if let Some(n) = summary
                    .get_mut(side.name())
                    .and_then(|c| c.get_mut(m.verdict.word()))
                {
                    *n += 1;
                }
                MoveAnalysisJson {
                    index: m.index,
                    side: side.letter().to_string(),
                    mv: m.played.played.mv.to_string(),
                    position: m.before.position.to_string(),
                    after: m.played.played.after.to_string(),
                    value_before: ValueJson::new(scoring, m.before.value),
                    best_value: ValueJson::new(scoring, m.best),
                    value_kept: ValueJson::new(scoring, m.played.value),
                    loss: m.loss,
                    verdict: m.verdict.word(),
                    best_moves: m
                        .before
                        .moves
                        .iter()
                        .filter(|e| e.best)
                        .map(|e| e.played.mv.to_string())
                        .collect(),
                    outcome_before: m.result_before.as_str(),
                    outcome_after: m.result_after.as_str(),
                    source: m.source.word(),
                    exact: m.exact,
                }
            })
            .collect();
        AnalysisJson {
            variant: variant.id(),
            start: a.start.to_string(),
            moves,
            end: a.end.to_string(),
            game_over: a.game_over.map(Totals::from),
            summary,
            tablebase_from: a.tablebase_from,
        }
    }
}
