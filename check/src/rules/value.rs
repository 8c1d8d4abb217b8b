//! Values and depths as docs/rules.md ("Values and depths") defines them, always from the point
//! of view of the side to move.
//!
//! * The value of a position where the game is over: what its end allocates to the side to move
//!   minus what it allocates to the opponent (score variants), or a loss, -1 (win/draw/loss
//!   variants: the side to move without a move has lost).
//! * The value of a move, from `g` (what it gave the mover minus what it gave the opponent;
//!   always 0 in the win/draw/loss variants) and the value `v` of the position it leads to: `g`
//!   when it ends the game, -1 for an endless sowing, `g + v` for an extra turn, `g - v` when it
//!   passes the turn.
//! * The depth of a move: 1 when it is an *exit* (it gains seeds, gives an extra turn, ends the
//!   game or is an endless sowing), else 1 plus the depth of the position it leads to.
//! * The depth of a position whose value is not 0: 0 where the game is over, else the smallest
//!   depth among its value-keeping moves when its value is positive (the side ahead hurries),
//!   the largest when negative (the side behind delays). A value of 0 has no depth.

use super::{Next, Played, Pos};
use crate::variant::Spec;

/// What a move's gains are worth to `mover`: the margin in score variants, nothing in
/// win/draw/loss variants, where only the end counts.
pub fn gain_value(spec: &Spec, mover: usize, gained: [u32; 2]) -> i32 {
    if spec.win_draw_loss() {
        return 0;
    }
    gained[mover] as i32 - gained[1 - mover] as i32
}

/// The value, for its side to move, of `pos` where the game is over with final `totals`.
pub fn terminal_value(spec: &Spec, pos: &Pos, totals: [u32; 2]) -> i32 {
    if spec.win_draw_loss() {
        return -1;
    }
    let allocated = [
        totals[0] - pos.captured[0].min(totals[0]),
        totals[1] - pos.captured[1].min(totals[1]),
    ];
    gain_value(spec, pos.side, allocated)
}

/// Whether a move is an exit: it gains seeds, gives an extra turn, ends the game or is an
/// endless sowing. Every other move passes the turn and keeps every seed on the board.
pub fn is_exit(played: &Played) -> bool {
    played.next != Next::Opponent || played.gained != [0, 0]
}

/// Whether the value of a move depends on the position it leads to: not when the move ends the
/// game, by itself or by an endless sowing.
pub fn has_child(played: &Played) -> bool {
    matches!(played.next, Next::Opponent | Next::Mover)
}

/// The value of a move for `mover`, given the value `child` of the position it leads to (seen
/// by whoever moves there; ignored when the move has no child).
pub fn move_value(spec: &Spec, mover: usize, played: &Played, child: i32) -> i32 {
    let g = gain_value(spec, mover, played.gained);
    match played.next {
        Next::Over => g,
        Next::Endless => -1,
        Next::Mover => g + child,
        Next::Opponent => g - child,
    }
}

/// The depth of a move, given the depth of the position it leads to: 1 for an exit, else one
/// more than the child's (`None` when the child has none).
pub fn move_depth(played: &Played, child: Option<u32>) -> Option<u32> {
    if is_exit(played) {
        Some(1)
    } else {
        child.map(|d| d + 1)
    }
}

/// The depth of a position of value `value` (not 0) from the depths of its value-keeping moves:
/// the smallest when it is positive, the largest when negative; `None` if any of them is
/// unknown or there is none.
pub fn position_depth(value: i32, keeping: impl IntoIterator<Item = Option<u32>>) -> Option<u32> {
    let mut best: Option<u32> = None;
    for d in keeping {
        let d = d?;
        best = Some(match best {
            None => d,
            Some(b) if value > 0 => b.min(d),
            Some(b) => b.max(d),
        });
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Move, SOUTH};
    use crate::variant::Variant;

    fn played(next: Next, gained: [u32; 2]) -> Played {
        Played {
            mv: Move::Pit(1),
            after: Pos::EMPTY,
            gained,
            next,
        }
    }

    #[test]
    fn move_values_follow_the_table_of_rules_md() {
        let score = Variant::RioKadalis.spec();
        let wdl = Variant::Hawalis.spec();
        let gains = [8, 4];
        assert_eq!(move_value(&score, SOUTH, &played(Next::Over, gains), 99), 4);
        assert_eq!(move_value(&score, SOUTH, &played(Next::Mover, gains), 3), 7);
        assert_eq!(
            move_value(&score, SOUTH, &played(Next::Opponent, gains), 3),
            1
        );
        assert_eq!(move_value(&score, 1, &played(Next::Opponent, gains), 3), -7);
        assert_eq!(
            move_value(&wdl, SOUTH, &played(Next::Endless, [0, 0]), 1),
            -1
        );
        assert_eq!(
            move_value(&wdl, SOUTH, &played(Next::Opponent, gains), -1),
            1
        );
    }

    #[test]
    fn depths_hurry_ahead_and_delay_behind() {
        assert_eq!(position_depth(3, [Some(5), Some(2), Some(9)]), Some(2));
        assert_eq!(position_depth(-3, [Some(5), Some(2), Some(9)]), Some(9));
        assert_eq!(position_depth(-3, [Some(5), None]), None);
        assert_eq!(position_depth(1, []), None);
        let exit = played(Next::Opponent, [0, 4]);
        let quiet = played(Next::Opponent, [0, 0]);
        assert_eq!(move_depth(&exit, None), Some(1));
        assert_eq!(move_depth(&quiet, Some(6)), Some(7));
        assert_eq!(move_depth(&quiet, None), None);
    }

    #[test]
    fn a_finished_game_is_worth_its_allocation() {
        let spec = Variant::RioKadalis.spec();
        let mut p = Pos::EMPTY;
        p.captured = [10, 20];
        p.side = 1;
        // North to move; the end gives South 5 more and North 3 more.
        assert_eq!(terminal_value(&spec, &p, [15, 23]), -2);
        assert_eq!(terminal_value(&Variant::Hawalis.spec(), &p, [10, 20]), -1);
    }
}
