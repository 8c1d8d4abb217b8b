//! The fast rules engine against the plain rules of the `mancala-check` crate (written from
//! docs/rules.md alone, sharing no code with the solver), over many random valid positions of
//! every variant.
//!
//! For each random position:
//! * `Position::parse` accepts the reference's position string, and formatting gives it back;
//! * `successors()` agrees exactly with the reference: the moves in order, the position after,
//!   the seeds gained, `extra_turn`, `ends_game`, `endless`;
//! * `game_over()` agrees (the final totals with the terminal allocation);
//! * `legal_moves()` and `play()` agree with `successors()`;
//! * every successor conserves the seeds (board + captured of both sides);
//! * the `_`-separated form parses to the same position.

#[macro_use]
mod per_variant;

use mancala_check::reference::{self, Kind, RefMove, RefOutcome, RefPos, NORTH, SOUTH};
use mancala_check::Spec;
use mancala_solver::{BySide, Move, Position, Variant};
use proptest::prelude::*;
use proptest::test_runner::Config;

/// The same variant as the plain rules name it.
fn plain(v: Variant) -> mancala_check::Variant {
    v.id().parse().expect("the plain rules know every variant")
}

/// Cases per variant.
const CASES: u32 = 2000;

/// One pit's count at a density: from very sparse (only 0 and 1) to full, sometimes with a big
/// pile (laps, long relays).
fn pit(density: u32) -> BoxedStrategy<u32> {
    match density {
        0 => prop_oneof![1 => Just(0u32), 1 => Just(1u32)].boxed(),
        1 => prop_oneof![3 => Just(0u32), 6 => Just(1u32), 2 => Just(2u32), 1 => 3u32..=6].boxed(),
        2 => prop_oneof![8 => Just(0u32), 3 => Just(1u32), 2 => Just(2u32), 1 => 0u32..=20].boxed(),
        3 => prop_oneof![
            4 => Just(0u32),
            3 => Just(1u32),
            3 => Just(2u32),
            2 => 3u32..=5,
            1 => 0u32..=20
        ]
        .boxed(),
        4 => prop_oneof![8 => 0u32..=4, 1 => 0u32..=20].boxed(),
        5 => prop_oneof![8 => 0u32..=8, 1 => 0u32..=30].boxed(),
        // Very few seeds: the ends of the games.
        _ => prop_oneof![12 => Just(0u32), 1 => 1u32..=4].boxed(),
    }
}

/// One side's pits: each side has its own density, and is sometimes empty.
fn side_pits(l: usize) -> impl Strategy<Value = Vec<u32>> {
    prop_oneof![
        1 => Just(vec![0u32; l]),
        14 => (0u32..7).prop_flat_map(move |d| proptest::collection::vec(pit(d), l)),
    ]
}

/// A whole board (both sides, South's pits first) tiled with a short pattern of 0, 1 and 2, with
/// a few pits changed: the kind of board on which relay sowings go on for long, or for ever.
fn tiled_board(l: usize) -> impl Strategy<Value = Vec<u32>> {
    (2usize..=4)
        .prop_flat_map(move |period| {
            (
                proptest::collection::vec(0u32..=2, period),
                proptest::collection::vec((0..2 * l, 0u32..=3), 0..3),
            )
        })
        .prop_map(move |(pattern, changes)| {
            let mut cells: Vec<u32> = (0..2 * l).map(|i| pattern[i % pattern.len()]).collect();
            for (i, c) in changes {
                cells[i] = c;
            }
            cells
        })
}

/// Both sides' pits: sides of independent densities, of one density, or a tiled board.
fn boards(l: usize) -> impl Strategy<Value = (Vec<u32>, Vec<u32>)> {
    prop_oneof![
        6 => (side_pits(l), side_pits(l)),
        3 => (0u32..7).prop_flat_map(move |d| {
            (
                proptest::collection::vec(pit(d), l),
                proptest::collection::vec(pit(d), l),
            )
        }),
        1 => tiled_board(l).prop_map(move |cells| (cells[..l].to_vec(), cells[l..].to_vec())),
    ]
}

/// Takes seeds off the biggest pit until `over` seeds are removed.
fn remove(pits: &mut [u32], mut over: u32) {
    while over > 0 {
        let i = (0..pits.len()).max_by_key(|&i| pits[i]).unwrap();
        assert!(pits[i] > 0);
        pits[i] -= 1;
        over -= 1;
    }
}

