//! The operation of each route: its summary, parameters, body and answers. The route table
//! ([`crate::routes::ROUTES`]) points each documented route at its function here.

use mancala_eval::line::MAX_LINE_PLIES;
use mancala_puzzles::{Collection, Theme};
use mancala_solver::match_play::Match;
use mancala_solver::rounds::RoundStart;
use mancala_solver::Variant;
use mancala_wire::response::MatchJson;
use serde_json::{json, Value};

use crate::limits::{
    MAX_BODY_BYTES, MAX_CERTIFICATE_POSITIONS, MAX_MATCH_ROUNDS, MAX_RECORD_MOVES, PLY_BUDGET,
    QUICK_BUDGET, SEARCH_BUDGET,
};

/// Every variant id, for the `enum` of variant parameters.
fn variant_ids() -> Vec<&'static str> {
    Variant::ALL.iter().map(|v| v.id()).collect()
}

/// The `{variant}` path parameter.
fn variant_param() -> Value {
    json!({
        "name": "variant", "in": "path", "required": true,
        "description": "A variant id (GET /api/variants lists them). Unknown ids are a 404 naming the valid ones.",
        "schema": {"type": "string", "enum": variant_ids()}
    })
}

/// The `position` query parameter.
fn position_param() -> Value {
    json!({
        "name": "position", "in": "query", "required": true,
        "description": "A position string `ROWS SIDE [CAPTURED]` (docs/rules.md#notation): the rows from top to bottom separated by `/`, each row's seed counts from South's left to right separated by `,`; the side to move `S` or `N`; optionally the seeds captured by South and North as `s-n`. In Rio Kadalis a pit closed with sand (a later round of a match) is `x`, e.g. `x,x,4,4,4,4/4,4,4,4,4,4_S`. Write `_` (or `%20`, or `+`) for the spaces.",
        "schema": {"type": "string"},
        "example": "0,0,1,0,2,1/1,0,0,3,0,0_S"
    })
}

/// The `budget` query parameter of an evaluation.
fn budget_param() -> Value {
    json!({
        "name": "budget", "in": "query", "required": false,
        "description": format!("For a position outside the tablebase and the opening book: the most nodes its search may visit (a whole number, at least 1), lowered to the server's cap ({} nodes and {} s by default). Without it, a quick answer: {} nodes or {} ms at most (the opening book's answers, and kept answers of larger budgets, serve it too); `GET /api/{{variant}}/analysis` sharpens an answer up to the cap. A search that runs out of budget answers its estimate (`exact`: false, `search.stopped_by`), never an error. Malformed: a 400 on `budget`.", SEARCH_BUDGET.nodes, SEARCH_BUDGET.time.map_or(0, |t| t.as_secs()), QUICK_BUDGET.nodes, QUICK_BUDGET.time.map_or(0, |t| t.as_millis())),
        "schema": {"type": "integer", "minimum": 1}
    })
}

/// The `sowing` query parameter of the evaluation.
fn sowing_param() -> Value {
    json!({
        "name": "sowing", "in": "query", "required": false,
        "description": "`true`: every move comes with its sowing step by step (`sowing`), for a client that animates it; `false` (the default): without, since the steps are most of the answer's size. Anything else: a 400 on `sowing`.",
        "schema": {"type": "boolean", "default": false}
    })
}

/// The 200 answer: `description`, and a body of the schema named `schema`.
fn ok(description: &str, schema: &str) -> Value {
    json!({"200": {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": format!("#/components/schemas/{schema}")}}}
    }})
}

