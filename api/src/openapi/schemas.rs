//! The schemas of every request and answer body, written by hand next to the types of
//! [`crate::response`] and [`crate::request`]; the components of the document.

use mancala_db::line::MAX_LINE_PLIES;
use serde_json::{json, Value};

use crate::limits::MAX_RECORD_MOVES;

/// The schemas of every request and answer body.
pub fn schemas() -> Value {
    let mut map = serde_json::Map::new();
    map.insert("Error".into(), json!({
        "type": "object", "required": ["error", "field"],
        "properties": {
            "error": {"type": "string", "description": "What is wrong and what was expected."},
            "field": {"type": "string", "nullable": true, "description": "The request field at fault: `variant`, `position`, `budget`, `moves`, `moves[i]`, `body`, `query`, or an unknown body key; null when no field is (unknown route, server errors)."},
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
    map.insert("Evaluation".into(), json!({"type": "object", "required": ["variant", "position", "side", "game_over", "value", "outcome", "moves", "source", "exact"], "properties": {
        "variant": {"type": "string"},
        "position": {"type": "string", "description": "The canonical position."},
        "side": {"type": "string", "enum": ["S", "N"]},
        "game_over": {"allOf": [{"$ref": "#/components/schemas/Totals"}], "nullable": true, "description": "The final totals when the game is over here."},
        "value": {"$ref": "#/components/schemas/Value"},
        "outcome": {"type": "string", "enum": ["win", "draw", "loss"], "description": "The game's result for the side to move with perfect play, counting the seeds captured."},
        "moves": {"type": "array", "description": "Every legal move, best first.", "items": {"type": "object", "required": ["move", "after", "value", "best", "exact"], "properties": {
            "move": {"type": "string", "description": "A pit number or `pass`."},
            "after": {"type": "string", "description": "The canonical position after it."},
            "value": {"$ref": "#/components/schemas/Value"},
            "best": {"type": "boolean", "description": "Keeps the value, by the shortest way when ahead and the longest when behind."},
            "exact": {"type": "boolean", "description": "The value is exact (always from the tablebase); false: a search's estimate (its depth is null)."},
            "sowing": {"type": "array", "description": "Only with `?sowing=true`: the move's sowing step by step, as the rules engine takes it (empty for a pass): lift (seeds taken into the hand from a pit: the pit played, and each pit a relay goes on from), sow (one seed into a pit), store (one seed into the mover's store, Kalah), capture (a pit's seeds taken, by S or N).", "items": {"type": "object", "required": ["step"], "properties": {
                "step": {"type": "string", "enum": ["lift", "sow", "store", "capture"]},
                "pit": {"type": "string", "description": "The pit, as drawn: `S3`, `N12`."},
                "seeds": {"type": "integer", "minimum": 0},
                "side": {"type": "string", "enum": ["S", "N"], "description": "The store's owner."},
                "by": {"type": "string", "enum": ["S", "N"], "description": "Who captures."}
            }}}
        }}},
        "source": {"type": "string", "enum": ["tablebase", "search"], "description": "Where the values come from: the solved slices, or a search beyond them (whose leaves are the tablebase's exact values)."},
        "exact": {"type": "boolean", "description": "The position's value is exact: always from the tablebase; from a search when it proved it, else an estimate from the heuristic at its frontier."},
        "search": {"$ref": "#/components/schemas/Search"}
    }}));
    map.insert("Search".into(), json!({"type": "object", "required": ["depth", "nodes", "seconds", "stopped_by"], "description": "What a search did (only in a search's answer).", "properties": {
        "depth": {"type": "integer", "minimum": 0, "description": "Plies of the deepest iteration completed."},
        "nodes": {"type": "integer", "minimum": 0, "description": "Nodes visited."},
        "seconds": {"type": "number", "description": "Time spent."},
        "stopped_by": {"type": "string", "enum": ["nodes", "time"], "nullable": true, "description": "The budget's limit that stopped the search before its answer was exact; null when none did."}
    }}));
    map.insert("Mainline".into(), json!({"type": "object", "required": ["variant", "position", "value", "outcome", "exact", "tablebase_from", "steps", "end", "game_over", "endless", "truncated", "totals", "winner"], "properties": {
        "variant": {"type": "string"},
        "position": {"type": "string"},
        "value": {"$ref": "#/components/schemas/Value"},
        "outcome": {"type": "string", "enum": ["win", "draw", "loss"]},
        "exact": {"type": "boolean", "description": "The start's value is exact (tablebase, or proven by a search); false: a search's estimate."},
        "tablebase_from": {"type": "integer", "nullable": true, "minimum": 0, "description": "The ply from which every position of the line is in the tablebase (0: the start; the number of steps: only the last position); null when not even the last one is."},
        "steps": {"type": "array", "items": {"type": "object", "required": ["ply", "side", "move", "position", "value", "captured", "extra_turn", "ends_game", "exact"], "properties": {
            "ply": {"type": "integer", "minimum": 1},
            "side": {"type": "string", "enum": ["S", "N"], "description": "The mover."},
            "move": {"type": "string"},
            "position": {"type": "string", "description": "The canonical position after the move."},
            "value": {"allOf": [{"$ref": "#/components/schemas/Value"}], "description": "The move's value for the mover: the value of the position it is played from."},
            "captured": {"allOf": [{"$ref": "#/components/schemas/Totals"}], "description": "Seeds the move added to each side."},
            "extra_turn": {"type": "boolean"},
            "ends_game": {"type": "boolean"},
            "exact": {"type": "boolean", "description": "The value is exact; false: a search's estimate, and the move the best the search found rather than proven perfect play."}
        }}},
        "end": {"type": "string", "enum": ["game_over", "repetition", "limit"]},
        "game_over": {"type": "boolean"},
        "endless": {"type": "boolean", "description": "The value rests on endless play: the line stopped at the first repeated position."},
        "repeated": {"type": "string", "nullable": true, "description": "The repeated position."},
        "repeated_from_ply": {"type": "integer", "nullable": true, "description": "The ply after which the repeated position first stood (0: the start)."},
        "truncated": {"type": "boolean", "description": format!("Cut at {MAX_LINE_PLIES} plies.")},
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
    map.insert("Analysis".into(), json!({"type": "object", "required": ["variant", "start", "moves", "end", "game_over", "summary", "tablebase_from"], "properties": {
        "variant": {"type": "string"},
        "start": {"type": "string"},
        "moves": {"type": "array", "items": {"type": "object", "required": ["index", "side", "move", "position", "after", "value_before", "best_value", "value_kept", "loss", "verdict", "best_moves", "outcome_before", "outcome_after", "source", "exact"], "properties": {
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
            "outcome_after": {"type": "string", "enum": ["win", "draw", "loss"]},
            "source": {"type": "string", "enum": ["tablebase", "search"], "description": "Where the values of the position before the move come from."},
            "exact": {"type": "boolean", "description": "The verdict rests on exact values only; false: on a search's estimates."}
        }}},
        "end": {"type": "string", "description": "The position after the last move."},
        "game_over": {"allOf": [{"$ref": "#/components/schemas/Totals"}], "nullable": true},
        "summary": {"type": "object", "description": "Verdicts counted per side: {\"south\": {\"best\": n, \"inaccuracy\": n, \"mistake\": n, \"blunder\": n}, \"north\": {...}}."},
        "tablebase_from": {"type": "integer", "nullable": true, "minimum": 0, "description": "Where the tablebase took over: the first move from whose position on every position of the record is in the tablebase (the number of moves: only the end; null: not even the end)."}
    }}));
    map.insert("Puzzle".into(), json!({
        "type": "object", "required": ["id", "variant", "collection", "position", "side", "moves_to_find", "rating", "rating_deviation", "plays"],
        "properties": {
            "id": {"type": "integer"},
            "variant": {"type": "string"},
            "collection": {"type": "string", "enum": ["starter", "anuak"], "description": "starter: found in the tablebase; anuak: composed beyond it and proven by exact search."},
            "position": {"type": "string", "description": "South to move; CAPTURED set so that the game's result is at stake."},
            "side": {"type": "string", "enum": ["S"]},
            "moves_to_find": {"type": "integer", "minimum": 1, "description": "South's decisions in the solution; its forced moves are played for it and not counted."},
            "rating": {"type": "number"},
            "rating_deviation": {"type": "number"},
            "plays": {"type": "integer", "description": "Rated attempts: players' first attempts."},
            "themes": {"type": "array", "items": {"type": "string"}, "description": "Only from GET /api/puzzles/{id}."},
            "solution": {"type": "array", "items": {"type": "string"}, "description": "The whole line, solver first (only from GET /api/puzzles/{id})."}
        }
    }));
    map.insert("Attempt".into(), json!({
        "type": "object", "required": ["moves"],
        "properties": {
            "moves": {"type": "array", "items": {"type": "string"}, "description": "The player's moves so far, in order (not the moves played for it)."},
            "give_up": {"type": "boolean", "description": "Show the solution: ends the attempt, a failure unless already solved (default false)."}
        }
    }));
    map.insert("AutoMove".into(), json!({
        "type": "object", "required": ["side", "move"],
        "properties": {
            "side": {"type": "string", "enum": ["N", "S"], "description": "N: North's reply; S: South's forced move."},
            "move": {"type": "string"}
        }
    }));
    map.insert("AttemptResult".into(), json!({
        "type": "object", "required": ["correct", "complete", "auto_played", "replies", "position"],
        "properties": {
            "correct": {"type": "boolean", "description": "Every move kept the win."},
            "complete": {"type": "boolean", "description": "The puzzle is solved."},
            "wrong_move": {"type": "integer", "description": "The first wrong move's index, from 0."},
            "auto_played": {"type": "array", "items": {"$ref": "#/components/schemas/AutoMove"}, "description": "Played for the player after its last move."},
            "replies": {"type": "array", "items": {"type": "array", "items": {"$ref": "#/components/schemas/AutoMove"}}, "description": "Played for the player after each of its moves."},
            "position": {"type": "string", "description": "After the last move and the moves played for the player."},
            "winning_moves": {"type": "array", "items": {"type": "string"}, "description": "After a wrong move: the moves that kept the win."},
            "solution": {"type": "array", "items": {"type": "string"}, "description": "Once the attempt has ended."},
            "themes": {"type": "array", "items": {"type": "string"}, "description": "Once the attempt has ended."},
            "rating": {"type": "number", "description": "Once the attempt has ended: the puzzle's rating (new if rated)."},
            "rated": {"type": "boolean", "description": "Once the attempt has ended: the player's first finished attempt, which re-rated the puzzle and the player."},
            "player": {"$ref": "#/components/schemas/Player"}
        }
    }));
    map.insert(
        "Player".into(),
        json!({
            "type": "object", "required": ["rating", "rating_deviation", "streak", "best_streak"],
            "properties": {
                "rating": {"type": "number"},
                "rating_deviation": {"type": "number"},
                "streak": {"type": "integer", "description": "Streak puzzles solved in a row."},
                "best_streak": {"type": "integer"}
            }
        }),
    );
    map.insert("NewPlayer".into(), json!({
        "allOf": [{"$ref": "#/components/schemas/Player"}, {
            "type": "object", "required": ["token"],
            "properties": {"token": {"type": "string", "description": "Send as `Authorization: Bearer TOKEN`."}}
        }]
    }));
    map.insert("Dashboard".into(), json!({
        "allOf": [{"$ref": "#/components/schemas/Player"}, {
            "type": "object", "required": ["solved", "failed", "themes"],
            "properties": {
                "solved": {"type": "integer", "description": "Puzzles solved at the first attempt."},
                "failed": {"type": "integer", "description": "Puzzles failed or given up at the first attempt."},
                "themes": {"type": "array", "items": {"type": "object", "properties": {
                    "theme": {"type": "string"}, "solved": {"type": "integer"}, "failed": {"type": "integer"}
                }}}
            }
        }]
    }));
    Value::Object(map)
}
