//! The retrograde solver against an independent brute-force search, on every position of small
//! slices of every variant: values, depths, and the defining property of depth
//! (docs/rules.md#values-and-depths).
//!
//! The brute force shares only the move generator with the solver. It builds the explicit graph
//! of every position (a hash map from board to moves), then finds each threshold's win and loss
//! sets by sweeping all positions until nothing changes (no predecessor lists, no counters), and
//! the depths by iterating the min/max equations of docs/rules.md#values-and-depths to their least
//! fixed point.

mod in_memory;
#[macro_use]
mod per_variant;

use std::collections::HashMap;

use mancala_solver::rules::{self, Next};
use mancala_solver::solve::{SolvedSlice, NO_DEPTH};
use mancala_solver::{Board, Scoring, Slice, Variant};

/// A move as the brute force sees it: either it leaves the current slice set (value known) or
/// it leads to another position with the turn passing.
#[derive(Clone, Copy, Debug)]
enum Edge {
    Exit(i32),
    Child(usize),
}

struct Explicit {
    boards: Vec<Board>,
    edges: Vec<Vec<Edge>>,
    terminal: Vec<Option<i32>>,
}

/// Value seen from the mover of the gains `[mover, opponent]`.
fn margin(v: Variant, gain: [u8; 2]) -> i32 {
    match v.scoring() {
        Scoring::Score => gain[0] as i32 - gain[1] as i32,
        Scoring::WinDrawLoss => 0,
    }
}

/// Solves every position with at most `max` seeds by brute force. Returns value and depth per
/// board (seen from the side to move); depth `None` when the value is 0.
fn brute_force(v: Variant, max: u32) -> HashMap<Board, (i32, Option<u32>)> {
    let l = v.pits_per_side();
    let mut solved: HashMap<Board, (i32, Option<u32>)> = HashMap::new();
    // Seeds never return to the board, so solve level by level of seeds on the board.
    for total in 0..=max {
        let slices: Vec<Slice> = Slice::up_to(v, total)
            .into_iter()
            .filter(|s| s.id.total() == total)
            .collect();
        let mut index = HashMap::new();
        let mut boards = Vec::new();
        for s in &slices {
            for i in 0..s.len() {
                let b = s.board(i);
                index.insert(b, boards.len());
                boards.push(b);
            }
        }
        let mut g = Explicit {
            boards: boards.clone(),
            edges: vec![],
            terminal: vec![],
        };
        for b in &boards {
            let mut edges = vec![];
            let end = rules::expand(v, b, |_, o| {
                let captured = o.gain != [0, 0];
                let edge = match o.next {
                    Next::Over => Edge::Exit(margin(v, o.gain)),
                    Next::Endless => Edge::Exit(-1),
                    Next::Mover => Edge::Exit(margin(v, o.gain) + solved[&o.board].0),
                    Next::Opponent => {
                        let seen = o.board.flipped(l);
                        if captured {
                            Edge::Exit(margin(v, o.gain) - solved[&seen].0)
                        } else {
                            Edge::Child(index[&seen])
                        }
                    }
                };
                edges.push(edge);
            });
            g.edges.push(edges);
            g.terminal.push(end.map(|t| match v.scoring() {
                Scoring::Score => t.gain[0] as i32 - t.gain[1] as i32,
                Scoring::WinDrawLoss => -1,
            }));
        }
        let values = values_by_sweeps(&g, total as i32 + 1);
        let depths = depths_by_iteration(&g, &values);
        for (i, b) in g.boards.iter().enumerate() {
            solved.insert(*b, (values[i], depths[i]));
        }
    }
    solved
}

