//! The schemas of the wire, derived from its types (`#[derive(ToSchema)]`, with the few written
//! by hand beside their types where the JSON is not what a derive would see): the
//! `components.schemas` of the service's OpenAPI document, which the command line's help points
//! at. A schema is named for what it describes (`Evaluation`, `Value`), not for its Rust type.

use serde_json::{Map, Value};
use utoipa::OpenApi;

use crate::request::{AttemptBody, GameRecord, MatchRecord, NewPlayerBody};
use crate::response::{
    AnalysisJson, AttemptJson, DashboardJson, ErrorJson, EvaluationJson, HealthJson, MainlineJson,
    MatchJson, MovesJson, NewPlayerJson, PuzzleJson, StatusJson, VariantsJson,
};

/// Every body the service answers with or reads, and what `mancala moves --json` prints; the
/// schemas they use are collected with them.
#[derive(OpenApi)]
#[openapi(components(schemas(
    ErrorJson,
    HealthJson,
    StatusJson,
    VariantsJson,
    EvaluationJson,
    MovesJson,
    MainlineJson,
    MatchRecord,
    MatchJson,
    GameRecord,
    AnalysisJson,
    PuzzleJson,
    AttemptBody,
    AttemptJson,
    NewPlayerBody,
    NewPlayerJson,
    DashboardJson,
)))]
struct Wire;

/// Every schema of the wire by name, as JSON Schema of OpenAPI 3.1 (`type: ["integer", "null"]`
/// for what may be null). References point at `#/components/schemas/NAME`.
pub fn schemas() -> Map<String, Value> {
    let schemas = Wire::openapi()
        .components
        .map(|c| c.schemas)
        .unwrap_or_default();
    let mut json = serde_json::to_value(schemas).unwrap_or_default();
    tidy(&mut json);
    match json {
        Value::Object(map) => map,
        _ => Map::new(),
    }
}

/// Descriptions made readable: each one paragraph (the line breaks of a doc comment are where
/// its source was wrapped, not part of what it says), and a field that may be null described
/// beside its `oneOf` rather than inside the branch that is not null.
fn tidy(v: &mut Value) {
    match v {
        Value::Object(map) => {
            lift_description(map);
            for (key, x) in map.iter_mut() {
                match x {
                    Value::String(text) if key == "description" => {
                        *text = text.split('\n').collect::<Vec<_>>().join(" ");
                    }
                    _ => tidy(x),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(tidy),
        _ => {}
    }
}

/// `{"oneOf": [{"type": "null"}, {"$ref": R, "description": D}]}` (utoipa's form of a field
/// that may be null) as `{"oneOf": [{"type": "null"}, {"$ref": R}], "description": D}`.
fn lift_description(map: &mut Map<String, Value>) {
    if map.contains_key("description") {
        return;
    }
    let Some(Value::Array(branches)) = map.get_mut("oneOf") else {
        return;
    };
    if branches.len() != 2 || branches[0] != serde_json::json!({"type": "null"}) {
        return;
    }
    let Some(description) = branches[1]
        .as_object_mut()
        .and_then(|b| b.remove("description"))
    else {
        return;
    };
    map.insert("description".into(), description);
}
