//! The JSON shapes of the service's answers, other than the evaluation, which is
//! [`mancala_db::json::EvaluationJson`] (the same as `mancala eval --json`).

use std::collections::BTreeMap;

use mancala_db::analyse::{Analysis, Verdict};
use mancala_db::json::{Totals, ValueJson};
use mancala_db::line::{Line, LineEnd};
use mancala_db::SliceInfo;
use mancala_solver::{Direction, Position, Scoring, Side, Slice, SliceId, Variant};
use serde::Serialize;

/// `GET /api/variants`: one entry per variant.
#[derive(Debug, Serialize)]
pub struct VariantJson {
    /// The id used in URLs.
    pub id: &'static str,
    /// The name players use.
    pub name: &'static str,
    /// The board.
    pub board: BoardJson,
    /// `score` or `win-draw-loss` (RULES.md §2).
    pub scoring: &'static str,
    /// A short statement of the rules.
    pub rules: &'static str,
    /// Where the rules come from.
    pub source: &'static str,
    /// The start position.
    pub start: String,
    /// What the tablebase holds for it.
    pub solved: SolvedJson,
}

/// The board of a variant.
#[derive(Debug, Serialize)]
pub struct BoardJson {
    /// 2 or 4.
    pub rows: usize,
    /// Pits in a row.
    pub pits_per_row: usize,
    /// Pits one side owns (its pit numbers are 1..this).
    pub pits_per_side: usize,
    /// Seeds in every pit at the start.
    pub seeds_per_pit: u8,
    /// Seeds in the whole game.
    pub total_seeds: u32,
    /// `counter-clockwise` or `clockwise`.
    pub sowing: &'static str,
}

/// The solved slices of a variant.
#[derive(Debug, Serialize)]
pub struct SolvedJson {
    /// Every slice solved under the current rules, in solving order (`12`, or `5-3`:
    /// mover-opponent on four-row boards).
    pub slices: Vec<String>,
    /// The most seeds on the board such that every position with at most that many can be
    /// evaluated (`null`: not even the empty board is solved).
    pub max_seeds: Option<u32>,
    /// Positions stored in those slices.
    pub positions: u64,
}

impl VariantJson {
    /// The entry of `v`, given the slices stored for it.
    pub fn new(v: Variant, stored: &[SliceInfo]) -> VariantJson {
        let current: Vec<&SliceInfo> = stored
            .iter()
            .filter(|s| s.variant == v.id() && s.is_current())
            .collect();
        let ids: Vec<SliceId> = current
            .iter()
            .filter_map(|s| s.slice.parse().ok())
            .collect();
        // The largest total whose slices, and those of every smaller total, are all solved.
        let mut max_seeds = None;
        for total in 0..=v.total_seeds() {
            let slices: Vec<Slice> = Slice::up_to(v, total)
                .into_iter()
                .filter(|s| s.id.total() == total)
                .collect();
            if slices.is_empty() {
                continue; // no position has this many seeds (Rio Kadalis: multiples of 4)
            }
            if !slices.iter().all(|s| ids.contains(&s.id)) {
                break;
            }
            max_seeds = Some(total);
        }
        VariantJson {
            id: v.id(),
            name: v.name(),
            board: BoardJson {
                rows: v.rows(),
                pits_per_row: v.pits_per_row(),
                pits_per_side: v.pits_per_side(),
                seeds_per_pit: v.seeds_per_pit(),
                total_seeds: v.total_seeds(),
                sowing: match v.direction() {
                    Direction::CounterClockwise => "counter-clockwise",
                    Direction::Clockwise => "clockwise",
                },
            },
            scoring: scoring_word(v.scoring()),
            rules: v.summary(),
            source: v.source(),
            start: Position::start(v).to_string(),
            solved: SolvedJson {
                slices: current.iter().map(|s| s.slice.clone()).collect(),
                max_seeds,
                positions: current.iter().map(|s| s.positions).sum(),
            },
        }
    }
}

/// `score` or `win-draw-loss`.
pub fn scoring_word(s: Scoring) -> &'static str {
    match s {
        Scoring::Score => "score",
        Scoring::WinDrawLoss => "win-draw-loss",
    }
}

