//! Rio Kadalis as a match of rounds (docs/rules.md#rio-kadalis-matches): from what each player
//! won in a round, their winnings, the pits they open for the next round, their reserve, who
//! starts it, and when the match is over. Nothing here plays a round: a round is played on the
//! [`Position`] that [`RoundStart::position`] gives, by the rules engine like any other.

use std::fmt;

use thiserror::Error;

use crate::{BySide, Position, Shape, Side, Variant};

/// Seeds a pit is filled with at the start of a round.
pub const SEEDS_PER_PIT: u32 = 4;

/// Where a match stands as a round begins: each player's open pits (their highest-numbered,
/// `P - k + 1 ..= P`), the winnings each keeps off the board, and who moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RoundStart {
    /// Pits each player has open, 1 to P.
    pub open: BySide<u8>,
    /// Seeds each player keeps off the board, added to their winnings when the round ends.
    pub reserve: BySide<u32>,
    /// Who moves first.
    pub starter: Side,
}

/// What follows a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AfterRound {
    /// The next round, from this start.
    Next(RoundStart),
    /// A player's winnings are below four: they can open no pit, and the other wins the match.
    Won {
        /// The winner of the match.
        winner: Side,
    },
}

/// How a round ended, and what each player has for the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundResult {
    /// Seeds each player won in the round: captured in it, plus those left in their row at its
    /// end. A round of endless play splits the board equally ([`won_with_value`]
    /// with the value 0, docs/rules.md#rio-kadalis-matches).
    pub won: BySide<u32>,
    /// Their winnings: what they won plus their reserve.
    pub winnings: BySide<u32>,
    /// What follows.
    pub after: AfterRound,
}

/// Why a match is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchEnd {
    /// A player could open no pit.
    Won {
        /// The winner.
        winner: Side,
    },
    /// The next round would start as round `first` (from 1) did: the match would repeat for
    /// ever, a draw.
    Repetition {
        /// The earlier round with the same start.
        first: usize,
    },
}

/// Why a round start given by a client or a link cannot be one of a match: each names the
/// side and what the rules allow.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum RoundStartError {
    /// A side with no pit open, or more than it has.
    #[error("{side} opens {open} pits, but a round is played with 1 to {pits} pits open on each side (below 4 seeds a player has lost the match)", side = side.title())]
    Open {
        /// The side.
        side: Side,
        /// The pits it was to open.
        open: u8,
        /// Pits a side has.
        pits: u8,
    },
    /// A reserve of four or more beside a closed pit: those seeds would have opened it.
    #[error("{side} keeps {reserve} seeds in reserve with only {open} of its {pits} pits open: four of them would open another pit (with a pit closed a reserve is 0 to 3)", side = side.title())]
    Reserve {
        /// The side.
        side: Side,
        /// Its reserve.
        reserve: u32,
        /// The pits it opens.
        open: u8,
        /// Pits a side has.
        pits: u8,
    },
    /// The seeds in play are not the match's: four in each open pit plus the reserves.
    #[error("the round start holds {held} seeds (4 in each open pit plus the reserves), but a match of this variant is played with {total}")]
    Seeds {
        /// Seeds the start holds.
        held: u32,
        /// Seeds of the variant.
        total: u32,
    },
    /// Text that is not a round start ([`RoundStart::parse`]).
    #[error("`{text}` is not a round start: expected OPEN_SOUTH,OPEN_NORTH,RESERVE_SOUTH,RESERVE_NORTH,STARTER (S or N), e.g. 2,6,1,15,N")]
    Malformed {
        /// The text given.
        text: String,
    },
}

impl RoundStart {
    /// A round start as a match can reach it: each side opens 1 to P pits, a side with a
    /// closed pit keeps fewer than four seeds in reserve, and the open pits' seeds and the
    /// reserves together are the variant's seeds.
    pub fn new(
        variant: Variant,
        open: BySide<u8>,
        reserve: BySide<u32>,
        starter: Side,
    ) -> Result<RoundStart, RoundStartError> {
        let p = pits(variant);
        for side in [Side::South, Side::North] {
            if !(1..=p).contains(&open[side]) {
                return Err(RoundStartError::Open {
                    side,
                    open: open[side],
                    pits: p,
                });
            }
            if open[side] < p && reserve[side] >= SEEDS_PER_PIT {
                return Err(RoundStartError::Reserve {
                    side,
                    reserve: reserve[side],
                    open: open[side],
                    pits: p,
                });
            }
        }
        let held = (SEEDS_PER_PIT * (u32::from(open.south) + u32::from(open.north)))
            .saturating_add(reserve.south)
            .saturating_add(reserve.north);
        let total = variant.total_seeds();
        if held != total {
            return Err(RoundStartError::Seeds { held, total });
        }
        Ok(RoundStart {
            open,
            reserve,
            starter,
        })
    }

