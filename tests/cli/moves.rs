//! `moves --json` and the move table: every legal move with the position after it, what it
//! captured and how it ends, worked out by hand.

use serde_json::Value;

use crate::common::bin::stdout_of;
use crate::common::eval::keys;
use crate::RIO_START;

/// `mancala moves VARIANT POSITION --json`, parsed, after checking that stdout is exactly one
/// JSON object on one line with the documented keys.
fn moves_json(variant: &str, position: &str) -> Value {
    let text = stdout_of(&["moves", variant, position, "--json"]);
    assert_eq!(text.lines().count(), 1, "one line: {text}");
    assert!(text.starts_with("{\"variant\":"), "{text}");
    let json: Value = serde_json::from_str(&text).expect("valid JSON");
    assert_eq!(
        keys(&json),
        ["game_over", "moves", "position", "variant"],
        "{text}"
    );
    assert_eq!(json["variant"], variant);
    for mv in json["moves"].as_array().expect("moves is an array") {
        let documented = [
            "after",
            "captured",
            "endless",
            "ends_game",
            "extra_turn",
            "move",
        ];
        assert_eq!(keys(mv), documented, "{mv}");
    }
    json
}

/// The moves listed in a `moves --json` answer, in order.
fn move_list(json: &Value) -> Vec<String> {
    json["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap().to_owned())
        .collect()
}

/// How a move ends, besides the position after it and what it captured.
#[derive(Clone, Copy)]
struct Ends {
    extra_turn: bool,
    ends_game: bool,
    endless: bool,
}

/// The turn passes and the game goes on.
const TURN_PASSES: Ends = Ends {
    extra_turn: false,
    ends_game: false,
    endless: false,
};
/// The mover moves again.
const EXTRA_TURN: Ends = Ends {
    extra_turn: true,
    ..TURN_PASSES
};
/// The move ends the game.
const GAME_ENDS: Ends = Ends {
    ends_game: true,
    ..TURN_PASSES
};
/// The sowing never ends, which ends the game.
const ENDLESS: Ends = Ends {
    endless: true,
    ..GAME_ENDS
};

/// Asserts one move's whole entry: the position after it, the seeds each side captured with it
/// (`[south, north]`), and how it ends.
fn assert_move(json: &Value, mv: &str, after: &str, captured: [u64; 2], ends: Ends) {
    let m = json["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["move"] == mv)
        .unwrap_or_else(|| panic!("no move {mv} in {json}"));
    assert_eq!(m["after"], after, "move {mv}: {m}");
    assert_eq!(m["captured"]["south"], captured[0], "move {mv}: {m}");
    assert_eq!(m["captured"]["north"], captured[1], "move {mv}: {m}");
    assert_eq!(m["extra_turn"], ends.extra_turn, "move {mv}: {m}");
    assert_eq!(m["ends_game"], ends.ends_game, "move {mv}: {m}");
    assert_eq!(m["endless"], ends.endless, "move {mv}: {m}");
}

#[test]
fn moves_json_rio_kadalis_start() {
    // South sows pit 1 (4 seeds) counter-clockwise S1..S6, N1..N6 (relay sowing):
    //   S2..S5 -> 5; the last lands in S5 (now 5): lift 5, S5 = 0.
    //   S6, N1, N2, N3, N4 -> 5; last in N4 (5): lift 5, N4 = 0.
    //   N5, N6 -> 5, S1 0 -> 1, S2 -> 6, S3 -> 6; last in S3 (6): lift 6, S3 = 0.
    //   S4 -> 6, S5 0 -> 1, S6 -> 6, N1 -> 6, N2 -> 6, N3 -> 6; last in N3 (6): lift 6, N3 = 0.
    //   N4 0 -> 1, N5 -> 6, N6 -> 6, S1 -> 2, S2 -> 7, S3 0 -> 1: the last seed into an empty
    //   pit ends the move.
    // No pit ever reached exactly 4: nothing captured.
    // South S1..S6 = 2,7,1,6,1,6; North N1..N6 = 6,6,0,1,6,6, drawn N6..N1 = 6,6,1,0,6,6.
    let json = moves_json("rio-kadalis", RIO_START);
    assert_eq!(json["position"], RIO_START);
    assert_eq!(json["game_over"], Value::Null);
    assert_eq!(move_list(&json), ["1", "2", "3", "4", "5", "6"]);
    assert_move(&json, "1", "6,6,1,0,6,6/2,7,1,6,1,6 N", [0, 0], TURN_PASSES);
}

#[test]
fn moves_json_position_is_canonical() {
    // Underscores for spaces and an explicit 0-0 are accepted and written canonically.
    let json = moves_json("rio-kadalis", "4,4,4,4,4,4/4,4,4,4,4,4_S_0-0");
    assert_eq!(json["position"], RIO_START);
}

#[test]
fn moves_json_binikh_goes_to_the_mover_without_extra_turn() {
    // Rio Kadalis: S1 = 1, S2 = 3; North N1..N4 = 1 (drawn N6..N1 = 0,0,1,1,1,1). 8 seeds.
    // Move 1: the single seed falls into S2, making 4 with the last seed: binikh, South
    // captures the 4 and the move ends; Rio Kadalis gives no extra turn, North moves.
    // Move 2: S3, S4, S5 get one seed each, the last into an empty pit: no capture.
    let json = moves_json("rio-kadalis", "0,0,1,1,1,1/1,3,0,0,0,0 S");
    assert_eq!(move_list(&json), ["1", "2"]);
    assert_move(
        &json,
        "1",
        "0,0,1,1,1,1/0,0,0,0,0,0 N 4-0",
        [4, 0],
        TURN_PASSES,
    );
    assert_move(&json, "2", "0,0,1,1,1,1/1,0,1,1,1,0 N", [0, 0], TURN_PASSES);
}

#[test]
fn moves_json_mid_sowing_four_goes_to_the_pits_owner() {
    // Rio Kadalis: S6 = 2; North N1 = 3, N3 = 3 (drawn N6..N1 = 0,0,0,3,0,3). 8 seeds.
    // Move 6: the first seed makes N1 = 4 with a seed still in hand, so N1's owner, North,
    // captures it; the last seed falls into the empty N2 and the move ends. Only legal move.
    let json = moves_json("rio-kadalis", "0,0,0,3,0,3/0,0,0,0,0,2 S");
    assert_eq!(move_list(&json), ["6"]);
    assert_move(
        &json,
        "6",
        "0,0,0,3,1,0/0,0,0,0,0,0 N 0-4",
        [0, 4],
        TURN_PASSES,
    );
}

#[test]
fn moves_json_hawalis_capture() {
    // Hawalis, P = 7: South S7 = 2, S9 = 1; North N1 = 1, N4 = 5, N11 = 3, N13 = 2.
    //   rows: N7..N1 = 0,0,0,5,0,0,1 / N8..N14 = 0,0,0,3,0,2,0 / S14..S8 = 0,0,0,0,0,1,0 /
    //         S1..S7 = 0,0,0,0,0,0,2.
    // South's only pit of 2 or more is S7, so 7 is the only legal move.
    // Move 7: S8 0 -> 1, S9 1 -> 2 (last seed, occupied): lift 2, S10 0 -> 1, S11 0 -> 1 (last,
    // empty): the sowing ends in South's inner pit 11. It faces North's inner pit 22-11 = 11
    // (3 seeds: captured), behind which lies North's outer pit 15-11 = 4 (5 seeds: captured).
    // South captures 8. After: S8 = S10 = S11 = 1; North keeps N1 = 1, N13 = 2.
    let position = "0,0,0,5,0,0,1/0,0,0,3,0,2,0/0,0,0,0,0,1,0/0,0,0,0,0,0,2 S";
    let json = moves_json("hawalis", position);
    assert_eq!(move_list(&json), ["7"]);
    let after = "0,0,0,0,0,0,1/0,0,0,0,0,2,0/0,0,0,1,1,0,1/0,0,0,0,0,0,0 N 8-0";
    assert_move(&json, "7", after, [8, 0], TURN_PASSES);
}

#[test]
fn moves_json_hawalis_endless_sowing() {
    // Hawalis: South S1 = S3 = S5 = S8 = S10 = S12 = 1, S6 = S14 = 2 (10 seeds). Pits of 2 or
    // more: S6 and S14.
    // Move 6 lifts 2: S7 0 -> 1, S8 1 -> 2 lift, S9 -> 1, S10 -> 2 lift, S11 -> 1, S12 -> 2
    // lift, S13 -> 1, S14 -> 3 lift 3, S1 -> 2, S2 -> 1, S3 -> 2 lift, S4 -> 1, S5 -> 2 lift,
    // S6 -> 1, S7 -> 2 lift: now S1..S14 = 2,1,0,1,0,1,0,0,1,0,1,0,1,0 with 2 in hand after S7.
    // The same steps from there give exactly this loop turned by one pit (2 in hand after S8),
    // so after 14 such rounds the state repeats: the sowing never ends, and South loses at
    // once. The board stays as it was, North to move.
    let position = "0,0,0,0,0,1,0/0,0,1,0,0,1,1/2,0,1,0,1,0,1/1,0,1,0,1,2,0 S";
    let json = moves_json("hawalis", position);
    assert_eq!(move_list(&json), ["6", "14"]);
    let after = "0,0,0,0,0,1,0/0,0,1,0,0,1,1/2,0,1,0,1,0,1/1,0,1,0,1,2,0 N";
    assert_move(&json, "6", after, [0, 0], ENDLESS);
}

#[test]
fn moves_json_anywoli_binikh_extra_turn_end_and_pass() {
    // Anywoli, P = 12: S1 = 1, S2 = 3; North N6 = N5 = 4 (drawn at columns 7 and 8 of N12..N1).
    // Move 1: the last seed makes S2 = 4: binikh, South captures 4. 8 seeds are left (more than
    // 4), so the game goes on and South moves again (extra turn).
    // Move 2: S3, S4, S5 -> 1, the last into an empty pit.
    let json = moves_json(
        "anywoli",
        "0,0,0,0,0,0,4,4,0,0,0,0/1,3,0,0,0,0,0,0,0,0,0,0 S",
    );
    assert_eq!(move_list(&json), ["1", "2"]);
    let after = "0,0,0,0,0,0,4,4,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 S 4-0";
    assert_move(&json, "1", after, [4, 0], EXTRA_TURN);
    let after = "0,0,0,0,0,0,4,4,0,0,0,0/1,0,1,1,1,0,0,0,0,0,0,0 N";
    assert_move(&json, "2", after, [0, 0], TURN_PASSES);

    // In that extra turn South has no seeds, so no legal sowing: South must pass.
    let json = moves_json(
        "anywoli",
        "0,0,0,0,0,0,4,4,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 S 4-0",
    );
    assert_eq!(json["game_over"], Value::Null);
    let after = "0,0,0,0,0,0,4,4,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 N 4-0";
    assert_move(&json, "pass", after, [0, 0], TURN_PASSES);

    // With only N6 = 4 on North's side the binikh leaves 4 seeds uncaptured: the game ends at
    // once and the capturer, South, takes them too: South +8, board empty, no extra turn.
    let json = moves_json(
        "anywoli",
        "0,0,0,0,0,0,4,0,0,0,0,0/1,3,0,0,0,0,0,0,0,0,0,0 S",
    );
    let after = "0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 N 8-0";
    assert_move(&json, "1", after, [8, 0], GAME_ENDS);
}

#[test]
fn moves_json_game_over() {
    // Rio Kadalis, South to move with an empty row: no legal move, each side takes its own row.
    // Final totals: South 10 + 0 = 10, North 6 + 4 = 10.
    let json = moves_json("rio-kadalis", "1,1,1,1,0,0/0,0,0,0,0,0 S 10-6");
    assert_eq!(json["game_over"]["south"], 10);
    assert_eq!(json["game_over"]["north"], 10);
    assert_eq!(move_list(&json), Vec::<String>::new());

    // Hawalis, South with singletons only, each followed by an occupied pit: no legal move, the
    // game is over (South loses); nothing captured.
    let json = moves_json(
        "hawalis",
        "2,2,2,2,2,2,2/0,0,0,0,0,0,0/1,1,1,1,1,1,1/1,1,1,1,1,1,1 S",
    );
    assert_eq!(json["game_over"]["south"], 0);
    assert_eq!(json["game_over"]["north"], 0);
    assert_eq!(move_list(&json), Vec::<String>::new());
}

#[test]
fn moves_table_lists_every_move() {
    let out = stdout_of(&["moves", "rio-kadalis", "0,0,1,1,1,1/1,3,0,0,0,0 S"]);
    assert!(out.contains("South to move: 2 legal moves"), "{out}");
    let row = out
        .lines()
        .find(|l| l.starts_with("1 "))
        .unwrap_or_else(|| panic!("no row for move 1 in\n{out}"));
    assert!(row.contains("0,0,1,1,1,1/0,0,0,0,0,0 N 4-0"), "{row}");
    assert!(row.contains("South +4"), "{row}");
}
