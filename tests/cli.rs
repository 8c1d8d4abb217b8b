//! End-to-end tests of the `mancala` binary: run it as a user would and check what it prints.
//!
//! Expected positions and captures are worked out by hand from RULES.md (the working is in the
//! comments), not taken from the program's own output. Pits are written `S3` (South's pit 3) and
//! `N8` (North's pit 8), each in its owner's numbering (RULES.md §1).

use std::process::{Command, Output};

use serde_json::Value;

const RIO_START: &str = "4,4,4,4,4,4/4,4,4,4,4,4 S";

/// Runs the binary with `args`.
fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .output()
        .expect("the mancala binary runs")
}

/// Runs the binary, asserts that it succeeded, and returns its standard output.
fn stdout_of(args: &[&str]) -> String {
    let out = run(args);
    assert!(
        out.status.success(),
        "mancala {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stderr.is_empty(), "unexpected stderr for {args:?}");
    String::from_utf8(out.stdout).expect("stdout is UTF-8")
}

/// Runs the binary expecting bad-input failure (exit code 2, `error: ` on stderr, nothing
/// panicked) and returns its standard error.
fn bad_input(args: &[&str]) -> String {
    let out = run(args);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "mancala {args:?}: {stderr}");
    assert!(stderr.starts_with("error: "), "mancala {args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "mancala {args:?}: {stderr}");
    stderr
}

/// `mancala moves VARIANT POSITION --json`, parsed, after checking that stdout is exactly one
/// JSON object on one line with the documented keys.
fn moves_json(variant: &str, position: &str) -> Value {
    let text = stdout_of(&["moves", variant, position, "--json"]);
    assert_eq!(text.lines().count(), 1, "one line: {text}");
    assert!(text.starts_with("{\"variant\":"), "{text}");
    let json: Value = serde_json::from_str(&text).expect("valid JSON");
    let keys: Vec<&str> = json
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect();
    let mut sorted = keys.clone();
    sorted.sort_unstable();
    assert_eq!(
        sorted,
        ["game_over", "moves", "position", "variant"],
        "{text}"
    );
    assert_eq!(json["variant"], variant);
    for mv in json["moves"].as_array().expect("moves is an array") {
        let mut keys: Vec<&str> = mv.as_object().unwrap().keys().map(String::as_str).collect();
        keys.sort_unstable();
        assert_eq!(
            keys,
            [
                "after",
                "captured",
                "endless",
                "ends_game",
                "extra_turn",
                "move"
            ],
            "{mv}"
        );
    }
    json
}

/// The entry of move `mv` in a `moves --json` answer.
fn find_move<'a>(json: &'a Value, mv: &str) -> &'a Value {
    json["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["move"] == mv)
        .unwrap_or_else(|| panic!("no move {mv} in {json}"))
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

/// Asserts one move's whole entry.
fn assert_move(
    json: &Value,
    mv: &str,
    after: &str,
    captured: [u64; 2],
    [extra_turn, ends_game, endless]: [bool; 3],
) {
    let m = find_move(json, mv);
    assert_eq!(m["after"], after, "move {mv}: {m}");
    assert_eq!(m["captured"]["south"], captured[0], "move {mv}: {m}");
    assert_eq!(m["captured"]["north"], captured[1], "move {mv}: {m}");
    assert_eq!(m["extra_turn"], extra_turn, "move {mv}: {m}");
    assert_eq!(m["ends_game"], ends_game, "move {mv}: {m}");
    assert_eq!(m["endless"], endless, "move {mv}: {m}");
}

/// A drawn row: its name (`South`, `North inner`...) and, from left to right, each pit's label
/// (`S1`, `N14`...) with the count drawn in the same column.
type DrawnRow = (String, Vec<(String, u32)>);

/// Reads the board out of `show`/`play` output, top row first. Each count row is paired with
/// its neighbouring line of labels of the same side, and each count with the label that ends in
/// the same column (both are right-aligned).
fn parse_board(text: &str) -> Vec<DrawnRow> {
    let lines: Vec<&str> = text.lines().collect();
    let is_label_line = |line: &str, letter: char| {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        !tokens.is_empty()
            && tokens.iter().all(|t| {
                t.starts_with(letter) && t.len() > 1 && t[1..].bytes().all(|b| b.is_ascii_digit())
            })
    };
    // (end column, token) for every whitespace-separated token of a line.
    let ends = |line: &str| -> Vec<(usize, String)> {
        let mut out = Vec::new();
        let mut start = None;
        for (i, c) in line.char_indices().chain([(line.len(), ' ')]) {
            match (c.is_whitespace(), start) {
                (false, None) => start = Some(i),
                (true, Some(s)) => {
                    out.push((i, line[s..i].to_owned()));
                    start = None;
                }
                _ => {}
            }
        }
        out
    };
    let mut rows = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let letter = if line.starts_with("North") {
            'N'
        } else if line.starts_with("South") {
            'S'
        } else {
            continue;
        };
        let name_len = if line.starts_with("North inner")
            || line.starts_with("North outer")
            || line.starts_with("South inner")
            || line.starts_with("South outer")
        {
            11
        } else {
            5
        };
        // Status lines ("South to move.") also start with a side's name: a row of counts has
        // nothing but numbers after it.
        let is_count_row = line[name_len..]
            .split_whitespace()
            .all(|t| t.bytes().all(|b| b.is_ascii_digit()));
        if !is_count_row || line[name_len..].trim().is_empty() {
            continue;
        }
        let above = i.checked_sub(1).map(|j| lines[j]);
        let below = lines.get(i + 1).copied();
        let labels = [above, below]
            .into_iter()
            .flatten()
            .find(|l| is_label_line(l, letter))
            .unwrap_or_else(|| panic!("no label line next to `{line}` in\n{text}"));
        let counts = ends(&line[name_len..])
            .into_iter()
            .map(|(end, t)| (end + name_len, t))
            .collect::<Vec<_>>();
        let labels = ends(labels);
        assert_eq!(counts.len(), labels.len(), "row `{line}` in\n{text}");
        let pits = labels
            .into_iter()
            .zip(counts)
            .map(|((label_end, label), (count_end, count))| {
                assert_eq!(label_end, count_end, "{label} misaligned in\n{text}");
                (label, count.parse::<u32>().expect("a count"))
            })
            .collect();
        rows.push((line[..name_len].to_owned(), pits));
    }
    rows
}

