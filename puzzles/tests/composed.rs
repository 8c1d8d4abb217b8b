//! Composed problems re-proven without the search that proved them: Rio Kadalis is
//! solved to 16 seeds in memory by the retrograde solver, the tablebase given to the composer
//! holds only the slices up to 12, so every 16-seed value of a composition comes from a search,
//! and each problem is replayed here against the solver's own values of every position: South
//! wins the game; at each of its turns it has one legal move (forced, not the first) or exactly
//! one move that keeps the win; North's replies keep North's best value; the line ends with
//! South's capture that passes the turn, or the end, and not before. A composition stopped and
//! resumed gives what an uninterrupted one gives. An ignored test replays every problem of a
//! database given by `$MANCALA_ANUAK_DB` (Anywoli's, composed on its 12-seed tablebase).

mod common;
#[path = "../../solver/tests/in_memory/mod.rs"]
mod in_memory;

use std::collections::HashMap;

use common::{wins, Tables};
use std::sync::Arc;

use mancala_db::Tablebase;
use mancala_eval::{Evaluator, SearchSettings};
use mancala_puzzles::compose::prove::ProofLimits;
use mancala_puzzles::compose::scan::first_turn_unique;
use mancala_puzzles::compose::{compose, ComposeOptions, Draw};
use mancala_puzzles::{Collection, Puzzle, PuzzleStore, Theme};
use mancala_solver::engine::Budget;
use mancala_solver::solve::{KnownValues, Silent};
use mancala_solver::{move_value, BySide, Position, Side, Slice, TableShape, Value, Variant};

/// The composer's tablebase (Rio Kadalis to `table` seeds) and the solver's values to `full`.
fn tablebase_and_tables(table: u32, full: u32) -> (tempfile::TempDir, Arc<Tablebase>, Tables) {
    tables_of(&Slice::up_to(Variant::RioKadalis, full), table)
}

/// [`tablebase_and_tables`] of `slices`: those to `table` seeds in the tablebase.
fn tables_of(slices: &[Slice], table: u32) -> (tempfile::TempDir, Arc<Tablebase>, Tables) {
    let dir = tempfile::tempdir().unwrap();
    let tb = Tablebase::open(dir.path().join("p.db")).unwrap();
    let mut tables = Tables(HashMap::new());
    let mut known = KnownValues::new();
    in_memory::solve_slices(slices, &mut known, &Silent, |s| {
        for x in s {
            tables
                .0
                .insert(x.slice.id, (x.values.clone(), x.depths.clone()));
        }
        if s.iter().all(|x| x.slice.id.total() <= table) {
            tb.write_group(s, 0.0).unwrap();
        }
    });
    (dir, Arc::new(tb), tables)
}

/// Replays a problem's line with `moves(position)`, every legal move's `(text, exact value for
/// the mover, position after)`, and checks the definition (the module's comment).
fn check_problem(
    puzzle: &Puzzle,
    mut moves: impl FnMut(&Position) -> Vec<(String, i32, Position)>,
) {
    let ctx = format!("{} {}", puzzle.position, puzzle.solution_text());
    let mut pos = puzzle.position;
    assert_eq!(pos.side(), Side::South, "{ctx}");
    let mut decisions = 0;
    for (i, mv) in puzzle.solution.iter().enumerate() {
        let valued = moves(&pos);
        let chosen = valued
            .iter()
            .find(|m| m.0 == mv.to_string())
            .unwrap_or_else(|| panic!("{ctx}: {mv} is illegal"));
        let played = pos.play(*mv).unwrap();
        let last = i + 1 == puzzle.solution.len();
        if pos.side() == Side::South {
            let winning: Vec<_> = valued.iter().filter(|m| wins(&pos, m.1)).collect();
            assert_eq!(winning.len(), 1, "{ctx}: move {i}: {} win", winning.len());
            assert_eq!(
                winning[0].0,
                mv.to_string(),
                "{ctx}: move {i} loses the win"
            );
            if valued.len() >= 2 {
                decisions += 1;
            } else {
                assert!(i > 0, "{ctx}: the first move is forced");
            }
            let secures =
                (played.captured[Side::South] > 0 && !played.extra_turn) || played.ends_game;
            assert_eq!(
                secures, last,
                "{ctx}: move {i}: the line ends at South's capture"
            );
        } else {
            let theirs = valued.iter().map(|m| m.1).max().unwrap();
            assert_eq!(chosen.1, theirs, "{ctx}: reply {i} is not North's best");
            assert!(
                !played.ends_game && !last,
                "{ctx}: the line ends with North"
            );
        }
        pos = chosen.2;
    }
    assert!(decisions >= 1, "{ctx}");
    assert_eq!(puzzle.moves_to_find(), decisions, "{ctx}");
}