/// The answers of an operation: `ok` and the error answers of the status `codes`.
fn responses(ok: Value, codes: &[&str]) -> Value {
    let mut map = serde_json::Map::new();
    for &code in codes {
        let description = match code {
            "400" => "Malformed or impossible input: `field` names the part of the request at fault (`position`, `budget`, `moves`, `moves[i]`, `rounds[r]`, `rounds[r][i]`, `start`, `body`, `query`, `variant`, `min_rating`, `max_rating`, `theme`, `mode`, `authorization`).",
            "404" => "Unknown variant (`field`: `variant`), or no such puzzle (`field`: `id`). A legal position is never a 404: outside the tablebase it is searched.",
            "405" => "The path exists but does not take this method (the `Allow` header says which it takes).",
            "408" => "The body did not arrive within 10 seconds of the request's head.",
            "413" => "The body is over the size limit, or the record holds too many moves (or a match record too many rounds).",
            "415" => "The body was not sent as `Content-Type: application/json` (`field`: `content-type`).",
            "500" => "The database failed (never caused by input).",
            "503" => "Every search thread is busy and the search queue is full (the message names the limit; the `Retry-After` header says when to ask again), a damaged chunk, a write on a read-only server (the message says why), a write the database refuses (a full disk, `Retry-After: 60`; a file that cannot be written; a lock another process holds, `Retry-After: 5`, after waiting 10 s for it), the server is shutting down, or (puzzles) none made yet on the first start (`building` names the step; `Retry-After`).",
            _ => "Error.",
        };
        map.insert(
            code.into(),
            json!({
                "description": description,
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
            }),
        );
    }
    if let Value::Object(ok) = ok {
        map.extend(ok);
    }
    Value::Object(map)
}

/// `GET /healthz`.
pub fn healthz() -> Value {
    json!({
        "summary": "Liveness: the server is up.",
        "operationId": "healthz",
        "responses": responses(ok("Always {\"status\": \"ok\"}.", "Health"), &[])
    })
}

/// `GET /api/status`.
pub fn status() -> Value {
    json!({
        "summary": "What the server is building in the background: `serve` listens at once and builds what its database lacks (the default tablebase, starter puzzles, opening books, Anuak problems, then, with `--deepen`, deeper tables while idle: code `deepening`) while it answers from what exists. Never waits for the build. `code` names the step for a client to word in its own language; `ready` says the tablebase and the starter puzzles are there (what may still run only makes answers quicker or adds problems).",
        "operationId": "status",
        "responses": responses(ok("The step under way and its progress, and the steps finished.", "Status"), &[])
    })
}

/// `GET /api/openapi.json`.
pub fn openapi() -> Value {
    json!({
        "summary": "This document.",
        "operationId": "openapi",
        "responses": {"200": {"description": "The OpenAPI 3 description of the service.",
            "content": {"application/json": {"schema": {"type": "object"}}}}}
    })
}

/// `GET /api/variants`.
pub fn variants() -> Value {
    json!({
        "summary": "Every variant: its board, rules summary, and which slices are solved.",
        "operationId": "variants",
        "responses": responses(ok("The variants, in listing order.", "Variants"), &["500"])
    })
}

/// An operation on the position of the query: `GET /api/{variant}...?position=P` with the
/// further query `parameters`, which fails as any reading of a position, a tablebase probe and
/// a search do. `fields` are the summary and the like; `answer` is the 200.
fn on_position(fields: Value, parameters: &[Value], answer: Value) -> Value {
    let mut operation = fields;
    let mut all = vec![variant_param(), position_param()];
    all.extend_from_slice(parameters);
    operation["parameters"] = Value::Array(all);
    operation["responses"] = responses(answer, &["400", "404", "500", "503"]);
    operation
}

/// `GET /api/{variant}`.
pub fn evaluate() -> Value {
    on_position(
        json!({
            "summary": "A position's value and every legal move's value, best first (the same JSON as `mancala eval --json`).",
            "description": "Every legal position is answered: from the tablebase where it holds the position (`source`: `tablebase`, every value exact), else from the opening book (`source`: `book`: a search made when the book was built, with `search` saying how deep it went), else by a search whose leaves are the tablebase's exact values (`source`: `search`, with `search` saying how deep it went, and `search.kept` whether it is an earlier search's answer, kept; `exact` says whether the value is proven, each move's `exact` likewise). Searches run on their own bounded threads: when all are busy and the queue is full the answer is a 503. A tablebase answer never changes for a given solver and rules version: it carries `Cache-Control: public, max-age=86400` and an `ETag`, and a request whose `If-None-Match` holds that tag gets a 304 with no body; a searched answer is `no-cache`. Any origin may call it (CORS).",
            "operationId": "evaluate"
        }),
        &[budget_param(), sowing_param()],
        ok("The evaluation.", "Evaluation"),
    )
}