/// The count drawn for a pit label anywhere on a parsed board.
fn count_of(board: &[DrawnRow], label: &str) -> u32 {
    board
        .iter()
        .flat_map(|(_, pits)| pits)
        .find(|(l, _)| l == label)
        .unwrap_or_else(|| panic!("no pit {label}"))
        .1
}

/// The labels of one drawn row, left to right.
fn labels(row: &DrawnRow) -> Vec<&str> {
    row.1.iter().map(|(l, _)| l.as_str()).collect()
}

#[test]
fn variants_lists_all_ten_ids_with_their_boards() {
    let out = stdout_of(&["variants"]);
    let ids = [
        "hawalis",
        "bao-la-kiarabu",
        "al-manqala",
        "anywoli",
        "rio-kadalis",
        "rio-kadalis-5",
        "kalah",
        "kalah-5",
        "kalah-4",
        "oware",
    ];
    let listed: Vec<&str> = out
        .lines()
        .filter(|l| !l.starts_with(' ') && !l.is_empty())
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(listed, ids, "{out}");
    // RULES.md §3: Hawalis 4 rows of 7, 2 a pit, 56 seeds, win/draw/loss.
    assert!(out.contains("4 rows x 7 pits"), "{out}");
    assert!(out.contains("2 per pit, 56 in all"), "{out}");
    assert!(out.contains("win/draw/loss"), "{out}");
    // Anywoli: 2 rows of 12, 4 a pit, 96; Al-manqala 7 a pit, 98; a score game.
    assert!(out.contains("2 rows x 12 pits"), "{out}");
    assert!(out.contains("4 per pit, 96 in all"), "{out}");
    assert!(out.contains("7 per pit, 98 in all"), "{out}");
    assert!(out.contains("score"), "{out}");
    assert!(out.contains("Oman; de Voogt 2003"), "{out}");
}

