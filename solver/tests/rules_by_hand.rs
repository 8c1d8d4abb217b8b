//! Every rule of RULES.md §1 and §3, for the six traditional variants and for Kalah and Oware,
//! by hand-worked examples:
//! a position, a move, and what must follow, with the working written out. Each example is
//! checked against the engine (`Position::play`) and against the reference implementation of
//! `reference/mod.rs`, so that a slip in the working shows up as a disagreement with both.
//!
//! Notation reminders (RULES.md §1):
//! * two-row `N P..1 / S 1..P`: the top row lists North's pits from P down to 1, the bottom row
//!   South's pits from 1 up to P;
//! * four-row `N outer P..1 / N inner P+1..2P / S inner 2P..P+1 / S outer 1..P`.

mod reference;

use mancala_solver::{
    layout, BySide, Move, MoveError, ParsePositionError, Played, Position, PositionError, Side,
    Variant,
};
use reference::{RefOutcome, RefPos};

use Side::{North, South};
use Variant::{
    AlManqala, Anywoli, BaoLaKiarabu, Hawalis, Kalah, Kalah4, Kalah5, Oware, RioKadalis,
    RioKadalis5,
};

// ---------------------------------------------------------------------------------------------
// Helpers

fn pos(v: Variant, text: &str) -> Position {
    Position::parse(v, text).unwrap_or_else(|e| panic!("{v} `{text}`: {e}"))
}

/// What a move must lead to.
struct Expect {
    after: &'static str,
    gained: [u32; 2],
    extra_turn: bool,
    ends_game: bool,
    endless: bool,
}

/// A move that captures `gained` and hands the turn over; the game goes on.
fn goes_on(after: &'static str, gained: [u32; 2]) -> Expect {
    Expect {
        after,
        gained,
        extra_turn: false,
        ends_game: false,
        endless: false,
    }
}

impl Expect {
    fn extra_turn(mut self) -> Expect {
        self.extra_turn = true;
        self
    }
    fn ends_game(mut self) -> Expect {
        self.ends_game = true;
        self
    }
    fn endless(mut self) -> Expect {
        self.endless = true;
        self.ends_game = true;
        self
    }
}

/// Plays `mv` in `before` with the engine and with the reference; both must give `expect`.
fn check_move(v: Variant, before: &str, mv: &str, expect: Expect) -> Played {
    let p = pos(v, before);
    let played = p
        .play_text(mv)
        .unwrap_or_else(|e| panic!("{v} `{before}` move {mv}: {e}"));
    let context = format!("{v} `{before}` move {mv}");
    assert_eq!(
        played.after.to_string(),
        expect.after,
        "{context}: position after"
    );
    assert_eq!(
        [played.captured.south, played.captured.north],
        expect.gained,
        "{context}: seeds gained"
    );
    assert_eq!(
        played.extra_turn, expect.extra_turn,
        "{context}: extra_turn"
    );
    assert_eq!(played.ends_game, expect.ends_game, "{context}: ends_game");
    assert_eq!(played.endless, expect.endless, "{context}: endless");

    // The reference must agree with the working too.
    let r = RefPos::parse(v, before);
    let RefOutcome::Moves(moves) = r.outcome() else {
        panic!("{context}: the reference says the game is over");
    };
    let m = moves
        .iter()
        .find(|m| m.text == mv)
        .unwrap_or_else(|| panic!("{context}: the reference says it is not legal"));
    assert_eq!(
        m.after, expect.after,
        "{context}: reference: position after"
    );
    assert_eq!(
        m.gained, expect.gained,
        "{context}: reference: seeds gained"
    );
    assert_eq!(
        (m.extra_turn, m.ends_game, m.endless),
        (expect.extra_turn, expect.ends_game, expect.endless),
        "{context}: reference: flags"
    );
    played
}

/// The legal moves, by the engine and by the reference, which must agree.
fn legal(v: Variant, text: &str) -> Vec<String> {
    let engine: Vec<String> = pos(v, text)
        .legal_moves()
        .iter()
        .map(Move::to_string)
        .collect();
    let reference = RefPos::parse(v, text).move_texts();
    assert_eq!(engine, reference, "{v} `{text}`: engine vs reference");
    engine
}

/// The final totals if the game is over, by the engine and by the reference.
fn game_over(v: Variant, text: &str) -> Option<[u32; 2]> {
    let engine = pos(v, text).game_over().map(|t| [t.south, t.north]);
    assert_eq!(
        engine,
        RefPos::parse(v, text).game_over(),
        "{v} `{text}`: engine vs reference"
    );
    engine
}

/// The move is refused as illegal, and the error lists the legal moves.
fn assert_illegal(v: Variant, text: &str, mv: &str, legal_moves: &[&str]) {
    match pos(v, text).play_text(mv) {
        Err(MoveError::Illegal { text: t, legal }) => {
            assert_eq!(t, mv);
            assert_eq!(legal, legal_moves, "{v} `{text}`");
        }
        other => panic!("{v} `{text}` move {mv}: expected Illegal, got {other:?}"),
    }
}

fn pit_moves(pits: &[u8]) -> Vec<String> {
    pits.iter().map(|k| k.to_string()).collect()
}

// ---------------------------------------------------------------------------------------------
// §1 Board, players, notation

#[test]
fn two_row_notation_numbers_the_pits() {
    // `N P..1 / S 1..P`: the top row is North 7,6,...,1 from the left, the bottom row South
    // 1,...,7 from the left.
    //   top    6,5,4,3,2,1,0  ->  N7=6 N6=5 N5=4 N4=3 N3=2 N2=1 N1=0
    //   bottom 7,...,12,14    ->  S1=7 S2=8 ... S6=12 S7=14           (total 92, even)
    let p = pos(AlManqala, "6,5,4,3,2,1,0/7,8,9,10,11,12,14 S");
    for k in 1..=7 {
        assert_eq!(p.pit(North, k) as usize, k - 1, "N{k}");
    }
    for k in 1..=6 {
        assert_eq!(p.pit(South, k) as usize, k + 6, "S{k}");
    }
    assert_eq!(p.pit(South, 7), 14);
    assert_eq!(p.side(), South);
    assert_eq!(p.captured(), BySide::new(0, 0));
    // The layout says the same: row 0 is North's 7..1, row 1 South's 1..7.
    let l = layout(AlManqala);
    assert_eq!(l[0], (1..=7).rev().map(|k| (North, k)).collect::<Vec<_>>());
    assert_eq!(l[1], (1..=7).map(|k| (South, k)).collect::<Vec<_>>());
}

#[test]
fn two_row_sowing_goes_from_south_p_to_north_1() {
    // Counter-clockwise over both rows: S1..SP, N1..NP, S1... South's pit 6 (drawn at the right
    // end of the bottom row) is followed by North's pit 1, drawn at the right end of the top row.
    // Rio Kadalis, S6 = 4: one seed each into N1, N2, N3, N4 (all empty); the last falls into the
    // empty N4, so the sowing ends. Top row N6..N1 becomes 0,0,1,1,1,1.
    check_move(
        RioKadalis,
        "0,0,0,0,0,0/0,0,0,0,0,4 S",
        "6",
        goes_on("0,0,1,1,1,1/0,0,0,0,0,0 N", [0, 0]),
    );
}

#[test]
fn four_row_notation_numbers_the_pits() {
    // `N outer 7..1 / N inner 8..14 / S inner 14..8 / S outer 1..7` (Hawalis, P = 7):
    //   row 1  6,0,0,0,0,0,5  ->  N7=6 ... N1=5
    //   row 2  7,0,0,0,0,0,8  ->  N8=7 ... N14=8
    //   row 3  4,0,0,0,0,0,3  ->  S14=4 ... S8=3
    //   row 4  1,0,0,0,0,0,2  ->  S1=1 ... S7=2
    let p = pos(
        Hawalis,
        "6,0,0,0,0,0,5/7,0,0,0,0,0,8/4,0,0,0,0,0,3/1,0,0,0,0,0,2 S",
    );
    let expected = [
        (North, 7, 6),
        (North, 1, 5),
        (North, 8, 7),
        (North, 14, 8),
        (South, 14, 4),
        (South, 8, 3),
        (South, 1, 1),
        (South, 7, 2),
    ];
    for (side, k, seeds) in expected {
        assert_eq!(p.pit(side, k), seeds, "{side:?} {k}");
    }
    let total: u32 = (1..=14)
        .map(|k| (p.pit(South, k) + p.pit(North, k)) as u32)
        .sum();
    assert_eq!(total, 36); // every other pit is empty

    // Bao la Kiarabu (P = 8) the same way.
    let p = pos(
        BaoLaKiarabu,
        "1,0,0,0,0,0,0,2/3,0,0,0,0,0,0,4/5,0,0,0,0,0,0,6/7,0,0,0,0,0,0,8 S",
    );
    for (side, k, seeds) in [
        (North, 8, 1),
        (North, 1, 2),
        (North, 9, 3),
        (North, 16, 4),
        (South, 16, 5),
        (South, 9, 6),
        (South, 1, 7),
        (South, 8, 8),
    ] {
        assert_eq!(p.pit(side, k), seeds, "{side:?} {k}");
    }
}

