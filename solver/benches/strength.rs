//! Strength benchmark: how well `mancala_solver::engine` plays whole games, with no tablebase
//! (every leaf is the heuristic or a game end). Not a test: run it with
//!
//! ```text
//! cargo bench -p mancala-solver --bench strength                          # every variant, 100 games, 20k nodes
//! cargo bench -p mancala-solver --bench strength -- --games 40 --nodes 10000 kalah oware
//! ```
//!
//! For each variant, the engine at a fixed node budget a move plays matches against three
//! opponents: a random mover, a greedy mover (the move that captures the most seeds at once, ties
//! broken at random) and the engine itself at a tenth of the budget. Games come in pairs: each
//! pair opens with the same two random plies (so that games differ), and the engine takes South
//! in one game of the pair and North in the other, so that an opening that favours one side
//! favours each player once. Openings are balanced, as engine matches choose them: two random
//! plies are kept only when a deeper search ([`OPENING_CHECK_NODES`]) values the position they
//! reach within [`OPENING_MARGIN`] of even (relay sowings can win many seeds in the first plies,
//! and a game decided by its random opening says nothing about the players).
//! A game that repeats a position three times, or lasts [`MAX_PLIES`], is adjudicated: in score
//! variants by the seeds captured (the board split equally), in win/draw/loss variants a draw.
//!
//! Reported per variant and opponent: the engine's wins, draws and losses, the share of decided
//! games it won, and its mean seed margin (its final seeds minus the opponent's). Results go to
//! standard output as a Markdown table for BENCHMARKS.md.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::collections::HashMap;
use std::time::Instant;

use mancala_solver::engine::{Budget, Engine};
use mancala_solver::{Board, BySide, Played, Position, Scoring, Side, Variant};

/// Plies after which a game that has not ended is adjudicated.
const MAX_PLIES: usize = 600;

/// Transposition table entries (2^16: 2 MiB) for every engine: plenty for budgets of 100k nodes.
const TABLE_BITS: u32 = 16;

/// Random plies played before the players take over.
const OPENING_PLIES: usize = 2;

/// Nodes of the search that checks an opening is balanced.
const OPENING_CHECK_NODES: u64 = 200_000;

/// How far from even (in sixteenths of a seed, the engine's scale) an opening may be: two seeds
/// in score variants; in win/draw/loss variants, a material estimate at most half-way to a win.
const OPENING_MARGIN: i16 = 32;

/// A seeded generator, so that every run draws the same.
type Random = StdRng;

/// One of `moves`, uniformly.
fn pick(random: &mut Random, moves: &[Played]) -> Played {
    moves[random.random_range(0..moves.len())]
}

/// The engine with no tablebase.
type Bare = Engine<fn(&Board) -> Option<i8>>;

fn no_tablebase(_: &Board) -> Option<i8> {
    None
}

/// One side of a match.
enum Player {
    /// A uniformly random legal move.
    Random,
    /// The move capturing the most seeds at once; ties at random.
    Greedy,
    /// The engine's best move within a node budget.
    Engine(Box<Bare>, u64),
}

impl Player {
    fn choose(&mut self, position: &Position, random: &mut Random) -> Played {
        let moves = position.successors();
        match self {
            Player::Random => pick(random, &moves),
            Player::Greedy => {
                let mover = position.side();
                let most = moves.iter().map(|p| p.captured[mover]).max().unwrap_or(0);
                let best: Vec<Played> = moves
                    .into_iter()
                    .filter(|p| p.captured[mover] == most)
                    .collect();
                pick(random, &best)
            }
            Player::Engine(engine, nodes) => {
                let analysis = engine.analyse(&position.relative_board(), Budget::nodes(*nodes));
                let best = analysis
                    .best_moves()
                    .next()
                    .expect("a position that is not over has a best move")
                    .mv;
                *moves
                    .iter()
                    .find(|p| p.mv == best)
                    .expect("the engine and the position list the same moves")
            }
        }
    }
}

/// How a game ended: the winner (`None`: a draw) and the final seeds of each side.
struct GameEnd {
    winner: Option<Side>,
    totals: BySide<u32>,
}

/// The side with more seeds, `None` when equal.
fn leader(totals: BySide<u32>) -> Option<Side> {
    match totals.south.cmp(&totals.north) {
        std::cmp::Ordering::Greater => Some(Side::South),
        std::cmp::Ordering::Less => Some(Side::North),
        std::cmp::Ordering::Equal => None,
    }
}

/// Plays one game from the start of `variant`: two random plies drawn by a generator seeded with `opening`, then
/// `south` and `north` (who break ties with `random`).
fn play_game(
    variant: Variant,
    south: &mut Player,
    north: &mut Player,
    opening: u64,
    random: &mut Random,
) -> GameEnd {
    let mut opening = Random::seed_from_u64(opening);
    let scoring = variant.scoring();
    let mut position = Position::start(variant);
    let mut seen: HashMap<(Board, Side), u32> = HashMap::new();
    for ply in 0.. {
        if let Some(totals) = position.game_over() {
            // The side to move has no move: in win/draw/loss variants it has lost.
            let winner = match scoring {
                Scoring::WinDrawLoss => Some(!position.side()),
                Scoring::Score => leader(totals),
            };
            return GameEnd { winner, totals };
        }
        let repeats = seen
            .entry((*position.absolute_board(), position.side()))
            .or_default();
        *repeats += 1;
        if *repeats >= 3 || ply >= MAX_PLIES {
            let mut totals = position.captured();
            let half = position.seeds_on_board() / 2;
            totals.south += half;
            totals.north += half;
            let winner = match scoring {
                Scoring::WinDrawLoss => None,
                Scoring::Score => leader(totals),
            };
            return GameEnd { winner, totals };
        }
        let mover = position.side();
        let played = if ply < OPENING_PLIES {
            pick(&mut opening, &position.successors())
        } else if mover == Side::South {
            south.choose(&position, random)
        } else {
            north.choose(&position, random)
        };
        if played.ends_game {
            let totals = played.after.captured();
            let winner = match scoring {
                // An endless sowing loses for the mover; otherwise the side left without a move
                // (the one to move in the final position) has lost.
                Scoring::WinDrawLoss if played.endless => Some(!mover),
                Scoring::WinDrawLoss => Some(!played.after.side()),
                Scoring::Score => leader(totals),
            };
            return GameEnd { winner, totals };
        }
        position = played.after;
    }
    unreachable!("the loop returns")
}

