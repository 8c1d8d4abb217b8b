//! The OpenAPI 3.0 description of the service, served at `GET /api/openapi.json`. Written by hand
//! next to the JSON types in [`crate::json`] and `mancala_db::json`; a test checks that it lists
//! every route.

use serde_json::{json, Value};

use crate::error::{MAX_BODY_BYTES, MAX_RECORD_MOVES};

/// The document as JSON bytes.
pub fn document_bytes() -> Vec<u8> {
    serde_json::to_vec(&document()).unwrap_or_default()
}

/// The document.
pub fn document() -> Value {
    let ids: Vec<&str> = mancala_solver::Variant::ALL
        .iter()
        .map(|v| v.id())
        .collect();
    let variant_param = json!({
        "name": "variant", "in": "path", "required": true,
        "description": "A variant id (GET /api/variants lists them). Unknown ids are a 404 naming the valid ones.",
        "schema": {"type": "string", "enum": ids}
    });
    let position_param = json!({
        "name": "position", "in": "query", "required": true,
        "description": "A position string `ROWS SIDE [CAPTURED]` (RULES.md §1): the rows from top to bottom separated by `/`, each row's seed counts from South's left to right separated by `,`; the side to move `S` or `N`; optionally the seeds captured by South and North as `s-n`. Write `_` (or `%20`, or `+`) for the spaces.",
        "schema": {"type": "string"},
        "example": "0,0,1,0,2,1/1,0,0,3,0,0_S"
    });
    let errors = |codes: &[&str]| -> Value {
        let mut map = serde_json::Map::new();
        for &code in codes {
            let description = match code {
                "400" => "Malformed or impossible input: `field` names the part of the request at fault (`position`, `moves`, `moves[i]`, `body`, `query`).",
                "404" => "Unknown variant (`field`: `variant`), or the position's slice is not solved (`field`: `position`, with `slice` and the `solve` command).",
                "405" => "The path exists but does not take this method (the `Allow` header says which it takes).",
                "413" => "The body is over the size limit, or the record holds too many moves.",
                "500" => "The database failed (never caused by input).",
                "503" => "A damaged chunk, or the server is shutting down.",
                _ => "Error.",
            };
            map.insert(code.into(), json!({
                "description": description,
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
            }));
        }
        Value::Object(map)
    };
    let with = |ok: Value, codes: &[&str]| -> Value {
        let mut responses = errors(codes);
        if let (Value::Object(map), Value::Object(ok)) = (&mut responses, ok) {
            map.extend(ok);
        }
        responses
    };
    let ok = |description: &str, schema: &str| -> Value {
        json!({"200": {
            "description": description,
            "content": {"application/json": {"schema": {"$ref": format!("#/components/schemas/{schema}")}}}
        }})
    };

    json!({
        "openapi": "3.0.3",
        "info": {
            "title": "mancala tablebase",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "Perfect-play values of traditional mancala positions from a solved endgame tablebase. Values are from the side to move (RULES.md §2): in score variants `score`, the seeds still to be won minus those still to be lost with perfect play (0 is also what endless play is worth); in win/draw/loss variants (hawalis, bao-la-kiarabu) `result`. `depth` is the number of plies to the next capture or the end of the game when the side ahead hurries and the side behind delays (null where the value is that of endless play). Every error is JSON: {\"error\": message, \"field\": field or null, ...}; input errors are 4xx, never 500."
        },
        "paths": {
            "/healthz": {"get": {
                "summary": "Liveness: the server is up.",
                "operationId": "healthz",
                "responses": with(ok("Always {\"status\": \"ok\"}.", "Health"), &[])
            }},
            "/api/openapi.json": {"get": {
                "summary": "This document.",
                "operationId": "openapi",
                "responses": {"200": {"description": "The OpenAPI 3 description of the service.",
                    "content": {"application/json": {"schema": {"type": "object"}}}}}
            }},
            "/api/variants": {"get": {
                "summary": "Every variant: its board, rules summary, and which slices are solved.",
                "operationId": "variants",
                "responses": with(ok("The variants, in listing order.", "Variants"), &["500"])
            }},
            "/api/{variant}": {"get": {
                "summary": "A position's value and every legal move's value, best first (the same JSON as `mancala eval --json`).",
                "operationId": "evaluate",
                "parameters": [variant_param.clone(), position_param.clone()],
                "responses": with(ok("The evaluation.", "Evaluation"), &["400", "404", "500", "503"])
            }},
            "/api/{variant}/mainline": {"get": {
                "summary": "The line of perfect play from the position to the end of the game.",
                "description": "Every step plays the best move: the best value, and among moves of that value the shortest depth for the side ahead and the longest for the side behind. Where the value rests on endless play the line stops at the first repeated position (`endless`: true). Lines are cut at 10000 plies (`truncated`).",
                "operationId": "mainline",
                "parameters": [variant_param.clone(), position_param],
                "responses": with(ok("The line.", "Mainline"), &["400", "404", "500", "503"])
            }},
            "/api/{variant}/analyse": {"post": {
                "summary": "Judge every move of a game record.",
                "description": format!("For every move: the value before it, the best value available, the value it kept, the loss and a verdict. Loss = best value minus kept value, for the mover: seeds in score variants; result steps in win/draw/loss variants (win to draw and draw to loss 1, win to loss 2). Verdicts: loss 0 `best`; score variants 1-2 `inaccuracy`, 3-5 `mistake`, 6 or more `blunder`; win/draw/loss variants `mistake`. Always `blunder` when the move throws away a won game (the result of the whole game for the mover, counting the seeds already captured, goes from win to draw or loss), and at least `mistake` when it turns a drawn game into a lost one. A malformed or illegal move is a 400 with its `index` (from 0), the `move`, the `position` and the `legal` moves. Limits: {MAX_BODY_BYTES} bytes of body (413), {MAX_RECORD_MOVES} moves (413)."),
                "operationId": "analyse",
                "parameters": [variant_param],
                "requestBody": {"required": true, "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/Record"},
                    "example": {"position": "4,4,4,4,4,4/4,4,4,4,4,4 S", "moves": ["1", "4"]}
                }}},
                "responses": with(ok("The analysis.", "Analysis"), &["400", "404", "413", "500", "503"])
            }},
            "/api/puzzles/next": {"get": {
                "summary": "A puzzle to solve (without its solution), picked at random among those matching the filter.",
                "description": "A puzzle is a position (CAPTURED included, so the whole game's result is at stake) in which South, to move, wins the game with perfect play and, at each of its turns along the solution, exactly one move keeps the win (score variants: the best score, every other move losing the game or 4 seeds). 404 when none matches.",
                "operationId": "nextPuzzle",
                "parameters": [
                    {"name": "variant", "in": "query", "required": false, "schema": {"type": "string", "enum": ids}},
                    {"name": "min_rating", "in": "query", "required": false, "schema": {"type": "number"}},
                    {"name": "max_rating", "in": "query", "required": false, "schema": {"type": "number"}},
                    {"name": "theme", "in": "query", "required": false, "schema": {"type": "string"}, "description": "A theme tag: oneMove short long veryLong quiet sacrifice relay binikh extraTurn starvation immobilisation grandSlam."}
                ],
                "responses": with(ok("A puzzle, without `solution`.", "Puzzle"), &["400", "404", "500"])
            }},
            "/api/puzzles/{id}": {"get": {
                "summary": "A puzzle by id, with its solution.",
                "operationId": "puzzle",
                "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}],
                "responses": with(ok("The puzzle, with `solution`.", "Puzzle"), &["400", "404", "500"])
            }},
            "/api/puzzles/{id}/attempt": {"post": {
                "summary": "Check the player's moves so far against the tablebase and answer with the opponent's reply.",
                "description": "`moves` are the player's moves only, from the puzzle's position, in order; the server replays them, answering each with the opponent's best defence (the longest resistance). Any move that keeps the win counts, even off the stored line. When the attempt ends (solved, or a wrong move) it is recorded and the puzzle's Glicko-2 rating updated against the player's `rating` (default 1500): the answer then has the `solution` and the puzzle's new `rating`.",
                "operationId": "attempt",
                "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}],
                "requestBody": {"required": true, "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/Attempt"},
                    "example": {"moves": ["3"], "rating": 1500}
                }}},
                "responses": with(ok("How the attempt stands.", "AttemptResult"), &["400", "404", "413", "500", "503"])
            }}
        },
        "components": {"schemas": schemas()}
    })
}

