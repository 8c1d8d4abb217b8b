//! The player-facing view of the plain rules, in strings and vectors, as the tests of the solver
//! compare its rules engine with it (this was the tests' reference implementation; the rules
//! themselves are in [`crate::rules`], once).
//!
//! Everything here is plain and slow on purpose: each side's pits are a `Vec<u32>` indexed by
//! pit number - 1, sides are absolute ([`SOUTH`], [`NORTH`]), and a move's record is what
//! docs/rules.md ("What a move does") says a move reports:
//! * `gained` includes the end-of-game allocation when the game ends with the move, and `after`
//!   then shows the board after the allocation;
//! * `ends_game` is true when the move ends the game itself and when the position after it has
//!   no move (then that end's allocation is applied to the position after);
//! * an endless Hawalis/Bao move leaves the board unchanged with the other side to move.

use std::fmt;

use crate::notation;
use crate::rules::{self, Next, Outcome, Pos};
use crate::variant::{Spec, Variant};

pub use crate::rules::{NORTH, SOUTH};
pub use crate::variant::Kind;

/// A position: `pits[side][k - 1]` is the seed count of `side`'s pit `k`.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct RefPos {
    /// The variant's facts.
    pub spec: Spec,
    /// Each side's pits, `L` of them.
    pub pits: [Vec<u32>; 2],
    /// The side to move.
    pub side: usize,
    /// Seeds captured by South and by North.
    pub captured: [u32; 2],
}

impl fmt::Debug for RefPos {
    /// The variant and the position string: what a failing property should show.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} `{}`", self.spec.variant, self.text())
    }
}

/// One legal move and everything it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefMove {
    /// `1..L` or `pass`.
    pub text: String,
    /// The position after, as a canonical position string.
    pub after: String,
    /// Seeds gained by [South, North] (captures and end-of-game allocation).
    pub gained: [u32; 2],
    /// The mover moves again.
    pub extra_turn: bool,
    /// The game is over after the move.
    pub ends_game: bool,
    /// The sowing never ends (Hawalis, Bao la Kiarabu): the mover has lost.
    pub endless: bool,
}

/// What the side to move can do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RefOutcome {
    /// The legal moves, in pit order (`pass` alone when it is forced).
    Moves(Vec<RefMove>),
    /// No move: the game is over with these final totals [South, North].
    GameOver([u32; 2]),
}

impl RefPos {
    /// A position of `variant` from each side's pits, nothing captured.
    ///
    /// # Panics
    /// When a side has not exactly the variant's `L` pits.
    pub fn new(variant: Variant, south: Vec<u32>, north: Vec<u32>, side: usize) -> RefPos {
        let spec = variant.spec();
        assert_eq!(south.len(), spec.pits_per_side());
        assert_eq!(north.len(), spec.pits_per_side());
        RefPos {
            spec,
            pits: [south, north],
            side,
            captured: [0, 0],
        }
    }

    /// Reads a valid position string.
    ///
    /// # Panics
    /// When it is not one (this is for tests; [`notation::parse`] reports what is wrong).
    pub fn parse(variant: Variant, text: &str) -> RefPos {
        let pos =
            notation::parse(variant, text).unwrap_or_else(|e| panic!("{variant} `{text}`: {e}"));
        RefPos::of(&variant.spec(), &pos)
    }

    /// The same position as the rules see it.
    ///
    /// # Panics
    /// When a pit holds more than 255 seeds (no variant holds that many).
    pub fn pos(&self) -> Pos {
        let mut pos = Pos {
            side: self.side,
            captured: self.captured,
            ..Pos::EMPTY
        };
        for side in [SOUTH, NORTH] {
            for (cell, &c) in pos.pits[side].iter_mut().zip(&self.pits[side]) {
                *cell = u8::try_from(c).expect("at most 255 seeds in a pit");
            }
        }
        pos
    }

    /// A position as the rules see it, in vectors.
    pub fn of(spec: &Spec, pos: &Pos) -> RefPos {
        let l = spec.pits_per_side();
        let side = |s: usize| pos.pits[s][..l].iter().map(|&c| u32::from(c)).collect();
        RefPos {
            spec: *spec,
            pits: [side(SOUTH), side(NORTH)],
            side: pos.side,
            captured: pos.captured,
        }
    }