#[test]
fn four_row_columns_opposite_and_behind() {
    // South's inner pit k faces North's inner pit 3P+1-k, behind which lies North's outer pit
    // 2P+1-(3P+1-k) = k-P; and the same for North. On the drawn board these are one column.
    for v in [Hawalis, BaoLaKiarabu] {
        let p = v.pits_per_row();
        let l = layout(v);
        assert_eq!(l[2].len(), p);
        for (c, &(s_side, k)) in l[2].iter().enumerate() {
            assert_eq!(s_side, South);
            assert!((p + 1..=2 * p).contains(&k));
            let j = 3 * p + 1 - k;
            assert_eq!(
                l[1][c],
                (North, j),
                "{v}: column {c}: N inner opposite S{k}"
            );
            assert_eq!(
                l[0][c],
                (North, 2 * p + 1 - j),
                "{v}: column {c}: N outer behind"
            );
            assert_eq!(
                l[3][c],
                (South, 2 * p + 1 - k),
                "{v}: column {c}: S outer behind"
            );
        }
    }
    // Hawalis: S9 faces N13 (3*7+1-9), behind which is N2 (2*7+1-13). See
    // `hawalis_capture_takes_the_inner_pit_and_the_outer_pit_behind_it` for a capture.
    let l = layout(Hawalis);
    let col = l[2].iter().position(|&x| x == (South, 9)).unwrap();
    assert_eq!(col, 5);
    assert_eq!(l[1][col], (North, 13));
    assert_eq!(l[0][col], (North, 2));
}

#[test]
fn four_row_sowing_stays_in_the_own_loop() {
    // Hawalis: South's loop is S1..S7 (outer, left to right) then S8..S14 (inner, right to
    // left) and back to S1. S7 = 2: one seed into S8 (drawn at the right end of row 3), one into
    // S9. S9 was empty, so the sowing ends there; N13 opposite is empty: no capture. North's
    // rows are not touched.
    check_move(
        Hawalis,
        "0,0,0,0,0,0,2/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,2 S",
        "7",
        goes_on(
            "0,0,0,0,0,0,2/0,0,0,0,0,0,0/0,0,0,0,0,1,1/0,0,0,0,0,0,0 N",
            [0, 0],
        ),
    );
    // S14 (left end of row 3) is followed by S1 (left end of row 4): S14 = 2 sows S1 and S2,
    // both empty; ends in S2 (outer row), no capture.
    check_move(
        Hawalis,
        "0,0,0,0,0,0,2/0,0,0,0,0,0,0/2,0,0,0,0,0,0/0,0,0,0,0,0,0 S",
        "14",
        goes_on(
            "0,0,0,0,0,0,2/0,0,0,0,0,0,0/0,0,0,0,0,0,0/1,1,0,0,0,0,0 N",
            [0, 0],
        ),
    );
    // North sows its own loop the same way: N7 (left end of the top row) = 2 sows N8 and N9
    // (N8 is at the left end of row 2). Ends in N9 (North's inner row), opposite S13 (3*7+1-9),
    // which is empty: no capture.
    check_move(
        Hawalis,
        "2,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,0 N",
        "7",
        goes_on(
            "0,0,0,0,0,0,0/1,1,0,0,0,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,0 S",
            [0, 0],
        ),
    );
}

#[test]
fn moves_are_pit_numbers_of_the_mover() {
    // North's move "1" is North's pit 1 (drawn at the right end of the top row), not South's.
    // Rio Kadalis, N1 = 1 sows N2 (empty): ends.
    check_move(
        RioKadalis,
        "0,0,0,0,0,1/4,0,0,0,0,3 N",
        "1",
        goes_on("0,0,0,0,1,0/4,0,0,0,0,3 S", [0, 0]),
    );
    // North's pit 6 (left end of the top row) is followed by South's pit 1.
    check_move(
        RioKadalis,
        "1,0,0,0,0,0/0,0,0,0,0,3 N",
        "6",
        goes_on("0,0,0,0,0,0/1,0,0,0,0,3 S", [0, 0]),
    );
}

// ---------------------------------------------------------------------------------------------
// Hawalis

#[test]
fn hawalis_singletons_are_not_legal_while_a_pit_holds_two() {
    // South: S1 = 1 (S2 empty) and S5 = 2. A pit with 2 or more exists, so exactly those pits
    // are legal: only 5, although S1 is a singleton before an empty pit.
    let text = "0,0,0,0,0,0,2/0,0,0,0,0,0,0/0,0,0,0,0,0,0/1,0,0,0,2,0,0 S";
    assert_eq!(legal(Hawalis, text), ["5"]);
    assert_illegal(Hawalis, text, "1", &["5"]);
    // S5 = 2: S6, S7 get one each; S7 was empty: ends in the outer row, no capture.
    check_move(
        Hawalis,
        text,
        "5",
        goes_on(
            "0,0,0,0,0,0,2/0,0,0,0,0,0,0/0,0,0,0,0,0,0/1,0,0,0,0,1,1 N",
            [0, 0],
        ),
    );
}

#[test]
fn hawalis_singletons_into_an_empty_pit_when_no_pit_holds_two() {
    // South: S1 = S2 = S7 = S14 = 1, nothing bigger. Singletons are legal only when the next
    // pit (counter-clockwise: k+1, and S14 -> S1) is empty:
    //   S1 -> S2 holds 1: no;  S2 -> S3 empty: yes;  S7 -> S8 empty: yes;  S14 -> S1 holds 1: no.
    let text = "0,0,2,0,0,0,3/0,0,0,0,0,0,0/1,0,0,0,0,0,0/1,1,0,0,0,0,1 S";
    assert_eq!(legal(Hawalis, text), ["2", "7"]);
    assert_illegal(Hawalis, text, "1", &["2", "7"]);
    assert_illegal(Hawalis, text, "14", &["2", "7"]);
    // S7 -> S8, which was empty: the sowing ends in South's inner pit 8. Opposite it is North's
    // inner pit 3*7+1-8 = 14, which is EMPTY, so nothing is captured, even though North's outer
    // pit 2*7+1-14 = 1 behind it holds 3 (Hawalis takes the outer pit only with the inner one).
    check_move(
        Hawalis,
        text,
        "7",
        goes_on(
            "0,0,2,0,0,0,3/0,0,0,0,0,0,0/1,0,0,0,0,0,1/1,1,0,0,0,0,0 N",
            [0, 0],
        ),
    );
}

#[test]
fn hawalis_relay_sowing_sows_into_the_emptied_pit() {
    // South: S1 = 15, all else empty (North: N1 = 2).
    // Lift 15 from S1: S2..S14 get one each (13 seeds), the 14th goes into S1 itself (the
    // emptied pit is sown into when the lap passes it), the 15th into S2, which now holds 2: it
    // was occupied, so lift those 2 and go on.
    //   2 from S2: S3 -> 2, S4 -> 2 (last, occupied): lift 2.
    //   2 from S4: S5 -> 2, S6 -> 2: lift.   2 from S6: S7 -> 2, S8 -> 2: lift.
    //   2 from S8: S9, S10 -> 2: lift.       2 from S10: S11, S12 -> 2: lift.
    //   2 from S12: S13, S14 -> 2: lift.     2 from S14: S1 1 -> 2, S2 0 -> 1 (last).
    // S2 was empty (lifted before): the sowing ends in the outer row, no capture.
    // South: S1..S7 = 2,1,2,0,2,0,2 and S8..S14 = 0,2,0,2,0,2,0 (15 seeds, as before).
    check_move(
        Hawalis,
        "0,0,0,0,0,0,2/0,0,0,0,0,0,0/0,0,0,0,0,0,0/15,0,0,0,0,0,0 S",
        "1",
        goes_on(
            "0,0,0,0,0,0,2/0,0,0,0,0,0,0/0,2,0,2,0,2,0/2,1,2,0,2,0,2 N",
            [0, 0],
        ),
    );
}

#[test]
fn hawalis_capture_takes_the_inner_pit_and_the_outer_pit_behind_it() {
    // South S7 = 2 sows S8 (empty -> 1) and S9 (empty -> 1): ends in S9, South's inner row.
    // Opposite S9 is North's inner pit 3*7+1-9 = 13, holding 3: captured. Behind N13 is North's
    // outer pit 2*7+1-13 = 2, holding 4: captured too. 7 seeds to South. North's N12 = 5 and
    // N3 = 1 (the neighbouring column) stay.
    //   row 1 (N7..N1) 0,0,0,0,1,4,1: N3=1 N2=4 N1=1;  row 2 (N8..N14) 0,0,0,0,5,3,0: N12=5 N13=3
    check_move(
        Hawalis,
        "0,0,0,0,1,4,1/0,0,0,0,5,3,0/0,0,0,0,0,0,0/0,0,0,0,0,0,2 S",
        "7",
        goes_on(
            "0,0,0,0,1,0,1/0,0,0,0,5,0,0/0,0,0,0,0,1,1/0,0,0,0,0,0,0 N 7-0",
            [7, 0],
        ),
    );
    // The inner pit alone when the outer pit behind it is empty: N13 = 3, N2 = 0: 3 captured.
    check_move(
        Hawalis,
        "0,0,0,0,1,0,1/0,0,0,0,5,3,0/0,0,0,0,0,0,0/0,0,0,0,0,0,2 S",
        "7",
        goes_on(
            "0,0,0,0,1,0,1/0,0,0,0,5,0,0/0,0,0,0,0,1,1/0,0,0,0,0,0,0 N 3-0",
            [3, 0],
        ),
    );
    // North captures the same way: N7 = 2 sows N8, N9 (both empty): ends in N9, North's inner
    // row; opposite is South's inner pit 3*7+1-9 = 13 (holding 2) and behind it South's outer
    // pit 2 (holding 1): 3 to North, added to the 5 it had.
    //   row 3 (S14..S8) 0,2,0,0,0,0,0: S13=2;  row 4 (S1..S7) 0,1,0,0,0,0,0: S2=1
    check_move(
        Hawalis,
        "2,0,0,0,0,0,0/0,0,0,0,0,0,0/0,2,0,0,0,0,0/0,1,0,0,0,0,3 N 0-5",
        "7",
        goes_on(
            "0,0,0,0,0,0,0/1,1,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,3 S 0-8",
            [0, 3],
        ),
    );
}

