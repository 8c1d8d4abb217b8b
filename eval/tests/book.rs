//! The opening book: built over a file, answered from after a restart and marked `book`,
//! resumable, stopped by its time limit, deepened by a larger budget.

use std::sync::{Arc, Mutex};
use std::time::Instant;

use mancala_db::{Database, Tablebase};
use mancala_eval::book::{positions_within, BookProgress, BookReport};
use mancala_eval::{Evaluator, Origin, SearchSettings, Source};
use mancala_solver::engine::Budget;
use mancala_solver::{Position, Variant};

fn evaluator(path: &std::path::Path, writing: bool) -> Evaluator {
    let writer = writing.then(|| Database::open(path).unwrap());
    let tb = Arc::new(Tablebase::open_read_only(path).unwrap());
    let settings = SearchSettings {
        threads: 2,
        queue: 0,
        cap: Budget::nodes(1_000_000),
    };
    let evaluator = Evaluator::new(tb, settings).unwrap();
    match writer {
        Some(db) => evaluator.writing_answers_to(Arc::new(db)),
        None => evaluator,
    }
}

fn build(e: &Evaluator, nodes: u64, until: Option<Instant>) -> (BookReport, Vec<BookProgress>) {
    let seen = Mutex::new(Vec::new());
    let report = e
        .build_book(Variant::Kalah, 1, Budget::nodes(nodes), until, &|p| {
            seen.lock().unwrap().push(p)
        })
        .unwrap();
    (report, seen.into_inner().unwrap())
}

#[test]
fn a_book_is_built_once_answered_from_after_a_restart_and_deepened_by_a_larger_budget() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("book.db");
    Database::open(&path).unwrap();
    // Kalah's start and the six positions after its moves (none held: the file has no slice).
    assert_eq!(positions_within(Variant::Kalah, 1).len(), 7);

    // Stopped before it starts: nothing searched, all left for the next run.
    let (r, _) = build(&evaluator(&path, true), 2_000, Some(Instant::now()));
    assert_eq!((r.positions, r.searched, r.left), (7, 0, 7), "{r:?}");

    let (r, progress) = build(&evaluator(&path, true), 2_000, None);
    assert_eq!(
        (r.positions, r.held, r.already, r.searched, r.left),
        (7, 0, 0, 7, 0)
    );
    assert!(r.nodes >= 7 * 1_000, "{r:?}");
    let last = progress.last().unwrap();
    assert_eq!((last.positions, last.done), (7, 7));

    // Again: every position is covered already.
    let (r, _) = build(&evaluator(&path, true), 2_000, None);
    assert_eq!((r.already, r.searched), (7, 0), "{r:?}");

    // A reader of the file answers the start from the book (a question within its budget)...
    let reader = evaluator(&path, false);
    let start = Position::start(Variant::Kalah);
    let e = reader.evaluate(&start, Budget::nodes(2_000)).unwrap();
    match e.source {
        Source::Search(r) => assert_eq!(r.origin, Origin::Book),
        other => panic!("{other:?}"),
    }
    assert_eq!(e.source.word(), "book");
    assert_eq!(e.moves.len(), 6);
    // ... and searches a question beyond it.
    let e = reader.evaluate(&start, Budget::nodes(4_000)).unwrap();
    assert_eq!(e.source.word(), "search");

    // A larger budget deepens the whole book.
    let (r, _) = build(&evaluator(&path, true), 4_000, None);
    assert_eq!((r.already, r.searched), (0, 7), "{r:?}");
}
