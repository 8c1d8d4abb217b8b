//! Every puzzle of a small generator run, checked against the definition with values computed
//! here from the solver's in-memory tables (not through the tablebase or the puzzle code): the
//! side to move wins the game; its first turn is a decision (two legal moves or more, one of
//! them losing the win); at each of its turns along the solution it has one legal move (forced,
//! not counted as a move to find) or a decision where exactly one move keeps the win (score variants: the optimal score, every other move losing the game or 4 seeds);
//! the replies are the longest resistance; the line ends with the solver's securing move.

mod common;
#[path = "../../solver/tests/in_memory/mod.rs"]
mod in_memory;

use std::collections::HashMap;
use std::sync::Arc;

use common::{wins, Tables};
use mancala_db::Tablebase;
use mancala_eval::{Evaluator, SearchSettings};
use mancala_puzzles::PuzzleStore;
use mancala_puzzles::{generate, GenerateOptions, Theme};
use mancala_solver::solve::{KnownValues, Silent};
use mancala_solver::{Scoring, Slice, TableShape, Variant};

/// Every slice of `variant` up to `max` seeds, with every shape table when `shapes`.
fn slices(variant: Variant, max: u32, shapes: bool) -> Vec<Slice> {
    let shapes = match shapes {
        true => TableShape::all(variant),
        false => Vec::new(),
    };
    Slice::up_to_with_shapes(variant, max, &shapes)
}

