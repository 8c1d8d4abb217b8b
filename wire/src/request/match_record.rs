//! The match record of `POST /api/{variant}/match`: where the match was taken up (by default its
//! first round) and each round's moves.

use std::borrow::Cow;

use super::unique_keys::UniqueKeys;
use mancala_solver::rounds::RoundStart;
use mancala_solver::{BySide, Side, Variant};
use serde::Deserialize;
use serde_json::{Map, Value as Json};
use utoipa::openapi::schema::{AdditionalProperties, ArrayBuilder, ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

use super::record::{moves_schema, read_moves, RecordError};

/// Most rounds a match record holds.
pub const MAX_MATCH_ROUNDS: usize = 100;

/// What `match` expects, for error messages.
pub const MATCH_SHAPE: &str = "expected a JSON object {\"start\": {\"open\": {\"south\": 6, \
    \"north\": 6}, \"reserve\": {\"south\": 0, \"north\": 0}, \"starter\": \"south\"} (optional, \
    default: the first round), \"rounds\": [[\"1\", \"4\", ...], ...] (optional)}";

/// The body of `POST /api/{variant}/match`. Kept as JSON until [`MatchRecord::read`] checks it
/// key by key, naming `rounds[1][3]` or `start.open.south` when one is wrong.
#[derive(Debug, Deserialize)]
#[serde(transparent)]
pub struct MatchRecord(UniqueKeys);

impl MatchRecord {
    /// The round start the match was taken up at (by default the first round's) and each
    /// round's moves, as text.
    pub fn read(&self, variant: Variant) -> Result<(RoundStart, Vec<Vec<String>>), RecordError> {
        let Json::Object(fields) = &self.0 .0 else {
            return Err(RecordError::bad("body", format!("body: {MATCH_SHAPE}")));
        };
        only_keys(fields, "", &["start", "rounds"], MATCH_SHAPE)?;
        let start = match fields.get("start") {
            None | Some(Json::Null) => RoundStart::first(variant),
            Some(start) => read_start(variant, start)?,
        };
        let rounds = match fields.get("rounds") {
            None | Some(Json::Null) => Vec::new(),
            Some(Json::Array(rounds)) if rounds.len() > MAX_MATCH_ROUNDS => {
                return Err(RecordError::TooManyRounds {
                    count: rounds.len(),
                    limit: MAX_MATCH_ROUNDS,
                })
            }
            Some(Json::Array(rounds)) => rounds
                .iter()
                .enumerate()
                .map(|(i, moves)| read_moves(&format!("rounds[{i}]"), moves))
                .collect::<Result<_, _>>()?,
            Some(_) => {
                return Err(RecordError::bad(
                    "rounds",
                    "rounds: expected an array with each round's moves, e.g. [[\"1\", \"4\"], \
                     \"2 6 3\"]",
                ))
            }
        };
        Ok((start, rounds))
    }
}

/// A `start` object: open pits and reserves of each side, and who starts.
fn read_start(variant: Variant, start: &Json) -> Result<RoundStart, RecordError> {
    const SHAPE: &str = "expected {\"open\": {\"south\": K, \"north\": K}, \"reserve\": \
        {\"south\": R, \"north\": R}, \"starter\": \"south\" or \"north\"}";
    let Json::Object(fields) = start else {
        return Err(RecordError::bad("start", format!("start: {SHAPE}")));
    };
    only_keys(fields, "start.", &["open", "reserve", "starter"], SHAPE)?;
    let open = by_side(fields, "open", SHAPE)?;
    let reserve = by_side(fields, "reserve", SHAPE)?;
    let starter = match fields.get("starter") {
        Some(Json::String(s)) if s == "south" => Side::South,
        Some(Json::String(s)) if s == "north" => Side::North,
        _ => {
            return Err(RecordError::bad(
                "start.starter",
                "start.starter: expected \"south\" or \"north\"",
            ))
        }
    };
    let too_many = |field: String| {
        RecordError::bad(
            field.clone(),
            format!(
                "{field}: more pits than a side has ({})",
                variant.pits_per_side()
            ),
        )
    };
    let open = BySide::new(
        u8::try_from(open.south).map_err(|_| too_many("start.open.south".into()))?,
        u8::try_from(open.north).map_err(|_| too_many("start.open.north".into()))?,
    );
    RoundStart::new(variant, open, reserve, starter)
        .map_err(|e| RecordError::bad("start", format!("start: {e}")))
}

/// `start.NAME`: `{"south": N, "north": N}`, whole numbers.
fn by_side(
    fields: &Map<String, Json>,
    name: &str,
    shape: &str,
) -> Result<BySide<u32>, RecordError> {
    let field = format!("start.{name}");
    let Some(Json::Object(sides)) = fields.get(name) else {
        return Err(RecordError::bad(field.clone(), format!("{field}: {shape}")));
    };
    only_keys(sides, &format!("{field}."), &["south", "north"], shape)?;
    let side = |key: &str| -> Result<u32, RecordError> {
        let at = format!("{field}.{key}");
        sides
            .get(key)
            .and_then(Json::as_u64)
            .and_then(|n| u32::try_from(n).ok())
            .ok_or_else(|| {
                RecordError::bad(
                    at.clone(),
                    format!("{at}: expected a whole number of at most {}", u32::MAX),
                )
            })
    };
    Ok(BySide::new(side("south")?, side("north")?))
}

/// An error naming the first key of `fields` that is not one of `keys` (`prefix` before it).
fn only_keys(
    fields: &Map<String, Json>,
    prefix: &str,
    keys: &[&str],
    shape: &str,
) -> Result<(), RecordError> {
    match fields.keys().find(|k| !keys.contains(&k.as_str())) {
        Some(key) => Err(RecordError::bad(
            format!("{prefix}{key}"),
            format!("{prefix}{key}: unknown field; {shape}"),
        )),
        None => Ok(()),
    }
}

/// The schema of a match record, written by hand as it is read by hand.
impl PartialSchema for MatchRecord {
    fn schema() -> RefOr<Schema> {
        let count = |what: &str| {
            ObjectBuilder::new()
                .schema_type(Type::Object)
                .description(Some(what))
                .property(
                    "south",
                    ObjectBuilder::new()
                        .schema_type(Type::Integer)
                        .minimum(Some(0)),
                )
                .property(
                    "north",
                    ObjectBuilder::new()
                        .schema_type(Type::Integer)
                        .minimum(Some(0)),
                )
                .required("south")
                .required("north")
                .additional_properties(Some(AdditionalProperties::<Schema>::FreeForm(false)))
        };
        let start = ObjectBuilder::new()
            .schema_type(Type::Object)
            .description(Some(
                "Where the match is taken up (it counts as round 1): each side's open pits \
                 (1 to P, its highest-numbered), its reserve (below 4 unless every pit is \
                 open), who starts; four seeds in each open pit and the reserves make the \
                 variant's seeds. Absent or null: the first round (every pit open, no reserves, \
                 South starts).",
            ))
            .property("open", count("Pits each side opens."))
            .property("reserve", count("Seeds each side keeps off the board."))
            .property(
                "starter",
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .enum_values(Some(["south", "north"])),
            )
            .required("open")
            .required("reserve")
            .required("starter")
            .additional_properties(Some(AdditionalProperties::<Schema>::FreeForm(false)));
        ObjectBuilder::new()
            .schema_type(Type::Object)
            .description(Some(
                "A match so far: where it was taken up, and each round's moves.",
            ))
            .property("start", start)
            .property(
                "rounds",
                ArrayBuilder::new()
                    .items(moves_schema())
                    .max_items(Some(MAX_MATCH_ROUNDS))
                    .description(Some(
                        "Each round's moves from its start, the first round first. Every \
                         round but the last must end; the last may stop within its round.",
                    )),
            )
            .additional_properties(Some(AdditionalProperties::<Schema>::FreeForm(false)))
            .into()
    }
}

impl ToSchema for MatchRecord {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("MatchRecord")
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn read(body: Json) -> Result<(RoundStart, Vec<Vec<String>>), RecordError> {
        MatchRecord(UniqueKeys(body)).read(Variant::RioKadalis)
    }

    #[test]
    fn a_record_reads_its_start_and_rounds() {
        let (start, rounds) = read(json!({})).unwrap();
        assert_eq!(start, RoundStart::first(Variant::RioKadalis));
        assert!(rounds.is_empty());
        let body = json!({
            "start": {"open": {"south": 2, "north": 6}, "reserve": {"south": 1, "north": 15},
                      "starter": "north"},
            "rounds": [["1", 6], "5 6"]
        });
        let (start, rounds) = read(body).unwrap();
        // South 2 pits + 1, North 6 pits + 15: 9 + 39 = 48.
        assert_eq!(start.open, BySide::new(2, 6));
        assert_eq!(start.reserve, BySide::new(1, 15));
        assert_eq!(start.starter, Side::North);
        assert_eq!(rounds, [vec!["1", "6"], vec!["5", "6"]]);
    }

    #[test]
    fn a_bad_record_names_the_field() {
        let field = |body: Json| read(body).unwrap_err().field();
        assert_eq!(field(json!([])), "body");
        assert_eq!(field(json!({"moves": []})), "moves");
        assert_eq!(field(json!({"rounds": {}})), "rounds");
        assert_eq!(field(json!({"rounds": [["1"], ["2", -1]]})), "rounds[1][1]");
        assert_eq!(field(json!({"start": 3})), "start");
        let start = |open: Json, reserve: Json, starter: Json| json!({"start": {"open": open, "reserve": reserve, "starter": starter}});
        let (six, none) = (
            json!({"south": 6, "north": 6}),
            json!({"south": 0, "north": 0}),
        );
        assert_eq!(
            field(start(json!({"south": 6}), none.clone(), json!("south"))),
            "start.open.north"
        );
        assert_eq!(
            field(start(
                six.clone(),
                json!({"south": 0, "north": 0, "east": 1}),
                json!("south")
            )),
            "start.reserve.east"
        );
        assert_eq!(
            field(start(six.clone(), none.clone(), json!("west"))),
            "start.starter"
        );
        assert_eq!(
            field(start(
                json!({"south": 300, "north": 6}),
                none.clone(),
                json!("north")
            )),
            "start.open.south"
        );
        // Well formed, but 6 + 5 pits with no reserve is 44 seeds, not 48.
        let e = read(start(json!({"south": 6, "north": 5}), none, json!("north"))).unwrap_err();
        assert_eq!(e.field(), "start");
        assert_eq!(
            e.to_string(),
            "start: the round start holds 44 seeds (4 in each open pit plus the reserves), but \
             a match of this variant is played with 48"
        );
        let many = vec![Vec::<String>::new(); MAX_MATCH_ROUNDS + 1];
        assert_eq!(field(json!({ "rounds": many })), "rounds");
    }
}