/// `GET /api/{variant}/analysis`.
pub fn analysis() -> Value {
    let answer = json!({"200": {
        "description": "A stream of Server-Sent Events. `iteration` (none or more): the evaluation after each iteration the search completed, one ply deeper each time (`search.depth`), the same JSON as `GET /api/{variant}` (schema Evaluation). Then one `answer`: the final evaluation, which the plain route gives from then on for the same budget (it is kept). Or one `error`: the plain route's error body (schema Error), for a failure met once the stream has begun (all search threads busy and the queue full, a damaged table). The stream ends after `answer` or `error`.",
        "content": {"text/event-stream": {"schema": {"type": "string"}, "example": "event: iteration\ndata: {\"variant\": \"oware\", ...}\n\nevent: answer\ndata: {\"variant\": \"oware\", ...}\n\n"}}
    }});
    on_position(
        json!({
            "summary": "A position's evaluation as it sharpens: an event after every iteration of the search, then the final answer.",
            "description": format!("For a client that shows a first estimate at once and lets the player watch the depth grow. The search runs up to `budget` (the server's cap, {} nodes or {} s, by default). A position the tablebase holds, or whose answer is kept or in the opening book, gets only its `answer`, at once. A client that closes the connection stops the search at once. `HEAD` answers at once and searches nothing.", SEARCH_BUDGET.nodes, SEARCH_BUDGET.time.map_or(0, |t| t.as_secs())),
            "operationId": "analysis"
        }),
        &[budget_param()],
        answer,
    )
}

/// `GET /api/{variant}/mainline`.
pub fn mainline() -> Value {
    on_position(
        json!({
            "summary": "The line of perfect play from the position to the end of the game.",
            "description": format!("Every step plays the best move: the best value, and among moves of that value the shortest depth for the side ahead and the longest for the side behind. Where the value rests on endless play the line stops at the first repeated position (`endless`: true). Lines are cut at {MAX_LINE_PLIES} plies (`truncated`). Outside the tablebase each position is answered from the opening book or a kept answer, else searched ({} nodes at most for the first, a sixteenth of that for each later one, whose search starts from what the earlier ones found) until the tablebase takes over (`tablebase_from`); those steps are marked `exact`: false unless the search proved them.", PLY_BUDGET.nodes),
            "operationId": "mainline"
        }),
        &[],
        ok("The line.", "Mainline"),
    )
}

/// `GET /api/{variant}/certificate`.
pub fn certificate() -> Value {
    let answer = json!({"200": {
        "description": "The certificate, in the format `mancala-proof/1` of docs/proofs.md: JSON Lines, a header line (`format`, `variant`, `root`, `value`, `tablebase_max_seeds`), then one line a strategy position (`bound`: `lower` or `upper`, `position`, `move`). Check it against the same tablebase with `mancala proof check FILE --db DB` or the Python package's `check_proof`: nothing in it rests on the search.",
        "content": {"application/jsonl": {"schema": {"type": "string"}, "example": "{\"format\":\"mancala-proof/1\",\"variant\":\"rio-kadalis\",\"root\":\"4,4,4,4,4,4/4,4,4,4,4,4 S\",\"value\":-8,\"tablebase_max_seeds\":20}\n{\"bound\":\"lower\",\"position\":\"0,0,9,9,0,0/3,3,1,2,1,0 S\",\"move\":\"4\"}\n"}}
    }});
    let mut operation = on_position(
        json!({
            "summary": "A certificate that the position's value is exact: two strategies that a second, independent program checks (the same file as `mancala prove`).",
            "description": format!("The search first proves the value exact within `budget` (the server's cap by default), then walks the strategies out of that proof; a position the tablebase holds needs no strategy. 422 (`field`: `position`) when the search does not prove the value exact within the budget (raise `budget`), or the proof walks more than {MAX_CERTIFICATE_POSITIONS} positions or runs past the server's time limit: the message says which. Streamed as it is sent, `no-cache`."),
            "operationId": "certificate"
        }),
        &[budget_param()],
        answer,
    );
    operation["responses"]["422"] = json!({
        "description": "No certificate: the value is not proven exact within the budget, or the proof is larger or slower than the server allows (the message says which and how far it got).",
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    });
    operation
}

