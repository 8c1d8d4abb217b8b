//! The OpenAPI 3.1 description of the service, served at `GET /api/openapi.json`. Its paths are
//! the documented routes of the route table ([`crate::routes::ROUTES`]), each with its
//! [`operations`] entry, written by hand; its components are the schemas of the bodies,
//! derived from the wire types ([`mancala_wire::schema::schemas`]), to which the operations
//! refer by name. 3.1 because the derived schemas are JSON Schema as 3.1 has it (`"type":
//! ["integer", "null"]` where 3.0 wrote `"nullable": true`).

pub mod operations;

use actix_web::http::Method;
use actix_web::web::Bytes;
use serde_json::{json, Value};

/// The document, serialised once, as `GET /api/openapi.json` serves it (the route table builds
/// it and hands it to the service as application data).
#[derive(Clone, Debug)]
pub struct OpenApiDocument(pub Bytes);

/// The document describing the given operations: `(path, method, operation)` each.
pub fn document<'a>(operations: impl IntoIterator<Item = (&'a str, &'a Method, Value)>) -> Value {
    let mut paths = serde_json::Map::new();
    for (path, method, operation) in operations {
        let entry = paths.entry(path).or_insert_with(|| json!({}));
        if let Value::Object(methods) = entry {
            methods.insert(method.as_str().to_lowercase(), operation);
        }
    }
    json!({
        "openapi": "3.1.0",
        "info": {
            "title": "mancala tablebase",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "Perfect-play values of traditional mancala positions from a solved endgame tablebase. Values are from the side to move (docs/rules.md#values-and-depths): in score variants `score`, the seeds still to be won minus those still to be lost with perfect play (0 is also what endless play is worth); in win/draw/loss variants (hawalis, bao-la-kiarabu) `result`. `depth` is the number of plies to the next capture or the end of the game when the side ahead hurries and the side behind delays (null where the value is that of endless play). Every error is JSON: {\"error\": message, \"field\": field or null, ...}; input errors are 4xx, never 500."
        },
        "paths": paths,
        "components": {
            "schemas": mancala_wire::schema::schemas(),
            "securitySchemes": {"player": {
                "type": "http", "scheme": "bearer",
                "description": "A player's token from POST /api/players (32 hex digits). Optional on the puzzle routes: without it attempts are judged and recorded but rate nothing."
            }}
        }
    })
}