#[test]
fn help_explains_the_notation() {
    let out = stdout_of(&["--help"]);
    assert!(out.contains("POSITION NOTATION"), "{out}");
    assert!(out.contains(RIO_START), "{out}");
    assert!(out.contains("N outer P..1 / N inner P+1..2P"), "{out}");
    for command in ["variants", "show", "moves", "play"] {
        let help = stdout_of(&[command, "--help"]);
        assert!(help.contains("Usage: mancala"), "{help}");
    }
}

#[test]
fn show_two_row_puts_every_count_at_its_pit() {
    // Rio Kadalis, P = 6. The top row is North's pits 6..1 from left to right, the bottom row
    // South's 1..6: N6=11 N5=1 N4=2 N3=3 N2=0 N1=0, S1=5 S2=6 S3=7 S4=9 S5=0 S6=0.
    // 17 + 27 on the board + 4 captured = 48.
    let out = stdout_of(&["show", "rio-kadalis", "11,1,2,3,0,0/5,6,7,9,0,0 N 0-4"]);
    let board = parse_board(&out);
    assert_eq!(board.len(), 2, "{out}");
    assert_eq!(board[0].0, "North");
    assert_eq!(board[1].0, "South");
    assert_eq!(labels(&board[0]), ["N6", "N5", "N4", "N3", "N2", "N1"]);
    assert_eq!(labels(&board[1]), ["S1", "S2", "S3", "S4", "S5", "S6"]);
    // South's pit 1 at the bottom left, North's pit 1 at the top right.
    assert_eq!(board[1].1[0], ("S1".to_owned(), 5));
    assert_eq!(board[0].1[5], ("N1".to_owned(), 0));
    for (label, count) in [
        ("S1", 5),
        ("S2", 6),
        ("S3", 7),
        ("S4", 9),
        ("S5", 0),
        ("S6", 0),
        ("N1", 0),
        ("N2", 0),
        ("N3", 3),
        ("N4", 2),
        ("N5", 1),
        ("N6", 11),
    ] {
        assert_eq!(count_of(&board, label), count, "{label} in\n{out}");
    }
    // South's 1..6 face North's 6..1: S k and N 7-k share a column.
    for (s, n) in board[1].1.iter().zip(&board[0].1) {
        let k: usize = s.0[1..].parse().unwrap();
        assert_eq!(n.0, format!("N{}", 7 - k));
    }
    assert!(out.contains("North to move."), "{out}");
    assert!(out.contains("Captured: South 0, North 4."), "{out}");
    assert!(out.contains("11,1,2,3,0,0/5,6,7,9,0,0 N 0-4"), "{out}");
}

#[test]
fn show_four_row_puts_every_count_at_its_pit() {
    // Hawalis, P = 7. Rows from the top: North outer N7..N1, North inner N8..N14, South inner
    // S14..S8, South outer S1..S7. So N1 = 7 (top right), N8 = 4, N14 = 1, S14 = 2, S8 = 5,
    // S1 = 9 (bottom left), S7 = 3 (bottom right); every other pit is empty.
    let out = stdout_of(&[
        "show",
        "hawalis",
        "0,0,0,0,0,0,7/4,0,0,0,0,0,1/2,0,0,0,0,0,5/9,0,0,0,0,0,3 S",
    ]);
    let board = parse_board(&out);
    let names: Vec<&str> = board.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(
        names,
        ["North outer", "North inner", "South inner", "South outer"],
        "{out}"
    );
    assert_eq!(
        labels(&board[0]),
        ["N7", "N6", "N5", "N4", "N3", "N2", "N1"]
    );
    assert_eq!(
        labels(&board[1]),
        ["N8", "N9", "N10", "N11", "N12", "N13", "N14"]
    );
    assert_eq!(
        labels(&board[2]),
        ["S14", "S13", "S12", "S11", "S10", "S9", "S8"]
    );
    assert_eq!(
        labels(&board[3]),
        ["S1", "S2", "S3", "S4", "S5", "S6", "S7"]
    );
    assert_eq!(board[3].1[0], ("S1".to_owned(), 9));
    assert_eq!(board[3].1[6], ("S7".to_owned(), 3));
    assert_eq!(board[2].1[6], ("S8".to_owned(), 5));
    assert_eq!(board[2].1[0], ("S14".to_owned(), 2));
    assert_eq!(board[0].1[6], ("N1".to_owned(), 7));
    assert_eq!(board[1].1[0], ("N8".to_owned(), 4));
    assert_eq!(board[1].1[6], ("N14".to_owned(), 1));
    let total: u32 = board.iter().flat_map(|r| &r.1).map(|p| p.1).sum();
    assert_eq!(total, 7 + 4 + 1 + 2 + 5 + 9 + 3);
    // RULES.md §1: South's inner pit k faces North's inner pit 3P+1-k = 22-k, and behind North's
    // inner pit j lies North's outer pit 2P+1-j = 15-j.
    for i in 0..7 {
        let k: usize = board[2].1[i].0[1..].parse().unwrap();
        let j: usize = board[1].1[i].0[1..].parse().unwrap();
        let o: usize = board[0].1[i].0[1..].parse().unwrap();
        assert_eq!(j, 22 - k);
        assert_eq!(o, 15 - j);
    }
    assert!(out.contains("South to move."), "{out}");
    assert!(out.contains("On the board: South 19, North 12."), "{out}");
}