#[test]
fn hawalis_ending_in_the_outer_row_captures_nothing() {
    // S5 = 2 sows S6, S7 (both empty): ends in S7, the outer row. Nothing is captured, whatever
    // North holds.
    check_move(
        Hawalis,
        "2,2,2,2,2,2,2/2,2,2,2,2,2,2/0,0,0,0,0,0,0/0,0,0,0,2,0,0 S",
        "5",
        goes_on(
            "2,2,2,2,2,2,2/2,2,2,2,2,2,2/0,0,0,0,0,0,0/0,0,0,0,0,1,1 N",
            [0, 0],
        ),
    );
}

#[test]
fn hawalis_capture_of_the_last_seeds_ends_the_game() {
    // As the capture above, but North holds only N2 = 4 and N13 = 3. After the capture North
    // has no seed, so no legal move: North loses. Nothing is allocated (the board stays, North
    // to move) and the move ends the game.
    let played = check_move(
        Hawalis,
        "0,0,0,0,0,4,0/0,0,0,0,0,3,0/0,0,0,0,0,0,0/0,0,0,0,0,0,2 S",
        "7",
        goes_on(
            "0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,1,1/0,0,0,0,0,0,0 N 7-0",
            [7, 0],
        )
        .ends_game(),
    );
    assert_eq!(played.after.game_over(), Some(BySide::new(7, 0)));
    assert!(played.after.legal_moves().is_empty());
}

#[test]
fn hawalis_no_legal_move_loses() {
    // South: 14 singletons; no pit holds 2 and every singleton's next pit is occupied: no legal
    // move. The game is over with the captured totals (nothing is allocated).
    let text = "0,0,0,0,0,0,2/0,0,0,0,0,0,0/1,1,1,1,1,1,1/1,1,1,1,1,1,1 S 3-5";
    assert_eq!(legal(Hawalis, text), Vec::<String>::new());
    assert_eq!(game_over(Hawalis, text), Some([3, 5]));
    match pos(Hawalis, text).play_text("1") {
        Err(e @ MoveError::Illegal { .. }) => {
            assert!(e.to_string().contains("none (the game is over)"), "{e}")
        }
        other => panic!("{other:?}"),
    }
    // No seeds at all (everything captured): no legal move either.
    let text = "0,0,0,0,0,0,2/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0 S 26-0";
    assert_eq!(game_over(Hawalis, text), Some([26, 0]));
    // The side with a move is not over.
    let text = "0,0,0,0,0,0,2/0,0,0,0,0,0,0/1,1,1,1,1,1,1/1,1,1,1,1,1,1 N 3-5";
    assert_eq!(game_over(Hawalis, text), None);
    assert_eq!(legal(Hawalis, text), ["1"]);
}

#[test]
fn hawalis_endless_move_by_hand() {
    // South's loop S1..S14 = 3, 1,0,2, 1,0,2, 1,0,2, 1,0,2, 1 (16 seeds); North: N1 = 1.
    //   row 3 (S14..S8) 1,2,0,1,2,0,1;  row 4 (S1..S7) 3,1,0,2,1,0,2.
    // Move 1: lift 3. The three pits ahead hold 1, 0, 2: they become 2, 1, 3 and the last
    // seed fell into an occupied pit, so the 3 are lifted: the pits left behind hold 2, 1, 0 and
    // the hand is 3 again. The pits ahead of every lap hold 1, 0, 2 again:
    //   lap 0: next S2,  pits S2..S4  = 1,0,2  -> 2,1,0  hand 3
    //   lap 1: next S5,  S5..S7 = 1,0,2;  lap 2: S8..S10;  lap 3: S11..S13
    //   lap 4: next S14, S14,S1,S2 = 1,0,2 (S1 was emptied, S2 sown in lap 0)
    //   lap 5: next S3,  S3..S5 = 1,0,2 (left behind by laps 0 and 1), and so on:
    // what one lap leaves behind (2,1,0 2,1,0 ...) read one pit later is 1,0,2 1,0,2 ...
    // After 14 laps (42 seeds, three times round) the lap-start state (loop contents S1..S14 =
    // 0,1,0,2,1,0,2,1,0,2,1,0,2,1, hand 3, next pit S2) is back: the sowing never ends.
    // An endless move is legal and loses at once: the board stays, North to move, game over.
    let text = "0,0,0,0,0,0,1/0,0,0,0,0,0,0/1,2,0,1,2,0,1/3,1,0,2,1,0,2 S";
    assert_eq!(legal(Hawalis, text), ["1", "4", "7", "10", "13"]);
    check_move(
        Hawalis,
        text,
        "1",
        goes_on(
            "0,0,0,0,0,0,1/0,0,0,0,0,0,0/1,2,0,1,2,0,1/3,1,0,2,1,0,2 N",
            [0, 0],
        )
        .endless(),
    );
    // Seeds captured before are kept as they were.
    check_move(
        Hawalis,
        "0,0,0,0,0,0,1/0,0,0,0,0,0,0/1,2,0,1,2,0,1/3,1,0,2,1,0,2 S 4-2",
        "1",
        goes_on(
            "0,0,0,0,0,0,1/0,0,0,0,0,0,0/1,2,0,1,2,0,1/3,1,0,2,1,0,2 N 4-2",
            [0, 0],
        )
        .endless(),
    );
}