    /// The canonical position string.
    pub fn text(&self) -> String {
        notation::write(&self.spec, &self.pos())
    }

    /// Seeds on one side's pits.
    pub fn side_total(&self, side: usize) -> u32 {
        self.pits[side].iter().sum()
    }

    /// Seeds on the board.
    pub fn board_total(&self) -> u32 {
        self.side_total(SOUTH) + self.side_total(NORTH)
    }

    /// Every legal move, or the end of the game.
    pub fn outcome(&self) -> RefOutcome {
        let spec = self.spec;
        let pos = self.pos();
        match rules::outcome(&spec, &pos) {
            Outcome::Over(totals) => RefOutcome::GameOver(totals),
            Outcome::Moves(moves) => RefOutcome::Moves(
                moves
                    .iter()
                    .map(|played| record(&spec, played.mv.to_string(), played))
                    .collect(),
            ),
        }
    }

    /// The final totals if the game is over here.
    pub fn game_over(&self) -> Option<[u32; 2]> {
        match self.outcome() {
            RefOutcome::GameOver(t) => Some(t),
            RefOutcome::Moves(_) => None,
        }
    }

    /// The legal moves as text.
    pub fn move_texts(&self) -> Vec<String> {
        match self.outcome() {
            RefOutcome::GameOver(_) => vec![],
            RefOutcome::Moves(ms) => ms.into_iter().map(|m| m.text).collect(),
        }
    }
}

/// The record of a move as docs/rules.md reports it: when the position after the move has no
/// move, the move ends the game and that end's allocation is applied to the position after.
fn record(spec: &Spec, text: String, played: &rules::Played) -> RefMove {
    let mut after = played.after;
    let mut gained = played.gained;
    let mut ends_game = matches!(played.next, Next::Over | Next::Endless);
    if !ends_game {
        if let Outcome::Over(totals) = rules::outcome(spec, &after) {
            ends_game = true;
            if totals != after.captured {
                // Seeds were allocated: they all leave the board.
                for side in [SOUTH, NORTH] {
                    gained[side] += totals[side] - after.captured[side];
                    after.pits[side] = [0; rules::MAX_PITS];
                }
                after.captured = totals;
            }
        }
    }
    RefMove {
        text,
        after: notation::write(spec, &after),
        gained,
        extra_turn: played.next == Next::Mover,
        ends_game,
        endless: played.next == Next::Endless,
    }
}

