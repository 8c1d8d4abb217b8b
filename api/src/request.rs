//! What requests carry, typed: the query strings and bodies the handlers take, each read by an
//! extractor ([`crate::extract`]) and checked here, every failure an [`ApiError`] that names the
//! field at fault.

use mancala_db::{PuzzleFilter, Theme};
use mancala_solver::{Position, Variant};
use serde::Deserialize;
use serde_json::Value as Json;

use crate::error::ApiError;
use crate::limits::{MAX_RECORD_MOVES, PLAYER_RATINGS};

/// A type a request body is read into (by [`crate::extract::JsonBody`]).
pub trait RequestBody: serde::de::DeserializeOwned {
    /// The 400 for a body that is not JSON of this type: what was expected.
    fn invalid(error: serde_json::Error) -> ApiError;
}

/// A query string as its pairs, in order. Queries are read this way first so that a repeated
/// parameter is not an error: its first value counts.
type QueryPairs = Vec<(String, String)>;

/// The first value of `key` in a query.
fn first(pairs: &QueryPairs, key: &str) -> Option<String> {
    pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone())
}

/// The query of `GET /api/{variant}` and `GET /api/{variant}/mainline`: `?position=...`.
#[derive(Debug, Deserialize)]
#[serde(from = "QueryPairs")]
pub struct PositionQuery {
    position: Option<String>,
}

impl From<QueryPairs> for PositionQuery {
    fn from(pairs: QueryPairs) -> PositionQuery {
        PositionQuery {
            position: first(&pairs, "position"),
        }
    }
}

impl PositionQuery {
    /// The position, read and checked against the variant.
    pub fn position(&self, variant: Variant) -> Result<Position, ApiError> {
        let text = self.position.as_deref().ok_or_else(|| {
            ApiError::bad(
                "position",
                format!(
                    "position: missing query parameter: expected a position string \
                     `ROWS SIDE [CAPTURED]` with `_` for the spaces, e.g. ?position={}",
                    Position::start(variant).to_string().replace(' ', "_")
                ),
            )
        })?;
        Position::parse(variant, text).map_err(|e| ApiError::position("position", e))
    }
}

/// The query of `GET /api/puzzles/next`: `?variant=&min_rating=&max_rating=&theme=`, all
/// optional.
#[derive(Debug, Deserialize)]
#[serde(from = "QueryPairs")]
pub struct PuzzleQuery {
    variant: Option<String>,
    min_rating: Option<String>,
    max_rating: Option<String>,
    theme: Option<String>,
}

impl From<QueryPairs> for PuzzleQuery {
    fn from(pairs: QueryPairs) -> PuzzleQuery {
        PuzzleQuery {
            variant: first(&pairs, "variant"),
            min_rating: first(&pairs, "min_rating"),
            max_rating: first(&pairs, "max_rating"),
            theme: first(&pairs, "theme"),
        }
    }
}

impl PuzzleQuery {
    /// The filter asked for, checked in the order of the parameters (an unknown variant is a
    /// 404, a rating that is not a number a 400). `None`: a theme that no puzzle can have, so
    /// the filter matches nothing.
    pub fn filter(&self) -> Result<Option<PuzzleFilter>, ApiError> {
        let variant = self
            .variant
            .as_deref()
            .map(str::parse::<Variant>)
            .transpose()
            .map_err(ApiError::UnknownVariant)?;
        let filter = PuzzleFilter {
            variant,
            min_rating: rating("min_rating", self.min_rating.as_deref())?,
            max_rating: rating("max_rating", self.max_rating.as_deref())?,
            theme: None,
        };
        Ok(match self.theme.as_deref().map(str::parse::<Theme>) {
            None => Some(filter),
            Some(Ok(theme)) => Some(PuzzleFilter {
                theme: Some(theme),
                ..filter
            }),
            Some(Err(_)) => None,
        })
    }
}