/// A random valid position of `variant`: within the per-side limit (four-row) or the game's
/// total (two-row), with a reachable board total, a random side and random captures that fit.
fn position(variant: Variant) -> impl Strategy<Value = RefPos> {
    let spec = Spec::of(plain(variant));
    let l = spec.pits_per_side();
    let captured = prop_oneof![1 => Just((0u32, 0u32)), 3 => (0u32..1000, 0u32..1000)];
    (boards(l), any::<bool>(), captured).prop_map(
        move |((mut south, mut north), north_to_move, (a, b))| {
            let caps;
            if spec.rows == 4 {
                // Seeds never cross sides: each side holds at most half the game.
                let max = spec.max_per_side();
                for side in [&mut south, &mut north] {
                    let t: u32 = side.iter().sum();
                    if t > max {
                        remove(side, t - max);
                    }
                }
                let (s, n): (u32, u32) = (south.iter().sum(), north.iter().sum());
                // South's captures come from North's half and the other way round.
                caps = [a % (max - n + 1), b % (max - s + 1)];
            } else {
                let t: u32 = south.iter().chain(&north).sum();
                if t > spec.total() {
                    let mut all = [south.clone(), north.clone()].concat();
                    remove(&mut all, t - spec.total());
                    south = all[..l].to_vec();
                    north = all[l..].to_vec();
                }
                let t: u32 = south.iter().chain(&north).sum();
                let extra = t % spec.total_step();
                if extra > 0 {
                    let mut all = [south.clone(), north.clone()].concat();
                    remove(&mut all, extra);
                    south = all[..l].to_vec();
                    north = all[l..].to_vec();
                }
                let t: u32 = south.iter().chain(&north).sum();
                let avail = spec.total() - t;
                let s = a % (avail + 1);
                caps = [s, b % (avail - s + 1)];
            }
            let mut p = RefPos::new(
                plain(variant),
                south,
                north,
                if north_to_move { NORTH } else { SOUTH },
            );
            p.captured = caps;
            p
        },
    )
}

fn engine_moves(p: &Position) -> Vec<RefMove> {
    p.successors()
        .into_iter()
        .map(|s| RefMove {
            text: s.mv.to_string(),
            after: s.after.to_string(),
            gained: pair(s.captured),
            extra_turn: s.extra_turn,
            ends_game: s.ends_game,
            endless: s.endless,
        })
        .collect()
}

fn seeds(p: &Position) -> u32 {
    p.seeds_on_board() + p.captured().south + p.captured().north
}

/// The engine's per-side pair as the reference writes it, `[South, North]`.
fn pair(b: BySide<u32>) -> [u32; 2] {
    [b.south, b.north]
}