/// `south` / `north` / `null`.
fn side_word(side: Option<Side>) -> Option<&'static str> {
    side.map(Side::name)
}

/// `GET /api/{variant}/mainline`.
#[derive(Debug, Serialize)]
pub struct MainlineJson {
    /// The variant id.
    pub variant: &'static str,
    /// The canonical start position.
    pub position: String,
    /// Its value for the side to move.
    pub value: ValueJson,
    /// The game's result for the side to move with perfect play, counting what is captured.
    pub outcome: &'static str,
    /// The plies of the line.
    pub steps: Vec<StepJson>,
    /// Why the line stops: `game_over`, `repetition` or `limit`.
    pub end: &'static str,
    /// The game is over at the end of the line.
    pub game_over: bool,
    /// The value rests on endless play and the line stopped at the first repeated position.
    pub endless: bool,
    /// The repeated position (`endless` only), else `null`.
    pub repeated: Option<String>,
    /// The ply after which the repeated position first stood (0: the start), else `null`.
    pub repeated_from_ply: Option<usize>,
    /// The line was cut at the ply limit before it ended.
    pub truncated: bool,
    /// Seeds of each side at the end of the line: the final totals when the game is over, else
    /// what is captured so far (endless play splits the rest of the board equally).
    pub totals: Totals,
    /// `south`, `north`, or `null` for a draw (or a truncated line).
    pub winner: Option<&'static str>,
}

/// One ply of a main line.
#[derive(Debug, Serialize)]
pub struct StepJson {
    /// 1 for the first move of the line.
    pub ply: usize,
    /// The mover: `S` or `N`.
    pub side: String,
    /// The move.
    #[serde(rename = "move")]
    pub mv: String,
    /// The canonical position after it.
    pub position: String,
    /// The move's value for the mover (the value of the position it is played from).
    pub value: ValueJson,
    /// Seeds the move added to each side (captures, and the allocation when it ends the game).
    pub captured: Totals,
    /// The mover moves again.
    pub extra_turn: bool,
    /// The move ends the game.
    pub ends_game: bool,
}

impl MainlineJson {
    /// The JSON form of a line.
    pub fn new(line: &Line) -> MainlineJson {
        let variant = line.start.variant();
        let scoring = variant.scoring();
        let steps = line
            .steps
            .iter()
            .enumerate()
            .map(|(i, s)| StepJson {
                ply: i + 1,
                side: mover_of(line, i).letter().to_string(),
                mv: s.played.mv.to_string(),
                position: s.played.after.to_string(),
                value: ValueJson::new(scoring, s.value),
                captured: s.played.captured.into(),
                extra_turn: s.played.extra_turn,
                ends_game: s.played.ends_game,
            })
            .collect();
        let (end, totals, winner, repeated, repeated_from_ply) = match &line.end {
            LineEnd::GameOver { totals, winner } => ("game_over", *totals, *winner, None, None),
            LineEnd::Repetition {
                first_seen,
                totals,
                winner,
            } => (
                "repetition",
                *totals,
                *winner,
                Some(line.last_position().to_string()),
                Some(*first_seen),
            ),
            LineEnd::Limit { .. } => ("limit", line.last_position().captured(), None, None, None),
        };
        MainlineJson {
            variant: variant.id(),
            position: line.start.to_string(),
            value: ValueJson::new(scoring, line.value),
            outcome: line.result.as_str(),
            steps,
            end,
            game_over: end == "game_over",
            endless: end == "repetition",
            repeated,
            repeated_from_ply,
            truncated: end == "limit",
            totals: totals.into(),
            winner: side_word(winner),
        }
    }
}

/// The side that plays step `i` of a line.
fn mover_of(line: &Line, i: usize) -> Side {
    if i == 0 {
        line.start.side()
    } else {
        line.steps[i - 1].played.after.side()
    }
}

/// `POST /api/{variant}/analyse`.
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
        }
    }
}

/// `GET /healthz`.
#[derive(Debug, Serialize)]
pub struct HealthJson {
    /// Always `ok`.
    pub status: &'static str,
}