/// An optional rating parameter `key`: a finite number.
fn rating(key: &'static str, text: Option<&str>) -> Result<Option<f64>, ApiError> {
    text.map(|v| {
        v.parse::<f64>()
            .ok()
            .filter(|x| x.is_finite())
            .ok_or_else(|| {
                ApiError::bad(
                    key,
                    format!("{key}: `{v}` is not a number (a rating, e.g. 1500)"),
                )
            })
    })
    .transpose()
}

/// What `analyse` expects, for error messages.
const RECORD_SHAPE: &str = "expected a JSON object {\"position\": POSITION (optional, default: \
    the start position), \"moves\": [\"3\", \"5\", ...]}";

/// The body of `POST /api/{variant}/analyse`: `{"position": POSITION (optional), "moves":
/// ["3", 5, ...] or "3 5 ..."}`. Kept as JSON until [`GameRecord::read`] checks it key by key:
/// a derived `Deserialize` would stop at the first surprise with a message that names no
/// field, where the answer must name `moves[2]` or the unknown key.
#[derive(Debug, Deserialize)]
#[serde(transparent)]
pub struct GameRecord(Json);

impl RequestBody for GameRecord {
    fn invalid(error: serde_json::Error) -> ApiError {
        ApiError::bad(
            "body",
            format!("body: not valid JSON ({error}); {RECORD_SHAPE}"),
        )
    }
}

impl GameRecord {
    /// The start position (by default the variant's) and the moves as text.
    pub fn read(&self, variant: Variant) -> Result<(Position, Vec<String>), ApiError> {
        let Json::Object(fields) = &self.0 else {
            return Err(ApiError::bad("body", format!("body: {RECORD_SHAPE}")));
        };
        if let Some(key) = fields.keys().find(|k| *k != "position" && *k != "moves") {
            return Err(ApiError::bad(
                key.as_str(),
                format!("{key}: unknown field; {RECORD_SHAPE}"),
            ));
        }
        let position = match fields.get("position") {
            None | Some(Json::Null) => Position::start(variant),
            Some(Json::String(text)) => {
                Position::parse(variant, text).map_err(|e| ApiError::position("position", e))?
            }
            Some(_) => {
                return Err(ApiError::bad(
                    "position",
                    "position: expected a position string `ROWS SIDE [CAPTURED]`",
                ))
            }
        };
        let moves = match fields.get("moves") {
            None => {
                return Err(ApiError::bad(
                    "moves",
                    format!("moves: missing; {RECORD_SHAPE}"),
                ))
            }
            Some(Json::String(text)) => text.split_whitespace().map(str::to_owned).collect(),
            Some(Json::Array(items)) => {
                if items.len() > MAX_RECORD_MOVES {
                    return Err(too_many_moves(items.len()));
                }
                items
                    .iter()
                    .enumerate()
                    .map(|(i, item)| move_text(i, item))
                    .collect::<Result<Vec<_>, _>>()?
            }
            Some(_) => {
                return Err(ApiError::bad(
                    "moves",
                    "moves: expected an array of moves (pit numbers or \"pass\"), e.g. \
                     [\"3\", \"5\"], or one string of moves separated by spaces",
                ))
            }
        };
        if moves.len() > MAX_RECORD_MOVES {
            return Err(too_many_moves(moves.len()));
        }
        Ok((position, moves))
    }
}

/// Move `i` of a record's array: a string or a whole number.
fn move_text(i: usize, item: &Json) -> Result<String, ApiError> {
    match item {
        Json::String(s) => Ok(s.trim().to_owned()),
        Json::Number(n) if n.is_u64() => Ok(n.to_string()),
        _ => Err(ApiError::bad(
            format!("moves[{i}]"),
            format!("moves[{i}]: expected a pit number or \"pass\", found {item}"),
        )),
    }
}

/// The 413 for a record of `n` moves.
fn too_many_moves(n: usize) -> ApiError {
    ApiError::TooLarge {
        field: "moves",
        message: format!("moves: {n} moves, but a record holds at most {MAX_RECORD_MOVES}"),
    }
}

/// The body of `POST /api/puzzles/{id}/attempt`: `{"moves": ["3", ...], "rating": 1500}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttemptBody {
    /// The player's moves so far, in order (not the replies).
    pub moves: Vec<String>,
    /// The player's rating, if known (default 1500).
    rating: Option<f64>,
}

