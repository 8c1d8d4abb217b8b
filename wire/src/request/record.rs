//! The game record of `POST /api/{variant}/analyse`.

use std::borrow::Cow;
use std::fmt;

use super::unique_keys::UniqueKeys;
use mancala_solver::{ParsePositionError, Position, Variant};
use serde::Deserialize;
use serde_json::Value as Json;
use utoipa::openapi::schema::{
    AdditionalProperties, ArrayBuilder, ObjectBuilder, OneOfBuilder, Schema, SchemaType, Type,
};
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

/// Most moves accepted in one game record: more is [`RecordError::TooManyMoves`] (which the
/// service answers with a 413).
pub const MAX_RECORD_MOVES: usize = 1000;

/// What `analyse` expects, for error messages.
pub const RECORD_SHAPE: &str =
    "expected a JSON object {\"position\": POSITION (optional, default: \
    the start position), \"moves\": [\"3\", \"5\", ...]}";

/// The body of `POST /api/{variant}/analyse`: `{"position": POSITION (optional), "moves":
/// ["3", 5, ...] or "3 5 ..."}`. Kept as JSON until [`GameRecord::read`] checks it key by key:
/// a derived `Deserialize` would stop at the first surprise with a message that names no
/// field, where the answer must name `moves[2]` or the unknown key.
#[derive(Debug, Deserialize)]
#[serde(transparent)]
pub struct GameRecord(UniqueKeys);

/// The schema of a record, written by hand as the record is read by hand ([`GameRecord::read`]):
/// its moves may be an array of strings and numbers or one string.
impl PartialSchema for GameRecord {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::Object)
            .description(Some(
                "A game record to analyse: the moves from a start position.",
            ))
            .property(
                "position",
                ObjectBuilder::new()
                    .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
                    .description(Some(
                        "The start position (absent or null: the variant's start position).",
                    )),
            )
            .property("moves", moves_schema())
            .required("moves")
            .additional_properties(Some(AdditionalProperties::<Schema>::FreeForm(false)))
            .into()
    }
}

/// The schema of a record's moves ([`read_moves`]): an array of strings and pit numbers, or
/// one string.
pub(crate) fn moves_schema() -> OneOfBuilder {
    let string = || ObjectBuilder::new().schema_type(Type::String);
    let pit = ObjectBuilder::new()
        .schema_type(Type::Integer)
        .minimum(Some(0));
    OneOfBuilder::new()
        .item(
            ArrayBuilder::new()
                .items(OneOfBuilder::new().item(string()).item(pit))
                .max_items(Some(MAX_RECORD_MOVES)),
        )
        .item(string())
        .description(Some(
            "The moves, in order: pit numbers of the side to move, each written alone (`1`; \
             not ` 1`, `01` or `1\\n`), or `pass`, as an array (strings or integers) or one \
             string separated by spaces (U+0020; any other character stays in its move, which \
             is then a 400 naming it).",
        ))
}

impl ToSchema for GameRecord {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Record")
    }
}

/// Why a game record cannot be read, naming the field at fault.
#[derive(Debug)]
pub enum RecordError {
    /// A field is malformed or missing, or a key is not one of the record's.
    Field {
        /// The field: `body`, `position`, `moves`, `moves[3]`, or the unknown key.
        field: String,
        /// What is wrong and what was expected, the field first.
        message: String,
    },
    /// The start position does not parse, or cannot occur in the variant.
    Position(ParsePositionError),
    /// A record (`moves`, or a round of a match) holds more than [`MAX_RECORD_MOVES`] moves.
    TooManyMoves {
        /// The field: `moves`, `rounds[2]`.
        field: String,
        /// How many it holds.
        count: usize,
    },
    /// A match record holds more rounds than its limit.
    TooManyRounds {
        /// How many it holds.
        count: usize,
        /// The most it may hold.
        limit: usize,
    },
}

impl RecordError {
    /// A malformed `field`.
    pub(crate) fn bad(field: impl Into<String>, message: impl Into<String>) -> RecordError {
        RecordError::Field {
            field: field.into(),
            message: message.into(),
        }
    }

    /// The field at fault: `body`, `position`, `moves`, `moves[3]`, or an unknown key.
    pub fn field(&self) -> String {
        match self {
            RecordError::Field { field, .. } => field.clone(),
            RecordError::Position(_) => "position".into(),
            RecordError::TooManyMoves { field, .. } => field.clone(),
            RecordError::TooManyRounds { .. } => "rounds".into(),
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Field { message, .. } => f.write_str(message),
            RecordError::Position(e) => e.fmt(f),
            RecordError::TooManyMoves { field, count } => write!(
                f,
                "{field}: {count} moves, but a record holds at most {MAX_RECORD_MOVES}"
            ),
            RecordError::TooManyRounds { count, limit } => write!(
                f,
                "rounds: {count} rounds, but a match record holds at most {limit}"
            ),
        }
    }
}

impl std::error::Error for RecordError {}