fn check(variant: Variant, r: &RefPos) -> Result<(), TestCaseError> {
    let text = r.text();
    let p = Position::parse(variant, &text)
        .map_err(|e| TestCaseError::fail(format!("{text}: rejected: {e}")))?;
    // Canonical formatting and round trips.
    prop_assert_eq!(p.to_string(), text.clone());
    prop_assert_eq!(Position::parse(variant, &p.to_string()).unwrap(), p);
    prop_assert_eq!(
        Position::parse(variant, &text.replace(' ', "_")).unwrap(),
        p
    );
    prop_assert_eq!(pair(p.captured()), r.captured);
    for side in [SOUTH, NORTH] {
        let s = if side == SOUTH {
            mancala_solver::Side::South
        } else {
            mancala_solver::Side::North
        };
        for k in 1..=r.spec.pits_per_side() {
            prop_assert_eq!(
                p.pit(s, k) as u32,
                r.pits[side][k - 1],
                "pit {} of {:?}",
                k,
                s
            );
        }
    }

    let mine = engine_moves(&p);
    match r.outcome() {
        RefOutcome::GameOver(totals) => {
            prop_assert!(
                mine.is_empty(),
                "{}: reference: game over {:?}; engine moves {:?}",
                text,
                totals,
                mine
            );
            prop_assert_eq!(
                p.game_over().map(pair),
                Some(totals),
                "{}: final totals",
                text
            );
        }
        RefOutcome::Moves(expected) => {
            prop_assert_eq!(p.game_over(), None, "{}: engine says game over", text);
            let exp_texts: Vec<&str> = expected.iter().map(|m| m.text.as_str()).collect();
            let got_texts: Vec<&str> = mine.iter().map(|m| m.text.as_str()).collect();
            prop_assert_eq!(got_texts, exp_texts, "{}: legal moves", text);
            for (got, exp) in mine.iter().zip(&expected) {
                prop_assert_eq!(got, exp, "{}: move {}", text, exp.text);
            }
        }
    }

    // legal_moves() and play() agree with successors().
    let succ = p.successors();
    let legal = p.legal_moves();
    prop_assert_eq!(legal.len(), succ.len());
    let start_seeds = seeds(&p);
    for (m, s) in legal.iter().zip(&succ) {
        prop_assert_eq!(*m, s.mv);
        prop_assert_eq!(p.play(*m).unwrap(), *s);
        // Conservation: seeds on the board plus captured seeds never change.
        prop_assert_eq!(seeds(&s.after), start_seeds, "{}: move {}", text, m);
        // The position after is a valid position, and reads back as itself.
        prop_assert_eq!(
            Position::parse(variant, &s.after.to_string()).unwrap(),
            s.after
        );
    }
    // A move that is not legal is refused.
    if !legal.contains(&Move::Pass) {
        prop_assert!(p.play(Move::Pass).is_err());
    }
    Ok(())
}

/// Checks `CASES` random positions of the variant.
fn run(variant: Variant) {
    let config = Config {
        cases: CASES,
        ..Config::default()
    };
    let mut runner = proptest::test_runner::TestRunner::new(config);
    runner
        .run(&position(variant), |r| check(variant, &r))
        .unwrap_or_else(|e| panic!("{variant}: {e}"));
}

per_variant! { run;
    hawalis_matches_reference: Hawalis,
    bao_la_kiarabu_matches_reference: BaoLaKiarabu,
    al_manqala_matches_reference: AlManqala,
    anywoli_matches_reference: Anywoli,
    rio_kadalis_matches_reference: RioKadalis,
    rio_kadalis_5_matches_reference: RioKadalis5,
    rio_kadalis_cw_matches_reference: RioKadalisCw,
    rio_kadalis_5_cw_matches_reference: RioKadalis5Cw,
    kalah_matches_reference: Kalah,
    kalah_5_matches_reference: Kalah5,
    kalah_4_matches_reference: Kalah4,
    oware_matches_reference: Oware,
}

/// Endless sowings are rare on random boards, so they get their own test: positions with an
/// endless sowing from South's pit 1 found by the reference's brute-force search, turned round so
/// that North has the move, rotated round the ring (relay games) and with seeds already captured,
/// each checked against the reference like the random positions.
#[test]
fn endless_sowings_match_reference() {
    for variant in Variant::ALL {
        let spec = Spec::of(plain(variant));
        if matches!(spec.kind, Kind::AlManqala | Kind::Kalah | Kind::Oware) {
            continue; // a single lap always ends
        }
        let found = reference::endless_from_pit_1(plain(variant), 12);
        assert!(found.len() >= 6, "{variant}: only {} found", found.len());
        let mut checked = 0;
        for base in found {
            let l = spec.pits_per_side();
            let mut boards = vec![];
            if spec.rows == 4 {
                boards.push(base.pits.clone());
            } else {
                // Rotating both rows together by k < P keeps the start pit in South's row.
                let ring: Vec<u32> = base.pits[SOUTH]
                    .iter()
                    .chain(&base.pits[NORTH])
                    .copied()
                    .collect();
                for k in 0..l {
                    let mut r = ring.clone();
                    r.rotate_right(k);
                    boards.push([r[..l].to_vec(), r[l..].to_vec()]);
                }
            }
            for [south, north] in boards {
                for north_to_move in [false, true] {
                    let mut p = base.clone();
                    p.pits = if north_to_move {
                        [north.clone(), south.clone()]
                    } else {
                        [south.clone(), north.clone()]
                    };
                    p.side = if north_to_move { NORTH } else { SOUTH };
                    for captured in [[0, 0], [1, 0], [0, 3]] {
                        if spec.rows == 2 && p.board_total() + 4 > spec.total() {
                            continue;
                        }
                        p.captured = captured;
                        check(variant, &p).unwrap_or_else(|e| panic!("{variant}: {e}"));
                        checked += 1;
                    }
                }
            }
        }
        eprintln!("{variant}: {checked} positions with an endless sowing checked");
    }
}

