//! The two players, South and North, and `!side` for the other: the index of everything held
//! per side ([`crate::BySide`]).

use std::ops::Not;

/// A player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The player at the bottom of the drawn board, who moves first.
    South,
    /// The player at the top.
    North,
}

impl Side {
    /// `S` or `N`, as in position strings.
    pub const fn letter(self) -> char {
        match self {
            Side::South => 'S',
            Side::North => 'N',
        }
    }

    /// `South` or `North`, as in text for people.
    pub const fn title(self) -> &'static str {
        match self {
            Side::South => "South",
            Side::North => "North",
        }
    }

    /// `south` or `north`, as in JSON.
    pub const fn name(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }

    /// 0 for South, 1 for North: the index of this side in `[south, north]` arrays.
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl Not for Side {
    type Output = Side;
    fn not(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }
}
