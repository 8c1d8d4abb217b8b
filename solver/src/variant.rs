//! The variants the project implements, and the fixed facts about each one's board.
//!
//! A variant id names one complete rule set (docs/rules.md#variants): values in a tablebase always
//! belong to exactly one id, so an option that changes a rule is a different id, never a flag.

use std::fmt;
use std::str::FromStr;

use crate::error::ParseError;

/// One rule set. The order here is the order in which `mancala variants` lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// Hawalis (Oman): four rows of 7, relay sowing, win/draw/loss.
    Hawalis,
    /// Bao la Kiarabu (Zanzibar): four rows of 8, clockwise relay sowing, win/draw/loss.
    BaoLaKiarabu,
    /// Al-manqala (Galilee): two rows of 7, single lap, backward captures of 2s and 4s.
    AlManqala,
    /// Anywoli (Anuak): two rows of 12, relay sowing, fours to the pit's owner, extra turns.
    Anywoli,
    /// Rio Kadalis (Somalia): two rows of 6, relay sowing, fours to the pit's owner.
    RioKadalis,
    /// Rio Kadalis on two rows of 5.
    RioKadalis5,
    /// Rio Kadalis sown clockwise, as some Somalis play it: Rio Kadalis seen in a mirror.
    RioKadalisCw,
    /// Rio Kadalis on two rows of 5 sown clockwise.
    RioKadalis5Cw,
    /// Kalah on two rows of 6 with stores (calibration against Irving, Donkers and Uiterwijk).
    Kalah,
    /// Kalah on two rows of 5.
    Kalah5,
    /// Kalah on two rows of 4.
    Kalah4,
    /// Oware (Awari as solved by Romein and Bal): two rows of 6, captures of 2 and 3.
    Oware,
}

/// The rule family: variants of one family share their move generator and differ only in the
/// parameters of [`Variant`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Hawalis and Bao la Kiarabu: four rows, each side sows its own loop, relay sowing.
    FourRow,
    /// Al-manqala: two rows, single lap, captures of 2 and 4 going backwards.
    AlManqala,
    /// Anywoli and Rio Kadalis: two rows, relay sowing with fours captured along the way.
    Relay,
    /// Kalah: two rows and a store each, extra turns, captures from an emptied own pit.
    Kalah,
    /// Oware: two rows, single lap skipping the emptied pit, captures of 2 and 3 going back.
    Oware,
}

/// How a finished game is judged, and so what kind of value the solver gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// Win, draw or loss (docs/rules.md#values-and-depths): values are -1, 0 and +1.
    WinDrawLoss,
    /// Seeds: values are the margin of seeds still to be won, in `[-n, n]`.
    Score,
}

/// The direction in which a side sows around its loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Increasing pit numbers (docs/rules.md#notation).
    CounterClockwise,
    /// Decreasing pit numbers.
    Clockwise,
}

impl Variant {
    /// Every variant, in listing order.
    pub const ALL: [Variant; 12] = [
        Variant::Hawalis,
        Variant::BaoLaKiarabu,
        Variant::AlManqala,
        Variant::Anywoli,
        Variant::RioKadalis,
        Variant::RioKadalis5,
        Variant::RioKadalisCw,
        Variant::RioKadalis5Cw,
        Variant::Kalah,
        Variant::Kalah5,
        Variant::Kalah4,
        Variant::Oware,
    ];

