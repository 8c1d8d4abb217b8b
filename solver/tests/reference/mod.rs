//! A second, deliberately simple implementation of the move rules of docs/rules.md (notation and
//! variants), written from docs/rules.md alone (not from `solver/src/rules`), to check the fast
//! engine against.
//!
//! Everything here is plain and slow on purpose: each side's pits are a `Vec<u32>` indexed by
//! pit number - 1, sides are absolute (`0` = South, `1` = North), and an endless sowing is found
//! by remembering every lap-start state in a `HashSet`.
//!
//! The project's choices that docs/rules.md leaves open (from the test brief) are implemented as
//! stated:
//! * relay sowing (Anywoli, Rio Kadalis) sows into the emptied starting pit when a lap passes it;
//! * a move's gain includes the end-of-game allocation when the game ends with it, and the
//!   position after it then shows the board after the allocation;
//! * `ends_game` is true when the move ends the game itself and when the position after it has no
//!   move (then that terminal allocation is applied to the position after);
//! * an endless Hawalis/Bao move leaves the board unchanged with the other side to move.

#![allow(dead_code)]

use std::collections::HashSet;

use mancala_solver::Variant;

pub const SOUTH: usize = 0;
pub const NORTH: usize = 1;

/// The rule family, written out again here from docs/rules.md#variants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Hawalis / Bao la Kiarabu.
    FourRow {
        /// Bao: clockwise sowing (decreasing pit numbers).
        clockwise: bool,
        /// Bao: the inner pit opposite and the outer pit behind it are each captured on their
        /// own; Hawalis: the outer only when the inner was captured.
        each_separately: bool,
    },
    /// Al-manqala.
    AlManqala,
    /// Anywoli / Rio Kadalis.
    Relay {
        /// Anywoli: a binikh gives an extra turn.
        binikh_extra_turn: bool,
        /// Anywoli: a capture leaving 4 or fewer seeds ends the game (capturer takes them), a
        /// position with 4 or fewer seeds on the board is over, a player with no move passes.
        /// Rio Kadalis: none of that; no move ends the round and each takes their own row.
        anywoli_end: bool,
    },
    /// Kalah: stores, extra turns, the capture of an emptied own pit (opposite pit even when
    /// empty), the end as soon as a row is empty.
    Kalah,
    /// Oware: one lap skipping the emptied pit, 2s and 3s captured going back on the
    /// opponent's side, the opponent must be left seeds when possible.
    Oware,
}

/// The facts of a variant, from docs/rules.md#variants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Spec {
    pub variant: Variant,
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
    pub fn of(variant: Variant) -> Spec {
        let (kind, p, rows, seeds_per_pit) = match variant.id() {
            "hawalis" => (
                Kind::FourRow {
                    clockwise: false,
                    each_separately: false,
                },
                7,
                4,
                2,
            ),
            "bao-la-kiarabu" => (
                Kind::FourRow {
                    clockwise: true,
                    each_separately: true,
                },
                8,
                4,
                2,
            ),
            "al-manqala" => (Kind::AlManqala, 7, 2, 7),
            "anywoli" => (
                Kind::Relay {
                    binikh_extra_turn: true,
                    anywoli_end: true,
                },
                12,
                2,
                4,
            ),
            "rio-kadalis" => (
                Kind::Relay {
                    binikh_extra_turn: false,
                    anywoli_end: false,
                },
                6,
                2,
                4,
            ),
            "rio-kadalis-5" => (
                Kind::Relay {
                    binikh_extra_turn: false,
                    anywoli_end: false,
                },
                5,
                2,
                4,
            ),
            "kalah" => (Kind::Kalah, 6, 2, 4),
            "kalah-5" => (Kind::Kalah, 5, 2, 4),
            "kalah-4" => (Kind::Kalah, 4, 2, 4),
            "oware" => (Kind::Oware, 6, 2, 4),
            other => panic!("reference: unknown variant {other}"),
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

    /// Pits one side owns.
    pub fn pits_per_side(&self) -> usize {
        if self.rows == 4 {
            2 * self.p
        } else {
            self.p
        }
    }

    /// The most seeds a position may hold (board and captured): the whole game, or in Kalah
    /// the game of 6 seeds a pit.
    pub fn total(&self) -> u32 {
        self.max_seeds_per_pit * 2 * self.pits_per_side() as u32
    }

    /// Four-row: the most seeds one side can hold.
    pub fn max_per_side(&self) -> u32 {
        self.total() / 2
    }

    /// Board totals must be a multiple of this.
    pub fn total_step(&self) -> u32 {
        match self.kind {
            Kind::FourRow { .. } => 1,
            Kind::AlManqala => 2,
            Kind::Relay { .. } => 4,
            Kind::Kalah | Kind::Oware => 1,
        }
    }
}

/// A position: `pits[side][k - 1]` is the seed count of `side`'s pit `k`.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct RefPos {
    pub spec: Spec,
    pub pits: [Vec<u32>; 2],
    pub side: usize,
    pub captured: [u32; 2],
}