impl GameRecord {
    /// The start position (by default the variant's) and the moves as text.
    pub fn read(&self, variant: Variant) -> Result<(Position, Vec<String>), RecordError> {
        let Json::Object(fields) = &self.0 .0 else {
            return Err(RecordError::bad("body", format!("body: {RECORD_SHAPE}")));
        };
        if let Some(key) = fields.keys().find(|k| *k != "position" && *k != "moves") {
            return Err(RecordError::bad(
                key.as_str(),
                format!("{key}: unknown field; {RECORD_SHAPE}"),
            ));
        }
        let position = match fields.get("position") {
            None | Some(Json::Null) => Position::start(variant),
            Some(Json::String(text)) => {
                Position::parse(variant, text).map_err(RecordError::Position)?
            }
            Some(_) => {
                return Err(RecordError::bad(
                    "position",
                    "position: expected a position string `ROWS SIDE [CAPTURED]`",
                ))
            }
        };
        let moves = match fields.get("moves") {
            None => {
                return Err(RecordError::bad(
                    "moves",
                    format!("moves: missing; {RECORD_SHAPE}"),
                ))
            }
            Some(moves) => read_moves("moves", moves)?,
        };
        Ok((position, moves))
    }
}

/// The moves of `field`: an array of strings and whole numbers, or one string of moves
/// separated by spaces; at most [`MAX_RECORD_MOVES`]. Errors name `field` or `field[i]`.
pub(crate) fn read_moves(field: &str, value: &Json) -> Result<Vec<String>, RecordError> {
    let moves: Vec<String> = match value {
        // Separated by spaces (U+0020) alone: any other character, a tab, a line break or
        // another Unicode space, stays in its move, which then names it as malformed.
        Json::String(text) => text
            .split(' ')
            .filter(|m| !m.is_empty())
            .map(str::to_owned)
            .collect(),
        Json::Array(items) => {
            if items.len() > MAX_RECORD_MOVES {
                return Err(RecordError::TooManyMoves {
                    field: field.to_owned(),
                    count: items.len(),
                });
            }
            items
                .iter()
                .enumerate()
                .map(|(i, item)| move_text(&format!("{field}[{i}]"), item))
                .collect::<Result<_, _>>()?
        }
        _ => {
            return Err(RecordError::bad(
                field,
                format!(
                    "{field}: expected an array of moves (pit numbers or \"pass\"), e.g. \
                     [\"3\", \"5\"], or one string of moves separated by spaces"
                ),
            ))
        }
    };
    if moves.len() > MAX_RECORD_MOVES {
        return Err(RecordError::TooManyMoves {
            field: field.to_owned(),
            count: moves.len(),
        });
    }
    Ok(moves)
}

/// The move at `field` (`moves[3]`): a string (as given: `" 1"` is not a move, and the rules
/// say so naming it) or a whole number.
fn move_text(field: &str, item: &Json) -> Result<String, RecordError> {
    match item {
        Json::String(s) => Ok(s.clone()),
        Json::Number(n) if n.is_u64() => Ok(n.to_string()),
        _ => Err(RecordError::bad(
            field,
            format!("{field}: expected a pit number or \"pass\", found {item}"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn read(body: Json) -> Result<(Position, Vec<String>), RecordError> {
        GameRecord(UniqueKeys(body)).read(Variant::RioKadalis)
    }

    /// The field an error names.
    fn field(e: RecordError) -> String {
        e.field()
    }

    #[test]
    fn a_record_reads_strings_numbers_and_one_string_of_moves() {
        let start = Position::start(Variant::RioKadalis);
        let (pos, moves) = read(json!({"moves": ["1", 4, "pass"]})).unwrap();
        assert_eq!(
            (pos, moves),
            (start, vec!["1".into(), "4".into(), "pass".into()])
        );
        let (_, moves) = read(json!({"position": null, "moves": " 3  5 "})).unwrap();
        assert_eq!(moves, ["3", "5"]);
        // Kept as given, for the rules to refuse by name: spaces inside an array's move, and
        // separators other than U+0020 in one string.
        let (_, moves) = read(json!({"moves": [" 1", "1\n"]})).unwrap();
        assert_eq!(moves, [" 1", "1\n"]);
        let (_, moves) = read(json!({"moves": "3\u{a0}5\t2 1"})).unwrap();
        assert_eq!(moves, ["3\u{a0}5\t2", "1"]);
    }

    #[test]
    fn a_bad_record_names_the_field() {
        assert_eq!(field(read(json!([1])).unwrap_err()), "body");
        assert_eq!(
            field(read(json!({"moves": [], "colour": 1})).unwrap_err()),
            "colour"
        );
        assert_eq!(
            field(read(json!({"position": 3, "moves": []})).unwrap_err()),
            "position"
        );
        assert_eq!(
            field(read(json!({"position": "1 S", "moves": []})).unwrap_err()),
            "position"
        );
        assert_eq!(field(read(json!({"position": null})).unwrap_err()), "moves");
        assert_eq!(field(read(json!({"moves": {}})).unwrap_err()), "moves");
        assert_eq!(
            field(read(json!({"moves": ["1", -2]})).unwrap_err()),
            "moves[1]"
        );
        let many = vec!["1"; MAX_RECORD_MOVES + 1];
        assert_eq!(field(read(json!({ "moves": many })).unwrap_err()), "moves");
        let many = many.join(" ");
        assert!(matches!(
            read(json!({ "moves": many })),
            Err(RecordError::TooManyMoves { count: 1001, .. })
        ));
    }
}
