//! What a solved value means (docs/rules.md#values-and-depths), and how a move's value follows from
//! the position it leads to. One value model serves every variant: a win/draw/loss variant is a
//! score variant whose values are -1, 0 and +1, and endless play is worth 0 in both.

use std::cmp::Ordering;

use crate::rules::{MoveEffect, Next, Terminal};
use crate::{GameResult, Position, Scoring, Variant};

/// The value of a position or of a move, from the point of view of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Value {
    /// Score variants: seeds still to be won minus seeds still to be lost. Win/draw/loss
    /// variants: 1, 0 or -1.
    pub score: i8,
    /// Plies to the next capture or the end of the game under the depth rule of
    /// docs/rules.md#values-and-depths; `None` exactly when the value is that of endless play (0).
    pub depth: Option<u16>,
}

impl Value {
    /// The value of endless play: 0, with no depth.
    pub const ENDLESS: Value = Value {
        score: 0,
        depth: None,
    };

    /// A value with its depth, or with none when the score is that of endless play.
    pub fn new(score: i8, depth: u16) -> Value {
        Value {
            score,
            depth: (score != 0).then_some(depth),
        }
    }

    /// Orders values from the mover's point of view: a higher score is better; at equal scores
    /// a winning side prefers the shorter depth and a losing side the longer one (the side ahead
    /// hurries, the side behind delays). Best moves sort first under `b.cmp_for_mover(a)`.
    pub fn cmp_for_mover(&self, other: &Value) -> Ordering {
        self.sort_key().cmp(&other.sort_key())
    }

    fn sort_key(&self) -> (i8, i32) {
        let d = self.depth.map_or(0, i32::from);
        (self.score, if self.score > 0 { -d } else { d })
    }

    /// The result of the whole game for the side to move of `position` when this is its value:
    /// the sign of `captured(mover) - captured(opponent) + score` (score variants), or the
    /// result itself (win/draw/loss variants).
    pub fn result_in(&self, position: &Position) -> GameResult {
        let mover = position.side();
        let captured = position.captured();
        match position.variant().scoring() {
            Scoring::WinDrawLoss => GameResult::of_margin(self.score.into()),
            Scoring::Score => GameResult::of_margin(
                i64::from(captured[mover]) + i64::from(self.score) - i64::from(captured[!mover]),
            ),
        }
    }
}

/// Seeds a move's gains are worth to the mover: the margin in score variants, nothing in
/// win/draw/loss variants, where only the end counts.
#[inline]
pub fn immediate(scoring: Scoring, gain: [u8; 2]) -> i8 {
    match scoring {
        Scoring::Score => gain[0] as i8 - gain[1] as i8,
        Scoring::WinDrawLoss => 0,
    }
}

/// The value of a position where the game is over, for the side to move.
#[inline]
pub fn terminal_score(scoring: Scoring, t: &Terminal) -> i8 {
    match scoring {
        Scoring::Score => immediate(scoring, t.gain),
        Scoring::WinDrawLoss => -1, // the side to move has no move: it has lost
    }
}

/// Whether a move leaves the group of its position (a capture, or the end of the game), so that
/// its value never depends on the positions of the group. Every other move captures nothing and
/// passes the turn.
#[inline]
pub fn is_exit(o: &MoveEffect) -> bool {
    o.next != Next::Opponent || o.gain != [0, 0]
}

/// The score of a move for the mover from what it gained and who moves next, given the score
/// of the position it leads to (ignored when the move ends the game): [`move_value`] without
/// the depth, for a hot path that keeps only these two fields of the move.
#[inline]
pub fn move_score(variant: Variant, gain: [u8; 2], next: Next, child: i8) -> i8 {
    score_after(immediate(variant.scoring(), gain), next, child)
}

/// The score of a move for the mover from what its gains are worth ([`immediate`]) and who
/// moves next, given the score of the position it leads to: [`move_score`] for a caller that
/// keeps the gains' worth.
#[inline]
pub fn score_after(gain: i8, next: Next, child: i8) -> i8 {
    match next {
        Next::Over => gain,
        Next::Endless => -1,
        Next::Mover => gain + child,
        Next::Opponent => gain - child,
    }
}

/// The value of a move for the mover, given the value of the position it leads to (seen from
/// whoever moves there; ignored when the move ends the game).
#[inline]
pub fn move_value(variant: Variant, o: &MoveEffect, child: Value) -> Value {
    let score = move_score(variant, o.gain, o.next, child.score);
    let depth = if is_exit(o) {
        1
    } else {
        child.depth.map_or(0, |d| d + 1)
    };
    Value::new(score, depth)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ahead_hurries_behind_delays() {
        let win_fast = Value::new(3, 2);
        let win_slow = Value::new(3, 8);
        let lose_fast = Value::new(-3, 2);
        let lose_slow = Value::new(-3, 8);
        assert_eq!(win_fast.cmp_for_mover(&win_slow), Ordering::Greater);
        assert_eq!(lose_slow.cmp_for_mover(&lose_fast), Ordering::Greater);
        assert_eq!(
            Value::new(4, 99).cmp_for_mover(&win_fast),
            Ordering::Greater
        );
        assert_eq!(Value::ENDLESS.cmp_for_mover(&lose_slow), Ordering::Greater);
    }

    #[test]
    fn result_adds_what_is_captured() {
        // South to move has captured 14, North 20; South will still win 4 net: 18 < 20, a loss.
        let position = |captured: &str| {
            Position::parse(
                Variant::RioKadalis,
                &format!("0,0,0,0,0,4/4,0,0,0,0,0 S {captured}"),
            )
            .unwrap()
        };
        let v = Value::new(4, 3);
        assert_eq!(v.result_in(&position("14-20")), GameResult::Loss);
        assert_eq!(v.result_in(&position("16-20")), GameResult::Draw);
        assert_eq!(v.result_in(&position("17-20")), GameResult::Win);
        // North to move, with 20 captured against 14: 20 + 4 > 14.
        let north =
            Position::parse(Variant::RioKadalis, "0,0,0,0,0,4/4,0,0,0,0,0 N 14-20").unwrap();
        assert_eq!(v.result_in(&north), GameResult::Win);
        // Win/draw/loss variants: the value is the result, whatever was captured (South has 26).
        let hawalis = Position::parse(
            Variant::Hawalis,
            "0,0,0,0,0,0,0/0,0,0,0,0,0,2/2,0,0,0,0,0,0/0,0,0,0,0,0,0 S 26-0",
        )
        .unwrap();
        assert_eq!(Value::new(-1, 5).result_in(&hawalis), GameResult::Loss);
        assert_eq!(Value::new(1, 5).result_in(&hawalis), GameResult::Win);
    }
}