#[test]
fn show_start_positions_of_every_variant() {
    for (variant, start, pits) in [
        (
            "bao-la-kiarabu",
            "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S",
            32,
        ),
        ("al-manqala", "7,7,7,7,7,7,7/7,7,7,7,7,7,7 S", 14),
        (
            "anywoli",
            "4,4,4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4,4,4 S",
            24,
        ),
        ("rio-kadalis-5", "4,4,4,4,4/4,4,4,4,4 S", 10),
    ] {
        let out = stdout_of(&["show", variant, start]);
        let board = parse_board(&out);
        assert_eq!(
            board.iter().map(|r| r.1.len()).sum::<usize>(),
            pits,
            "{out}"
        );
        assert!(out.contains("South to move."), "{out}");
    }
}

#[test]
fn show_game_over_gives_the_final_totals() {
    // Rio Kadalis: South to move has an empty row, so no legal move: the round ends and each side
    // takes its own row. South 10 + 0, North 6 + (N6..N3 = 1 each) 4 = 10: a draw.
    let out = stdout_of(&["show", "rio-kadalis", "1,1,1,1,0,0/0,0,0,0,0,0 S 10-6"]);
    assert!(out.contains("Game over"), "{out}");
    assert!(
        out.contains("Final totals: South 10, North 10 (a draw)"),
        "{out}"
    );
    // Hawalis: South has only singletons, and each one's next pit is occupied: no legal move,
    // and South loses.
    let out = stdout_of(&[
        "show",
        "hawalis",
        "2,2,2,2,2,2,2/0,0,0,0,0,0,0/1,1,1,1,1,1,1/1,1,1,1,1,1,1 S",
    ]);
    assert!(
        out.contains("Game over: South, to move, has no legal move and loses (North wins)."),
        "{out}"
    );
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
    assert_move(
        &json,
        "1",
        "6,6,1,0,6,6/2,7,1,6,1,6 N",
        [0, 0],
        [false, false, false],
    );
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
        [false, false, false],
    );
    assert_move(
        &json,
        "2",
        "0,0,1,1,1,1/1,0,1,1,1,0 N",
        [0, 0],
        [false, false, false],
    );
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
        [false, false, false],
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
    let json = moves_json(
        "hawalis",
        "0,0,0,5,0,0,1/0,0,0,3,0,2,0/0,0,0,0,0,1,0/0,0,0,0,0,0,2 S",
    );
    assert_eq!(move_list(&json), ["7"]);
    assert_move(
        &json,
        "7",
        "0,0,0,0,0,0,1/0,0,0,0,0,2,0/0,0,0,1,1,0,1/0,0,0,0,0,0,0 N 8-0",
        [8, 0],
        [false, false, false],
    );
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
    assert_move(
        &json,
        "6",
        "0,0,0,0,0,1,0/0,0,1,0,0,1,1/2,0,1,0,1,0,1/1,0,1,0,1,2,0 N",
        [0, 0],
        [false, true, true],
    );
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
    assert_move(
        &json,
        "1",
        "0,0,0,0,0,0,4,4,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 S 4-0",
        [4, 0],
        [true, false, false],
    );
    assert_move(
        &json,
        "2",
        "0,0,0,0,0,0,4,4,0,0,0,0/1,0,1,1,1,0,0,0,0,0,0,0 N",
        [0, 0],
        [false, false, false],
    );

    // In that extra turn South has no seeds, so no legal sowing: South must pass.
    let json = moves_json(
        "anywoli",
        "0,0,0,0,0,0,4,4,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 S 4-0",
    );
    assert_eq!(json["game_over"], Value::Null);
    assert_move(
        &json,
        "pass",
        "0,0,0,0,0,0,4,4,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 N 4-0",
        [0, 0],
        [false, false, false],
    );

    // With only N6 = 4 on North's side the binikh leaves 4 seeds uncaptured: the game ends at
    // once and the capturer, South, takes them too: South +8, board empty, no extra turn.
    let json = moves_json(
        "anywoli",
        "0,0,0,0,0,0,4,0,0,0,0,0/1,3,0,0,0,0,0,0,0,0,0,0 S",
    );
    assert_move(
        &json,
        "1",
        "0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 N 8-0",
        [8, 0],
        [false, true, false],
    );
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