impl std::fmt::Debug for RefPos {
    /// The variant and the position string: what a failing property should show.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
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
    pub extra_turn: bool,
    pub ends_game: bool,
    pub endless: bool,
}

impl RefMove {
    /// When the position after the move has no move and the rules end the game there, the move
    /// ends the game and the terminal allocation is applied to the position after it.
    fn finish_end_of_game(&mut self, variant: Variant) {
        if self.ends_game {
            return;
        }
        let mut next = RefPos::parse(variant, &self.after);
        if let Some(totals) = next.terminal() {
            self.ends_game = true;
            if totals != next.captured {
                // Seeds were allocated: they all leave the board.
                for side in [SOUTH, NORTH] {
                    self.gained[side] += totals[side] - next.captured[side];
                    next.pits[side].iter_mut().for_each(|c| *c = 0);
                }
                next.captured = totals;
                self.after = next.text();
            }
        }
    }
}

/// What the side to move can do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RefOutcome {
    /// The legal moves, in pit order (`pass` alone when it is forced).
    Moves(Vec<RefMove>),
    /// No move: the game is over with these final totals [South, North].
    GameOver([u32; 2]),
}

/// The drawn board, row by row from the top, each row from South's left: (side, pit number).
pub fn drawn_rows(spec: &Spec) -> Vec<Vec<(usize, usize)>> {
    let p = spec.p;
    let north_outer: Vec<(usize, usize)> = (1..=p).rev().map(|k| (NORTH, k)).collect();
    let south_outer: Vec<(usize, usize)> = (1..=p).map(|k| (SOUTH, k)).collect();
    if spec.rows == 2 {
        // Two-row: `N P..1 / S 1..P`.
        vec![north_outer, south_outer]
    } else {
        // Four-row: `N outer P..1 / N inner P+1..2P / S inner 2P..P+1 / S outer 1..P`.
        let north_inner: Vec<(usize, usize)> = (p + 1..=2 * p).map(|k| (NORTH, k)).collect();
        let south_inner: Vec<(usize, usize)> = (p + 1..=2 * p).rev().map(|k| (SOUTH, k)).collect();
        vec![north_outer, north_inner, south_inner, south_outer]
    }
}

impl RefPos {
    pub fn new(variant: Variant, south: Vec<u32>, north: Vec<u32>, side: usize) -> RefPos {
        let spec = Spec::of(variant);
        assert_eq!(south.len(), spec.pits_per_side());
        assert_eq!(north.len(), spec.pits_per_side());
        RefPos {
            spec,
            pits: [south, north],
            side,
            captured: [0, 0],
        }
    }

    /// Reads a (valid) position string; only what the tests need, no error reporting.
    pub fn parse(variant: Variant, text: &str) -> RefPos {
        let spec = Spec::of(variant);
        let fields: Vec<&str> = text.split([' ', '_']).collect();
        let l = spec.pits_per_side();
        let mut pits = [vec![0; l], vec![0; l]];
        let rows: Vec<&str> = fields[0].split('/').collect();
        let places = drawn_rows(&spec);
        assert_eq!(rows.len(), places.len(), "{text}");
        for (row, place_row) in rows.iter().zip(&places) {
            let counts: Vec<u32> = row.split(',').map(|c| c.parse().unwrap()).collect();
            assert_eq!(counts.len(), place_row.len(), "{text}");
            for (&c, &(side, k)) in counts.iter().zip(place_row) {
                pits[side][k - 1] = c;
            }
        }
        let side = match fields[1] {
            "S" => SOUTH,
            "N" => NORTH,
            s => panic!("bad side {s}"),
        };
        let captured = match fields.get(2) {
            None => [0, 0],
            Some(c) => {
                let (s, n) = c.split_once('-').unwrap();
                [s.parse().unwrap(), n.parse().unwrap()]
            }
        };
        RefPos {
            spec,
            pits,
            side,
            captured,
        }
    }