/// Every legal move of `pos` with its value from the solver's tables, as [`check_problem`]
/// takes them.
fn by_the_solver(tables: &Tables, pos: &Position) -> Vec<(String, i32, Position)> {
    tables
        .moves(pos)
        .into_iter()
        .map(|m| (m.0, m.1, m.4))
        .collect()
}

/// Problems on boards with closed pits: the shape tables to 12 seeds in the tablebase, the
/// solver's values of every shape to 16, each problem replayed against them.
#[test]
fn composed_problems_on_closed_boards_meet_the_definition_by_the_solvers_values() {
    let v = Variant::RioKadalis;
    let slices = Slice::up_to_with_shapes(v, 16, &TableShape::all(v));
    let (_dir, tb, tables) = tables_of(&slices, 12);
    let opts = ComposeOptions {
        count: 6,
        seed: 5,
        draw: Draw::SampleClosed,
        ..sixteen_seeds()
    };
    let done = compose(&tb, v, &[], &opts, |_, _| Ok(())).unwrap();
    assert_eq!(done.problems.len(), 6, "examined {}", done.examined);
    for c in &done.problems {
        let p = &c.puzzle;
        assert!(p.position.has_closed_pits(), "{}", p.position);
        assert!(p.themes.contains(&Theme::ClosedPits), "{}", p.position);
        assert_eq!(p.position.seeds_on_board(), 16);
        check_problem(p, |pos| by_the_solver(&tables, pos));
    }
}

/// Twelve problems of 16 seeds, one move to find or more, sampled with seed 3 from the first
/// of 4,000 candidates.
fn sixteen_seeds() -> ComposeOptions {
    ComposeOptions {
        seeds: 16..=16,
        min_moves: 1,
        count: 12,
        seed: 3,
        first_candidate: 0,
        max_candidates: 4_000,
        deadline: None,
        limits: ProofLimits::default(),
        draw: Draw::Sample,
    }
}

#[test]
fn composed_problems_meet_the_definition_by_the_solvers_values() {
    let (_dir, tb, tables) = tablebase_and_tables(12, 16);
    let opts = sixteen_seeds();
    let all = compose(&tb, Variant::RioKadalis, &[], &opts, |_, _| Ok(())).unwrap();
    assert_eq!(all.problems.len(), 12, "examined {}", all.examined);
    let longer = ComposeOptions {
        min_moves: 2,
        count: 3,
        seed: 4,
        ..opts.clone()
    };
    let long = compose(&tb, Variant::RioKadalis, &[], &longer, |_, _| Ok(())).unwrap();
    assert_eq!(long.problems.len(), 3, "examined {}", long.examined);
    for c in all.problems.iter().chain(&long.problems) {
        assert_eq!(c.puzzle.collection, Collection::Anuak);
        assert_eq!(c.puzzle.position.seeds_on_board(), 16);
        check_problem(&c.puzzle, |pos| by_the_solver(&tables, pos));
    }
    assert!(long.problems.iter().all(|c| c.puzzle.moves_to_find() >= 2));

    // Stopped after the first half of the candidates and resumed: the same problems.
    let half = all.next_candidate / 2;
    let first = ComposeOptions {
        max_candidates: half,
        ..opts.clone()
    };
    let a = compose(&tb, Variant::RioKadalis, &[], &first, |_, _| Ok(())).unwrap();
    assert_eq!(a.next_candidate, half);
    let rest = ComposeOptions {
        first_candidate: a.next_candidate,
        count: opts.count - a.problems.len(),
        ..opts.clone()
    };
    let b = compose(&tb, Variant::RioKadalis, &[], &rest, |_, _| Ok(())).unwrap();
    let resumed: Vec<_> = a
        .problems
        .iter()
        .chain(&b.problems)
        .map(|c| &c.puzzle)
        .collect();
    let whole: Vec<_> = all.problems.iter().map(|c| &c.puzzle).collect();
    assert_eq!(resumed, whole);

    // The scan of the solved 12-seed slice: its screen agrees with the solver's values on
    // 20,000 positions spread over the slice (South wins by exactly one of two moves or more, `CAPTURED` at
    // stake), and the problems it finds meet the definition.
    let slice = Slice {
        variant: Variant::RioKadalis,
        id: mancala_solver::SliceId::Seeds(12),
    };
    let mut known = KnownValues::new();
    for id in tables.0.keys().filter(|id| id.total() <= 12) {
        known.insert(*id, tables.0[id].0.clone());
    }
    let mut passed = 0;
    for k in 0..20_000 {
        let board = slice.board(k * (slice.len() / 20_000));
        let bare = Position::from_relative(slice.variant, &board, Side::South, BySide::default());
        let moves = tables.moves(&bare);
        let best = moves.iter().map(|m| m.1).max().unwrap_or(0);
        // CAPTURED at stake, by hand: the 36 seeds off the board split in fours, South's share
        // the smallest with which South's best wins the game.
        let expected = moves.len() >= 2 && best > 0 && {
            let south = (0..=36)
                .step_by(4)
                .find(|&a| 2 * a - 36 + best > 0)
                .unwrap();
            let captured = BySide::new(south as u32, (36 - south) as u32);
            let at_stake = Position::from_relative(slice.variant, &board, Side::South, captured);
            moves.iter().filter(|m| wins(&at_stake, m.1)).count() == 1
        };
        assert_eq!(
            first_turn_unique(slice.variant, &board, &known),
            expected,
            "{board:?}"
        );
        passed += usize::from(expected);
    }
    assert!(passed > 100, "{passed} of 20,000 pass the screen");
    let scan = ComposeOptions {
        seeds: 12..=12,
        min_moves: 3,
        count: 5,
        draw: Draw::Scan,
        max_candidates: u64::MAX,
        ..opts.clone()
    };
    let scanned = compose(&tb, Variant::RioKadalis, &[], &scan, |_, _| Ok(())).unwrap();
    assert_eq!(scanned.problems.len(), 5, "examined {}", scanned.examined);
    for c in &scanned.problems {
        assert!(c.puzzle.moves_to_find() >= 3);
        check_problem(&c.puzzle, |pos| by_the_solver(&tables, pos));
    }
}