/// Plays random games from the start position of every variant, checking every position on the
/// way against the reference: reachable positions, not only random ones.
#[test]
fn random_games_match_reference() {
    for variant in Variant::ALL {
        let config = Config {
            cases: 100,
            ..Config::default()
        };
        let mut runner = proptest::test_runner::TestRunner::new(config);
        runner
            .run(
                &proptest::collection::vec(any::<u32>(), 0..150),
                |choices| {
                    let mut p = Position::start(variant);
                    let mut plies = 0;
                    for c in choices {
                        let r = RefPos::parse(plain(variant), &p.to_string());
                        check(variant, &r)?;
                        let succ = p.successors();
                        if succ.is_empty() {
                            break;
                        }
                        let s = succ[c as usize % succ.len()];
                        if s.ends_game {
                            break;
                        }
                        p = s.after;
                        plies += 1;
                    }
                    let _ = plies;
                    Ok(())
                },
            )
            .unwrap_or_else(|e| panic!("{variant}: {e}"));
    }
}

/// The generator really produces the interesting cases (so that the properties above are not
/// vacuous): endless sowings, game ends, extra turns, passes and captures all occur.
#[test]
fn generator_covers_the_interesting_cases() {
    use proptest::strategy::ValueTree;
    let mut failures = vec![];
    for variant in Variant::ALL {
        let spec = Spec::of(plain(variant));
        let mut runner = proptest::test_runner::TestRunner::deterministic();
        let strategy = position(variant);
        let (mut over, mut endless, mut extra, mut pass, mut capture, mut ends) =
            (0, 0, 0, 0, 0, 0);
        let mut illegal_endless = 0; // relay: a non-empty own pit that is not a legal move
        let mut starving = 0; // Oware: a non-empty own pit that is not legal (it would starve)
        for _ in 0..CASES {
            let r = strategy.new_tree(&mut runner).unwrap().current();
            match r.outcome() {
                RefOutcome::GameOver(_) => over += 1,
                RefOutcome::Moves(ms) => {
                    endless += ms.iter().filter(|m| m.endless).count();
                    extra += ms.iter().filter(|m| m.extra_turn).count();
                    pass += ms.iter().filter(|m| m.text == "pass").count();
                    capture += ms.iter().filter(|m| m.gained != [0, 0]).count();
                    ends += ms.iter().filter(|m| m.ends_game).count();
                    let nonempty = r.pits[r.side].iter().filter(|&&c| c > 0).count();
                    let pits = ms.iter().filter(|m| m.text != "pass").count();
                    match spec.kind {
                        Kind::Relay { .. } => illegal_endless += nonempty - pits,
                        Kind::Oware => starving += nonempty - pits,
                        _ => {}
                    }
                }
            }
        }
        let stats = format!(
            "{variant}: over {over}, endless {endless}, extra {extra}, pass {pass}, capture \
             {capture}, ends {ends}, illegal endless {illegal_endless}, starving {starving}"
        );
        eprintln!("{stats}");
        let mut ok = over > 0 && capture > 0 && ends > 0;
        match spec.kind {
            Kind::FourRow { .. } => ok &= endless > 0,
            Kind::AlManqala => ok &= pass > 0,
            // Endless relay sowings are too rare on random boards:
            // `endless_sowings_match_reference` covers them.
            Kind::Relay {
                binikh_extra_turn, ..
            } => {
                if binikh_extra_turn {
                    ok &= extra > 0 && pass > 0;
                }
            }
            Kind::Kalah => ok &= extra > 0,
            Kind::Oware => ok &= starving > 0,
        }
        if !ok {
            failures.push(stats);
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// The plain rules are those of the rules version the solver stores with every slice: when a
/// rule changes, both implementations change and this version is raised in both.
#[test]
fn the_plain_rules_are_of_the_solvers_rules_version() {
    assert_eq!(mancala_check::RULES_VERSION, mancala_solver::RULES_VERSION);
}