/// Endless sowings found by brute force with the reference (boards built ahead of a relay wave,
/// see `reference::endless_from_pit_1`), for both sides: the engine must flag each as a legal,
/// endless, game-ending move that leaves the board as it was.
#[test]
fn four_row_endless_moves_found_by_search() {
    for v in [Hawalis, BaoLaKiarabu] {
        let found = reference::endless_from_pit_1(v, 10);
        assert!(found.len() >= 5, "{v}: {}", found.len());
        for r in found {
            for north in [false, true] {
                let mut r = r.clone();
                if north {
                    r.pits.swap(0, 1);
                    r.side = reference::NORTH;
                }
                let text = r.text();
                let p = pos(v, &text);
                let played = p.play(Move::Pit(1)).unwrap();
                assert!(
                    played.endless && played.ends_game,
                    "{v} `{text}`: {played:?}"
                );
                assert_eq!(played.captured, BySide::new(0, 0));
                assert_eq!(played.after.absolute_board(), p.absolute_board());
                assert_eq!(played.after.side(), !p.side());
                assert_eq!(played.after.captured(), p.captured());
                // Only pit 1 is known to be endless; the others agree with the reference too.
                let r_moves = match r.outcome() {
                    RefOutcome::Moves(ms) => ms,
                    RefOutcome::GameOver(_) => unreachable!(),
                };
                let mine: Vec<(String, bool)> = p
                    .successors()
                    .iter()
                    .map(|s| (s.mv.to_string(), s.endless))
                    .collect();
                let theirs: Vec<(String, bool)> = r_moves
                    .iter()
                    .map(|m| (m.text.clone(), m.endless))
                    .collect();
                assert_eq!(mine, theirs, "{v} `{text}`");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Bao la Kiarabu

#[test]
fn bao_sows_clockwise_and_captures_the_outer_pit_even_when_the_inner_is_empty() {
    // Bao la Kiarabu (P = 8), clockwise: decreasing pit numbers, S1 -> S16 -> S15 ...
    // South S1 = 2: one seed into S16, one into S15 (both empty): ends in S15, South's inner row.
    // Opposite S15 is North's inner pit 3*8+1-15 = 10, EMPTY; behind it North's outer pit
    // 2*8+1-10 = 7 holds 3. Bao captures each separately: the 3 of N7 go to South.
    //   row 1 (N8..N1) 0,3,0,0,0,0,0,2: N7=3 N1=2;  row 4 (S1..S8) 2,0,0,0,2,0,0,0
    check_move(
        BaoLaKiarabu,
        "0,3,0,0,0,0,0,2/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/2,0,0,0,2,0,0,0 S",
        "1",
        goes_on(
            "0,0,0,0,0,0,0,2/0,0,0,0,0,0,0,0/1,1,0,0,0,0,0,0/0,0,0,0,2,0,0,0 N 3-0",
            [3, 0],
        ),
    );
    // N10 = 4 as well: both are captured, 4 + 3 = 7.
    check_move(
        BaoLaKiarabu,
        "0,3,0,0,0,0,0,2/0,4,0,0,0,0,0,0/0,0,0,0,0,0,0,0/2,0,0,0,2,0,0,0 S",
        "1",
        goes_on(
            "0,0,0,0,0,0,0,2/0,0,0,0,0,0,0,0/1,1,0,0,0,0,0,0/0,0,0,0,2,0,0,0 N 7-0",
            [7, 0],
        ),
    );
    // N10 = 4 and N7 empty: the inner pit alone, 4.
    check_move(
        BaoLaKiarabu,
        "0,0,0,0,0,0,0,2/0,4,0,0,0,0,0,0/0,0,0,0,0,0,0,0/2,0,0,0,2,0,0,0 S",
        "1",
        goes_on(
            "0,0,0,0,0,0,0,2/0,0,0,0,0,0,0,0/1,1,0,0,0,0,0,0/0,0,0,0,2,0,0,0 N 4-0",
            [4, 0],
        ),
    );
    // Clockwise along the outer row: S5 = 2 sows S4, S3 (both empty): ends in the outer row.
    check_move(
        BaoLaKiarabu,
        "0,3,0,0,0,0,0,2/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/2,0,0,0,2,0,0,0 S",
        "5",
        goes_on(
            "0,3,0,0,0,0,0,2/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/2,0,1,1,0,0,0,0 N",
            [0, 0],
        ),
    );
}

#[test]
fn bao_singleton_rule_looks_clockwise() {
    // South: S1 = S2 = 1, nothing else. The next pit clockwise of S1 is S16 (empty): legal; of
    // S2 it is S1 (occupied): not legal.
    let text = "0,0,0,0,0,0,0,2/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/1,1,0,0,0,0,0,0 S";
    assert_eq!(legal(BaoLaKiarabu, text), ["1"]);
    // S1 -> S16 (empty): ends in South's inner pit 16; opposite is N9 (3*8+1-16), empty, and
    // behind it N8 (2*8+1-9), empty: nothing.
    check_move(
        BaoLaKiarabu,
        text,
        "1",
        goes_on(
            "0,0,0,0,0,0,0,2/0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/0,1,0,0,0,0,0,0 N",
            [0, 0],
        ),
    );
    // The same shape in Hawalis (counter-clockwise): S2's next pit S3 is empty, S1's next S2 is
    // not: only 2.
    assert_eq!(
        legal(
            Hawalis,
            "0,0,0,0,0,0,2/0,0,0,0,0,0,0/0,0,0,0,0,0,0/1,1,0,0,0,0,0 S"
        ),
        ["2"]
    );
}

#[test]
fn bao_relay_and_limits() {
    // Relay clockwise: S2 = 2 sows S1 (1 -> 2), S16 (1 -> 2, last, occupied): lift 2, sow S15
    // (0 -> 1), S14 (0 -> 1, last, empty): ends in S14 (inner). Opposite N11 (3*8+1-14) holds
    // 1: captured, and behind it N6 (2*8+1-11) holds 2: captured too (3).
    //   row 1 (N8..N1) 0,0,2,0,0,0,0,1: N6=2 N1=1;  row 2 (N9..N16) 0,0,1,0,0,0,0,0: N11=1
    //   row 3 (S16..S9) 1,0,0,0,0,0,0,0: S16=1;     row 4 (S1..S8) 1,2,0,0,0,0,0,0
    check_move(
        BaoLaKiarabu,
        "0,0,2,0,0,0,0,1/0,0,1,0,0,0,0,0/1,0,0,0,0,0,0,0/1,2,0,0,0,0,0,0 S",
        "2",
        goes_on(
            "0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0/0,1,1,0,0,0,0,0/2,0,0,0,0,0,0,0 N 3-0",
            [3, 0],
        ),
    );
    // Each side holds at most 32 seeds (64 in all).
    assert!(Position::parse(
        BaoLaKiarabu,
        "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 S"
    )
    .is_ok());
    assert!(matches!(
        Position::parse(
            BaoLaKiarabu,
            "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,3/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 S"
        ),
        Err(ParsePositionError::Invalid(PositionError::TooManySeeds {
            found: 33,
            max: 32,
            ..
        }))
    ));
}

// ---------------------------------------------------------------------------------------------
// Al-manqala

#[test]
fn al_manqala_single_lap_sows_the_emptied_pit_with_14_or_more() {
    // S1 = 15, N1 = 1 (16 seeds). One lap: S2..S7 get one each (6), N1..N7 one each (7; N1
    // now 2), the 14th goes into S1 itself (emptied, 0 -> 1), the 15th into S2 (1 -> 2). No
    // relay: the lap ends there. The last pit S2 holds exactly 2: captured. Going backwards the
    // next pit is S1, holding 1: the chain stops. South captures 2.
    //   after: N7..N1 = 1,1,1,1,1,1,2;  S1..S7 = 1,0,1,1,1,1,1
    check_move(
        AlManqala,
        "0,0,0,0,0,0,1/15,0,0,0,0,0,0 S",
        "1",
        goes_on("1,1,1,1,1,1,2/1,0,1,1,1,1,1 N 2-0", [2, 0]),
    );
}

#[test]
fn al_manqala_captures_twos_and_fours_backwards_over_both_rows() {
    // S5 = 5 sows S6 (2 -> 3), S7 (3 -> 4), N1 (1 -> 2), N2 (3 -> 4), N3 (1 -> 2, last).
    // N3 holds 2: captured; backwards N2 = 4 captured, N1 = 2 captured, S7 = 4 captured (the
    // mover's own pit too), S6 = 3: another number, the chain stops. S4 = 2 before it and N4 = 2
    // after the last pit stay. South captures 2 + 4 + 2 + 4 = 12.
    //   before: N7..N1 = 1,0,0,2,1,3,1   S1..S7 = 0,0,0,2,5,2,3   (20 seeds)
    //   after:  N7..N1 = 1,0,0,2,0,0,0   S1..S7 = 0,0,0,2,0,3,0   (8 seeds)
    check_move(
        AlManqala,
        "1,0,0,2,1,3,1/0,0,0,2,5,2,3 S",
        "5",
        goes_on("1,0,0,2,0,0,0/0,0,0,2,0,3,0 N 12-0", [12, 0]),
    );
    // North the same way: N5 = 4 sows N6 (0 -> 1), N7 (1 -> 2), S1 (3 -> 4), S2 (1 -> 2, last).
    // S2 = 2 captured, S1 = 4 captured, N7 = 2 captured, N6 = 1: stop. North captures 8.
    //   before: N7..N1 = 1,0,4,0,0,0,0   S1..S7 = 3,1,0,0,0,0,1
    check_move(
        AlManqala,
        "1,0,4,0,0,0,0/3,1,0,0,0,0,1 N",
        "5",
        goes_on("0,1,0,0,0,0,0/0,0,0,0,0,0,1 S 0-8", [0, 8]),
    );
    // A last pit holding another number (here 3) captures nothing, even with a 2 before it:
    // S6 = 1 sows S7 (2 -> 3).
    check_move(
        AlManqala,
        "0,0,0,0,0,1,2/0,0,0,0,2,1,2 S",
        "6",
        goes_on("0,0,0,0,0,1,2/0,0,0,0,2,0,3 N", [0, 0]),
    );
}

#[test]
fn al_manqala_chain_can_take_the_whole_board() {
    // S1 = 28, N1 = 2 (30 seeds). 28 seeds go twice round: every other pit gets 2, S1 gets the
    // 14th and the 28th (the last). So S1 = 2, N1 = 4, every other pit 2: the chain captures S1,
    // then backwards N7, ..., N1, S7, ..., S2: all 14 pits, 30 seeds. The board is empty: the
    // game is over.
    let played = check_move(
        AlManqala,
        "0,0,0,0,0,0,2/28,0,0,0,0,0,0 S",
        "1",
        goes_on("0,0,0,0,0,0,0/0,0,0,0,0,0,0 N 30-0", [30, 0]).ends_game(),
    );
    assert_eq!(played.after.game_over(), Some(BySide::new(30, 0)));
}

#[test]
fn al_manqala_must_feed_an_empty_opponent() {
    // North's row is empty. S1 = 1 sows S2: North still empty, not legal. S7 = 1 sows N1:
    // feeds, legal.
    let text = "0,0,0,0,0,0,0/1,0,0,0,0,0,1 S";
    assert_eq!(legal(AlManqala, text), ["7"]);
    assert_illegal(AlManqala, text, "1", &["7"]);
    check_move(
        AlManqala,
        text,
        "7",
        goes_on("0,0,0,0,0,0,1/1,0,0,0,0,0,0 N", [0, 0]),
    );
}

#[test]
fn al_manqala_starved_opponent_takes_everything_left() {
    // North's row is empty, South S1 = 1, S7 = 21 (22 seeds), captured 10-20.
    // S1 -> S2: does not feed. S7 = 21: N1..N7 get 1 (7), S1..S6 get 1 (6), S7 itself 1 (14th),
    // N1..N7 another 1 (the last, 21st, in N7). N7..N1 all hold 2: captured, backwards until S7
    // which holds 1. North is left empty again: not feeding either. No move feeds: the game is
    // over and the STARVED North takes the 22 seeds on the board: 10-20 becomes 10-42.
    let text = "0,0,0,0,0,0,0/1,0,0,0,0,0,21 S 10-20";
    assert_eq!(legal(AlManqala, text), Vec::<String>::new());
    assert_eq!(game_over(AlManqala, text), Some([10, 42]));
    // The smallest case: S1 = S2 = 1. S1 -> S2 makes 2 there and captures it: North still
    // empty. S2 -> S3: North still empty. North takes the 2.
    assert_eq!(
        game_over(AlManqala, "0,0,0,0,0,0,0/1,1,0,0,0,0,0 S"),
        Some([0, 2])
    );
}

#[test]
fn al_manqala_move_into_starvation_ends_the_game() {
    // S7 = 1, N2 = 1. North is not empty, so South need not feed: S7 -> N1 (0 -> 1). Now North
    // must move with South's row empty: N1 -> N2 makes 2 (captured; N1 before it is 0) and
    // leaves South empty; N2 -> N3 also leaves South empty. No move feeds, so the game ends and
    // the starved SOUTH takes the 2 seeds left.
    let played = check_move(
        AlManqala,
        "0,0,0,0,0,1,0/0,0,0,0,0,0,1 S",
        "7",
        goes_on("0,0,0,0,0,0,0/0,0,0,0,0,0,0 N 2-0", [2, 0]).ends_game(),
    );
    assert_eq!(played.after.game_over(), Some(BySide::new(2, 0)));
}

#[test]
fn al_manqala_empty_row_passes() {
    // South's row is empty: South must pass. North must then feed: N6 -> N7 (1 -> 2, captured,
    // South still empty) does not; N7 -> S1 does.
    let text = "1,1,0,0,0,0,0/0,0,0,0,0,0,0 S";
    assert_eq!(legal(AlManqala, text), ["pass"]);
    assert_illegal(AlManqala, text, "1", &["pass"]);
    let played = check_move(
        AlManqala,
        text,
        "pass",
        goes_on("1,1,0,0,0,0,0/0,0,0,0,0,0,0 N", [0, 0]),
    );
    assert_eq!(played.mv, Move::Pass);
    assert_eq!(legal(AlManqala, "1,1,0,0,0,0,0/0,0,0,0,0,0,0 N"), ["7"]);
    // `pass` is not legal when the mover has a seed.
    assert_illegal(AlManqala, "1,1,0,0,0,0,0/0,0,0,0,0,0,0 N", "pass", &["7"]);
    // A pass into starvation: South passes; North (N1 = N2 = 1) cannot reach South's row (N1 ->
    // N2 makes 2 and captures it, N2 -> N3 stays home), so the game ends there and the starved
    // SOUTH takes the 2 seeds left: the pass itself ends the game.
    check_move(
        AlManqala,
        "0,0,0,0,0,1,1/0,0,0,0,0,0,0 S",
        "pass",
        goes_on("0,0,0,0,0,0,0/0,0,0,0,0,0,0 N 2-0", [2, 0]).ends_game(),
    );
}

#[test]
fn al_manqala_empty_board_is_over_and_odd_totals_are_rejected() {
    assert_eq!(
        game_over(AlManqala, "0,0,0,0,0,0,0/0,0,0,0,0,0,0 N 50-48"),
        Some([50, 48])
    );
    assert!(matches!(
        Position::parse(AlManqala, "0,0,0,0,0,0,0/1,0,0,0,0,0,0 S"),
        Err(ParsePositionError::Invalid(
            PositionError::UnreachableTotal {
                total: 1,
                step: 2,
                ..
            }
        ))
    ));
    assert!(matches!(
        Position::parse(AlManqala, "7,7,7,7,7,7,7/7,7,7,7,7,7,6 S"),
        Err(ParsePositionError::Invalid(
            PositionError::UnreachableTotal { total: 97, .. }
        ))
    ));
    assert!(Position::parse(AlManqala, "7,7,7,7,7,7,7/7,7,7,7,7,7,5 S 1-1").is_ok());
}

// ---------------------------------------------------------------------------------------------
// Anywoli

#[test]
fn anywoli_fours_mid_sowing_go_to_the_owner() {
    // Anywoli (P = 12). S10 = 4: S11 (3 -> 4, not the last seed): South, the OWNER of S11,
    // captures 4 and the sowing goes on; S12 (0 -> 1); N1 (3 -> 4, not the last): NORTH, its
    // owner, captures 4; N2 (0 -> 1, the last, into an empty pit): ends. 16 - 8 = 8 seeds are
    // left, more than 4: the game goes on.
    //   before: N12..N1 = 0,0,0,0,0,0,0,2,0,0,0,3 (N5=2 N1=3)  S1..S12 = 4,0,...,0,4,3,0
    check_move(
        Anywoli,
        "0,0,0,0,0,0,0,2,0,0,0,3/4,0,0,0,0,0,0,0,0,4,3,0 S",
        "10",
        goes_on(
            "0,0,0,0,0,0,0,2,0,0,1,0/4,0,0,0,0,0,0,0,0,0,0,1 N 4-4",
            [4, 4],
        ),
    );
}

#[test]
fn anywoli_binikh_goes_to_the_mover_with_an_extra_turn() {
    // S12 = 2: N1 (0 -> 1), N2 (3 -> 4, the LAST seed): binikh, the MOVER (South) captures the
    // 4 although the pit is North's, the sowing ends and South moves again. 8 seeds are left.
    //   before: N12..N1 = 0,0,0,0,0,0,4,0,0,0,3,0 (N6=4 N2=3)
    check_move(
        Anywoli,
        "0,0,0,0,0,0,4,0,0,0,3,0/3,0,0,0,0,0,0,0,0,0,0,2 S",
        "12",
        goes_on(
            "0,0,0,0,0,0,4,0,0,0,0,1/3,0,0,0,0,0,0,0,0,0,0,0 S 4-0",
            [4, 0],
        )
        .extra_turn(),
    );
    // The same with South's row empty after the binikh: the extra turn is a forced pass.
    let played = check_move(
        Anywoli,
        "0,0,0,0,3,0,4,0,0,0,3,0/0,0,0,0,0,0,0,0,0,0,0,2 S",
        "12",
        goes_on(
            "0,0,0,0,3,0,4,0,0,0,0,1/0,0,0,0,0,0,0,0,0,0,0,0 S 4-0",
            [4, 0],
        )
        .extra_turn(),
    );
    assert_eq!(played.after.legal_moves(), [Move::Pass]);
    check_move(
        Anywoli,
        "0,0,0,0,3,0,4,0,0,0,0,1/0,0,0,0,0,0,0,0,0,0,0,0 S 4-0",
        "pass",
        goes_on(
            "0,0,0,0,3,0,4,0,0,0,0,1/0,0,0,0,0,0,0,0,0,0,0,0 N 4-0",
            [0, 0],
        ),
    );
}

#[test]
fn anywoli_relay_lifts_two_three_and_five_and_ends_in_an_empty_pit() {
    // S1 = 1: S2 (1 -> 2, last): lift 2. S3 (0 -> 1), S4 (2 -> 3, last): lift 3. S5 (0 -> 1),
    // S6 (0 -> 1), S7 (4 -> 5, last): lift 5. S8..S12 (0 -> 1 each), the last into the empty
    // S12: ends. Nothing made 4 on the way; nothing captured.
    check_move(
        Anywoli,
        "0,0,0,0,0,0,0,0,0,0,0,4/1,1,0,2,0,0,4,0,0,0,0,0 S",
        "1",
        goes_on("0,0,0,0,0,0,0,0,0,0,0,4/0,0,1,0,1,1,0,1,1,1,1,1 N", [0, 0]),
    );
}

#[test]
fn anywoli_four_or_fewer_left_the_capturer_takes_the_rest() {
    // Mid-sowing, by the owner: S12 = 3: N1 (3 -> 4, not the last seed): North captures 4.
    // Uncaptured now: N5 = 2 on the board and 2 seeds in the hand: 4, so the game ends and
    // North, who made that capture, takes those 4 too (the hand included): North +8.
    //   before: N12..N1 = 0,0,0,0,0,0,0,2,0,0,0,3 (N5=2 N1=3)   S12 = 3   (8 seeds)
    check_move(
        Anywoli,
        "0,0,0,0,0,0,0,2,0,0,0,3/0,0,0,0,0,0,0,0,0,0,0,3 S",
        "12",
        goes_on(
            "0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 N 0-8",
            [0, 8],
        )
        .ends_game(),
    );
    // By binikh: S12 = 2: N1 (0 -> 1), N2 (3 -> 4, last): South captures 4; 4 are left (N1 = 1,
    // N7 = 3): the game ends, South takes them: South +8, no extra turn.
    //   before: N12..N1 = 0,0,0,0,0,3,0,0,0,0,3,0 (N7=3 N2=3)
    let played = check_move(
        Anywoli,
        "0,0,0,0,0,3,0,0,0,0,3,0/0,0,0,0,0,0,0,0,0,0,0,2 S 40-48",
        "12",
        goes_on(
            "0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 N 48-48",
            [8, 0],
        )
        .ends_game(),
    );
    assert_eq!(played.after.game_over(), Some(BySide::new(48, 48)));
}

#[test]
fn anywoli_four_or_fewer_on_the_board_is_over() {
    // 4 seeds on the board: over, score 0 (neither side gains anything more), even though
    // South has seeds to sow.
    let text = "0,0,0,0,0,0,0,0,0,0,0,1/3,0,0,0,0,0,0,0,0,0,0,0 S 40-52";
    assert_eq!(game_over(Anywoli, text), Some([40, 52]));
    assert_eq!(legal(Anywoli, text), Vec::<String>::new());
    assert_eq!(
        game_over(
            Anywoli,
            "0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 N 50-46"
        ),
        Some([50, 46])
    );
    // 8 seeds: not over.
    assert_eq!(
        game_over(Anywoli, "0,0,0,0,0,0,0,0,0,0,0,1/7,0,0,0,0,0,0,0,0,0,0,0 S"),
        None
    );
}

#[test]
fn anywoli_pass_without_a_legal_move() {
    // South's row is empty (8 seeds, all North's): South must pass, and the game goes on.
    let text = "0,0,0,0,0,0,0,0,0,0,0,8/0,0,0,0,0,0,0,0,0,0,0,0 S";
    assert_eq!(legal(Anywoli, text), ["pass"]);
    assert_eq!(game_over(Anywoli, text), None);
    check_move(
        Anywoli,
        text,
        "pass",
        goes_on("0,0,0,0,0,0,0,0,0,0,0,8/0,0,0,0,0,0,0,0,0,0,0,0 N", [0, 0]),
    );
}

#[test]
fn anywoli_totals_must_be_a_multiple_of_four() {
    for (text, total) in [
        ("0,0,0,0,0,0,0,0,0,0,0,1/4,0,0,0,0,0,0,0,0,0,0,0 S", 5),
        ("4,4,4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4,4,2 S", 94),
    ] {
        match Position::parse(Anywoli, text) {
            Err(ParsePositionError::Invalid(PositionError::UnreachableTotal {
                variant,
                total: t,
                step,
            })) => {
                assert_eq!((variant, t, step), ("anywoli", total, 4));
            }
            other => panic!("{text}: {other:?}"),
        }
    }
}

/// Endless relay sowings are not legal moves (Anywoli, Rio Kadalis): positions found by brute
/// force with the reference, then the engine must leave that pit out of the legal moves.
#[test]
fn relay_endless_sowings_are_not_legal() {
    for v in [Anywoli, RioKadalis, RioKadalis5] {
        let found = reference::endless_from_pit_1(v, 6);
        assert!(found.len() >= 3, "{v}: {}", found.len());
        for r in found {
            let text = r.text();
            assert!(r.pits[0][0] > 0, "{text}");
            let moves = legal(v, &text);
            assert!(!moves.contains(&"1".to_owned()), "{v} `{text}`: {moves:?}");
            assert!(!moves.is_empty(), "{v} `{text}`");
            let p = pos(v, &text);
            assert!(matches!(
                p.play(Move::Pit(1)),
                Err(MoveError::Illegal { .. })
            ));
        }
    }
}

#[test]
fn rio_kadalis_5_endless_sowing_by_hand() {
    // Rio Kadalis on 5 pits: ring S1..S5, N1..N5 = 3,0,1,2,0, 1,2,0,1,2 (12 seeds).
    //   top row N5..N1 = 2,1,0,2,1;  bottom S1..S5 = 3,0,1,2,0.
    // Move 1: lift 3. The three pits ahead hold 0,1,2: they become 1,2,3, the last seed made 3
    // (neither an empty pit nor a four), so the 3 are lifted: left behind 1,2,0, hand 3 again.
    // No pit ever reaches 4 (the biggest is the 3 that is lifted at once), so nothing is
    // captured. Read one pit on, 1,2,0 1,2,0 is 0,1,2 0,1,2 ...: the pits ahead of each lap
    // hold 0,1,2 again. After 10 laps (30 seeds, three times round) the lap-start state (ring
    // 0,0,1,2,0,1,2,0,1,2, hand 3, next pit S2) repeats: the sowing is endless, so 1 is not a
    // legal move. The other moves (S3 = 1, S4 = 2) are ordinary.
    let text = "2,1,0,2,1/3,0,1,2,0 S";
    assert_eq!(legal(RioKadalis5, text), ["3", "4"]);
    assert_illegal(RioKadalis5, text, "1", &["3", "4"]);
}

// ---------------------------------------------------------------------------------------------
// Rio Kadalis

#[test]
fn rio_kadalis_binikh_gives_no_extra_turn() {
    // S6 = 2: N1 (0 -> 1), N2 (3 -> 4, last): binikh, South captures 4 and the move ends;
    // North moves next. (4 seeds are left: in Anywoli that would end the game, here it does not.)
    //   before: N6..N1 = 0,0,0,0,3,0 (N2=3)   S1..S6 = 3,0,0,0,0,2   (8 seeds)
    check_move(
        RioKadalis,
        "0,0,0,0,3,0/3,0,0,0,0,2 S",
        "6",
        goes_on("0,0,0,0,0,1/3,0,0,0,0,0 N 4-0", [4, 0]),
    );
}

#[test]
fn rio_kadalis_relay_sows_the_emptied_pit_and_fours_go_to_the_owner() {
    // S1 = 13, N6 = 3 (16 seeds). Seeds 1..5 into S2..S6 (0 -> 1), 6..10 into N1..N5, the 11th
    // into N6 (3 -> 4, not the last): NORTH, the owner, captures 4 and the sowing goes on; the
    // 12th into S1 itself (emptied, 0 -> 1), the 13th into S2 (1 -> 2, last): lift 2.
    //   2 from S2: S3, S4 -> 2: lift.   2 from S4: S5, S6 -> 2: lift.
    //   2 from S6: N1, N2 -> 2: lift.   2 from N2: N3, N4 -> 2: lift.
    //   2 from N4: N5 (1 -> 2), N6 (0 -> 1, last, empty): ends.
    // South: 1,0,2,0,2,0; North N1..N6: 2,0,2,0,2,1 (drawn N6..N1 = 1,2,0,2,0,2). 12 seeds.
    check_move(
        RioKadalis,
        "3,0,0,0,0,0/13,0,0,0,0,0 S",
        "1",
        goes_on("1,2,0,2,0,2/1,0,2,0,2,0 N 0-4", [0, 4]),
    );
}

#[test]
fn rio_kadalis_round_ends_and_each_takes_their_own_row() {
    // North to move with no seeds: no legal move, the round ends; South takes its own 4.
    assert_eq!(
        game_over(RioKadalis, "0,0,0,0,0,0/1,0,3,0,0,0 N 20-24"),
        Some([24, 24])
    );
    // A move into that: S1 -> S2 (empty): ends; North has no move: the round ends, South takes
    // the 4 seeds of its row. The board is emptied by the allocation.
    let played = check_move(
        RioKadalis,
        "0,0,0,0,0,0/1,0,3,0,0,0 S",
        "1",
        goes_on("0,0,0,0,0,0/0,0,0,0,0,0 N 4-0", [4, 0]).ends_game(),
    );
    assert_eq!(played.after.game_over(), Some(BySide::new(4, 0)));
}

#[test]
fn rio_kadalis_round_ends_when_every_move_is_endless() {
    // A tiny brute-force search with the reference: Rio Kadalis on 5 pits, South holding seeds
    // in pit 1 only, North any small distribution, totals 8, 12, 16: the first position whose
    // only move is endless. Then no legal move, so the round ends and EACH side takes the seeds
    // of its own row.
    let p = 5;
    let mut found = None;
    'search: for total in [8u32, 12, 16] {
        for h in 1..total {
            // Every North row holding total - h seeds.
            let mut north = vec![0u32; p];
            let rest = total - h;
            fn each(
                north: &mut Vec<u32>,
                i: usize,
                left: u32,
                f: &mut dyn FnMut(&[u32]) -> bool,
            ) -> bool {
                if i == north.len() - 1 {
                    north[i] = left;
                    return f(north);
                }
                for c in 0..=left {
                    north[i] = c;
                    if each(north, i + 1, left - c, f) {
                        return true;
                    }
                }
                false
            }
            let mut hit = None;
            each(&mut north, 0, rest, &mut |n| {
                let mut south = vec![0; p];
                south[0] = h;
                let r = RefPos::new(RioKadalis5, south, n.to_vec(), reference::SOUTH);
                if let RefOutcome::GameOver(t) = r.outcome() {
                    hit = Some((r, t));
                    return true;
                }
                false
            });
            if hit.is_some() {
                found = hit;
                break 'search;
            }
        }
    }
    let (r, totals) = found.expect("no position found");
    let text = r.text();
    assert_eq!(
        totals,
        [
            r.side_total(reference::SOUTH),
            r.side_total(reference::NORTH)
        ]
    );
    assert!(totals[0] > 0 && totals[1] > 0, "{text}");
    // The engine agrees: no legal move, each takes their own row.
    assert_eq!(legal(RioKadalis5, &text), Vec::<String>::new());
    assert_eq!(game_over(RioKadalis5, &text), Some(totals));
    // (The search finds `4,0,6,0,1/5,0,0,0,0 S`: South's only move, S1 = 5, is endless; South
    // takes 5, North 11.)
    assert_eq!(text, "4,0,6,0,1/5,0,0,0,0 S");
    assert_eq!(totals, [5, 11]);
}

#[test]
fn rio_kadalis_totals_must_be_a_multiple_of_four() {
    assert!(matches!(
        Position::parse(RioKadalis, "0,0,0,0,0,1/1,0,0,0,0,0 S"),
        Err(ParsePositionError::Invalid(
            PositionError::UnreachableTotal {
                total: 2,
                step: 4,
                ..
            }
        ))
    ));
    assert!(matches!(
        Position::parse(RioKadalis5, "4,4,4,4,4/4,4,4,4,3 S"),
        Err(ParsePositionError::Invalid(
            PositionError::UnreachableTotal {
                total: 39,
                step: 4,
                ..
            }
        ))
    ));
}

#[test]
fn rio_kadalis_5_board_shape() {
    // Two rows of 5, 4 seeds a pit, 40 in all.
    let start = Position::start(RioKadalis5);
    assert_eq!(start.to_string(), "4,4,4,4,4/4,4,4,4,4 S");
    assert_eq!(start.seeds_on_board(), 40);
    assert_eq!(pos(RioKadalis5, "4,4,4,4,4/4,4,4,4,4 S"), start);
    assert_eq!(
        Position::start(RioKadalis).to_string(),
        "4,4,4,4,4,4/4,4,4,4,4,4 S"
    );
    assert!(matches!(
        Position::parse(RioKadalis5, "4,4,4,4,4,4/4,4,4,4,4,4 S"),
        Err(ParsePositionError::Invalid(PositionError::PitCount {
            row: 1,
            expected: 5,
            found: 6
        }))
    ));
    assert_eq!(
        legal(RioKadalis5, "4,4,4,4,4/4,4,4,4,4 S"),
        pit_moves(&[1, 2, 3, 4, 5])
    );
    // From the start, S1 = 4: S2..S5 4 -> 5 (the last one, S5, holds 5): lift 5. N1..N5 4 -> 5
    // (last N5 = 5): lift 5. S1 (emptied, 0 -> 1), S2..S4 5 -> 6, S5 (lifted, 0 -> 1, last,
    // empty): ends. South's pit 5 is followed by North's pit 1: the ring has 10 pits.
    //   after: N5..N1 = 0,5,5,5,5   S1..S5 = 1,6,6,6,1   (40 seeds, nothing made 4)
    check_move(
        RioKadalis5,
        "4,4,4,4,4/4,4,4,4,4 S",
        "1",
        goes_on("0,5,5,5,5/1,6,6,6,1 N", [0, 0]),
    );
}

#[test]
fn start_positions() {
    // RULES.md §1 and §3: the start positions and their totals.
    let expected = [
        (
            Hawalis,
            "2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2 S",
            56,
        ),
        (
            BaoLaKiarabu,
            "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S",
            64,
        ),
        (AlManqala, "7,7,7,7,7,7,7/7,7,7,7,7,7,7 S", 98),
        (
            Anywoli,
            "4,4,4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4,4,4 S",
            96,
        ),
        (RioKadalis, "4,4,4,4,4,4/4,4,4,4,4,4 S", 48),
        (RioKadalis5, "4,4,4,4,4/4,4,4,4,4 S", 40),
        (Kalah, "4,4,4,4,4,4/4,4,4,4,4,4 S", 48),
        (Kalah5, "4,4,4,4,4/4,4,4,4,4 S", 40),
        (Kalah4, "4,4,4,4/4,4,4,4 S", 32),
        (Oware, "4,4,4,4,4,4/4,4,4,4,4,4 S", 48),
    ];
    for (v, text, total) in expected {
        let p = Position::start(v);
        assert_eq!(p.to_string(), text, "{v}");
        assert_eq!(p.seeds_on_board(), total, "{v}");
        assert_eq!(p.side(), South);
        assert_eq!(pos(v, text), p);
        // South moves first and has a move in every start position.
        assert!(!p.legal_moves().is_empty(), "{v}");
        assert_eq!(game_over(v, text), None);
    }
    // Hawalis start: every pit holds 2, so all 14 pits are legal.
    assert_eq!(
        legal(
            Hawalis,
            "2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2 S"
        ),
        pit_moves(&(1..=14).collect::<Vec<u8>>())
    );
}

// ---------------------------------------------------------------------------------------------
// Kalah. The stores are the CAPTURED field `s-n`: a seed sown into a store is a seed gained.

#[test]
fn kalah_last_seed_in_the_own_store_moves_again() {
    // Start, S3 = 4: S4, S5, S6 (4 -> 5 each) and South's store (the 4th seed). The last seed
    // is in South's store: South moves again. South's store (CAPTURED) 0 -> 1.
    check_move(
        Kalah,
        "4,4,4,4,4,4/4,4,4,4,4,4 S",
        "3",
        goes_on("4,4,4,4,4,4/4,4,0,5,5,5 S 1-0", [1, 0]).extra_turn(),
    );
    // And again from there: S6 = 5: store (2), N1, N2, N3, N4 (4 -> 5): ends in North's row.
    //   North N6..N1 = 4,4,5,5,5,5.
    check_move(
        Kalah,
        "4,4,4,4,4,4/4,4,0,5,5,5 S 1-0",
        "6",
        goes_on("4,4,5,5,5,5/4,4,0,5,5,0 N 2-0", [1, 0]),
    );
    // Kalah(5, 4) and Kalah(4, 4) the same way: S2 = 4 on 5 pits sows S3, S4, S5 and the store;
    // S1 = 4 on 4 pits sows S2, S3, S4 and the store.
    check_move(
        Kalah5,
        "4,4,4,4,4/4,4,4,4,4 S",
        "2",
        goes_on("4,4,4,4,4/4,0,5,5,5 S 1-0", [1, 0]).extra_turn(),
    );
    check_move(
        Kalah4,
        "4,4,4,4/4,4,4,4 S",
        "1",
        goes_on("4,4,4,4/0,5,5,5 S 1-0", [1, 0]).extra_turn(),
    );
}

#[test]
fn kalah_sowing_skips_the_opponents_store() {
    // South: S5 = 1, S6 = 8; North: 1 in every pit. S6 = 8: South's store (1st seed), N1..N6
    // (1 -> 2, seeds 2 to 7), North's store is skipped, S1 (8th seed). S1 was empty: the last
    // seed and the opposite pit N6 (P+1-1 = 6, now 2) go to South's store: 1 + 1 + 2 = 4.
    //   after: N6..N1 = 0,2,2,2,2,2   S1..S6 = 0,0,0,0,1,0   South's store 4
    check_move(
        Kalah,
        "1,1,1,1,1,1/0,0,0,0,1,8 S",
        "6",
        goes_on("0,2,2,2,2,2/0,0,0,0,1,0 N 4-0", [4, 0]),
    );
    // North sows the same way round its own side: N6 (drawn at the left of the top row) = 8:
    // North's store (1), S1..S6 (0 -> 1, 1 -> 2 for S1), South's store skipped, N1 (1 -> 2,
    // the 8th seed: not empty before, no capture). South moves next.
    check_move(
        Kalah,
        "8,0,0,0,0,1/1,0,0,0,0,0 N",
        "6",
        goes_on("0,0,0,0,0,2/2,1,1,1,1,1 S 0-1", [0, 1]),
    );
}

#[test]
fn kalah_capture_from_an_empty_own_pit_even_when_the_opposite_pit_is_empty() {
    // S1 = 1 sows S2, which was empty: S2's seed goes to South's store with the opposite pit,
    // North's pit 6+1-2 = 5 (drawn second from the left), which is EMPTY: 1 seed is captured
    // all the same (Irving et al.'s rule; the common rule would capture nothing here).
    check_move(
        Kalah,
        "0,0,0,0,0,3/1,0,0,0,0,2 S",
        "1",
        goes_on("0,0,0,0,0,3/0,0,0,0,0,2 N 1-0", [1, 0]),
    );
    // With seeds opposite: N5 = 4 goes too: 1 + 4 = 5.
    check_move(
        Kalah,
        "0,4,0,0,0,3/1,0,0,0,0,2 S",
        "1",
        goes_on("0,0,0,0,0,3/0,0,0,0,0,2 N 5-0", [5, 0]),
    );
    // North: N2 = 1 sows N3 (empty); opposite is South's pit 6+1-3 = 4, holding 2: North
    // captures 1 + 2 = 3.
    check_move(
        Kalah,
        "0,0,0,0,1,1/1,0,0,2,0,0 N",
        "2",
        goes_on("0,0,0,0,0,1/1,0,0,0,0,0 S 0-3", [0, 3]),
    );
}

#[test]
fn kalah_last_seed_elsewhere_captures_nothing() {
    // In an own pit that was not empty: S1 = 1 into S2 (1 -> 2): nothing, North moves.
    check_move(
        Kalah,
        "1,1,1,1,1,1/1,1,0,0,0,0 S",
        "1",
        goes_on("1,1,1,1,1,1/0,2,0,0,0,0 N", [0, 0]),
    );
    // In an empty pit of the OPPONENT: S6 = 2: store (1), N1 (0 -> 1): nothing more.
    check_move(
        Kalah,
        "1,1,1,1,1,0/1,0,0,0,0,2 S",
        "6",
        goes_on("1,1,1,1,1,1/1,0,0,0,0,0 N 1-0", [1, 0]),
    );
}

#[test]
fn kalah_a_full_lap_sows_the_emptied_pit() {
    // S1 = 13 on 6 pits: the ring has 13 places (S1..S6, South's store, N1..N6). S2..S6 get 1
    // (5 seeds), the store 1, N1..N6 1 each (1 -> 2), and the 13th seed falls into S1 itself,
    // emptied at the start: an empty own pit, so it and the opposite N6 (2) are captured:
    // the store gets 1 + 1 + 2 = 4.
    check_move(
        Kalah,
        "1,1,1,1,1,1/13,0,0,0,0,0 S",
        "1",
        goes_on("0,2,2,2,2,2/0,1,1,1,1,1 N 4-0", [4, 0]),
    );
    // S1 = 14: one more seed, into S2, which holds 1 from the lap: no capture.
    check_move(
        Kalah,
        "1,1,1,1,1,1/14,0,0,0,0,0 S",
        "1",
        goes_on("2,2,2,2,2,2/1,2,1,1,1,1 N 1-0", [1, 0]),
    );
}

#[test]
fn kalah_an_empty_row_after_a_move_ends_the_game() {
    // South's last seed: S6 = 1 into the store. It would give another move, but South's row is
    // empty: the game ends at once, each side takes its own row (North 2 + 1 = 3). North is
    // shown to move, with the board empty.
    check_move(
        Kalah,
        "0,0,0,1,0,2/0,0,0,0,0,1 S 10-12",
        "6",
        goes_on("0,0,0,0,0,0/0,0,0,0,0,0 N 11-15", [1, 3]).ends_game(),
    );
    // A capture that empties NORTH's row ends it too: S1 = 1 into the empty S2; opposite N5
    // holds North's last 3 seeds: 1 + 3 to South; North's row is empty, so South also takes its
    // own row (S4 = 2): 6 in all.
    check_move(
        Kalah,
        "0,3,0,0,0,0/1,0,0,2,0,0 S",
        "1",
        goes_on("0,0,0,0,0,0/0,0,0,0,0,0 N 6-0", [6, 0]).ends_game(),
    );
    // Sowing the mover's last seeds into the opponent's row: S6 = 3: store, N1, N2. South's row
    // is empty: North takes its row, 2 + 1 + 1 = 4.
    check_move(
        Kalah,
        "0,0,0,0,0,2/0,0,0,0,0,3 S",
        "6",
        goes_on("0,0,0,0,0,0/0,0,0,0,0,0 N 1-4", [1, 4]).ends_game(),
    );
}

#[test]
fn kalah_a_position_with_an_empty_row_is_over() {
    // North to move with no seeds: each takes its own row, South 1 + 2 = 3 more.
    assert_eq!(
        game_over(Kalah, "0,0,0,0,0,0/1,2,0,0,0,0 N 5-7"),
        Some([8, 7])
    );
    assert_eq!(
        legal(Kalah, "0,0,0,0,0,0/1,2,0,0,0,0 N 5-7"),
        Vec::<String>::new()
    );
    // South to move with seeds, but North's row is empty: over as well.
    assert_eq!(game_over(Kalah, "0,0,0,0,0,0/1,0,0,0,0,0 S"), Some([1, 0]));
    assert_eq!(game_over(Kalah4, "3,0,0,0/0,0,0,0 S"), Some([0, 3]));
    assert_eq!(game_over(Kalah, "4,4,4,4,4,4/4,4,4,4,4,4 S"), None);
}

#[test]
fn kalah_seed_limit_is_six_a_pit() {
    // Positions may come from Kalah(P, n) with n up to 6: 72 seeds on 6 pits a row, 60 on 5, 48
    // on 4 (board and stores together).
    let six = "6,6,6,6,6,6/6,6,6,6,6,6 S";
    assert_eq!(pos(Kalah, six).seeds_on_board(), 72);
    assert_eq!(legal(Kalah, six), pit_moves(&[1, 2, 3, 4, 5, 6]));
    assert!(matches!(
        Position::parse(Kalah, "6,6,6,6,6,6/6,6,6,6,6,6 S 1-0"),
        Err(ParsePositionError::Invalid(PositionError::TooManySeeds {
            max: 72,
            ..
        }))
    ));
    assert!(matches!(
        Position::parse(Kalah, "6,6,6,6,6,6/6,6,6,6,6,7 S"),
        Err(ParsePositionError::Invalid(PositionError::TooManySeeds {
            field: "ROWS",
            found: 73,
            max: 72,
            ..
        }))
    ));
    assert!(Position::parse(Kalah5, "6,6,6,6,6/6,6,6,6,6 N").is_ok());
    assert!(matches!(
        Position::parse(Kalah5, "6,6,6,6,6/6,6,6,6,6 N 0-1"),
        Err(ParsePositionError::Invalid(PositionError::TooManySeeds {
            max: 60,
            ..
        }))
    ));
    assert!(matches!(
        Position::parse(Kalah4, "0,0,0,0/0,0,0,0 N 25-24"),
        Err(ParsePositionError::Invalid(PositionError::TooManySeeds {
            max: 48,
            ..
        }))
    ));
    // Any total is reachable (no multiple-of rule), odd ones too.
    assert!(Position::parse(Kalah4, "1,0,0,0/0,0,0,2 S 3-1").is_ok());
}

// ---------------------------------------------------------------------------------------------
// Oware

#[test]
fn oware_single_lap_skips_the_emptied_pit() {
    // From the start, S1 = 4: S2..S5 (4 -> 5). Single lap, no capture (it ends in South's row).
    check_move(
        Oware,
        "4,4,4,4,4,4/4,4,4,4,4,4 S",
        "1",
        goes_on("4,4,4,4,4,4/0,5,5,5,5,4 N", [0, 0]),
    );
    // S1 = 12: S2..S6 (5 seeds), N1..N6 (1 -> 2, 6 seeds), then S1 is skipped (the emptied
    // pit is never sown into), so the 12th seed goes into S2 (1 -> 2). It ends in South's own
    // row: no capture, although North's pits hold 2.
    check_move(
        Oware,
        "1,1,1,1,1,1/12,0,0,0,0,0 S",
        "1",
        goes_on("2,2,2,2,2,2/0,2,1,1,1,1 N", [0, 0]),
    );
}

#[test]
fn oware_captures_twos_and_threes_going_back_on_the_opponents_side() {
    // North N1..N6 = 0,2,1,4,0,0 (drawn N6..N1 = 0,0,4,1,2,0). S4 = 5: S5, S6, N1 (0 -> 1),
    // N2 (2 -> 3), N3 (1 -> 2, last). N3 holds 2: captured; going back, N2 holds 3: captured;
    // N1 holds 1: the captures stop there. 2 + 3 = 5 to South; N1 = 1 and N4 = 4 stay.
    check_move(
        Oware,
        "0,0,4,1,2,0/0,0,0,5,0,0 S",
        "4",
        goes_on("0,0,4,0,0,1/0,0,0,0,1,1 N 5-0", [5, 0]),
    );
    // The captures stop at the mover's own row: N1..N3 = 1,2,1, N4 = 4. S4 = 5 makes N1..N3
    // 2,3,2: N3, N2, N1 are captured (7), and going back from N1 comes S6, South's own: stop.
    check_move(
        Oware,
        "0,0,4,1,2,1/0,0,0,5,0,0 S",
        "4",
        goes_on("0,0,4,0,0,0/0,0,0,0,1,1 N 7-0", [7, 0]),
    );
    // A last seed making 4, or 1, captures nothing; nor does a 2 in the mover's own row.
    check_move(
        Oware,
        "0,0,0,0,0,3/0,0,0,0,0,1 S",
        "6",
        goes_on("0,0,0,0,0,4/0,0,0,0,0,0 N", [0, 0]),
    );
    check_move(
        Oware,
        "1,1,1,1,1,1/1,1,0,0,0,0 S",
        "1",
        goes_on("1,1,1,1,1,1/0,2,0,0,0,0 N", [0, 0]),
    );
    // North captures on South's side the same way: N6 = 3 sows S1 (1 -> 2), S2 (1 -> 2), S3
    // (1 -> 2, last): S3, S2, S1 captured (6); going back from S1 comes N6: North's own row.
    check_move(
        Oware,
        "3,0,0,0,0,0/1,1,1,0,0,4 N",
        "6",
        goes_on("0,0,0,0,0,0/0,0,0,0,0,4 S 0-6", [0, 6]),
    );
}

#[test]
fn oware_grand_slam_is_legal_only_when_every_move_starves() {
    // S1 = 11: S2..S6, N1..N6 (1 -> 2): the last seed makes N6 hold 2, and going back N5..N1
    // all hold 2: every seed of North's would be captured. S6 = 1 leaves North seeds (N1 1 ->
    // 2 is captured, N2..N6 stay), so the grand slam 1 is not legal: only 6 is.
    let text = "1,1,1,1,1,1/11,0,0,0,0,1 S";
    assert_eq!(legal(Oware, text), ["6"]);
    assert_illegal(Oware, text, "1", &["6"]);
    check_move(
        Oware,
        text,
        "6",
        goes_on("1,1,1,1,1,0/11,0,0,0,0,0 N 2-0", [2, 0]),
    );
    // Without S6, the grand slam is the only move, so it is legal: 12 captured. North then has
    // no seeds to move: the game ends and South takes the 5 seeds left (S2..S6): 17 in all.
    let text = "1,1,1,1,1,1/11,0,0,0,0,0 S";
    assert_eq!(legal(Oware, text), ["1"]);
    check_move(
        Oware,
        text,
        "1",
        goes_on("0,0,0,0,0,0/0,0,0,0,0,0 N 17-0", [17, 0]).ends_game(),
    );
}

#[test]
fn oware_an_empty_opponent_must_be_fed_when_possible() {
    // North has no seeds. S1 -> S2 would leave North with none: not legal; S5 = 2 sows S6 and
    // N1: legal.
    let text = "0,0,0,0,0,0/1,0,0,0,2,0 S";
    assert_eq!(legal(Oware, text), ["5"]);
    assert_illegal(Oware, text, "1", &["5"]);
    check_move(
        Oware,
        text,
        "5",
        goes_on("0,0,0,0,0,1/1,0,0,0,0,1 N", [0, 0]),
    );
    // No move can feed (S1 -> S2, S2 -> S3): every move is legal, and after it North has no
    // seeds: the game ends, South takes the 2 seeds left.
    let text = "0,0,0,0,0,0/1,1,0,0,0,0 S";
    assert_eq!(legal(Oware, text), ["1", "2"]);
    check_move(
        Oware,
        text,
        "1",
        goes_on("0,0,0,0,0,0/0,0,0,0,0,0 N 2-0", [2, 0]).ends_game(),
    );
}

#[test]
fn oware_no_seeds_to_move_ends_the_game() {
    // South to move with no seeds: over, North takes every seed left (1 + 2).
    assert_eq!(
        game_over(Oware, "1,2,0,0,0,0/0,0,0,0,0,0 S 10-12"),
        Some([10, 15])
    );
    assert_eq!(
        legal(Oware, "1,2,0,0,0,0/0,0,0,0,0,0 S"),
        Vec::<String>::new()
    );
    // The empty board too (nothing left to take).
    assert_eq!(
        game_over(Oware, "0,0,0,0,0,0/0,0,0,0,0,0 N 24-24"),
        Some([24, 24])
    );
    // Odd totals are reachable (captures of 3) and accepted; more than 48 seeds is not.
    assert!(Position::parse(Oware, "0,0,0,0,0,1/0,0,0,0,0,2 S 20-25").is_ok());
    assert!(matches!(
        Position::parse(Oware, "4,4,4,4,4,4/4,4,4,4,4,4 S 1-0"),
        Err(ParsePositionError::Invalid(PositionError::TooManySeeds {
            max: 48,
            ..
        }))
    ));
}