#[test]
fn play_a_short_record() {
    // Move 1 (South 1): see `moves_json_rio_kadalis_start`: 6,6,1,0,6,6/2,7,1,6,1,6 N.
    // Move 2 (North 4): N4 holds 1: it falls into N5 (6 -> 7, occupied): lift 7, N5 = 0:
    //   N6 -> 7, S1 -> 3, S2 -> 8, S3 -> 2, S4 -> 7, S5 -> 2, S6 -> 7 (last, occupied): lift 7:
    //   N1 -> 7, N2 -> 7, N3 0 -> 1, N4 0 -> 1, N5 0 -> 1, N6 -> 8, S1 3 -> 4 with the last
    //   seed: binikh, North captures S1's 4. South to move.
    // South S1..S6 = 0,8,2,7,2,0; North N1..N6 = 7,7,1,1,1,8 (drawn 8,1,1,1,7,7); 0-4.
    let out = stdout_of(&["play", "rio-kadalis", "1", "4"]);
    assert!(out.contains("Start  4,4,4,4,4,4/4,4,4,4,4,4 S"), "{out}");
    assert!(
        out.contains("Move 1: South plays 1  ->  6,6,1,0,6,6/2,7,1,6,1,6 N"),
        "{out}"
    );
    assert!(
        out.contains("Move 2: North plays 4  ->  8,1,1,1,7,7/0,8,2,7,2,0 S 0-4"),
        "{out}"
    );
    assert!(out.contains("(North +4)"), "{out}");
    // The last board drawn is the position after move 2.
    let last = &out[out.find("Move 2:").unwrap()..];
    let board = parse_board(last);
    for (label, count) in [
        ("S1", 0),
        ("S2", 8),
        ("S3", 2),
        ("S4", 7),
        ("S5", 2),
        ("S6", 0),
        ("N1", 7),
        ("N2", 7),
        ("N3", 1),
        ("N4", 1),
        ("N5", 1),
        ("N6", 8),
    ] {
        assert_eq!(count_of(&board, label), count, "{label} in\n{last}");
    }
    assert!(last.contains("South to move."), "{last}");
    assert!(last.contains("Captured: South 0, North 4."), "{last}");

    // The same record in one argument.
    assert_eq!(stdout_of(&["play", "rio-kadalis", "1 4"]), out);
}

#[test]
fn play_from_a_position_to_the_end() {
    // Anywoli from the binikh position: South's 1 captures and moves again, then passes.
    let out = stdout_of(&[
        "play",
        "anywoli",
        "--from",
        "0,0,0,0,0,0,4,4,0,0,0,0/1,3,0,0,0,0,0,0,0,0,0,0 S",
        "1",
        "pass",
    ]);
    assert!(out.contains("extra turn for South"), "{out}");
    assert!(out.contains("Move 2: South plays pass"), "{out}");
    assert!(out.contains("North to move."), "{out}");
}

