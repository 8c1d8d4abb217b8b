//! The variants and their fixed facts, written out again from docs/rules.md ("Variants"): the
//! board, the seeds, the rule family and how a game is scored.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// One complete rule set, named by its id (docs/rules.md, the table of "Variants").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// `hawalis`: four rows of 7, relay sowing round one's own loop, win/draw/loss.
    Hawalis,
    /// `bao-la-kiarabu`: four rows of 8, clockwise relay sowing, win/draw/loss.
    BaoLaKiarabu,
    /// `al-manqala`: two rows of 7, single lap, 2s and 4s captured.
    AlManqala,
    /// `anywoli`: two rows of 12, relay sowing, fours captured, binikh gives an extra turn.
    Anywoli,
    /// `rio-kadalis`: two rows of 6, relay sowing, fours captured.
    RioKadalis,
    /// `rio-kadalis-5`: as `rio-kadalis` on two rows of 5.
    RioKadalis5,
    /// `rio-kadalis-cw`: as `rio-kadalis`, sown clockwise (decreasing pit numbers).
    RioKadalisCw,
    /// `rio-kadalis-5-cw`: as `rio-kadalis-5`, sown clockwise.
    RioKadalis5Cw,
    /// `kalah`: two rows of 6 with stores.
    Kalah,
    /// `kalah-5`: two rows of 5 with stores.
    Kalah5,
    /// `kalah-4`: two rows of 4 with stores.
    Kalah4,
    /// `oware`: two rows of 6, single lap skipping the emptied pit, 2s and 3s captured.
    Oware,
}

impl Variant {
    /// Every variant, in the order of docs/rules.md.
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

    /// The id, as in position files, tablebases and on the command line.
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

    /// The variant whose tables hold this one's values at the mirrored board, if any:
    /// clockwise Rio Kadalis is read from counter-clockwise Rio Kadalis's tables, each row read
    /// from the other end (docs/rules.md, "Clockwise Rio Kadalis"). A claim the checker does not
    /// take on trust: `deep` checks the clockwise rules against those tables.
    pub const fn mirror_image_of(self) -> Option<Variant> {
        match self {
            Variant::RioKadalisCw => Some(Variant::RioKadalis),
            Variant::RioKadalis5Cw => Some(Variant::RioKadalis5),
            _ => None,
        }
    }

    /// The variant's facts.
    pub fn spec(self) -> Spec {
        Spec::of(self)
    }
}

impl fmt::Display for Variant {
    /// The id.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A variant id that names no variant.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown variant `{0}` (expected one of hawalis, bao-la-kiarabu, al-manqala, anywoli, rio-kadalis, rio-kadalis-5, rio-kadalis-cw, rio-kadalis-5-cw, kalah, kalah-5, kalah-4, oware)")]
pub struct UnknownVariant(pub String);

impl FromStr for Variant {
    type Err = UnknownVariant;

    /// Reads a variant id, exactly as written in docs/rules.md.
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.id() == s)
            .ok_or_else(|| UnknownVariant(s.to_owned()))
    }
}

/// The rule family, from docs/rules.md ("Variants").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Hawalis and Bao la Kiarabu.
    FourRow {
        /// Bao: clockwise sowing (decreasing pit numbers).
        clockwise: bool,
        /// Bao: the inner pit opposite and the outer pit behind it are each captured on their
        /// own; Hawalis: the outer one only when the inner one was captured.
        each_separately: bool,
    },
    /// Al-manqala.
    AlManqala,
    /// Anywoli and Rio Kadalis.
    Relay {
        /// Clockwise Rio Kadalis: sowing in decreasing pit numbers (South's pits down to 1,
        /// then North's from P down).
        clockwise: bool,
        /// Anywoli: a binikh gives an extra turn.
        binikh_extra_turn: bool,
        /// Anywoli: a capture leaving 4 or fewer seeds ends the game (the capturer takes them),
        /// a position with 4 or fewer seeds on the board is over, a player with no move passes.
        /// Rio Kadalis: none of that; no move ends the round and each takes their own row.
        anywoli_end: bool,
    },
    /// Kalah: stores, extra turns, the capture of an emptied own pit (the opposite pit even
    /// when empty), the end as soon as a row is empty.
    Kalah,
    /// Oware: one lap skipping the emptied pit, 2s and 3s captured going back on the
    /// opponent's side, the opponent must be left seeds when possible.
    Oware,
}