    /// The canonical position string.
    pub fn text(&self) -> String {
        let rows: Vec<String> = drawn_rows(&self.spec)
            .iter()
            .map(|row| {
                row.iter()
                    .map(|&(side, k)| self.pits[side][k - 1].to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect();
        let mut s = format!(
            "{} {}",
            rows.join("/"),
            if self.side == SOUTH { "S" } else { "N" }
        );
        if self.captured != [0, 0] {
            s += &format!(" {}-{}", self.captured[0], self.captured[1]);
        }
        s
    }

    pub fn side_total(&self, side: usize) -> u32 {
        self.pits[side].iter().sum()
    }

    pub fn board_total(&self) -> u32 {
        self.side_total(SOUTH) + self.side_total(NORTH)
    }

    /// Every legal move, or the end of the game.
    pub fn outcome(&self) -> RefOutcome {
        self.outcome_at(true)
    }

    /// The end of the game here, if it is over (without working out the moves' successors).
    fn terminal(&self) -> Option<[u32; 2]> {
        match self.outcome_at(false) {
            RefOutcome::GameOver(t) => Some(t),
            RefOutcome::Moves(_) => None,
        }
    }

    /// `deep`: also look at the positions after the moves for the end of the game (a shallow
    /// call only needs to know whether there is a move at all).
    fn outcome_at(&self, deep: bool) -> RefOutcome {
        let mut outcome = match self.spec.kind {
            Kind::FourRow {
                clockwise,
                each_separately,
            } => self.four_row(clockwise, each_separately),
            Kind::AlManqala => self.al_manqala(),
            Kind::Relay {
                binikh_extra_turn,
                anywoli_end,
            } => self.relay(binikh_extra_turn, anywoli_end),
            Kind::Kalah => self.kalah(),
            Kind::Oware => self.oware(),
        };
        if !deep {
            return outcome;
        }
        if let RefOutcome::Moves(moves) = &mut outcome {
            for m in moves {
                m.finish_end_of_game(self.spec.variant);
            }
        }
        outcome
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

    /// Makes a move's record: `next` is the position after the sowing and its captures, with
    /// the side to move already set. When the game did not end with the move itself, the
    /// position after is checked later ([`RefMove::finish_end_of_game`]) for the end of the
    /// game.
    fn finish(
        &self,
        text: String,
        next: RefPos,
        ended_by_move: bool,
        extra_turn: bool,
        endless: bool,
    ) -> RefMove {
        RefMove {
            text,
            gained: [
                next.captured[0] - self.captured[0],
                next.captured[1] - self.captured[1],
            ],
            after: next.text(),
            extra_turn,
            ends_game: ended_by_move,
            endless,
        }
    }

    /// A pass as the only move: the board stays, and the other side moves.
    fn forced_pass(&self) -> RefOutcome {
        let after = RefPos {
            side: 1 - self.side,
            ..self.clone()
        };
        RefOutcome::Moves(vec![self.finish(
            "pass".to_owned(),
            after,
            false,
            false,
            false,
        )])
    }

    // ---------------------------------------------------------------------------------------
    // Hawalis and Bao la Kiarabu

    fn four_row(&self, clockwise: bool, each_separately: bool) -> RefOutcome {
        let p = self.spec.p;
        let l = 2 * p;
        let me = self.side;
        let you = 1 - me;
        let own = &self.pits[me];
        // The next pit of the mover's own loop, 0-based: increasing pit numbers
        // counter-clockwise, decreasing clockwise.
        let next = |i: usize| {
            if clockwise {
                (i + l - 1) % l
            } else {
                (i + 1) % l
            }
        };

        // Legal moves: pits of 2 or more if there are any; else singletons into an empty pit.
        let legal: Vec<usize> = if own.iter().any(|&c| c >= 2) {
            (0..l).filter(|&i| own[i] >= 2).collect()
        } else {
            (0..l)
                .filter(|&i| own[i] == 1 && own[next(i)] == 0)
                .collect()
        };
        if legal.is_empty() {
            // No legal move: the side to move loses; nothing is allocated.
            return RefOutcome::GameOver(self.captured);
        }

        let mut moves = Vec::new();
        for &start in &legal {
            let mut b = own.clone();
            let mut hand = b[start];
            b[start] = 0;
            let mut pos = next(start); // the pit the next seed goes into
            let mut seen: HashSet<(Vec<u32>, u32, usize)> = HashSet::new();
            let mut endless = false;
            let end_pit;
            loop {
                // Start of a lap: the loop's contents, the hand and the next pit.
                if !seen.insert((b.clone(), hand, pos)) {
                    endless = true;
                    end_pit = usize::MAX;
                    break;
                }
                loop {
                    b[pos] += 1;
                    hand -= 1;
                    if hand == 0 {
                        break;
                    }
                    pos = next(pos);
                }
                if b[pos] == 1 {
                    // The last seed fell into an empty pit: the sowing ends here.
                    end_pit = pos;
                    break;
                }
                // The pit was occupied: lift everything in it and go on from the next pit.
                hand = b[pos];
                b[pos] = 0;
                pos = next(pos);
            }
            let text = (start + 1).to_string();
            if endless {
                // The mover loses at once; the board stays as it was.
                let mut after = self.clone();
                after.side = you;
                moves.push(self.finish(text, after, true, false, true));
                continue;
            }
            let mut after = self.clone();
            after.pits[me] = b;
            after.side = you;
            let k = end_pit + 1; // pit number where the sowing ended
            if k > p {
                // Ended in the mover's inner row: the opponent's inner pit opposite is
                // 3P+1-k, and behind it lies the opponent's outer pit 2P+1-j.
                let j = 3 * p + 1 - k;
                let outer = 2 * p + 1 - j;
                let inner_seeds = after.pits[you][j - 1];
                let outer_seeds = after.pits[you][outer - 1];
                let mut gain = 0;
                if inner_seeds > 0 {
                    gain += inner_seeds;
                    after.pits[you][j - 1] = 0;
                }
                if outer_seeds > 0 && (each_separately || inner_seeds > 0) {
                    gain += outer_seeds;
                    after.pits[you][outer - 1] = 0;
                }
                after.captured[me] += gain;
            }
            moves.push(self.finish(text, after, false, false, false));
        }
        RefOutcome::Moves(moves)
    }

    // ---------------------------------------------------------------------------------------
    // Al-manqala

    /// The 14-pit ring in counter-clockwise order: South 1..P, then North 1..P.
    fn ring(&self) -> Vec<u32> {
        let mut r = self.pits[SOUTH].clone();
        r.extend_from_slice(&self.pits[NORTH]);
        r
    }

    fn position_from_ring(&self, ring: &[u32], side: usize, captured: [u32; 2]) -> RefPos {
        let p = self.spec.p;
        RefPos {
            spec: self.spec,
            pits: [ring[..p].to_vec(), ring[p..].to_vec()],
            side,
            captured,
        }
    }

    fn al_manqala(&self) -> RefOutcome {
        let p = self.spec.p;
        let n = 2 * p;
        let me = self.side;
        let you = 1 - me;
        if self.board_total() == 0 {
            return RefOutcome::GameOver(self.captured);
        }
        if self.side_total(me) == 0 {
            // The mover must pass (the opponent then has to feed).
            return self.forced_pass();
        }
        let opponent_empty = self.side_total(you) == 0;
        let mut moves = Vec::new();
        for k in 1..=p {
            let start = me * p + k - 1; // ring index
            let mut ring = self.ring();
            let seeds = ring[start];
            if seeds == 0 {
                continue;
            }
            // A single lap; the emptied pit is sown into when the lap passes it.
            ring[start] = 0;
            let mut pos = start;
            for _ in 0..seeds {
                pos = (pos + 1) % n;
                ring[pos] += 1;
            }
            // Capture: the last pit if it holds 2 or 4, then backwards every pit holding 2 or
            // 4, stopping at the first other number, at most 14 pits.
            let mut gain = 0;
            let mut at = pos;
            let mut looked = 0;
            while looked < n && (ring[at] == 2 || ring[at] == 4) {
                gain += ring[at];
                ring[at] = 0;
                at = (at + n - 1) % n;
                looked += 1;
            }
            let mut captured = self.captured;
            captured[me] += gain;
            let after = self.position_from_ring(&ring, you, captured);
            if opponent_empty && after.side_total(you) == 0 {
                // Does not feed the empty opponent: illegal.
                continue;
            }
            moves.push(self.finish(k.to_string(), after, false, false, false));
        }
        if moves.is_empty() {
            // Only possible when the opponent is empty and no move feeds: the starved opponent
            // takes every seed left.
            assert!(opponent_empty);
            let mut totals = self.captured;
            totals[you] += self.board_total();
            return RefOutcome::GameOver(totals);
        }
        RefOutcome::Moves(moves)
    }

    // ---------------------------------------------------------------------------------------
    // Anywoli and Rio Kadalis

    fn relay(&self, binikh_extra_turn: bool, anywoli_end: bool) -> RefOutcome {
        let p = self.spec.p;
        let n = 2 * p;
        let me = self.side;
        let you = 1 - me;
        if anywoli_end && self.board_total() <= 4 {
            // Anywoli: four or fewer seeds on the board, the game is over with score 0: nothing
            // more is gained by either side.
            return RefOutcome::GameOver(self.captured);
        }
        let mut moves = Vec::new();
        for k in 1..=p {
            let start = me * p + k - 1;
            let mut ring = self.ring();
            if ring[start] == 0 {
                continue;
            }
            let mut hand = ring[start];
            ring[start] = 0;
            let mut pos = start; // the pit the last seed went into
            let mut gain = [0u32; 2];
            let mut seen: HashSet<(Vec<u32>, u32, usize)> = HashSet::new();
            let mut endless = false;
            let mut over = false;
            let mut extra = false;
            'sowing: loop {
                // Start of a lap: board, hand and the next pit.
                if !seen.insert((ring.clone(), hand, (pos + 1) % n)) {
                    endless = true;
                    break;
                }
                loop {
                    pos = (pos + 1) % n;
                    ring[pos] += 1;
                    hand -= 1;
                    if hand > 0 {
                        if ring[pos] == 4 {
                            // A four mid-sowing goes to the owner of the pit.
                            let owner = pos / p;
                            gain[owner] += 4;
                            ring[pos] = 0;
                            let left: u32 = ring.iter().sum::<u32>() + hand;
                            if anywoli_end && left <= 4 {
                                // The capturer takes what is left, the hand included.
                                gain[owner] += left;
                                ring.iter_mut().for_each(|c| *c = 0);
                                over = true;
                                break 'sowing;
                            }
                        }
                        continue;
                    }
                    // The last seed of the hand.
                    match ring[pos] {
                        4 => {
                            // Binikh: the mover takes the four, the sowing ends.
                            gain[me] += 4;
                            ring[pos] = 0;
                            let left: u32 = ring.iter().sum();
                            if anywoli_end && left <= 4 {
                                gain[me] += left;
                                ring.iter_mut().for_each(|c| *c = 0);
                                over = true;
                            } else {
                                extra = binikh_extra_turn;
                            }
                            break 'sowing;
                        }
                        1 => break 'sowing, // into an empty pit: ends
                        _ => {
                            // 2, 3, 5 or more: lift them all and go on from the next pit.
                            hand = ring[pos];
                            ring[pos] = 0;
                            continue 'sowing;
                        }
                    }
                }
            }
            if endless {
                continue; // an endless sowing is not a legal move
            }
            let captured = [self.captured[0] + gain[0], self.captured[1] + gain[1]];
            let after = self.position_from_ring(&ring, if extra { me } else { you }, captured);
            moves.push(self.finish(k.to_string(), after, over, extra, false));
        }
        if moves.is_empty() {
            if anywoli_end {
                // Anywoli: a player without a legal move passes.
                return self.forced_pass();
            }
            // Rio Kadalis: the round ends, each player takes the seeds of their own row.
            return RefOutcome::GameOver([
                self.captured[0] + self.side_total(SOUTH),
                self.captured[1] + self.side_total(NORTH),
            ]);
        }
        RefOutcome::Moves(moves)
    }
}

impl RefPos {
    // ---------------------------------------------------------------------------------------
    // Kalah

    fn kalah(&self) -> RefOutcome {
        let p = self.spec.p;
        let me = self.side;
        let you = 1 - me;
        if self.side_total(me) == 0 || self.side_total(you) == 0 {
            // A row is empty: the game is over, each side takes its own row.
            return RefOutcome::GameOver([
                self.captured[SOUTH] + self.side_total(SOUTH),
                self.captured[NORTH] + self.side_total(NORTH),
            ]);
        }
        // The places a seed can be sown into, counter-clockwise from the mover's pit 1: the
        // mover's pits, the mover's store, the opponent's pits. The opponent's store is not
        // among them. `None` stands for the mover's store.
        let mut places: Vec<Option<(usize, usize)>> = (0..p).map(|i| Some((me, i))).collect();
        places.push(None);
        places.extend((0..p).map(|i| Some((you, i))));
        let mut moves = Vec::new();
        for k in 1..=p {
            if self.pits[me][k - 1] == 0 {
                continue;
            }
            let mut after = self.clone();
            let mut hand = after.pits[me][k - 1];
            after.pits[me][k - 1] = 0;
            let mut at = k - 1; // index in `places` of the pit sown from
            while hand > 0 {
                at = (at + 1) % places.len();
                match places[at] {
                    None => after.captured[me] += 1,
                    Some((side, i)) => after.pits[side][i] += 1,
                }
                hand -= 1;
            }
            let mut extra_turn = false;
            match places[at] {
                // The last seed in the mover's store: another move.
                None => extra_turn = true,
                // The last seed in a pit of the mover's that was empty (it holds 1 now): it and
                // the opposite pit (even empty) go to the store. Pit k faces the opponent's
                // pit P+1-k, index P-1-i for index i.
                Some((side, i)) if side == me && after.pits[me][i] == 1 => {
                    let opposite = p - 1 - i;
                    after.captured[me] += 1 + after.pits[you][opposite];
                    after.pits[me][i] = 0;
                    after.pits[you][opposite] = 0;
                }
                Some(_) => {}
            }
            // Either row empty after the move: the game ends, each side takes its own row (and
            // nobody moves again).
            let over = after.side_total(me) == 0 || after.side_total(you) == 0;
            if over {
                for side in [SOUTH, NORTH] {
                    after.captured[side] += after.side_total(side);
                    after.pits[side].iter_mut().for_each(|c| *c = 0);
                }
                extra_turn = false;
            }
            after.side = if extra_turn { me } else { you };
            moves.push(self.finish(k.to_string(), after, over, extra_turn, false));
        }
        RefOutcome::Moves(moves)
    }

    // ---------------------------------------------------------------------------------------
    // Oware

    fn oware(&self) -> RefOutcome {
        let p = self.spec.p;
        let n = 2 * p;
        let me = self.side;
        let you = 1 - me;
        if self.side_total(me) == 0 {
            // No seeds to move: the game ends and the opponent takes every seed left.
            let mut totals = self.captured;
            totals[you] += self.board_total();
            return RefOutcome::GameOver(totals);
        }
        let owner = |ring_index: usize| ring_index / p;
        let mut feeding = Vec::new();
        let mut starving = Vec::new();
        for k in 1..=p {
            let start = me * p + k - 1;
            let mut ring = self.ring();
            let mut hand = ring[start];
            if hand == 0 {
                continue;
            }
            ring[start] = 0;
            let mut pos = start;
            while hand > 0 {
                pos = (pos + 1) % n;
                if pos == start {
                    continue; // the emptied pit is skipped, however many seeds there are
                }
                ring[pos] += 1;
                hand -= 1;
            }
            // Captures: the last pit if it is the opponent's and holds 2 or 3, then going back
            // (clockwise) each such pit, up to the first that is not, or the mover's own row.
            let mut gain = 0;
            while owner(pos) == you && (ring[pos] == 2 || ring[pos] == 3) {
                gain += ring[pos];
                ring[pos] = 0;
                pos = (pos + n - 1) % n;
            }
            let mut captured = self.captured;
            captured[me] += gain;
            let after = self.position_from_ring(&ring, you, captured);
            let feeds = after.side_total(you) > 0;
            let m = self.finish(k.to_string(), after, false, false, false);
            if feeds {
                feeding.push(m);
            } else {
                starving.push(m);
            }
        }
        // Leaving the opponent without seeds is legal only when every move does.
        RefOutcome::Moves(if feeding.is_empty() {
            starving
        } else {
            feeding
        })
    }
}

// -------------------------------------------------------------------------------------------
// Finding endless sowings

/// Positions in which South has an endless sowing from pit 1, found by brute force: boards are
/// built pit by pit ahead of a relay wave started from pit 1 with `h` seeds (2 to 5): a seed that
/// is not the last of its hand falls into a pit chosen to hold 0 or 1, the last seed into a pit
/// holding 1 or 2 (so it is lifted again). Each board whose total is reachable is kept when the
/// sowing survives many laps and the reference then finds it endless. For Hawalis and Bao
/// la Kiarabu the wave runs round South's own loop (North gets one seed in pit 1 so that the
/// position is not over); for the relay games round both rows. Returns at most `limit`.
pub fn endless_from_pit_1(variant: Variant, limit: usize) -> Vec<RefPos> {
    let spec = Spec::of(variant);
    let l = spec.pits_per_side();
    let four_row = spec.rows == 4;
    let n = if four_row { l } else { 2 * l };
    let clockwise = matches!(
        spec.kind,
        Kind::FourRow {
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