/// The schemas of every request and answer body.
fn schemas() -> Value {
    let mut map = serde_json::Map::new();
    map.insert("Error".into(), json!({
        "type": "object", "required": ["error", "field"],
        "properties": {
            "error": {"type": "string", "description": "What is wrong and what was expected."},
            "field": {"type": "string", "nullable": true, "description": "The request field at fault: `variant`, `position`, `moves`, `moves[i]`, `body`, `query`, or an unknown body key; null when no field is (unknown route, server errors)."},
            "index": {"type": "integer", "description": "Bad move: its place in the record, from 0."},
            "move": {"type": "string", "description": "Bad move: the move as given."},
            "legal": {"type": "array", "items": {"type": "string"}, "description": "Bad move: the legal moves where it was to be played (empty: the game is over, or the move is malformed)."},
            "position": {"type": "string", "description": "Bad move: the position where it was to be played."},
            "slice": {"type": "string", "description": "Unsolved slice: `VARIANT slice ID`."},
            "solve": {"type": "string", "description": "Unsolved slice: the command that solves it."}
        }
    }));
    map.insert(
        "Health".into(),
        json!({"type": "object", "required": ["status"],
        "properties": {"status": {"type": "string", "enum": ["ok"]}}}),
    );
    map.insert(
        "Totals".into(),
        json!({"type": "object", "required": ["south", "north"], "properties": {
        "south": {"type": "integer", "minimum": 0}, "north": {"type": "integer", "minimum": 0}}}),
    );
    map.insert("Value".into(), json!({
        "type": "object", "required": ["depth"],
        "description": "`score` in score variants, `result` in win/draw/loss variants.",
        "properties": {
            "score": {"type": "integer", "description": "Seeds still to be won minus seeds still to be lost, for the side to move (or the mover, for a move)."},
            "result": {"type": "string", "enum": ["win", "draw", "loss"]},
            "depth": {"type": "integer", "nullable": true, "minimum": 0, "description": "Plies to the next capture or the end of the game; null where the value is that of endless play."}
        }
    }));
    map.insert("Variants".into(), json!({"type": "object", "required": ["variants", "solver_version", "rules_version"], "properties": {
        "variants": {"type": "array", "items": {"$ref": "#/components/schemas/Variant"}},
        "solver_version": {"type": "string"},
        "rules_version": {"type": "string"}
    }}));
    map.insert("Variant".into(), json!({"type": "object", "required": ["id", "name", "board", "scoring", "rules", "source", "start", "solved"], "properties": {
        "id": {"type": "string"},
        "name": {"type": "string"},
        "board": {"type": "object", "properties": {
            "rows": {"type": "integer", "enum": [2, 4]},
            "pits_per_row": {"type": "integer"},
            "pits_per_side": {"type": "integer", "description": "A side's pits are numbered 1..pits_per_side."},
            "seeds_per_pit": {"type": "integer"},
            "total_seeds": {"type": "integer"},
            "sowing": {"type": "string", "enum": ["counter-clockwise", "clockwise"]}
        }},
        "scoring": {"type": "string", "enum": ["score", "win-draw-loss"]},
        "rules": {"type": "string"},
        "source": {"type": "string"},
        "start": {"type": "string", "description": "The start position."},
        "solved": {"type": "object", "properties": {
            "slices": {"type": "array", "items": {"type": "string"}, "description": "Slices solved under the current rules: seeds on the board (`12`), or mover-opponent seeds on four-row boards (`5-3`)."},
            "max_seeds": {"type": "integer", "nullable": true, "description": "Every position with at most this many seeds on the board can be evaluated."},
            "positions": {"type": "integer"}
        }}
    }}));
    map.insert("Evaluation".into(), json!({"type": "object", "required": ["variant", "position", "side", "game_over", "value", "outcome", "moves"], "properties": {
        "variant": {"type": "string"},
        "position": {"type": "string", "description": "The canonical position."},
        "side": {"type": "string", "enum": ["S", "N"]},
        "game_over": {"allOf": [{"$ref": "#/components/schemas/Totals"}], "nullable": true, "description": "The final totals when the game is over here."},
        "value": {"$ref": "#/components/schemas/Value"},
        "outcome": {"type": "string", "enum": ["win", "draw", "loss"], "description": "The game's result for the side to move with perfect play, counting the seeds captured."},
        "moves": {"type": "array", "description": "Every legal move, best first.", "items": {"type": "object", "required": ["move", "after", "value", "best"], "properties": {
            "move": {"type": "string", "description": "A pit number or `pass`."},
            "after": {"type": "string", "description": "The canonical position after it."},
            "value": {"$ref": "#/components/schemas/Value"},
            "best": {"type": "boolean", "description": "Keeps the value, by the shortest way when ahead and the longest when behind."}
        }}}
    }}));
    map.insert("Mainline".into(), json!({"type": "object", "required": ["variant", "position", "value", "outcome", "steps", "end", "game_over", "endless", "truncated", "totals", "winner"], "properties": {
        "variant": {"type": "string"},
        "position": {"type": "string"},
        "value": {"$ref": "#/components/schemas/Value"},
        "outcome": {"type": "string", "enum": ["win", "draw", "loss"]},
        "steps": {"type": "array", "items": {"type": "object", "required": ["ply", "side", "move", "position", "value", "captured", "extra_turn", "ends_game"], "properties": {
            "ply": {"type": "integer", "minimum": 1},
            "side": {"type": "string", "enum": ["S", "N"], "description": "The mover."},
            "move": {"type": "string"},
            "position": {"type": "string", "description": "The canonical position after the move."},
            "value": {"allOf": [{"$ref": "#/components/schemas/Value"}], "description": "The move's value for the mover: the value of the position it is played from."},
            "captured": {"allOf": [{"$ref": "#/components/schemas/Totals"}], "description": "Seeds the move added to each side."},
            "extra_turn": {"type": "boolean"},
            "ends_game": {"type": "boolean"}
        }}},
        "end": {"type": "string", "enum": ["game_over", "repetition", "limit"]},
        "game_over": {"type": "boolean"},
        "endless": {"type": "boolean", "description": "The value rests on endless play: the line stopped at the first repeated position."},
        "repeated": {"type": "string", "nullable": true, "description": "The repeated position."},
        "repeated_from_ply": {"type": "integer", "nullable": true, "description": "The ply after which the repeated position first stood (0: the start)."},
        "truncated": {"type": "boolean", "description": "Cut at 10000 plies."},
        "totals": {"allOf": [{"$ref": "#/components/schemas/Totals"}], "description": "The final totals when the game is over, else the seeds captured so far."},
        "winner": {"type": "string", "enum": ["south", "north"], "nullable": true, "description": "null: a draw (or a truncated line)."}
    }}));
    map.insert("Record".into(), json!({"type": "object", "required": ["moves"], "properties": {
        "position": {"type": "string", "description": "The start position (default: the variant's start position)."},
        "moves": {"description": "The moves, in order: pit numbers of the side to move or `pass`, as an array (strings or integers) or one string separated by spaces.",
            "oneOf": [
                {"type": "array", "maxItems": MAX_RECORD_MOVES, "items": {"oneOf": [{"type": "string"}, {"type": "integer", "minimum": 0}]}},
                {"type": "string"}
            ]}
    }}));
    map.insert("Analysis".into(), json!({"type": "object", "required": ["variant", "start", "moves", "end", "game_over", "summary"], "properties": {
        "variant": {"type": "string"},
        "start": {"type": "string"},
        "moves": {"type": "array", "items": {"type": "object", "required": ["index", "side", "move", "position", "after", "value_before", "best_value", "value_kept", "loss", "verdict", "best_moves", "outcome_before", "outcome_after"], "properties": {
            "index": {"type": "integer", "minimum": 0},
            "side": {"type": "string", "enum": ["S", "N"]},
            "move": {"type": "string"},
            "position": {"type": "string", "description": "The position the move was played in."},
            "after": {"type": "string"},
            "value_before": {"$ref": "#/components/schemas/Value"},
            "best_value": {"$ref": "#/components/schemas/Value"},
            "value_kept": {"$ref": "#/components/schemas/Value"},
            "loss": {"type": "integer", "minimum": 0},
            "verdict": {"type": "string", "enum": ["best", "inaccuracy", "mistake", "blunder"]},
            "best_moves": {"type": "array", "items": {"type": "string"}},
            "outcome_before": {"type": "string", "enum": ["win", "draw", "loss"]},
            "outcome_after": {"type": "string", "enum": ["win", "draw", "loss"]}
        }}},
        "end": {"type": "string", "description": "The position after the last move."},
        "game_over": {"allOf": [{"$ref": "#/components/schemas/Totals"}], "nullable": true},
        "summary": {"type": "object", "description": "Verdicts counted per side: {\"south\": {\"best\": n, \"inaccuracy\": n, \"mistake\": n, \"blunder\": n}, \"north\": {...}}."}
    }}));
    map.insert("Puzzle".into(), json!({
        "type": "object", "required": ["id", "variant", "position", "side", "moves_to_find", "rating", "rating_deviation", "themes", "plays"],
        "properties": {
            "id": {"type": "integer"},
            "variant": {"type": "string"},
            "position": {"type": "string", "description": "South to move; CAPTURED set so that the game's result is at stake."},
            "side": {"type": "string", "enum": ["S"]},
            "moves_to_find": {"type": "integer", "description": "The solver's moves in the solution."},
            "rating": {"type": "number"},
            "rating_deviation": {"type": "number"},
            "themes": {"type": "array", "items": {"type": "string"}},
            "plays": {"type": "integer"},
            "solution": {"type": "array", "items": {"type": "string"}, "description": "The whole line, solver first (only from GET /api/puzzles/{id})."}
        }
    }));
    map.insert("Attempt".into(), json!({
        "type": "object", "required": ["moves"],
        "properties": {
            "moves": {"type": "array", "items": {"type": "string"}, "description": "The player's moves so far, in order (not the replies)."},
            "rating": {"type": "number", "description": "The player's rating (0 to 4000; default 1500)."}
        }
    }));
    map.insert("AttemptResult".into(), json!({
        "type": "object", "required": ["correct", "complete", "reply", "replies", "position"],
        "properties": {
            "correct": {"type": "boolean", "description": "Every move kept the win."},
            "complete": {"type": "boolean", "description": "The puzzle is solved."},
            "wrong_move": {"type": "integer", "description": "The first wrong move's index, from 0."},
            "reply": {"type": "string", "nullable": true, "description": "The opponent's reply to the last move."},
            "replies": {"type": "array", "items": {"type": "string", "nullable": true}},
            "position": {"type": "string", "description": "After the last move and reply."},
            "winning_moves": {"type": "array", "items": {"type": "string"}, "description": "After a wrong move: the moves that kept the win."},
            "solution": {"type": "array", "items": {"type": "string"}, "description": "Once the attempt has ended."},
            "rating": {"type": "number", "description": "Once the attempt has ended: the puzzle's new rating."}
        }
    }));
    Value::Object(map)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_every_route_with_its_method() {
        let doc = document();
        for (path, method) in crate::routes::ROUTES {
            let op = &doc["paths"][path][method.as_str().to_lowercase()];
            assert!(op.is_object(), "{method} {path} missing");
            assert!(op["responses"]["200"].is_object(), "{method} {path}");
        }
        assert_eq!(
            doc["paths"].as_object().map(|m| m.len()),
            Some(crate::routes::ROUTES.len())
        );
    }

    #[test]
    fn every_reference_resolves() {
        fn refs(v: &Value, out: &mut Vec<String>) {
            match v {
                Value::Object(m) => {
                    for (k, x) in m {
                        if k == "$ref" {
                            out.push(x.as_str().unwrap_or_default().to_owned());
                        }
                        refs(x, out);
                    }
                }
                Value::Array(a) => a.iter().for_each(|x| refs(x, out)),
                _ => {}
            }
        }
        let doc = document();
        let mut out = Vec::new();
        refs(&doc, &mut out);
        assert!(!out.is_empty());
        for r in out {
            let name = r.trim_start_matches("#/components/schemas/");
            assert!(doc["components"]["schemas"][name].is_object(), "{r}");
        }
    }
}