/// Generates `count` puzzles of `variant` (with `theme`, if given) from a tablebase of every
/// slice up to `max` seeds (and of every shape table, for [`Theme::ClosedPits`]) and checks
/// each against the definition, with values from the solver's tables: of the variant itself,
/// so that a clockwise Rio Kadalis, which the tablebase answers from the counter-clockwise
/// tables at the mirror, is checked against a clockwise solve.
fn check_variant(variant: Variant, max: u32, count: usize, theme: Option<Theme>) {
    let dir = tempfile::tempdir().unwrap();
    let tb = Tablebase::open(dir.path().join("p.db")).unwrap();
    let shapes = theme == Some(Theme::ClosedPits);
    let mut tables = Tables(HashMap::new());
    let keep = |tables: &mut Tables, solved: &[mancala_solver::solve::SolvedSlice]| {
        for x in solved {
            tables
                .0
                .insert(x.slice.id, (x.values.clone(), x.depths.clone()));
        }
    };
    let stored = slices(variant.stored_as(), max, shapes);
    in_memory::solve_slices(&stored, &mut KnownValues::new(), &Silent, |s| {
        if variant.mirror_image_of().is_none() {
            keep(&mut tables, s);
        }
        tb.write_group(s, 0.0).unwrap();
    });
    if variant.mirror_image_of().is_some() {
        let own = slices(variant, max, shapes);
        in_memory::solve_slices(&own, &mut KnownValues::new(), &Silent, |s| {
            keep(&mut tables, s)
        });
    }
    let opts = GenerateOptions {
        count,
        seed: 7,
        theme,
        ..GenerateOptions::default()
    };
    let store = PuzzleStore::open(tb.path()).unwrap();
    let stored = || store.puzzles(Some(variant)).unwrap();
    let evaluator = Evaluator::new(Arc::new(tb), SearchSettings::default()).unwrap();
    let puzzles = generate(&evaluator, variant, &stored(), opts, |_, _| {}).unwrap();
    assert!(!puzzles.is_empty(), "{variant}: no puzzle found");
    // Reproducible: the same seed gives the same puzzles.
    let again = generate(&evaluator, variant, &stored(), opts, |_, _| {}).unwrap();
    assert_eq!(puzzles, again);
    // Stored puzzles are never generated again, and every position has South to move, so a
    // position and its mirror (the same board with North to move) cannot both be puzzles.
    assert_eq!(store.insert_puzzles(&puzzles).unwrap(), puzzles.len());
    let more = generate(&evaluator, variant, &stored(), opts, |_, _| {}).unwrap();
    assert!(
        more.iter().all(|p| !puzzles.contains(p)),
        "{variant}: a stored puzzle came again"
    );
    assert_eq!(
        store.insert_puzzles(&puzzles).unwrap(),
        0,
        "duplicates are skipped"
    );
    let one_move = puzzles.iter().filter(|p| p.moves_to_find() == 1).count();
    assert!(
        one_move * 10 <= count.max(10),
        "{variant}: {one_move} one-move puzzles"
    );

    for puzzle in &puzzles {
        let start = puzzle.position;
        assert_eq!(start.variant(), variant);
        if let Some(theme) = theme {
            assert!(puzzle.themes.contains(&theme), "{}", puzzle.position);
        }
        assert_eq!(
            start.has_closed_pits(),
            shapes,
            "{}: closed pits only where asked for",
            puzzle.position
        );
        assert_eq!(
            start.side(),
            mancala_solver::Side::South,
            "{}",
            puzzle.position
        );
        let solver = start.side();
        let mut pos = start;
        let ctx = format!("{variant} {} {:?}", puzzle.position, puzzle.solution);
        let mut decisions = 0;
        for (i, mv) in puzzle.solution.iter().enumerate() {
            let moves = tables.moves(&pos);
            let best = moves.iter().map(|m| m.1).max().unwrap();
            let chosen = moves
                .iter()
                .find(|m| m.0 == mv.to_string())
                .unwrap_or_else(|| panic!("{ctx}: {mv} illegal"));
            if pos.side() == solver {
                assert!(wins(&pos, chosen.1), "{ctx}: move {i} must win the game");
                if moves.len() >= 2 {
                    assert!(
                        moves.iter().any(|m| !wins(&pos, m.1)),
                        "{ctx}: move {i}: every move wins, nothing to decide"
                    );
                    decisions += 1;
                } else {
                    assert!(i > 0, "{ctx}: the first move is forced");
                }
                assert_eq!(
                    chosen.1, best,
                    "{ctx}: move {i} must keep the optimal value"
                );
                for other in moves.iter().filter(|m| m.0 != mv.to_string()) {
                    let unique = match variant.scoring() {
                        Scoring::WinDrawLoss => !wins(&pos, other.1),
                        Scoring::Score => {
                            other.1 < best && (!wins(&pos, other.1) || best - other.1 >= 4)
                        }
                    };
                    assert!(unique, "{ctx}: move {i}: {} is a second solution", other.0);
                }
                let last = i + 1 == puzzle.solution.len();
                // The line ends with the solver's capture or end, or with the solver's move
                // before an opponent forced to capture or end. A move after which the opponent
                // has no move ends the game too.
                let replies = tables.moves(&chosen.4);
                if last && !chosen.3 && !replies.is_empty() {
                    let their_best = replies.iter().map(|m| m.1).max().unwrap();
                    let resisting = replies.iter().filter(|m| m.1 == their_best);
                    let longest = resisting.clone().filter_map(|m| m.2).max();
                    let reply = resisting.clone().find(|m| m.2 == longest).unwrap();
                    assert!(
                        reply.3,
                        "{ctx}: the line stops before the result is secured"
                    );
                }
                if !last {
                    assert!(
                        !chosen.3 && !replies.is_empty(),
                        "{ctx}: the line goes on past the end"
                    );
                }
            } else {
                // Best defence: the best value for them, and among those the longest depth.
                assert_eq!(chosen.1, best, "{ctx}: reply {i} is not the best defence");
                let longest = moves
                    .iter()
                    .filter(|m| m.1 == best)
                    .filter_map(|m| m.2)
                    .max();
                assert_eq!(
                    chosen.2, longest,
                    "{ctx}: reply {i} does not resist longest"
                );
                assert!(!chosen.3, "{ctx}: a capturing reply ends the line instead");
            }
            pos = chosen.4;
        }
        // The moves to find are the decisions: no forced move counted, at least one to find.
        assert!(decisions >= 1, "{ctx}: nothing to find");
        assert_eq!(puzzle.moves_to_find(), decisions, "{ctx}");
    }
}

/// One test a variant: its puzzles, generated from a tablebase solved up to `max` seeds, `count`
/// asked for, meet the definition.
macro_rules! puzzles_meet_the_definition {
    ($($test:ident: $variant:ident up to $max:literal seeds, $count:literal puzzles $(, $theme:ident)?;)*) => {$(
        #[test]
        fn $test() {
            check_variant(Variant::$variant, $max, $count, None $(.or(Some(Theme::$theme)))?);
        }
    )*};
}

puzzles_meet_the_definition! {
    rio_kadalis_puzzles_meet_the_definition: RioKadalis up to 12 seeds, 30 puzzles;
    anywoli_puzzles_meet_the_definition: Anywoli up to 8 seeds, 20 puzzles;
    al_manqala_puzzles_meet_the_definition: AlManqala up to 10 seeds, 20 puzzles;
    hawalis_puzzles_meet_the_definition: Hawalis up to 5 seeds, 20 puzzles;
    clockwise_puzzles_meet_the_definition: RioKadalisCw up to 12 seeds, 20 puzzles;
    closed_pit_puzzles_meet_the_definition: RioKadalis up to 12 seeds, 10 puzzles, ClosedPits;
    clockwise_closed_pit_puzzles_meet_the_definition:
        RioKadalis5Cw up to 12 seeds, 10 puzzles, ClosedPits;
}