/// The facts of a variant, from docs/rules.md ("Variants").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Spec {
    /// The variant.
    pub variant: Variant,
    /// Its rule family.
    pub kind: Kind,
    /// P: pits in a row.
    pub p: usize,
    /// Rows of the whole board (2 or 4).
    pub rows: usize,
    /// Seeds in a pit at the start.
    pub seeds_per_pit: u32,
    /// Seeds a pit in the largest start a position may come from (Kalah: `Kalah(P, 6)`;
    /// elsewhere the start itself).
    pub max_seeds_per_pit: u32,
}

impl Spec {
    /// The facts of `variant`.
    pub fn of(variant: Variant) -> Spec {
        let relay = |clockwise, anywoli| Kind::Relay {
            clockwise,
            binikh_extra_turn: anywoli,
            anywoli_end: anywoli,
        };
        let (kind, p, rows, seeds_per_pit) = match variant {
            Variant::Hawalis => (
                Kind::FourRow {
                    clockwise: false,
                    each_separately: false,
                },
                7,
                4,
                2,
            ),
            Variant::BaoLaKiarabu => (
                Kind::FourRow {
                    clockwise: true,
                    each_separately: true,
                },
                8,
                4,
                2,
            ),
            Variant::AlManqala => (Kind::AlManqala, 7, 2, 7),
            Variant::Anywoli => (relay(false, true), 12, 2, 4),
            Variant::RioKadalis => (relay(false, false), 6, 2, 4),
            Variant::RioKadalis5 => (relay(false, false), 5, 2, 4),
            Variant::RioKadalisCw => (relay(true, false), 6, 2, 4),
            Variant::RioKadalis5Cw => (relay(true, false), 5, 2, 4),
            Variant::Kalah => (Kind::Kalah, 6, 2, 4),
            Variant::Kalah5 => (Kind::Kalah, 5, 2, 4),
            Variant::Kalah4 => (Kind::Kalah, 4, 2, 4),
            Variant::Oware => (Kind::Oware, 6, 2, 4),
        };
        // Kalah positions may come from any start up to Kalah(P, 6).
        let max_seeds_per_pit = if kind == Kind::Kalah {
            6
        } else {
            seeds_per_pit
        };
        Spec {
            variant,
            kind,
            p,
            rows,
            seeds_per_pit,
            max_seeds_per_pit,
        }
    }

    /// L: pits one side owns (P on two-row boards, 2P on four-row boards).
    pub fn pits_per_side(&self) -> usize {
        if self.rows == 4 {
            2 * self.p
        } else {
            self.p
        }
    }

    /// Whether the board has four rows (seeds never cross sides there).
    pub fn four_rows(&self) -> bool {
        self.rows == 4
    }

    /// The most seeds a position may hold (board and captured): the whole game, or in Kalah
    /// the game of 6 seeds a pit.
    pub fn total(&self) -> u32 {
        self.max_seeds_per_pit * 2 * self.pits_per_side() as u32
    }

    /// Four-row: the most seeds one side can hold (half the game).
    pub fn max_per_side(&self) -> u32 {
        self.total() / 2
    }

    /// Board totals must be a multiple of this (captures come in fixed sizes).
    pub fn total_step(&self) -> u32 {
        match self.kind {
            Kind::FourRow { .. } => 1,
            Kind::AlManqala => 2,
            Kind::Relay { .. } => 4,
            Kind::Kalah | Kind::Oware => 1,
        }
    }

    /// Whether pits can be closed with sand: Rio Kadalis's relay rules (no Anywoli end), from a
    /// match's second round on (docs/rules.md, "Rio Kadalis matches").
    pub fn closes_pits(&self) -> bool {
        matches!(
            self.kind,
            Kind::Relay {
                anywoli_end: false,
                ..
            }
        )
    }

    /// Whether values are win/draw/loss (-1, 0, +1: Hawalis and Bao la Kiarabu) rather than
    /// seeds.
    pub fn win_draw_loss(&self) -> bool {
        matches!(self.kind, Kind::FourRow { .. })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_read_back() {
        for v in Variant::ALL {
            assert_eq!(v.id().parse::<Variant>(), Ok(v));
            assert_eq!(v.to_string(), v.id());
        }
        let e = "awari".parse::<Variant>().unwrap_err();
        assert!(e.to_string().contains("`awari`"), "{e}");
    }

    #[test]
    fn the_table_of_rules_md() {
        // "most seeds" of docs/rules.md's table of variants.
        let most: Vec<u32> = Variant::ALL.iter().map(|v| v.spec().total()).collect();
        assert_eq!(most, [56, 64, 98, 96, 48, 40, 48, 40, 72, 60, 48, 48]);
        assert_eq!(Variant::BaoLaKiarabu.spec().max_per_side(), 32);
        assert_eq!(Variant::Hawalis.spec().pits_per_side(), 14);
    }
}
