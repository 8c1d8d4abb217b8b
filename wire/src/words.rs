//! The enumerated strings of the wire (a side, a result, a verdict...): for each, the schema
//! that lists its values, taken from the domain type that writes them where it can list them
//! (`Verdict::ALL`, `Variant::ALL`, ...), and the function that writes the words the wire itself
//! chooses. A field holding one is a plain `&'static str` or `String` whose schema is
//! `#[schema(value_type = ...)]` one of these types, which exist only to be named there: none
//! can be built.

use std::borrow::Cow;

use mancala_eval::analyse::Verdict;
use mancala_eval::line::LineEnd;
use mancala_puzzles::Collection;
use mancala_puzzles::Theme;
use mancala_solver::engine::Limit;
use mancala_solver::{Direction, GameResult, Scoring, Side, Variant};
use serde_json::Value;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

/// A schema-only type named `$name` in the document: a value of JSON type `$kind` that is one of
/// `$values`, described by the type's doc comment.
macro_rules! word {
    ($(#[doc = $doc:literal])+ $ty:ident, $name:literal, $kind:expr, $values:expr) => {
        $(#[doc = $doc])+
        pub enum $ty {}

        impl PartialSchema for $ty {
            fn schema() -> RefOr<Schema> {
                let doc: &[&str] = &[$($doc),+];
                let values: Vec<Value> = $values;
                ObjectBuilder::new()
                    .schema_type($kind)
                    .enum_values(Some(values))
                    .description(Some(description(doc)))
                    .into()
            }
        }

        impl ToSchema for $ty {
            fn name() -> Cow<'static, str> {
                Cow::Borrowed($name)
            }
        }
    };
}

/// A doc comment's lines as one description.
fn description(lines: &[&str]) -> String {
    lines.iter().map(|l| l.trim()).collect::<Vec<_>>().join(" ")
}

/// Strings as JSON values.
fn strings<'a>(words: impl IntoIterator<Item = &'a str>) -> Vec<Value> {
    words.into_iter().map(Value::from).collect()
}

/// The two sides, South first.
const SIDES: [Side; 2] = [Side::South, Side::North];

word!(
    /// A side by its letter: `S` (South) or `N` (North).
    SideLetter,
    "Side",
    Type::String,
    SIDES.iter().map(|s| Value::from(s.letter().to_string())).collect()
);

word!(
    /// The side a puzzle is solved for: always `S`.
    PuzzleSide,
    "PuzzleSide",
    Type::String,
    strings([PUZZLE_SIDE])
);

/// The letter of the side a puzzle is solved for: South, whose moves the player finds.
pub(crate) const PUZZLE_SIDE: &str = "S";

word!(
    /// A side by its name: `south` or `north`.
    SideName,
    "SideName",
    Type::String,
    strings(SIDES.map(Side::name))
);

word!(
    /// A game's result for one side: `win`, `draw` or `loss`.
    Outcome,
    "Outcome",
    Type::String,
    strings([GameResult::Win, GameResult::Draw, GameResult::Loss].map(GameResult::as_str))
);

word!(
    /// A variant id, as in the paths (`GET /api/variants` lists them).
    VariantId,
    "VariantId",
    Type::String,
    strings(Variant::ALL.map(Variant::id))
);

word!(
    /// Where values come from (`Source::word`): `tablebase`, the solved slices; `search`, a
    /// search beyond them whose leaves are the tablebase's exact values; or `book`, such a
    /// search made with a large budget when the opening book was built.
    SourceWord,
    "Source",
    Type::String,
    strings(["tablebase", "book", "search"])
);

word!(
    /// The budget's limit that stopped a search: `nodes` or `time`.
    StoppedBy,
    "StoppedBy",
    Type::String,
    strings([Limit::Nodes, Limit::Time].map(Limit::word))
);

word!(
    /// A move's verdict, by what it lost: `best`, `inaccuracy`, `mistake` or `blunder`.
    VerdictWord,
    "Verdict",
    Type::String,
    strings(Verdict::ALL.map(Verdict::word))
);

word!(
    /// Why a main line stops: `game_over`, `repetition` (a repeated position, the value resting
    /// on endless play) or `limit` (the ply limit).
    LineEndWord,
    "LineEnd",
    Type::String,
    strings(LINE_ENDS)
);

/// The words of the ends of a line, in the order of [`LineEnd`]'s cases.
const LINE_ENDS: [&str; 3] = ["game_over", "repetition", "limit"];

/// `game_over`, `repetition` or `limit`: why a line stops.
pub(crate) fn line_end_word(end: &LineEnd) -> &'static str {
    match end {
        LineEnd::GameOver { .. } => LINE_ENDS[0],
        LineEnd::Repetition { .. } => LINE_ENDS[1],
        LineEnd::Limit { .. } => LINE_ENDS[2],
    }
}

word!(
    /// How a variant is scored (docs/rules.md#values-and-depths): `score` or `win-draw-loss`.
    ScoringWord,
    "Scoring",
    Type::String,
    strings([Scoring::Score, Scoring::WinDrawLoss].map(scoring_word))
);

/// `score` or `win-draw-loss`.
pub(crate) fn scoring_word(s: Scoring) -> &'static str {
    match s {
        Scoring::Score => "score",
        Scoring::WinDrawLoss => "win-draw-loss",
    }
}

word!(
    /// The direction of sowing: `counter-clockwise` or `clockwise`.
    SowingDirection,
    "SowingDirection",
    Type::String,
    strings([Direction::CounterClockwise, Direction::Clockwise].map(direction_word))
);

/// `counter-clockwise` or `clockwise`.
pub(crate) fn direction_word(d: Direction) -> &'static str {
    match d {
        Direction::CounterClockwise => "counter-clockwise",
        Direction::Clockwise => "clockwise",
    }
}

word!(
    /// Rows of a board: 2 or 4.
    Rows,
    "Rows",
    Type::Integer,
    {
        let mut rows: Vec<usize> = Variant::ALL.iter().map(|v| v.rows()).collect();
        rows.sort_unstable();
        rows.dedup();
        rows.into_iter().map(Value::from).collect()
    }
);

word!(
    /// A puzzle collection: `starter` (found in the tablebase) or `anuak` (composed beyond it
    /// and proven by exact search).
    CollectionWord,
    "Collection",
    Type::String,
    strings(Collection::ALL.map(Collection::as_str))
);

word!(
    /// A puzzle theme tag.
    ThemeWord,
    "Theme",
    Type::String,
    strings(Theme::ALL.map(Theme::as_str))
);

word!(
    /// Always `ok`.
    HealthStatus,
    "HealthStatus",
    Type::String,
    strings([HEALTH_OK])
);

/// What `GET /healthz` says.
pub const HEALTH_OK: &str = "ok";
