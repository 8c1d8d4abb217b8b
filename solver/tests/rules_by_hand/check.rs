//! The checks every hand-worked example goes through: the engine and the reference
//! implementation must both agree with the working.

use mancala_solver::{Move, MoveError, Position, Side, Variant};

use crate::reference::{plain, RefOutcome, RefPos, NORTH, SOUTH};

/// The position, which must be valid.
pub fn pos(v: Variant, text: &str) -> Position {
    Position::parse(v, text).unwrap_or_else(|e| panic!("{v} `{text}`: {e}"))
}

/// What a move must lead to.
#[derive(Debug)]
pub struct Expect {
    /// The position after it, in canonical form.
    pub after: String,
    /// Seeds gained by South and by North.
    pub gained: [u32; 2],
    pub extra_turn: bool,
    pub ends_game: bool,
    pub endless: bool,
}

/// Plays `mv` in `before` with the engine and with the reference; both must give `expect`.
pub fn check_move(v: Variant, before: &str, mv: &str, expect: &Expect) {
    let p = pos(v, before);
    let played = p
        .play_text(mv)
        .unwrap_or_else(|e| panic!("{v} `{before}` move {mv}: {e}"));
    let context = format!("{v} `{before}` move {mv}");
    assert_eq!(played.mv.to_string(), mv, "{context}: the move played");
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
    let flags = (played.extra_turn, played.ends_game, played.endless);
    let expected_flags = (expect.extra_turn, expect.ends_game, expect.endless);
    assert_eq!(
        flags, expected_flags,
        "{context}: (extra_turn, ends_game, endless)"
    );

    // The reference must agree with the working too.
    let r = RefPos::parse(plain(v), before);
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
        expected_flags,
        "{context}: reference: (extra_turn, ends_game, endless)"
    );
}

/// The legal moves, by the engine and by the reference, which must agree.
pub fn legal(v: Variant, text: &str) -> Vec<String> {
    let engine: Vec<String> = pos(v, text)
        .legal_moves()
        .iter()
        .map(Move::to_string)
        .collect();
    let reference = RefPos::parse(plain(v), text).move_texts();
    assert_eq!(engine, reference, "{v} `{text}`: engine vs reference");
    engine
}

/// The final totals if the game is over, by the engine and by the reference.
pub fn game_over(v: Variant, text: &str) -> Option<[u32; 2]> {
    let engine = pos(v, text).game_over().map(|t| [t.south, t.north]);
    assert_eq!(
        engine,
        RefPos::parse(plain(v), text).game_over(),
        "{v} `{text}`: engine vs reference"
    );
    engine
}

/// The move is refused as illegal, and the error lists the legal moves (or says that there are
/// none, the game being over).
pub fn assert_illegal(v: Variant, text: &str, mv: &str, legal_moves: &[String]) {
    match pos(v, text).play_text(mv) {
        Err(e @ MoveError::Illegal { .. }) => {
            let MoveError::Illegal { text: t, legal } = &e else {
                unreachable!()
            };
            assert_eq!(t, mv);
            assert_eq!(legal, legal_moves, "{v} `{text}`");
            let listed = match legal_moves {
                [] => "none (the game is over)".to_owned(),
                moves => moves.join(" "),
            };
            assert!(e.to_string().contains(&listed), "{v} `{text}`: {e}");
        }
        other => panic!("{v} `{text}` move {mv}: expected Illegal, got {other:?}"),
    }
}

/// The seeds in pit `k` of a side, by the engine and by the reference, which must agree.
pub fn pit(v: Variant, text: &str, side: Side, k: usize) -> u8 {
    let engine = pos(v, text).pit(side, k);
    let reference = RefPos::parse(plain(v), text).pits[match side {
        Side::South => SOUTH,
        Side::North => NORTH,
    }][k - 1];
    assert_eq!(
        u32::from(engine),
        reference,
        "{v} `{text}`: {side:?} {k}: engine vs reference"
    );
    engine
}