/// `POST /api/{variant}/analyse`.
pub fn analyse() -> Value {
    json!({
        "summary": "Judge every move of a game record.",
        "description": format!("For every move: the value before it, the best value available, the value it kept, the loss and a verdict. Loss = best value minus kept value, for the mover: seeds in score variants; result steps in win/draw/loss variants (win to draw and draw to loss 1, win to loss 2). Verdicts: loss 0 `best`; score variants 1-2 `inaccuracy`, 3-5 `mistake`, 6 or more `blunder`; win/draw/loss variants `mistake`. Always `blunder` when the move throws away a won game (the result of the whole game for the mover, counting the seeds already captured, goes from win to draw or loss), and at least `mistake` when it turns a drawn game into a lost one. A malformed or illegal move is a 400 with its `index` (from 0), the `move`, the `position` and the `legal` moves; an object of the body that gives a key twice is a 400 on `body`. Positions outside the tablebase are answered from the opening book or a kept answer, else searched ({} nodes at most for the first, a sixteenth of that for each later one): such a move has `source`: `search`, and `exact`: false when its verdict rests on estimates; `tablebase_from` says where the tablebase took over. Limits: {MAX_BODY_BYTES} bytes of body (413), {MAX_RECORD_MOVES} moves (413).", PLY_BUDGET.nodes),
        "operationId": "analyse",
        "parameters": [variant_param()],
        "requestBody": {"required": true, "content": {"application/json": {
            "schema": {"$ref": "#/components/schemas/Record"},
            "example": {"position": "4,4,4,4,4,4/4,4,4,4,4,4 S", "moves": ["1", "4"]}
        }}},
        "responses": responses(ok("The analysis.", "Analysis"), &["400", "404", "408", "413", "415", "500", "503"])
    })
}

/// `POST /api/{variant}/match`.
pub fn play_match() -> Value {
    json!({
        "summary": "A Rio Kadalis match round by round: where it stands after the rounds played (the same JSON as `mancala match --json`).",
        "description": format!("Rio Kadalis is played as a match of rounds (docs/matches.md): at a round's end each player opens one pit with four seeds for every four of their winnings (seeds won in the round plus their reserve), from their pit P down, closes the rest with sand and keeps the remainder in reserve; the player who won fewer seeds starts the next round (after an equal round, the one who did not start it). Below four seeds a player can open no pit and loses the match; a round that would start as an earlier one did draws it. The record: `start`, where the match is taken up (absent: the first round), and `rounds`, each round's moves from its start; every round but the last must end, the last may stop within its round. The answer: every round begun, with its start (open pits, reserves, starter, the start position with `x` for a closed pit), its moves, where it stands and, once over, what each side won and its winnings; a round just ended is followed by the next round's start; `end` says who won the match or which round the next would repeat; `evaluation` values the round under way (its position and every move, from the tablebase or a quick search, as `GET /api/{{variant}}` answers). `worth` says what the match is worth from there when it is played to be won (won within so many rounds, a draw, or open where neither the round's value nor a search of the round within its limits decides it), and after each move; `better_for_match` lists the moves better for the match than every move perfect play for seeds picks (`best` in `evaluation`) (docs/matches.md, \"Played to win the match\"). The round starts' values behind it are searched the first time a match of the variant is asked about (a second or two), then kept. Only `rio-kadalis` and `rio-kadalis-5` are played as matches (any other variant: a 400 on `variant`). A start that no match can reach is a 400 on `start` saying why; a move that cannot be played is a 400 with `field` `rounds[r][i]` (both from 0), `round` (from 1), `index`, `move`, `position` and the `legal` moves; a round given after its match ended or while the one before had not is a 400 on `rounds[r]`; an object of the body that gives a key twice is a 400 on `body`. Limits: {MAX_BODY_BYTES} bytes of body, {MAX_MATCH_ROUNDS} rounds, {MAX_RECORD_MOVES} moves a round (413)."),
        "operationId": "playMatch",
        "parameters": [variant_param()],
        "requestBody": {"required": true, "content": {"application/json": {
            "schema": {"$ref": "#/components/schemas/MatchRecord"},
            "examples": {
                "a whole match": {
                    "summary": "Taken up where South has one pit open: two rounds, then a draw by repetition (the answer's example)",
                    "value": {"start": {"open": {"south": 1, "north": 6}, "reserve": {"south": 3, "north": 17}, "starter": "south"}, "rounds": [["6", "4", "6", "3"], ["5", "1"]]}
                },
                "first round under way": {
                    "summary": "The first round, two moves in",
                    "value": {"rounds": [["1", "4"]]}
                },
                "a later round": {
                    "summary": "Taken up where South has two pits open and North six, North to start",
                    "value": {"start": {"open": {"south": 2, "north": 6}, "reserve": {"south": 1, "north": 15}, "starter": "north"}, "rounds": []}
                }
            }
        }}},
        "responses": responses(with_example(ok("The match and where it stands.", "Match"), match_example()), &["400", "404", "408", "413", "415", "500", "503"])
    })
}