/// The engine's results in one match.
#[derive(Default)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    margin: i64,
    games: u32,
}

/// The seed of a generator whose first [`OPENING_PLIES`] picks from the start of `variant` reach
/// a position the engine values within [`OPENING_MARGIN`] of even.
fn balanced_opening(variant: Variant, random: &mut Random) -> u64 {
    let limit = match variant.scoring() {
        Scoring::Score => OPENING_MARGIN,
        Scoring::WinDrawLoss => OPENING_MARGIN / 4,
    };
    loop {
        let opening: u64 = random.random();
        let mut picks = Random::seed_from_u64(opening);
        let mut position = Position::start(variant);
        for _ in 0..OPENING_PLIES {
            if position.game_over().is_some() {
                break;
            }
            position = pick(&mut picks, &position.successors()).after;
        }
        let mut engine = Engine::new(variant, TABLE_BITS, no_tablebase as fn(&Board) -> _);
        let value = engine
            .analyse(
                &position.relative_board(),
                Budget::nodes(OPENING_CHECK_NODES),
            )
            .value;
        if value.sixteenths.abs() <= limit {
            return opening;
        }
    }
}

/// Plays `games` games between the engine at `nodes` a move and `opponent`, in pairs of one
/// opening played with the colours both ways.
fn play_match(
    variant: Variant,
    nodes: u64,
    mut opponent: Player,
    games: u32,
    random: &mut Random,
) -> Tally {
    let mut tally = Tally::default();
    let mut opening = 0;
    for game in 0..games {
        if game % 2 == 0 {
            opening = balanced_opening(variant, random);
        }
        let mut engine = Player::Engine(
            Box::new(Engine::new(
                variant,
                TABLE_BITS,
                no_tablebase as fn(&Board) -> _,
            )),
            nodes,
        );
        if let Player::Engine(e, _) = &mut opponent {
            **e = Engine::new(variant, TABLE_BITS, no_tablebase as fn(&Board) -> _);
        }
        let engine_side = if game % 2 == 0 {
            Side::South
        } else {
            Side::North
        };
        let end = match engine_side {
            Side::South => play_game(variant, &mut engine, &mut opponent, opening, random),
            Side::North => play_game(variant, &mut opponent, &mut engine, opening, random),
        };
        match end.winner {
            Some(s) if s == engine_side => tally.wins += 1,
            Some(_) => tally.losses += 1,
            None => tally.draws += 1,
        }
        tally.margin += i64::from(end.totals[engine_side]) - i64::from(end.totals[!engine_side]);
        tally.games += 1;
    }
    tally
}

/// `--games N`, `--nodes N` and variant ids (none: every variant).
struct Options {
    games: u32,
    nodes: u64,
    variants: Vec<Variant>,
}

fn options() -> Options {
    let mut o = Options {
        games: 100,
        nodes: 20_000,
        variants: Vec::new(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--games" => o.games = args.next().and_then(|n| n.parse().ok()).expect("--games N"),
            "--nodes" => o.nodes = args.next().and_then(|n| n.parse().ok()).expect("--nodes N"),
            // `cargo bench` passes `--bench` to every bench binary.
            "--bench" => {}
            id => o.variants.push(
                id.parse()
                    .unwrap_or_else(|_| panic!("unknown variant `{id}`")),
            ),
        }
    }
    if o.variants.is_empty() {
        o.variants = Variant::ALL.to_vec();
    }
    o
}

fn main() {
    let Options {
        games,
        nodes,
        variants,
    } = options();
    println!(
        "Engine at {nodes} nodes a move, no tablebase, {games} games a match; \
         W/D/L are the engine's.\n"
    );
    println!("| variant | opponent | W | D | L | won of decided | mean seed margin | s |");
    println!("|---|---|---:|---:|---:|---:|---:|---:|");
    for variant in variants {
        let mut random = Random::seed_from_u64(0x5EED ^ variant as u64);
        let opponents = [
            ("random", Player::Random),
            ("greedy", Player::Greedy),
            (
                "engine at 1/10",
                Player::Engine(
                    Box::new(Engine::new(
                        variant,
                        TABLE_BITS,
                        no_tablebase as fn(&Board) -> _,
                    )),
                    nodes / 10,
                ),
            ),
        ];
        for (name, opponent) in opponents {
            let t = Instant::now();
            let tally = play_match(variant, nodes, opponent, games, &mut random);
            let decided = tally.wins + tally.losses;
            println!(
                "| {variant} | {name} | {} | {} | {} | {:.0}% | {:+.1} | {:.0} |",
                tally.wins,
                tally.draws,
                tally.losses,
                100.0 * f64::from(tally.wins) / f64::from(decided.max(1)),
                tally.margin as f64 / f64::from(tally.games.max(1)),
                t.elapsed().as_secs_f64()
            );
        }
    }
}