    /// A round start written `OPEN_SOUTH,OPEN_NORTH,RESERVE_SOUTH,RESERVE_NORTH,STARTER`
    /// (`2,6,1,15,N`), as the command line and the page's match links write it; checked as
    /// [`RoundStart::new`] checks it.
    pub fn parse(variant: Variant, text: &str) -> Result<RoundStart, RoundStartError> {
        let malformed = || RoundStartError::Malformed {
            text: text.to_owned(),
        };
        let parts: Vec<&str> = text.trim().split(',').map(str::trim).collect();
        let [os, on, rs, rn, starter] = parts[..] else {
            return Err(malformed());
        };
        let open = |t: &str| t.parse::<u8>().map_err(|_| malformed());
        let reserve = |t: &str| t.parse::<u32>().map_err(|_| malformed());
        let starter = match starter {
            "S" | "s" => Side::South,
            "N" | "n" => Side::North,
            _ => return Err(malformed()),
        };
        RoundStart::new(
            variant,
            BySide::new(open(os)?, open(on)?),
            BySide::new(reserve(rs)?, reserve(rn)?),
            starter,
        )
    }

    /// The first round: every pit open, no reserves, South to move.
    pub fn first(variant: Variant) -> RoundStart {
        let p = pits(variant);
        RoundStart {
            open: BySide::new(p, p),
            reserve: BySide::new(0, 0),
            starter: Side::South,
        }
    }

    /// The round's start position: each player's open pits filled with four seeds, their
    /// other pits closed, the starter to move, nothing captured yet.
    pub fn position(&self, variant: Variant) -> Position {
        let l = variant.pits_per_side();
        let mut p = Position::start(variant);
        let mut closed = 0u32;
        for side in [Side::South, Side::North] {
            let shut = l - usize::from(self.open[side]);
            for pit in 0..shut {
                let cell = side.index() * l + pit;
                p.board.cells[cell] = 0;
                closed |= 1 << cell;
            }
        }
        p.shape = Shape::from_bits(closed);
        p.side = self.starter;
        p
    }

    /// What follows a round that began here and in which each player won `won` seeds:
    /// their winnings, and the next round's start or the match's end.
    pub fn after(&self, variant: Variant, won: BySide<u32>) -> RoundResult {
        let winnings = BySide::new(
            won.south + self.reserve.south,
            won.north + self.reserve.north,
        );
        let after = if let Some(loser) = [Side::South, Side::North]
            .into_iter()
            .find(|&s| winnings[s] < SEEDS_PER_PIT)
        {
            AfterRound::Won { winner: !loser }
        } else {
            let p = u32::from(pits(variant));
            let open = winnings.map(|w| (w / SEEDS_PER_PIT).min(p));
            let starter = match won.south.cmp(&won.north) {
                std::cmp::Ordering::Less => Side::South,
                std::cmp::Ordering::Greater => Side::North,
                std::cmp::Ordering::Equal => !self.starter,
            };
            AfterRound::Next(RoundStart {
                open: open.map(|k| k as u8),
                reserve: BySide::new(
                    winnings.south - SEEDS_PER_PIT * open.south,
                    winnings.north - SEEDS_PER_PIT * open.north,
                ),
                starter,
            })
        };
        RoundResult {
            won,
            winnings,
            after,
        }
    }
}

impl fmt::Display for RoundStart {
    /// `South 6 pits (reserve 0), North 5 pits (reserve 3), South starts`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |s: Side| {
            let k = self.open[s];
            format!(
                "{} {k} pit{} (reserve {})",
                s.title(),
                if k == 1 { "" } else { "s" },
                self.reserve[s]
            )
        };
        let starter = self.starter.title();
        write!(
            f,
            "{}, {}, {starter} starts",
            side(Side::South),
            side(Side::North)
        )
    }
}