/// `ok` with `example` as its body's example.
fn with_example(mut ok: Value, example: Value) -> Value {
    ok["200"]["content"]["application/json"]["example"] = example;
    ok
}

/// The answer to a whole match (docs/matches.md, worked by hand in tests/api/matches.rs): taken
/// up where South has one pit open, two rounds, then a draw by repetition (no round under way,
/// so no `evaluation`). Made by the code that answers, so that it cannot go stale.
fn match_example() -> Value {
    let variant = Variant::RioKadalis;
    let Ok(start) = RoundStart::parse(variant, "1,6,3,17,S") else {
        return Value::Null;
    };
    let rounds = [vec!["6", "4", "6", "3"], vec!["5", "1"]];
    match Match::replay_from(variant, start, rounds) {
        Ok(game) => serde_json::to_value(MatchJson::new(&game, &[])).unwrap_or_default(),
        Err(_) => Value::Null,
    }
}

/// The optional player token of the puzzle routes, and the required one of `/api/players/me`.
fn player_security(required: bool) -> Value {
    if required {
        json!([{"player": []}])
    } else {
        json!([{"player": []}, {}])
    }
}

/// `GET /api/puzzles/next`.
pub fn next_puzzle() -> Value {
    json!({
        "summary": "A puzzle to solve, without its solution or themes (they give the plan away; the attempt's end shows them).",
        "description": "A puzzle is a position (CAPTURED included, so the whole game's result is at stake) in which South, to move, wins the game with perfect play. Its first move and every move to find is a decision: at least two legal moves, at least one of which loses the win, and exactly one keeps it (score variants: the best score, every other move losing the game or 4 seeds). Where South has a single legal move along the line it is played automatically and not counted in `moves_to_find`. With a player token and no rating range: one of the puzzles nearest the player's rating that it has not tried. `mode=streak` (token required): the player's streak puzzle, the easiest untried puzzle rated above the streak's last solved one; a failure ends the streak. `collection=anuak`: only the Anuak problems, composed beyond the tablebase and proven by exact search, with exactly one winning move at every South turn (attempts are checked against the stored line); `collection=starter`: only the tablebase's puzzles; absent: both. Unknown variant, unknown theme (matched exactly), unknown collection, a rating out of 0..4000 or min above max: 400 naming the parameter. 404 when none matches; 503 with `Retry-After` and `building` (the step) when none matches yet because the server's first start is still making the tablebase or the starter puzzles.",
        "operationId": "nextPuzzle",
        "security": player_security(false),
        "parameters": [
            {"name": "variant", "in": "query", "required": false, "schema": {"type": "string", "enum": variant_ids()}},
            {"name": "min_rating", "in": "query", "required": false, "schema": {"type": "number", "minimum": 0, "maximum": 4000}},
            {"name": "max_rating", "in": "query", "required": false, "schema": {"type": "number", "minimum": 0, "maximum": 4000}},
            {"name": "theme", "in": "query", "required": false, "schema": {"type": "string", "enum": Theme::ALL.map(Theme::as_str)}},
            {"name": "mode", "in": "query", "required": false, "schema": {"type": "string", "enum": ["random", "streak"]}},
            {"name": "collection", "in": "query", "required": false, "schema": {"type": "string", "enum": Collection::ALL.map(Collection::as_str)}}
        ],
        "responses": responses(ok("A puzzle, without `solution` and `themes`.", "Puzzle"), &["400", "404", "500", "503"])
    })
}