/// The values: for each threshold `t` from `top` down, the positions that can force at least `t`
/// (or must concede it), found by sweeping every position until nothing changes.
fn values_by_sweeps(g: &Explicit, top: i32) -> Vec<i32> {
    let n = g.boards.len();
    let mut value = vec![0i32; n];
    let mut decided = vec![false; n];
    for t in (1..=top).rev() {
        loop {
            let mut changed = false;
            for p in 0..n {
                if decided[p] {
                    continue;
                }
                if let Some(tv) = g.terminal[p] {
                    if tv.abs() >= t {
                        value[p] = tv.signum() * t;
                        decided[p] = true;
                        changed = true;
                    }
                    continue;
                }
                let in_win = |c: usize| decided[c] && value[c] >= t;
                let in_lose = |c: usize| decided[c] && value[c] <= -t;
                let wins = g.edges[p].iter().any(|e| match *e {
                    Edge::Exit(x) => x >= t,
                    Edge::Child(c) => in_lose(c),
                });
                let loses = g.edges[p].iter().all(|e| match *e {
                    Edge::Exit(x) => x <= -t,
                    Edge::Child(c) => in_win(c),
                });
                if wins || loses {
                    value[p] = if wins { t } else { -t };
                    decided[p] = true;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
    }
    value
}

/// The depths of docs/rules.md#values-and-depths as the limit of iterating, from "unknown"
/// everywhere, the equations: ahead, the smallest over value-keeping moves of (1 for an exit, else
/// 1 + the child's depth); behind, the largest (unknown while any such child is unknown). Depths
/// only ever fall during the iteration, so it stops, at the solution.
fn depths_by_iteration(g: &Explicit, value: &[i32]) -> Vec<Option<u32>> {
    const UNKNOWN: u32 = u32::MAX;
    let n = g.boards.len();
    let mut depth = vec![UNKNOWN; n];
    loop {
        let mut changed = false;
        for p in 0..n {
            if value[p] == 0 {
                continue;
            }
            let candidate = if g.terminal[p].is_some() {
                0
            } else {
                let keeping = g.edges[p].iter().filter_map(|e| match *e {
                    Edge::Exit(x) => (x == value[p]).then_some(1),
                    Edge::Child(c) => (-value[c] == value[p]).then(|| depth[c].saturating_add(1)),
                });
                if value[p] > 0 {
                    keeping.min().unwrap_or(UNKNOWN)
                } else {
                    keeping.max().unwrap_or(UNKNOWN)
                }
            };
            if candidate < depth[p] {
                depth[p] = candidate;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    depth
        .into_iter()
        .map(|d| (d != UNKNOWN).then_some(d))
        .collect()
}

/// Every slice of `v` up to `max` seeds, solved by the retrograde solver under test.
fn solve(v: Variant, max: u32) -> Vec<SolvedSlice> {
    in_memory::solved_up_to(v, max)
}

/// The solver's value and depth of every position up to `max` seeds against the brute force's.
fn check(v: Variant, max: u32) {
    let brute = brute_force(v, max);
    let solved = solve(v, max);
    let mut positions = 0;
    let mut nonzero = 0;
    for s in &solved {
        for i in 0..s.slice.len() {
            let b = s.slice.board(i);
            let (value, depth) = brute[&b];
            let got_depth = match s.depths[i as usize] {
                NO_DEPTH => None,
                d => Some(d as u32),
            };
            assert_eq!(
                (s.values[i as usize] as i32, got_depth),
                (value, depth),
                "{v} {} index {i} {b:?}",
                s.slice.id
            );
            positions += 1;
            nonzero += (value != 0) as usize;
        }
    }
    assert_eq!(positions, brute.len(), "{v}: every position solved once");
    eprintln!("{v}: {positions} positions compared, {nonzero} with a value other than 0");
    // The comparison means something only if some positions are decided and some are not.
    assert!(nonzero > 0, "{v}: no position has a non-zero value");
}

/// Checks the solved tables against the equations that define them, position by position:
/// the value is the best move's value (or the final value where the game is over), and the depth
/// is 0 at the end, else the smallest (ahead) or largest (behind) over value-keeping moves of 1
/// for an exit or 1 + the child's depth. With every depth finite, this is
/// docs/rules.md#values-and-depths's property: following value-keeping moves, the side ahead
/// lowering the depth and the side behind keeping it as high as possible, loses exactly one depth
/// per ply and so reaches a capture or the end in exactly `depth` plies, never cycling. And it pins
/// the values: the side ahead can force its value along such a line, and the Bellman equality means
/// no side can do better.
fn check_equations(v: Variant, max: u32) {
    let solved = solve(v, max);
    let l = v.pits_per_side();
    let table = |b: &Board| -> (i8, u16) {
        let s = Slice::of(v, b);
        let t = solved.iter().find(|x| x.slice.id == s.id).unwrap();
        let i = s.index(b) as usize;
        (t.values[i], t.depths[i])
    };
    let mut checked = 0u64;
    for t in &solved {
        for i in 0..t.slice.len() {
            let b = t.slice.board(i);
            let (value, depth) = (t.values[i as usize], t.depths[i as usize]);
            assert_eq!(
                value == 0,
                depth == NO_DEPTH,
                "{v} {b:?}: depth exactly where value is not 0"
            );
            // Every move: its value for the mover, and its depth (1 for an exit).
            let mut moves: Vec<(i8, u16)> = vec![];
            let end = rules::expand(v, &b, |_, o| {
                let gain = margin(v, o.gain) as i8;
                let exit = o.next != Next::Opponent || o.gain != [0, 0];
                let seen = o.board.flipped(l);
                let m = match o.next {
                    Next::Over => (gain, 1),
                    Next::Endless => (-1, 1),
                    Next::Mover => (gain + table(&o.board).0, 1),
                    Next::Opponent if exit => (gain - table(&seen).0, 1),
                    Next::Opponent => {
                        let (cv, cd) = table(&seen);
                        (-cv, cd.wrapping_add(1))
                    }
                };
                moves.push(m);
            });
            if let Some(end) = end {
                let final_value = match v.scoring() {
                    Scoring::Score => end.gain[0] as i8 - end.gain[1] as i8,
                    Scoring::WinDrawLoss => -1,
                };
                assert_eq!(value, final_value, "{v} {b:?}: game over");
                assert!(value == 0 || depth == 0, "{v} {b:?}: game over has depth 0");
                continue;
            }
            let best = moves.iter().map(|m| m.0).max().unwrap();
            assert_eq!(value, best, "{v} {b:?}: value is the best move's");
            if value != 0 {
                let keeping = moves.iter().filter(|m| m.0 == value).map(|m| m.1);
                let expected = if value > 0 {
                    keeping.min()
                } else {
                    keeping.max()
                };
                assert_eq!(Some(depth), expected, "{v} {b:?}: depth equation");
                checked += 1;
            }
        }
    }
    assert!(checked > 0, "{v}: no position with a depth");
}

per_variant! { check;
    rio_kadalis_matches_brute_force: RioKadalis(12),
    rio_kadalis_5_matches_brute_force: RioKadalis5(12),
    /// Anywoli's smallest slice with play in it (8 seeds over 24 pits) has 7.9 million
    /// positions, two minutes for the brute force: `cargo test -- --ignored`. The default tests
    /// check Anywoli by the equations below instead.
    #[ignore]
    anywoli_matches_brute_force: Anywoli(8),
    al_manqala_matches_brute_force: AlManqala(8),
    hawalis_matches_brute_force: Hawalis(5),
    bao_la_kiarabu_matches_brute_force: BaoLaKiarabu(4),
    kalah_matches_brute_force: Kalah(7),
    kalah_5_matches_brute_force: Kalah5(8),
    kalah_4_matches_brute_force: Kalah4(10),
    oware_matches_brute_force: Oware(8),
}

per_variant! { check_equations;
    rio_kadalis_satisfies_the_equations: RioKadalis(12),
    rio_kadalis_5_satisfies_the_equations: RioKadalis5(16),
    anywoli_satisfies_the_equations: Anywoli(8),
    al_manqala_satisfies_the_equations: AlManqala(10),
    hawalis_satisfies_the_equations: Hawalis(5),
    bao_la_kiarabu_satisfies_the_equations: BaoLaKiarabu(4),
    kalah_satisfies_the_equations: Kalah(9),
    kalah_5_satisfies_the_equations: Kalah5(11),
    kalah_4_satisfies_the_equations: Kalah4(14),
    oware_satisfies_the_equations: Oware(10),
}