/// Positions in which South has an endless sowing from pit 1, found by brute force (a tool for
/// the tests): boards are built pit by pit ahead of a relay wave started from pit 1 with `h`
/// seeds (2 to 5): a seed that is not the last of its hand falls into a pit chosen to hold 0 or
/// 1, the last seed into a pit holding 1 or 2 (so it is lifted again). Each board whose total
/// is reachable is kept when the sowing survives many laps and the rules then find it endless.
/// For Hawalis and Bao la Kiarabu the wave runs round South's own loop (North gets one seed in
/// pit 1 so that the position is not over); for the relay games round both rows. Returns at
/// most `limit`.
pub fn endless_from_pit_1(variant: Variant, limit: usize) -> Vec<RefPos> {
    let spec = variant.spec();
    let l = spec.pits_per_side();
    let four_row = spec.rows == 4;
    let n = if four_row { l } else { 2 * l };
    let clockwise = matches!(
        spec.kind,
        Kind::FourRow {
            clockwise: true,
            ..
        } | Kind::Relay {
            clockwise: true,
            ..
        }
    );
    // The order in which the wave visits the loop's cells, from pit 1.
    let order: Vec<usize> = (0..n)
        .map(|i| if clockwise { (n - i) % n } else { i })
        .collect();

    struct Search {
        spec: Spec,
        order: Vec<usize>,
        found: Vec<RefPos>,
        limit: usize,
    }

    impl Search {
        fn position(&self, cells: &[u32]) -> RefPos {
            let l = self.spec.pits_per_side();
            let mut board = vec![0; cells.len()];
            for (step, &c) in cells.iter().enumerate() {
                board[self.order[step]] = c;
            }
            if self.spec.rows == 4 {
                let mut north = vec![0; l];
                north[0] = 1;
                RefPos::new(self.spec.variant, board, north, SOUTH)
            } else {
                RefPos::new(
                    self.spec.variant,
                    board[..l].to_vec(),
                    board[l..].to_vec(),
                    SOUTH,
                )
            }
        }

        /// A quick first test: the sowing from the first cell lasts `laps` laps.
        fn survives(&self, cells: &[u32], laps: u32) -> bool {
            let relay = self.spec.rows == 2;
            let n = cells.len();
            let mut ring = cells.to_vec();
            let mut hand = ring[0];
            ring[0] = 0;
            let mut pos = 0;
            for _ in 0..laps {
                loop {
                    pos = (pos + 1) % n;
                    ring[pos] += 1;
                    hand -= 1;
                    if hand > 0 {
                        if relay && ring[pos] == 4 {
                            return false;
                        }
                        continue;
                    }
                    if ring[pos] == 1 || (relay && ring[pos] == 4) {
                        return false;
                    }
                    hand = ring[pos];
                    ring[pos] = 0;
                    break;
                }
            }
            true
        }

        /// `cells[i]`: the start count of the i-th cell the wave visits; `filled` of them are
        /// chosen; the wave has `hand` seeds left and the next seed goes into cell `filled`.
        fn go(&mut self, cells: &mut Vec<u32>, filled: usize, hand: u32) {
            if self.found.len() >= self.limit {
                return;
            }
            if filled == cells.len() {
                let total: u32 = cells.iter().sum();
                let step = self.spec.total_step();
                let reachable = total / step * step == total;
                if !reachable || !self.survives(cells, 300) {
                    return;
                }
                let pos = self.position(cells);
                if let RefOutcome::Moves(ms) = pos.outcome() {
                    let pit_1 = ms.iter().find(|m| m.text == "1");
                    let endless = match pit_1 {
                        Some(m) => m.endless,
                        // Relay games: an endless pit-1 sowing is not a legal move.
                        None => self.spec.rows == 2,
                    };
                    if endless && !self.found.contains(&pos) {
                        self.found.push(pos);
                    }
                }
                return;
            }
            let choices: [u32; 2] = if hand == 1 { [1, 2] } else { [0, 1] };
            for c in choices {
                cells[filled] = c;
                if hand == 1 {
                    self.go(cells, filled + 1, c + 1);
                } else {
                    self.go(cells, filled + 1, hand - 1);
                }
            }
            cells[filled] = 0;
        }
    }

    let mut search = Search {
        spec,
        order,
        found: vec![],
        limit,
    };
    for h in 2..=5 {
        let mut cells = vec![0; n];
        cells[0] = h;
        search.go(&mut cells, 1, h);
    }
    search.found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rio_kadalis_move_as_rules_md_works_it() {
        // docs/rules.md's example: Rio Kadalis after South's 1 and North's 4.
        let start = RefPos::parse(Variant::RioKadalis, "4,4,4,4,4,4/4,4,4,4,4,4 S");
        let RefOutcome::Moves(moves) = start.outcome() else {
            panic!("the start has moves");
        };
        assert_eq!(moves.len(), 6);
        let after = RefPos::parse(Variant::RioKadalis, &moves[0].after);
        let RefOutcome::Moves(replies) = after.outcome() else {
            panic!("moves");
        };
        let four = replies.iter().find(|m| m.text == "4").unwrap();
        assert_eq!(four.after, "8,1,1,1,7,7/0,8,2,7,2,0 S 0-4");
        assert_eq!(four.gained, [0, 4]);
    }

    #[test]
    fn endless_sowings_are_found_in_every_relay_variant() {
        for v in [
            Variant::Hawalis,
            Variant::BaoLaKiarabu,
            Variant::RioKadalis5,
        ] {
            assert!(!endless_from_pit_1(v, 2).is_empty(), "{v}");
        }
    }
}