/// `GET /api/puzzles/daily`.
pub fn daily_puzzle() -> Value {
    json!({
        "summary": "The puzzle of the day (UTC) of a variant, the same for everyone all day, without its solution or themes.",
        "description": "404 when the variant has no puzzle; 503 with `Retry-After` and `building` (the step) when it has none yet because the server's first start is still making the tablebase or the starter puzzles.",
        "operationId": "dailyPuzzle",
        "parameters": [
            {"name": "variant", "in": "query", "required": true, "schema": {"type": "string", "enum": variant_ids()}}
        ],
        "responses": responses(ok("The daily puzzle.", "Puzzle"), &["400", "404", "500", "503"])
    })
}

/// `GET /api/puzzles/{id}`.
pub fn puzzle() -> Value {
    json!({
        "summary": "A puzzle by id, with its solution and themes.",
        "operationId": "puzzle",
        "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}],
        "responses": responses(ok("The puzzle, with `solution` and `themes`.", "Puzzle"), &["400", "404", "500"])
    })
}

/// `POST /api/puzzles/{id}/attempt`.
pub fn attempt() -> Value {
    json!({
        "summary": "Check the player's moves so far against the tablebase and answer with the moves played for the player.",
        "description": "`moves` are the player's moves only (its decisions), from the puzzle's position, in order; the server replays them, answering each with North's best defence (the longest resistance) and playing South's forced moves, until South has a decision again (`replies`, `auto_played`). Any move that keeps the win counts, even off the stored line. The attempt ends when solved, at a wrong move, or with `give_up` (the player asks for the solution: a failure unless already solved); it is then recorded and the answer has the `solution`, the `themes` and the puzzle's `rating`. Only a player's first finished attempt at a puzzle (`rated`) re-rates the puzzle and the player (Glicko-2, the puzzle winning when the player fails); replays, attempts after giving up and attempts without a token rate nothing. With a token the answer has the `player`'s rating and streak.",
        "operationId": "attempt",
        "security": player_security(false),
        "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}],
        "requestBody": {"required": true, "content": {"application/json": {
            "schema": {"$ref": "#/components/schemas/Attempt"},
            "example": {"moves": ["3"]}
        }}},
        "responses": responses(ok("How the attempt stands.", "AttemptResult"), &["400", "404", "408", "413", "415", "500", "503"])
    })
}

/// `POST /api/players`.
pub fn new_player() -> Value {
    json!({
        "summary": "A new player: an opaque token (no password, no personal data) and a newcomer's rating (1500).",
        "description": "Send the token as `Authorization: Bearer TOKEN` on the puzzle routes; the web page keeps it in local storage.",
        "operationId": "newPlayer",
        "requestBody": {"required": true, "content": {"application/json": {
            "schema": {"$ref": "#/components/schemas/NewPlayerRequest"},
            "example": {}
        }}},
        "responses": responses(json!({"201": {
            "description": "The new player.",
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/NewPlayer"}}}
        }}), &["400", "408", "413", "415", "500", "503"])
    })
}

/// `GET /api/players/me`.
pub fn me() -> Value {
    json!({
        "summary": "The player's dashboard: rating, streaks, the rating after each first attempt, puzzles solved and failed at the first attempt, in all and by theme.",
        "operationId": "me",
        "security": player_security(true),
        "responses": responses(ok("The dashboard.", "Dashboard"), &["400", "500"])
    })
}
