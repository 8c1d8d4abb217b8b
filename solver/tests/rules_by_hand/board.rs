//! docs/rules.md#notation where it is about drawing the board rather than playing on it: the layout
//! of the rows, the columns of a four-row board, and the start position of every variant. (The pit
//! numbering and sowing round the board are worked examples in `board.md`.)

use mancala_solver::Side::{North, South};
use mancala_solver::Variant::{
    AlManqala, Anywoli, BaoLaKiarabu, Hawalis, Kalah, Kalah4, Kalah5, Oware, RioKadalis,
    RioKadalis5,
};
use mancala_solver::{layout, BySide, Position};

use crate::check::{game_over, legal, pos};

#[test]
fn two_row_layout_draws_north_p_to_1_above_south_1_to_p() {
    // `N P..1 / S 1..P`: the top row is North 7,6,...,1 from the left, the bottom row South
    // 1,...,7 from the left.
    //   top    6,5,4,3,2,1,0  ->  N7=6 N6=5 N5=4 N4=3 N3=2 N2=1 N1=0
    //   bottom 7,...,12,14    ->  S1=7 S2=8 ... S6=12 S7=14           (total 92, even)
    // The seeds in each pit are checked in `board.md`; here the rest of the position and the
    // layout drawn.
    let p = pos(AlManqala, "6,5,4,3,2,1,0/7,8,9,10,11,12,14 S");
    assert_eq!(p.side(), South);
    assert_eq!(p.captured(), BySide::default());
    // The layout says the same: row 0 is North's 7..1, row 1 South's 1..7.
    let l = layout(AlManqala);
    assert_eq!(l[0], (1..=7).rev().map(|k| (North, k)).collect::<Vec<_>>());
    assert_eq!(l[1], (1..=7).map(|k| (South, k)).collect::<Vec<_>>());
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
    // "Capture takes the inner pit and the outer pit behind it" in `hawalis.md` for a capture.
    let l = layout(Hawalis);
    let col = l[2].iter().position(|&x| x == (South, 9)).unwrap();
    assert_eq!(col, 5);
    assert_eq!(l[1][col], (North, 13));
    assert_eq!(l[0][col], (North, 2));
}

#[test]
fn start_positions() {
    // docs/rules.md (notation and variants): the start positions and their totals.
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
        (1..=14).map(|k| k.to_string()).collect::<Vec<_>>()
    );
}