#[test]
fn play_stops_after_an_endless_sowing() {
    let position = "0,0,0,0,0,1,0/0,0,1,0,0,1,1/2,0,1,0,1,0,1/1,0,1,0,1,2,0 S";
    let out = run(&["play", "hawalis", "--from", position, "6", "1"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stdout.contains("South's sowing never ends, so South loses"),
        "{stdout}"
    );
    assert!(stderr.contains("move 2 (`1`)"), "{stderr}");
    assert!(stderr.contains("ended with move 1"), "{stderr}");
}

#[test]
fn play_illegal_move_names_index_and_lists_legal_moves() {
    // After 1 4 (see `play_a_short_record`) South has S1 = 0 and S6 = 0, seeds in S2..S5.
    let out = run(&["play", "rio-kadalis", "1", "4", "1"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.starts_with("error: move 3 (`1`"), "{stderr}");
    assert!(stderr.contains("legal moves: 2 3 4 5"), "{stderr}");
    // What came before the bad move was played and drawn.
    assert!(stdout.contains("Move 2: North plays 4"), "{stdout}");

    // A malformed move: pit 7 does not exist on a board of 6.
    let stderr = bad_input(&["play", "rio-kadalis", "1", "7"]);
    assert!(stderr.contains("move 2 (`7`"), "{stderr}");
    assert!(
        stderr.contains("expected a pit number from 1 to 6"),
        "{stderr}"
    );

    let stderr = bad_input(&["play", "rio-kadalis", "-3"]);
    assert!(stderr.contains("move 1 (`-3`"), "{stderr}");
}

#[test]
fn bad_positions_exit_2_naming_the_field() {
    for (variant, position, expected) in [
        ("rio-kadalis", "4,4,4,4,4,4/4,4,4,4,4 S", "ROWS: row 2"),
        ("rio-kadalis", "4,4,4,4,4,4 S", "ROWS: expected 2 rows"),
        ("hawalis", RIO_START, "ROWS: expected 4 rows"),
        ("rio-kadalis", "4,4,4,4,4,4/4,4,4,4,4,4 X", "SIDE"),
        ("rio-kadalis", "4,4,4,4,4,4/4,4,4,4,4,4 S 1", "CAPTURED"),
        (
            "rio-kadalis",
            "-1,4,4,4,4,4/4,4,4,4,4,4 S",
            "ROWS: row 1, pit 1",
        ),
        (
            "rio-kadalis",
            "x,4,4,4,4,4/4,4,4,4,4,4 S",
            "ROWS: row 1, pit 1",
        ),
        ("rio-kadalis", "4,4,4,4,4,4/4,4,4,4,4,5 S", "ROWS: 49 seeds"),
        ("rio-kadalis", "4,4,4,4,4,4/4,4,4,4,4,3 S", "multiple of 4"),
        ("rio-kadalis", "99999999999,4,4,4,4,4/4,4,4,4,4,4 S", "ROWS"),
        ("rio-kadalis", "4,4,4,4,4,4/4,4,4,4,4,4 S 1-0", "CAPTURED"),
        (
            "al-manqala",
            "7,7,7,7,7,7,7/7,7,7,7,7,7,6 S",
            "multiple of 2",
        ),
        (
            "hawalis",
            "0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/5,5,5,5,5,5,0 S",
            "South's rows",
        ),
        ("rio-kadalis", "", "position"),
        ("rio-kadalis", "a b c d", "position"),
    ] {
        for command in ["show", "moves"] {
            let stderr = bad_input(&[command, variant, position]);
            assert!(
                stderr.contains(expected),
                "{command} {variant} `{position}`: expected `{expected}` in {stderr}"
            );
        }
    }
    let stderr = bad_input(&["play", "rio-kadalis", "--from", "4,4 S", "1"]);
    assert!(stderr.contains("--from: ROWS"), "{stderr}");
}

#[test]
fn unknown_variant_exits_2_and_lists_the_ids() {
    let stderr = bad_input(&["show", "kalah-9", RIO_START]);
    assert!(stderr.contains("kalah-9"), "{stderr}");
    assert!(stderr.contains("rio-kadalis"), "{stderr}");
    assert!(stderr.contains("bao-la-kiarabu"), "{stderr}");
}
