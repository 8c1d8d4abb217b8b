//! The line of perfect play from a position: `GET /api/{variant}/mainline`.

use mancala_eval::line::{Line, LineEnd, MAX_LINE_PLIES};
use mancala_solver::Side;
use serde::Serialize;
use utoipa::ToSchema;

use super::value::{Totals, ValueJson};
use crate::words::{line_end_word, LineEndWord, Outcome, SideLetter, SideName, VariantId};

/// A main line: best play from a position until the game ends, a position repeats (endless
/// play) or the ply limit. Its description in the schema says the limit.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Mainline, description = mainline_description())]
pub struct MainlineJson {
    /// The variant id.
    #[schema(value_type = VariantId)]
    pub variant: &'static str,
    /// The canonical start position.
    pub position: String,
    /// Its value for the side to move.
    pub value: ValueJson,
    /// The game's result for the side to move with perfect play, counting the seeds captured.
    #[schema(value_type = Outcome)]
    pub outcome: &'static str,
    /// The start's value is exact (from the tablebase, or proven by a search); `false`: a
    /// search's estimate.
    pub exact: bool,
    /// The ply from which every position of the line is in the tablebase (0: the start; the
    /// number of steps: only the last position), `null` when not even the last one is.
    #[schema(required = true)]
    pub tablebase_from: Option<usize>,
    /// The first ply (1: the first move) whose value is a search's estimate, where the line
    /// leaves what is proven; `null` when every ply is exact. From a start whose value is
    /// exact, the plies before it keep that value, proven.
    #[schema(required = true)]
    pub estimates_from: Option<usize>,
    /// The plies of the line.
    pub steps: Vec<StepJson>,
    /// Why the line stops: `game_over`, `repetition` or `limit`.
    #[schema(value_type = LineEndWord)]
    pub end: &'static str,
    /// The game is over at the end of the line.
    pub game_over: bool,
    /// The value rests on endless play and the line stopped at the first repeated position.
    pub endless: bool,
    /// The repeated position (`endless` only), else `null`.
    #[schema(required = true)]
    pub repeated: Option<String>,
    /// The ply after which the repeated position first stood (0: the start), else `null`.
    #[schema(required = true)]
    pub repeated_from_ply: Option<usize>,
    /// The line was cut at the ply limit (the schema's description says it) before it ended.
    pub truncated: bool,
    /// Seeds of each side at the end of the line: the final totals when the game is over, else
    /// what is captured so far (endless play splits the rest of the board equally).
    pub totals: Totals,
    /// `south`, `north`, or `null` for a draw (or a truncated line).
    #[schema(value_type = Option<SideName>, required = true)]
    pub winner: Option<&'static str>,
}

/// The schema's description of a main line, with the ply limit.
fn mainline_description() -> String {
    format!(
        "A main line: best play from a position until the game ends, a position repeats \
         (endless play) or {MAX_LINE_PLIES} plies (`truncated`)."
    )
}

/// One ply of a main line.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Step)]
pub struct StepJson {
    /// 1 for the first move of the line.
    #[schema(minimum = 1)]
    pub ply: usize,
    /// The mover: `S` or `N`.
    #[schema(value_type = SideLetter)]
    pub side: String,
    /// The move.
    #[serde(rename = "move")]
    pub mv: String,
    /// The canonical position after the move.
    pub position: String,
    /// The move's value for the mover (the value of the position it is played from).
    pub value: ValueJson,
    /// Seeds the move added to each side (captures, and the allocation when it ends the game).
    pub captured: Totals,
    /// The mover moves again.
    pub extra_turn: bool,
    /// The move ends the game.
    pub ends_game: bool,
    /// The value is exact; `false`: a search's estimate, and the move the best the search found
    /// rather than proven perfect play.
    pub exact: bool,
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
                value: ValueJson::with_bounds(scoring, s.value, s.exact, s.bounds),
                captured: s.played.captured.into(),
                extra_turn: s.played.extra_turn,
                ends_game: s.played.ends_game,
                exact: s.exact,
            })
            .collect();
        let (totals, winner, repeated, repeated_from_ply) = match &line.end {
            LineEnd::GameOver { totals, winner } => (*totals, *winner, None, None),
            LineEnd::Repetition {
                first_seen,
                totals,
                winner,
            } => (
                *totals,
                *winner,
                Some(line.last_position().to_string()),
                Some(*first_seen),
            ),
            LineEnd::Limit { .. } => (line.last_position().captured(), None, None, None),
        };
        MainlineJson {
            variant: variant.id(),
            position: line.start.to_string(),
            value: ValueJson::with_bounds(scoring, line.value, line.exact, line.bounds),
            outcome: line.result.as_str(),
            exact: line.exact,
            tablebase_from: line.tablebase_from,
            estimates_from: line.estimates_from(),
            steps,
            end: line_end_word(&line.end),
            game_over: matches!(line.end, LineEnd::GameOver { .. }),
            endless: matches!(line.end, LineEnd::Repetition { .. }),
            repeated,
            repeated_from_ply,
            truncated: matches!(line.end, LineEnd::Limit { .. }),
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

/// `south` / `north` / `null`.
fn side_word(side: Option<Side>) -> Option<&'static str> {
    side.map(Side::name)
}
