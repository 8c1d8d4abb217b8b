//! Shape tables (Rio Kadalis's boards with closed pits) through the store: made-up values
//! written for a table's two slices are read back for positions whose open pits are anywhere
//! on their rows, from either side, by both probes.

use super::*;

/// Five pits a side: the side to move with 2 open pits, the opponent 3, 8 seeds; C(12, 4) = 495
/// boards, and the slice of the other order.
fn shaped(mover: u8, opponent: u8) -> Slice {
    Slice {
        variant: Variant::RioKadalis5,
        id: SliceId::Shaped {
            mover,
            opponent,
            seeds: 8,
        },
    }
}

/// A `rio-kadalis-5` position string: the mover's open pits `mine` (numbers 1..5) hold the
/// first seeds of `ring` in order, the opponent's `theirs` the rest, every other pit closed.
fn closed_position(ring: &[u8], mine: &[usize], theirs: &[usize], side: char) -> String {
    let mut rows = [
        [
            "x".to_owned(),
            "x".into(),
            "x".into(),
            "x".into(),
            "x".into(),
        ],
        Default::default(),
    ];
    rows[1] = rows[0].clone();
    let (me, you) = if side == 'S' { (0, 1) } else { (1, 0) };
    for (k, &pit) in mine.iter().enumerate() {
        rows[me][pit - 1] = ring[k].to_string();
    }
    for (k, &pit) in theirs.iter().enumerate() {
        rows[you][pit - 1] = ring[mine.len() + k].to_string();
    }
    let north: Vec<String> = rows[1].iter().rev().cloned().collect();
    format!("{}/{} {side}", north.join(","), rows[0].join(","))
}

#[test]
fn a_board_with_closed_pits_is_probed_in_its_shape_table_whichever_pits_are_closed() {
    let (_dir, path) = new_db();
    let tb = Tablebase::open(&path).unwrap();
    let (two_three, three_two) = (shaped(2, 3), shaped(3, 2));
    assert_eq!(two_three.len(), 495);
    tb.write_group(&[made_up(two_three, 1), made_up(three_two, 2)], 0.1)
        .unwrap();
    for (slice, salt, open) in [(two_three, 1, [2usize, 3]), (three_two, 2, [3, 2])] {
        // The table's layout: each side's open pits at its right-hand end (cells 5 - k..5 and
        // 10 - k..10), read in ring order.
        let ring_of = |b: &Board| -> Vec<u8> {
            let mut ring = b.cells[5 - open[0]..5].to_vec();
            ring.extend_from_slice(&b.cells[10 - open[1]..10]);
            ring
        };
        let layouts: [(&[usize], &[usize]); 3] = match open {
            [2, 3] => [
                (&[4, 5], &[3, 4, 5]),
                (&[1, 3], &[1, 2, 5]),
                (&[2, 5], &[1, 3, 4]),
            ],
            _ => [
                (&[3, 4, 5], &[4, 5]),
                (&[1, 2, 5], &[2, 3]),
                (&[1, 3, 4], &[1, 5]),
            ],
        };
        for i in [0, 1, 77, 300, 494] {
            let ring = ring_of(&slice.board(i));
            assert_eq!(ring.iter().map(|&c| u32::from(c)).sum::<u32>(), 8);
            for (mine, theirs) in layouts {
                for side in ['S', 'N'] {
                    let text = closed_position(&ring, mine, theirs, side);
                    let p = Position::parse(Variant::RioKadalis5, &text).unwrap();
                    let (shape, board) = (p.relative_shape(), p.relative_board());
                    let got = tb.probe_board(p.variant(), shape, &board).unwrap();
                    assert_eq!(got, expected_value(i, salt), "{text} (index {i})");
                    let score = tb.probe_score(p.variant(), shape, &board).unwrap();
                    assert_eq!(score, got.score, "{text}");
                }
            }
        }
    }
    // A shape whose table is not written: not solved, naming its slice.
    let p = Position::parse(Variant::RioKadalis5, "x,x,x,x,4/x,x,x,4,4 S").unwrap();
    match tb.probe_board(p.variant(), p.relative_shape(), &p.relative_board()) {
        Err(DbError::NotSolved { slice, .. }) => assert_eq!(slice.to_string(), "12@2+1"),
        other => panic!("{other:?}"),
    }
    // More seeds than its open pits start a round with (20 on three pits, at most 12): in no
    // table, and refused before an index is computed.
    let p = Position::parse(Variant::RioKadalis5, "x,x,x,x,12/x,x,x,4,4 S").unwrap();
    match tb.probe_score(p.variant(), p.relative_shape(), &p.relative_board()) {
        Err(DbError::NotSolved { slice, .. }) => assert_eq!(slice.to_string(), "20@2+1"),
        other => panic!("{other:?}"),
    }
}
