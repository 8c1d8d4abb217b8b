//! The search path: the positions from the root of a search to the node being searched, for the
//! repetition check.
//!
//! A position is a board and a side to move: the same board seen by the other side is the same
//! value but not the same game position, so the side (relative to the root) is part of what
//! repeats. Seeds never come back onto the board, so a position can only repeat one reached since
//! the last move that captured, gained or ended something ([`crate::value::is_exit`]); the check
//! looks no further back. The path is allocated once, with room for the deepest search.

use crate::rules::{MoveEffect, Next};
use crate::value::is_exit;

/// Most plies an iteration searches (the room on the search path): deepening stops there.
pub const MAX_DEPTH: u8 = 200;

/// Where a node stands on the path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Visit {
    /// Plies from the root of the search.
    pub(super) ply: usize,
    /// Whether the side to move is the root's opponent.
    side: bool,
    /// Whether the move that led here was an exit, after which nothing earlier can repeat.
    after_exit: bool,
}

impl Visit {
    /// The root of a search: nothing before it can repeat.
    pub(super) const ROOT: Visit = Visit {
        ply: 0,
        side: false,
        after_exit: true,
    };

    /// The node reached by the move `effect` from this one.
    #[inline]
    pub(super) fn child(self, effect: &MoveEffect) -> Visit {
        Visit {
            ply: self.ply + 1,
            side: self.side ^ (effect.next == Next::Opponent),
            after_exit: is_exit(effect),
        }
    }
}

/// One position on the path.
#[derive(Clone, Copy, Default)]
struct Step {
    key: u128,
    side: bool,
    /// The first ply whose position this one could repeat (the ply after the last exit).
    since: usize,
}

/// The positions on the path, by ply.
pub(super) struct Path {
    steps: Vec<Step>,
}

impl Path {
    /// An empty path with room for [`MAX_DEPTH`] plies below the root.
    pub(super) fn new() -> Path {
        Path {
            steps: vec![Step::default(); usize::from(MAX_DEPTH) + 1],
        }
    }

    /// Puts the position with fingerprint `key` at `visit` on the path (dropping whatever stood
    /// at that ply and below) and returns the ply where the same position stood before, if it
    /// did: a repetition.
    #[inline]
    pub(super) fn enter(&mut self, visit: Visit, key: u128) -> Option<usize> {
        let ply = visit.ply;
        let since = if visit.after_exit {
            ply
        } else {
            self.steps[ply - 1].since
        };
        let earlier = self.steps[since..ply]
            .iter()
            .position(|s| s.key == key && s.side == visit.side)
            .map(|i| since + i);
        self.steps[ply] = Step {
            key,
            side: visit.side,
            since,
        };
        earlier
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Board;

    fn quiet() -> MoveEffect {
        MoveEffect {
            board: Board::EMPTY,
            gain: [0, 0],
            next: Next::Opponent,
        }
    }

    #[test]
    fn a_position_repeats_only_with_the_same_side_to_move_and_since_the_last_exit() {
        let mut path = Path::new();
        let root = Visit::ROOT;
        assert_eq!(path.enter(root, 7), None);
        let one = root.child(&quiet());
        assert_eq!(
            path.enter(one, 7),
            None,
            "the same board, the other side to move"
        );
        let two = one.child(&quiet());
        assert_eq!(path.enter(two, 7), Some(0));
        let capture = MoveEffect {
            gain: [2, 0],
            ..quiet()
        };
        let three = two.child(&capture);
        let four = three.child(&quiet());
        assert_eq!(path.enter(three, 9), None);
        assert_eq!(
            path.enter(four, 7),
            None,
            "nothing before the capture can repeat"
        );
        let five = four.child(&quiet());
        assert_eq!(path.enter(five, 9), Some(3));
    }
}
