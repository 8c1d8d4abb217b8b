//! What the benches of this crate share: a seeded generator and games of the engine against
//! itself, so that every run measures the same positions.

use mancala_eval::Evaluator;
use mancala_solver::engine::Budget;
use mancala_solver::{Position, Variant};

/// Plies at most in a game played for a measure.
pub const MAX_PLIES: usize = 400;

/// The traditional games, whose starts no table reaches: what the benches measure by default.
pub const TRADITIONAL: [Variant; 4] = [
    Variant::Hawalis,
    Variant::BaoLaKiarabu,
    Variant::AlManqala,
    Variant::Anywoli,
];

/// The budget of each move of the games the benches play.
pub const PLAY_NODES: u64 = 100_000;

/// A small, seeded generator (xorshift), so that a run plays the same games.
pub struct Random(pub u64);

impl Random {
    /// A generator for `variant`, the same in every run: games of different variants differ.
    pub fn for_variant(variant: Variant) -> Random {
        Random(0x9E37_79B9_7F4A_7C15 ^ variant.id().len() as u64)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// A game of the engine against itself from the start: its positions, the start first. At each
/// ply for which `at_random` says so, a legal move drawn from `random`; otherwise the best move
/// found by a search of `budget`.
pub fn play(
    evaluator: &Evaluator,
    variant: Variant,
    budget: Budget,
    random: &mut Random,
    at_random: impl Fn(usize, &mut Random) -> bool,
) -> Vec<Position> {
    let mut session = evaluator.session(variant);
    let mut positions = vec![Position::start(variant)];
    while positions.len() < MAX_PLIES {
        let here = *positions.last().expect("the start");
        let successors = here.successors();
        if successors.is_empty() {
            break;
        }
        let next = if at_random(positions.len() - 1, random) {
            successors[(random.next() % successors.len() as u64) as usize]
        } else {
            let e = session
                .evaluate(&here, budget)
                .expect("the tablebase reads");
            e.moves[0].played
        };
        positions.push(next.after);
        if next.ends_game {
            break;
        }
    }
    positions
}

/// The median of `xs` (the upper one of an even count); `xs` must not be empty.
pub fn median<T: Ord + Copy>(mut xs: Vec<T>) -> T {
    xs.sort_unstable();
    xs[xs.len() / 2]
}

/// The bench's numeric arguments, in order (cargo's own, like `--bench`, left out).
#[allow(
    dead_code,
    reason = "the players bench reads variant ids among its numbers, and parses its own"
)]
pub fn number_args() -> Vec<u64> {
    std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect()
}
