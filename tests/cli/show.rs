//! `variants`, `--help` and `show`: what the binary says about the games, and the board drawn
//! with every count at its pit.

use crate::board::{assert_counts, labels, parse_board};
use crate::common::bin::stdout_of;
use crate::common::VARIANT_IDS;
use crate::RIO_START;

#[test]
fn variants_lists_all_ten_ids_with_their_boards() {
    let out = stdout_of(&["variants"]);
    let listed: Vec<&str> = out
        .lines()
        .filter(|l| !l.starts_with(' ') && !l.is_empty())
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(listed, VARIANT_IDS, "{out}");
    // docs/rules.md#variants: Hawalis 4 rows of 7, 2 a pit, 56 seeds, win/draw/loss. Anywoli: 2
    // rows of 12, 4 a pit, 96; Al-manqala 7 a pit, 98; a score game.
    for says in [
        "4 rows x 7 pits",
        "2 per pit, 56 in all",
        "win/draw/loss",
        "2 rows x 12 pits",
        "4 per pit, 96 in all",
        "7 per pit, 98 in all",
        "score",
        "Oman; de Voogt 2003",
    ] {
        assert!(out.contains(says), "{says}: {out}");
    }
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
fn json_help_names_the_schema_printed_and_every_field_of_it() {
    // What each command's `--json` prints is the schema of the API's document that its help
    // names; the help's outline lists every field of it (by the schema itself, as served).
    let schemas = mancala_wire::schema::schemas();
    for (command, schema) in [
        ("eval", "Evaluation"),
        ("analyse", "Analysis"),
        ("mainline", "Mainline"),
        ("moves", "Moves"),
    ] {
        let help = stdout_of(&[command, "--help"]);
        assert!(help.contains(&format!("schema `{schema}`")), "{help}");
        assert!(help.contains("/api/openapi.json"), "{help}");
        // The schema's own line of the outline, with its continuations.
        let mut lines = help
            .lines()
            .skip_while(|l| !l.starts_with(&format!("  {schema} {{")));
        let first = lines
            .next()
            .unwrap_or_else(|| panic!("{command}: no outline of {schema}: {help}"));
        let own: String = std::iter::once(first)
            .chain(lines.take_while(|l| l.starts_with("    ")))
            .flat_map(str::split_whitespace)
            .collect::<Vec<_>>()
            .join(" ");
        for field in schemas[schema]["properties"].as_object().unwrap().keys() {
            let listed = ["{", ", "].iter().any(|before| {
                own.contains(&format!("{before}{field}: "))
                    || own.contains(&format!("{before}{field}?: "))
            });
            assert!(listed, "{command}: {field} is not in the outline: {own}");
        }
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
    //                    S1 S2 S3 S4 S5 S6 N1 N2 N3 N4 N5 N6
    assert_counts(&board, [5, 6, 7, 9, 0, 0, 0, 0, 3, 2, 1, 11], &out);
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
    let drawn: Vec<Vec<&str>> = board.iter().map(labels).collect();
    let expected = [
        ["N7", "N6", "N5", "N4", "N3", "N2", "N1"],
        ["N8", "N9", "N10", "N11", "N12", "N13", "N14"],
        ["S14", "S13", "S12", "S11", "S10", "S9", "S8"],
        ["S1", "S2", "S3", "S4", "S5", "S6", "S7"],
    ];
    assert_eq!(drawn, expected, "{out}");
    assert_eq!(board[3].1[0], ("S1".to_owned(), 9));
    assert_eq!(board[3].1[6], ("S7".to_owned(), 3));
    assert_eq!(board[2].1[6], ("S8".to_owned(), 5));
    assert_eq!(board[2].1[0], ("S14".to_owned(), 2));
    assert_eq!(board[0].1[6], ("N1".to_owned(), 7));
    assert_eq!(board[1].1[0], ("N8".to_owned(), 4));
    assert_eq!(board[1].1[6], ("N14".to_owned(), 1));
    let total: u32 = board.iter().flat_map(|r| &r.1).map(|p| p.1).sum();
    assert_eq!(total, 7 + 4 + 1 + 2 + 5 + 9 + 3);
    // docs/rules.md#notation: South's inner pit k faces North's inner pit 3P+1-k = 22-k, and behind
    // North's inner pit j lies North's outer pit 2P+1-j = 15-j.
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
        let drawn: usize = board.iter().map(|r| r.1.len()).sum();
        assert_eq!(drawn, pits, "{out}");
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