impl RequestBody for AttemptBody {
    fn invalid(error: serde_json::Error) -> ApiError {
        ApiError::bad(
            "body",
            format!(
                "body: {error}; expected {{\"moves\": [\"3\", ...], \"rating\": 1500 (optional)}}"
            ),
        )
    }
}

impl AttemptBody {
    /// The player's rating, if given, checked to be one.
    pub fn rating(&self) -> Result<Option<f64>, ApiError> {
        match self.rating {
            Some(r) if !PLAYER_RATINGS.contains(&r) => Err(ApiError::bad(
                "rating",
                format!(
                    "rating: {r} is not a rating ({} to {})",
                    PLAYER_RATINGS.start(),
                    PLAYER_RATINGS.end()
                ),
            )),
            r => Ok(r),
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// The field an error names.
    fn field(e: ApiError) -> String {
        match e {
            ApiError::BadRequest { field, .. } => field,
            ApiError::TooLarge { field, .. } => field.to_owned(),
            e => panic!("not a field error: {e:?}"),
        }
    }

    fn read(body: Json) -> Result<(Position, Vec<String>), ApiError> {
        GameRecord(body).read(Variant::RioKadalis)
    }

    #[test]
    fn a_record_reads_strings_numbers_and_one_string_of_moves() {
        let start = Position::start(Variant::RioKadalis);
        let (pos, moves) = read(json!({"moves": [" 1 ", 4, "pass"]})).unwrap();
        assert_eq!(
            (pos, moves),
            (start, vec!["1".into(), "4".into(), "pass".into()])
        );
        let (_, moves) = read(json!({"position": null, "moves": "3  5"})).unwrap();
        assert_eq!(moves, ["3", "5"]);
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
            Err(ApiError::TooLarge { .. })
        ));
    }

    fn query(pairs: &[(&str, &str)]) -> PuzzleQuery {
        PuzzleQuery::from(
            pairs
                .iter()
                .map(|&(k, v)| (k.to_owned(), v.to_owned()))
                .collect::<QueryPairs>(),
        )
    }

    #[test]
    fn a_puzzle_query_reads_the_first_value_of_each_parameter() {
        let filter = query(&[
            ("min_rating", "1000"),
            ("min_rating", "x"),
            ("variant", "hawalis"),
            ("theme", "quiet"),
        ])
        .filter()
        .unwrap()
        .unwrap();
        assert_eq!(filter.min_rating, Some(1000.0));
        assert_eq!(filter.max_rating, None);
        assert_eq!(filter.variant, Some(Variant::Hawalis));
        assert_eq!(filter.theme, Some(Theme::Quiet));
    }

    #[test]
    fn a_bad_puzzle_query_names_the_parameter_and_an_unknown_theme_matches_nothing() {
        let e = query(&[("max_rating", "inf")]).filter().unwrap_err();
        assert_eq!(field(e), "max_rating");
        let e = query(&[("variant", "chess")]).filter().unwrap_err();
        assert!(matches!(e, ApiError::UnknownVariant(_)), "{e:?}");
        assert!(query(&[("theme", "noSuchTheme")])
            .filter()
            .unwrap()
            .is_none());
    }

    #[test]
    fn a_position_query_says_what_is_missing() {
        let q = PositionQuery::from(QueryPairs::new());
        let e = q.position(Variant::RioKadalis).unwrap_err();
        assert!(
            e.to_string()
                .ends_with("?position=4,4,4,4,4,4/4,4,4,4,4,4_S"),
            "{e}"
        );
    }

    #[test]
    fn an_attempt_rating_must_be_a_rating() {
        let body = |rating| AttemptBody {
            moves: Vec::new(),
            rating,
        };
        assert_eq!(body(None).rating().unwrap(), None);
        assert_eq!(body(Some(4000.0)).rating().unwrap(), Some(4000.0));
        let e = body(Some(-1.0)).rating().unwrap_err();
        assert_eq!(e.to_string(), "rating: -1 is not a rating (0 to 4000)");
    }
}