    /// The id used on the command line, in URLs and in the database.
    pub const fn id(self) -> &'static str {
        match self {
            Variant::Hawalis => "hawalis",
            Variant::BaoLaKiarabu => "bao-la-kiarabu",
            Variant::AlManqala => "al-manqala",
            Variant::Anywoli => "anywoli",
            Variant::RioKadalis => "rio-kadalis",
            Variant::RioKadalis5 => "rio-kadalis-5",
            Variant::RioKadalisCw => "rio-kadalis-cw",
            Variant::RioKadalis5Cw => "rio-kadalis-5-cw",
            Variant::Kalah => "kalah",
            Variant::Kalah5 => "kalah-5",
            Variant::Kalah4 => "kalah-4",
            Variant::Oware => "oware",
        }
    }

    /// The name players use.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Hawalis => "Hawalis",
            Variant::BaoLaKiarabu => "Bao la Kiarabu",
            Variant::AlManqala => "Al-manqala",
            Variant::Anywoli => "Anywoli",
            Variant::RioKadalis => "Rio Kadalis",
            Variant::RioKadalis5 => "Rio Kadalis (5 pits)",
            Variant::RioKadalisCw => "Rio Kadalis (clockwise)",
            Variant::RioKadalis5Cw => "Rio Kadalis (5 pits, clockwise)",
            Variant::Kalah => "Kalah",
            Variant::Kalah5 => "Kalah (5 pits)",
            Variant::Kalah4 => "Kalah (4 pits)",
            Variant::Oware => "Oware",
        }
    }

    /// The rule family, which selects the move generator.
    pub const fn family(self) -> Family {
        match self {
            Variant::Hawalis | Variant::BaoLaKiarabu => Family::FourRow,
            Variant::AlManqala => Family::AlManqala,
            Variant::Anywoli
            | Variant::RioKadalis
            | Variant::RioKadalis5
            | Variant::RioKadalisCw
            | Variant::RioKadalis5Cw => Family::Relay,
            Variant::Kalah | Variant::Kalah5 | Variant::Kalah4 => Family::Kalah,
            Variant::Oware => Family::Oware,
        }
    }

    /// Pits in one row (`P` in docs/rules.md).
    pub const fn pits_per_row(self) -> usize {
        match self {
            Variant::Hawalis => 7,
            Variant::BaoLaKiarabu => 8,
            Variant::AlManqala => 7,
            Variant::Anywoli => 12,
            Variant::RioKadalis | Variant::RioKadalisCw => 6,
            Variant::RioKadalis5 | Variant::RioKadalis5Cw => 5,
            Variant::Kalah => 6,
            Variant::Kalah5 => 5,
            Variant::Kalah4 => 4,
            Variant::Oware => 6,
        }
    }

    /// Rows of the whole board: 2 or 4.
    pub const fn rows(self) -> usize {
        match self.family() {
            Family::FourRow => 4,
            _ => 2,
        }
    }

    /// Pits one side owns: `P` on two-row boards, `2P` on four-row boards.
    pub const fn pits_per_side(self) -> usize {
        self.pits_per_row() * self.rows() / 2
    }

    /// Seeds in every pit of the start position.
    pub const fn seeds_per_pit(self) -> u8 {
        match self {
            Variant::Hawalis | Variant::BaoLaKiarabu => 2,
            Variant::AlManqala => 7,
            Variant::Anywoli
            | Variant::RioKadalis
            | Variant::RioKadalis5
            | Variant::RioKadalisCw
            | Variant::RioKadalis5Cw => 4,
            Variant::Kalah | Variant::Kalah5 | Variant::Kalah4 | Variant::Oware => 4,
        }
    }

    /// Seeds in the whole game, from the start position.
    pub const fn total_seeds(self) -> u32 {
        (self.seeds_per_pit() as u32) * (self.pits_per_side() as u32) * 2
    }

    /// The most seeds a position of this variant may hold (board and `CAPTURED` together): the
    /// limit on positions that are read, and on the slices that can be solved. The seeds of the
    /// start position ([`Variant::total_seeds`]) everywhere except in Kalah, whose games are
    /// also played from `Kalah(P, n)` starts with `n` up to [`Variant::KALAH_MAX_SEEDS_PER_PIT`]
    /// seeds a pit (Irving, Donkers and Uiterwijk solved up to 6): 72 seeds in `kalah`, 60 in
    /// `kalah-5`, 48 in `kalah-4`.
    pub const fn max_seeds(self) -> u32 {
        match self.family() {
            Family::Kalah => Self::KALAH_MAX_SEEDS_PER_PIT * (self.pits_per_side() as u32) * 2,
            _ => self.total_seeds(),
        }
    }

    /// Seeds a pit in the largest Kalah start that positions may come from: `Kalah(P, 6)`.
    pub const KALAH_MAX_SEEDS_PER_PIT: u32 = 6;

    /// Win/draw/loss or score.
    pub const fn scoring(self) -> Scoring {
        match self.family() {
            Family::FourRow => Scoring::WinDrawLoss,
            _ => Scoring::Score,
        }
    }

    /// The direction each side sows in.
    pub const fn direction(self) -> Direction {
        match self {
            Variant::BaoLaKiarabu | Variant::RioKadalisCw | Variant::RioKadalis5Cw => {
                Direction::Clockwise
            }
            _ => Direction::CounterClockwise,
        }
    }

    /// The variant this one is seen in a mirror, if it is: clockwise Rio Kadalis is
    /// counter-clockwise Rio Kadalis with each row read from the other end (a relay sowing
    /// has no opposite pit, only the ring and who owns each pit). Its values are the other's
    /// at the mirrored board ([`crate::Board::mirrored`]): read from the other's tables,
    /// never solved or stored under its own id (docs/rules.md#clockwise-rio-kadalis).
    pub const fn mirror_image_of(self) -> Option<Variant> {
        match self {
            Variant::RioKadalisCw => Some(Variant::RioKadalis),
            Variant::RioKadalis5Cw => Some(Variant::RioKadalis5),
            _ => None,
        }
    }

    /// Every variant that has tables of its own, in listing order: [`Variant::ALL`] but those
    /// seen in a mirror, which are read from these ([`Variant::mirror_image_of`]).
    pub fn with_own_tables() -> impl Iterator<Item = Variant> {
        Variant::ALL
            .into_iter()
            .filter(|v| v.mirror_image_of().is_none())
    }

    /// The variant whose tables hold this one's values: itself, or the one it mirrors.
    pub const fn stored_as(self) -> Variant {
        match self.mirror_image_of() {
            Some(v) => v,
            None => self,
        }
    }

    /// Whether the variant's boards can have closed pits: Rio Kadalis, from the second round
    /// of a match on (docs/rules.md#rio-kadalis-matches).
    pub const fn closes_pits(self) -> bool {
        matches!(
            self,
            Variant::RioKadalis
                | Variant::RioKadalis5
                | Variant::RioKadalisCw
                | Variant::RioKadalis5Cw
        )
    }

    /// Board totals must be a multiple of this (1: any total). Captures in Al-manqala are even,
    /// and in the relay games always fours, so other totals cannot be reached from the start.
    pub const fn total_step(self) -> u32 {
        match self.family() {
            Family::FourRow => 1,
            Family::AlManqala => 2,
            Family::Relay => 4,
            Family::Kalah | Family::Oware => 1,
        }
    }

    /// Whether the slices are split by each side's seeds (seeds never cross sides there).
    pub const fn seeds_stay_on_their_side(self) -> bool {
        matches!(self.family(), Family::FourRow)
    }

    /// The most seeds one side can hold on a four-row board, or the whole board elsewhere.
    pub const fn max_seeds_per_side(self) -> u32 {
        if self.seeds_stay_on_their_side() {
            self.total_seeds() / 2
        } else {
            self.max_seeds()
        }
    }

    /// A short statement of the rules for listings (`mancala variants`, `/api/variants`).
    pub const fn summary(self) -> &'static str {
        match self {
            Variant::Hawalis => {
                "Relay sowing counter-clockwise round your own two rows; ending in your inner row \
                 captures the opposite inner pit and the outer pit behind it. Singletons move only \
                 into an empty pit and only when you have no pit of 2 or more. No move, or an \
                 endless sowing, loses; repetition draws."
            }
            Variant::BaoLaKiarabu => {
                "As Hawalis on four rows of 8, but sowing is clockwise and the opposite inner pit \
                 and the outer pit behind it are captured each on its own."
            }
            Variant::AlManqala => {
                "Single-lap sowing over both rows; a last seed making 2 or 4 captures that pit and \
                 every 2 or 4 before it. Feed an empty opponent or they take all the seeds left; an \
                 empty row passes. 50 seeds win."
            }
            Variant::Anywoli => {
                "Relay sowing over both rows; any pit that reaches 4 mid-sowing goes to its \
                 owner; a last seed making 4 (binikh) goes to the mover, who moves again. When 4 \
                 or fewer seeds are left the capturer takes them. Most seeds win."
            }
            Variant::RioKadalisCw | Variant::RioKadalis5Cw => {
                "As Rio Kadalis, sown clockwise (in decreasing pit numbers), as some Somalis play \
                 it: its values are Rio Kadalis's with each row read from the other end."
            }
            Variant::RioKadalis | Variant::RioKadalis5 => {
                "Relay sowing over both rows; any pit that reaches 4 mid-sowing goes to its \
                 owner; a last seed making 4 (binikh) goes to the mover and ends the move. With \
                 no legal move the round ends and each takes their own row. Most seeds win."
            }
            Variant::Kalah | Variant::Kalah5 | Variant::Kalah4 => {
                "Single-lap sowing into your own store but not the opponent's; a last seed in your \
                 store moves again; a last seed in an empty pit of yours takes it and the opposite \
                 pit, even an empty one. When either row is empty the game ends and each takes \
                 their own row. Most seeds win."
            }
            Variant::Oware => {
                "Single-lap sowing that skips the emptied pit; a last seed making an opponent's pit \
                 2 or 3 captures it and every 2 or 3 before it on that side. Leave the opponent \
                 seeds if you can; with no seeds to move the opponent takes the rest. Most seeds \
                 win."
            }
        }
    }

    /// Where the rules come from (docs/rules.md#variants).
    pub const fn source(self) -> &'static str {
        match self {
            Variant::Hawalis => "Oman; de Voogt 2003",
            Variant::BaoLaKiarabu => "Zanzibar; Ingrams 1921",
            Variant::AlManqala => "Galilee; Kanaaneh 2007",
            Variant::Anywoli => "Anuak, Ethiopia; Pankhurst 1971",
            Variant::RioKadalis | Variant::RioKadalis5 => "Somalia; Pankhurst 1971",
            Variant::RioKadalisCw | Variant::RioKadalis5Cw => {
                "Somalia; Pankhurst 1971 (\"some Somalis also play clockwise\")"
            }
            Variant::Kalah | Variant::Kalah5 | Variant::Kalah4 => {
                "United States (W. J. Champion, 1940s); as solved by Irving, Donkers and Uiterwijk 2000"
            }
            Variant::Oware => "West Africa; Awari as solved by Romein and Bal 2002",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Variant {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Variant::ALL
            .into_iter()
            .find(|v| v.id() == s)
            .ok_or_else(|| ParseError::UnknownVariant {
                name: s.to_owned(),
                expected: Variant::ALL.map(|v| v.id()).join(", "),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_unknown_is_rejected() {
        for v in Variant::ALL {
            assert_eq!(v.id().parse::<Variant>().unwrap(), v);
        }
        let err = "kalah-9".parse::<Variant>().unwrap_err();
        assert!(err.to_string().contains("kalah-9"), "{err}");
        assert!(err.to_string().contains("rio-kadalis"), "{err}");
    }

    #[test]
    fn totals_match_rules() {
        // docs/rules.md#variants: 4x7x2 = 56, 4x8x2 = 64, 14x7 = 98, 24x4 = 96, 12x4 = 48, 10x4 =
        // 40, the same clockwise; Kalah(6, 4), Kalah(5, 4), Kalah(4, 4): 48, 40, 32; Oware 12x4 = 48.
        let totals: Vec<u32> = Variant::ALL.iter().map(|v| v.total_seeds()).collect();
        assert_eq!(totals, [56, 64, 98, 96, 48, 40, 48, 40, 48, 40, 32, 48]);
        // Kalah positions may come from Kalah(P, 6): 6 a pit.
        let max: Vec<u32> = Variant::ALL.iter().map(|v| v.max_seeds()).collect();
        assert_eq!(max, [56, 64, 98, 96, 48, 40, 48, 40, 72, 60, 48, 48]);
        assert_eq!(Variant::Hawalis.max_seeds_per_side(), 28);
        assert_eq!(Variant::BaoLaKiarabu.max_seeds_per_side(), 32);
    }
}
