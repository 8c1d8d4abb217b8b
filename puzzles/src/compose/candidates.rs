//! Where composed problems are looked for: random positions with the wanted number of seeds, and
//! positions reached in games the engine plays against itself from the start; or, where the
//! range is solved, every position of it in turn ([`Scan`]). Candidate `k` is always the same
//! position (of a seed, when sampled), so that a composition can stop and resume at any
//! candidate and give what an uninterrupted one gives.

use std::ops::RangeInclusive;

use mancala_db::Tablebase;
use mancala_eval::EvalError;
use mancala_eval::Session;
use mancala_solver::engine::Budget;
use mancala_solver::{Board, Position, Shape, Slice, TableShape, Variant};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

use super::scan::Scan;

/// Nodes the engine searches for each move of its games: enough to play sensibly, little
/// enough that a game costs a fraction of a proof.
const GAME_BUDGET: Budget = Budget::nodes(2_000);

/// In one move out of this many the engine plays a random move instead of its best, so that
/// its games spread over many positions.
const RANDOM_MOVE_ONE_IN: u64 = 4;

/// Plies after which a game that never reaches the wanted seeds is given up.
const MAX_GAME_PLIES: usize = 1_000;

/// Where a candidate comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A position drawn uniformly from a random slice in the range.
    Random,
    /// A position of a game the engine played against itself.
    Game,
    /// A position of a solved slice, taken in index order.
    Scan,
}

/// How candidates are drawn.
enum Source {
    /// Random positions of these slices, and the engine's games (on full boards only: `true`
    /// when the slices are shape tables').
    Sample(Vec<Slice>, bool),
    /// Every position of the solved slices in the range.
    Scan(Scan),
}

/// The candidates of one variant, seed and range of seeds on the board.
pub struct Candidates {
    variant: Variant,
    seed: u64,
    seeds: RangeInclusive<u32>,
    source: Source,
}

impl Candidates {
    /// The candidates of `variant` with `seeds` seeds on the board (both sides together), on
    /// boards with closed pits when `closed` (those of every shape table), or `None` when no
    /// reachable slice has that many.
    pub fn new(
        variant: Variant,
        seeds: RangeInclusive<u32>,
        seed: u64,
        closed: bool,
    ) -> Option<Candidates> {
        let shapes = match closed {
            true => TableShape::all(variant),
            false => Vec::new(),
        };
        let slices: Vec<Slice> = Slice::up_to_with_shapes(variant, *seeds.end(), &shapes)
            .into_iter()
            .filter(|s| s.id.is_full_board() != closed)
            .filter(|s| seeds.contains(&s.id.total()) && s.is_reachable() && !s.is_empty())
            .collect();
        (!slices.is_empty()).then_some(Candidates {
            variant,
            seed,
            seeds,
            source: Source::Sample(slices, closed),
        })
    }

    /// Every position of the solved slices of `variant` in `seeds`, screened with the
    /// tablebase's values ([`Scan`]); `None` when none of them is solved.
    pub fn scan(
        tb: &Tablebase,
        variant: Variant,
        seeds: RangeInclusive<u32>,
    ) -> Result<Option<Candidates>, EvalError> {
        Ok(Scan::load(tb, variant, &seeds)?.map(|scan| Candidates {
            variant,
            seed: 0,
            seeds,
            source: Source::Scan(scan),
        }))
    }

    /// How many candidates there are: the positions of a scan; no limit when sampling.
    pub fn limit(&self) -> Option<u64> {
        match &self.source {
            Source::Sample(..) => None,
            Source::Scan(scan) => Some(scan.len()),
        }
    }

    /// Candidates proved together between two looks at the deadline: a few when each costs a
    /// search or a game, many when most are screened out at once.
    pub fn batch(&self) -> u64 {
        match &self.source {
            Source::Sample(..) => 32,
            Source::Scan(_) => 1 << 16,
        }
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The random generator of candidate `k`.
    fn rng(&self, k: u64) -> ChaCha8Rng {
        // SplitMix64's increment spreads neighbouring candidates over unrelated seeds.
        ChaCha8Rng::seed_from_u64(self.seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15))
    }

    /// Candidate `k` with its closed pits: scanned, or sampled (even ones random, odd ones from
    /// the engine's games, played with a cleared transposition table so that the game is always
    /// the same; on closed boards all random, a game's boards being open). The board and its
    /// shape are seen from the side to move, which the problem makes South. `None` when the
    /// game never reached the range, or the scan's screen turned the position down; an error
    /// when the tablebase could not be read on the way (never a game that searched around it).
    pub fn get(
        &self,
        k: u64,
        session: &mut Session<'_>,
    ) -> Result<Option<(Shape, Board, Origin)>, EvalError> {
        let (slices, closed) = match &self.source {
            Source::Scan(scan) => {
                return Ok(scan.get(k).map(|b| (Shape::OPEN, b, Origin::Scan)));
            }
            Source::Sample(slices, closed) => (slices, *closed),
        };
        let mut rng = self.rng(k);
        if k.is_multiple_of(2) || closed {
            let slice = slices[(rng.next_u64() % slices.len() as u64) as usize];
            return Ok(Some((
                slice.shape(),
                slice.board(rng.next_u64() % slice.len()),
                Origin::Random,
            )));
        }
        session.forget();
        Ok(self
            .game_position(&mut rng, session)?
            .map(|b| (Shape::OPEN, b, Origin::Game)))
    }

    /// Plays a game from the start until the seeds on the board fall into the range, then a
    /// few plies more while they stay in it, and returns the position reached.
    fn game_position(
        &self,
        rng: &mut ChaCha8Rng,
        session: &mut Session<'_>,
    ) -> Result<Option<Board>, EvalError> {
        let mut pos = Position::start(self.variant);
        let mut extra = None;
        for _ in 0..MAX_GAME_PLIES {
            let seeds = pos.seeds_on_board();
            if seeds < *self.seeds.start() {
                return Ok(None);
            }
            if seeds <= *self.seeds.end() {
                let left = extra.get_or_insert(rng.next_u64() % 8);
                if *left == 0 {
                    return Ok(Some(pos.relative_board()));
                }
                *left -= 1;
            }
            let moves = pos.successors();
            if moves.is_empty() {
                return Ok(None);
            }
            pos = if rng.next_u64().is_multiple_of(RANDOM_MOVE_ONE_IN) {
                moves[(rng.next_u64() % moves.len() as u64) as usize].after
            } else {
                let e = session.evaluate(&pos, GAME_BUDGET)?;
                match e.moves.first() {
                    Some(best) => best.played.after,
                    None => return Ok(None),
                }
            };
        }
        Ok(None)
    }
}