/// What each player wins of the round when `position`, one of its positions, is worth `value`
/// to its side to move (seeds still to win minus seeds still to lose, docs/rules.md#value):
/// what each has captured, and the board's seeds split as the value says. `None` when the
/// value cannot be such a split (odd, or beyond the board): an estimate's rounding.
pub fn won_with_value(position: &Position, value: i32) -> Option<BySide<u32>> {
    let n = position.seeds_on_board() as i32;
    if value.abs() > n || (n + value) % 2 != 0 {
        return None;
    }
    let (mover, other) = (((n + value) / 2) as u32, ((n - value) / 2) as u32);
    let captured = position.captured();
    Some(match position.side() {
        Side::South => BySide::new(captured.south + mover, captured.north + other),
        Side::North => BySide::new(captured.south + other, captured.north + mover),
    })
}

/// Whether the match rules apply to `variant`.
pub fn has_matches(variant: Variant) -> bool {
    variant.closes_pits()
}

/// Pits a player has in `variant`.
fn pits(variant: Variant) -> u8 {
    variant.pits_per_side() as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_round_is_the_start_and_later_ones_close_the_low_pits() {
        let v = Variant::RioKadalis;
        assert_eq!(RoundStart::first(v).position(v), Position::start(v));
        // South opens 4 pits (its 3..6), North 5 (its 2..6); North starts.
        let r = RoundStart {
            open: BySide::new(4, 5),
            reserve: BySide::new(2, 1),
            starter: Side::North,
        };
        // Top row N6..N1: N1 closed; bottom row S1..S6: S1, S2 closed.
        assert_eq!(r.position(v).to_string(), "4,4,4,4,4,x/x,x,4,4,4,4 N");
        assert_eq!(r.position(v).seeds_on_board(), 36);
    }

    #[test]
    fn a_round_start_from_outside_is_one_a_match_can_reach() {
        let v = Variant::RioKadalis;
        let (s, n) = (Side::South, Side::North);
        // South 2 pits (8 seeds) and 1 in reserve, North 6 pits (24) and 15: 8 + 1 + 24 + 15
        // = 48, the six-hole game's seeds.
        let ok = RoundStart::new(v, BySide::new(2, 6), BySide::new(1, 15), n).unwrap();
        assert_eq!(ok.position(v).to_string(), "4,4,4,4,4,4/x,x,x,x,4,4 N");
        let e = RoundStart::new(v, BySide::new(0, 6), BySide::new(24, 0), s).unwrap_err();
        assert_eq!(
            e,
            RoundStartError::Open {
                side: s,
                open: 0,
                pits: 6
            }
        );
        assert!(e.to_string().starts_with("South opens 0 pits, but"), "{e}");
        let e = RoundStart::new(v, BySide::new(6, 7), BySide::new(0, 0), s).unwrap_err();
        assert!(matches!(e, RoundStartError::Open { open: 7, .. }), "{e:?}");
        // South 2 pits with 5 in reserve: 4 of the 5 would have opened a third pit.
        let e = RoundStart::new(v, BySide::new(2, 6), BySide::new(5, 11), s).unwrap_err();
        assert!(
            matches!(e, RoundStartError::Reserve { reserve: 5, .. }),
            "{e:?}"
        );
        // With every pit open any reserve is possible: North 6 pits and 20 over.
        assert!(RoundStart::new(v, BySide::new(1, 6), BySide::new(0, 20), s).is_ok());
        // 8 + 24 = 32 seeds, not 48.
        let e = RoundStart::new(v, BySide::new(2, 6), BySide::new(0, 0), s).unwrap_err();
        assert_eq!(
            e,
            RoundStartError::Seeds {
                held: 32,
                total: 48
            }
        );
        // Five holes: 40 seeds; 4 pits each (32) and 4 each in reserve would open a fifth.
        let v5 = Variant::RioKadalis5;
        let e = RoundStart::new(v5, BySide::new(4, 4), BySide::new(4, 4), s).unwrap_err();
        assert!(matches!(e, RoundStartError::Reserve { .. }), "{e:?}");
        // 16 + 3 and 20 + 1: 40.
        assert!(RoundStart::new(v5, BySide::new(4, 5), BySide::new(3, 1), s).is_ok()); // As text: the same start, and what is not one.
        assert_eq!(RoundStart::parse(v, " 2, 6,1,15,N"), Ok(ok));
        for bad in [
            "2,6,1,15",
            "2,6,1,15,X",
            "2,6,-1,15,N",
            "a,6,1,15,N",
            "2,6,1,15,N,1",
        ] {
            assert!(
                matches!(
                    RoundStart::parse(v, bad),
                    Err(RoundStartError::Malformed { .. })
                ),
                "{bad}"
            );
        }
        assert_eq!(
            RoundStart::parse(v, "2,6,0,0,S"),
            Err(RoundStartError::Seeds {
                held: 32,
                total: 48
            })
        );
    }

    #[test]
    fn winnings_open_pits_and_keep_the_rest_in_reserve() {
        let v = Variant::RioKadalis;
        let first = RoundStart::first(v);
        // South won 27, North 21 of the 48: South 27 = 6 pits (24) + 3 in reserve; North 21 =
        // 5 pits + 1. North won fewer: North starts.
        let r = first.after(v, BySide::new(27, 21));
        assert_eq!(r.winnings, BySide::new(27, 21));
        let next = RoundStart {
            open: BySide::new(6, 5),
            reserve: BySide::new(3, 1),
            starter: Side::North,
        };
        assert_eq!(r.after, AfterRound::Next(next));
        // In that round (44 seeds on the board) South wins 30, North 14: winnings 33 and 15:
        // South can fill only 6 pits (24), keeping 9; North 3 pits and 3 over. North starts.
        let r = next.after(v, BySide::new(30, 14));
        assert_eq!(r.winnings, BySide::new(33, 15));
        assert_eq!(
            r.after,
            AfterRound::Next(RoundStart {
                open: BySide::new(6, 3),
                reserve: BySide::new(9, 3),
                starter: Side::North,
            })
        );
        // An equal round: the one who did not start it starts the next.
        let r = first.after(v, BySide::new(24, 24));
        assert!(matches!(r.after, AfterRound::Next(s) if s.starter == Side::North));
        // North's winnings 3 (won 2, reserve 1): it opens no pit, South wins the match.
        let weak = RoundStart {
            open: BySide::new(6, 1),
            reserve: BySide::new(19, 1),
            starter: Side::North,
        };
        let r = weak.after(v, BySide::new(26, 2));
        assert_eq!(
            r.after,
            AfterRound::Won {
                winner: Side::South
            }
        );
        // Five pits: 40 seeds; South's 22 is 5 pits and 2 over.
        let v5 = Variant::RioKadalis5;
        let r = RoundStart::first(v5).after(v5, BySide::new(22, 18));
        assert_eq!(
            r.after,
            AfterRound::Next(RoundStart {
                open: BySide::new(5, 4),
                reserve: BySide::new(2, 2),
                starter: Side::North,
            })
        );
    }

    #[test]
    fn a_value_splits_the_board_and_adds_the_captures() {
        let v = Variant::RioKadalis;
        let start = Position::start(v);
        // South, to move, loses by 8: 20 against 28.
        assert_eq!(won_with_value(&start, -8), Some(BySide::new(20, 28)));
        assert_eq!(won_with_value(&start, 3), None);
        assert_eq!(won_with_value(&start, 50), None);
        // North starts a round of all pits: -8 to North is 28 to South, 20 to North.
        let north = RoundStart {
            starter: Side::North,
            ..RoundStart::first(v)
        };
        let p = north.position(v);
        assert_eq!(won_with_value(&p, -8), Some(BySide::new(28, 20)));
        // North to move with 4 seeds on the board, South has captured 28 and North 16:
        // worth +4 to North, North wins all four: 28 and 20; worth 0, two each: 30 and 18.
        let p = Position::parse(v, "0,0,0,0,0,2/0,0,0,0,0,2 N 28-16").unwrap();
        assert_eq!(won_with_value(&p, 4), Some(BySide::new(28, 20)));
        assert_eq!(won_with_value(&p, 0), Some(BySide::new(30, 18)));
        assert_eq!(won_with_value(&p, -1), None);
    }
}