/// Every Anuak problem stored in the database at `$MANCALA_ANUAK_DB` (the ones BENCHMARKS.md's
/// command composes), replayed against exact values: the tablebase's where it holds the
/// position after a move, else a search without a budget, which runs until it proves the value.
/// Ignored: it needs that database (Anywoli solved to 12 seeds is 14 GB of work to build).
#[test]
#[ignore]
fn every_stored_anuak_problem_replays_against_exact_values() {
    let path = std::env::var("MANCALA_ANUAK_DB")
        .expect("set MANCALA_ANUAK_DB to a database with composed problems");
    let tb = Arc::new(Tablebase::open_read_only(&path).unwrap());
    let evaluator =
        Evaluator::new(Arc::clone(&tb), SearchSettings::single(Budget::UNLIMITED)).unwrap();
    let problems: Vec<Puzzle> = PuzzleStore::open_read_only(&path)
        .unwrap()
        .puzzles(None)
        .unwrap()
        .into_iter()
        .map(|p| p.puzzle)
        .filter(|p| p.collection == Collection::Anuak)
        .collect();
    assert!(!problems.is_empty(), "{path}: no Anuak problem");
    for puzzle in &problems {
        let mut session = evaluator.session(puzzle.variant());
        check_problem(puzzle, |pos| {
            pos.successors()
                .into_iter()
                .map(|played| {
                    let e = session.evaluate(&played.after, Budget::UNLIMITED).unwrap();
                    assert!(e.source.is_exact(), "{}: not proven", played.after);
                    let child = Value {
                        score: e.value.score,
                        depth: None,
                    };
                    let value = move_value(pos.variant(), &played.effect, child).score;
                    (played.mv.to_string(), i32::from(value), played.after)
                })
                .collect()
        });
    }
    let mut by_moves = std::collections::BTreeMap::new();
    for p in &problems {
        *by_moves
            .entry((p.position.seeds_on_board(), p.moves_to_find()))
            .or_insert(0) += 1;
    }
    let longest = problems.iter().max_by_key(|p| p.moves_to_find()).unwrap();
    eprintln!(
        "{} problems re-proven; (seeds, moves to find): count {by_moves:?}; longest: {} {}",
        problems.len(),
        longest.position,
        longest.solution_text()
    );
}
